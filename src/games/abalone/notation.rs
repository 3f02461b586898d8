//! Aba-Pro notation: reading one move strictly, and writing the canonical token.
//!
//! * In line, 4 characters `xyXY`: the rear marble (the one the hand pushes), then the cell
//!   it goes to (`e5e6`). The two cells must be neighbours.
//! * Broadside, 6 characters `xyXYzw`: the two end marbles of the line (neighbours, or one
//!   cell apart for 3 marbles), then where the first written end goes (`c3c5d3`). Either end
//!   may come first.
//!
//! Reading ([`read`]) needs no board. It is case-insensitive, accepts surrounding white space
//! and `-`, `–`, `—` or spaces between the cells of the move (quirk Q4: `A1 – B2`), and
//! refuses anything else with the token and the reason: several moves, cells glued together,
//! a non-adjacent pair (typical of Nacre notation), a first cell written twice (quirk Q1,
//! which only the record reader repairs), a broadside along its own line, and so on.
//!
//! The canonical token ([`write()`], section 3.4) is lower case; an in-line move is its tail and
//! destination; a broadside gives its ends in ascending order (row letter, then digit) and
//! the destination of the smaller end.

use super::cell::{Cell, Dir};
use super::moves::Move;
use crate::games::NotationError;
use crate::text::Text;
use crate::tx;

/// A move as written, before it is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `xyXY`: the rear marble `tail` moves to its neighbour `to`.
    InLine {
        /// The rear marble.
        tail: Cell,
        /// Where it goes.
        to: Cell,
    },
    /// `xyXYzw`: the line from `first` to `second` moves so that `first` lands on `dest`.
    Broadside {
        /// The end written first.
        first: Cell,
        /// The other end.
        second: Cell,
        /// Where `first` goes.
        dest: Cell,
    },
}

impl Notation {
    /// The direction the marbles move in (`None` only for a value not made by [`read`]
    /// whose cells are not neighbours).
    pub fn dir(&self) -> Option<Dir> {
        match *self {
            Notation::InLine { tail, to } => Dir::between(tail, to),
            Notation::Broadside { first, dest, .. } => Dir::between(first, dest),
        }
    }

    /// For a broadside: the direction from `first` to `second` and the number of marbles.
    pub fn line(&self) -> Option<(Dir, u8)> {
        match *self {
            Notation::InLine { .. } => None,
            Notation::Broadside { first, second, .. } => line_between(first, second),
        }
    }
}

/// If `b` is 1 or 2 steps from `a` along a direction: that direction and the number of
/// marbles of the line from `a` to `b` (2 or 3).
pub fn line_between(a: Cell, b: Cell) -> Option<(Dir, u8)> {
    Dir::ALL.into_iter().find_map(|d| {
        let one = a.step(d)?;
        if one == b {
            return Some((d, 2));
        }
        (one.step(d)? == b).then_some((d, 3))
    })
}

/// The canonical token of `m` (section 3.4).
pub fn write(m: &Move) -> String {
    let mut out = String::with_capacity(6);
    let mut push = |c: Cell| {
        out.push(c.letter());
        out.push(char::from(b'0' + c.diag()));
    };
    let tail = m.tail();
    push(tail);
    if m.is_broadside() {
        push(m.far_end().unwrap_or(tail));
    }
    if let Some(dest) = tail.step(m.dir()) {
        push(dest);
    }
    out
}

/// Reads a bare token of 4 or 6 lower- or upper-case characters without allocating; `None`
/// sends anything else (or any mistake) to the full reader and its explanations.
fn read_plain(text: &str) -> Option<Notation> {
    let b = text.as_bytes();
    if b.len() != 4 && b.len() != 6 {
        return None;
    }
    let cell = |i: usize| {
        let letter = b[i].to_ascii_lowercase();
        let digit = b[i + 1];
        if (b'a'..=b'i').contains(&letter) && (b'1'..=b'9').contains(&digit) {
            Cell::new(letter - b'a' + 1, digit - b'0')
        } else {
            None
        }
    };
    if b.len() == 4 {
        let (tail, to) = (cell(0)?, cell(2)?);
        Dir::between(tail, to)?;
        return Some(Notation::InLine { tail, to });
    }
    let (first, second, dest) = (cell(0)?, cell(2)?, cell(4)?);
    let (line, _) = line_between(first, second)?;
    let dir = Dir::between(first, dest)?;
    (!dir.is_parallel(line)).then_some(Notation::Broadside {
        first,
        second,
        dest,
    })
}

