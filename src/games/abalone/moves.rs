//! An Abalone move: which of the mover's marbles move, and in which direction.
//!
//! A move is identified by the set of moved marbles (1 to 3 in a straight contiguous line)
//! and the direction they all step in, as in section 2.2 of the rules. What it pushes and
//! ejects follows from the position, so it is not part of the move.

use std::cmp::Ordering;

use super::cell::{Cell, Dir};

/// A move of 1 to 3 marbles, in line or broadside.
///
/// * In line (`line == dir`): `tail` is the rear marble, the one written first in Aba-Pro
///   (`e5e6`); the `len` marbles are `tail`, `tail + dir`, ….
/// * Broadside (`line` not parallel to `dir`): `tail` is the smaller end of the line (the one
///   written first in the canonical token), `line` is one of [`Dir::FORWARD`], and the marbles
///   are `tail`, `tail + line`, ….
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    tail: Cell,
    len: u8,
    line: Dir,
    dir: Dir,
}

impl Move {
    /// An in-line move of `len` marbles whose rear marble is `tail` (not checked: see
    /// [`Move::is_well_formed`] and `Game::check`).
    pub fn in_line(tail: Cell, len: u8, dir: Dir) -> Move {
        Move {
            tail,
            len,
            line: dir,
            dir,
        }
    }

    /// A broadside move of `len` marbles from `end` along axis `line`, towards `dir` (not
    /// checked; the canonical form has `end` the smaller end and `line` in [`Dir::FORWARD`]).
    pub fn broadside(end: Cell, len: u8, line: Dir, dir: Dir) -> Move {
        Move {
            tail: end,
            len,
            line,
            dir,
        }
    }

    /// The rear marble of an in-line move, or the smaller end of a broadside line.
    pub fn tail(&self) -> Cell {
        self.tail
    }

    /// How many marbles of the mover move (1 to 3).
    pub fn count(&self) -> u8 {
        self.len
    }

    /// The direction every moved marble steps in.
    pub fn dir(&self) -> Dir {
        self.dir
    }

    /// The direction along which the moved marbles lie, from `tail` (equal to [`Move::dir`]
    /// for an in-line move).
    pub fn line(&self) -> Dir {
        self.line
    }

    /// True for a broadside (side-step) move of 2 or 3 marbles.
    pub fn is_broadside(&self) -> bool {
        self.line != self.dir
    }

    /// The moved marbles, from `tail` along the line. `None` if the line leaves the board
    /// (never for a move of a valid position).
    pub fn marbles(&self) -> Option<Vec<Cell>> {
        let mut out = Vec::with_capacity(3);
        let mut cell = self.tail;
        for i in 0..self.len {
            if i > 0 {
                cell = cell.step(self.line)?;
            }
            out.push(cell);
        }
        Some(out)
    }

    /// The cell at the other end of the line from `tail`.
    pub fn far_end(&self) -> Option<Cell> {
        if self.len == 0 {
            return None;
        }
        // Stepped along the line rather than read from `marbles`: sorting a position's moves
        // asks for it at every comparison, where building the list would allocate.
        let mut cell = self.tail;
        for _ in 1..self.len {
            cell = cell.step(self.line)?;
        }
        Some(cell)
    }

    /// Whether this value is in the canonical form the generator produces: 1 to 3 marbles,
    /// a single marble in line, a broadside along a forward axis not parallel to its
    /// direction, every cell on the board.
    pub fn is_well_formed(&self) -> bool {
        let shape = match (self.len, self.is_broadside()) {
            (1, false) | (2 | 3, false) => true,
            (2 | 3, true) => Dir::FORWARD.contains(&self.line) && !self.line.is_parallel(self.dir),
            _ => false,
        };
        shape && self.marbles().is_some()
    }

    /// The key that orders moves as their canonical tokens sort (`a1b1` < `a1b2` <
    /// `a1b2c1`): the token's cells, then the shape, packed in one number so that sorting a
    /// position's moves computes it once a move (see `legal_moves`), not at every comparison.
    pub fn order(&self) -> u64 {
        // A byte a field: a cell's index is below 100, and an absent cell counts 0.
        let cell = |c: Option<Cell>| c.map_or(0, |c| u64::from(c.index()) + 1);
        let (first, second, third) = if self.is_broadside() {
            (self.tail, self.far_end(), self.tail.step(self.dir))
        } else {
            (self.tail, self.tail.step(self.dir), None)
        };
        (u64::from(first.index()) << 40)
            | (cell(second) << 32)
            | (cell(third) << 24)
            | (u64::from(self.len) << 16)
            | ((self.line as u64) << 8)
            | self.dir as u64
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// Moves sort as their canonical tokens do (`a1b1` < `a1b2` < `a1b2c1`).
    fn cmp(&self, other: &Move) -> Ordering {
        self.order().cmp(&other.order())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn marbles_run_from_the_tail_along_the_line() {
        let m = Move::in_line(cell("a1"), 3, Dir::NorthEast);
        assert_eq!(
            m.marbles().unwrap(),
            vec![cell("a1"), cell("b2"), cell("c3")]
        );
        let b = Move::broadside(cell("c3"), 3, Dir::East, Dir::NorthWest);
        assert!(b.is_broadside());
        assert_eq!(b.far_end(), Some(cell("c5")));
    }

    #[test]
    fn malformed_values_are_recognised() {
        assert!(Move::in_line(cell("e5"), 1, Dir::East).is_well_formed());
        assert!(!Move::in_line(cell("e5"), 4, Dir::East).is_well_formed());
        assert!(!Move::broadside(cell("e5"), 2, Dir::West, Dir::NorthEast).is_well_formed());
        assert!(!Move::broadside(cell("e5"), 2, Dir::East, Dir::West).is_well_formed());
        assert!(!Move::broadside(cell("e5"), 1, Dir::East, Dir::NorthEast).is_well_formed());
        assert!(!Move::broadside(cell("e8"), 3, Dir::East, Dir::NorthEast).is_well_formed());
    }

    #[test]
    fn moves_sort_like_their_tokens() {
        let mut moves = [
            Move::broadside(cell("a1"), 2, Dir::East, Dir::NorthWest), // a1a2b1
            Move::in_line(cell("a1"), 1, Dir::NorthEast),              // a1b2
            Move::in_line(cell("a1"), 1, Dir::NorthWest),              // a1b1
        ];
        moves.sort();
        assert!(moves[0].is_broadside());
        assert_eq!(moves[1].dir(), Dir::NorthWest);
        assert_eq!(moves[2].dir(), Dir::NorthEast);
    }
}
