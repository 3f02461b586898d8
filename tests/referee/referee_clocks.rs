//! Scenario tests of timed games in the pure referee: time controls named in a challenge
//! (`TIME` / `CADENCE`), the clock lines every mail of a timed game carries, `CLOCK` /
//! `PENDULE`, `TZ` / `FUSEAU`, and a forward held back by the outgoing server costing its
//! receiver nothing. Played in the in-memory world of `tests/world`.

use crate::world;

use world::*;

use arbitre::clock::duration::{DAY, HOUR};
use arbitre::clock::{Limit, TimeControl};
use arbitre::games::Side;
use arbitre::referee::GameStatus;
use arbitre::referee::view::when_words;
use arbitre::text::Lang;
use jiff::tz::TimeZone;

fn zone(name: &str) -> TimeZone {
    jiff::tz::db().get(name).unwrap()
}

#[test]
fn a_timed_challenge_shows_its_clock_in_every_mail_and_clock_answers_both() {
    engine!("abalone");
    let mut w = World::new();
    let d = w.send_confirmed(ALICE, "NEW abalone TIME 3d VS bob@b.example");
    let game = d.games[0].clone();
    assert_eq!(game.clock.control, TimeControl::read("3d").unwrap());
    let invitation = only(&d, BOB);
    assert!(
        invitation
            .body
            .contains("Time control: 3d (3 days per move)."),
        "{}",
        invitation.body
    );

    // Bob accepts: Alice (Black) is to move; the mail telling her starts her clock.
    let d = w.answer(BOB, "ACCEPT");
    let accepted = d.games[0].clone();
    assert_eq!(accepted.status, GameStatus::Active);
    let to_alice = only(&d, ALICE);
    assert_eq!(
        to_alice.turn,
        Some(0),
        "the mail to the player to move starts her turn"
    );
    assert!(to(&d, BOB).iter().all(|m| m.turn.is_none()));
    let started = w.clock;
    let deadline = when_words(Lang::EN, started + 3 * DAY + 1, &TimeZone::UTC);
    assert!(
        to_alice
            .body
            .contains(&format!("Your move must reach arbitre before {deadline}.")),
        "{}",
        to_alice.body
    );
    assert!(
        to_alice
            .body
            .contains("Time left: you 3 days, your opponent 3 days.")
    );

    // Alice moves ten minutes later; Bob's forward starts his turn and says when it ends.
    let d = w.answer(ALICE, "a1b2");
    let forward = only(&d, BOB);
    assert_eq!(forward.turn, Some(1));
    let bob_deadline = when_words(Lang::EN, w.clock + 3 * DAY + 1, &TimeZone::UTC);
    assert!(
        forward.body.contains(&format!(
            "Your move must reach arbitre before {bob_deadline}."
        )),
        "{}",
        forward.body
    );
    // Alice's confirmation tells her Bob's deadline.
    let confirm = only(&d, ALICE);
    assert!(confirm.turn.is_none());
    assert!(
        confirm
            .body
            .contains(&format!("Deadline for your opponent: {bob_deadline}.")),
        "{}",
        confirm.body
    );

    // Ten minutes on, Bob asks for the clocks, then sets his time zone and asks again.
    let d = w.answer(BOB, "CLOCK");
    let clocks = only(&d, BOB);
    assert!(d.games.is_empty(), "CLOCK changes nothing");
    assert!(
        clocks.body.starts_with("Clocks of game #1:"),
        "{}",
        clocks.body
    );
    assert!(
        clocks
            .body
            .contains("Time left: you 2 days 23 hours, your opponent 3 days."),
        "{}",
        clocks.body
    );
    assert!(clocks.body.contains("your time zone, UTC"));

    let d = w.send_confirmed(BOB, "TZ europe/paris");
    assert_eq!(d.players[0].zone.as_deref(), Some("Europe/Paris"));
    assert!(
        only(&d, BOB)
            .body
            .contains("Your time zone is now Europe/Paris")
    );
    let d = w.answer(BOB, "clock");
    let paris = when_words(
        Lang::EN,
        w.game(1).moves[0].received_at + 3 * DAY + 1,
        &zone("Europe/Paris"),
    );
    let body = &only(&d, BOB).body;
    assert!(body.contains(&paris), "{body}");
    assert!(paris.contains("(Europe/Paris)") && paris.ends_with("UTC"));
}

