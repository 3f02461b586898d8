//! Scenario tests of the pure referee: whole mail conversations played through
//! `referee::lookup` and `referee::handle` only, with no server, no store and no clock, in
//! the in-memory world of `tests/world` (which checks the invariants of every mail).

use crate::skip;
use crate::world;

use world::*;

use std::collections::BTreeMap;

use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::referee::{
    self, AutoKind, Decision, GameId, GameStatus, LangFrom, Outgoing, Player, RefereeConfig,
    StoredGame,
};
use arbitre::text::Lang;

/// A Bulltricker position where White mates at once with `e.h8 d.h8` (spec T-O4 b).
const BT_MATE_IN_ONE: &str =
    "W: Kd1 Qe.h8 Qv1.1 Qv2.1 Qv8.5 Qv7.5; B: Kd7 Qv4.7 Qv5.7 Pd.h7 Pa.h7; w";
/// A Bulltricker position where White must capture with a queen (spec T-O5 e).
const BT_COMPULSORY: &str = "W: Kd1 Qa.h1 Qa.h8 Pv8.2 Pv7.2; B: Kf5 Pa.h4 Qv8.7 Qv7.6 Qv6.5; w";
/// A Bulltricker position drawn by material (both sides with at most 3 rectangles).
const BT_DRAWN: &str = "W: Kd1 Qv1.1 Qv2.1; B: Kd7 Qv1.7 Qv2.7; w";

// ---------------------------------------------------------------------------------------
// Help, languages, strangers, automatic mail

#[test]
fn help_is_sent_in_the_language_of_the_keyword_to_someone_unknown() {
    let mut w = World::new();
    let d = w.send(CAROL, "HELP");
    let m = only(&d, CAROL);
    assert_eq!(m.subject, "[arbitre] Help");
    assert!(m.body.contains("NEW <game>") && m.body.contains("RESIGN"));
    assert_eq!(m.auto, AutoKind::Replied);
    assert!(d.games.is_empty() && d.players.is_empty());

    let d = w.send(CAROL, "aide");
    let m = only(&d, CAROL);
    assert_eq!(m.subject, "[arbitre] Aide");
    assert!(m.body.contains("NOUVELLE <jeu>") && m.body.contains("ABANDON"));
}

#[test]
fn help_for_a_game_sends_its_guide_variants_and_options() {
    let bulltricker = engine!("bulltricker");
    let abalone = engine!("abalone");
    let mut w = World::new();
    let d = w.send(CAROL, "help bulltricker");
    let body = &only(&d, CAROL).body;
    assert!(
        body.contains(bulltricker.guide(Lang::EN).trim_end()),
        "{body}"
    );
    assert!(
        body.contains(
            "Variants of Bulltricker (write NEW bulltricker <variant>; the first is the \
             default):\n  standard"
        ),
        "{body}"
    );
    assert!(body.contains("king-separation=strict"), "{body}");
    assert!(body.contains("ERR !!"), "{body}");
    let d = w.send(CAROL, "AIDE abalone");
    let body = &only(&d, CAROL).body;
    assert!(body.contains(abalone.guide(Lang::FR).trim_end()), "{body}");
    assert!(body.contains("belgian-daisy (Marguerite belge)"), "{body}");
    assert!(
        body.contains("Variantes d'Abalone (écrivez NOUVELLE abalone <variante>"),
        "{body}"
    );
}

#[test]
fn anything_unrecognised_gets_the_help_text() {
    let mut w = World::new();
    let d = w.send(CAROL, "Hello, how does this work?");
    let m = only(&d, CAROL);
    assert!(
        m.body
            .starts_with("arbitre did not understand \"Hello, how does this work?\"")
    );
    assert!(m.body.contains("GAMES"));
    // An empty mail with an empty subject.
    let d = w.send(CAROL, "");
    assert!(only(&d, CAROL).body.starts_with("Your message was empty"));
    // The subject is read when the body is empty.
    let mut m = w.msg(CAROL, "");
    m.subject = "Re: help".into();
    let d = w.deliver(&m);
    assert!(
        only(&d, CAROL)
            .body
            .starts_with("arbitre referees board games")
    );
}

#[test]
fn a_chosen_language_stays_whatever_keywords_follow_and_first_keywords_decide_otherwise() {
    engine!("abalone");
    let mut w = World::new();
    // Alice (English keywords) invites Bob, whom arbitre does not know: English assumed.
    w.send_confirmed(ALICE, "NEW abalone VS bob@b.example");
    assert_eq!(w.players[BOB].lang_from, LangFrom::Assumed);
    // Bob chooses French, then accepts with an English keyword: he stays French.
    let ask = w.last_to(BOB).clone();
    let m = w.reply_msg(&ask, BOB, "LANG FR");
    w.deliver(&m);
    assert_eq!(
        (w.players[BOB].lang, w.players[BOB].lang_from),
        (Lang::FR, LangFrom::Chosen)
    );
    let d = w.answer(BOB, "ACCEPT");
    assert_eq!(d.games[0].status, GameStatus::Active);
    assert!(
        only(&d, BOB).body.contains("Vous avez les Blancs"),
        "{}",
        only(&d, BOB).body
    );
    assert_eq!(w.players[BOB].lang, Lang::FR);
    let d = w.answer(BOB, "board");
    assert!(only(&d, BOB).body.contains("Vous avez les Blancs"));
    // Carol has set nothing: her first keywords (French) decide, and later English ones
    // do not change it.
    let m = w.keyed_msg(CAROL, "AIDE");
    let d = w.deliver(&m);
    assert!(only(&d, CAROL).subject.ends_with("Aide"));
    assert_eq!(
        (w.players[CAROL].lang, w.players[CAROL].lang_from),
        (Lang::FR, LangFrom::Keywords)
    );
    let m = w.keyed_msg(CAROL, "HELP");
    let d = w.deliver(&m);
    assert!(only(&d, CAROL).subject.ends_with("Aide"));
    // Until she chooses.
    let m = w.keyed_msg(CAROL, "LANG EN");
    w.deliver(&m);
    let m = w.keyed_msg(CAROL, "AIDE");
    let d = w.deliver(&m);
    assert!(only(&d, CAROL).subject.ends_with("Help"));
    // Someone with no keyword in their language gets the configured default.
    let m = w.keyed_msg("dan@d.example", "?");
    let d = w.deliver(&m);
    assert!(only(&d, "dan@d.example").subject.ends_with("Help"));
}

#[test]
fn lang_switches_the_language_of_every_later_mail() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.send_confirmed(BOB, "LANG FR");
    let m = only(&d, BOB);
    assert_eq!(m.subject, "[arbitre] Langue");
    assert!(
        m.body
            .starts_with("Désormais, arbitre vous écrit en français.")
    );
    assert_eq!(d.players[0].lang, Lang::FR);
    // Alice (English) moves; Bob (now French) gets the move in French, Alice her
    // confirmation in English.
    let d = w.answer(ALICE, "a1b2");
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "a1b2");
    assert!(bob.body.contains("a joué le coup 1"), "{}", bob.body);
    assert!(
        bob.body
            .contains("Vous avez les Blancs. Au trait : les Blancs (vous)."),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("Pour jouer, répondez"));
    let alice = only(&d, ALICE);
    assert!(
        alice.body.contains("Your move 1 is accepted"),
        "{}",
        alice.body
    );
    assert_eq!(w.game(id).moves.len(), 1);
    // And back.
    let d = w.send_confirmed(BOB, "lang en");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("From now on arbitre writes to you in English.")
    );
    let d = w.send(BOB, "lang klingon");
    let usage = &only(&d, BOB).body;
    assert!(
        usage.starts_with("Write LANG and a language: EN (English), FR (français)."),
        "{usage}"
    );
    assert!(d.players.is_empty());
}

#[test]
fn a_stranger_changes_nothing_and_gets_a_polite_refusal() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let before = w.game(id).clone();
    let mut m = w.msg(CAROL, "a1b2");
    m.subject = format!("[arbitre #{id}] Abalone");
    let d = w.deliver(&m);
    assert!(d.games.is_empty());
    let reply = only(&d, CAROL);
    assert!(
        reply
            .body
            .starts_with(&format!("You are not a player of game #{id}"))
    );
    assert_eq!(reply.game, None);
    assert_eq!(w.game(id), &before);
    // Even with a reply token stolen from a forwarded mail.
    let alice_mail = w.last_to(ALICE).clone();
    let m = w.reply_msg(&alice_mail, CAROL, "a1b2");
    let d = w.deliver(&m);
    assert!(d.games.is_empty());
    assert!(only(&d, CAROL).body.starts_with("You are not a player"));
    // An automatic message from a stranger gets nothing at all.
    let mut m = w.msg(CAROL, "a1b2");
    m.subject = format!("[arbitre #{id}] Abalone");
    m.automatic = true;
    let d = w.deliver(&m);
    assert!(d.outbox.is_empty() && d.games.is_empty());
}

#[test]
fn automatic_mail_is_never_answered_nor_played() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // An out-of-office reply quoting the game mail, with a legal move in it.
    let mail = w.last_to(ALICE).clone();
    let mut m = w.reply_msg(&mail, ALICE, "a1b2");
    m.automatic = true;
    let d = w.deliver(&m);
    assert_eq!(d.outbox, vec![]);
    assert_eq!(d.games, vec![]);
    assert!(w.game(id).moves.is_empty());
    // Mail from arbitre itself (a loop) is ignored too.
    let d = w.send(BOT, "HELP");
    assert!(d.outbox.is_empty());
}

#[test]
fn an_oversized_message_gets_a_clear_answer_and_changes_nothing() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let mail = w.last_to(ALICE).clone();
    let mut m = w.reply_msg(&mail, ALICE, "a1b2");
    m.size = 5_000_000;
    let d = w.deliver(&m);
    assert!(d.games.is_empty());
    let reply = only(&d, ALICE);
    assert!(
        reply.body.starts_with(
            "Your message is too large for arbitre (5000000 bytes; the limit is 65536)"
        )
    );
    assert!(w.game(id).moves.is_empty());
    w.set_lang(ALICE, Lang::FR);
    let mut m = w.reply_msg(&mail, ALICE, "a1b2");
    m.size = 5_000_000;
    let d = w.deliver(&m);
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("Votre message est trop volumineux")
    );
}

#[test]
fn over_the_rate_limit_game_mail_still_flows_and_other_answers_stop_after_one_notice() {
    engine!("abalone");
    let mut w = World::with(RefereeConfig {
        max_replies_per_hour: 3,
        ..config()
    });
    w.step = 60;
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // Alice has had no counted answer yet (the request to confirm her challenge counts in
    // the allowance of unproven mail; its acknowledgement is mail of the game). Three
    // reach the limit.
    for _ in 0..3 {
        let d = w.send(ALICE, "GAMES");
        assert_eq!(d.outbox.len(), 1);
    }
    // The next one gets the notice instead, saying until when (the first counted answer
    // plus an hour), once.
    let first_counted = w.sent_at[w
        .sent
        .iter()
        .position(|o| {
            o.to == ALICE
                && o.game.is_none()
                && !referee::compose::is_unproven_answer(&o.message_id)
        })
        .unwrap()];
    let d = w.send(ALICE, "GAMES");
    let notice = only(&d, ALICE);
    assert!(
        notice
            .body
            .contains("will not answer such messages again until")
    );
    let until = first_counted + 3600;
    let hhmm = format!("{:02}:{:02}", until % 86_400 / 3600, until % 3600 / 60);
    assert!(
        notice.body.contains(&format!("{hhmm} UTC")),
        "{hhmm}: {}",
        notice.body
    );
    let d = w.send(ALICE, "HELP");
    assert!(d.outbox.is_empty(), "{:?}", d.outbox);
    assert!(d.summary.contains("rate limit"), "{}", d.summary);
    // Her game is not affected: a move is confirmed and forwarded, the board is sent.
    let d = w.answer(ALICE, "a1b2");
    assert_eq!(w.game(id).moves[0].text, "a1b2");
    assert_eq!(first_line(only(&d, BOB)), "a1b2");
    assert!(only(&d, ALICE).body.contains("is accepted"));
    let d = w.answer(ALICE, "BOARD");
    assert_eq!(to(&d, ALICE).len(), 1);
    // At the time the notice gave, answers resume (and no second notice comes).
    w.clock = until - w.step;
    let d = w.send(ALICE, "GAMES");
    let answer = only(&d, ALICE);
    assert!(answer.subject.ends_with("Your games"), "{}", answer.subject);
}

#[test]
fn a_brisk_game_of_120_plies_in_under_an_hour_delivers_every_mail() {
    engine!("ataxx");
    let mut w = World::new();
    w.step = 20;
    let id = challenge_and_accept(&mut w, "NEW ataxx VS bob@b.example");
    let started = w.clock;
    let mut plies = 0;
    let mut refused = 0;
    while plies < 120 {
        let live = live(w.game(id));
        if live.outcome() != arbitre::games::Outcome::Ongoing {
            break;
        }
        let side = live.side_to_move();
        let (mover, other) = match w.game(id).address_of(side) {
            a if a == ALICE => (ALICE, BOB),
            _ => (BOB, ALICE),
        };
        if plies % 15 == 7 {
            // A few illegal moves: each gets its ERR, and changes nothing.
            let d = w.answer(mover, "a1a1");
            assert!(
                first_line(only(&d, mover)).starts_with("ERR"),
                "{}",
                d.summary
            );
            assert!(to(&d, other).is_empty());
            refused += 1;
        }
        let legal = live.legal_moves();
        let mv = legal[(plies * 7) % legal.len()].clone();
        let d = w.answer(mover, &mv);
        assert!(!d.summary.contains("rate limit"), "{}", d.summary);
        assert_eq!(to(&d, mover).len(), 1, "ply {plies}: {}", d.summary);
        assert!(!to(&d, other).is_empty(), "ply {plies}: {}", d.summary);
        plies += w.game(id).moves.len() - live_moves(&live);
    }
    assert!(plies >= 120 || w.game(id).status == GameStatus::Finished);
    assert!(refused >= 5);
    assert!(w.clock - started < 3600, "{} s", w.clock - started);
}

/// How many moves a live game has had (forced passes included).
fn live_moves(live: &AnyGame) -> usize {
    live.moves().len()
}

#[test]
fn a_sender_of_500_junk_messages_in_an_hour_gets_the_limit_and_one_notice() {
    let mut w = World::new();
    w.step = 7;
    let limit = w.config.max_replies_per_hour as usize;
    let started = w.clock;
    for i in 0..500 {
        w.send(CAROL, &format!("blah {i}"));
    }
    assert!(w.clock - started < 3600);
    let to_carol: Vec<&Outgoing> = w.sent.iter().filter(|o| o.to == CAROL).collect();
    assert_eq!(to_carol.len(), limit + 1, "{}", to_carol.len());
    let notices = to_carol
        .iter()
        .filter(|o| o.body.contains("will not answer such messages again"))
        .count();
    assert_eq!(notices, 1);
}

// ---------------------------------------------------------------------------------------
// Challenges

