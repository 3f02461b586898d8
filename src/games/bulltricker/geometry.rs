//! The board's geometry: the 15x15 lattice of royal squares, transversal and longitudinal
//! rectangles and butées (rules §1), and the alphanumeric inscriptions printed around the
//! board that name its cells in messages (§1.3).
//!
//! A lattice point is `(x, y)` with `0 <= x, y <= 14`, `x` growing to the right and `y`
//! upward as seen by White. Its kind follows from the parity of its coordinates:
//! odd/odd is a royal square, odd/even a transversal (horizontal) rectangle, even/odd a
//! longitudinal (vertical) rectangle, even/even a butée.
//!
//! Inscriptions, read in any case:
//!
//! | kind | written | lattice point |
//! |------|---------|---------------|
//! | royal square | `c5` (also the legacy `c.5`) | `x = 2(L-'a')+1`, `y = 2n-1` |
//! | transversal rectangle | `c.h3` | `x = 2(L-'a')+1`, `y = 2(k-1)` |
//! | longitudinal rectangle | `v4.2` | `x = 2(k-1)`, `y = 2n-1` |
//!
//! A butée (`v4.h2`) is never a cell: reading one is an error that says so.

use std::fmt;

use crate::text::Text;
use crate::tx;

/// The number of lattice points on a side.
pub const SIZE: i8 = 15;

/// The number of lattice points.
pub const POINTS: usize = 225;

/// What stands at a lattice point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// A royal square: only Kings stand there.
    Royal,
    /// A transversal (horizontal) rectangle, across the direction of play.
    Transversal,
    /// A longitudinal (vertical) rectangle, along the direction of play.
    Longitudinal,
    /// A butée: the small corner post where rectangles meet; never occupied.
    Butee,
}

impl CellKind {
    /// True for the two kinds of rectangle, where queens and pawns stand.
    pub fn is_rectangle(self) -> bool {
        matches!(self, CellKind::Transversal | CellKind::Longitudinal)
    }
}

/// A point of the 15x15 lattice (a cell or a butée), stored as `y * 15 + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The point `(x, y)`, if it lies on the lattice.
    pub fn new(x: i8, y: i8) -> Option<Cell> {
        if (0..SIZE).contains(&x) && (0..SIZE).contains(&y) {
            Some(Cell((y as u8) * (SIZE as u8) + x as u8))
        } else {
            None
        }
    }

    /// The point with this index (`y * 15 + x`); `None` past the lattice.
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < POINTS).then_some(Cell(index as u8))
    }

    /// Every lattice point, row by row from White's side.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..POINTS as u8).map(Cell)
    }

    /// Index into a 225-entry array.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column on the lattice, 0 (left) to 14.
    #[inline]
    pub fn x(self) -> i8 {
        (self.0 % SIZE as u8) as i8
    }

    /// Row on the lattice, 0 (White's edge) to 14.
    #[inline]
    pub fn y(self) -> i8 {
        (self.0 / SIZE as u8) as i8
    }

    /// The kind of the point.
    #[inline]
    pub fn kind(self) -> CellKind {
        match (self.x() % 2 == 1, self.y() % 2 == 1) {
            (true, true) => CellKind::Royal,
            (true, false) => CellKind::Transversal,
            (false, true) => CellKind::Longitudinal,
            (false, false) => CellKind::Butee,
        }
    }

    /// The point `(dx, dy)` away, if it lies on the lattice.
    #[inline]
    pub fn offset(self, dx: i8, dy: i8) -> Option<Cell> {
        Cell::new(self.x() + dx, self.y() + dy)
    }

    /// The unit direction in which this rectangle moves *laterally*, crossing royal squares:
    /// `(0, 1)` for a transversal rectangle, `(1, 0)` for a longitudinal one. `None` for a
    /// royal square or a butée.
    pub fn lateral(self) -> Option<(i8, i8)> {
        match self.kind() {
            CellKind::Transversal => Some((0, 1)),
            CellKind::Longitudinal => Some((1, 0)),
            _ => None,
        }
    }

    /// The four sides of a royal square (left, right, bottom, top): the rectangles that
    /// enclose a King standing there (§1.5). Every royal square has all four.
    pub fn sides(self) -> [Cell; 4] {
        debug_assert_eq!(self.kind(), CellKind::Royal);
        let i = self.0;
        let row = SIZE as u8;
        [Cell(i - 1), Cell(i + 1), Cell(i - row), Cell(i + row)]
    }

    /// Distance to `other` in royal-square steps, counting diagonal steps as one
    /// (Chebyshev distance, in units of two lattice points).
    pub fn royal_distance(self, other: Cell) -> i8 {
        let dx = (self.x() - other.x()).abs();
        let dy = (self.y() - other.y()).abs();
        (dx.max(dy) + 1) / 2
    }

    /// The inscription naming this point (`c5`, `c.h3`, `v4.2`; a butée is written
    /// `v4.h2`, which no message accepts).
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Reads one inscription (already trimmed), in any case.
    pub fn parse(token: &str) -> Result<Cell, Text> {
        parse_inscription(&token.to_lowercase())
    }
}

