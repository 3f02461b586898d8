//! Playing the computer (`NEW ... VS arbitre`), through the referee and the computer's task
//! as the daemon runs them, in the in-memory world: the challenge, its moves in every game,
//! take-backs, draw offers and hints, and what nobody may do with its seats.

use crate::world;

use world::*;

use arbitre::games::engine::Level;
use arbitre::games::{GameKind, Outcome, Side, Start};
use arbitre::referee::{GameStatus, computer};
use arbitre::text::Lang;

/// Alice's challenge to the computer, proven (sent to her own player address).
fn challenge(w: &mut World, line: &str) -> arbitre::referee::GameId {
    let m = w.keyed_msg(ALICE, line);
    let d = w.deliver(&m);
    assert_eq!(d.games.len(), 1, "{}: {d:#?}", d.summary);
    let game = &d.games[0];
    assert_eq!(
        game.status,
        GameStatus::Active,
        "the computer accepts at once"
    );
    assert!(!game.terms.rated, "never rated");
    assert!(game.terms.event.is_none());
    assert!(
        d.outbox.iter().all(|o| !computer::is_seat(&o.to)),
        "no mail to a seat: {:#?}",
        d.outbox
    );
    game.id
}

/// Plays `from`'s first legal move in game `id`, answering the last mail they got.
fn play_first_legal(w: &mut World, id: arbitre::referee::GameId, from: &str) -> String {
    let live = live(w.game(id));
    let mv = live.legal_moves()[0].clone();
    let mail = w.last_to(from).clone();
    let d = w.answer_mail(&mail, from, &mv);
    assert_eq!(
        w.game(id).moves.len(),
        live.moves().len() + 1 + forced(&d, id, &live),
        "{}",
        d.summary
    );
    mv
}

/// The passes the rules forced after the move just played in `d`.
fn forced(
    d: &arbitre::referee::Decision,
    id: arbitre::referee::GameId,
    before: &arbitre::games::AnyGame,
) -> usize {
    d.games.iter().find(|g| g.id == id).map_or(0, |g| {
        g.moves.len().saturating_sub(before.moves().len() + 1)
    })
}

#[test]
fn the_computer_accepts_at_once_and_answers_each_move_in_every_game() {
    for kind in GameKind::ALL {
        let mut w = World::new();
        let line = format!("NEW {} AS FIRST VS arbitre LEVEL 1", kind.name());
        let id = challenge(&mut w, &line);
        let game = w.game(id).clone();
        let start = w.last_to(ALICE).clone();
        assert!(start.body.contains("level 1"), "{}", start.body);
        assert!(start.body.contains("HINT"), "{}", start.body);
        let (me, level) = (
            game.side_of(ALICE).unwrap(),
            computer::seated(&game).map(|(_, l)| l),
        );
        assert_eq!(level, Level::new(1));
        assert_eq!(
            live(&game).side_to_move(),
            me,
            "{kind}: AS FIRST moves first"
        );
        assert!(
            w.computer().is_none(),
            "{kind}: nothing owed on the player's turn"
        );
        // Ten moves each (or to the end): every answer is a legal move, mailed to Alice
        // with the move as the first line, and nothing goes to the seat.
        for _ in 0..10 {
            if w.game(id).status != GameStatus::Active {
                break;
            }
            play_first_legal(&mut w, id, ALICE);
            if w.game(id).status != GameStatus::Active {
                break;
            }
            let before = live(w.game(id));
            let d = w.computer().expect("the computer owes its move");
            assert!(d.outbox.iter().all(|o| !computer::is_seat(&o.to)));
            let after = w.game(id).clone();
            let its = &after.moves[before.moves().len()];
            assert!(
                before.judge(&its.text).is_ok(),
                "{kind}: the computer's move {} is legal",
                its.text
            );
            let mail = only(&d, ALICE);
            // The move first (with the result when it ends the game).
            assert!(
                first_line(mail).starts_with(&its.text),
                "{kind}: {}",
                mail.body
            );
            assert!(w.computer().is_none(), "{kind}: one answer per move");
        }
    }
}

#[test]
fn the_computer_moves_first_when_the_player_takes_the_second_side() {
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS SECOND VS arbitre");
    let game = w.game(id).clone();
    assert_eq!(
        computer::seated(&game),
        Some((Side::Black, Level::DEFAULT)),
        "Black moves first in Ataxx; no LEVEL: the default"
    );
    let d = w.computer().expect("its first move");
    assert_eq!(w.game(id).moves.len(), 1);
    assert_eq!(first_line(only(&d, ALICE)), w.game(id).moves[0].text);
    assert!(w.computer().is_none());
}

#[test]
fn by_lot_the_computer_takes_either_side() {
    let mut sides = std::collections::BTreeSet::new();
    for n in 0..16 {
        let mut w = World::new();
        w.seq = n;
        let id = challenge(&mut w, "NEW ataxx VS computer");
        sides.insert(w.game(id).side_of(ALICE).unwrap());
    }
    assert_eq!(sides.len(), 2, "sixteen challenges, both sides drawn");
}