#[test]
fn a_challenge_invites_the_opponent_without_showing_addresses_and_accept_starts_the_game() {
    let abalone = engine!("abalone");
    let mut w = World::new();
    let mut m = w.keyed_msg(ALICE, "NEW abalone belgian-daisy VS <Bob@B.example>");
    m.from_name = Some("Alice Martin".into());
    let d = w.deliver(&m);
    let g = &d.games[0];
    assert_eq!(g.id, 1);
    assert_eq!((g.status, g.kind), (GameStatus::Invited, abalone));
    assert_eq!(g.variant.as_deref(), Some("belgian-daisy"));
    // Black moves first in Abalone: the challenger takes it.
    assert_eq!((g.black.as_str(), g.white.as_str()), (ALICE, BOB));
    assert_eq!(g.challenger, ALICE);
    let invitation = only(&d, BOB);
    assert_eq!(
        invitation.subject,
        "[arbitre #1] Abalone vs Alice Martin: invitation"
    );
    assert!(
        invitation
            .body
            .starts_with("Alice Martin invites you to a game of Abalone (Belgian daisy)")
    );
    assert!(
        invitation
            .body
            .contains("You would play White; Black moves first.")
    );
    assert!(invitation.body.contains("Reply to this mail with ACCEPT"));
    assert!(invitation.body.contains("répondez LANG FR"));
    assert_eq!(invitation.auto, AutoKind::Generated);
    let ack = only(&d, ALICE);
    assert_eq!(
        ack.subject,
        "Re: [arbitre #1] Abalone: waiting for your opponent's answer"
    );
    assert!(
        ack.body
            .starts_with("Your invitation to a game of Abalone (Belgian daisy) has been sent")
    );
    assert_eq!(d.players.len(), 2);
    assert_eq!(
        referee::lookup(&w.config, &m).mentioned,
        vec![BOB.to_string()]
    );

    // Bob accepts by replying to the invitation (its reply address carries his token).
    let d = w.answer(BOB, "accept");
    assert_eq!(d.games[0].status, GameStatus::Active);
    let bob = only(&d, BOB);
    assert!(
        bob.body
            .starts_with("The game of Abalone (Belgian daisy) against Alice Martin begins")
    );
    assert!(bob.body.contains("Your opponent moves first"));
    let alice = only(&d, ALICE);
    assert!(
        alice
            .body
            .starts_with("The game of Abalone (Belgian daisy) against your opponent begins")
    );
    assert!(alice.body.contains("It is your move."));
    assert!(alice.body.contains("Position: "));
    // Alice's mail threads under her seat root.
    assert!(
        alice.references[0].starts_with("arbitre.g1."),
        "{:?}",
        alice.references
    );
}

#[test]
fn a_french_challenge_reads_colour_and_gets_french_answers() {
    engine!("abalone");
    let mut w = World::new();
    let m = w.keyed_msg(
        ALICE,
        "Nouvelle partie d'abalone en blanc contre bob@b.example",
    );
    let d = w.deliver(&m);
    let g = &d.games[0];
    assert_eq!((g.white.as_str(), g.black.as_str()), (ALICE, BOB));
    let ack = only(&d, ALICE);
    assert_eq!(
        ack.subject,
        "Re: [arbitre #1] Abalone : en attente de la réponse de votre adversaire"
    );
    assert!(
        ack.body
            .starts_with("Votre invitation à une partie d'Abalone (Standard) a été envoyée"),
        "{}",
        ack.body
    );
    // Bob is unknown: his invitation is in the installation's language (English here), then
    // in the challenger's below it, with how to read French from now on.
    let inv = only(&d, BOB);
    assert!(inv.subject.contains("Abalone"), "{}", inv.subject);
    assert!(
        !inv.subject.contains("Abalone :"),
        "English first: {}",
        inv.subject
    );
    let english = inv.body.find("invites you").expect("in English");
    let french = inv.body.find("vous invite").expect("in French");
    assert!(english < french, "{}", inv.body);
    assert!(inv.body.contains("LANG FR"), "{}", inv.body);
    // Bob answers in English: from now on he reads English.
    let d = w.answer(BOB, "Accept");
    assert_eq!(
        d.players.iter().find(|p| p.address == BOB).unwrap().lang,
        Lang::EN
    );
    assert!(only(&d, BOB).body.starts_with("The game of Abalone"));
    assert!(only(&d, BOB).body.contains("It is your move."));
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("La partie d'Abalone (Standard) contre votre adversaire commence")
    );
}

#[test]
fn bad_challenges_are_explained_and_create_nothing() {
    engine!("abalone");
    let mut w = World::new();
    for (line, start) in [
        (
            "NEW chess VS bob@b.example",
            "arbitre does not know the game \"chess\"",
        ),
        ("NEW abalone", "Against whom?"),
        ("NEW abalone VS bob", "\"bob\" is not a mail address."),
        (
            "NEW abalone AS purple VS bob@b.example",
            "\"purple\" is not a colour",
        ),
        (
            "NEW abalone VS alice@a.example",
            "You cannot challenge yourself",
        ),
        (
            "NEW abalone VS arbitre@referee.example LEVEL 10",
            "\"10\" is not a level",
        ),
        (
            "NEW abalone zigzag VS bob@b.example",
            "\"zigzag\" is neither a variant nor an option of Abalone",
        ),
        (
            "NEW abalone repetition=7 VS bob@b.example",
            "The option repetition cannot be \"7\"",
        ),
    ] {
        let d = w.send(ALICE, line);
        assert!(d.games.is_empty(), "{line}");
        let m = only(&d, ALICE);
        assert!(m.body.starts_with(start), "{line}:\n{}", m.body);
        assert_eq!(m.subject, "[arbitre] New game");
    }
}

#[test]
fn the_invitee_can_decline_and_the_challenger_can_withdraw() {
    engine!("bulltricker");
    engine!("abalone");
    let mut w = World::new();
    w.send_confirmed(ALICE, "NEW abalone VS bob@b.example");
    // A question gets the help; a move before accepting is refused; neither changes anything.
    let d = w.answer(BOB, "Who is this?");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("arbitre did not understand \"Who is this?\"")
    );
    let d = w.answer(BOB, "i5h5");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("ERR\n\nThis game has not started: nothing was changed. Reply ACCEPT")
    );
    assert!(d.games.is_empty());
    // Bob's language was only assumed (Alice's): his first French keyword makes it French.
    let d = w.answer(BOB, "REFUSER");
    assert_eq!(d.games[0].status, GameStatus::Declined);
    assert!(
        only(&d, BOB)
            .body
            .starts_with("Vous avez refusé l'invitation à la partie n° 1")
    );
    assert_eq!(w.players[BOB].lang, Lang::FR);
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("Your opponent declined your invitation to game #1")
    );
    // Declined games refuse moves.
    let d = w.answer(BOB, "a1b2");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("Cette invitation a été refusée")
    );

    w.send_confirmed(ALICE, "NEW bulltricker VS bob@b.example");
    let d = w.answer(ALICE, "ACCEPT");
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("This game is waiting for your opponent")
    );
    let d = w.answer(ALICE, "a.h2 a.h4");
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("ERR\n\nThis game has not started")
    );
    let d = w.answer(ALICE, "DECLINE");
    assert_eq!(d.games[0].status, GameStatus::Declined);
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("You withdrew your invitation to game #2")
    );
    assert!(
        only(&d, BOB)
            .body
            .starts_with("Votre adversaire a retiré l'invitation")
    );
}

#[test]
fn a_director_creates_a_game_announced_to_both_players() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    w.set_lang(BOB, Lang::FR);
    let id = w.create(bulltricker, Start::Default, ALICE, BOB);
    let g = w.game(id).clone();
    assert_eq!(g.status, GameStatus::Active);
    assert_eq!(g.challenger, DIRECTOR);
    let alice = w.sent.iter().find(|o| o.to == ALICE).unwrap();
    assert_eq!(
        alice.subject,
        format!("[arbitre #{id}] Bulltricker: your move")
    );
    assert!(
        alice
            .body
            .starts_with("A game of Bulltricker against your opponent has been set up for you")
    );
    assert!(alice.body.contains("It is your move."));
    assert!(
        alice
            .body
            .contains("Your personal reply address for this game: arbitre+g1-w-")
    );
    let bob = w.sent.iter().find(|o| o.to == BOB).unwrap().clone();
    assert!(
        bob.body
            .starts_with("Le directeur du tournoi vous a organisé une partie de Bulltricker"),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("Votre adversaire joue en premier"));
    assert_ne!(alice.message_id, bob.message_id);
    // Alice's reply to the announcement is routed by her token and played.
    let d = w.answer(ALICE, "b.h2 b.h4");
    assert_eq!(first_line(only(&d, BOB)), "b.h2 b.h4");
    // Bob's forwarded move threads under his announcement.
    assert_eq!(
        only(&d, BOB).in_reply_to.as_deref(),
        Some(bob.message_id.as_str())
    );
}

#[test]
fn after_a_rotation_old_reply_addresses_play_until_their_day_then_point_to_the_new_ones() {
    let bulltricker = engine!("bulltricker");
    let old_secret = "test secret, never used in production";
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Default, ALICE, BOB);
    let to_alice = w.last_to(ALICE).clone();
    let to_bob = w.last_to(BOB).clone();
    let old_alice = to_alice.reply_to.clone().unwrap();
    assert!(old_alice.ends_with("-1@referee.example"), "{old_alice}");
    // The secret is replaced: number 2, the old one kept for a grace period.
    let until = w.clock + 30 * 86_400;
    w.config.keys = arbitre::keys::Keyring::numbered("the next secret, long and random", 2)
        .with_previous(old_secret, until);
    // Within it, a reply to the old address still plays, and the mails now carry new ones.
    let d = w.answer_mail(&to_alice, ALICE, "b.h2 b.h4");
    let forwarded = only(&d, BOB).clone();
    assert_eq!(first_line(&forwarded), "b.h2 b.h4");
    let new_bob = forwarded.reply_to.clone().unwrap();
    assert!(new_bob.ends_with("-2@referee.example"), "{new_bob}");
    assert_ne!(Some(new_bob.clone()), to_bob.reply_to);
    // After it, the old address changes nothing and says where to write instead...
    w.clock = until;
    let before = w.game(id).clone();
    let legal = live(&before).legal_moves();
    let d = w.answer_mail(&to_bob, BOB, &legal[0]);
    assert_eq!(w.game(id).moves, before.moves);
    let answer = only(&d, BOB);
    assert!(
        answer
            .body
            .contains("a reply address arbitre no longer uses"),
        "{}",
        answer.body
    );
    // ...while the new one plays.
    let d = w.answer_mail(&forwarded, BOB, &legal[0]);
    assert_eq!(w.game(id).moves.len(), before.moves.len() + 1);
    assert_eq!(only(&d, ALICE).body.lines().next(), Some(legal[0].as_str()));
}

// ---------------------------------------------------------------------------------------
// Moves

#[test]
fn a_legal_move_is_forwarded_with_the_protocol_line_first_and_confirmed_to_the_mover() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Default, ALICE, BOB);
    let mail = w.last_to(ALICE).clone();
    let m = w.reply_msg(&mail, ALICE, "B.H2\u{00A0}b.h4");
    let d = w.deliver(&m);
    let g = &d.games[0];
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].text, "b.h2 b.h4");
    assert_eq!(
        g.moves[0].message_id.as_deref(),
        Some(m.message_id.as_str())
    );
    assert_eq!(g.moves[0].received_at, m.received_at);
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "b.h2 b.h4");
    assert_eq!(
        bob.subject,
        format!("[arbitre #{id}] Bulltricker: your move (1. b.h2 b.h4)")
    );
    assert_eq!(bob.auto, AutoKind::Generated);
    assert!(
        bob.body.contains("Your opponent (White) played move 1. "),
        "{}",
        bob.body
    );
    assert!(
        bob.body
            .contains("Move 1. You play Black. To move: Black (you).")
    );
    assert!(bob.body.contains("Moves:\n1. b.h2 b.h4\n"));
    assert!(bob.body.contains(&format!(
        "Position: {}",
        live(&d.games[0]).position_string()
    )));
    assert!(bob.body.contains("h8 +---+"), "the text board");
    let alice = only(&d, ALICE);
    assert_eq!(first_line(alice), "b.h2 b.h4");
    assert_eq!(
        alice.subject,
        format!("Re: [arbitre #{id}] Bulltricker: your opponent to play")
    );
    assert!(alice.body.contains("Your move 1 is accepted"));
    assert!(alice.len_ok());

    // Bob answers by replying to the forwarded move; Alice's mail threads under her move.
    let alice_move_id = d.games[0].moves[0].message_id.clone().unwrap();
    let d = w.answer(BOB, "b.h7 b.h5");
    let alice = only(&d, ALICE);
    assert_eq!(first_line(alice), "b.h7 b.h5");
    assert_eq!(alice.in_reply_to.as_deref(), Some(alice_move_id.as_str()));
    assert!(
        alice
            .body
            .contains("Moves:\n1. b.h2 b.h4  1... b.h7 b.h5\n"),
        "{}",
        alice.body
    );
}

trait LenOk {
    fn len_ok(&self) -> bool;
}

impl LenOk for Outgoing {
    /// A confirmation is short: no board in it.
    fn len_ok(&self) -> bool {
        self.body.lines().count() < 8 && !self.body.contains("+---+")
    }
}

#[test]
fn an_illegal_move_is_answered_err_with_the_reason_and_changes_nothing() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.answer(ALICE, "a1a2");
    assert!(d.games.is_empty());
    let m = only(&d, ALICE);
    assert_eq!(first_line(m), "ERR");
    assert!(
        m.body.contains(
            "Your move was not accepted: in a1a2, 5 of your own marbles would have to move"
        ),
        "{}",
        m.body
    );
    assert!(m.body.contains("Nothing was changed"));
    assert!(w.game(id).moves.is_empty());
    // Text that is not a move at all but looks like one, sent on one's turn, is an ERR too
    // (the protocol); prose gets the help text; nothing changes either way.
    let d = w.answer(ALICE, "zz99");
    assert_eq!(first_line(only(&d, ALICE)), "ERR");
    let d = w.answer(ALICE, "Hello Bob, nice to play with you");
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("arbitre did not understand \"Hello Bob, nice to play with you\"")
    );
    assert!(w.game(id).moves.is_empty());
    // A greeting before the move is skipped.
    let d = w.answer(ALICE, "Hi Bob,\n\nA1B2\n\nCheers,\nAlice");
    assert_eq!(d.games[0].moves[0].text, "a1b2");
    assert_eq!(first_line(only(&d, BOB)), "a1b2");
    let d = w.answer(BOB, "i5h5");
    assert_eq!(d.games[0].moves.len(), 2);
    // In French.
    w.set_lang(ALICE, Lang::FR);
    let d = w.answer(ALICE, "e5f5");
    let m = only(&d, ALICE);
    assert_eq!(first_line(m), "ERR");
    assert!(
        m.body.contains("Votre coup n'a pas été accepté : "),
        "{}",
        m.body
    );
}

#[test]
fn a_missed_compulsory_capture_is_answered_err_with_the_pieces_that_must_take() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    let id = w.create(
        bulltricker,
        Start::Position(BT_COMPULSORY.into()),
        ALICE,
        BOB,
    );
    let d = w.answer(ALICE, "v8.2 v8.3");
    let m = only(&d, ALICE);
    assert_eq!(first_line(m), "ERR !! a.h1 a.h8");
    assert!(m.body.contains("a capture is compulsory"), "{}", m.body);
    assert!(d.games.is_empty() && w.game(id).moves.is_empty());
    assert!(to(&d, BOB).is_empty());
    // The capture itself is accepted and forwarded with its protocol line.
    let d = w.answer(ALICE, "a.h1 a.h5");
    assert_eq!(first_line(only(&d, BOB)), "a.h1 a.h5 !! a.h4");
}

#[test]
fn a_move_out_of_turn_is_refused() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.answer(BOB, "i5h5");
    let m = only(&d, BOB);
    assert_eq!(first_line(m), "ERR");
    assert!(m.body.contains("It is not your turn"));
    assert!(w.game(id).moves.is_empty());
    // Off turn, a line that is no move gets the help text instead.
    let d = w.answer(BOB, "good luck!");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("arbitre did not understand \"good luck!\"")
    );
}

#[test]
fn a_message_delivered_twice_is_played_once() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let mail = w.last_to(ALICE).clone();
    let m = w.reply_msg(&mail, ALICE, "a1b2");
    let first = w.deliver(&m);
    assert_eq!(first.games[0].moves.len(), 1);
    let again = w.deliver(&m);
    assert_eq!(again.games, vec![]);
    assert_eq!(again.outbox, vec![]);
    assert!(
        again.summary.contains("already a move of game #1"),
        "{}",
        again.summary
    );
    assert_eq!(w.game(id).moves.len(), 1);
}

