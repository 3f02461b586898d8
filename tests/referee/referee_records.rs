//! The record arbitre writes of every game (at its end in the mails, and on the pages) is
//! one format, which `arbitre replay` reads back: the same `#` headers for every game but
//! Abalone (whose record is APGN), the result in the game's own side names, and a result
//! the players decided (a resignation) told from one the rules reached.

use crate::world;

use world::*;

use arbitre::games::record::{ReplayProblem, replay};
use arbitre::games::{GameKind, Side, Start};
use arbitre::referee::view;
use arbitre::text::Lang;

/// Replays `text` as `kind`'s record: the problem found, if any.
fn replayed(kind: GameKind, text: &str) -> Option<ReplayProblem> {
    let records = kind.read_records(text).expect("the record reads");
    assert_eq!(records.len(), 1, "{text}");
    replay(kind, &records[0], &Start::Default, None, "")
        .expect("the record's start sets up")
        .problem
}

#[test]
fn every_games_record_reads_back_and_names_the_winner_in_its_own_words() {
    for &kind in GameKind::ALL {
        let mut w = World::new();
        let id = w.create(kind, Start::Default, ALICE, BOB);
        for _ in 0..2 {
            let game = live(w.game(id));
            let mover = w.game(id).address_of(game.side_to_move()).to_string();
            let first = game.legal_moves()[0].clone();
            w.answer(&mover, &first);
        }
        // Under way: no result, and the replay agrees.
        let names = [Some("Alice Martin"), Some("Bob Stone")];
        let ongoing = view::record(w.game(id), names);
        assert_eq!(replayed(kind, &ongoing), None, "{kind:?}:\n{ongoing}");

        let game = live(w.game(id));
        let loser_side = game.side_to_move();
        let loser = w.game(id).address_of(loser_side).to_string();
        w.answer(&loser, "RESIGN");
        let stored = w.game(id);
        assert!(stored.result.is_some(), "{kind:?} ended");
        let text = view::record(stored, names);
        assert_eq!(replayed(kind, &text), None, "{kind:?}:\n{text}");
        if kind == GameKind::Abalone {
            assert!(text.contains("[Result "), "APGN:\n{text}");
            continue;
        }
        let winner = kind
            .side_label(loser_side.opponent(), Lang::EN)
            .to_lowercase();
        assert!(
            text.contains(&format!(
                "# result: {winner} wins\n# termination: resignation\n"
            )),
            "{kind:?}:\n{text}"
        );
        assert!(!ongoing.contains("# outcome") && !text.contains("# outcome"));
        assert!(!text.contains("# line:"), "{text}");
        let sides: Vec<String> = Side::BOTH
            .iter()
            .map(|&s| kind.side_label(s, Lang::EN).to_lowercase())
            .collect();
        for (side, name) in sides.iter().zip(["Alice Martin", "Bob Stone"]) {
            assert!(text.contains(&format!("# {side}: {name}\n")), "{text}");
        }

        // The same record claiming the rules ended the game is caught: they had not.
        let by_rules = text.replace("# termination: resignation", "# termination: by-the-rules");
        assert!(
            matches!(
                replayed(kind, &by_rules),
                Some(ReplayProblem::Result { .. })
            ),
            "{kind:?}:\n{by_rules}"
        );
        // So is a wrong winner.
        let loser_name = kind.side_label(loser_side, Lang::EN).to_lowercase();
        let wrong = ongoing.replace("# result: *", &format!("# result: {loser_name} wins"));
        assert!(
            matches!(replayed(kind, &wrong), Some(ReplayProblem::Result { .. })),
            "{kind:?}:\n{wrong}"
        );
    }
}
