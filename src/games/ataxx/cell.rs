//! The 49 cells of the 7×7 Ataxx board: their names (`a1` … `g7`), the distance between
//! two cells, and the sets of cells one and two steps away, as 49-bit masks.
//!
//! Files `a`–`g` run left to right, ranks `1`–`7` bottom to top (rank 7 is written first in
//! the position string). Cell `a1` is bit 0, `b1` bit 1, …, `g7` bit 48.

use std::fmt;

use crate::text::Text;

/// The board is 7 cells wide and 7 cells high.
pub const SIDE: u8 = 7;

/// The number of cells.
pub const CELLS: usize = 49;

/// Every cell of the board, as a mask.
pub const ALL_CELLS: u64 = (1u64 << CELLS) - 1;

/// One cell of the board. Only the 49 real cells can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell on `file` (0 = a … 6 = g) and `rank` (0 = rank 1 … 6 = rank 7).
    pub fn new(file: u8, rank: u8) -> Option<Cell> {
        (file < SIDE && rank < SIDE).then_some(Cell(rank * SIDE + file))
    }

    /// The cell with bit number `index` (0 = a1, 48 = g7).
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < CELLS).then_some(Cell(index as u8))
    }

    /// Its bit number.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Its mask (one bit set).
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Its file, 0 (a) to 6 (g).
    pub fn file(self) -> u8 {
        self.0 % SIDE
    }

    /// Its rank, 0 (rank 1) to 6 (rank 7).
    pub fn rank(self) -> u8 {
        self.0 / SIDE
    }

    /// The number of king steps between two cells (Chebyshev distance): 1 for a clone,
    /// 2 for a jump.
    pub fn distance(self, other: Cell) -> u8 {
        self.file()
            .abs_diff(other.file())
            .max(self.rank().abs_diff(other.rank()))
    }

    /// The (up to 8) cells touching this one.
    pub fn neighbours(self) -> u64 {
        NEIGHBOURS[self.index()]
    }

    /// The (up to 16) cells exactly two steps away: where a piece here can jump.
    pub fn jump_targets(self) -> u64 {
        JUMP_TARGETS[self.index()]
    }

    /// Every cell, a1 first, then b1 … g1, a2, …, g7.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }

    /// Reads a cell name (`a1` … `g7`, any case). The error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Cell, Text> {
        let mut chars = text.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(crate::tx!("ataxx-cell-shape", text = text));
        };
        let file = file.to_ascii_lowercase();
        if !file.is_ascii_lowercase() || file > 'g' {
            return Err(crate::tx!("ataxx-cell-file", text = text));
        }
        let Some(rank) = rank.to_digit(10).filter(|r| (1..=7).contains(r)) else {
            return Err(crate::tx!("ataxx-cell-rank", text = text));
        };
        Ok(Cell((rank as u8 - 1) * SIDE + (file as u8 - b'a')))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The cells of `mask`, lowest bit (a1) first.
pub fn cells_of(mut mask: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let index = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Cell(index)
        })
    })
}

/// Every cell at most one step from a cell of `mask` (the mask itself included).
pub fn grow(mask: u64) -> u64 {
    const NOT_A: u64 = ALL_CELLS & !FILE_A;
    const NOT_G: u64 = ALL_CELLS & !(FILE_A << (SIDE - 1));
    let row = mask | ((mask & NOT_G) << 1) | ((mask & NOT_A) >> 1);
    (row | (row << SIDE) | (row >> SIDE)) & ALL_CELLS
}

/// The cells of file a.
const FILE_A: u64 = {
    let mut mask = 0;
    let mut rank = 0;
    while rank < SIDE {
        mask |= 1 << (rank * SIDE);
        rank += 1;
    }
    mask
};

/// For each cell, the cells exactly `distance` steps away.
const fn rings(distance: u8) -> [u64; CELLS] {
    let mut table = [0u64; CELLS];
    let mut from = 0;
    while from < CELLS {
        let mut to = 0;
        while to < CELLS {
            let df = (from % 7).abs_diff(to % 7);
            let dr = (from / 7).abs_diff(to / 7);
            let d = if df > dr { df } else { dr };
            if d == distance as usize {
                table[from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    table
}

static NEIGHBOURS: [u64; CELLS] = rings(1);
static JUMP_TARGETS: [u64; CELLS] = rings(2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_cell() {
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.to_string()), Ok(cell));
            assert_eq!(Cell::parse(&cell.to_string().to_uppercase()), Ok(cell));
        }
        assert_eq!(Cell::parse("a1").unwrap().index(), 0);
        assert_eq!(Cell::parse("g7").unwrap().index(), 48);
    }

    #[test]
    fn cells_off_the_board_are_refused_with_the_reason() {
        assert!(
            Cell::parse("h1")
                .unwrap_err()
                .en()
                .contains("files are a to g")
        );
        assert!(
            Cell::parse("a8")
                .unwrap_err()
                .en()
                .contains("ranks are 1 to 7")
        );
        assert!(Cell::parse("a0").is_err());
        assert!(Cell::parse("a").is_err());
        assert!(Cell::parse("a10").is_err());
        assert!(Cell::parse("é1").is_err());
    }

    #[test]
    fn neighbourhoods_have_the_right_sizes() {
        let d4 = Cell::parse("d4").unwrap();
        assert_eq!(d4.neighbours().count_ones(), 8);
        assert_eq!(d4.jump_targets().count_ones(), 16);
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(a1.neighbours().count_ones(), 3);
        assert_eq!(a1.jump_targets().count_ones(), 5);
        for cell in Cell::all() {
            assert_eq!(grow(cell.bit()), cell.neighbours() | cell.bit(), "{cell}");
            for other in cells_of(cell.jump_targets()) {
                assert_eq!(cell.distance(other), 2);
            }
        }
    }
}
