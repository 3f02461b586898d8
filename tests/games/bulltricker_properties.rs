//! Properties of the Bulltricker engine over seeded random playouts from the initial
//! position:
//!
//! - the canonical text of every legal move reads back to the same move;
//! - the moves `legal` lists are exactly the FROM TO pairs `judge` accepts (every pair of
//!   cells is tried, on a sample of the positions);
//! - no position reached in play has a piece on a butée, an impossible pawn, or a side
//!   without exactly one king, and every position string reads back to the same position;
//! - no text, as a move or a position, makes the engine panic.

use arbitre::games::bulltricker::setup::validate_board;
use arbitre::games::bulltricker::{Cell, CellKind, Position};
use arbitre::games::{Game, GameOptions, Outcome};
use proptest::prelude::*;

/// A small deterministic generator (xorshift64*), seeded by proptest.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn options(text: &str) -> GameOptions {
    GameOptions::parse(Position::option_specs(), text).expect("valid options")
}

fn initial(options_text: &str) -> Position {
    let variant = Position::variants()[0].position;
    Position::from_position(variant, None, &options(options_text)).expect("initial position")
}

/// Every cell (no butée).
fn cells() -> Vec<Cell> {
    Cell::all()
        .filter(|c| c.kind() != CellKind::Butee)
        .collect()
}

/// Plays a random game of at most `plies` plies, calling `visit` on every position before
/// its move is chosen (and on the last one).
fn playout(seed: u64, plies: usize, options_text: &str, mut visit: impl FnMut(&Position, usize)) {
    let mut rng = Rng::new(seed);
    let mut pos = initial(options_text);
    for ply in 0..plies {
        visit(&pos, ply);
        if pos.outcome() != Outcome::Ongoing {
            return;
        }
        let moves = Game::legal_moves(&pos);
        assert!(!moves.is_empty(), "an ongoing game has a move");
        let m = moves[rng.below(moves.len())];
        pos.apply(&m);
    }
    visit(&pos, plies);
}

fn canonical_text_reads_back(pos: &Position) {
    for m in Game::legal_moves(pos) {
        let text = pos.write_move(&m);
        let notation = Position::read_notation(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back = pos
            .resolve(&notation)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, m, "{text}");
        assert!(pos.check(&m).is_ok(), "{text}");
        let described = pos.describe(&m);
        assert!(!described.en().is_empty() && !described.fr().is_empty());
    }
}

fn legal_equals_judged(pos: &Position, all: &[Cell]) {
    let legal = Game::legal_moves(pos);
    for &from in all {
        for &to in all {
            let text = format!("{from} {to}");
            let notation = Position::read_notation(&text).expect("two cells read");
            let listed = legal.iter().find(|m| m.from() == from && m.to() == to);
            match (pos.resolve(&notation), listed) {
                (Ok(m), Some(l)) => assert_eq!(&m, l, "{text}"),
                (Err(_), None) => {}
                (Ok(_), None) => panic!("judge accepts {text}, legal does not list it"),
                (Err(e), Some(_)) => panic!("legal lists {text}, judge refuses it: {e}"),
            }
        }
    }
}

fn position_is_possible(pos: &Position) {
    validate_board(pos.board(), pos.rules()).unwrap_or_else(|e| {
        panic!(
            "impossible position reached: {}: {}",
            pos.position_string(),
            e.reason.en()
        )
    });
    if !matches!(pos.outcome(), Outcome::Won { .. }) {
        let text = pos.position_string();
        let back = Position::from_position(&text, None, &options(""))
            .unwrap_or_else(|e| panic!("{text}: {}", e.reason.en()));
        assert_eq!(back.position_string(), text);
        assert_eq!(Game::legal_moves(&back), Game::legal_moves(pos));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn canonical_moves_read_back_and_positions_stay_possible(seed in any::<u64>()) {
        playout(seed, 400, "", |pos, _| {
            canonical_text_reads_back(pos);
            position_is_possible(pos);
        });
    }

    #[test]
    fn legal_moves_are_exactly_the_pairs_judge_accepts(seed in any::<u64>()) {
        // Every pair of cells costs about 50 ms a position: a sample of the positions.
        let all = cells();
        playout(seed, 120, "", |pos, ply| {
            if ply % 24 == 5 {
                legal_equals_judged(pos, &all);
            }
        });
    }

    #[test]
    fn the_same_holds_under_the_other_options(seed in any::<u64>()) {
        let all = cells();
        let options_text = "king-separation=app-compatible,end-to-end-capture=on,capture-notation=count";
        playout(seed, 200, options_text, |pos, ply| {
            canonical_text_reads_back(pos);
            validate_board(pos.board(), pos.rules()).expect("possible position");
            if ply % 60 == 7 {
                legal_equals_judged(pos, &all);
            }
        });
    }

    #[test]
    fn no_text_makes_the_move_reader_panic(text in ".{0,40}") {
        let pos = initial("");
        if let Ok(n) = Position::read_notation(&text) {
            let _ = pos.resolve(&n);
        }
    }

    #[test]
    fn move_like_text_never_panics(
        text in "[a-hv0-9.!+ <>WBMATRICKP-]{0,30}"
    ) {
        let pos = initial("");
        if let Ok(n) = Position::read_notation(&text) {
            let _ = pos.resolve(&n);
        }
    }

    #[test]
    fn no_text_makes_the_position_reader_panic(text in "[WBKQPRDwbkqp:;, a-hv0-9.]{0,60}") {
        let _ = Position::from_position(&text, None, &options(""));
    }
}