#[test]
fn board_history_games_and_protocol_err_show_the_game_without_changing_it() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "a1b2");
    w.answer(BOB, "i5h5");
    let d = w.answer(ALICE, "BOARD");
    assert!(d.games.is_empty());
    let b = only(&d, ALICE);
    assert!(
        b.body
            .starts_with(&format!("Abalone (Standard), game #{id}\n")),
        "{}",
        b.body
    );
    assert!(b.body.contains("To move: Black (you)."));
    let d = w.answer(BOB, "historique");
    let h = only(&d, BOB);
    assert!(h.body.contains("[Event \"arbitre #1\"]"), "{}", h.body);
    assert!(h.body.contains("1. a1b2 i5h5 *"), "{}", h.body);
    let d = w.send(BOB, "GAMES");
    let g = only(&d, BOB);
    assert!(g.body.contains("[arbitre #1] Abalone against your opponent, you play White: waiting for your opponent's move"), "{}", g.body);
    assert!(g.body.contains("reply address: arbitre+g1-w-"));
    let d = w.answer(BOB, "ERR");
    assert!(only(&d, BOB).body.starts_with("arbitre received ERR."));
    assert!(d.games.is_empty());
}

// ---------------------------------------------------------------------------------------
// Which game

#[test]
fn with_two_games_an_unrouted_move_gets_the_list_and_every_route_works() {
    engine!("bulltricker");
    engine!("abalone");
    let mut w = World::new();
    let g1 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.send_confirmed(ALICE, "NEW bulltricker AS BLACK VS carol@c.example");
    let g2 = d.games[0].id;
    w.answer(CAROL, "accepter");
    // Carol (White) opens game 2 so that Alice is to move in both.
    w.answer(CAROL, "b.h2 b.h4");
    let before = (w.game(g1).clone(), w.game(g2).clone());

    // A fresh mail with no routing: ambiguous.
    let d = w.send(ALICE, "a1b2");
    assert!(d.games.is_empty());
    let m = only(&d, ALICE);
    assert_eq!(m.subject, "[arbitre] Which game?");
    assert!(
        m.body.contains(&format!("[arbitre #{g1}] Abalone")),
        "{}",
        m.body
    );
    assert!(
        m.body.contains(&format!("[arbitre #{g2}] Bulltricker")),
        "{}",
        m.body
    );
    assert_eq!((w.game(g1), w.game(g2)), (&before.0, &before.1));

    // The Subject tag (on a mail to Alice's own player address, which proves her).
    let mut m = w.keyed_msg(ALICE, "a1b2");
    m.subject = format!("[arbitre #{g1}]");
    let d = w.deliver(&m);
    assert_eq!(d.games[0].id, g1);
    assert_eq!(referee::lookup(&w.config, &m).subject_game, Some(g1));

    // The reply token, on a fresh mail (no threading, no tag).
    let bt_mail = w
        .sent
        .iter()
        .rev()
        .find(|o| o.to == ALICE && o.game == Some(g2))
        .unwrap()
        .clone();
    let token_addr = bt_mail.reply_to.clone().unwrap();
    let mut m = w.msg(ALICE, "b.h7 b.h5");
    m.recipients = vec![token_addr.clone()];
    assert_eq!(referee::lookup(&w.config, &m).token_game, Some(g2));
    let d = w.deliver(&m);
    assert_eq!(d.games[0].id, g2);
    assert_eq!(d.games[0].moves.len(), 2);

    // A reply without the token (plus-addressing stripped by the client): In-Reply-To.
    let ab_mail = w
        .sent
        .iter()
        .rev()
        .find(|o| o.to == ALICE && o.game == Some(g1))
        .unwrap()
        .clone();
    w.answer(BOB, "i5h5");
    let ab_mail2 = w
        .sent
        .iter()
        .rev()
        .find(|o| o.to == ALICE && o.game == Some(g1))
        .unwrap()
        .clone();
    assert_ne!(ab_mail, ab_mail2);
    let mut m = w.reply_msg(&ab_mail2, ALICE, "a2b3");
    m.recipients = vec![BOT.into()];
    m.subject = "my move".into();
    let d = w.deliver(&m);
    // Routed to game 1, but without a key nothing proves Alice wrote it: nothing changes,
    // and the answer (under game 1, with her reply address) lets her confirm by replying.
    assert!(d.games.is_empty(), "{}", d.summary);
    let ask = only(&d, ALICE).clone();
    assert_eq!(ask.subject, format!("[arbitre #{g1}] Confirm: a2b3"));
    let m = w.reply_msg(&ask, ALICE, "");
    let d = w.deliver(&m);
    assert_eq!(d.games[0].id, g1, "{}", d.summary);
    assert_eq!(d.games[0].moves.last().unwrap().text, "a2b3");

    // A forged token routes nowhere.
    let mut m = w.msg(ALICE, "BOARD");
    m.recipients = vec![token_addr.replace("-b-", "-w-")];
    assert_eq!(referee::lookup(&w.config, &m).token_game, None);

    // An unknown game number is reported, not guessed.
    let mut m = w.msg(ALICE, "BOARD");
    m.subject = "[arbitre #99]".into();
    let d = w.deliver(&m);
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("arbitre has no game #99 for you.")
    );
}

#[test]
fn with_one_game_a_fresh_mail_goes_to_it() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // A fresh mail to arbitre's plain address proves nothing: Alice is asked to confirm.
    let d = w.send(ALICE, "a1b2");
    assert!(d.games.is_empty(), "{}", d.summary);
    let ask = only(&d, ALICE).clone();
    assert!(ask.subject.starts_with(&format!("[arbitre #{id}] Confirm")));
    // A fresh mail to her player address (from any earlier answer) goes to the game.
    let m = w.keyed_msg(ALICE, "a1b2");
    let d = w.deliver(&m);
    assert_eq!(d.games[0].id, id);
    // Without any game, a move gets "no game in progress".
    let d = w.send(CAROL, "a1b2");
    assert!(
        only(&d, CAROL)
            .body
            .starts_with("You have no game in progress")
    );
    let d = w.send(CAROL, "ACCEPT");
    assert!(
        only(&d, CAROL)
            .body
            .starts_with("There is no invitation or draw offer")
    );
}

// ---------------------------------------------------------------------------------------
// Draws, PAT, resignation, the end of a game

#[test]
fn a_draw_offer_is_forwarded_and_accepted_by_agreement() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "a1b2");
    let d = w.answer(ALICE, "draw");
    assert_eq!(d.games[0].draw_offer, Some(Side::Black));
    let bob = only(&d, BOB);
    assert!(
        bob.body
            .starts_with("Your opponent offers a draw. Reply DRAW to accept it"),
        "{}",
        bob.body
    );
    // The subject says so too, on both sides, while the offer stands.
    assert!(
        bob.subject
            .ends_with("your move (1. a1b2); your opponent offers a draw"),
        "{}",
        bob.subject
    );
    let alice = only(&d, ALICE);
    assert!(
        alice
            .body
            .starts_with("Your draw offer has been sent to your opponent.")
    );
    assert!(
        alice.subject.ends_with("; your draw offer stands"),
        "{}",
        alice.subject
    );
    let d = w.answer(ALICE, "DRAW");
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("Your draw offer already stands")
    );
    w.set_lang(BOB, Lang::FR);
    let d = w.answer(BOB, "Nulle");
    let g = &d.games[0];
    assert_eq!(g.status, GameStatus::Finished);
    let r = g.result.as_ref().unwrap();
    assert_eq!((r.winner, r.termination.as_str()), (None, "agreed-draw"));
    assert_eq!(r.line, "draw by agreement");
    let alice = only(&d, ALICE);
    // Each fact once, in the reader's words (Abalone has no result tokens).
    assert_eq!(first_line(alice), "Drawn by agreement.");
    assert!(
        alice.body.contains("\nResult: Drawn by agreement.\n"),
        "{}",
        alice.body
    );
    assert!(
        alice.body.contains("[Result \"1/2-1/2\"]"),
        "{}",
        alice.body
    );
    assert!(alice.body.contains("[Termination \"agreed-draw\"]"));
    let bob = only(&d, BOB);
    assert!(
        bob.body
            .contains("\nRésultat : Partie nulle par accord mutuel.\n")
            && !bob.body.contains("draw by agreement"),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("Feuille de partie complète"));
    // Over: moves are refused.
    let d = w.answer(ALICE, "i5h5");
    assert!(only(&d, ALICE).body.starts_with("ERR\n\nThis game is over"));
    assert_eq!(w.game(id).status, GameStatus::Finished);
}

#[test]
fn a_move_declines_a_draw_offer_and_decline_does_too() {
    engine!("abalone");
    let mut w = World::new();
    challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(BOB, "DRAW");
    let d = w.answer(ALICE, "a1b2");
    assert_eq!(d.games[0].draw_offer, None);
    assert!(
        only(&d, BOB)
            .body
            .contains("By playing on, your opponent declined your draw offer.")
    );
    w.answer(BOB, "draw");
    let d = w.answer(ALICE, "decline");
    assert_eq!(d.games[0].draw_offer, None);
    assert!(
        only(&d, BOB)
            .body
            .starts_with("Your opponent declined your draw offer.")
    );
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("You declined the draw offer")
    );
    // ACCEPT also accepts a standing offer.
    w.answer(ALICE, "draw");
    let d = w.answer(BOB, "accept");
    assert_eq!(d.games[0].status, GameStatus::Finished);
}

#[test]
fn a_pat_claim_the_rules_do_not_confirm_is_forwarded_as_an_offer_the_opponent_accepts_with_pat() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Default, ALICE, BOB);
    let d = w.answer(ALICE, "PAT");
    assert_eq!(d.games[0].status, GameStatus::Active);
    assert_eq!(d.games[0].draw_offer, Some(Side::White));
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "PAT");
    assert!(
        bob.body
            .contains("Your opponent offers a draw (PAT). Reply PAT or DRAW")
    );
    let alice = only(&d, ALICE);
    assert!(
        alice
            .body
            .starts_with("The rules do not make this position a draw (PAT), so the game goes on.")
    );
    let d = w.answer(BOB, "pat");
    let g = &d.games[0];
    assert_eq!(g.status, GameStatus::Finished);
    let r = g.result.as_ref().unwrap();
    assert_eq!(
        (r.winner, r.termination.as_str(), r.line.as_str()),
        (None, "agreed-draw", "PAT")
    );
    for who in [ALICE, BOB] {
        let m = only(&d, who);
        assert_eq!(first_line(m), "PAT");
        assert!(
            m.body.contains("Complete record:\n\n# game: arbitre #1\n"),
            "{}",
            m.body
        );
    }
    assert_eq!(w.game(id).status, GameStatus::Finished);
}

#[test]
fn a_pat_claim_the_rules_confirm_ends_the_game() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Position(BT_DRAWN.into()), ALICE, BOB);
    assert!(live(w.game(id)).outcome().is_over());
    let d = w.answer(ALICE, "PAT");
    let g = &d.games[0];
    assert_eq!(g.status, GameStatus::Finished);
    let r = g.result.as_ref().unwrap();
    assert_eq!((r.winner, r.line.as_str()), (None, "PAT"));
    assert_eq!(first_line(only(&d, BOB)), "PAT");
    assert!(
        only(&d, ALICE)
            .body
            .contains("The rules confirm the draw claim (PAT).")
    );
}

#[test]
fn resignation_ends_the_game_for_both_with_the_result_in_the_games_terms() {
    let bulltricker = engine!("bulltricker");
    engine!("abalone");
    let mut w = World::new();
    let id = w.create(bulltricker, Start::Default, ALICE, BOB);
    w.answer(ALICE, "b.h2 b.h4");
    // Resigning is allowed off turn.
    let d = w.answer(ALICE, "I resign");
    let g = &d.games[0];
    let r = g.result.as_ref().unwrap();
    assert_eq!(
        (r.winner, r.termination.as_str(), r.line.as_str()),
        (Some(Side::Black), "resignation", "BW")
    );
    let alice = only(&d, ALICE);
    assert_eq!(first_line(alice), "BW");
    assert!(alice.body.contains("You resigned."));
    assert!(
        alice.body.contains("Black wins (resignation). You lose."),
        "{}",
        alice.body
    );
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "BW");
    assert!(bob.body.contains("Your opponent resigned."));
    assert!(bob.body.contains("You win."));
    assert!(
        bob.body
            .contains("# result: black wins\n# termination: resignation\n"),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("1. b.h2 b.h4\n"));
    assert_eq!(w.game(id).status, GameStatus::Finished);
}

#[test]
fn resignation_in_abalone_gives_the_result_in_words_and_the_apgn_record() {
    engine!("abalone");
    let mut w = World::new();
    challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.set_lang(BOB, Lang::FR);
    let d = w.answer(BOB, "abandon");
    let r = d.games[0].result.as_ref().unwrap();
    assert_eq!(r.line, "Black wins by resignation");
    assert!(only(&d, ALICE).body.contains("[Result \"1-0\"]"));
    assert!(only(&d, BOB).body.contains("Vous avez abandonné."));
    assert!(
        only(&d, BOB)
            .body
            .contains("Résultat : Les Noirs gagnent (abandon). Vous perdez."),
        "{}",
        only(&d, BOB).body
    );
}

#[test]
fn a_mating_move_ends_the_game_with_ww_mat_and_the_protocol_record() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    let id = w.create(
        bulltricker,
        Start::Position(BT_MATE_IN_ONE.into()),
        ALICE,
        BOB,
    );
    w.set_lang(BOB, Lang::FR);
    let d = w.answer(ALICE, "e.h8 d.h8");
    let g = &d.games[0];
    assert_eq!(g.status, GameStatus::Finished);
    let r = g.result.as_ref().unwrap();
    assert_eq!(
        (r.winner, r.termination.as_str(), r.line.as_str()),
        (Some(Side::White), "MAT", "WW MAT")
    );
    for who in [ALICE, BOB] {
        let m = only(&d, who);
        assert_eq!(first_line(m), "e.h8 d.h8 WW MAT");
        assert!(m.body.contains("1. e.h8 d.h8 WW MAT\n"), "{}", m.body);
        assert!(
            m.body
                .contains("# result: white wins\n# termination: MAT\n")
        );
    }
    assert!(only(&d, ALICE).body.contains("You win."));
    assert!(
        only(&d, BOB).body.contains("Vous perdez."),
        "{}",
        only(&d, BOB).body
    );
    assert_eq!(w.game(id).result.as_ref().unwrap().line, "WW MAT");
}

#[test]
fn a_forced_pass_is_stored_announced_to_both_and_the_mover_plays_again() {
    let ataxx = engine!("ataxx");
    let mut w = World::new();
    // o (White) on a7 has no empty cell within two steps once x clones to c5.
    let id = w.create(
        ataxx,
        Start::Position("oxx4/xxx4/xx1x3/7/7/7/7 x 0 1".into()),
        BOB,
        ALICE,
    );
    let m = {
        let mail = w.last_to(ALICE).clone();
        w.reply_msg(&mail, ALICE, "c5")
    };
    let d = w.deliver(&m);
    let g = &d.games[0];
    let moves: Vec<(&str, Option<&str>)> = g
        .moves
        .iter()
        .map(|p| (p.text.as_str(), p.message_id.as_deref()))
        .collect();
    assert_eq!(
        moves,
        vec![("c5", Some(m.message_id.as_str())), ("0000", None)]
    );
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "c5");
    assert!(
        bob.body
            .contains("You have no legal move: arbitre passed for you (0000)."),
        "{}",
        bob.body
    );
    let alice = only(&d, ALICE);
    assert_eq!(first_line(alice), "c5");
    assert!(
        alice
            .body
            .contains("o has no legal move and passes (0000)."),
        "{}",
        alice.body
    );
    assert!(alice.body.contains("It is your move again."));
    assert!(
        alice.body.contains("Moves:\n1. c5 (0000)\n"),
        "{}",
        alice.body
    );
    // The stored game replays, and Alice moves again (o still cannot move: a second pass).
    let d = w.answer(ALICE, "a4");
    let texts: Vec<&str> = w.game(id).moves.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts, vec!["c5", "0000", "a4", "0000"]);
    assert!(only(&d, ALICE).body.contains("It is your move again."));
}

