//! Properties of the Abalone engine on positions reached by seeded random playouts from
//! several variants:
//!
//! * every legal move's canonical token reads back (`read_notation` + `resolve`) to the
//!   same move;
//! * the legal moves are exactly the moves that `resolve` accepts among every syntactically
//!   possible token (every adjacent pair, and every broadside spelling over the 61 cells);
//! * `check` accepts exactly the legal moves among every well-formed move value;
//! * the bit-mask `apply` agrees with a cell-by-cell replay of what `describe` announces;
//!
//! and, with proptest, that no text, position string or record makes the engine panic.

use std::collections::HashSet;

use arbitre::games::abalone::{Cell, Dir, Move, Position, movegen};
use arbitre::games::{Game, GameOptions, Side};
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), so that failures can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Positions met along random playouts (every `step`-th ply) from a few variants.
fn sample_positions(step: usize, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let variants = [
        "standard",
        "belgian-daisy",
        "german-daisy",
        "the-wall",
        "pyramid",
        "alien",
    ];
    for (seed, id) in variants.iter().enumerate() {
        let v = Position::variants().iter().find(|v| v.id == *id).unwrap();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (seed as u64 + 1));
        for _game in 0..3 {
            let mut pos =
                Position::from_position(v.position, None, &GameOptions::default()).unwrap();
            for ply in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % step == 0 {
                    out.push(pos.clone());
                }
                // Prefer pushes now and then, so that ejections and endings happen.
                let m = moves[rng.below(moves.len())];
                pos.apply(&m);
            }
            out.push(pos);
        }
    }
    out
}

/// Every syntactically valid Aba-Pro token over the 61 cells.
fn every_token() -> Vec<String> {
    let mut tokens = Vec::new();
    for a in Cell::all() {
        for d in Dir::ALL {
            if let Some(b) = a.step(d) {
                tokens.push(format!("{a}{b}"));
            }
        }
        for e in Dir::ALL {
            let mut far = a;
            for _k in 1..=2 {
                let Some(next) = far.step(e) else { break };
                far = next;
                for d in Dir::ALL.into_iter().filter(|d| !d.is_parallel(e)) {
                    if let Some(z) = a.step(d) {
                        tokens.push(format!("{a}{far}{z}"));
                    }
                }
            }
        }
    }
    tokens
}

/// Every move value over the board, legal or not, malformed ones included (lines along a
/// backward axis, broadsides along their own line, 4 marbles, lines off the board).
fn every_move_value() -> Vec<Move> {
    let mut out = Vec::new();
    for cell in Cell::all() {
        for dir in Dir::ALL {
            for len in 1..=4 {
                out.push(Move::in_line(cell, len, dir));
            }
            for line in Dir::ALL {
                for len in 1..=3 {
                    out.push(Move::broadside(cell, len, line, dir));
                }
            }
        }
    }
    out
}

#[test]
fn canonical_tokens_read_back_to_the_same_move() {
    for pos in sample_positions(7, 120) {
        for m in pos.legal_moves() {
            let text = pos.write_move(&m);
            let notation = Position::read_notation(&text).unwrap();
            assert_eq!(
                pos.resolve(&notation),
                Ok(m),
                "{} {text}",
                pos.position_string()
            );
            assert_eq!(text, text.to_lowercase());
        }
    }
}

#[test]
fn legal_moves_are_exactly_the_tokens_resolve_accepts_and_check_agrees() {
    let tokens = every_token();
    assert_eq!(
        tokens.iter().filter(|t| t.len() == 4).count(),
        Cell::all()
            .map(|c| Dir::ALL.iter().filter(|d| c.step(**d).is_some()).count())
            .sum::<usize>()
    );
    let values = every_move_value();
    let mut positions = 0;
    for pos in sample_positions(19, 150) {
        if pos.outcome().is_over() {
            continue;
        }
        positions += 1;
        let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
        assert_eq!(legal.len(), movegen::count(pos.board()) as usize);
        assert_eq!(movegen::has_any(pos.board()), !legal.is_empty());
        let mut accepted = HashSet::new();
        for token in &tokens {
            let notation = Position::read_notation(token)
                .unwrap_or_else(|e| panic!("{token} should be well written: {e}"));
            match pos.resolve(&notation) {
                Ok(m) => {
                    assert!(
                        legal.contains(&m),
                        "{} {token}: resolved to an illegal move",
                        pos.position_string()
                    );
                    assert_eq!(pos.check(&m), Ok(()));
                    accepted.insert(m);
                }
                Err(illegal) => {
                    assert_eq!(illegal.line, "ERR");
                    assert!(!illegal.reason.en().is_empty() && !illegal.reason.fr().is_empty());
                }
            }
        }
        assert_eq!(accepted, legal, "{}", pos.position_string());
        for m in &values {
            assert_eq!(
                pos.check(m).is_ok(),
                legal.contains(m),
                "{} {m:?}",
                pos.position_string()
            );
        }
    }
    assert!(positions > 20, "{positions}");
}

