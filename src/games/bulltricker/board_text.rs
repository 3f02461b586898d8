//! The text board: the 15x15 lattice in monospace, seen from White, with the alphanumeric
//! inscriptions of the physical board on all four edges, narrow enough (38 columns) for a
//! plain-text mail read on a phone.
//!
//! ```text
//!     1   2   3   4   5   6   7   8
//!     v a v b v c v d v e v f v g v
//!  h8 +---+---+---+---+---+---+---+  h8
//!   7 q   q   q   q k q   q   q   q  7
//!  h7 +-p-+-p-+-p-+-p-+-p-+-p-+-p-+  h7
//! ```
//!
//! `+` is a butée, `---` a transversal rectangle, `|` a longitudinal rectangle, the blank
//! between them a royal square. Pieces: `K`/`Q`/`P` (French `R`/`D`/`P`), upper case White,
//! lower case Black. The last move is marked: `[ ]` around the piece that moved, `*` where
//! it came from, `x` where it took.

use crate::games::Side;
use crate::games::bulltricker::geometry::{Cell, CellKind, SIZE};
use crate::games::bulltricker::moves::Move;
use crate::games::bulltricker::notation::write;
use crate::games::bulltricker::position::Position;
use crate::text::Lang;

/// The left margin (row labels).
const MARGIN: usize = 4;
/// The width of the lattice in characters.
const LATTICE: usize = 29;
/// The width of the widest line: the lattice, a column for a marker, two spaces and the
/// right label.
pub const WIDTH: usize = MARGIN + LATTICE + 1 + 2 + 2;

/// The character column of lattice column `x`: one character for even `x`, three for odd.
fn column(x: i8) -> usize {
    let x = x as usize;
    MARGIN + (x / 2) * 4 + (x % 2)
}

/// How a cell is marked for the last move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Arrival,
    Departure,
    Taken,
}

fn mark_of(cell: Cell, last: Option<&Move>) -> Mark {
    match last {
        Some(m) if m.to() == cell => Mark::Arrival,
        Some(m) if m.from() == cell => Mark::Departure,
        Some(m) if m.captured().contains(&cell) => Mark::Taken,
        _ => Mark::None,
    }
}

/// Draws the board of `pos`, `last` (the move just played) marked.
pub fn render(pos: &Position, lang: Lang, last: Option<&Move>) -> String {
    let mut out = String::new();
    let letters: String = {
        let mut line = vec![' '; MARGIN + LATTICE];
        for x in 0..SIZE {
            let c = column(x);
            if x % 2 == 0 {
                line[c] = 'v';
            } else {
                line[c + 1] = char::from(b'a' + (x / 2) as u8);
            }
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    };
    let numbers: String = {
        let mut line = vec![' '; MARGIN + LATTICE];
        for x in (0..SIZE).step_by(2) {
            line[column(x)] = char::from(b'1' + (x / 2) as u8);
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    };
    out.push_str(&numbers);
    out.push('\n');
    out.push_str(&letters);
    out.push('\n');
    for y in (0..SIZE).rev() {
        let label = if y % 2 == 0 {
            format!("h{}", y / 2 + 1)
        } else {
            format!("{}", (y + 1) / 2)
        };
        let mut line = vec![' '; MARGIN + LATTICE + 1];
        for (i, ch) in format!("{label:>3}").chars().enumerate() {
            line[i] = ch;
        }
        for x in 0..SIZE {
            let cell = Cell::new(x, y).expect("on the lattice");
            let c = column(x);
            let piece = pos.piece(cell).map(|p| {
                let l = p.kind.letter(lang);
                if p.side == Side::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                }
            });
            let mark = mark_of(cell, last);
            match cell.kind() {
                CellKind::Butee => line[c] = '+',
                CellKind::Transversal => {
                    let (l, r) = if mark == Mark::Arrival {
                        ('[', ']')
                    } else {
                        ('-', '-')
                    };
                    line[c] = l;
                    line[c + 2] = r;
                    line[c + 1] = match (piece, mark) {
                        (Some(p), _) => p,
                        (None, Mark::Departure) => '*',
                        (None, Mark::Taken) => 'x',
                        (None, _) => '-',
                    };
                }
                CellKind::Longitudinal => {
                    line[c] = match (piece, mark) {
                        (Some(p), _) => p,
                        (None, Mark::Departure) => '*',
                        (None, Mark::Taken) => 'x',
                        (None, _) => '|',
                    };
                    if mark == Mark::Arrival {
                        line[c - 1] = '[';
                        line[c + 1] = ']';
                    }
                }
                CellKind::Royal => {
                    line[c + 1] = match (piece, mark) {
                        (Some(p), _) => p,
                        (None, Mark::Departure) => '*',
                        _ => ' ',
                    };
                    if mark == Mark::Arrival {
                        line[c] = '[';
                        line[c + 2] = ']';
                    }
                }
            }
        }
        let mut text: String = line.into_iter().collect();
        text.push(' ');
        text.push(' ');
        text.push_str(&label);
        out.push_str(&text);
        out.push('\n');
    }
    out.push_str(&letters);
    out.push('\n');
    out.push_str(&numbers);
    out.push('\n');
    out.push_str(&crate::t!(lang, "bulltricker-legend-pieces"));
    out.push('\n');
    out.push_str(&crate::t!(lang, "bulltricker-legend-case"));
    out.push('\n');
    if let Some(m) = last {
        let text = write(m, pos.rules().capture_notation);
        out.push_str(&crate::t!(lang, "bulltricker-legend-last", token = text));
        out.push('\n');
        out.push_str(&crate::t!(lang, "bulltricker-legend-marks"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_the_lattice_widths() {
        assert_eq!(column(0), 4);
        assert_eq!(column(1), 5);
        assert_eq!(column(2), 8);
        assert_eq!(column(14), 32);
    }
}