// ---------------------------------------------------------------------------------------
// Whole games

/// A seeded random playout of Bulltricker from the start that ends by MAT (or TRICK).
fn bulltricker_game_ending_by_enclosure(bulltricker: GameKind) -> Vec<String> {
    for seed in 1..500u64 {
        let mut state = seed;
        let mut game = AnyGame::new(bulltricker, &Start::Default, None, "").unwrap();
        let mut moves = Vec::new();
        while !game.outcome().is_over() && moves.len() < 300 {
            let legal = game.legal_moves();
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Prefer captures and moves near the enemy king half of the time.
            let pick = &legal[(state >> 33) as usize % legal.len()];
            game.play(pick).unwrap();
            moves.push(pick.clone());
        }
        if let Some(t) = game.outcome().termination()
            && (t.code == "MAT" || t.code == "TRICK")
        {
            return moves;
        }
    }
    panic!("no random playout ended by enclosure");
}

#[test]
fn a_whole_bulltricker_game_by_mail_ends_by_enclosure() {
    let bulltricker = engine!("bulltricker");
    let moves = bulltricker_game_ending_by_enclosure(bulltricker);
    let mut w = World::new();
    let d = w.send_confirmed(ALICE, "NEW bulltricker VS bob@b.example");
    let id = d.games[0].id;
    w.answer(BOB, "ACCEPT");
    let players = [ALICE, BOB];
    let mut last = Decision::default();
    for (i, m) in moves.iter().enumerate() {
        let (mover, other) = (players[i % 2], players[(i + 1) % 2]);
        last = w.answer(mover, m);
        assert_eq!(last.games.len(), 1, "move {} {m}: {}", i + 1, last.summary);
        let forwarded = only(&last, other);
        assert!(
            first_line(forwarded).starts_with(m.as_str()),
            "{}",
            forwarded.body
        );
    }
    let g = w.game(id);
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.moves.len(), moves.len());
    let line = &g.result.as_ref().unwrap().line;
    assert!(line.ends_with("MAT") || line.ends_with("TRICK"), "{line}");
    let end = only(&last, BOB);
    assert!(first_line(end).ends_with(line.as_str()));
    // The record replays to the same result with the generic reader.
    let record = end.body.split("Complete record:\n\n").nth(1).unwrap();
    let record = record.split("\nThank you").next().unwrap();
    let rec = arbitre::games::record::read_line_per_move(record);
    let replayed =
        arbitre::games::record::replay(bulltricker, &rec, &Start::Default, None, "").unwrap();
    assert_eq!(replayed.problem, None, "{record}");
    assert_eq!(replayed.plies, moves.len());
}

#[test]
fn whole_abalone_games_of_the_migs_corpus_replay_by_mail_to_six_ejections() {
    let abalone = engine!("abalone");
    let Some(dir) = skip::shared_data("abalone") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("migs-2016-2017.apgn")).unwrap();
    let records = abalone.read_records(&text).unwrap();
    let by_score: Vec<_> = records
        .iter()
        .filter(|r| {
            r.tags
                .iter()
                .any(|(k, v)| k == "Termination" && v == "Au score")
        })
        .filter(|r| matches!(r.declared, Some(arbitre::games::DeclaredResult::Won(_))))
        .take(4)
        .collect();
    assert!(!by_score.is_empty());
    for rec in by_score {
        // Check the record first: some corpus records stop before the sixth ejection.
        let mut check = AnyGame::new(
            abalone,
            &Start::Variant(
                rec.variant
                    .clone()
                    .unwrap_or_else(|| "belgian-daisy".into()),
            ),
            None,
            "",
        )
        .unwrap();
        if rec.moves.iter().any(|m| check.play(&m.text).is_err()) || !check.outcome().is_over() {
            continue;
        }
        let variant = rec
            .variant
            .clone()
            .unwrap_or_else(|| "belgian-daisy".into());
        let mut w = World::new();
        let d = w.send_confirmed(ALICE, &format!("NEW abalone {variant} VS bob@b.example"));
        let id = d.games[0].id;
        w.answer(BOB, "ACCEPT");
        let players = [ALICE, BOB]; // Alice is Black and moves first.
        let mut last = Decision::default();
        for (i, m) in rec.moves.iter().enumerate() {
            last = w.answer(players[i % 2], &m.text);
            assert_eq!(
                last.games.len(),
                1,
                "{}: move {} {}: {}",
                rec.label,
                i + 1,
                m.text,
                last.summary
            );
        }
        let g = w.game(id);
        assert_eq!(g.status, GameStatus::Finished, "{}", rec.label);
        let r = g.result.as_ref().unwrap();
        assert_eq!(r.termination, "six-ejected");
        let winner = r.winner.unwrap();
        assert_eq!(
            rec.declared,
            Some(arbitre::games::DeclaredResult::Won(winner))
        );
        for who in [ALICE, BOB] {
            let m = only(&last, who);
            assert_eq!(
                first_line(m),
                g.moves.last().unwrap().text.clone() + " " + &r.line
            );
            assert!(
                m.body.contains(&format!("[Plies \"{}\"]", rec.moves.len())),
                "{}",
                m.body
            );
            assert!(m.body.contains("[Termination \"six-ejected\"]"));
        }
        // The APGN record mailed at the end reads back and replays.
        let apgn = only(&last, ALICE)
            .body
            .split("Complete record:\n\n")
            .nth(1)
            .unwrap();
        let apgn = apgn.split("\nThank you").next().unwrap();
        let back = abalone.read_records(apgn).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves.len(), rec.moves.len());
    }
}

#[test]
fn arbitrary_mail_from_players_and_strangers_never_breaks_an_invariant() {
    engine!("abalone");
    let pieces = [
        "a1b2",
        "i5h5",
        "b.h2 b.h4",
        "b.h7 b.h5",
        "draw",
        "PAT",
        "resign",
        "accept",
        "decline",
        "board",
        "history",
        "games",
        "help",
        "aide bulltricker",
        "lang fr",
        "lang en",
        "ERR",
        "NEW abalone VS bob@b.example",
        "new bulltricker as black vs alice@a.example",
        "nouvelle abalone contre carol@c.example",
        "\u{2013}",
        "\u{00A0}",
        "Hi,",
        "> quoted",
        "-- ",
        "\n",
        "\n\n",
        "12.",
        "e5",
        "v8.2 v8.3",
        "zz",
        "é",
        "[arbitre #1]",
        "??",
    ];
    let people = [ALICE, BOB, CAROL];
    let mut w = World::new();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    for _ in 0..1500 {
        let mut text = String::new();
        for _ in 0..1 + next(3) {
            text.push_str(pieces[next(pieces.len())]);
            text.push_str([" ", "\n", ""][next(3)]);
        }
        let from = people[next(people.len())];
        let mut m = match next(3) {
            0 if w.sent.iter().any(|o| o.to == from) => {
                let mail = w.last_to(from).clone();
                w.reply_msg(&mail, from, &text)
            }
            _ => w.msg(from, &text),
        };
        if next(4) == 0 {
            m.subject = pieces[next(pieces.len())].to_string();
        }
        m.automatic = next(20) == 0;
        let before = w.games.clone();
        let d = w.deliver(&m);
        if m.automatic {
            assert!(d.outbox.is_empty() && d.games.is_empty());
        }
        // A stranger to a game never changes it.
        for g in &d.games {
            if let Some(old) = before.get(&g.id) {
                assert!(old.side_of(from).is_some(), "{from} changed game #{}", g.id);
            }
            assert!(g.rebuild().is_ok());
        }
    }
    assert!(w.games.len() > 1, "the fuzz created games");
}

// ---------------------------------------------------------------------------------------
// Purity and stable ids

