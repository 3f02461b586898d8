//! The move message of the play-by-message protocol (§8): reading it leniently, without the
//! board, and writing the canonical form.
//!
//! Grammar read (§8.3), in any case, with any spacing:
//!
//! ```text
//! [number.] FROM [++]TO[++] [!! (count | cell cell ...)] [>> | << | MAT | TRICK | WW | BW | PAT]...
//! ```
//!
//! - Cells: `c5` (also the legacy `c.5`), `c.h3`, `v4.2`; a butée or a name outside the
//!   board is refused with the reason.
//! - `++` (promotion) may be stuck to the destination, before or after it.
//! - `!!` introduces the captured cells or their number; `!!` alone claims a capture.
//! - Hyphens and dashes between cells are read as spaces (`e.h4-e.h6`), a leading move
//!   number (`12.`) and a trailing full stop are ignored.
//! - Everything after the destination is a *claim*, checked against the computed move.
//!
//! Canonical form written (§8.5): `FROM TO`, `FROM ++TO` when promoting, then ` !! c1 c2`
//! (captured cells in path order) or ` !! 2` under the `capture-notation=count` option.

use crate::games::bulltricker::geometry::Cell;
use crate::games::bulltricker::moves::Move;
use crate::games::bulltricker::rules::CaptureNotation;
use crate::games::{NotationError, Side};
use crate::tx;

/// A move message as written, read without the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notation {
    /// Where the piece starts.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
    /// What the message says about the move's effect.
    pub claims: Claims,
}

/// What a move message claims besides FROM and TO; each claim is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claims {
    /// `++`: the pawn is promoted.
    pub promotion: bool,
    /// `!!`: what is taken.
    pub captures: Option<CaptureClaim>,
    /// `WW` / `BW`: who wins with this move.
    pub winner: Option<Side>,
    /// `MAT`, `TRICK` or `PAT`: how the game ends with this move.
    pub ending: Option<&'static str>,
}

/// The capture claimed after `!!`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureClaim {
    /// `!!` alone: some capture.
    Some,
    /// `!! 2`: this many pieces.
    Count(u32),
    /// `!! e.h5 e.h7`: these cells (in any order).
    Cells(Vec<Cell>),
}

/// Splits the text into tokens, separating `++`, `!!`, `>>` and `<<` from what they are
/// stuck to.
fn tokens(text: &str) -> Vec<String> {
    let spaced: String = text
        .chars()
        .map(|c| match c {
            '-' | '‐' | '‑' | '‒' | '–' | '—' | '−' => ' ',
            c => c,
        })
        .collect();
    let mut out = Vec::new();
    for raw in spaced.split_whitespace() {
        let mut rest = raw;
        let mut tail = Vec::new();
        loop {
            let before = rest.len();
            for mark in ["++", "!!", ">>", "<<"] {
                if let Some(r) = rest.strip_prefix(mark) {
                    out.push(mark.to_string());
                    rest = r;
                }
                if rest.len() > 2
                    && let Some(r) = rest.strip_suffix(mark)
                {
                    tail.push(mark.to_string());
                    rest = r;
                }
            }
            if rest.len() == before {
                break;
            }
        }
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
        out.extend(tail.into_iter().rev());
    }
    out
}

/// What a control word means, when a whole message is one.
fn control_reason(word: &str) -> Option<crate::text::Text> {
    match word {
        "PAT" => Some(tx!("bulltricker-pat-alone-draw-proposal")),
        "ERR" => Some(tx!("bulltricker-err-answer-wrong-move")),
        "WW" | "BW" | "MAT" | "TRICK" | ">>" | "<<" => {
            Some(tx!("bulltricker-result-alone-not-move"))
        }
        "!!" | "++" => Some(tx!("bulltricker-move-must-start-with")),
        _ => None,
    }
}

fn cell(token: &str) -> Result<Cell, NotationError> {
    Cell::parse(token).map_err(|reason| NotationError::new(token, reason))
}

/// True for a move number such as `12.`, `12...` or `12)`.
fn is_move_number(token: &str) -> bool {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && {
        let rest = &token[digits..];
        !rest.is_empty() && rest.chars().all(|c| c == '.' || c == ')')
    }
}