#[test]
fn a_french_challenge_names_its_cadence_and_pendule_answers_in_french() {
    engine!("abalone");
    let mut w = World::new();
    w.set_lang(ALICE, Lang::FR);
    w.set_lang(BOB, Lang::FR);
    let d = w.send_confirmed(
        ALICE,
        "NOUVELLE abalone CADENCE 10/50j CONTRE bob@b.example",
    );
    let control = d.games[0].clock.control;
    assert_eq!(
        control.limit,
        Limit::Moves {
            moves: 10,
            time: 50 * DAY
        }
    );
    assert!(control.whole_days && control.free == DAY && control.double_after == Some(20 * DAY));
    let body = &only(&d, BOB).body;
    assert!(
        body.contains(
            "Cadence : 10/50d (10 coups en 50 jours, le temps non utilisé étant reporté, \
             décompté en jours entiers, 1 jour pour répondre avant que le temps ne soit \
             décompté, le temps passé sur un coup au-delà de 20 jours compté double)."
        ),
        "{body}"
    );
    w.answer(BOB, "ACCEPTER");
    let d = w.answer(ALICE, "PENDULE");
    let body = &only(&d, ALICE).body;
    assert!(body.starts_with("Pendules de la partie n° 1 :"), "{body}");
    // 10 moves in 50 days, whole days after a free day: the first move may run 36 days.
    let deadline = when_words(
        Lang::FR,
        w.game(1).clock.started[&0] + 36 * DAY,
        &TimeZone::UTC,
    );
    assert!(
        body.contains(&format!(
            "Votre coup doit parvenir à arbitre avant le {deadline}."
        )),
        "{body}"
    );
    assert!(
        body.contains("Temps restant : vous 50 jours pour 10 coups"),
        "{body}"
    );
}

#[test]
fn a_time_control_that_cannot_be_read_creates_no_game_and_says_why() {
    let mut w = World::new();
    let d = w.send(ALICE, "NEW abalone TIME soon VS bob@b.example");
    assert!(d.games.is_empty());
    let body = &only(&d, ALICE).body;
    assert!(body.contains("\"soon\" is not a time control."), "{body}");
    assert!(body.contains("TIME 3d (3 days per move)"), "{body}");
    let d = w.send(ALICE, "NEW abalone TIME 3d,sometimes VS bob@b.example");
    assert!(
        only(&d, ALICE).body.contains("\"3d,sometimes\"")
            || only(&d, ALICE).body.contains("\"sometimes\"")
    );
    let d = w.send(ALICE, "NEW abalone VS bob@b.example TIME");
    assert!(
        only(&d, ALICE)
            .body
            .contains("Give the time control after TIME.")
    );
    w.set_lang(CAROL, Lang::FR);
    let d = w.send(CAROL, "NOUVELLE abalone CADENCE 5s CONTRE bob@b.example");
    let body = &only(&d, CAROL).body;
    assert!(body.contains("« 5s » est trop court"), "{body}");
    assert!(body.contains("Aucune partie n'a été créée."), "{body}");

    let d = w.send_confirmed(ALICE, "TZ Mars/Olympus");
    assert!(d.players.iter().all(|p| p.zone.is_none()));
    assert!(
        only(&d, ALICE)
            .body
            .contains("\"Mars/Olympus\" is not a time zone arbitre knows")
    );
}

