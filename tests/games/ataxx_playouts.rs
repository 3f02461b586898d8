//! Seeded random Ataxx games from every named start, checking at every position that
//! canonical moves read back, that the legal moves are exactly what the referee accepts
//! among every possible move text, that positions write and read back, that the fast perft
//! agrees with a plain one, and that games end (see `tests/playouts/mod.rs`).

use crate::playouts;

use arbitre::games::ataxx::{Cell, Position, TERMINATIONS};
use arbitre::games::{Game, GameKind, Start};
use playouts::{Playout, play};

/// Every syntactically possible move text: one cell, two cells, and the passes.
fn every_text() -> Vec<String> {
    let cells: Vec<String> = Cell::all().map(|c| c.to_string()).collect();
    let mut texts = cells.clone();
    for from in &cells {
        texts.extend(cells.iter().map(|to| format!("{from}{to}")));
    }
    texts.extend(["0000", "pass", "null"].map(String::from));
    texts
}

/// Perft counted the slow way, with the engines' convention (a finished game has no moves).
fn plain_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.apply(m);
            plain_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn random_games_from_every_start_keep_every_property_and_end() {
    let texts = every_text();
    assert_eq!(texts.len(), 49 + 49 * 49 + 3);
    let mut total = 0;
    for variant in Position::variants() {
        for seed in 0..2 {
            let run = Playout {
                start: Start::Variant(variant.id.to_string()),
                options: "",
                seed: seed * 7919 + 1,
                texts: &texts,
                judge_every: 40,
                // At most 49 clones, and at most 99 other plies before each clone.
                max_plies: 50 * 100,
                terminations: &TERMINATIONS,
                pass: "0000",
            };
            let ended = play::<Position>(&run, |pos, ply| {
                if ply % 25 == 0 {
                    assert_eq!(
                        pos.perft(2),
                        plain_perft(pos, 2),
                        "{}",
                        pos.position_string()
                    );
                }
            });
            total += ended.plies;
        }
    }
    assert!(
        total > 8 * 20,
        "the games were suspiciously short: {total} plies"
    );
}

#[test]
fn random_games_without_the_fifty_move_rule_end_too() {
    let texts = every_text();
    for seed in 100..103 {
        let run = Playout {
            start: Start::Position("x5o/7/7/7/7/7/o5x x 0 1".to_string()),
            options: "fifty-move-rule=off",
            seed,
            texts: &texts,
            judge_every: 0,
            // Random play clones often; this bound is far above what it needs.
            max_plies: 20_000,
            terminations: &TERMINATIONS,
            pass: "0000",
        };
        let ended = play::<Position>(&run, |_, _| {});
        assert_ne!(
            ended.game.outcome().termination().map(|t| t.code),
            Some("fifty-moves")
        );
    }
}

#[test]
fn positions_near_the_end_with_forced_passes_keep_every_property() {
    // Crowded boards: forced passes and every kind of ending show up quickly.
    let texts = every_text();
    let mut passes = 0;
    for (i, start) in [
        "7/7/7/7/4xxx/4xxx/4xxo x 0 1",
        // o is walled in on g1: it passes until x has filled the open cells.
        "x6/7/7/3----/3----/3--xx/3--xo x 0 1",
        "1oooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxx1 x 0 1",
        "xxx1ooo/xxx1ooo/xxx1ooo/---1---/ooo1xxx/ooo1xxx/ooo1xxx o 0 1",
        "x1x1x1x/1o1o1o1/x1x1x1x/1o1o1o1/x1x1x1x/1o1o1o1/x1x1x1x o 0 1",
    ]
    .iter()
    .enumerate()
    {
        for seed in 0..3 {
            let run = Playout {
                start: Start::Position(start.to_string()),
                options: "",
                seed: seed + 10 * i as u64,
                texts: &texts,
                judge_every: 15,
                max_plies: 50 * 100,
                terminations: &TERMINATIONS,
                pass: "0000",
            };
            let ended = play::<Position>(&run, |_, _| {});
            passes += ended.game.moves().iter().filter(|m| *m == "0000").count();
        }
    }
    assert!(passes > 0, "no forced pass was met");
    assert!(GameKind::from_name("attax").is_some());
}
