//! A move resolved against a position: where the piece starts and ends, what it takes, and
//! whether it is promoted. `from` and `to` identify a legal move uniquely (§4.3, §8.3); the
//! other fields are its computed effect.

use crate::games::bulltricker::geometry::Cell;

/// The most pieces one move can take (§4.2, §4.3).
pub const MAX_CAPTURES: usize = 3;

/// One move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Cell,
    to: Cell,
    captured: [Cell; MAX_CAPTURES],
    captured_len: u8,
    promotes: bool,
    kind: MoveKind,
}

/// How the piece travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A pawn's straight step to the next parallel rectangle ahead.
    Step,
    /// A pawn's or queen's pivot onto a touching perpendicular rectangle.
    Pivot,
    /// A transversal pawn's double step from its starting line (§3.2).
    CoupSpecial,
    /// A queen's slide along or across its line.
    Slide,
    /// A King's step to the next royal square.
    KingStep,
    /// A capture by jumping (§4): pawn chain or flying queen capture.
    Jump,
    /// The optional end-to-end capture by replacement (§11-Q1).
    EndToEnd,
}

impl Move {
    /// A move that takes nothing.
    pub fn quiet(from: Cell, to: Cell, kind: MoveKind, promotes: bool) -> Move {
        Move {
            from,
            to,
            captured: [from; MAX_CAPTURES],
            captured_len: 0,
            promotes,
            kind,
        }
    }

    /// A capture taking `captured` (in path order, at most [`MAX_CAPTURES`]).
    pub fn capture(
        from: Cell,
        to: Cell,
        captured: &[Cell],
        kind: MoveKind,
        promotes: bool,
    ) -> Move {
        debug_assert!(!captured.is_empty() && captured.len() <= MAX_CAPTURES);
        let mut cells = [from; MAX_CAPTURES];
        let len = captured.len().min(MAX_CAPTURES);
        cells[..len].copy_from_slice(&captured[..len]);
        Move {
            from,
            to,
            captured: cells,
            captured_len: len as u8,
            promotes,
            kind,
        }
    }

    /// Where the piece starts.
    pub fn from(&self) -> Cell {
        self.from
    }

    /// Where the piece ends.
    pub fn to(&self) -> Cell {
        self.to
    }

    /// The cells of the pieces taken, in path order (empty for a quiet move).
    pub fn captured(&self) -> &[Cell] {
        &self.captured[..self.captured_len as usize]
    }

    /// True if the move takes something.
    pub fn is_capture(&self) -> bool {
        self.captured_len > 0
    }

    /// True if a pawn ends on its last line and becomes a Queen.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// How the piece travels.
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_cells_keep_their_path_order() {
        let c = |t| Cell::parse(t).unwrap();
        let m = Move::capture(
            c("f.h1"),
            c("f.h7"),
            &[c("f.h2"), c("f.h4"), c("f.h6")],
            MoveKind::Jump,
            false,
        );
        let names: Vec<_> = m.captured().iter().map(|c| c.name()).collect();
        assert_eq!(names, ["f.h2", "f.h4", "f.h6"]);
        assert!(m.is_capture());
        let q = Move::quiet(c("b.h2"), c("b.h4"), MoveKind::CoupSpecial, false);
        assert!(q.captured().is_empty());
        assert_ne!(q, m);
    }
}