#[test]
fn a_forward_held_back_by_the_mail_server_costs_its_receiver_nothing() {
    engine!("bulltricker");
    let mut w = World::new();
    challenge_and_accept(&mut w, "NEW bulltricker TIME 1d VS bob@b.example");
    // White (Alice) moves; the forward to Bob waits five hours in the outbox.
    w.hold_mail = true;
    let d = w.answer(ALICE, "b.h2 b.h4");
    assert_eq!(only(&d, BOB).turn, Some(1));
    assert!(
        only(&d, BOB)
            .body
            .contains("Your time runs from the moment this mail left arbitre.")
    );
    w.clock += 5 * HOUR;
    w.hold_mail = false;
    w.release_mail();
    let left = w.clock;
    // Bob asks ten minutes later: 23 hours 50 minutes left, counted from the mail's leaving.
    let d = w.answer(BOB, "CLOCK");
    let body = &only(&d, BOB).body;
    assert!(
        body.contains("Time left: you 23 hours 50 minutes"),
        "{body}"
    );
    let deadline = when_words(Lang::EN, left + DAY + 1, &TimeZone::UTC);
    assert!(body.contains(&deadline), "{body}");
    assert_eq!(w.game(1).clock.started.get(&1), Some(&left));
    let _ = Side::White;
}

#[test]
fn a_game_without_a_clock_says_so_and_shows_no_clock_lines() {
    engine!("abalone");
    let mut w = World::new();
    challenge_and_accept(&mut w, "NEW abalone VS bob@b.example");
    let d = w.answer(ALICE, "a1b2");
    assert!(!only(&d, BOB).body.contains("Time control"));
    let d = w.answer(BOB, "CLOCK");
    assert!(
        only(&d, BOB)
            .body
            .contains("This game is played without a clock.")
    );
}

// ---------------------------------------------------------------------------------------
// Time passing: reminders and time-outs (`referee::tick`), with a simulated clock.

#[test]
fn a_first_move_that_never_comes_is_reminded_twice_then_the_game_is_cancelled() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 3d VS bob@b.example");
    let t0 = w.game(id).clock.started[&0];
    let flag = t0 + 3 * DAY + 1;
    let ds = w.run_clock(t0 + 30 * DAY);
    assert_eq!(ds.len(), 3, "{ds:#?}");

    // 24 hours left, then 80 % used: one mail each, to Alice only.
    let first = only(&ds[0], ALICE);
    assert!(to(&ds[0], BOB).is_empty());
    assert!(
        first.body.starts_with(
            "Reminder: game #1 (Abalone (Standard)) against your opponent has been waiting for your move \
             for 2 days."
        ),
        "{}",
        first.body
    );
    let deadline = when_words(Lang::EN, flag, &TimeZone::UTC);
    assert!(
        first
            .body
            .contains(&format!("Your move must reach arbitre before {deadline}."))
    );
    assert!(
        first
            .body
            .contains("Time left: you 1 day, your opponent 3 days."),
        "{}",
        first.body
    );
    let second = only(&ds[1], ALICE);
    assert!(
        second.body.contains("for 2 days 9 hours"),
        "{}",
        second.body
    );
    assert_ne!(first.message_id, second.message_id);

    // Out of time on the game's first move: cancelled, for both.
    let end = &ds[2];
    let game = &end.games[0];
    assert_eq!(game.status, GameStatus::Finished);
    let result = game.result.as_ref().unwrap();
    assert_eq!(
        (result.winner, result.termination.as_str()),
        (None, "cancelled")
    );
    for who in [ALICE, BOB] {
        let mail = only(end, who);
        assert!(mail.subject.ends_with("game cancelled"), "{}", mail.subject);
        let body = &mail.body;
        assert_eq!(
            body.lines().next(),
            Some("Game cancelled; it counts for nobody.")
        );
        assert!(
            body.contains(&format!(
                "The game is cancelled: its first move did not reach arbitre before {deadline}."
            )),
            "{body}"
        );
    }
    assert_eq!(
        w.game(id).clock.next_due,
        None,
        "a finished game is never due"
    );
}