/// Applies `m` cell by cell from what the rules say it moves and pushes.
fn reference_apply(pos: &Position, m: &Move) -> (Vec<Cell>, Vec<Cell>, u8, u8) {
    let board = pos.board();
    let me = board.to_move();
    let them = me.opponent();
    let moved = m.marbles().unwrap();
    let push = board.push_of(m);
    let mut mine: Vec<Cell> = board.cells_of(me).filter(|c| !moved.contains(c)).collect();
    mine.extend(moved.iter().map(|c| c.step(m.dir()).unwrap()));
    let mut theirs: Vec<Cell> = board
        .cells_of(them)
        .filter(|c| !push.pushed.contains(c))
        .collect();
    theirs.extend(push.pushed.iter().filter_map(|c| c.step(m.dir())));
    mine.sort();
    theirs.sort();
    let lost = board.lost(them) + u8::from(push.ejects);
    (mine, theirs, lost, board.lost(me))
}

#[test]
fn applying_a_move_does_what_the_rules_say_it_does() {
    for pos in sample_positions(5, 150) {
        for m in pos.legal_moves() {
            let (mine, theirs, their_lost, my_lost) = reference_apply(&pos, &m);
            let me = pos.side_to_move();
            let mut after = pos.clone();
            after.apply(&m);
            let b = after.board();
            assert_eq!(b.to_move(), me.opponent());
            assert_eq!(
                b.cells_of(me).collect::<Vec<_>>(),
                mine,
                "{}",
                pos.write_move(&m)
            );
            assert_eq!(b.cells_of(me.opponent()).collect::<Vec<_>>(), theirs);
            assert_eq!(b.lost(me.opponent()), their_lost);
            assert_eq!(b.lost(me), my_lost);
            let text = pos.describe(&m);
            if their_lost > pos.board().lost(me.opponent()) {
                assert!(
                    text.en().contains("off the board (ejected)"),
                    "{}",
                    text.en()
                );
            }
        }
    }
}

#[test]
fn random_games_end_by_six_ejections_with_the_score_as_result_tokens() {
    // Random play rarely ejects; a greedy playout that pushes off when it can ends games.
    let mut ended = 0;
    for seed in 1..=8u64 {
        let mut rng = Rng(seed * 0x1234_5678_9ABC_DEF1);
        let v = &Position::variants()[(seed % 3) as usize];
        let mut pos = Position::from_position(v.position, None, &GameOptions::default()).unwrap();
        for _ in 0..2000 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let ejecting: Vec<&Move> = moves
                .iter()
                .filter(|m| pos.board().push_of(m).ejects)
                .collect();
            let m = if ejecting.is_empty() {
                moves[rng.below(moves.len())]
            } else {
                *ejecting[0]
            };
            pos.apply(&m);
        }
        if let arbitre::games::Outcome::Won { winner, how } = pos.outcome() {
            ended += 1;
            assert_eq!(how.code, "six-ejected");
            let tokens = pos.result_tokens().unwrap();
            let loser_score = pos.board().ejected_by(winner.opponent());
            assert_eq!(tokens, format!("6-{loser_score}"));
            assert!(pos.legal_moves().is_empty());
            let other = if winner == Side::Black {
                Side::White
            } else {
                Side::Black
            };
            assert_eq!(pos.board().lost(other), 6);
        }
    }
    assert!(ended >= 4, "{ended}");
}

proptest! {
    #[test]
    fn no_text_makes_the_notation_reader_panic(text in "\\PC{0,24}") {
        let _ = Position::read_notation(&text);
    }

    #[test]
    fn no_cell_soup_makes_the_reader_panic(text in "[a-jA-J0-9 \\-–]{0,16}") {
        let _ = Position::read_notation(&text);
    }

    #[test]
    fn no_position_string_makes_the_reader_panic(text in "[0-9a-iA-Iwb_,/\\- ]{0,60}") {
        if let Ok(pos) = Position::from_position(&text, None, &GameOptions::default()) {
            // What is accepted reads back exactly.
            let written = pos.position_string();
            let again = Position::from_position(&written, None, &GameOptions::default()).unwrap();
            prop_assert_eq!(again.position_string(), written);
        }
    }

    #[test]
    fn no_record_makes_the_record_reader_panic(text in "(\\[[A-Za-z]{1,8} \"[^\"]{0,10}\"\\]\n|[0-9a-i .*{}()\\-/]{0,30}\n){0,8}") {
        let _ = Position::read_records(&text);
    }
}