/// Reads one move message.
pub fn read(text: &str) -> Result<Notation, NotationError> {
    let mut tokens = tokens(text);
    if tokens.first().is_some_and(|t| is_move_number(t)) {
        tokens.remove(0);
    }
    // A full stop closing the message.
    if let Some(last) = tokens.last_mut() {
        let trimmed = last.trim_end_matches(['.', ',', ';']).to_string();
        if !trimmed.is_empty() {
            *last = trimmed;
        }
    }
    let upper: Vec<String> = tokens.iter().map(|t| t.to_uppercase()).collect();
    let Some(first) = upper.first() else {
        return Err(NotationError::new(
            text.trim(),
            tx!("bulltricker-message-empty-write-move"),
        ));
    };
    if let Some(reason) = control_reason(first) {
        return Err(NotationError::new(tokens[0].clone(), reason));
    }
    let from = cell(&tokens[0])?;
    let mut i = 1;
    let mut claims = Claims::default();
    if upper.get(i).map(String::as_str) == Some("++") {
        claims.promotion = true;
        i += 1;
    }
    let Some(to_token) = tokens.get(i) else {
        let from_text = &tokens[0];
        return Err(NotationError::new(
            from_text.clone(),
            tx!("bulltricker-only-one-cell-move"),
        ));
    };
    let to = cell(to_token)?;
    i += 1;
    if upper.get(i).map(String::as_str) == Some("++") {
        claims.promotion = true;
        i += 1;
    }
    if upper.get(i).map(String::as_str) == Some("!!") {
        i += 1;
        let mut cells = Vec::new();
        let mut count = None;
        while let Some(t) = tokens.get(i) {
            if t.chars().all(|c| c.is_ascii_digit()) {
                if t.len() > 2 {
                    return Err(NotationError::new(
                        t.clone(),
                        tx!("bulltricker-not-number-captures-one"),
                    ));
                }
                if count.is_some() || !cells.is_empty() {
                    return Err(NotationError::new(
                        t.clone(),
                        tx!("bulltricker-captures-both-ways"),
                    ));
                }
                count = t.parse::<u32>().ok();
                i += 1;
            } else if is_trailer(&upper[i]) {
                break;
            } else {
                if count.is_some() {
                    return Err(NotationError::new(
                        t.clone(),
                        tx!("bulltricker-captures-both-ways"),
                    ));
                }
                cells.push(cell(t)?);
                i += 1;
            }
        }
        claims.captures = Some(match (count, cells.is_empty()) {
            (Some(n), _) => CaptureClaim::Count(n),
            (None, true) => CaptureClaim::Some,
            (None, false) => CaptureClaim::Cells(cells),
        });
    }
    while let Some(t) = upper.get(i) {
        match t.as_str() {
            ">>" | "<<" => {}
            "WW" | "BW" => {
                let side = if t == "WW" { Side::White } else { Side::Black };
                if claims.winner.is_some_and(|w| w != side) {
                    return Err(NotationError::new(
                        tokens[i].clone(),
                        tx!("bulltricker-message-names-two-winners"),
                    ));
                }
                claims.winner = Some(side);
            }
            "MAT" | "TRICK" | "PAT" => {
                let ending = match t.as_str() {
                    "MAT" => "MAT",
                    "TRICK" => "TRICK",
                    _ => "PAT",
                };
                if claims.ending.is_some_and(|e| e != ending) {
                    return Err(NotationError::new(
                        tokens[i].clone(),
                        tx!("bulltricker-message-announces-two-different"),
                    ));
                }
                claims.ending = Some(ending);
            }
            "++" => claims.promotion = true,
            _ => {
                let token = tokens[i].clone();
                let reason = if Cell::parse(&token).is_ok() {
                    tx!("bulltricker-move-names-only-two")
                } else {
                    tx!("bulltricker-unexpected-after-move-expected")
                };
                return Err(NotationError::new(token, reason));
            }
        }
        i += 1;
    }
    Ok(Notation { from, to, claims })
}

fn is_trailer(upper: &str) -> bool {
    matches!(
        upper,
        ">>" | "<<" | "WW" | "BW" | "MAT" | "TRICK" | "PAT" | "++"
    )
}