#[test]
fn deciding_the_same_message_again_gives_the_same_message_ids() {
    engine!("abalone");
    let mut w = World::new();
    challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let mail = w.last_to(ALICE).clone();
    let m = w.reply_msg(&mail, ALICE, "a1b2");
    let ctx = w.context(&m);
    let a = referee::handle(&w.config, &ctx, &m, 1);
    let b = referee::handle(&w.config, &ctx, &m, 2);
    let ids = |d: &Decision| {
        d.outbox
            .iter()
            .map(|o| o.message_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(a.outbox.len(), 2);
    let mut other = m.clone();
    other.message_id = "other@a.example".into();
    let c = referee::handle(&w.config, &ctx, &other, 1);
    assert!(ids(&c).iter().all(|id| !ids(&a).contains(id)));
}

// ---------------------------------------------------------------------------------------
// Forged mail: a From line proves nothing

/// The state a forgery must leave untouched.
fn state(w: &World) -> (BTreeMap<GameId, StoredGame>, BTreeMap<String, Player>) {
    (w.games.clone(), w.players.clone())
}

/// The reply address of `who`'s seat in game `id`, from the latest mail they got about it.
fn seat_address(w: &World, who: &str, id: GameId) -> String {
    w.sent
        .iter()
        .rev()
        .find(|o| o.to == who && o.game == Some(id))
        .and_then(|o| o.reply_to.clone())
        .expect("a game mail with a reply address")
}

/// `address` with the last character of its token changed.
fn altered(address: &str) -> String {
    let (local, domain) = address.split_once('@').unwrap();
    let mut local = local.to_string();
    let last = local.pop().unwrap();
    local.push(if last == 'a' { 'b' } else { 'a' });
    format!("{local}@{domain}")
}

#[test]
fn each_forgery_found_by_fault_injection_changes_nothing() {
    engine!("abalone");
    let mut w = World::new();
    let g1 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let bob_g1 = seat_address(&w, BOB, g1);
    let before = state(&w);
    let forgeries = [
        // A made-up token of the right shape: `bot+g1-b-<random>`.
        format!("arbitre+g{g1}-b-abcdefghijklmnop@referee.example"),
        // Any other plus-address of the bot.
        "arbitre+zz0@referee.example".to_string(),
        // A real reply address with its last character altered.
        altered(&bob_g1),
    ];
    for to in &forgeries {
        for text in ["i5h5", "RESIGN", "DRAW", "LANG FR"] {
            let mut m = w.msg(BOB, text);
            m.recipients = vec![to.clone()];
            m.subject = format!("Re: [arbitre #{g1}] Abalone");
            let d = w.deliver(&m);
            assert_eq!(state(&w), before, "{to} {text}: {}", d.summary);
            // Only the From address hears of it, and is told why.
            let answer = only(&d, BOB);
            assert!(
                answer.body.contains("not a reply address arbitre gave you"),
                "{}",
                answer.body
            );
            assert!(answer.body.contains(to.as_str()));
        }
    }
    // Two mails to the plain address: a draw offer "from Alice", then its acceptance "from
    // Bob". Neither proves its sender.
    let d = w.send(ALICE, "DRAW");
    assert_eq!(state(&w), before, "{}", d.summary);
    assert!(to(&d, BOB).is_empty(), "nothing reaches the opponent");
    let d = w.send(BOB, "ACCEPT");
    assert_eq!(state(&w), before, "{}", d.summary);
    // A language change, and a display name, from a From line alone.
    let mut m = w.msg(BOB, "LANG FR");
    m.from_name = Some("Mallory".into());
    let d = w.deliver(&m);
    assert_eq!(state(&w), before, "{}", d.summary);
    let answer = only(&d, BOB);
    assert!(
        answer
            .body
            .starts_with("arbitre did nothing with your message")
    );
    assert!(
        answer.subject.ends_with("Confirm: LANG FR"),
        "{}",
        answer.subject
    );
    // A challenge in someone else's name creates nothing and invites nobody.
    let d = w.send(CAROL, "NEW abalone VS alice@a.example");
    assert_eq!(state(&w), before, "{}", d.summary);
    assert!(to(&d, ALICE).is_empty());
    // The opponent's own (valid) reply address under the victim's From line: the key is
    // Bob's, the From line Alice's.
    let mut m = w.msg(ALICE, "a1b2");
    m.recipients = vec![bob_g1.clone()];
    let d = w.deliver(&m);
    assert_eq!(state(&w), before, "{}", d.summary);
    assert!(to(&d, BOB).is_empty());
    // And after all that, the real players play on.
    let d = w.answer(ALICE, "a1b2");
    assert_eq!(d.games[0].moves.len(), 1);
}

#[test]
fn authentication_results_prove_a_sender_only_from_the_configured_server() {
    use arbitre::mail::authres;
    use arbitre::referee::{Above, AuthResults};
    engine!("abalone");
    let mut w = World::with(RefereeConfig {
        authserv_id: Some("mx.referee.example".into()),
        domain_proof: vec!["a.example".into()],
        ..config()
    });
    let g1 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let before = state(&w);
    // The headers, top first, each with what stands above it.
    let with = |w: &mut World, headers: &[(Above, &str)]| {
        let mut m = w.msg(ALICE, "a1b2");
        m.auth_results = headers
            .iter()
            .filter_map(|(above, h)| authres::read(h).map(|r| AuthResults { above: *above, ..r }))
            .collect();
        w.deliver(&m)
    };
    let good = "mx.referee.example; dkim=pass header.d=a.example";
    for forged in [
        vec![(
            Above::Trace,
            "mx.evil.example; dmarc=pass header.from=a.example",
        )],
        vec![(
            Above::Trace,
            "mx.referee.example; dmarc=fail header.from=a.example",
        )],
        vec![(
            Above::Trace,
            "mx.referee.example; dkim=pass header.d=evil.example",
        )],
        vec![(
            Above::Trace,
            "mx.referee.example; spf=pass smtp.mailfrom=alice@evil.example",
        )],
        // The right id and a pass, but lower than the server's own block.
        vec![
            (
                Above::Trace,
                "mx.referee.example; dmarc=none header.from=a.example",
            ),
            (Above::Other, good),
        ],
        vec![(Above::Other, good)],
    ] {
        let d = with(&mut w, &forged);
        assert_eq!(state(&w), before, "{forged:?}: {}", d.summary);
    }
    let d = with(
        &mut w,
        &[
            (
                Above::Trace,
                "mx.referee.example; dmarc=none header.from=a.example",
            ),
            (Above::Results, good),
        ],
    );
    assert_eq!(d.games[0].id, g1, "{}", d.summary);
    assert_eq!(d.games[0].moves.len(), 1);
}

#[test]
fn random_forgeries_never_change_a_game_or_a_player_nor_reach_an_opponent() {
    engine!("abalone");
    engine!("bulltricker");
    let mut w = World::new();
    let g1 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let g2 = challenge_and_accept(&mut w, "NEW bulltricker VS bob@b.example");
    w.answer(ALICE, "b.h2 b.h4");
    // A pending invitation and a standing draw offer, so that ACCEPT has things to hit.
    w.send_confirmed(CAROL, "NEW ataxx VS alice@a.example");
    w.answer(BOB, "DRAW");
    let keys = [
        seat_address(&w, ALICE, g1),
        seat_address(&w, BOB, g1),
        seat_address(&w, ALICE, g2),
        seat_address(&w, BOB, g2),
    ];
    let ours: Vec<String> = w.sent.iter().map(|o| o.message_id.clone()).collect();
    let texts = [
        "a1b2",
        "i5h5",
        "b.h7 b.h5",
        "RESIGN",
        "abandon",
        "DRAW",
        "nulle",
        "PAT",
        "ACCEPT",
        "accepter",
        "DECLINE",
        "refuser",
        "LANG FR",
        "langue en",
        "francais",
        "NEW abalone VS carol@c.example",
        "nouvelle ataxx contre bob@b.example",
        "",
    ];
    let people = [ALICE, BOB, CAROL];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let before = state(&w);
    for i in 0..2000 {
        let from = people[next(people.len())];
        let mut m = w.msg(from, texts[next(texts.len())]);
        m.from_name = Some(format!("Forger {i}"));
        // Never the sender's own key: anything else a forger can get hold of or make up.
        let to = loop {
            let to = match next(6) {
                0 => BOT.to_string(),
                1 => format!(
                    "arbitre+g{}-{}-{}@referee.example",
                    1 + next(4),
                    ["w", "b"][next(2)],
                    "a".repeat(16)
                ),
                2 => format!(
                    "arbitre+{}@referee.example",
                    ["zz0", "p-aaaa", "", "g1", "help"][next(5)]
                ),
                3 => altered(&keys[next(keys.len())]),
                4 => keys[next(keys.len())].clone(),
                _ => referee::token::player_address(&w.config, people[next(people.len())]).unwrap(),
            };
            let own_seat = [(ALICE, g1, 0), (BOB, g1, 1), (ALICE, g2, 2), (BOB, g2, 3)]
                .iter()
                .any(|(who, _, k)| *who == from && keys[*k] == to);
            let own_player = referee::token::player_address(&w.config, from).unwrap() == to;
            if !own_seat && !own_player {
                break to;
            }
        };
        m.recipients = vec![to];
        if next(2) == 0 {
            m.subject = format!("Re: [arbitre #{}] x", 1 + next(4));
        }
        if next(2) == 0 {
            m.references = vec![ours[next(ours.len())].clone()];
        }
        let d = w.deliver(&m);
        assert_eq!(state(&w), before, "message {i} from {from}: {}", d.summary);
        for o in &d.outbox {
            assert_eq!(o.to, from, "message {i}: a forgery reached {}", o.to);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Every mail in the reader's language

/// Words that mark a sentence as English, and as French (none of them means anything in the
/// other language, nor in any game's notation).
const ENGLISH_WORDS: [&str; 20] = [
    "the", "you", "your", "is", "and", "has", "was", "with", "this", "game", "move", "reply",
    "wins", "nothing", "changed", "please", "write", "offers", "played", "moves",
];
const FRENCH_WORDS: [&str; 18] = [
    "le",
    "les",
    "vous",
    "votre",
    "est",
    "et",
    "partie",
    "coup",
    "répondez",
    "rien",
    "été",
    "écrivez",
    "joué",
    "nulle",
    "gagnent",
    "aucun",
    "une",
    "pour",
];

/// The lines of `body` written in the other language than `lang`: two or more of that
/// language's marker words. Lines meant to be in another language or in no language are
/// left out: offers to switch language (`LANG`), record headers (`[...]`, `#`), titles.
fn foreign_lines(body: &str, lang: Lang) -> Vec<String> {
    let markers: &[&str] = if lang == Lang::FR {
        &ENGLISH_WORDS
    } else {
        &FRENCH_WORDS
    };
    let mut titles: Vec<String> = Vec::new();
    for kind in GameKind::ALL {
        for l in Lang::ALL {
            titles.push(kind.title(l));
            for v in kind.variants() {
                titles.push(v.title(*kind, l));
            }
        }
    }
    titles.sort_by_key(|t| std::cmp::Reverse(t.len()));
    // Written in every language on purpose: how to stop invitations, for an invitee who
    // reads none of the challenger's (as the LANG offers are).
    let in_every_language: Vec<String> = Lang::available()
        .into_iter()
        .map(|l| arbitre::t!(l, "invitation-stop"))
        .collect();
    body.lines()
        .filter(|l| !l.contains("LANG ") && !l.starts_with('[') && !l.starts_with('#'))
        .filter(|l| !in_every_language.iter().any(|s| s == l))
        .filter(|line| {
            let mut text = line.to_lowercase();
            for t in &titles {
                text = text.replace(&t.to_lowercase(), " ");
            }
            let words: std::collections::BTreeSet<&str> = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| markers.contains(w))
                .collect();
            words.len() >= 2
        })
        .map(str::to_string)
        .collect()
}

/// Plays through nearly every kind of mail with every player reading `lang`; returns them.
fn every_kind_of_mail(lang: Lang) -> Vec<Outgoing> {
    engine!("abalone");
    engine!("ataxx");
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    for p in [ALICE, BOB, CAROL] {
        w.set_lang(p, lang);
    }
    // Challenges: mistakes, a challenge, its confirmation, acceptance.
    for bad in [
        "NEW",
        "NEW chess VS bob@b.example",
        "NEW abalone",
        "NEW abalone VS nobody",
        "NEW abalone AS PURPLE VS bob@b.example",
        "NEW abalone VS alice@a.example",
        "NEW abalone VS arbitre@referee.example",
        "NEW abalone zigzag VS bob@b.example",
        "NEW abalone repetition=7 VS bob@b.example",
    ] {
        w.send(ALICE, bad);
    }
    let g1 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // Moves: out of turn, illegal, legal, ERR, the board, the history, which game.
    w.answer(BOB, "i5h5");
    w.answer(ALICE, "a1a1");
    w.answer(ALICE, "a1b2");
    w.answer(BOB, "ERR");
    w.answer(BOB, "BOARD");
    w.answer(BOB, "HISTORY");
    w.answer(BOB, "what now?");
    // Draws: offered, offered again, declined, offered and declined by a move, accepted.
    w.answer(BOB, "DRAW");
    w.answer(BOB, "DRAW");
    w.answer(ALICE, "DECLINE");
    w.answer(BOB, "i5h5");
    w.answer(ALICE, "DRAW");
    w.answer(BOB, "b2c3");
    w.answer(ALICE, "DRAW");
    w.answer(BOB, "DRAW");
    // Over: a move after the end.
    w.answer(ALICE, "a2b3");
    // A second game: declined; a third: withdrawn; a fourth: resigned.
    w.send_confirmed(ALICE, "NEW abalone VS bob@b.example");
    w.answer(BOB, "DECLINE");
    w.answer(BOB, "a1b2");
    w.send_confirmed(ALICE, "NEW ataxx VS carol@c.example");
    w.answer(CAROL, "g7f6");
    w.answer(ALICE, "ACCEPT");
    w.answer(ALICE, "DECLINE");
    let g4 = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "RESIGN");
    // Correspondence commands: dry runs, a take-back asked and agreed, conditional lines
    // refused, stored, replaced, listed, answered, dropped by a move and by a draw offer,
    // cleared.
    challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "CHECK a1b2 i5h5 a1a2");
    w.answer(BOB, "CHECK i5h5");
    w.answer(ALICE, "IF i5h5 THEN b1c2");
    w.answer(ALICE, "a1b2");
    w.answer(ALICE, "UNDO");
    w.answer(ALICE, "IF i5h5 THEN b1c2");
    w.answer(BOB, "UNDO");
    w.answer(ALICE, "a1b2");
    w.answer(ALICE, "IF i5h5 THEN b1c2 IF h5g5 THEN a1a2");
    w.answer(ALICE, "IF i5h5 b1c2");
    w.answer(ALICE, "IF i5h5 THEN b1c2 IF h5g5 THEN c3c4");
    w.answer(ALICE, "IF i6h6 THEN a2b3");
    w.answer(ALICE, "IF i6h6 THEN b2c3");
    w.answer(ALICE, "CONDITIONS");
    w.answer(ALICE, "HISTORY");
    w.answer(BOB, "i5h5");
    w.answer(BOB, "i9h9");
    w.answer(ALICE, "a2b3");
    w.answer(ALICE, "IF h5g5 THEN c3c4");
    w.answer(BOB, "DRAW");
    w.answer(ALICE, "DECLINE");
    w.answer(ALICE, "IF h5g5 THEN c3c4");
    w.answer(ALICE, "CONDITIONS CLEAR");
    w.answer(BOB, "CONDITIONS");
    w.answer(BOB, "h5g5");
    // Bulltricker: a PAT claim refused, a mate, a forced capture missed.
    let bt = w.create(
        bulltricker,
        Start::Position(BT_MATE_IN_ONE.into()),
        ALICE,
        BOB,
    );
    w.answer(ALICE, "PAT");
    w.answer(BOB, "DECLINE");
    w.answer(ALICE, "e.h8 d.h8");
    let _ = (g1, g4, bt);
    // An Ataxx game with a forced pass.
    w.create(
        engine!("ataxx"),
        Start::Position("7/7/7/7/7/ooo4/xo5 x 0 1".into()),
        ALICE,
        BOB,
    );
    w.answer(ALICE, "c1");
    // Lists, help, language, strangers, problems of the mail itself.
    w.send(ALICE, "GAMES");
    w.send(CAROL, "GAMES");
    w.send(ALICE, "HELP");
    w.send(ALICE, "HELP bulltricker");
    w.send(ALICE, "LANG klingon");
    w.send(CAROL, "i5h5");
    w.send(CAROL, "ACCEPT");
    w.send(CAROL, "");
    let mut m = w.msg(CAROL, "a1b2");
    m.subject = "[arbitre #1] x".into();
    w.deliver(&m);
    let mut m = w.msg(ALICE, "BOARD");
    m.subject = "[arbitre #99] x".into();
    w.deliver(&m);
    let mut m = w.msg(ALICE, "a1b2");
    m.size = 10_000_000;
    w.deliver(&m);
    let mut m = w.msg(ALICE, "a1b2");
    m.recipients = vec!["arbitre+zz0@referee.example".into()];
    w.deliver(&m);
    w.send(ALICE, "RESIGN");
    w.sent.clone()
}

#[test]
fn every_mail_reads_in_its_readers_language_and_no_message_lacks_an_argument() {
    arbitre::text::catalog::take_errors();
    for lang in [Lang::FR, Lang::EN] {
        let mails = every_kind_of_mail(lang);
        assert!(mails.len() > 60, "{} mails", mails.len());
        // ARBITRE_DUMP_MAILS=fr (or en) prints them, to read them end to end.
        if std::env::var("ARBITRE_DUMP_MAILS").is_ok_and(|l| l == lang.code()) {
            for m in &mails {
                eprintln!("==== to {} | {}\n{}", m.to, m.subject, m.body);
            }
        }
        let mut foreign = Vec::new();
        for m in &mails {
            for line in foreign_lines(&m.subject, lang)
                .into_iter()
                .chain(foreign_lines(&m.body, lang))
            {
                foreign.push(format!("{}: {line}", m.subject));
            }
        }
        assert!(
            foreign.is_empty(),
            "{} line(s) not in {lang}:\n{}",
            foreign.len(),
            foreign.join("\n")
        );
    }
    let errors = arbitre::text::catalog::take_errors();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn the_language_check_finds_a_sentence_in_the_other_language() {
    assert_eq!(
        foreign_lines(
            "Coups :\nYour opponent (White) played move 1: a1b2",
            Lang::FR
        )
        .len(),
        1
    );
    assert_eq!(
        foreign_lines("Votre adversaire a joué le coup 1\nPosition: x", Lang::EN).len(),
        1
    );
    assert!(foreign_lines("a1b2 BW MAT\n[Result \"1-0\"]\nLANG FR: répondez", Lang::EN).is_empty());
}

// ---------------------------------------------------------------------------------------
// The example move of "how to play"

/// The example in a mail's "for example: X", if any.
fn example_in(body: &str) -> Option<String> {
    let (_, rest) = body.split_once("(for example: ")?;
    Some(rest.split_once(')')?.0.to_string())
}

#[test]
fn an_example_move_is_from_the_guide_legal_for_its_reader_and_never_a_hint() {
    for name in ["abalone", "bulltricker", "ataxx", "sauterelle", "tours"] {
        let kind = engine(name);
        let mut w = World::new();
        let id = w.create(kind, Start::Default, ALICE, BOB);
        // Play a few plies, checking every mail's example against the position it shows.
        for ply in 0..8 {
            let game = w.game(id).clone();
            let live = live(&game);
            for mail in w.sent.iter().filter(|m| m.game == Some(id)) {
                let Some(example) = example_in(&mail.body) else {
                    continue;
                };
                assert!(
                    kind.notation_examples().contains(&example.as_str()),
                    "{name}: {example} is not from the guide"
                );
            }
            // The latest mail to each player: an example only when it is their move, and
            // legal for them.
            for who in [ALICE, BOB] {
                let side = game.side_of(who).unwrap();
                let last = w.last_to(who).clone();
                if let Some(example) = example_in(&last.body) {
                    assert_eq!(live.side_to_move(), side, "{name}: {example} to {who}");
                    let j = live.judge(&example);
                    assert!(
                        j.as_ref().is_ok_and(|j| j.mover == side),
                        "{name} ply {ply}: example {example} for {who}: {j:?}"
                    );
                }
            }
            if live.outcome().is_over() {
                break;
            }
            let mover = if game.side_of(ALICE) == Some(live.side_to_move()) {
                ALICE
            } else {
                BOB
            };
            let legal = live.legal_moves();
            w.answer(mover, &legal[(ply * 5) % legal.len()]);
        }
    }
    // Bulltricker with a compulsory capture: no quiet example is legal, so none is shown
    // (an example would reveal the capture).
    let mut w = World::new();
    w.create(
        engine!("bulltricker"),
        Start::Position(BT_COMPULSORY.into()),
        ALICE,
        BOB,
    );
    let start = w.last_to(ALICE).clone();
    assert!(start.body.contains("It is your move."), "{}", start.body);
    assert_eq!(example_in(&start.body), None, "{}", start.body);
    // The reader who is not to move gets no example either.
    let mut w = World::new();
    w.create(engine!("abalone"), Start::Default, ALICE, BOB);
    let white = w.last_to(ALICE).clone();
    assert!(
        white.body.contains("Your opponent moves first"),
        "{}",
        white.body
    );
    assert_eq!(example_in(&white.body), None);
    let black = w.last_to(BOB).clone();
    assert_eq!(
        example_in(&black.body).as_deref(),
        Some("a1b2"),
        "{}",
        black.body
    );
}

// ---------------------------------------------------------------------------------------
// Subjects that say what happened

#[test]
fn subjects_name_the_game_the_opponent_and_what_happened() {
    engine!("abalone");
    let mut w = World::new();
    let mut m = w.keyed_msg(ALICE, "NEW abalone VS bob@b.example");
    m.from_name = Some("Alice".into());
    w.deliver(&m);
    assert_eq!(
        w.last_to(BOB).subject,
        "[arbitre #1] Abalone vs Alice: invitation"
    );
    let mut m = w.reply_msg(&w.last_to(BOB).clone(), BOB, "ACCEPT");
    m.from_name = Some("Bob".into());
    w.deliver(&m);
    assert_eq!(
        w.last_to(ALICE).subject,
        "[arbitre #1] Abalone vs Bob: your move"
    );
    w.answer(ALICE, "a1b2");
    assert_eq!(
        w.last_to(BOB).subject,
        "[arbitre #1] Abalone vs Alice: your move (1. a1b2)"
    );
    assert_eq!(
        w.last_to(ALICE).subject,
        "Re: [arbitre #1] Abalone vs Bob: Bob to play"
    );
    // An empty reply to that mail plays nothing: the move in the Subject is Alice's.
    let d = w.answer(BOB, "");
    assert!(d.games.is_empty(), "{}", d.summary);
    // French for a French reader; the result for each side.
    w.set_lang(BOB, Lang::FR);
    w.players.get_mut(BOB).unwrap().name = Some("Bob".into());
    w.answer(BOB, "ABANDON");
    assert_eq!(
        w.last_to(ALICE).subject,
        "[arbitre #1] Abalone vs Bob: Bob resigned, you win"
    );
    assert_eq!(
        w.last_to(BOB).subject,
        "Re: [arbitre #1] Abalone contre Alice : vous avez abandonné"
    );
}

/// The words a player writes after the move go to the opponent under a heading (quotes and
/// signature left out, addresses masked), the mover is told so, and `CHAT OFF` /
/// `DISCUSSION NON` stops them for the one who sends it, in either language.
#[test]
fn words_written_with_a_move_go_to_the_opponent_unless_they_turned_them_off() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    w.create(bulltricker, Start::Default, ALICE, BOB);
    let d = w.answer(
        ALICE,
        "b.h2 b.h4\n\nGood luck, Bob!\nWrite to me at alice@home.example if you like.\n> old quoted line\n-- \nAlice",
    );
    let bob = only(&d, BOB);
    assert_eq!(first_line(bob), "b.h2 b.h4");
    assert!(
        bob.body.contains(&format!(
            "Your opponent wrote with the move:\nGood luck, Bob!\nWrite to me at {} if you like.\n(Mail addresses are not passed on.)\n",
            referee::chat::MASK
        )),
        "{}",
        bob.body
    );
    assert!(!bob.body.contains("old quoted line") && !bob.body.contains("\nAlice"));
    let alice = only(&d, ALICE);
    assert!(
        alice
            .body
            .contains("The move has gone to your opponent; arbitre will mail you the answer.\nYour words went with it."),
        "{}",
        alice.body
    );

    // Bob, in French, turns them off; Alice's next words stay with her, and she is told.
    let d = w.answer(BOB, "b.h7 b.h5\nBien joué.");
    assert!(only(&d, ALICE).body.contains("Bien joué."));
    let m = w.keyed_msg(BOB, "DISCUSSION NON");
    let d = w.deliver(&m);
    let answer = only(&d, BOB);
    assert!(
        answer.body.contains("sans les mots qu'ils y joignent"),
        "{}",
        answer.body
    );
    assert!(!d.players.iter().find(|p| p.address == BOB).unwrap().chat);
    let d = w.answer(ALICE, "b.h4 b.h6 see you tomorrow");
    let bob = only(&d, BOB);
    assert!(first_line(bob).starts_with("b.h4 b.h6"), "{}", bob.body);
    assert!(!bob.body.contains("see you tomorrow"), "{}", bob.body);
    assert!(
        only(&d, ALICE).body.contains(
            "Your opponent has turned off opponents' messages (CHAT OFF): your words were not passed on"
        ),
        "{}",
        only(&d, ALICE).body
    );
    // CHAT ON brings them back; a bare CHAT explains itself (in Bob's language, French since
    // his first keywords) and changes nothing.
    let m = w.keyed_msg(BOB, "chat");
    let d = w.deliver(&m);
    assert!(d.players.is_empty() || d.players.iter().all(|p| !p.chat));
    assert!(
        only(&d, BOB).body.contains("DISCUSSION OUI"),
        "{}",
        only(&d, BOB).body
    );
    let m = w.keyed_msg(BOB, "CHAT ON");
    let d = w.deliver(&m);
    assert!(d.players.iter().find(|p| p.address == BOB).unwrap().chat);
}

/// A forger cannot turn off someone's messages: `CHAT OFF` to the plain address asks for
/// confirmation and changes nothing.
#[test]
fn chat_off_needs_proof_of_its_sender() {
    let mut w = World::new();
    let d = w.send(BOB, "CHAT OFF");
    assert!(d.players.is_empty(), "{:?}", d.players);
    assert!(only(&d, BOB).subject.contains("Confirm"));
}

/// More than twenty lines: the first twenty go on, with a note that the rest did not; the
/// words of a winning move reach the loser's end-of-game mail.
#[test]
fn long_words_are_cut_and_words_reach_the_end_of_game_mail() {
    let ataxx = engine!("ataxx");
    let mut w = World::new();
    // One stone each, side by side: the side to move takes the other's last stone.
    let id = w.create(
        ataxx,
        Start::Position("xo5/7/7/7/7/7/7 x".into()),
        ALICE,
        BOB,
    );
    let game = live(w.game(id));
    let (mover, other) = if game.side_to_move() == Side::White {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    };
    let winning = game
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut g = game.clone();
            g.play(m).unwrap();
            g.outcome().is_over()
        })
        .expect("a winning move");
    let mut text = format!("{winning}\n");
    for i in 1..=25 {
        text.push_str(&format!("line {i}\n"));
    }
    let d = w.answer(mover, &text);
    assert_eq!(d.games[0].status, GameStatus::Finished);
    let end = only(&d, other);
    assert!(
        end.body.contains("wrote with the move:\nline 1\n"),
        "{}",
        end.body
    );
    assert!(end.body.contains("line 20\n"), "{}", end.body);
    assert!(!end.body.contains("line 21"), "{}", end.body);
    assert!(
        end.body
            .contains("(The rest of the message was not passed on: at most 20 lines are.)"),
        "{}",
        end.body
    );
}

