//! The name a player shows (`NAME` / `NOM`): chosen by a proven message, tidied, refused
//! with a reason when too long or an address, never replaced afterwards by the display name
//! of the player's mail; and offered once, in the first mail of a player's first game.

use crate::world;

use world::*;

use arbitre::games::Start;
use arbitre::referee::{Decision, Player};

/// The player record a decision saves for `who`, if any.
fn saved<'a>(d: &'a Decision, who: &str) -> Option<&'a Player> {
    d.players.iter().find(|p| p.address == who)
}

const HINT: &str = "reply NAME followed by it";

#[test]
fn the_first_game_mail_offers_name_once_to_each_player() {
    let mut w = World::new();
    let d = w.send_confirmed(ALICE, "NEW ataxx VS bob@b.example");
    assert!(
        !only(&d, ALICE).body.contains(HINT),
        "not in the challenge's answer"
    );
    let d = w.answer(BOB, "ACCEPT");
    for who in [ALICE, BOB] {
        let mail = only(&d, who);
        assert!(mail.body.contains(HINT), "{who}: {}", mail.body);
        assert!(
            saved(&d, who).is_some_and(|p| p.name_told),
            "{who} remembered as told"
        );
    }
    // The next game's first mails do not say it again.
    w.send_confirmed(ALICE, "NEW ataxx VS bob@b.example");
    let d = w.answer(BOB, "ACCEPT");
    assert_eq!(d.outbox.len(), 2);
    assert!(d.outbox.iter().all(|o| !o.body.contains(HINT)), "{d:#?}");
    // Nor does a game a director sets up for players already told; a new player is told.
    w.create(engine("ataxx"), Start::Default, ALICE, CAROL);
    let to_carol = w.last_to(CAROL).body.clone();
    let to_alice = w.last_to(ALICE).body.clone();
    assert!(to_carol.contains(HINT), "{to_carol}");
    assert!(!to_alice.contains(HINT), "{to_alice}");
}

#[test]
fn name_sets_the_name_shown_once_its_sender_is_proven() {
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW ataxx VS bob@b.example");

    // Sent to the plain address, it proves nothing: nothing changes until Bob confirms.
    let d = w.send_confirmed(BOB, "NAME   Bob  the Builder ");
    let bob = saved(&d, BOB).expect("Bob's record saved");
    assert_eq!(bob.name.as_deref(), Some("Bob the Builder"));
    assert!(bob.name_chosen);
    assert!(
        only(&d, BOB).body.contains("show you as “Bob the Builder”"),
        "{}",
        only(&d, BOB).body
    );

    // His next move, from a mail client that shows another name, keeps the chosen one, and
    // his opponent reads it.
    let game = live(w.game(id));
    let mover = w.game(id).address_of(game.side_to_move()).to_string();
    if mover == ALICE {
        let first = game.legal_moves()[0].clone();
        w.answer(ALICE, &first);
    }
    let next = live(w.game(id)).legal_moves()[0].clone();
    let mail = w.last_to(BOB).clone();
    let mut m = w.reply_msg(&mail, BOB, &next);
    m.from_name = Some("Robert Martin".into());
    let d = w.deliver(&m);
    assert!(saved(&d, BOB).is_none_or(|p| p.name.as_deref() == Some("Bob the Builder")));
    let forward = only(&d, ALICE);
    assert!(
        forward.subject.contains("Bob the Builder") || forward.body.contains("Bob the Builder"),
        "{}\n{}",
        forward.subject,
        forward.body
    );

    // An initial keeps its stop, through the confirmation too.
    let d = w.send_confirmed(ALICE, "NAME Alice M.");
    assert_eq!(
        saved(&d, ALICE).and_then(|p| p.name.as_deref()),
        Some("Alice M.")
    );

    // NAME alone says which name is shown, and changes nothing.
    let m = w.keyed_msg(BOB, "NAME");
    let d = w.deliver(&m);
    assert!(d.players.is_empty());
    assert!(only(&d, BOB).body.contains("“Bob the Builder”"));
}

#[test]
fn a_name_too_long_or_holding_an_address_is_refused_with_its_reason() {
    let mut w = World::new();
    for (line, why) in [
        ("NAME alice@a.example", "looks like a mail or web address"),
        (
            "NAME Alice <alice@a.example>",
            "looks like a mail or web address",
        ),
        (
            "NAME see www.example.org",
            "looks like a mail or web address",
        ),
        (
            "NAME Alexandra Maria Lucia Beatriz de la Santisima Trinidad",
            "is 54 characters long; a name shown has at most 40",
        ),
    ] {
        let m = w.keyed_msg(ALICE, line);
        let d = w.deliver(&m);
        // Her first proven message may create her record (her language): never a name.
        assert!(
            saved(&d, ALICE).is_none_or(|p| p.name.is_none() && !p.name_chosen),
            "{line}: {d:#?}"
        );
        let answer = only(&d, ALICE);
        assert!(answer.body.contains(why), "{line}: {}", answer.body);
        assert!(
            answer.body.contains("Nothing was changed"),
            "{}",
            answer.body
        );
    }
}

#[test]
fn nom_chooses_the_name_in_french() {
    let mut w = World::new();
    let m = w.keyed_msg(ALICE, "NOM « Élodie M. »");
    let d = w.deliver(&m);
    assert_eq!(
        saved(&d, ALICE).and_then(|p| p.name.as_deref()),
        Some("Élodie M.")
    );
    let answer = only(&d, ALICE);
    assert!(
        answer
            .body
            .contains("vous présentent sous le nom « Élodie M. »"),
        "{}",
        answer.body
    );
}
