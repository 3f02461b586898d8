//! Scenario tests of the tournament director's tools in the pure referee: time given,
//! taken and set, clocks stopped and started again, claim mode, a result decided, special
//! leave granted, each told to every player it touches in their language, each recorded
//! in the hash-chained audit log (verified, and a tampered entry found). Time passes as
//! the clock wants it: years in microseconds. Played in the in-memory world of
//! `tests/world`.

use crate::world;

use world::*;

use arbitre::audit::{self, Break};
use arbitre::clock::duration::{DAY, HOUR};
use arbitre::games::Side;
use arbitre::referee::GameStatus;
use arbitre::referee::direct::{GameAction, Verdict};
use arbitre::referee::view::{self, Circumstances, when_words};
use arbitre::text::Lang;
use jiff::tz::TimeZone;

/// Alice (Black, who opens) and Bob (White, reads French) in an Abalone game under
/// `time`; each has moved once, Alice is to move. Returns the game and when her clock
/// started.
fn game_with_alice_to_move(w: &mut World, time: &str) -> (i64, i64) {
    w.set_lang(BOB, Lang::FR);
    let id = challenge_and_accept(w, &format!("NEW abalone TIME {time} VS bob@b.example"));
    w.answer(ALICE, "a1b2");
    w.answer(BOB, "i5h5");
    let started = w.game(id).clock.started[&2];
    (id, started)
}

/// The deadline of the player to move, as the referee computes it.
fn deadline(w: &World, id: i64) -> Option<i64> {
    let g = w.game(id);
    let players: Vec<_> = w.players.values().cloned().collect();
    let around = Circumstances::of(
        &w.config.clock,
        g,
        |a| players.iter().find(|p| p.address == a),
        &w.outages,
    );
    view::clock_deadline(g, &around, w.clock)
}

fn head(w: &World) -> Option<(i64, &str)> {
    w.audit.last().map(|e| (e.seq, e.hash.as_str()))
}

#[test]
fn time_given_moves_the_deadline_and_both_players_are_told_why_in_their_language() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "1d");
    assert_eq!(deadline(&w, id), Some(t + DAY + 1));
    w.clock = t + 20 * HOUR;
    let d = w
        .direct(
            id,
            GameAction::AddTime {
                side: Side::Black,
                seconds: 2 * DAY,
            },
            "her mail server was down",
        )
        .unwrap();
    assert_eq!(deadline(&w, id), Some(t + 3 * DAY + 1));
    let alice = &only(&d, ALICE).body;
    assert!(
        alice.starts_with("The tournament director has added 2 days to your clock in game #1."),
        "{alice}"
    );
    assert!(
        alice.contains("Reason given: her mail server was down"),
        "{alice}"
    );
    // The clock lines show the new deadline; the player to move is told how to answer.
    let when = when_words(Lang::EN, t + 3 * DAY + 1, &TimeZone::UTC);
    assert!(alice.contains(&when), "{alice}");
    assert!(alice.contains("To play, reply"), "{alice}");
    let bob = &only(&d, BOB).body;
    assert!(
        bob.starts_with(
            "Le directeur du tournoi a ajouté 2 jours à la pendule de votre adversaire dans la partie n° 1."
        ),
        "{bob}"
    );
    assert!(bob.contains("Motif : her mail server was down"), "{bob}");
    assert!(!bob.contains("Pour jouer"), "not Bob's move: {bob}");
    // The reminders and the time-out follow the new deadline.
    let ds = w.run_clock(t + DAY + 2);
    assert!(
        ds.iter()
            .all(|d| d.games.iter().all(|g| g.status == GameStatus::Active))
    );
    let ds = w.run_clock(t + 4 * DAY);
    let end = ds.last().unwrap();
    assert_eq!(end.games[0].result.as_ref().unwrap().termination, "time");
    assert_eq!(audit::verify(&w.audit, head(&w), &w.config.keys), Ok(1));
    assert_eq!(w.audit[0].draft.action, "clock-add");
    assert!(
        w.audit[0].draft.detail.starts_with("black +2d"),
        "{}",
        w.audit[0].draft.detail
    );
}