/// One numbering per game, the one its records use, in every mail: Abalone numbers pairs
/// (Black's `2.`, then White's `2...`), Sauterelle every move.
#[test]
fn move_numbers_follow_the_games_records_everywhere() {
    let abalone = engine!("abalone");
    let mut w = World::new();
    let id = w.create(abalone, Start::Default, BOB, ALICE);
    let mut game = live(w.game(id));
    let mut texts = Vec::new();
    for (i, who) in [ALICE, BOB, ALICE].into_iter().enumerate() {
        let mv = game.legal_moves()[i * 5].clone();
        let j = game.play(&mv).unwrap();
        texts.push(j.canonical.clone());
        w.answer(who, &mv);
    }
    // Bob (White) gets Black's third move: move 2 of the game.
    let bob = w.last_to(BOB).clone();
    assert!(
        bob.subject
            .ends_with(&format!("your move (2. {})", texts[2])),
        "{}",
        bob.subject
    );
    assert!(bob.body.contains("played move 2. "), "{}", bob.body);
    assert!(
        bob.body.contains(&format!(
            "Moves:\n1. {} {}  2. {}\n",
            texts[0], texts[1], texts[2]
        )),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("Move 2. You play White."), "{}", bob.body);
    let d = w.answer(BOB, "HISTORY");
    let history = &only(&d, BOB).body;
    assert!(
        history.contains(&format!("1. {} {} 2. {}", texts[0], texts[1], texts[2])),
        "{history}"
    );

    let sauterelle = engine!("sauterelle");
    let mut w = World::new();
    let id = w.create(sauterelle, Start::Default, ALICE, BOB);
    let mut game = live(w.game(id));
    let first = game.side_to_move();
    let mut who = if first == Side::White { ALICE } else { BOB };
    for i in 0..3 {
        let mv = game.legal_moves()[i % game.legal_moves().len()].clone();
        game.play(&mv).unwrap();
        w.answer(who, &mv);
        who = if who == ALICE { BOB } else { ALICE };
    }
    let moved = w.game(id).moves.len();
    let mail = w.last_to(who).clone();
    assert!(
        mail.subject.contains(&format!("your move ({moved}. ")),
        "{}",
        mail.subject
    );
    assert!(
        mail.body.contains(&format!("played move {moved}. ")),
        "{}",
        mail.body
    );
    assert!(
        mail.body.contains(&format!("Move {}. You play", moved + 1)),
        "{}",
        mail.body
    );
    let d = w.answer(who, "HISTORY");
    let history = &only(&d, who).body;
    assert!(history.contains(&format!("\n{moved}. ")), "{history}");
}

// ---------------------------------------------------------------------------------------
// Correspondence commands

#[test]
fn check_runs_a_line_stops_at_the_illegal_third_move_and_changes_nothing() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.answer(ALICE, "CHECK a1b2 i5h5 a1a2 b1b2");
    assert!(d.games.is_empty(), "a dry run stores nothing");
    assert!(to(&d, BOB).is_empty(), "the opponent is not told");
    let m = only(&d, ALICE);
    let body = &m.body;
    assert!(body.starts_with("A dry run: nothing is played"), "{body}");
    assert!(
        body.contains("\n1. a1b2: legal. Black moves 3 marbles"),
        "{body}"
    );
    assert!(body.contains("\n2. i5h5: legal. White moves"), "{body}");
    assert!(
        body.contains("\n3. a1a2: not legal: in a1a2, there is no marble on A1.\n"),
        "{body}"
    );
    assert!(
        body.contains("The move after it was not checked."),
        "{body}"
    );
    assert!(body.contains("The board after the legal moves:"), "{body}");
    // The board shows the line's last legal move, not the live position.
    assert!(body.contains("last move: i5h5"), "{body}");
    assert!(w.game(id).moves.is_empty());
    // In French, with the French keyword; the real move is still to be played.
    w.set_lang(ALICE, Lang::FR);
    let d = w.answer(ALICE, "VERIFIER a1b2");
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with("Un essai : rien n'est joué et votre adversaire n'en sait rien."),
        "{body}"
    );
    assert!(
        body.contains("\n1. a1b2 : coup légal. Les Noirs déplacent"),
        "{body}"
    );
    let d = w.answer(ALICE, "a1b2");
    assert_eq!(d.games[0].moves.len(), 1);
}

#[test]
fn check_off_turn_is_checked_as_if_it_were_the_senders_turn() {
    engine!("bulltricker");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW bulltricker VS bob@b.example");
    // White (Alice) to move; Bob checks a line of his own first.
    let d = w.answer(BOB, "check b.h7 b.h5 b.h2 b.h4 b.h5 b.h4");
    assert!(d.games.is_empty() && to(&d, ALICE).is_empty());
    let body = &only(&d, BOB).body;
    assert!(
        body.contains("It is not your turn: the line is checked as if it were"),
        "{body}"
    );
    assert!(
        body.contains("\n1. b.h7 b.h5: legal. The Black pawn plays the Coup Spécial"),
        "{body}"
    );
    assert!(body.contains("\n2. b.h2 b.h4: legal."), "{body}");
    assert!(
        body.contains("\n3. b.h5 b.h4: not legal: a capture is compulsory: the Black pawn"),
        "{body}"
    );
    assert!(w.game(id).moves.is_empty());
    // Nothing to check is said so.
    let d = w.answer(BOB, "CHECK");
    assert!(
        only(&d, BOB).body.starts_with("CHECK needs a move"),
        "{}",
        only(&d, BOB).body
    );
}

#[test]
fn a_correction_overtaken_by_the_opponents_move_is_refused_as_stale() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let start_mail = w.last_to(ALICE).clone();
    let bob_start = w.last_to(BOB).clone();
    w.answer(ALICE, "a1b2");
    w.answer(BOB, "i5h5");
    // Alice's "correction", written in reply to the mail she had before her move.
    let m = w.reply_msg(&start_mail, ALICE, "a2b3");
    let d = w.deliver(&m);
    assert!(d.games.is_empty(), "a stale move changes nothing");
    assert!(to(&d, BOB).is_empty());
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with(
            "ERR\n\nYour move was not accepted: it answers an older mail of this game, and \
             since that mail your opponent has played i5h5: it would be played on a position \
             you had not been sent."
        ),
        "{body}"
    );
    assert!(body.contains("last move: i5h5"), "{body}");
    assert_eq!(w.game(id).moves.len(), 2);
    // Sent again in reply to the latest mail, it is played.
    let d = w.answer(ALICE, "a2b3");
    assert_eq!(d.games[0].moves.len(), 3);
    // In French, with several moves since.
    w.set_lang(BOB, Lang::FR);
    w.answer(BOB, "i6h6");
    w.answer(ALICE, "a3b4");
    let m = w.reply_msg(&bob_start, BOB, "h5g5");
    let d = w.deliver(&m);
    assert!(d.games.is_empty());
    let body = &only(&d, BOB).body;
    assert!(
        body.contains(
            "il répond à un ancien message de cette partie, et depuis ce message votre \
             adversaire a joué a1b2, a2b3, a3b4 (3 coups) : il s'appliquerait à une position"
        ),
        "{body}"
    );
}

#[test]
fn a_bulltricker_move_in_reply_to_the_latest_mail_or_to_none_is_judged_as_usual() {
    engine!("bulltricker");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW bulltricker VS bob@b.example");
    let first = w.last_to(ALICE).clone();
    w.answer(ALICE, "b.h2 b.h4");
    w.answer(BOB, "g.h7 g.h5");
    let stale = w.reply_msg(&first, ALICE, "c.h2 c.h4");
    let d = w.deliver(&stale);
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with("ERR\n\n") && body.contains("your opponent has played g.h7 g.h5"),
        "{body}"
    );
    // A fresh mail to the game's reply address replies to nothing: judged as today.
    let mut fresh = w.reply_msg(&first, ALICE, "c.h2 c.h4");
    fresh.references.clear();
    let d = w.deliver(&fresh);
    assert_eq!(d.games[0].moves.len(), 3, "{:#?}", d.outbox);
    assert_eq!(w.game(id).moves[2].text, "c.h2 c.h4");
}

#[test]
fn undo_agreed_takes_the_move_back_and_the_history_keeps_it() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "a1b2");
    let d = w.answer(ALICE, "UNDO");
    assert_eq!(d.games[0].undo_request, Some(Side::Black));
    let bob = only(&d, BOB);
    assert!(
        bob.body.starts_with(
            "Your opponent asks to take back their last move, a1b2. Reply UNDO to agree"
        ),
        "{}",
        bob.body
    );
    assert!(
        bob.subject
            .ends_with("; your opponent asks to take back a move"),
        "{}",
        bob.subject
    );
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("You asked your opponent to take back your move a1b2.")
    );
    // Bob agrees, in French.
    w.set_lang(BOB, Lang::FR);
    let d = w.answer(BOB, "annuler");
    let g = &d.games[0];
    assert!(g.moves.is_empty() && g.undo_request.is_none());
    assert_eq!(g.takebacks.len(), 1);
    assert_eq!(
        (g.takebacks[0].ply, g.takebacks[0].text.as_str()),
        (1, "a1b2")
    );
    let alice = only(&d, ALICE);
    assert!(
        alice.body.starts_with(
            "Your opponent agreed: your move a1b2 is taken back. It is your turn again."
        ),
        "{}",
        alice.body
    );
    assert!(alice.subject.ends_with(": your move"), "{}", alice.subject);
    assert!(
        only(&d, BOB)
            .body
            .starts_with("Vous avez accepté : le coup a1b2 de votre adversaire est repris"),
        "{}",
        only(&d, BOB).body
    );
    // Alice plays another move; the history shows the move taken back.
    w.answer(ALICE, "c3c4");
    let d = w.answer(ALICE, "HISTORY");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("Taken back by agreement:\n  1. a1b2 (Black)"),
        "{body}"
    );
    assert_eq!(w.game(id).moves.len(), 1);
}

#[test]
fn undo_lapses_when_the_opponent_plays_on_and_needs_a_move_to_take_back() {
    engine!("bulltricker");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW bulltricker VS bob@b.example");
    // Nothing of Alice's to take back yet.
    let d = w.answer(ALICE, "UNDO");
    assert!(d.games.is_empty());
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("There is no move of yours to take back")
    );
    w.answer(ALICE, "b.h2 b.h4");
    w.set_lang(ALICE, Lang::FR);
    let d = w.answer(ALICE, "ANNULER");
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("Vous avez demandé à votre adversaire de reprendre votre coup b.h2 b.h4.")
    );
    // Bob plays on: the request lapses and Alice is told with his move.
    let d = w.answer(BOB, "g.h7 g.h5");
    let g = &d.games[0];
    assert!(g.undo_request.is_none() && g.takebacks.is_empty() && g.moves.len() == 2);
    let alice = only(&d, ALICE);
    assert!(
        alice
            .body
            .contains("\nEn jouant, votre adversaire a refusé de reprendre votre coup.\n"),
        "{}",
        alice.body
    );
    // Bob's move is answered: Alice's earlier move can no longer be taken back.
    let d = w.answer(ALICE, "ANNULER");
    assert!(d.games.is_empty());
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("Vous n'avez aucun coup à reprendre")
    );
    assert_eq!(w.game(id).moves.len(), 2);
}