/// A cell is notation, the same in every language.
impl From<Cell> for crate::text::Arg {
    fn from(cell: Cell) -> crate::text::Arg {
        crate::text::Arg::Str(cell.to_string())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = (self.x(), self.y());
        let column = |x: i8| char::from(b'a' + (x / 2) as u8);
        match self.kind() {
            CellKind::Royal => write!(f, "{}{}", column(x), (y + 1) / 2),
            CellKind::Transversal => write!(f, "{}.h{}", column(x), y / 2 + 1),
            CellKind::Longitudinal => write!(f, "v{}.{}", x / 2 + 1, (y + 1) / 2),
            CellKind::Butee => write!(f, "v{}.h{}", x / 2 + 1, y / 2 + 1),
        }
    }
}

/// The usual shapes, quoted in error messages.
fn shapes() -> Text {
    tx!("bulltricker-cell-shapes")
}

fn with_shapes(reason: Text) -> Text {
    reason.join(": ", &shapes())
}

/// Reads a lower-case inscription.
fn parse_inscription(t: &str) -> Result<Cell, Text> {
    let chars: Vec<char> = t.chars().collect();
    if chars.is_empty() {
        return Err(tx!("bulltricker-empty-coordinate"));
    }
    let letter_x = |c: char| Some(2 * (c as i8 - b'a' as i8) + 1);
    match chars.as_slice() {
        // Longitudinal `vk.n`, or the butée `vk.hm`.
        ['v', rest @ ..] => {
            let (line, after) = split_number(rest);
            let Some(k) = line else {
                return Err(with_shapes(tx!(
                    "bulltricker-t-lacks-number-vertical",
                    t = t
                )));
            };
            if !(1..=8).contains(&k) {
                return Err(tx!("bulltricker-t-there-no-vertical", t = t, k = k));
            }
            let x = 2 * (k as i8 - 1);
            match after {
                ['.' | ',', 'h', more @ ..] => {
                    let (m, tail) = split_number(more);
                    match (m, tail) {
                        (Some(m), []) if (1..=8).contains(&m) => {
                            Err(tx!("bulltricker-t-but-e-where", t = t, k = k, m = m))
                        }
                        _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
                    }
                }
                ['.' | ',', more @ ..] => match split_number(more) {
                    (Some(n), []) if (1..=7).contains(&n) => {
                        Ok(Cell::new(x, 2 * n as i8 - 1).expect("on the lattice"))
                    }
                    (Some(n), []) => Err(tx!("bulltricker-no-row", t = t, n = n)),
                    _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
                },
                [] => Err(with_shapes(tx!(
                    "bulltricker-t-names-whole-vertical",
                    t = t
                ))),
                _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
            }
        }
        // Royal `c5` / `c.5`, transversal `c.h3`.
        [col @ 'a'..='z', rest @ ..] => {
            let column_ok = ('a'..='g').contains(col);
            let x = letter_x(*col).unwrap_or(0);
            let bad_column = || tx!("bulltricker-t-there-no-column", t = t, col = col);
            match rest {
                ['.' | ',', 'h', more @ ..] => match split_number(more) {
                    (Some(k), []) if !column_ok => {
                        let _ = k;
                        Err(bad_column())
                    }
                    (Some(k), []) if (1..=8).contains(&k) => {
                        Ok(Cell::new(x, 2 * (k as i8 - 1)).expect("on the lattice"))
                    }
                    (Some(k), []) => Err(tx!("bulltricker-t-there-no-horizontal", t = t, k = k)),
                    _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
                },
                ['.' | ',', more @ ..] | more => match split_number(more) {
                    (Some(_), []) if !column_ok => Err(bad_column()),
                    (Some(n), []) if (1..=7).contains(&n) => {
                        Ok(Cell::new(x, 2 * n as i8 - 1).expect("on the lattice"))
                    }
                    (Some(8), []) => Err(tx!("bulltricker-t-there-no-royal", t = t, col = col)),
                    (Some(n), []) => Err(tx!("bulltricker-no-row", t = t, n = n)),
                    _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
                },
            }
        }
        _ => Err(with_shapes(tx!("bulltricker-not-a-cell", t = t))),
    }
}

