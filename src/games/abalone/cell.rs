//! The 61 cells of the hexagonal board and the six directions, in Aba-Pro coordinates.
//!
//! A cell is a row letter `A`..`I` (A at the bottom, Black's side in the standard start) and
//! a diagonal digit `1`..`9` (diagonals run from north-west to south-east, 1 is the left-most).
//! A name is a cell exactly when `|digit − row| ≤ 4` (row A = 1). `E5` is the centre.
//!
//! Internally a cell is the bit index `row * 10 + digit` of a 128-bit board: column 0 of each
//! row and rows 0 and 10 are padding, so that one step in any direction is a constant shift
//! and never wraps onto a real cell (see [`super::bits`]).

use std::fmt;

use crate::text::Text;

/// The width of a row in the bit layout (9 digits plus one padding column).
pub(crate) const ROW_WIDTH: i32 = 10;

/// The bit of each of the 61 cells in the layout above: the cells are the indices
/// `row * 10 + digit` with `|digit − row| ≤ 4`.
pub(crate) const CELLS: u128 = cells_mask();

const fn cells_mask() -> u128 {
    let mut mask = 0u128;
    let mut row = 1;
    while row <= 9 {
        let mut diag = 1;
        while diag <= 9 {
            let gap = if row > diag { row - diag } else { diag - row };
            if gap <= 4 {
                mask |= 1u128 << (row * ROW_WIDTH + diag);
            }
            diag += 1;
        }
        row += 1;
    }
    mask
}

/// One cell of the board, such as `E5`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell on `row` (1 = A … 9 = I) and diagonal `diag` (1 … 9), if it is on the board.
    pub fn new(row: u8, diag: u8) -> Option<Cell> {
        let on_board = (1..=9).contains(&row) && (1..=9).contains(&diag) && row.abs_diff(diag) <= 4;
        on_board.then(|| Cell(row * ROW_WIDTH as u8 + diag))
    }

    /// The row, 1 (A) to 9 (I).
    pub fn row(self) -> u8 {
        self.0 / ROW_WIDTH as u8
    }

    /// The diagonal digit, 1 to 9.
    pub fn diag(self) -> u8 {
        self.0 % ROW_WIDTH as u8
    }

    /// The row letter, lower case (`e`).
    pub fn letter(self) -> char {
        char::from(b'a' + self.row() - 1)
    }

    /// The bit index of the cell in a board mask.
    pub(crate) fn index(self) -> u32 {
        u32::from(self.0)
    }

    /// The cell at bit index `index`, if that index is a cell.
    pub(crate) fn from_index(index: u32) -> Option<Cell> {
        let index = u8::try_from(index).ok()?;
        Cell::new(index / ROW_WIDTH as u8, index % ROW_WIDTH as u8)
    }

    /// The cell's bit in a board mask.
    pub(crate) fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// The neighbour in direction `dir`, if it is on the board.
    pub fn step(self, dir: Dir) -> Option<Cell> {
        // A step is a constant change of index; the padding around the cells (column 0,
        // rows 0 and 10) keeps a step off the board from landing on another cell, so the
        // neighbour is a cell exactly when its bit is in `CELLS`. Searches step at every
        // move they sort and every push they weigh.
        let index = i32::from(self.0) + dir.shift();
        (CELLS >> index.clamp(0, 127) & 1 == 1).then_some(Cell(index as u8))
    }

    /// Reads a cell name (`e5`, `E5`).
    pub fn parse(name: &str) -> Option<Cell> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let letter = bytes[0].to_ascii_lowercase();
        let digit = bytes[1];
        if !(b'a'..=b'i').contains(&letter) || !(b'1'..=b'9').contains(&digit) {
            return None;
        }
        Cell::new(letter - b'a' + 1, digit - b'0')
    }

    /// The name in upper case (`E5`), as descriptions and boards show it.
    pub fn upper(self) -> String {
        format!("{}{}", self.letter().to_ascii_uppercase(), self.diag())
    }

    /// The 61 cells in ascending order (A1, A2, …, I9).
    pub fn all() -> impl Iterator<Item = Cell> {
        (1..=9u8).flat_map(|row| (1..=9u8).filter_map(move |diag| Cell::new(row, diag)))
    }
}

impl fmt::Display for Cell {
    /// The name in lower case (`e5`), as Aba-Pro tokens write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.diag())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper())
    }
}

/// One of the six directions of the hexagonal board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Right: same row, next digit (E5 → E6).
    East,
    /// Up right: next row, next digit (E5 → F6).
    NorthEast,
    /// Up left: next row, same digit (E5 → F5).
    NorthWest,
    /// Left: same row, previous digit (E5 → E4).
    West,
    /// Down left: previous row, previous digit (E5 → D4).
    SouthWest,
    /// Down right: previous row, same digit (E5 → D5).
    SouthEast,
}

impl Dir {
    /// The six directions.
    pub const ALL: [Dir; 6] = [
        Dir::East,
        Dir::NorthEast,
        Dir::NorthWest,
        Dir::West,
        Dir::SouthWest,
        Dir::SouthEast,
    ];

    /// The three directions that point "up" the cell order: a line of marbles is named by its
    /// smaller end and one of these.
    pub const FORWARD: [Dir; 3] = [Dir::East, Dir::NorthEast, Dir::NorthWest];