/// Alice (Black, moving first) plays `a1b2`; Bob (White) is to move. Returns the game id.
fn abalone_after_a1b2(w: &mut World) -> GameId {
    let id = challenge_and_accept(w, "NEW abalone VS bob@b.example");
    w.answer(ALICE, "a1b2");
    id
}

#[test]
fn a_conditional_tree_of_three_branches_answers_the_second_at_once_and_keeps_its_rest() {
    engine!("abalone");
    let mut w = World::new();
    let id = abalone_after_a1b2(&mut w);
    // Three branches, the second two steps deep, the keywords of either language.
    let d = w.answer(ALICE, "IF i5h5 THEN b1c2");
    assert!(to(&d, BOB).is_empty(), "the opponent is never told");
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with("Your conditional line is stored; your opponent is not told."),
        "{body}"
    );
    assert!(
        body.contains("Your conditional line in this game:\n  IF i5h5 THEN b1c2\n"),
        "{body}"
    );
    let set_by = w.sent.len();
    let d = w.answer(ALICE, "si i6h6 alors a2b3 si h5g5 alors c3c4");
    let second = w.sent[set_by..]
        .iter()
        .find(|o| o.to == ALICE)
        .map(|o| o.in_reply_to.clone().unwrap())
        .unwrap();
    assert!(to(&d, BOB).is_empty());
    w.answer(ALICE, "IF i9h9 THEN b6c6");
    let d = w.answer(ALICE, "CONDITIONS");
    assert!(d.games.is_empty(), "listing changes nothing");
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with(
            "Your 3 conditional lines in this game:\n  IF i5h5 THEN b1c2\n  IF i6h6 THEN a2b3 \
             IF h5g5 THEN c3c4\n  IF i9h9 THEN b6c6\n"
        ),
        "{body}"
    );
    // Private: Bob's history and CONDITIONS show nothing of them.
    let d = w.answer(BOB, "HISTORY");
    assert!(
        !only(&d, BOB).body.contains("a2b3"),
        "{}",
        only(&d, BOB).body
    );
    let d = w.answer(BOB, "CONDITIONS");
    assert!(
        only(&d, BOB)
            .body
            .starts_with("You have no conditional moves in this game."),
        "{}",
        only(&d, BOB).body
    );
    let d = w.answer(ALICE, "HISTORY");
    assert!(
        only(&d, ALICE)
            .body
            .contains("Your conditional lines (nobody else sees them):\n  IF i5h5 THEN b1c2\n"),
        "{}",
        only(&d, ALICE).body
    );
    // Bob, in French, plays the second branch's move: Alice's answer is played at once.
    w.set_lang(BOB, Lang::FR);
    let d = w.answer(BOB, "i6h6");
    let g = &d.games[0];
    let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["a1b2", "i6h6", "a2b3"]);
    assert_eq!(
        g.moves[2].received_at, g.moves[1].received_at,
        "same time stamp"
    );
    assert_eq!(g.moves[2].message_id.as_deref(), Some(second.as_str()));
    let held = g.conditions.as_ref().expect("the rest of the branch stays");
    assert_eq!(held.by, Side::Black);
    assert_eq!(held.lines.len(), 1);
    assert_eq!(
        (
            held.lines[0].steps[0].theirs.as_str(),
            held.lines[0].steps[0].mine.as_str()
        ),
        ("h5g5", "c3c4")
    );
    // One mail to Bob, the answer's line first, then his move, then the answer, so that
    // the newest mail of the game is always the one to answer.
    let bob = only(&d, BOB);
    assert!(
        bob.body.starts_with(
            "a2b3\n\nVotre coup 1 est accepté. Les Blancs déplacent 3 billes en ligne vers \
             le sud-est (en bas à droite) : I6 H6 G6 → H6 G6 F6.\nVotre adversaire (les \
             Noirs) a joué le coup 2."
        ),
        "{}",
        bob.body
    );
    assert!(
        bob.body
            .contains("Ce coup était préparé à l'avance (un coup conditionnel)"),
        "{}",
        bob.body
    );
    assert!(bob.body.contains("dernier coup : a2b3"), "{}", bob.body);
    // It answers Bob's own mail.
    assert_eq!(bob.auto, AutoKind::Replied);
    // Every mail of the decision shows the position it leaves: a reply to any is current.
    for mail in &d.outbox {
        assert_eq!(
            referee::compose::shown_ply(&mail.message_id, id),
            Some(3),
            "{}",
            mail.message_id
        );
    }
    let alice = only(&d, ALICE);
    let body = &alice.body;
    assert!(
        body.starts_with("i6h6\n\nYour opponent (White) played move 1."),
        "{body}"
    );
    assert!(
        body.contains("\nYour conditional moves answered it at once: move 2, a2b3. Black moves"),
        "{body}"
    );
    assert!(
        body.contains("Your conditional line still stored:\n  IF h5g5 THEN c3c4\n"),
        "{body}"
    );
    assert!(body.contains("last move: a2b3"), "{body}");
    // Bob answers the forwarded move with the rest of the branch: answered at once too.
    let d = w.answer(BOB, "h5g5");
    let g = &d.games[0];
    assert_eq!(g.moves.len(), 5);
    assert_eq!(g.moves[4].text, "c3c4");
    assert!(g.conditions.is_none(), "the line is used up");
    assert!(
        only(&d, ALICE)
            .body
            .contains("No conditional move of yours is left in this game."),
        "{}",
        only(&d, ALICE).body
    );
    // A line no move matches is dropped, and its owner told which.
    w.answer(ALICE, "IF i7h7 THEN b5c5");
    let d = w.answer(BOB, "i8h8");
    let g = &d.games[0];
    assert_eq!(g.moves.len(), 6);
    assert!(g.conditions.is_none());
    let body = &only(&d, ALICE).body;
    assert!(body.starts_with("i8h8\n"), "{body}");
    assert!(
        body.contains(
            "Your conditional line did not expect this move, so it is dropped:\n  IF i7h7 THEN b5c5\n"
        ),
        "{body}"
    );
    assert!(body.contains("To play, reply to this mail"), "{body}");
    assert_eq!(w.game(id).moves.len(), 6);
}

#[test]
fn a_conditional_line_is_checked_when_stored_and_refused_whole() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    // Alice is to move: conditions answer the opponent's next move.
    let d = w.answer(ALICE, "IF i5h5 THEN b1c2");
    assert!(d.games.is_empty());
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with(
            "Your conditional line \"IF i5h5 THEN b1c2\" was not stored: it is your move"
        ),
        "{body}"
    );
    w.answer(ALICE, "a1b2");
    // The second step's answer is illegal where it would be played: nothing is stored.
    let d = w.answer(ALICE, "IF i5h5 THEN b1c2 IF h5g5 THEN a1a2");
    assert!(d.games.is_empty(), "an illegal line stores nothing");
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with(
            "Your conditional line \"IF i5h5 THEN b1c2 IF h5g5 THEN a1a2\" was not stored: \
             at step 2, you could not answer a1a2: in a1a2, there is no marble on A1. Nothing \
             was changed.\n"
        ),
        "{body}"
    );
    let d = w.answer(ALICE, "IF i5h5 b1c2");
    assert!(
        only(&d, ALICE).body.starts_with(
            "Your conditional line \"IF i5h5 b1c2\" was not stored: write it as IF <their move>"
        ),
        "{}",
        only(&d, ALICE).body
    );
    // Several lines in one mail are stored together, or none when one is refused.
    let d = w.answer(
        ALICE,
        "IF i5h5 THEN b1c2\nIF i6h6 THEN a2b3\nIF i9h9 THEN a1a2",
    );
    assert!(d.games.is_empty());
    let body = &only(&d, ALICE).body;
    assert!(
        body.starts_with("Your conditional line \"IF i9h9 THEN a1a2\" was not stored: at step 1")
            && body.contains(
                "Nothing was changed: the 2 other lines of your mail were not stored either.\n"
            ),
        "{body}"
    );
    let d = w.answer(ALICE, "IF i5h5 THEN b1c2\nIF i6h6 THEN a2b3\nThanks!");
    assert!(
        only(&d, ALICE).body.contains(
            "Your 2 conditional lines in this game:\n  IF i5h5 THEN b1c2\n  IF i6h6 THEN a2b3\n"
        ),
        "{}",
        only(&d, ALICE).body
    );
    w.answer(ALICE, "CONDITIONS CLEAR");
    // In French, the opponent's move that cannot be played.
    w.set_lang(ALICE, Lang::FR);
    let d = w.answer(ALICE, "SI a2b3 ALORS b1c2");
    assert!(d.games.is_empty());
    assert!(
        only(&d, ALICE).body.starts_with(
            "Votre suite conditionnelle « SI a2b3 ALORS b1c2 » n'a pas été enregistrée : à \
             l'étape 1, votre adversaire ne pourrait pas jouer a2b3 :"
        ),
        "{}",
        only(&d, ALICE).body
    );
    // Prose that starts with "if" is no conditional line.
    let d = w.answer(ALICE, "Si tu veux, on rejoue demain");
    assert!(d.games.is_empty());
    assert!(!only(&d, ALICE).body.contains("conditionnelle"));
    // A different answer to the same move replaces the stored one, and says so.
    w.answer(ALICE, "SI i5h5 ALORS b1c2");
    let d = w.answer(ALICE, "SI i5h5 ALORS b2c3");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains(
            "Elle remplace cette suite, qui répondait autrement au même coup :\n  SI i5h5 ALORS b1c2\n"
        ),
        "{body}"
    );
    assert_eq!(d.games[0].conditions.as_ref().unwrap().lines.len(), 1);
    // CONDITIONS EFFACER drops them.
    let d = w.answer(ALICE, "CONDITIONS EFFACER");
    assert!(d.games[0].conditions.is_none());
    assert!(
        only(&d, ALICE).body.starts_with(
            "Votre suite conditionnelle dans cette partie est effacée :\n  SI i5h5 ALORS b2c3\n"
        ),
        "{}",
        only(&d, ALICE).body
    );
    assert_eq!(w.game(id).moves.len(), 1);
}

#[test]
fn a_draw_offer_or_a_take_back_drops_the_conditions_and_their_owner_is_told() {
    engine!("abalone");
    let mut w = World::new();
    let id = abalone_after_a1b2(&mut w);
    w.answer(ALICE, "IF i5h5 THEN b1c2");
    // Bob offers a draw instead of moving: Alice's line goes, and she is told with it.
    let d = w.answer(BOB, "DRAW");
    assert!(d.games[0].conditions.is_none());
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("The draw offer drops your conditional line:\n  IF i5h5 THEN b1c2\n"),
        "{body}"
    );
    assert!(!only(&d, BOB).body.contains("conditional"));
    w.answer(ALICE, "DECLINE");
    // A take-back agreed drops them too (they answered moves from the position taken back).
    w.answer(ALICE, "IF i5h5 THEN b1c2");
    w.answer(ALICE, "UNDO");
    let d = w.answer(BOB, "UNDO");
    let g = &d.games[0];
    assert!(g.moves.is_empty() && g.conditions.is_none());
    assert!(
        only(&d, ALICE)
            .body
            .contains("The take-back drops your conditional line:\n  IF i5h5 THEN b1c2\n"),
        "{}",
        only(&d, ALICE).body
    );
    // A resignation ends the game, and the lines with it.
    w.answer(ALICE, "a1b2");
    w.answer(ALICE, "IF i5h5 THEN b1c2");
    let d = w.answer(BOB, "RESIGN");
    assert!(d.games[0].conditions.is_none());
    assert_eq!(w.game(id).status, GameStatus::Finished);
}

/// A Bulltricker position, Black to move, where White mates with `e.h8 d.h8` after any of
/// Black's moves `a.h7 a.h6`, `a.h7 a.h5`, `a.h7 v1.6`.
const BT_MATE_AFTER_BLACK: &str =
    "W: Kd1 Qe.h8 Qv1.1 Qv2.1 Qv8.5 Qv7.5; B: Kd7 Qv4.7 Qv5.7 Pd.h7 Pa.h7; b";

#[test]
fn a_conditional_answer_that_mates_ends_the_game_for_both() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    w.set_lang(ALICE, Lang::FR);
    let id = w.create(
        bulltricker,
        Start::Position(BT_MATE_AFTER_BLACK.into()),
        ALICE,
        BOB,
    );
    // A line cannot go on once its move has ended the game.
    let d = w.answer(
        ALICE,
        "SI a.h7 a.h6 ALORS e.h8 d.h8 SI d.h7 d.h6 ALORS d.h8 d.h7",
    );
    assert!(d.games.is_empty());
    assert!(
        only(&d, ALICE).body.starts_with(
            "Votre suite conditionnelle « SI a.h7 a.h6 ALORS e.h8 d.h8 SI d.h7 d.h6 ALORS d.h8 \
             d.h7 » n'a pas été enregistrée : à l'étape 2, la partie serait déjà finie"
        ),
        "{}",
        only(&d, ALICE).body
    );
    // Three branches; Bob plays the second.
    for line in [
        "SI a.h7 a.h6 ALORS e.h8 d.h8",
        "SI a.h7 a.h5 ALORS e.h8 d.h8",
        "SI a.h7 v1.6 ALORS e.h8 d.h8",
    ] {
        let d = w.answer(ALICE, line);
        assert!(to(&d, BOB).is_empty());
    }
    assert_eq!(w.game(id).conditions.as_ref().unwrap().lines.len(), 3);
    let d = w.answer(BOB, "a.h7 a.h5");
    let g = &d.games[0];
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result.as_ref().unwrap().line, "WW MAT");
    assert!(g.conditions.is_none());
    let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["a.h7 a.h5", "e.h8 d.h8"]);
    // One mail to Bob: the answer's line, his own move accepted, then the answer.
    let bob = only(&d, BOB);
    assert!(
        bob.body
            .starts_with("e.h8 d.h8 WW MAT\n\nYour move 1 is accepted."),
        "{}",
        bob.body
    );
    assert!(
        bob.body
            .contains("This move was prepared in advance (a conditional move)"),
        "{}",
        bob.body
    );
    assert!(
        bob.body.contains("The game is over. Complete record:"),
        "{}",
        bob.body
    );
    let alice = only(&d, ALICE);
    assert!(
        alice.body.starts_with("e.h8 d.h8 WW MAT\n\n"),
        "{}",
        alice.body
    );
    assert!(
        alice.body.contains("a joué le coup 1.")
            && alice
                .body
                .contains("Vos coups conditionnels y ont répondu aussitôt : coup 2, e.h8 d.h8."),
        "{}",
        alice.body
    );
    assert!(alice.subject.contains("gagn"), "{}", alice.subject);
    // Nothing more can be stored in a finished game.
    let d = w.answer(ALICE, "SI a.h7 a.h6 ALORS e.h8 d.h8");
    assert!(d.games.is_empty());
}

