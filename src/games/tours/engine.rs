//! La Bataille des Tours against the computer: what a position is worth and which moves to
//! search first.
//!
//! A game is won by the first piece beyond the far edge, or by taking every enemy piece: the
//! evaluation counts the pieces (a capture takes a whole stack), then how far each has come,
//! the most advanced counting most (a piece two rows from the edge is a threat the other
//! side must answer). Captures are searched first, the biggest stacks before.

use crate::games::Side;
use crate::games::engine::{Engine, key_of};
use crate::games::tours::{Move, Position};

/// A piece (a round or a square, alone or in a stack).
const PIECE: i32 = 100;
/// A row gained, per piece.
const ROW: i32 = 6;
/// The square of the rows gained by the most advanced stack.
const LEAD: i32 = 8;

/// A side's pieces, their rows gained, and the rows gained by its most advanced stack.
fn standing(p: &Position, side: Side) -> (i32, i32, i32) {
    let (mut pieces, mut rows, mut lead) = (0, 0, 0);
    for (cell, stack) in p.board().stacks(side) {
        // Ranks count from 0 (rank 1), White's home.
        let gained = match side {
            Side::White => i32::from(cell.rank()),
            Side::Black => 7 - i32::from(cell.rank()),
        };
        let height = i32::from(stack.height());
        pieces += height;
        rows += gained * height;
        lead = lead.max(gained);
    }
    (pieces, rows, lead)
}

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about as much as
    /// Ataxx's.
    const NODE_COST: u64 = 100;
    const UNIT: i32 = PIECE;

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let side = |s: Side| {
            let (pieces, rows, lead) = standing(self, s);
            PIECE * pieces + ROW * rows + LEAD * lead * lead
        };
        side(me) - side(me.opponent())
    }

    fn key(&self) -> u64 {
        key_of((self.board(), self.side_to_move()))
    }

    fn guess(&self, m: &Move) -> i32 {
        if self.is_capture(m) { PIECE } else { 0 }
    }
}