#[test]
fn a_player_who_lets_the_time_run_out_loses_on_time_in_the_games_own_terms() {
    engine!("bulltricker");
    let mut w = World::new();
    w.set_lang(BOB, Lang::FR);
    let id = challenge_and_accept(&mut w, "NEW bulltricker TIME 1d VS bob@b.example");
    w.answer(ALICE, "b.h2 b.h4");
    let t1 = w.game(id).clock.started[&1];
    let ds = w.run_clock(t1 + 5 * DAY);
    assert_eq!(ds.len(), 2, "one reminder (80 %), then the time-out");
    assert!(
        only(&ds[0], BOB)
            .body
            .starts_with("Rappel : la partie n° 1")
    );
    let end = &ds[1];
    let result = end.games[0].result.clone().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.termination, "time");
    let to_alice = only(end, ALICE);
    let to_bob = only(end, BOB);
    assert_eq!(to_alice.body.lines().next(), Some("WW"));
    assert_eq!(to_bob.body.lines().next(), Some("WW"));
    assert!(
        to_alice.body.contains("Your opponent ran out of time"),
        "{}",
        to_alice.body
    );
    assert!(to_alice.body.contains("You win on time."));
    assert!(
        to_bob.body.contains("Votre temps est écoulé"),
        "{}",
        to_bob.body
    );
    assert!(to_bob.body.contains("Vous perdez au temps."));
}

#[test]
fn a_move_that_arrived_in_time_counts_however_late_it_is_read_and_a_late_one_does_not() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 1d VS bob@b.example");
    w.answer(ALICE, "a1b2");
    let bob_flag = w.game(id).clock.started[&1] + DAY + 1;
    // arbitre was down across Bob's deadline; his move had reached the mailbox a minute
    // before it. Read an hour after the deadline, it is played.
    w.clock = bob_flag + HOUR;
    let mail = w.last_to(BOB).clone();
    let mut m = w.reply_msg(&mail, BOB, "i5h5");
    m.received_at = bob_flag - 60;
    let d = w.deliver(&m);
    assert_eq!(d.games[0].moves.len(), 2, "{:#?}", d.outbox);
    assert_eq!(d.games[0].status, GameStatus::Active);

    // Alice's turn starts now; her move reaches the mailbox a second after her time ran
    // out, before any tick: she loses on time and her move is not played.
    let alice_flag = w.game(id).clock.started[&2] + DAY + 1;
    let mail = w.last_to(ALICE).clone();
    let mut m = w.reply_msg(&mail, ALICE, "a2b3");
    m.received_at = alice_flag;
    w.clock = alice_flag + 5;
    let d = w.deliver(&m);
    let game = &d.games[0];
    assert_eq!(game.moves.len(), 2, "the late move is not played");
    assert_eq!(game.result.as_ref().unwrap().winner, Some(Side::White));
    assert!(only(&d, ALICE).body.contains("Your time ran out"));
    assert!(only(&d, BOB).body.contains("You win on time."));
}

#[test]
fn a_reminder_is_sent_once_whatever_the_clock_is_asked() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 3d VS bob@b.example");
    let t0 = w.game(id).clock.started[&0];
    let ds = w.run_clock(t0 + 2 * DAY + 1);
    assert_eq!(ds.len(), 1);
    // Asked again at the same instant and later before the next step: nothing more.
    let mut game = w.game(id).clone();
    for at in [t0 + 2 * DAY + 1, t0 + 2 * DAY + HOUR] {
        game.clock.next_due = Some(at);
        let ctx = arbitre::referee::Context {
            games: vec![game.clone()],
            ..Default::default()
        };
        let d = arbitre::referee::tick(&w.config, &ctx, at);
        assert!(d.outbox.is_empty(), "{d:#?}");
    }
    // The daemon's restart replays the same decision with the same Message-IDs.
    let before = w.game(id).clone();
    let mut again = before.clone();
    again.clock.reminded.clear();
    let ctx = arbitre::referee::Context {
        games: vec![again],
        ..Default::default()
    };
    let a = arbitre::referee::tick(&w.config, &ctx, t0 + 2 * DAY + 1);
    assert_eq!(a.outbox.len(), 1);
    assert_eq!(a.outbox[0].message_id, ds[0].outbox[0].message_id);
}

