//! Seeded random Sauterelle games under every option, checking at every position that
//! canonical moves read back, that the legal moves are exactly what the referee accepts
//! among every possible move text, that positions write and read back, and that games end
//! (see `tests/playouts/mod.rs`).

use crate::playouts;

use std::collections::BTreeSet;

use arbitre::games::Start;
use arbitre::games::sauterelle::{Position, TERMINATIONS};
use playouts::{Playout, play};

/// Every syntactically possible move text: bar or a point, to a point or off; and pass.
fn every_text() -> Vec<String> {
    let origins = std::iter::once("bar".to_string()).chain((1..=24).map(|n| n.to_string()));
    let destinations: Vec<String> = (1..=24)
        .map(|n| n.to_string())
        .chain(std::iter::once("off".to_string()))
        .collect();
    let mut texts: Vec<String> = origins
        .flat_map(|from| destinations.iter().map(move |to| format!("{from}/{to}")))
        .collect();
    texts.push("pass".to_string());
    texts
}

#[test]
fn random_games_under_every_option_keep_every_property_and_end() {
    let texts = every_text();
    assert_eq!(texts.len(), 25 * 25 + 1);
    let mut endings = BTreeSet::new();
    let mut passes = 0;
    for (options, seeds) in [
        ("", 0..12),
        ("first-player=black", 12..16),
        ("checkers=6", 16..24),
        ("checkers=4", 24..32),
        // One wall each: nobody can score twice in a row, every game is drawn.
        ("checkers=2", 32..36),
    ] {
        let checkers: usize = options
            .strip_prefix("checkers=")
            .map_or(14, |n| n.parse().unwrap());
        for seed in seeds {
            let run = Playout {
                start: Start::Default,
                options,
                seed,
                texts: &texts,
                judge_every: 20,
                // Each side makes at most 4 moves per checker and one per wall, and a pass
                // is always followed by a move of the other side.
                max_plies: 4 * (4 * checkers + checkers / 2) + 2,
                terminations: &TERMINATIONS,
                pass: "pass",
            };
            let ended = play::<Position>(&run, |_, _| {});
            let how = ended.game.outcome().termination().unwrap().code;
            if checkers == 2 {
                assert_eq!(how, "no-move", "seed {seed}");
            }
            endings.insert(how);
            passes += ended.game.moves().iter().filter(|m| *m == "pass").count();
        }
    }
    assert_eq!(endings.len(), 2, "both endings should occur: {endings:?}");
    assert!(passes > 0, "no forced pass was met");
}