#[test]
fn time_taken_can_flag_a_player_and_time_set_is_what_is_left() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "10/50d");
    w.clock = t + 3 * DAY;
    // ICCF: the first day is free, then whole days; 50 days for ten moves.
    w.direct(
        id,
        GameAction::SetTime {
            side: Side::Black,
            left: 5 * DAY,
        },
        "penalty decided by the appeals committee",
    )
    .unwrap();
    let g = w.game(id);
    let players: Vec<_> = w.players.values().cloned().collect();
    let around = Circumstances::of(
        &w.config.clock,
        g,
        |a| players.iter().find(|p| p.address == a),
        &[],
    );
    let view = view::clock_view(g, &around, Side::Black, w.clock).unwrap();
    assert_eq!(view.left[Side::Black.index()], Some(5 * DAY));
    assert_eq!(
        view.left[Side::White.index()],
        Some(50 * DAY),
        "White untouched"
    );
    // Taking more than is left flags her at the next look.
    let d = w
        .direct(
            id,
            GameAction::AddTime {
                side: Side::Black,
                seconds: -6 * DAY,
            },
            "second penalty",
        )
        .unwrap();
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("The tournament director has taken 6 days off your clock in game #1."),
        "{}",
        only(&d, ALICE).body
    );
    assert!(
        only(&d, BOB).body.starts_with(
            "Le directeur du tournoi a retiré 6 jours à la pendule de votre adversaire"
        ),
        "{}",
        only(&d, BOB).body
    );
    // The daemon's next look (at once: the game is due) ends it.
    assert!(w.game(id).clock.next_due.is_some_and(|d| d <= w.clock));
    let d = w.tick(w.clock);
    let result = d.games[0].result.clone().unwrap();
    assert_eq!(
        (result.winner, result.termination.as_str()),
        (Some(Side::White), "time")
    );
    assert_eq!(audit::verify(&w.audit, head(&w), &w.config.keys), Ok(2));
}

#[test]
fn stopped_clocks_count_nothing_and_nothing_is_due_until_they_start_again() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "3d");
    w.clock = t + DAY;
    let d = w.direct(id, GameAction::Pause, "appeal pending").unwrap();
    assert_eq!(w.game(id).clock.next_due, None, "no reminder, no time-out");
    assert_eq!(deadline(&w, id), None);
    for who in [ALICE, BOB] {
        let body = &only(&d, who).body;
        assert!(
            body.contains("The tournament director has stopped both clocks of game #1")
                || body.contains(
                    "Le directeur du tournoi a arrêté les deux pendules de la partie n° 1"
                ),
            "{body}"
        );
    }
    // A second pause is refused and changes nothing.
    assert!(w.direct(id, GameAction::Pause, "again").is_err());
    assert_eq!(w.audit.len(), 1);
    // Years pass: nothing happens.
    assert!(w.run_clock(t + 800 * DAY).is_empty());
    assert_eq!(w.game(id).status, GameStatus::Active);
    // Started again 799 days after it stopped: two days are left, as when it stopped.
    let back = w.clock;
    let d = w.direct(id, GameAction::Resume, "appeal decided").unwrap();
    assert!(
        only(&d, ALICE)
            .body
            .starts_with("The tournament director has started the clocks of game #1 again.")
    );
    assert_eq!(deadline(&w, id), Some(back + 2 * DAY + 1));
    assert!(w.direct(id, GameAction::Resume, "again").is_err());
    // She moves in time: the clock goes on as usual, Bob's turn unaffected by the pause.
    w.clock = back + DAY;
    w.answer(ALICE, "a2b3");
    assert_eq!(w.game(id).moves.len(), 3);
    assert_eq!(audit::verify(&w.audit, head(&w), &w.config.keys), Ok(2));
}

#[test]
fn a_clock_that_has_run_out_is_not_stopped_but_can_be_given_time() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "1d");
    // Out of time, before the clock's next look.
    w.clock = t + DAY + 60;
    let refused = w.direct(id, GameAction::Pause, "appeal").unwrap_err();
    assert!(refused.0.contains("ran out of time"), "{refused}");
    assert!(w.audit.is_empty());
    w.direct(
        id,
        GameAction::AddTime {
            side: Side::Black,
            seconds: DAY,
        },
        "appeal upheld",
    )
    .unwrap();
    w.direct(id, GameAction::Pause, "appeal").unwrap();
    assert_eq!(w.game(id).status, GameStatus::Active);
    assert_eq!(w.tick(w.clock).outbox.len(), 0, "nothing due while stopped");
}