#[test]
fn in_claim_mode_running_out_of_time_waits_for_a_claim() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 1d VS bob@b.example");
    w.answer(ALICE, "a1b2");
    w.games.get_mut(&id).unwrap().clock.claim = true;
    // Too early: nothing to claim, and the answer says until when Bob has.
    let t1 = w.game(id).clock.started[&1];
    let d = w.answer(ALICE, "CLAIM");
    assert!(d.games.is_empty());
    let body = &only(&d, ALICE).body;
    let deadline = when_words(Lang::EN, t1 + DAY + 1, &TimeZone::UTC);
    assert!(
        body.contains(&format!(
            "There is nothing to claim: your opponent still has time, until {deadline}."
        )),
        "{body}"
    );
    let ds = w.run_clock(t1 + 10 * DAY);
    assert_eq!(ds.len(), 2, "the reminder, then the claim notice");
    let notice = only(&ds[1], ALICE);
    assert!(
        notice.body.contains("reply CLAIM to win on time"),
        "{}",
        notice.body
    );
    assert_eq!(w.game(id).status, GameStatus::Active);
    assert_eq!(w.game(id).clock.next_due, None);
    // Alice claims: she wins on time.
    let d = w.answer(ALICE, "claim");
    let result = d.games[0].result.clone().unwrap();
    assert_eq!(
        (result.winner, result.termination.as_str()),
        (Some(Side::Black), "time")
    );
    assert!(only(&d, BOB).body.contains("You lose on time."));
}

#[test]
fn in_claim_mode_a_late_move_before_the_claim_is_played() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 1d VS bob@b.example");
    w.answer(ALICE, "a1b2");
    w.games.get_mut(&id).unwrap().clock.claim = true;
    w.clock += 3 * DAY;
    let d = w.answer(BOB, "i5h5");
    assert_eq!(d.games[0].moves.len(), 2);
    assert_eq!(d.games[0].status, GameStatus::Active);
}

// ---------------------------------------------------------------------------------------
// Leave.

/// The day `n` days after the world's today, in UTC (the configured default zone).
fn day_after(w: &World, n: i64) -> jiff::civil::Date {
    let today = jiff::Timestamp::from_second(w.clock)
        .unwrap()
        .to_zoned(TimeZone::UTC)
        .date();
    today.checked_add(jiff::Span::new().days(n)).unwrap()
}