#[test]
fn a_level_is_read_in_french_and_refused_when_it_is_not_one() {
    let mut w = World::new();
    let m = w.keyed_msg(
        ALICE,
        "NOUVELLE ataxx EN PREMIER CONTRE ordinateur NIVEAU 7",
    );
    let d = w.deliver(&m);
    let game = &d.games[0];
    assert_eq!(computer::seated(game).map(|(_, l)| l), Level::new(7));
    assert!(
        only(&d, ALICE).body.contains("niveau 7"),
        "{}",
        only(&d, ALICE).body
    );

    // Alice now reads French: Bob, in English.
    let mut w = World::new();
    for (line, words) in [
        ("NEW ataxx VS arbitre LEVEL 12", "not a level"),
        ("NEW ataxx VS arbitre LEVEL", "not a level"),
        (
            "NEW ataxx VS carol@c.example LEVEL 4",
            "Only the computer has a level",
        ),
    ] {
        let m = w.keyed_msg(BOB, line);
        let d = w.deliver(&m);
        assert!(d.games.is_empty(), "{line}");
        let body = &only(&d, BOB).body;
        assert!(body.contains(words), "{line}: {body}");
        assert!(body.contains("No game was created"), "{body}");
    }
    // arbitre's own address plays too, at the level asked.
    let m = w.keyed_msg(BOB, &format!("NEW ataxx VS {BOT} LEVEL 2"));
    let d = w.deliver(&m);
    assert_eq!(computer::seated(&d.games[0]).map(|(_, l)| l), Level::new(2));
}

#[test]
fn undo_takes_back_the_players_move_and_the_computers_answer() {
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS FIRST VS arbitre LEVEL 2");
    let mine = play_first_legal(&mut w, id, ALICE);
    w.computer().expect("its answer");
    let its = w.game(id).moves[1].text.clone();
    let d = w.answer(ALICE, "UNDO");
    let game = w.game(id).clone();
    assert!(game.moves.is_empty(), "{}", d.summary);
    let taken: Vec<&str> = game.takebacks.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(taken, [its.as_str(), mine.as_str()], "the last first");
    let body = &only(&d, ALICE).body;
    assert!(
        body.contains(&format!("Taken back: {mine}, {its}")),
        "{body}"
    );
    assert!(w.computer().is_none(), "the player's turn again");

    // Before the computer answers, only the player's move goes.
    let mine = play_first_legal(&mut w, id, ALICE);
    let d = w.answer(ALICE, "UNDO");
    assert!(w.game(id).moves.is_empty(), "{}", d.summary);
    assert!(
        only(&d, ALICE)
            .body
            .contains(&format!("Taken back: {mine}."))
    );
    // Nothing to take back at the start.
    let d = w.answer(ALICE, "UNDO");
    assert!(d.games.is_empty());
    assert!(only(&d, ALICE).body.contains("no move of yours"));
}

#[test]
fn a_draw_is_accepted_in_an_even_position_and_declined_in_a_won_one() {
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS FIRST VS arbitre LEVEL 3");
    w.answer(ALICE, "DRAW");
    let d = w.computer().expect("an answer to the offer");
    let game = w.game(id);
    assert_eq!(game.status, GameStatus::Finished, "{}", d.summary);
    assert_eq!(game.result.as_ref().map(|r| r.winner), Some(None));
    assert_eq!(
        game.result.as_ref().map(|r| r.termination.as_str()),
        Some("agreed-draw")
    );
    assert!(
        only(&d, ALICE).body.contains("Drawn by agreement"),
        "{}",
        only(&d, ALICE).body
    );

    // White (the computer) has 21 pieces to Black's 1: it plays on.
    let mut w = World::new();
    let seat = computer::seat(Level::new(4).unwrap());
    let id = w.create(
        GameKind::Ataxx,
        Start::Position("ooooooo/ooooooo/ooooooo/7/7/7/6x x".into()),
        &seat,
        ALICE,
    );
    assert!(w.sent.iter().all(|o| !computer::is_seat(&o.to)));
    w.answer(ALICE, "DRAW");
    assert_eq!(w.game(id).draw_offer, Some(Side::Black));
    let d = w.computer().expect("an answer to the offer");
    let game = w.game(id);
    assert_eq!(game.status, GameStatus::Active, "{}", d.summary);
    assert_eq!(game.draw_offer, None, "declined");
    assert!(game.moves.is_empty(), "still Alice's turn");
    assert!(w.computer().is_none());
}

