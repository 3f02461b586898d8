//! Cells of the 8x8 board, the far edge, and one step of travel with the rebound off the
//! side edges.
//!
//! Coordinates are those of chess: files `a`-`h` from left to right as White sees the board,
//! ranks `1`-`8` from White's side. White moves towards rank 8, Black towards rank 1.
//! A step that would leave the board across the mover's far edge goes *beyond* it (a win);
//! a step that would leave it through a side edge (file a or h) bounces back: the sideways
//! component of the direction flips and the step is taken from the same cell (the
//! "tennis-ball" model of the spec, 3.5 and T-Q3).

use std::fmt;

use crate::games::Side;
use crate::text::Arg;

/// One of the 64 cells, `a1` to `h8`. Built only from valid coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub fn new(file: u8, rank: u8) -> Option<Cell> {
        (file < 8 && rank < 8).then(|| Cell(rank * 8 + file))
    }

    /// Every cell, a1, b1, ... h1, a2, ... h8.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..64).map(Cell)
    }

    /// The file, 0 for `a` to 7 for `h`.
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 for `1` to 7 for `8`.
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// An index 0..64 for per-cell arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Reads a cell written as a file letter and a rank digit (`b1`, `H8`).
    pub fn parse(text: &str) -> Option<Cell> {
        match text.as_bytes() {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                let file = f.checked_sub(b'a')?;
                let rank = r.checked_sub(b'1')?;
                Cell::new(file, rank)
            }
            _ => None,
        }
    }

    /// How many ranks `self` lies ahead of `origin` for `side` (negative: behind).
    pub fn ahead_of(self, origin: Cell, side: Side) -> i8 {
        let d = self.rank() as i8 - origin.rank() as i8;
        match side {
            Side::White => d,
            Side::Black => -d,
        }
    }

    /// How many files `self` lies to the right of `origin` (towards `h`; negative: left).
    pub fn across_from(self, origin: Cell) -> i8 {
        self.file() as i8 - origin.file() as i8
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// Where a piece ends up: a cell, or beyond the far edge (written `off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A cell of the board.
    Cell(Cell),
    /// Beyond the opponent's back edge: the game is won.
    Off,
}

/// A cell is the same in every language: catalog messages take it as it is written.
impl From<Cell> for Arg {
    fn from(cell: Cell) -> Arg {
        Arg::Str(cell.to_string())
    }
}

/// `off` is notation, the same in every language.
impl From<Target> for Arg {
    fn from(target: Target) -> Arg {
        Arg::Str(target.to_string())
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cell(c) => c.fmt(f),
            Target::Off => f.write_str("off"),
        }
    }
}

/// A direction of travel: a sideways component on the board (`-1` towards file a, `+1`
/// towards file h, `0` none) and a forward component relative to the mover (`1` one rank
/// towards the opponent, `0` none). Nothing ever moves backward, so there is no `-1` ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heading {
    /// Sideways, on the board: -1 towards file a, +1 towards file h.
    pub across: i8,
    /// Forward for the mover: 1 or 0.
    pub ahead: i8,
}

impl Heading {
    /// The two steps of a round: diagonally forward, to the left or to the right.
    pub const ROUND: [Heading; 2] = [
        Heading {
            across: -1,
            ahead: 1,
        },
        Heading {
            across: 1,
            ahead: 1,
        },
    ];
    /// The three steps of a square: straight forward, or sideways to either side.
    pub const SQUARE: [Heading; 3] = [
        Heading {
            across: 0,
            ahead: 1,
        },
        Heading {
            across: -1,
            ahead: 0,
        },
        Heading {
            across: 1,
            ahead: 0,
        },
    ];

    /// True for the diagonal (round) headings.
    pub fn is_diagonal(self) -> bool {
        self.across != 0 && self.ahead != 0
    }
}

/// What one step leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A cell of the board.
    On(Cell),
    /// Beyond the mover's far edge.
    Beyond,
    /// Out through a side edge, when rebounds are not played.
    Wall,
}

/// Takes one step from `from` for `side`. The far edge is checked first (a round stepping
/// diagonally out of a far corner goes beyond). Through a side edge, with `rebound`, the
/// sideways component of `heading` flips (it stays flipped for the following steps) and the
/// step is taken from `from` again; without it, the step hits a [`Step::Wall`].
pub fn step(from: Cell, side: Side, heading: &mut Heading, rebound: bool) -> Step {
    let forward = match side {
        Side::White => heading.ahead,
        Side::Black => -heading.ahead,
    };
    let rank = from.rank() as i8 + forward;
    if !(0..8).contains(&rank) {
        return Step::Beyond;
    }
    let mut file = from.file() as i8 + heading.across;
    if !(0..8).contains(&file) {
        if !rebound {
            return Step::Wall;
        }
        heading.across = -heading.across;
        file = from.file() as i8 + heading.across;
    }
    match Cell::new(file as u8, rank as u8) {
        Some(c) => Step::On(c),
        None => Step::Wall,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    #[test]
    fn cells_read_and_write_in_chess_coordinates() {
        assert_eq!(c("a1").file(), 0);
        assert_eq!(c("H8").rank(), 7);
        assert_eq!(c("d4").to_string(), "d4");
        for bad in ["", "a", "a0", "a9", "i1", "a10", "1a", "é1"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
        assert_eq!(Cell::all().count(), 64);
    }

    #[test]
    fn forward_is_towards_the_opponent() {
        let mut h = Heading::SQUARE[0];
        assert_eq!(step(c("d4"), Side::White, &mut h, true), Step::On(c("d5")));
        assert_eq!(step(c("d4"), Side::Black, &mut h, true), Step::On(c("d3")));
        assert_eq!(c("d3").ahead_of(c("d4"), Side::Black), 1);
    }

    #[test]
    fn a_step_off_a_side_edge_bounces_and_keeps_the_new_direction() {
        let mut h = Heading::ROUND[0];
        assert_eq!(step(c("a4"), Side::White, &mut h, true), Step::On(c("b5")));
        assert_eq!(h, Heading::ROUND[1]);
        let mut h = Heading::ROUND[0];
        assert_eq!(step(c("a4"), Side::White, &mut h, false), Step::Wall);
    }

    #[test]
    fn the_far_edge_is_checked_before_the_side_edge() {
        let mut h = Heading::ROUND[1];
        assert_eq!(step(c("h8"), Side::White, &mut h, true), Step::Beyond);
        let mut h = Heading::SQUARE[2];
        assert_eq!(step(c("h8"), Side::White, &mut h, true), Step::On(c("g8")));
    }
}