#[test]
fn leave_stops_every_clock_of_its_player_and_their_opponents_are_told_once() {
    engine!("abalone");
    let mut w = World::new();
    // Two games in which Bob is to move (one against Alice, one against Carol).
    let a = challenge_and_accept(&mut w, "NEW abalone TIME 3d VS bob@b.example");
    w.answer(ALICE, "a1b2");
    let d = w.send_confirmed(CAROL, "NEW abalone TIME 3d VS bob@b.example");
    let c = d.games[0].id;
    let invitation = only(&d, BOB).clone();
    let m = w.reply_msg(&invitation, BOB, "ACCEPT");
    w.deliver(&m);
    let mail = w.last_to(CAROL).clone();
    let m = w.reply_msg(&mail, CAROL, "a1b2");
    w.deliver(&m);
    let before = w.game(a).clock.started[&1] + 3 * DAY + 1;

    // Bob takes two days of leave from tomorrow.
    let (first, last) = (day_after(&w, 1), day_after(&w, 2));
    let d = w.send_confirmed(BOB, &format!("LEAVE {first} {last}"));
    let bob = d.players.iter().find(|p| p.address == BOB).unwrap();
    assert_eq!(bob.leave.len(), 1);
    let body = &only(&d, BOB).body;
    assert!(
        body.contains(&format!(
            "Your leave from {first} to {last} is recorded (2 days)"
        )),
        "{body}"
    );
    assert!(body.contains("Leave left in 2023: 43 days."), "{body}");
    for who in [ALICE, CAROL] {
        let told = only(&d, who);
        assert!(
            told.body
                .contains(&format!("is on leave from {first} to {last}")),
            "{}",
            told.body
        );
        assert!(!told.body.to_lowercase().contains("reason"));
    }
    // Both games are saved with deadlines two days later.
    let games: Vec<_> = d.games.iter().map(|g| g.id).collect();
    assert!(games.contains(&a) && games.contains(&c), "{games:?}");
    let game_mail = w
        .sent
        .iter()
        .rev()
        .find(|m| m.to == BOB && m.game == Some(a))
        .unwrap()
        .clone();
    let m = w.reply_msg(&game_mail, BOB, "CLOCK");
    let d = w.deliver(&m);
    let after = when_words(Lang::EN, before + 2 * DAY, &TimeZone::UTC);
    let body = &only(&d, BOB).body;
    assert!(body.contains(&after), "{body}");
    assert!(
        body.contains("Leave left in 2023: 43 days out of 45."),
        "{body}"
    );

    // No reminder falls during the leave: the first comes with 24 hours of Bob's own time
    // left, two days later than without leave.
    let ds = w.run_clock(before + 2 * DAY - 1);
    let reminders: Vec<_> = ds
        .iter()
        .flat_map(|d| d.outbox.iter())
        .filter(|m| m.to == BOB && m.body.starts_with("Reminder"))
        .collect();
    assert_eq!(reminders.len(), 4, "two per game");
    assert_eq!(w.game(a).status, GameStatus::Active, "not out of time yet");
}

#[test]
fn leave_beyond_the_quota_or_too_soon_is_refused_and_cancelled_leave_is_given_back() {
    let mut w = World::new();
    let today = day_after(&w, 0);
    let d = w.send_confirmed(ALICE, &format!("LEAVE {today} {today}"));
    assert!(
        only(&d, ALICE)
            .body
            .contains("A leave starts tomorrow at the earliest.")
    );
    assert!(d.players.iter().all(|p| p.leave.is_empty()));
    // 46 days in 2023: more than the year's quota of 45.
    let d = w.send_confirmed(ALICE, "LEAVE 2023-11-16 2023-12-31");
    assert!(
        only(&d, ALICE)
            .body
            .contains("That makes 46 days in 2023, and you have 45 days left."),
        "{}",
        only(&d, ALICE).body
    );
    // Across New Year, each year pays for its own days.
    let d = w.send_confirmed(ALICE, "LEAVE 2023-12-20 2024-01-03");
    assert!(only(&d, ALICE).body.contains("(15 days)"));
    assert!(
        only(&d, ALICE)
            .body
            .contains("Leave left in 2023: 33 days.")
    );
    let d = w.send_confirmed(ALICE, "LEAVE 2023-12-25 2023-12-26");
    assert!(only(&d, ALICE).body.contains("overlap"));
    // Changing the time zone keeps the leave.
    let d = w.send_confirmed(ALICE, "TZ Europe/Paris");
    assert_eq!(d.players[0].leave.len(), 1, "{:?}", d.players);
    // LEAVE alone: the balance and what is recorded.
    let d = w.send(ALICE, "LEAVE");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains("Leave left in 2023: 33 days out of 45."),
        "{body}"
    );
    assert!(
        body.contains("2023-12-20 to 2024-01-03 (15 days)"),
        "{body}"
    );
    // Cancelled before it starts: every day given back.
    let d = w.send_confirmed(ALICE, "LEAVE CANCEL");
    assert!(
        only(&d, ALICE)
            .body
            .contains("is cancelled; 15 days given back.")
    );
    assert!(d.players[0].leave.is_empty());
    // French, day first; then cut short while under way.
    w.set_lang(BOB, Lang::FR);
    let (first, last) = (day_after(&w, 1), day_after(&w, 5));
    let fr = |d: jiff::civil::Date| d.strftime("%d/%m/%Y").to_string();
    let d = w.send_confirmed(BOB, &format!("CONGE {} {}", fr(first), fr(last)));
    assert!(
        only(&d, BOB).body.contains(&format!(
            "Votre congé du {} au {} est enregistré (5 jours)",
            fr(first),
            fr(last)
        )),
        "{}",
        only(&d, BOB).body
    );
    w.clock += 2 * DAY;
    let d = w.send_confirmed(BOB, "CONGE ANNULER");
    let body = &only(&d, BOB).body;
    assert!(
        body.contains("Votre congé se termine aujourd'hui"),
        "{body}"
    );
    assert!(
        body.contains("les jours non pris vous sont rendus (3 jours)"),
        "{body}"
    );
    let d = w.send(BOB, "CONGE demain");
    assert!(
        only(&d, BOB)
            .body
            .contains("Écrivez CONGE suivi du premier et du dernier jour")
    );
}