#[test]
fn claim_mode_set_by_the_director_waits_for_the_claim() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "1d");
    let d = w
        .direct(id, GameAction::Claim(true), "tournament rule 4.2")
        .unwrap();
    assert!(
        only(&d, BOB)
            .body
            .contains("Le directeur du tournoi a placé la partie n° 1 en mode réclamation"),
        "{}",
        only(&d, BOB).body
    );
    assert!(w.game(id).clock.claim);
    let ds = w.run_clock(t + 5 * DAY);
    assert!(
        ds.iter()
            .all(|d| d.games.iter().all(|g| g.status == GameStatus::Active))
    );
    let d = w.answer(BOB, "RECLAMER");
    assert_eq!(
        d.games[0].result.as_ref().unwrap().winner,
        Some(Side::White)
    );
    // Claim mode off on a finished game: refused.
    assert!(w.direct(id, GameAction::Claim(false), "too late").is_err());
}

#[test]
fn an_adjudicated_result_ends_the_game_for_both_with_the_reason() {
    engine!("bulltricker");
    let mut w = World::new();
    w.set_lang(BOB, Lang::FR);
    let id = challenge_and_accept(&mut w, "NEW bulltricker TIME 10/50d VS bob@b.example");
    w.answer(ALICE, "b.h2 b.h4");
    let d = w
        .direct(
            id,
            GameAction::Adjudicate(Verdict::Win(Side::White)),
            "Black withdrew from the event",
        )
        .unwrap();
    let g = w.game(id);
    assert_eq!(g.status, GameStatus::Finished);
    let result = g.result.clone().unwrap();
    assert_eq!(
        (result.winner, result.termination.as_str()),
        (Some(Side::White), "adjudication")
    );
    assert_eq!(g.clock.next_due, None);
    // Bulltricker's protocol line first, then the words.
    let alice = &only(&d, ALICE).body;
    assert_eq!(alice.lines().next(), Some("WW"));
    assert!(alice.contains("The tournament director has decided the result of this game."));
    assert!(alice.contains("Reason given: Black withdrew from the event"));
    let bob = &only(&d, BOB).body;
    assert!(
        bob.contains("Le directeur du tournoi a décidé du résultat de cette partie."),
        "{bob}"
    );
    assert!(
        bob.contains("Motif : Black withdrew from the event"),
        "{bob}"
    );
    // A finished game is not adjudicated twice.
    assert!(
        w.direct(id, GameAction::Adjudicate(Verdict::Draw), "second thoughts")
            .is_err()
    );
    assert_eq!(w.audit.len(), 1);
}

#[test]
fn a_cancelled_game_counts_for_nobody() {
    engine!("abalone");
    let mut w = World::new();
    let (id, _) = game_with_alice_to_move(&mut w, "none");
    let d = w
        .direct(
            id,
            GameAction::Adjudicate(Verdict::Cancel),
            "duplicate pairing",
        )
        .unwrap();
    let result = w.game(id).result.clone().unwrap();
    assert_eq!(
        (result.winner, result.termination.as_str()),
        (None, "cancelled-by-director")
    );
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("Game cancelled by the tournament director; it counts for nobody."),
        "{body}"
    );
    assert!(
        body.contains("The tournament director has cancelled this game."),
        "{body}"
    );
    assert!(!body.contains("decided the result"), "{body}");
    // No clock to change in an untimed game.
    let (other, _) = game_with_alice_to_move(&mut w, "none");
    let refused = w
        .direct(
            other,
            GameAction::AddTime {
                side: Side::White,
                seconds: DAY,
            },
            "why not",
        )
        .unwrap_err();
    assert!(refused.0.contains("no time control"), "{refused}");
    // A reason is required.
    assert!(w.direct(other, GameAction::Pause, "  ").is_err());
    assert!(w.direct(999, GameAction::Pause, "no such game").is_err());
    assert_eq!(w.audit.len(), 1, "refusals are not audited");
}