/// A game mail that shows the board carries its picture (the drawing of the same position,
/// and the text board the HTML part shows it in place of) for a reader who has not turned
/// pictures off; `IMAGES NON` / `PICTURES ON` turn them off and on for the one who sends it,
/// in either language.
#[test]
fn game_mails_carry_the_board_picture_unless_the_reader_turned_pictures_off() {
    let bulltricker = engine!("bulltricker");
    let mut w = World::new();
    w.create(bulltricker, Start::Default, ALICE, BOB);
    let d = w.answer(ALICE, "b.h2 b.h4");
    let bob = only(&d, BOB);
    let picture = bob.picture.as_ref().expect("a picture for Bob");
    assert!(bob.body.contains(&picture.board), "{}", bob.body);
    assert!(picture.board.contains("h8"), "{}", picture.board);
    assert!(picture.svg.starts_with("<svg") && picture.svg.contains("Black to move"));

    let m = w.keyed_msg(BOB, "IMAGES NON");
    let d = w.deliver(&m);
    assert!(
        only(&d, BOB).body.contains("sans image"),
        "{}",
        only(&d, BOB).body
    );
    assert!(
        !d.players
            .iter()
            .find(|p| p.address == BOB)
            .unwrap()
            .pictures
    );
    let d = w.answer(BOB, "b.h7 b.h5");
    assert!(only(&d, ALICE).picture.is_some(), "Alice still wants them");
    let d = w.answer(ALICE, "b.h4 b.h6");
    let bob = only(&d, BOB);
    assert!(bob.picture.is_none());
    assert!(first_line(bob).starts_with("b.h4 b.h6"), "{}", bob.body);

    let m = w.keyed_msg(BOB, "PICTURES ON");
    let d = w.deliver(&m);
    assert!(
        d.players
            .iter()
            .find(|p| p.address == BOB)
            .unwrap()
            .pictures
    );
    let d = w.answer(BOB, "c.h7 c.h5");
    assert!(only(&d, ALICE).picture.is_some());
    let d = w.answer(ALICE, "v2.1 b.h1");
    assert!(only(&d, BOB).picture.is_some());
    // Without proof of its sender, nothing changes.
    let d = w.send(ALICE, "PICTURES OFF");
    assert!(d.players.is_empty(), "{:?}", d.players);
}

/// With the public pages' address configured, the mails of a game the pages show end with
/// its page's address, in the reader's words, the protocol line still first. `PUBLIC NON` /
/// `PUBLIC OFF` hides the sender's casual games (then neither player's mails link to
/// them), `PUBLIC ON` shows them again; without proof of its sender, nothing changes.
#[test]
fn game_mails_link_to_the_games_page_unless_a_player_hid_their_casual_games() {
    let ataxx = engine!("ataxx");
    let mut config = world::config();
    config.public_url = Some("https://games.example.org".into());
    let mut w = World::with(config);
    let id = w.create(ataxx, Start::Default, ALICE, BOB);
    let link = format!("https://games.example.org/games/{id}");
    let game = live(w.game(id));
    let first = game.legal_moves()[0].clone();
    let mover = w.game(id).address_of(game.side_to_move()).to_string();
    let other = w
        .game(id)
        .address_of(game.side_to_move().opponent())
        .to_string();
    let (mover, other) = (mover.as_str(), other.as_str());
    let d = w.answer(mover, &first);
    let forward = only(&d, other);
    assert!(first_line(forward).starts_with(&first), "{}", forward.body);
    assert!(
        forward
            .body
            .trim_end()
            .ends_with(&format!("This game on the web: {link}")),
        "{}",
        forward.body
    );
    assert!(
        only(&d, mover).body.contains(&link),
        "the mover's confirmation too"
    );

    let m = w.keyed_msg(other, "PUBLIC NON");
    let d = w.deliver(&m);
    let answer = only(&d, other);
    assert!(answer.body.contains("no longer shown"), "{}", answer.body);
    assert!(
        !d.players
            .iter()
            .find(|p| p.address == other)
            .unwrap()
            .public
    );
    let next = live(w.game(id)).legal_moves()[0].clone();
    let d = w.answer(other, &next);
    assert!(
        d.outbox.iter().all(|o| !o.body.contains(&link)),
        "a hidden game has no page to link to"
    );

    let m = w.keyed_msg(other, "PUBLIC ON");
    let d = w.deliver(&m);
    assert!(
        d.players
            .iter()
            .find(|p| p.address == other)
            .unwrap()
            .public
    );
    let again = live(w.game(id)).legal_moves()[0].clone();
    let d = w.answer(mover, &again);
    assert!(only(&d, other).body.contains(&link));
    // Without proof of its sender, nothing changes.
    let d = w.send(other, "PUBLIC OFF");
    assert!(d.players.is_empty(), "{:?}", d.players);
}

/// A game a director sets up (`arbitre new`) starts with mails that show the board drawn
/// and, with the public pages' address configured, link to the game's page.
#[test]
fn a_game_a_director_sets_up_starts_with_the_board_drawn_and_linked() {
    let mut config = world::config();
    config.public_url = Some("https://games.example.org".into());
    let request = arbitre::referee::NewGameRequest {
        kind: engine!("abalone"),
        start: Start::Default,
        options: String::new(),
        white: ALICE.into(),
        black: BOB.into(),
        created_by: DIRECTOR.into(),
        time: Default::default(),
    };
    let d = arbitre::referee::create_game(&config, &request, &[], 7, 1_000).unwrap();
    assert_eq!(d.outbox.len(), 2);
    for mail in &d.outbox {
        let picture = mail.picture.as_ref().expect("a picture");
        assert!(mail.body.contains(&picture.board));
        assert!(
            mail.body.contains("https://games.example.org/games/7"),
            "{}",
            mail.body
        );
    }
}

// ---------------------------------------------------------------------------------------
// Consent: a forged command waits for its victim's explicit yes to one stored request

/// A game of Abalone between Alice and Bob, and who moves first with a legal first move.
fn forged_setup() -> (World, GameId, &'static str, &'static str, String) {
    let mut w = World::new();
    let id = w.create(GameKind::ALL[0], Start::Default, ALICE, BOB);
    let g = live(w.game(id));
    let (mover, other) = if g.side_to_move() == Side::White {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    };
    let first = g.legal_moves()[0].clone();
    (w, id, mover, other, first)
}

/// A mail in `from`'s name to the bot's plain address, as a forger writes it: `Re:` and the
/// game's tag in the Subject, the command in the body. Returns the request it caused.
fn forge(w: &mut World, id: GameId, from: &str, command: &str) -> Outgoing {
    let mut m = w.msg(from, command);
    m.subject = format!("Re: [arbitre #{id}] Abalone");
    let before = w.game(id).clone();
    let d = w.deliver(&m);
    assert!(d.games.is_empty() && d.players.is_empty(), "{d:#?}");
    assert_eq!(w.game(id), &before);
    assert_eq!(d.confirmations.len(), 1, "{d:#?}");
    let ask = only(&d, from).clone();
    assert!(ask.subject.contains("Confirm"), "{}", ask.subject);
    let to = ask.reply_to.clone().unwrap();
    assert!(to.starts_with("arbitre+c-"), "{to}");
    ask
}

#[test]
fn a_victims_no_to_a_forged_command_carries_out_nothing() {
    // The three answers of a person who never sent the command, to three forgeries.
    let (mut w, id, mover, other, first) = forged_setup();
    let cases: [(&str, &str); 3] = [
        ("RESIGN", "No! I never sent this. I am playing on."),
        (first.as_str(), "Who sent this? Not me."),
        ("DRAW", "No thanks, I did not write that."),
    ];
    // Bob's real draw offer first, so that a DRAW in Alice's name would agree to it.
    for (command, answer) in cases {
        let ask = forge(&mut w, id, mover, command);
        let before = w.game(id).clone();
        let reply = w.reply_msg(&ask, mover, answer);
        let d = w.deliver(&reply);
        assert!(d.games.is_empty(), "{command}: {answer}: {d:#?}");
        assert_eq!(w.game(id), &before);
        let told = only(&d, mover);
        assert!(
            told.body.contains("Nothing was done") && told.body.contains("reply YES"),
            "{}",
            told.body
        );
        // The request still waits, at its own address.
        assert_eq!(told.reply_to, ask.reply_to);
        assert!(to(&d, other).is_empty());
    }
    // With a real draw offer standing, a forged DRAW answered "no" agrees to nothing.
    let offer = w.answer(other, "DRAW");
    assert_eq!(
        offer.games[0].draw_offer,
        Some(w.game(id).side_of(other).unwrap())
    );
    let ask = forge(&mut w, id, mover, "DRAW");
    let reply = w.reply_msg(&ask, mover, "No thanks, I did not write that.");
    let d = w.deliver(&reply);
    assert!(d.games.is_empty(), "{d:#?}");
    assert_eq!(w.game(id).status, GameStatus::Active);
    assert!(w.game(id).result.is_none());
}

#[test]
fn not_me_cancels_a_request_for_good_and_yes_carries_one_out_once() {
    let (mut w, id, mover, other, first) = forged_setup();
    // NOT ME: cancelled, explained; a later YES to it does nothing.
    let ask = forge(&mut w, id, mover, "RESIGN");
    let d = w.answer_mail(&ask, mover, "Not me!");
    assert!(d.games.is_empty());
    assert_eq!(d.confirmations.len(), 1);
    assert_eq!(
        d.confirmations[0].state,
        referee::confirm::ConfirmationState::Cancelled
    );
    let told = only(&d, mover);
    assert!(told.body.contains("Cancelled"), "{}", told.body);
    assert!(
        told.body.contains("postmaster@referee.example"),
        "{}",
        told.body
    );
    let d = w.answer_mail(&ask, mover, "YES");
    assert!(d.games.is_empty(), "{d:#?}");
    assert!(only(&d, mover).body.contains("cancelled"));
    assert_eq!(w.game(id).status, GameStatus::Active);
    // YES: the move is played, once; the same YES again plays nothing.
    let ask = forge(&mut w, id, mover, &first);
    let d = w.answer_mail(&ask, mover, "yes");
    assert_eq!(d.games.len(), 1, "{}", d.summary);
    assert_eq!(d.games[0].moves.len(), 1);
    assert_eq!(first_line(only(&d, other)), first);
    assert_eq!(
        d.confirmations[0].state,
        referee::confirm::ConfirmationState::Done
    );
    let d = w.answer_mail(&ask, mover, "yes");
    assert!(d.games.is_empty(), "{d:#?}");
    assert!(only(&d, mover).body.contains("already answered"));
    assert_eq!(w.game(id).moves.len(), 1);
}

#[test]
fn an_empty_reply_or_a_french_yes_confirms_and_an_automatic_reply_never_does() {
    for answer in ["", "OUI", "Je confirme.", "Yes\n\n-- \nAlice"] {
        let (mut w, id, mover, _, first) = forged_setup();
        let ask = forge(&mut w, id, mover, &first);
        // An out-of-office first: nothing.
        let mut away = w.reply_msg(&ask, mover, "I am away until Monday.");
        away.automatic = true;
        let d = w.deliver(&away);
        assert!(d.games.is_empty() && d.outbox.is_empty(), "{d:#?}");
        let d = w.answer_mail(&ask, mover, answer);
        assert_eq!(d.games.len(), 1, "{answer:?}: {}", d.summary);
        assert_eq!(w.game(id).moves.len(), 1, "{answer:?}");
    }
}

#[test]
fn a_request_expires_after_a_week_and_is_bound_to_its_address() {
    let (mut w, id, mover, other, first) = forged_setup();
    let ask = forge(&mut w, id, mover, &first);
    // The opponent, holding the mail, cannot use its address: it is not theirs.
    let d = w.answer_mail(&ask, other, "YES");
    assert!(d.games.is_empty(), "{d:#?}");
    assert!(only(&d, other).body.contains("not a reply address"));
    // Eight days later: expired.
    w.clock += 8 * 86_400;
    let d = w.answer_mail(&ask, mover, "YES");
    assert!(d.games.is_empty(), "{d:#?}");
    assert!(
        only(&d, mover).body.contains("expired"),
        "{}",
        d.outbox[0].body
    );
    assert_eq!(w.game(id).moves.len(), 0);
}

#[test]
fn a_reply_to_a_request_that_holds_a_command_is_that_command() {
    let (mut w, id, mover, other, _) = forged_setup();
    let ask = forge(&mut w, id, mover, "RESIGN");
    // BOARD: answered; the request still waits.
    let d = w.answer_mail(&ask, mover, "BOARD");
    assert!(d.games.is_empty() && d.confirmations.is_empty(), "{d:#?}");
    assert_eq!(to(&d, mover).len(), 1);
    // RESIGN again, written: carried out on its own, and the request is used up.
    let d = w.answer_mail(&ask, mover, "resign");
    assert_eq!(d.games[0].status, GameStatus::Finished, "{}", d.summary);
    assert_eq!(
        d.confirmations[0].state,
        referee::confirm::ConfirmationState::Replaced
    );
    assert!(!to(&d, other).is_empty());
}

#[test]
fn a_subject_arbitre_wrote_is_never_read_as_a_command() {
    let (mut w, id, mover, _, first) = forged_setup();
    // Alice's own reply address, nothing written, the Subject of a request: nothing is
    // confirmed by a Subject.
    let seat = w.last_to(mover).clone();
    assert!(seat.reply_to.as_deref().unwrap().contains("+g"));
    let mut m = w.reply_msg(&seat, mover, "");
    m.subject = format!("Re: [arbitre #{id}] Confirm: RESIGN");
    let d = w.deliver(&m);
    assert!(d.games.is_empty(), "{d:#?}");
    // The Subject of the opponent's move, with the move in it, the body a mistyped move:
    // the answer is about what was written.
    let mut m = w.reply_msg(&seat, mover, "i5i9");
    m.subject = format!("Re: [arbitre #{id}] Abalone : à vous (1. {first})");
    let d = w.deliver(&m);
    assert!(d.games.is_empty(), "{d:#?}");
    let answer = only(&d, mover);
    assert!(answer.body.contains("i5i9"), "{}", answer.body);
    assert!(
        !answer.body.contains(&format!("in {first}")),
        "{}",
        answer.body
    );
}

#[test]
fn the_request_is_written_in_the_language_of_the_command() {
    let mut w = World::new();
    let d = w.send(CAROL, "NOUVELLE abalone CONTRE bob@b.example");
    let ask = only(&d, CAROL);
    assert!(ask.subject.contains("Confirmer"), "{}", ask.subject);
    assert!(ask.body.contains("répondez OUI"), "{}", ask.body);
    let d = w.send(DIRECTOR, "LANG FR");
    let ask = only(&d, DIRECTOR);
    assert!(ask.body.contains("répondez OUI"), "{}", ask.body);
    // The French yes to it: the game is proposed.
    let ask = w.last_to(CAROL).clone();
    let d = w.answer_mail(&ask, CAROL, "oui");
    assert_eq!(d.games.len(), 1, "{}", d.summary);
    assert_eq!(d.games[0].status, GameStatus::Invited);
}

#[test]
fn forged_mail_in_a_players_name_has_its_own_small_allowance() {
    let (mut w, id, mover, _, _) = forged_setup();
    w.step = 30;
    let allowance = referee::unproven_allowance(w.config.max_replies_per_hour);
    assert!(allowance < w.config.max_replies_per_hour);
    let mut asked = 0;
    for n in 0..(allowance + 10) {
        let mut m = w.msg(
            mover,
            &format!("LANG {}", if n % 2 == 0 { "fr" } else { "en" }),
        );
        m.subject = format!("Re: [arbitre #{id}] Abalone");
        let d = w.deliver(&m);
        assert!(d.players.is_empty() && d.games.is_empty());
        asked += to(&d, mover).len() as u32;
        // No request is stored for a mail held back.
        assert_eq!(d.confirmations.len(), to(&d, mover).len());
    }
    assert_eq!(asked, allowance);
    // The player's own answers are untouched: every HELP of the same hour is answered.
    for _ in 0..10 {
        let key = w.keyed_msg(mover, "HELP");
        let d = w.deliver(&key);
        assert_eq!(to(&d, mover).len(), 1, "{}", d.summary);
    }
}

// ---------------------------------------------------------------------------------------
// Invitations

/// Invitations as the pure referee limits them: a challenger's pending invitations, the
/// invitations one address receives in a day (strangers' only), `NO MORE INVITATIONS` from
/// a reply to an invitation and its undoing by the invitee's own `NEW`, and what a forged
/// From line cannot stop. Played in the in-memory world of `tests/world`.
mod invitations {
    use super::*;

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
}