    /// The change of (row, digit) of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::East => (0, 1),
            Dir::NorthEast => (1, 1),
            Dir::NorthWest => (1, 0),
            Dir::West => (0, -1),
            Dir::SouthWest => (-1, -1),
            Dir::SouthEast => (-1, 0),
        }
    }

    /// The change of bit index of one step.
    pub(crate) fn shift(self) -> i32 {
        let (dr, dc) = self.delta();
        i32::from(dr) * ROW_WIDTH + i32::from(dc)
    }

    /// The direction with this (row, digit) change, if any.
    pub fn from_delta(dr: i32, dc: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| {
            let (r, c) = d.delta();
            i32::from(r) == dr && i32::from(c) == dc
        })
    }

    /// The direction from `from` to its neighbour `to`, if they are neighbours.
    pub fn between(from: Cell, to: Cell) -> Option<Dir> {
        Dir::from_delta(
            i32::from(to.row()) - i32::from(from.row()),
            i32::from(to.diag()) - i32::from(from.diag()),
        )
    }

    /// The opposite direction.
    #[must_use]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::East => Dir::West,
            Dir::NorthEast => Dir::SouthWest,
            Dir::NorthWest => Dir::SouthEast,
            Dir::West => Dir::East,
            Dir::SouthWest => Dir::NorthEast,
            Dir::SouthEast => Dir::NorthWest,
        }
    }

    /// True if both directions lie on the same axis (equal or opposite).
    pub fn is_parallel(self, other: Dir) -> bool {
        self == other || self == other.opposite()
    }

    /// The same axis, pointing forward (one of [`Dir::FORWARD`]).
    #[must_use]
    pub fn forward(self) -> Dir {
        if Dir::FORWARD.contains(&self) {
            self
        } else {
            self.opposite()
        }
    }

    /// A short name in words ("north-east (up right)"), from the catalogs.
    pub fn words(self) -> Text {
        crate::tx!("abalone-direction", dir = self.key())
    }

    /// The direction's key in the catalogs: `east`, `north-east`, ...
    pub fn key(self) -> &'static str {
        match self {
            Dir::East => "east",
            Dir::NorthEast => "north-east",
            Dir::NorthWest => "north-west",
            Dir::West => "west",
            Dir::SouthWest => "south-west",
            Dir::SouthEast => "south-east",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_61_cells_row_by_row() {
        let counts: Vec<usize> = (1..=9u8)
            .map(|r| Cell::all().filter(|c| c.row() == r).count())
            .collect();
        assert_eq!(counts, vec![5, 6, 7, 8, 9, 8, 7, 6, 5]);
        assert_eq!(Cell::all().count(), 61);
    }

    #[test]
    fn names_read_and_write_in_both_cases() {
        let e5 = Cell::parse("E5").unwrap();
        assert_eq!(e5, Cell::parse("e5").unwrap());
        assert_eq!(e5.to_string(), "e5");
        assert_eq!(e5.upper(), "E5");
        for bad in ["a6", "i4", "j1", "e0", "e", "e55", "", "5e"] {
            assert_eq!(Cell::parse(bad), None, "{bad}");
        }
        for cell in Cell::all() {
            assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
            assert_eq!(Cell::from_index(cell.index()), Some(cell));
        }
    }

    #[test]
    fn steps_follow_the_section_1_3_deltas() {
        let e5 = Cell::parse("e5").unwrap();
        let expect = [
            (Dir::East, "e6"),
            (Dir::West, "e4"),
            (Dir::NorthEast, "f6"),
            (Dir::SouthWest, "d4"),
            (Dir::NorthWest, "f5"),
            (Dir::SouthEast, "d5"),
        ];
        for (dir, name) in expect {
            assert_eq!(e5.step(dir).unwrap().to_string(), name);
            assert_eq!(Dir::between(e5, Cell::parse(name).unwrap()), Some(dir));
            assert_eq!(
                e5.step(dir).unwrap().step(dir.opposite()),
                Some(e5),
                "{dir:?}"
            );
        }
        assert_eq!(Cell::parse("e9").unwrap().step(Dir::East), None);
        assert_eq!(Cell::parse("a1").unwrap().step(Dir::SouthEast), None);
        assert_eq!(Cell::parse("i9").unwrap().step(Dir::NorthEast), None);
        assert_eq!(
            Dir::between(Cell::parse("a1").unwrap(), Cell::parse("d4").unwrap()),
            None
        );
    }

    #[test]
    fn a_step_changes_row_and_digit_and_never_wraps_onto_a_cell() {
        // `step` adds a constant to the index; here each neighbour is found from its row and
        // digit instead, so a step that wrapped from one edge onto a cell of another row
        // would differ.
        for cell in Cell::all() {
            for dir in Dir::ALL {
                let (dr, dc) = dir.delta();
                let row = u8::try_from(i16::from(cell.row()) + i16::from(dr)).ok();
                let diag = u8::try_from(i16::from(cell.diag()) + i16::from(dc)).ok();
                let by_coordinates = row.zip(diag).and_then(|(r, d)| Cell::new(r, d));
                assert_eq!(cell.step(dir), by_coordinates, "{cell:?} {dir:?}");
                let shifted = cell.index() as i32 + dir.shift();
                let by_bits = u32::try_from(shifted).ok().and_then(Cell::from_index);
                assert_eq!(by_bits, by_coordinates, "{cell:?} {dir:?}");
            }
        }
        assert_eq!(CELLS.count_ones(), 61);
    }
}