/// The canonical text of a move (§8.5).
pub fn write(m: &Move, style: CaptureNotation) -> String {
    let mut s = format!(
        "{} {}{}",
        m.from(),
        if m.promotes() { "++" } else { "" },
        m.to()
    );
    if m.is_capture() {
        s.push_str(" !!");
        match style {
            CaptureNotation::List => {
                for c in m.captured() {
                    s.push(' ');
                    s.push_str(&c.to_string());
                }
            }
            CaptureNotation::Count => {
                s.push_str(&format!(" {}", m.captured().len()));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bulltricker::moves::MoveKind;

    fn c(t: &str) -> Cell {
        Cell::parse(t).unwrap()
    }

    #[test]
    fn the_official_examples_are_read() {
        let n = read("e.h4 e.h6 !! e.h5").unwrap();
        assert_eq!((n.from, n.to), (c("e.h4"), c("e.h6")));
        assert_eq!(
            n.claims.captures,
            Some(CaptureClaim::Cells(vec![c("e.h5")]))
        );
        let n = read("b.h3 b.h7 !! 2").unwrap();
        assert_eq!(n.claims.captures, Some(CaptureClaim::Count(2)));
        let n = read("v1.7 ++a.h8").unwrap();
        assert!(n.claims.promotion);
        assert_eq!(n.to, c("a.h8"));
        let n = read("d.h6 ++d.h8 !! d.h7").unwrap();
        assert!(n.claims.promotion);
        let n = read("c5 b5").unwrap();
        assert_eq!((n.from.name(), n.to.name()), ("c5".into(), "b5".into()));
    }

    #[test]
    fn messages_are_read_leniently() {
        for text in [
            "  E.H4   E.H6  !!  E.H5 ",
            "e.h4-e.h6 !!e.h5",
            "12. e.h4 e.h6 !! e.h5.",
            "e.h4\u{a0}e.h6 !! e.h5 WW",
            "e.h4 – e.h6 !! e.h5 >> mat",
        ] {
            let n = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!((n.from, n.to), (c("e.h4"), c("e.h6")), "{text}");
            assert_eq!(
                n.claims.captures,
                Some(CaptureClaim::Cells(vec![c("e.h5")]))
            );
        }
        let n = read("c.5 b.5").unwrap();
        assert_eq!(n.from.name(), "c5");
        let n = read("v1.7 a.h8++ WW MAT").unwrap();
        assert!(n.claims.promotion);
        assert_eq!(n.claims.winner, Some(Side::White));
        assert_eq!(n.claims.ending, Some("MAT"));
        let n = read("e.h8 d.h8 !!").unwrap();
        assert_eq!(n.claims.captures, Some(CaptureClaim::Some));
    }

    #[test]
    fn bad_messages_say_what_is_wrong() {
        for (text, token, words) in [
            ("", "", "empty"),
            ("b.h2", "b.h2", "only one cell"),
            ("v4.h2 v4.3", "v4.h2", "butée"),
            ("a8 a7", "a8", "royal row 8"),
            ("h.h1 h.h2", "h.h1", "no column h"),
            ("v9.1 v8.1", "v9.1", "no vertical line v9"),
            ("a.h8 a.h9", "a.h9", "no horizontal line h9"),
            ("PAT", "PAT", "draw"),
            ("ERR !! a.h1", "ERR", "answer"),
            ("WW MAT", "WW", "result alone"),
            ("e.h4 e.h6 e.h5", "e.h5", "captured cells follow !!"),
            ("e.h4 e.h6 please", "please", "unexpected"),
            ("e.h4 e.h6 !! 1 e.h5", "e.h5", "not both"),
            ("e.h4 e.h6 WW BW", "BW", "two winners"),
            ("e.h4 e.h6 MAT PAT", "PAT", "two different endings"),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.token, token, "{text}");
            assert!(e.reason.en().contains(words), "{text}: {}", e.reason.en());
            assert!(!e.reason.fr().is_empty());
        }
    }

    #[test]
    fn canonical_text_lists_or_counts_captures() {
        let m = Move::capture(
            c("f.h4"),
            c("f.h8"),
            &[c("f.h5"), c("f.h7")],
            MoveKind::Jump,
            true,
        );
        assert_eq!(write(&m, CaptureNotation::List), "f.h4 ++f.h8 !! f.h5 f.h7");
        assert_eq!(write(&m, CaptureNotation::Count), "f.h4 ++f.h8 !! 2");
        let k = Move::quiet(c("c5"), c("b5"), MoveKind::KingStep, false);
        assert_eq!(write(&k, CaptureNotation::List), "c5 b5");
    }

    #[test]
    fn arbitrary_text_never_panics() {
        for text in [
            "!!",
            "++",
            "é.h4 ü",
            "\u{0}",
            "12.",
            "1) a1",
            "a1 ++",
            "a1 b1 !! !!",
        ] {
            let _ = read(text);
        }
    }
}