#[test]
fn special_leave_is_not_charged_may_give_time_back_and_the_opponents_are_told() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "2d");
    // Alice has used her whole quota this year.
    let today = jiff::Timestamp::from_second(w.clock)
        .unwrap()
        .to_zoned(TimeZone::UTC)
        .date();
    w.clock = t + 30 * HOUR;
    let yesterday = today.yesterday().unwrap();
    // Retroactive: the day before her turn started and the day it started, given back.
    let turn_day = jiff::Timestamp::from_second(t)
        .unwrap()
        .to_zoned(TimeZone::UTC)
        .date();
    // A mail whose Message-ID looks like the director's action's own cannot make arbitre
    // reuse Message-IDs (the world checks every ID is new).
    let mut m = w.msg(ALICE, "HELP");
    m.message_id = "director.1".into();
    w.deliver(&m);
    let d = w
        .grant_leave(ALICE, yesterday.min(turn_day), turn_day, "in hospital")
        .unwrap();
    let alice_mail = only(&d, ALICE);
    assert_eq!(alice_mail.game, None);
    assert!(
        alice_mail
            .body
            .starts_with("The tournament director has granted you special leave from"),
        "{}",
        alice_mail.body
    );
    assert!(alice_mail.body.contains("Reason given: in hospital"));
    let bob = &only(&d, BOB).body;
    assert!(bob.contains("en congé du"), "{bob}");
    assert!(
        !bob.contains("hospital"),
        "the opponent is not told why: {bob}"
    );
    let alice = d.players.iter().find(|p| p.address == ALICE).unwrap();
    assert!(alice.leave.iter().all(|l| l.special));
    assert_eq!(
        arbitre::clock::leave::taken(&alice.leave, turn_day.year()),
        0
    );
    // Her turn began on the last day of the leave: the deadline moves to two days after
    // the midnight that ended it.
    let midnight = turn_day
        .tomorrow()
        .unwrap()
        .to_zoned(TimeZone::UTC)
        .unwrap()
        .timestamp()
        .as_second();
    assert_eq!(deadline(&w, id), Some(midnight + 2 * DAY + 1));
    // Overlapping leave is refused; a stranger has no record.
    assert!(w.grant_leave(ALICE, turn_day, turn_day, "again").is_err());
    // Far-off days are refused.
    let far = jiff::civil::date(2999, 1, 1);
    assert!(w.grant_leave(ALICE, far, far, "far").is_err());
    // The player cannot cancel the director's leave.
    let later = turn_day.checked_add(jiff::Span::new().days(20)).unwrap();
    let later_last = later.checked_add(jiff::Span::new().days(2)).unwrap();
    w.grant_leave(ALICE, later, later_last, "surgery").unwrap();
    let d = w.send_confirmed(ALICE, "LEAVE CANCEL");
    assert!(d.players.is_empty(), "nothing of hers to cancel");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("You have no current or future leave to cancel."),
        "{body}"
    );
    assert!(w.grant_leave(CAROL, turn_day, turn_day, "who?").is_err());
    assert_eq!(audit::verify(&w.audit, head(&w), &w.config.keys), Ok(2));
    assert_eq!(w.audit[0].draft.player.as_deref(), Some(ALICE));
}

#[test]
fn the_audit_chain_of_a_season_verifies_and_any_tampering_shows() {
    engine!("abalone");
    let mut w = World::new();
    let (id, t) = game_with_alice_to_move(&mut w, "30d+1d");
    w.clock = t + HOUR;
    w.direct(id, GameAction::Pause, "server move").unwrap();
    w.clock += 3 * DAY;
    w.direct(id, GameAction::Resume, "server moved").unwrap();
    w.direct(
        id,
        GameAction::AddTime {
            side: Side::Black,
            seconds: DAY,
        },
        "compensation",
    )
    .unwrap();
    w.direct(id, GameAction::Claim(true), "rule 7").unwrap();
    w.direct(
        id,
        GameAction::Adjudicate(Verdict::Draw),
        "both agreed by phone",
    )
    .unwrap();
    assert_eq!(
        w.game(id).result.as_ref().unwrap().termination,
        "adjudication"
    );
    let log = w.audit.clone();
    let h = log.last().map(|e| (e.seq, e.hash.clone())).unwrap();
    let h = Some((h.0, h.1.as_str()));
    assert_eq!(audit::verify(&log, h, &w.config.keys), Ok(5));
    let actions: Vec<&str> = log.iter().map(|e| e.draft.action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "clock-pause",
            "clock-resume",
            "clock-add",
            "clock-claim",
            "adjudicate"
        ]
    );
    // A reason rewritten after the fact.
    let mut t1 = log.clone();
    t1[2].draft.reason = "a favour".into();
    assert_eq!(
        audit::verify(&t1, h, &w.config.keys),
        Err(Break::Changed { seq: 3 })
    );
    // An entry removed.
    let mut t2 = log.clone();
    t2.remove(3);
    assert!(matches!(
        audit::verify(&t2, h, &w.config.keys),
        Err(Break::Missing { .. })
    ));
    // The last entry removed, the head left alone.
    assert!(matches!(
        audit::verify(&log[..4], h, &w.config.keys),
        Err(Break::Truncated { last: 4, head: 5 })
    ));
}
