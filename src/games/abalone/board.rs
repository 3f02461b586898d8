//! The bare state of an Abalone game: where the marbles are, how many of each colour have been
//! pushed off, and whose turn it is. Small and `Copy`, so that search and perft can copy it.

use super::bits::{self, BOARD, Bits};
use super::cell::{Cell, Dir};
use super::moves::Move;
use crate::games::Side;

/// Marbles ejected by one side that win the game.
pub const WINNING_EJECTIONS: u8 = 6;

/// The most marbles a side can have.
pub const MAX_MARBLES: u32 = 14;

/// Marbles on the board, marbles lost, side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The marbles of each side, indexed by [`Side::index`].
    pub(crate) marbles: [Bits; 2],
    /// The marbles of each side already pushed off, indexed by [`Side::index`].
    pub(crate) lost: [u8; 2],
    /// The side to move.
    pub(crate) to_move: Side,
}

/// What an in-line move does to the opponent's marbles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Push {
    /// The opponent's marbles pushed, nearest first (0, 1 or 2).
    pub pushed: Vec<Cell>,
    /// True if the last of them leaves the board.
    pub ejects: bool,
}

/// The bit at index `i`, or nothing when `i` is outside the 128-bit layout.
#[inline(always)]
fn bit_at(i: i32) -> Bits {
    if (0..128).contains(&i) { 1u128 << i } else { 0 }
}

impl Board {
    /// The marbles of `side`.
    pub fn marbles(&self, side: Side) -> Bits {
        self.marbles[side.index()]
    }

    /// Whose marble is on `cell`, if any.
    pub fn at(&self, cell: Cell) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.marbles[s.index()] & cell.bit() != 0)
    }

    /// How many marbles of `side` have been pushed off.
    pub fn lost(&self, side: Side) -> u8 {
        self.lost[side.index()]
    }

    /// How many marbles `side` has pushed off (its score).
    pub fn ejected_by(&self, side: Side) -> u8 {
        self.lost[side.opponent().index()]
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The side that has pushed off six marbles, if any.
    pub fn winner_by_score(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.ejected_by(*s) >= WINNING_EJECTIONS)
    }

    /// What the in-line move `m` pushes (nothing for a broadside or a plain move).
    pub fn push_of(&self, m: &Move) -> Push {
        let mut pushed = Vec::new();
        let ejects = self.walk_push(m, |cell| pushed.push(cell));
        Push { pushed, ejects }
    }

    /// How many of the opponent's marbles `m` pushes, and whether the last leaves the
    /// board: [`Board::push_of`] without the list, for the search, which weighs every move
    /// it sorts.
    pub fn push_size(&self, m: &Move) -> (usize, bool) {
        let mut count = 0;
        let ejects = self.walk_push(m, |_| count += 1);
        (count, ejects)
    }

    /// Calls `each` with the opponent's marbles that `m` pushes, nearest first; true when
    /// the last of them leaves the board.
    fn walk_push(&self, m: &Move, mut each: impl FnMut(Cell)) -> bool {
        if m.is_broadside() {
            return false;
        }
        let them = self.marbles(self.to_move.opponent());
        let Some(mut cell) = m.far_end().and_then(|c| c.step(m.dir())) else {
            return false;
        };
        while them & cell.bit() != 0 {
            each(cell);
            match cell.step(m.dir()) {
                Some(next) => cell = next,
                None => return true,
            }
        }
        false
    }

    /// Plays legal move `m` (trusted: the caller has checked it).
    #[inline]
    pub fn apply(&mut self, m: &Move) {
        let me = self.to_move.index();
        let them = 1 - me;
        let dir = m.dir();
        let s = dir.shift();
        if m.is_broadside() {
            let mut group: Bits = 0;
            let mut i = m.tail().index() as i32;
            for _ in 0..m.count() {
                group |= bit_at(i);
                i += m.line().shift();
            }
            self.marbles[me] = (self.marbles[me] & !group) | bits::ahead(group, dir, 1);
        } else {
            let tail = m.tail().index() as i32;
            let front = tail + s * i32::from(m.count());
            let front_bit = bit_at(front);
            self.marbles[me] ^= bit_at(tail) | front_bit;
            if self.marbles[them] & front_bit != 0 {
                let mut beyond = front + s;
                while self.marbles[them] & bit_at(beyond) != 0 {
                    beyond += s;
                }
                self.marbles[them] ^= front_bit;
                let landing = bit_at(beyond) & BOARD;
                if landing == 0 {
                    self.lost[them] = self.lost[them].saturating_add(1);
                } else {
                    self.marbles[them] |= landing;
                }
            }
        }
        self.to_move = self.to_move.opponent();
    }

    /// The cells whose content differs between `self` and `other`.
    pub fn changed_cells(&self, other: &Board) -> Bits {
        (self.marbles[0] ^ other.marbles[0]) | (self.marbles[1] ^ other.marbles[1])
    }

    /// The marbles of `side` as cells, ascending.
    pub fn cells_of(&self, side: Side) -> impl Iterator<Item = Cell> {
        bits::cells(self.marbles(side))
    }

    /// Whether `cell` (when on the board) holds a marble of `side`.
    pub fn has(&self, side: Side, cell: Option<Cell>) -> bool {
        cell.is_some_and(|c| self.marbles(side) & c.bit() != 0)
    }

    /// Counts the consecutive marbles of `side` from `from` (included) along `dir`, and
    /// returns the count with the first cell after them (`None` off the board).
    pub fn run(&self, side: Side, from: Cell, dir: Dir) -> (u8, Option<Cell>) {
        let mut count = 0;
        let mut cell = Some(from);
        while self.has(side, cell) {
            count += 1;
            cell = cell.and_then(|c| c.step(dir));
        }
        (count, cell)
    }
}