#[test]
fn a_hint_comes_by_mail_on_the_players_turn_and_never_in_a_game_between_people() {
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS FIRST VS arbitre LEVEL 5");
    let d = w.answer(ALICE, "HINT");
    assert_eq!(w.game(id).hint_request, Some(Side::Black), "{}", d.summary);
    assert!(d.outbox.is_empty(), "the hint itself follows");
    let d = w.answer(ALICE, "HINT");
    assert!(only(&d, ALICE).body.contains("on its way"));
    let d = w.computer().expect("the hint");
    let hint = only(&d, ALICE);
    let body = &hint.body;
    let live = live(w.game(id));
    // With the position it is for: the board, drawn too.
    let board = live.board(Lang::EN);
    assert!(body.contains(board.trim_end()), "the board: {body}");
    assert!(
        hint.picture
            .as_ref()
            .is_some_and(|p| p.svg.contains("<svg")),
        "a picture of the board"
    );
    let suggested = live
        .legal_moves()
        .into_iter()
        .find(|m| body.contains(&format!("suggests {m},")))
        .unwrap_or_else(|| panic!("a legal move suggested: {body}"));
    assert!(w.game(id).moves.is_empty(), "a hint plays nothing");
    assert_eq!(w.game(id).hint_request, None);
    assert!(w.computer().is_none(), "nothing more owed");
    // The hint is a move Alice may play.
    let mail = w.last_to(ALICE).clone();
    w.answer_mail(&mail, ALICE, &suggested);
    assert_eq!(w.game(id).moves[0].text, suggested);

    // In French, and refused between people.
    let mut w = World::new();
    let id = challenge_and_accept(&mut w, "NEW ataxx VS bob@b.example");
    let d = w.answer(ALICE, "CONSEIL");
    assert!(d.games.is_empty());
    assert!(
        only(&d, ALICE)
            .body
            .contains("no hints in a game between people"),
        "{}",
        only(&d, ALICE).body
    );
    assert_eq!(w.game(id).hint_request, None);
}

#[test]
fn mail_in_the_name_of_a_seat_is_ignored() {
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS SECOND VS arbitre LEVEL 1");
    let seat = computer::seat(Level::new(1).unwrap());
    let live = live(w.game(id));
    let mv = live.legal_moves()[0].clone();
    let d = w.send(&seat, &mv);
    assert!(d.games.is_empty() && d.outbox.is_empty(), "{}", d.summary);
    assert!(w.game(id).moves.is_empty());
    // And a resignation in its name does nothing either.
    let d = w.send(&seat, "RESIGN");
    assert!(d.games.is_empty() && d.outbox.is_empty());
    assert_eq!(w.game(id).status, GameStatus::Active);
}

#[test]
fn a_game_against_the_computer_plays_to_its_end() {
    // Level 6 against Alice's first legal move, every time: the computer wins, and the
    // result reaches Alice.
    let mut w = World::new();
    let id = challenge(&mut w, "NEW ataxx AS FIRST VS arbitre LEVEL 6");
    for _ in 0..200 {
        if w.game(id).status != GameStatus::Active {
            break;
        }
        if live(w.game(id)).side_to_move() == Side::Black {
            play_first_legal(&mut w, id, ALICE);
        } else {
            w.computer().expect("its move");
        }
    }
    let game = w.game(id);
    assert_eq!(game.status, GameStatus::Finished);
    assert!(
        matches!(
            live(game).outcome(),
            Outcome::Won {
                winner: Side::White,
                ..
            }
        ),
        "{:?}",
        game.result
    );
    assert!(w.computer().is_none());
}

#[test]
fn one_player_has_at_most_ten_games_against_the_computer_at_once() {
    let mut w = World::new();
    let mut ids = Vec::new();
    for _ in 0..computer::MOST_GAMES {
        ids.push(challenge(&mut w, "NEW ataxx AS FIRST VS arbitre LEVEL 1"));
    }
    // The footer of a game against the computer names what works against it.
    let start = w.last_to(ALICE).clone();
    assert!(start.body.contains("UNDO, HINT"), "{}", start.body);
    // The next challenge is refused, in the player's words, and creates nothing.
    let m = w.keyed_msg(ALICE, "NEW ataxx VS arbitre");
    let d = w.deliver(&m);
    assert!(d.games.is_empty(), "{}", d.summary);
    let refusal = only(&d, ALICE);
    assert!(
        refusal
            .body
            .contains("already have 10 games in play against the computer"),
        "{}",
        refusal.body
    );
    // Resigning one frees a place.
    let d = w.answer_mail(&start, ALICE, "RESIGN");
    assert!(
        d.games.iter().any(|g| g.status != GameStatus::Active),
        "{}",
        d.summary
    );
    challenge(&mut w, "NEW ataxx VS arbitre");
    // A game between people is not counted, and not refused.
    let m = w.keyed_msg(ALICE, &format!("NEW ataxx VS {BOB}"));
    let d = w.deliver(&m);
    assert_eq!(d.games.len(), 1, "{}", d.summary);
}