#[test]
fn an_outage_of_arbitre_gives_the_player_to_move_their_time_back() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 1d VS bob@b.example");
    w.answer(ALICE, "a1b2");
    let started = w.game(id).clock.started[&1];
    let flag = started + DAY + 1;
    // arbitre could not read its mailbox for five hours, across Bob's deadline; when it
    // is back it records the outage and its clock looks at the game again.
    w.outages
        .push(arbitre::clock::Span::new(flag - 2 * HOUR, flag + 3 * HOUR));
    w.games.get_mut(&id).unwrap().clock.next_due = Some(flag + 3 * HOUR);
    let ds = w.run_clock(flag + 5 * HOUR - 1);
    assert!(
        ds.iter()
            .all(|d| d.games.iter().all(|g| g.status == GameStatus::Active)),
        "not out of time: the five hours are his again"
    );
    let ds = w.run_clock(flag + 5 * HOUR);
    let end = ds.last().expect("the time-out");
    assert_eq!(end.games[0].status, GameStatus::Finished);
    assert!(
        only(end, BOB)
            .body
            .contains(&when_words(Lang::EN, flag + 5 * HOUR, &TimeZone::UTC))
    );
}

#[test]
fn a_turn_played_again_after_a_take_back_is_reminded_again() {
    engine!("abalone");
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW abalone TIME 3d VS bob@b.example");
    let t0 = w.game(id).clock.started[&0];
    // Alice is reminded (24 hours left), then moves; she asks to take it back, Bob agrees.
    let ds = w.run_clock(t0 + 2 * DAY + HOUR);
    assert_eq!(ds.len(), 1);
    w.answer(ALICE, "a1b2");
    w.answer(ALICE, "UNDO");
    let d = w.answer(BOB, "UNDO");
    assert_eq!(d.games[0].moves.len(), 0);
    assert!(
        d.games[0].clock.reminded.is_empty(),
        "the turn is played again"
    );
    // Her turn starts again when the mail telling her leaves, with its reminders.
    let again = w.game(id).clock.started[&0];
    assert!(again > t0 + 2 * DAY);
    let ds = w.run_clock(again + 2 * DAY + HOUR);
    let to_alice: Vec<_> = ds.iter().flat_map(|d| to(d, ALICE)).collect();
    assert_eq!(to_alice.len(), 1, "{to_alice:#?}");
    assert!(to_alice[0].body.starts_with("Reminder"));
}
