//! Ataxx move notation (UAI / PGN style), read in two stages and written canonically.
//!
//! ```text
//! move  = clone | jump | pass
//! clone = cell               ; "f2"   (destination only)
//! jump  = cell ["-"] cell    ; "g1e3" (from, to: two steps apart)
//! pass  = "0000"             ; also "pass", "null" (and French "passe")
//! cell  = file rank          ; file a-g, rank 1-7
//! ```
//!
//! What the reader tolerates: any case (`G1E3`), surrounding spaces, a `-` (or an en or em
//! dash, as phones type them) between the two cells, and a clone written long-hand with its
//! source (`g1f2`), which is accepted when the source holds one of the mover's pieces and is
//! then written `f2`. A pass is accepted only when the mover has no other move.
//!
//! Stage one ([`read`]) needs no board: it only checks that the cells exist. Stage two
//! ([`resolve`]) finds the legal move, or says why there is none.

use crate::games::ataxx::cell::Cell;
use crate::games::ataxx::position::Position;
use crate::games::ataxx::rules::Move;
use crate::games::{Illegal, NotationError};
use crate::tx;

/// A move as written, before it is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// One cell: a clone to it (`f2`).
    Clone(Cell),
    /// Two cells: a jump (`g1e3`), or a clone written with its source (`g1f2`).
    FromTo {
        /// The first cell.
        from: Cell,
        /// The second cell.
        to: Cell,
    },
    /// A pass (`0000`).
    Pass,
}

/// Stage one: reads a move from text.
pub fn read(text: &str) -> Result<Notation, NotationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(NotationError::new("", tx!("ataxx-move-missing")));
    }
    let lower: String = trimmed
        .chars()
        .map(|c| match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if matches!(lower.as_str(), "0000" | "pass" | "null" | "passe") {
        return Ok(Notation::Pass);
    }
    let cell = |t: &str| Cell::parse(t).map_err(|reason| NotationError::new(t, reason));
    let chars: Vec<char> = lower.chars().collect();
    match chars.as_slice() {
        [_, _] => cell(&lower).map(Notation::Clone),
        [a, b, c, d] | [a, b, '-', c, d] => {
            let from = cell(&String::from_iter([*a, *b]))?;
            let to = cell(&String::from_iter([*c, *d]))?;
            Ok(Notation::FromTo { from, to })
        }
        // Two cells written apart: say how to join them (only when both are cells, so that
        // the advice never echoes something that is not a move).
        [a, b, ' ', c, d]
            if Cell::parse(&String::from_iter([*a, *b])).is_ok()
                && Cell::parse(&String::from_iter([*c, *d])).is_ok() =>
        {
            let joined = String::from_iter([*a, *b, *c, *d]);
            Err(NotationError::new(
                trimmed,
                tx!("ataxx-move-spaced", joined = joined),
            ))
        }
        _ => Err(NotationError::new(trimmed, tx!("ataxx-move-shape"))),
    }
}

/// Stage two: the legal move `notation` stands for in `pos`.
pub fn resolve(pos: &Position, notation: &Notation) -> Result<Move, Illegal> {
    let m = match *notation {
        Notation::Pass => Move::Pass,
        Notation::Clone(to) => Move::Clone { to },
        Notation::FromTo { from, to } if from.distance(to) == 1 => {
            if !pos.status().is_over() {
                pos.check_origin(from).map_err(Illegal::new)?;
            }
            Move::Clone { to }
        }
        Notation::FromTo { from, to } => Move::Jump { from, to },
    };
    pos.check_move(&m)?;
    Ok(m)
}

/// The canonical text of a move: `f2`, `g1e3`, `0000`.
pub fn write(m: &Move) -> String {
    match m {
        Move::Clone { to } => to.to_string(),
        Move::Jump { from, to } => format!("{from}{to}"),
        Move::Pass => "0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    #[test]
    fn two_cells_written_apart_are_told_how_to_join_and_nothing_else_is() {
        let e = read("a1 b3").unwrap_err();
        assert!(
            e.reason.en().ends_with("without a space: a1b3"),
            "{}",
            e.reason.en()
        );
        // Not two cells: no advice that would echo the text back as a move.
        let e = read("A0 \u{2013}.").unwrap_err();
        assert!(
            !e.reason.en().contains("without a space"),
            "{}",
            e.reason.en()
        );
    }

    #[test]
    fn every_accepted_spelling_is_read() {
        assert_eq!(read("f2"), Ok(Notation::Clone(cell("f2"))));
        let jump = Ok(Notation::FromTo {
            from: cell("g1"),
            to: cell("e3"),
        });
        for text in ["g1e3", "G1E3", " G1-E3 ", "g1–e3", "g1—e3"] {
            assert_eq!(read(text), jump, "{text}");
        }
        for text in ["0000", "PASS", "null", "Passe"] {
            assert_eq!(read(text), Ok(Notation::Pass), "{text}");
        }
    }

    #[test]
    fn malformed_moves_name_the_bad_token() {
        let e = read("h3").unwrap_err();
        assert_eq!(e.token, "h3");
        assert!(e.reason.en().contains("files"));
        let e = read("g1-e8").unwrap_err();
        assert_eq!(e.token, "e8");
        assert!(e.reason.fr().contains("rangées"));
        for text in [
            "", "   ", "g", "g1e", "g1--e3", "g1 e3", "0", "pas", "g1e3f4", "ééé",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
    }

    #[test]
    fn writing_is_lower_case_destination_first_for_clones() {
        assert_eq!(write(&Move::Clone { to: cell("f2") }), "f2");
        assert_eq!(
            write(&Move::Jump {
                from: cell("g1"),
                to: cell("e3")
            }),
            "g1e3"
        );
        assert_eq!(write(&Move::Pass), "0000");
    }
}