/// A piece of the text: a cell, or a separator (white space or dash) between cells.
#[derive(Debug)]
enum Piece {
    Cell(Cell),
    Space,
    Dash,
}

fn not_a_move(token: &str, reason: Text) -> NotationError {
    NotationError::new(token, reason)
}

/// Splits `text` into cells and separators, refusing anything else.
fn pieces(text: &str) -> Result<Vec<Piece>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            if !matches!(out.last(), Some(Piece::Space)) {
                out.push(Piece::Space);
            }
            i += 1;
            continue;
        }
        if matches!(c, '-' | '–' | '—') {
            out.push(Piece::Dash);
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() {
            let next = chars.get(i + 1).copied();
            let Some(digit) = next.filter(char::is_ascii_digit) else {
                return Err(not_a_move(text, tx!("abalone-cell-no-digit", char = c)));
            };
            let name = format!("{c}{digit}");
            let upper = name.to_uppercase();
            let cell = Cell::parse(&name).ok_or_else(|| {
                let lower = c.to_ascii_lowercase();
                let reason = if !('a'..='i').contains(&lower) {
                    tx!("abalone-cell-row", cell = upper)
                } else if digit == '0' {
                    tx!("abalone-cell-diagonal", cell = upper)
                } else {
                    tx!("abalone-cell-off-board", cell = upper)
                };
                not_a_move(text, reason)
            })?;
            out.push(Piece::Cell(cell));
            i += 2;
            continue;
        }
        if c.is_ascii_digit() {
            let rest: String = chars[i..].iter().collect();
            let numbered = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            let reason = if numbered.starts_with('.') {
                tx!("abalone-move-number")
            } else {
                tx!("abalone-unexpected-digit", char = c)
            };
            return Err(not_a_move(text, reason));
        }
        return Err(not_a_move(
            text,
            tx!("abalone-unexpected-character", char = c),
        ));
    }
    Ok(out)
}

/// Reads exactly one Aba-Pro move (stage one: no board).
pub fn read(text: &str) -> Result<Notation, NotationError> {
    let text = text.trim();
    match read_plain(text) {
        Some(notation) => Ok(notation),
        None => read_full(text),
    }
}

/// The full reader: separators, and an explanation for every mistake.
fn read_full(text: &str) -> Result<Notation, NotationError> {
    if text.is_empty() {
        return Err(not_a_move("", tx!("abalone-move-missing")));
    }
    let pieces = pieces(text)?;
    let cells: Vec<Cell> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Cell(c) => Some(*c),
            _ => None,
        })
        .collect();
    // Groups of cells separated by white space, for the "several moves" diagnosis.
    let mut groups: Vec<usize> = vec![0];
    for p in &pieces {
        match p {
            Piece::Cell(_) => *groups.last_mut().expect("non-empty") += 1,
            Piece::Space => groups.push(0),
            Piece::Dash => {}
        }
    }
    groups.retain(|n| *n > 0);
    match cells.len() {
        0 => Err(not_a_move(text, tx!("abalone-no-cell"))),
        1 => Err(not_a_move(text, tx!("abalone-one-cell"))),
        2 => read_in_line(text, cells[0], cells[1]),
        3 => read_broadside(text, cells[0], cells[1], cells[2]),
        n => {
            let several = groups.len() > 1 && groups.iter().all(|g| (2..=3).contains(g));
            let reason = if several {
                tx!("abalone-several-moves", count = groups.len())
            } else if groups.iter().any(|g| *g > 3) {
                tx!("abalone-cells-glued", count = n)
            } else {
                tx!("abalone-too-many-cells", count = n)
            };
            Err(not_a_move(text, reason))
        }
    }
}

fn read_in_line(text: &str, tail: Cell, to: Cell) -> Result<Notation, NotationError> {
    if tail == to {
        return Err(not_a_move(
            text,
            tx!("abalone-same-cell", cell = tail.upper()),
        ));
    }
    if Dir::between(tail, to).is_none() {
        let (a, b) = (tail.upper(), to.upper());
        return Err(not_a_move(
            text,
            tx!("abalone-nacre", first = a, second = b),
        ));
    }
    Ok(Notation::InLine { tail, to })
}

