//! Ataxx against the computer: what a position is worth and which moves to search first.
//!
//! The evaluation is the piece count, the difference that decides the game; the search's
//! depth does the rest (Ataxx is won by material, and a deep count beats a subtle one). A
//! clone adds a piece and a jump leaves a hole, so moves are guessed by the pieces they
//! take, clones first.

use crate::games::Side;
use crate::games::ataxx::{Move, Position};
use crate::games::engine::{Engine, key_of};

impl Engine for Position {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let board = self.board();
        100 * (board.count(me) as i32 - board.count(me.opponent()) as i32)
    }

    fn key(&self) -> u64 {
        key_of((self.board(), self.to_move() == Side::Black))
    }

    fn guess(&self, m: &Move) -> i32 {
        let taken = self.conversions(m).count_ones() as i32;
        match m {
            Move::Clone { .. } => 100 * taken + 100,
            Move::Jump { .. } => 100 * taken,
            Move::Pass => 0,
        }
    }
}