/// Splits leading ASCII digits (at most 3) off `chars`.
fn split_number(chars: &[char]) -> (Option<u32>, &[char]) {
    let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 3 {
        return (None, chars);
    }
    let n = chars[..digits]
        .iter()
        .fold(0, |n, c| n * 10 + c.to_digit(10).unwrap_or(0));
    (Some(n), &chars[digits..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lattice_has_49_royal_squares_112_rectangles_and_64_butees() {
        let count = |k| Cell::all().filter(|c| c.kind() == k).count();
        assert_eq!(count(CellKind::Royal), 49);
        assert_eq!(count(CellKind::Transversal), 56);
        assert_eq!(count(CellKind::Longitudinal), 56);
        assert_eq!(count(CellKind::Butee), 64);
    }

    #[test]
    fn inscriptions_map_to_the_spec_table() {
        for (token, x, y) in [
            ("a7", 1, 13),
            ("d1", 7, 1),
            ("c5", 5, 9),
            ("a.h8", 1, 14),
            ("c.h3", 5, 4),
            ("g.h1", 13, 0),
            ("v1.7", 0, 13),
            ("v4.2", 6, 3),
            ("v8.4", 14, 7),
        ] {
            let cell = Cell::parse(token).unwrap();
            assert_eq!((cell.x(), cell.y()), (x, y), "{token}");
            assert_eq!(cell.name(), token);
        }
    }

    #[test]
    fn every_cell_name_reads_back_and_butees_are_refused() {
        for cell in Cell::all() {
            let read = Cell::parse(&cell.name());
            if cell.kind() == CellKind::Butee {
                let reason = read.unwrap_err();
                assert!(reason.en().contains("butée"), "{}", reason.en());
            } else {
                assert_eq!(read, Ok(cell));
                assert_eq!(Cell::parse(&cell.name().to_uppercase()), Ok(cell));
            }
        }
    }

    #[test]
    fn the_legacy_king_form_and_a_decimal_comma_are_read() {
        assert_eq!(Cell::parse("c.5").unwrap().name(), "c5");
        assert_eq!(Cell::parse("v4,2").unwrap().name(), "v4.2");
        assert_eq!(Cell::parse("C.H3").unwrap().name(), "c.h3");
    }

    #[test]
    fn confusable_names_are_refused_with_the_reason() {
        for (token, words) in [
            ("v4.h2", "butée"),
            ("a8", "royal row 8"),
            ("h.h1", "no column h"),
            ("v9.1", "no vertical line v9"),
            ("a.h9", "no horizontal line h9"),
            ("v4.8", "no row 8"),
            ("v4", "whole vertical line"),
            ("xyz", "not a cell"),
            ("", "empty"),
            ("é5", "not a cell"),
            ("a99999999999", "not a cell"),
        ] {
            let reason = Cell::parse(token).unwrap_err();
            assert!(reason.en().contains(words), "{token}: {}", reason.en());
            assert!(!reason.fr().is_empty());
        }
    }

    #[test]
    fn royal_distance_counts_diagonal_steps_as_one() {
        let c = |t| Cell::parse(t).unwrap();
        assert_eq!(c("d1").royal_distance(c("d7")), 6);
        assert_eq!(c("c5").royal_distance(c("b6")), 1);
        assert_eq!(c("c5").royal_distance(c("e6")), 2);
    }

    #[test]
    fn the_sides_of_a_royal_square_follow_section_1_5() {
        let names: Vec<_> = Cell::parse("d7")
            .unwrap()
            .sides()
            .iter()
            .map(|c| c.name())
            .collect();
        assert_eq!(names, ["v4.7", "v5.7", "d.h7", "d.h8"]);
        let names: Vec<_> = Cell::parse("a1")
            .unwrap()
            .sides()
            .iter()
            .map(|c| c.name())
            .collect();
        assert_eq!(names, ["v1.1", "v2.1", "a.h1", "a.h2"]);
    }
}
