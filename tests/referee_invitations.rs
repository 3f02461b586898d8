//! Invitations as the pure referee limits them: a challenger's pending invitations, the
//! invitations one address receives in a day (strangers' only), `NO MORE INVITATIONS` from
//! a reply to an invitation and its undoing by the invitee's own `NEW`, and what a forged
//! From line cannot stop. Played in the in-memory world of `tests/world`.

#[macro_use]
mod world;

use world::*;

use arbitre::referee::{Decision, GameId, GameStatus, Outgoing};

const DAVE: &str = "dave@d.example";
const EVE: &str = "eve@e.example";

/// `who` challenges `whom` to Abalone, proven (to their own player address).
fn invite(w: &mut World, who: &str, whom: &str) -> Decision {
    engine!("abalone");
    let m = w.keyed_msg(who, &format!("NEW abalone VS {whom}"));
    w.deliver(&m)
}

/// The mail about `game` that `who` received last.
fn mail_of(w: &World, who: &str, game: GameId) -> Outgoing {
    w.sent
        .iter()
        .rev()
        .find(|o| o.to == who && o.game == Some(game))
        .cloned()
        .expect("a mail about the game")
}

/// `who` replies `text` to their last mail about `game`.
fn reply_about(w: &mut World, who: &str, game: GameId, text: &str) -> Decision {
    let mail = mail_of(w, who, game);
    let m = w.reply_msg(&mail, who, text);
    w.deliver(&m)
}

#[test]
fn a_challenger_has_ten_invitations_waiting_at_most() {
    let mut w = World::new();
    let mut first = None;
    for n in 0..10 {
        let d = invite(&mut w, ALICE, &format!("p{n}@p.example"));
        assert_eq!(d.games.len(), 1, "invitation {n}");
        assert_eq!(d.invitations.len(), 1);
        first.get_or_insert(d.games[0].id);
    }
    let late = "late@p.example";
    let d = invite(&mut w, ALICE, late);
    assert!(d.games.is_empty() && d.invitations.is_empty());
    assert!(to(&d, late).is_empty(), "nothing reaches the invitee");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("You already have 10 invitations waiting for an answer"),
        "{body}"
    );
    // One withdrawn, one more can go.
    let d = reply_about(&mut w, ALICE, first.unwrap(), "DECLINE");
    assert_eq!(d.games[0].status, GameStatus::Declined);
    let d = invite(&mut w, ALICE, late);
    assert_eq!(d.games.len(), 1);
    assert_eq!(to(&d, late).len(), 1);
}

#[test]
fn an_address_receives_three_invitations_a_day_from_strangers() {
    let mut w = World::new();
    let mut bobs = None;
    for who in [ALICE, BOB, CAROL] {
        let d = invite(&mut w, who, EVE);
        assert_eq!(to(&d, EVE).len(), 1, "{who}");
        if who == BOB {
            bobs = Some(d.games[0].id);
        }
    }
    let d = invite(&mut w, DAVE, EVE);
    assert!(d.games.is_empty() && to(&d, EVE).is_empty());
    let refused = only(&d, DAVE).body.clone();
    assert!(
        refused.contains("arbitre cannot send an invitation to eve@e.example now"),
        "{refused}"
    );
    // Eve plays Bob: his next invitation is no stranger's, and goes.
    let d = reply_about(&mut w, EVE, bobs.unwrap(), "ACCEPT");
    assert_eq!(d.games[0].status, GameStatus::Active);
    let d = invite(&mut w, BOB, EVE);
    assert_eq!(to(&d, EVE).len(), 1, "a rematch between players is no spam");
    // Dave still waits for the day to pass.
    let d = invite(&mut w, DAVE, EVE);
    assert!(to(&d, EVE).is_empty());
    w.clock += 86_400;
    let d = invite(&mut w, DAVE, EVE);
    assert_eq!(to(&d, EVE).len(), 1);
}

#[test]
fn no_more_invitations_from_the_invitation_stops_every_later_one_until_eve_challenges() {
    let mut w = World::new();
    let d = invite(&mut w, ALICE, EVE);
    let game = d.games[0].id;
    let invitation = &only(&d, EVE).body;
    assert!(
        invitation.contains("reply NO MORE INVITATIONS")
            && invitation.contains("répondez PLUS D'INVITATIONS"),
        "the invitation says how, in both languages: {invitation}"
    );
    // Eve has never written to arbitre: her reply to the invitation proves her.
    let d = reply_about(&mut w, EVE, game, "NO MORE INVITATIONS");
    let eve = d.players.iter().find(|p| p.address == EVE).expect("Eve");
    assert!(!eve.invitations);
    assert!(d.games.is_empty(), "the invitation received stays");
    assert!(
        only(&d, EVE)
            .body
            .contains("no invitation from another player will reach you"),
        "{}",
        only(&d, EVE).body
    );
    assert_eq!(w.game(game).status, GameStatus::Invited);
    // Bob's invitation is not sent, and Bob is not told why.
    let d = invite(&mut w, BOB, EVE);
    assert!(d.games.is_empty() && to(&d, EVE).is_empty());
    let stopped = only(&d, BOB).body.clone();
    // The same words as when Eve has had her invitations for the day.
    let mut full = World::new();
    for who in [ALICE, CAROL, DAVE] {
        invite(&mut full, who, EVE);
    }
    let d = invite(&mut full, BOB, EVE);
    assert!(to(&d, EVE).is_empty());
    assert_eq!(only(&d, BOB).body, stopped, "nothing tells the two apart");
    // Even a player Eve knows is held back: she asked for none.
    reply_about(&mut w, EVE, game, "ACCEPT");
    let d = invite(&mut w, ALICE, EVE);
    assert!(d.games.is_empty() && to(&d, EVE).is_empty());
    // Eve's own challenge has invitations reach her again.
    let m = w.keyed_msg(EVE, "NEW abalone VS bob@b.example");
    let d = w.deliver(&m);
    assert_eq!(d.games.len(), 1);
    let eve = d.players.iter().find(|p| p.address == EVE).expect("Eve");
    assert!(eve.invitations);
    let ack = &to(&d, EVE)[0].body;
    assert!(
        ack.contains("other players' invitations reach you again"),
        "{ack}"
    );
    let d = invite(&mut w, CAROL, EVE);
    assert_eq!(to(&d, EVE).len(), 1);
}

#[test]
fn a_forged_no_more_invitations_stops_nothing_and_french_words_stop_them() {
    let mut w = World::new();
    // A mail with Eve's From line and nothing proving it: nothing changes.
    let d = w.send(EVE, "NO MORE INVITATIONS");
    assert!(d.players.is_empty(), "{d:#?}");
    let d = invite(&mut w, ALICE, EVE);
    assert_eq!(to(&d, EVE).len(), 1);
    let game = d.games[0].id;
    // Eve answers in French: stopped, and told so in French.
    let d = reply_about(&mut w, EVE, game, "Plus d'invitations");
    assert!(d.players.iter().any(|p| p.address == EVE && !p.invitations));
    let ack = &only(&d, EVE).body;
    assert!(ack.contains("plus aucune invitation"), "{ack}");
    let d = invite(&mut w, BOB, EVE);
    assert!(to(&d, EVE).is_empty());
}
