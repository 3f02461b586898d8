//! Bulltricker against the computer: what a position is worth and which moves to search
//! first.
//!
//! The game is won by enclosing the King (MAT, TRICK), which the search sees as the end it
//! is; short of that, the evaluation counts material, a Queen (which moves and takes in
//! every direction, flying) worth three Pawns. Captures are compulsory and searched first,
//! the longest chains before, then promotions.

use std::hash::{Hash, Hasher};

use crate::games::Side;
use crate::games::bulltricker::Position;
use crate::games::bulltricker::board::Kind;
use crate::games::bulltricker::moves::Move;
use crate::games::engine::{Engine, Style, level};

/// A Pawn.
const PAWN: i32 = 100;
/// A Queen.
const QUEEN: i32 = 300;

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about four of Ataxx's,
    /// more as the tree grows.
    const NODE_COST: u64 = 400;
    const UNIT: i32 = PAWN;

    /// Captures are compulsory, so one ply sees no difference between the moves a player
    /// may choose: the standard levels 1 and 2 both played at random (2 against 1 scored
    /// 47.5 %). Two plies see a piece left to be taken; the low levels search two plies and
    /// stray from that move less and less often, level 5 three plies without straying.
    /// From level 6, the standard node budgets.
    const STYLES: [Style; 9] = [
        Style::new(2, 50_000, 0.0, 900),
        Style::new(2, 50_000, 0.0, 600),
        Style::new(2, 50_000, 0.0, 300),
        Style::new(2, 50_000, 0.0, 100),
        Style::new(3, 200_000, 0.0, 0),
        level::STANDARD[5],
        level::STANDARD[6],
        level::STANDARD[7],
        level::STANDARD[8],
    ];

    fn evaluate(&self) -> i32 {
        let me = self.to_move;
        self.board
            .pieces()
            .map(|(_, piece)| {
                let worth = match piece.kind {
                    Kind::King => 0,
                    Kind::Queen => QUEEN,
                    Kind::Pawn => PAWN,
                };
                if piece.side == me { worth } else { -worth }
            })
            .sum()
    }

    fn key(&self) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        self.board.hash(&mut h);
        (self.to_move == Side::White).hash(&mut h);
        h.finish()
    }

    fn guess(&self, m: &Move) -> i32 {
        PAWN * m.captured().len() as i32 + if m.promotes() { 2 * PAWN } else { 0 }
    }
}
