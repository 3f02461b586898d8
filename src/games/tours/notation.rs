//! Reading and writing actions (spec 3.8), without the board.
//!
//! ```text
//! action   = move | deploy
//! move     = cell ( "-" | "x" ) target        ; also accepted with no separator
//! deploy   = cell ">" target *( "," target )  ; targets in drop order, off only last
//! target   = cell | "off"
//! ```
//!
//! Canonical forms: `b1-c2`, `c4xe6`, `e8-off`, `d4>d5,c6,b7`, `d7>d8,off`.
//!
//! What reading tolerates: any case (`B1-C2`), surrounding and inner spaces
//! (`d4 > d5, c6, b7`), the dashes a phone or a word processor puts instead of `-`
//! (`–`, `—`, `−`), `×` for `x`, `;` between drop targets, a closing `.` or `!`, and `hors`
//! (French) or `out` for `off`. Reading follows the grammar and nothing more: whether a
//! capture marked `x` really captures, whether a deployment names one target per piece, and
//! whether `off` comes last are the position's business ([`crate::games::Game::resolve`]
//! explains them).

use crate::games::NotationError;
use crate::games::tours::cell::{Cell, Target};
use crate::games::tours::moves::Move;
use crate::tx;

/// An action as written, read without the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// A move of the whole stack: `b1-c2`, `c4xe6`, `e8-off`.
    Shift {
        /// The cell of the stack.
        from: Cell,
        /// Where it goes.
        to: Target,
        /// True if written with `x` (the player announces a capture).
        capture: bool,
    },
    /// A deployment: `d4>d5,c6,b7`.
    Deploy {
        /// The cell of the stack.
        from: Cell,
        /// The drop targets, in order, as written (whether there are as many as the stack
        /// has pieces, and `off` only last, is the position's business).
        targets: Vec<Target>,
    },
}

/// The general shape of an action, for error messages.
fn shape() -> crate::text::Text {
    tx!("tours-move-shape")
}

/// Reads one action.
pub fn read(text: &str) -> Result<Notation, NotationError> {
    let shown = text.trim().trim_end_matches(['.', '!']);
    let normal: String = shown
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '–' | '—' | '−' | '‐' | '‑' => '-',
            '×' => 'x',
            ';' => ',',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if normal.is_empty() {
        return Err(NotationError::new(
            shown,
            tx!("tours-move-missing", shape = shape()),
        ));
    }
    if matches!(normal.as_str(), "pass" | "passe" | "0000") {
        return Err(NotationError::new(shown, tx!("tours-no-pass")));
    }
    if let Some((from, list)) = normal.split_once('>') {
        let from = origin(from, shown)?;
        return deploy(from, list);
    }
    let (from_text, rest) = split_cell(&normal);
    if from_text.is_empty() {
        return Err(NotationError::new(shown, shape()));
    }
    let from = origin(from_text, shown)?;
    let (capture, target_text) = match rest.as_bytes().first() {
        Some(b'-') => (false, &rest[1..]),
        Some(b'x') => (true, &rest[1..]),
        _ => (false, rest),
    };
    if target_text.is_empty() {
        return Err(NotationError::new(
            shown,
            tx!(
                "tours-destination-missing",
                from = from.to_string(),
                shape = shape()
            ),
        ));
    }
    let to = target(target_text)?;
    if to == Target::Cell(from) {
        return Err(NotationError::new(
            shown,
            tx!("tours-same-cell", from = from.to_string()),
        ));
    }
    Ok(Notation::Shift { from, to, capture })
}

/// Reads the list of drop targets of a deployment from `from`.
fn deploy(from: Cell, list: &str) -> Result<Notation, NotationError> {
    if list.is_empty() {
        return Err(NotationError::new(
            format!("{from}>"),
            tx!("tours-drops-missing", from = from.to_string()),
        ));
    }
    let mut targets = Vec::new();
    for item in list.split(',') {
        if item.is_empty() {
            return Err(NotationError::new(list, tx!("tours-drop-empty")));
        }
        targets.push(target(item)?);
    }
    Ok(Notation::Deploy { from, targets })
}