fn read_broadside(
    text: &str,
    first: Cell,
    second: Cell,
    dest: Cell,
) -> Result<Notation, NotationError> {
    let (a, b, z) = (first.upper(), second.upper(), dest.upper());
    if first == second {
        return Err(not_a_move(text, tx!("abalone-first-cell-twice", cell = a)));
    }
    let Some((line, _)) = line_between(first, second) else {
        let same_axis = Dir::ALL.into_iter().any(|d| {
            let mut c = first.step(d);
            while let Some(x) = c {
                if x == second {
                    return true;
                }
                c = x.step(d);
            }
            false
        });
        let reason = if same_axis {
            tx!("abalone-ends-too-far", first = a, second = b)
        } else {
            tx!("abalone-ends-not-aligned", first = a, second = b)
        };
        return Err(not_a_move(text, reason));
    };
    let Some(dir) = Dir::between(first, dest) else {
        return Err(not_a_move(
            text,
            tx!("abalone-third-cell", third = z, first = a),
        ));
    };
    if dir.is_parallel(line) {
        return Err(not_a_move(
            text,
            tx!(
                "abalone-broadside-along-written",
                first = a,
                second = b,
                third = z
            ),
        ));
    }
    Ok(Notation::Broadside {
        first,
        second,
        dest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn tokens_are_read_in_any_case_with_tolerated_separators() {
        let inline = Notation::InLine {
            tail: cell("a1"),
            to: cell("b2"),
        };
        for text in [
            "a1b2",
            "A1B2",
            "  a1b2\n",
            "A1 – B2",
            "a1-b2",
            "a1 b2",
            "A1—B2",
        ] {
            assert_eq!(read(text), Ok(inline), "{text}");
        }
        let broadside = Notation::Broadside {
            first: cell("c3"),
            second: cell("c5"),
            dest: cell("d3"),
        };
        for text in ["c3c5d3", "C3C5D3", "c3-c5-d3", "c3 c5 d3"] {
            assert_eq!(read(text), Ok(broadside), "{text}");
        }
        assert_eq!(broadside.line(), Some((Dir::East, 3)));
        assert_eq!(broadside.dir(), Some(Dir::NorthWest));
    }

    #[test]
    fn refusals_name_the_token_and_say_why() {
        let cases = [
            ("", "no move"),
            ("a1d4", "Nacre"),
            ("e5e5", "both cells"),
            ("a1b2 i5h5", "2 moves"),
            ("a1b2c3d4", "glued"),
            ("a1 b2 c3 d4", "too many cells"),
            ("e5", "only one cell"),
            ("j5e5", "rows go from A to I"),
            ("e0e1", "diagonals go from 1 to 9"),
            ("a6a5", "A6 is not a cell"),
            ("e5e5e6", "written twice"),
            ("c3c5c6", "not a neighbour of the first end"),
            ("c3c5e5", "not a neighbour of the first end"),
            ("a1c3b2", "along its own line"),
            ("a1a5b1", "too far apart"),
            ("a1c4b1", "not on one line"),
            ("12.a1b2", "without a move number"),
            ("a1b2!", "unexpected character `!`"),
            ("ab12", "not followed by a digit"),
        ];
        for (text, expected) in cases {
            let e = read(text).unwrap_err();
            assert!(
                e.reason.en().contains(expected),
                "{text}: {}",
                e.reason.en()
            );
            assert!(!e.reason.fr().is_empty(), "{text}");
            assert_eq!(e.token, text.trim());
        }
    }

    #[test]
    fn the_fast_reader_agrees_with_the_full_one_on_every_pair_and_triple_of_cells() {
        let cells: Vec<Cell> = Cell::all().collect();
        let mut accepted = 0;
        for a in &cells {
            for b in &cells {
                let pair = format!("{a}{b}");
                let full = read_full(&pair).ok();
                assert_eq!(read_plain(&pair), full, "{pair}");
                assert_eq!(read_plain(&pair.to_uppercase()), full, "{pair}");
                accepted += usize::from(full.is_some());
                for c in &cells {
                    let triple = format!("{a}{b}{c}");
                    let full = read_full(&triple).ok();
                    assert_eq!(read_plain(&triple), full, "{triple}");
                    accepted += usize::from(full.is_some());
                }
            }
        }
        // 342 adjacent pairs; broadsides: every line of 2 or 3 cells, 2 spellings, up to 4
        // side steps each, where the first end's neighbour exists.
        assert!(accepted > 342 + 1000, "{accepted}");
    }

    #[test]
    fn canonical_tokens_put_broadside_ends_in_ascending_order() {
        let m = Move::broadside(cell("c3"), 3, Dir::East, Dir::NorthWest);
        assert_eq!(write(&m), "c3c5d3");
        let m = Move::in_line(cell("a1"), 3, Dir::NorthEast);
        assert_eq!(write(&m), "a1b2");
        let m = Move::broadside(cell("d4"), 2, Dir::NorthWest, Dir::East);
        assert_eq!(write(&m), "d4e4d5");
    }
}