/// Splits a leading cell-like token (letters then digits) from the rest.
fn split_cell(text: &str) -> (&str, &str) {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let letters = letters.min(1);
    let digits = text[letters..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if letters == 0 || digits == 0 {
        return ("", text);
    }
    text.split_at(letters + digits)
}

/// Reads the origin cell.
fn origin(text: &str, shown: &str) -> Result<Cell, NotationError> {
    if matches!(text, "off" | "hors" | "out") {
        return Err(NotationError::new(shown, tx!("tours-from-off")));
    }
    cell(text)
}

/// Reads a target: a cell or `off`.
fn target(text: &str) -> Result<Target, NotationError> {
    match text {
        "off" | "hors" | "out" => Ok(Target::Off),
        _ => cell(text).map(Target::Cell),
    }
}

/// Reads a cell.
fn cell(text: &str) -> Result<Cell, NotationError> {
    Cell::parse(text).ok_or_else(|| NotationError::new(text, tx!("tours-cell", text = text)))
}

/// Writes action `m` canonically; `capture` says whether it captures (written `x`).
pub fn write(m: &Move, capture: bool) -> String {
    match m {
        Move::Shift { from, to } => {
            let sep = if capture { 'x' } else { '-' };
            format!("{from}{sep}{to}")
        }
        Move::Deploy { from, drops } => {
            let list: Vec<String> = drops.as_slice().iter().map(ToString::to_string).collect();
            format!("{from}>{}", list.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str) -> Cell {
        Cell::parse(t).unwrap()
    }

    #[test]
    fn moves_are_read_with_any_separator_case_and_dash() {
        let expect = Notation::Shift {
            from: c("b1"),
            to: Target::Cell(c("c2")),
            capture: false,
        };
        for text in ["b1-c2", " B1-C2 ", "b1c2", "b1 – c2", "b1 c2", "b1-c2."] {
            assert_eq!(read(text), Ok(expect.clone()), "{text}");
        }
        assert_eq!(
            read("C4×E6"),
            Ok(Notation::Shift {
                from: c("c4"),
                to: Target::Cell(c("e6")),
                capture: true
            })
        );
        assert_eq!(
            read("e8-OFF"),
            Ok(Notation::Shift {
                from: c("e8"),
                to: Target::Off,
                capture: false
            })
        );
    }

    #[test]
    fn deployments_are_read_in_drop_order() {
        let n = read("d4 > d5, c6, b7").unwrap();
        assert_eq!(
            n,
            Notation::Deploy {
                from: c("d4"),
                targets: vec![
                    Target::Cell(c("d5")),
                    Target::Cell(c("c6")),
                    Target::Cell(c("b7"))
                ]
            }
        );
        assert!(
            matches!(read("d7>d8,hors"), Ok(Notation::Deploy { targets, .. }) if targets[1] == Target::Off)
        );
    }

    #[test]
    fn malformed_actions_are_refused_naming_the_token() {
        for (text, token, words) in [
            ("", "", "no move"),
            ("pass", "pass", "nobody ever passes"),
            ("hello", "hello", "write a move as"),
            ("b1-", "b1-", "destination is missing"),
            ("b1-c9", "c9", "not a cell"),
            ("i1-c2", "i1", "not a cell"),
            ("b1-b1", "b1-b1", "both the start and the end"),
            ("d4>", "d4>", "drop cells are missing"),
            ("d4>d5,,c6", "d5,,c6", "empty drop cell"),
            ("off-d5", "off-d5", "write a move as"),
            ("off>d5", "off>d5", "not from off"),
            ("b1-c2-d3", "c2-d3", "not a cell"),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.token, token, "{text}");
            assert!(e.reason.en().contains(words), "{text}: {}", e.reason.en());
            assert!(!e.reason.fr().is_empty());
        }
    }

    #[test]
    fn canonical_forms_are_those_of_the_spec() {
        use crate::games::tours::moves::Drops;
        let shift = Move::Shift {
            from: c("c4"),
            to: Target::Cell(c("e6")),
        };
        assert_eq!(write(&shift, true), "c4xe6");
        assert_eq!(write(&shift, false), "c4-e6");
        let drops = Drops::from_slice(&[Target::Cell(c("d8")), Target::Off]).unwrap();
        assert_eq!(
            write(
                &Move::Deploy {
                    from: c("d7"),
                    drops
                },
                false
            ),
            "d7>d8,off"
        );
    }
}
