//! Sauterelle move notation (backgammon style, rules note 1.7), read in two stages and
//! written canonically.
//!
//! ```text
//! move    = enter | advance | bearoff | pass
//! enter   = ("bar" | "0") sep point     ; canonical "bar/3"
//! advance = point sep point             ; canonical "3/9"
//! bearoff = point sep "off"             ; canonical "20/off"
//! pass    = "pass"
//! sep     = "/" | "-"
//! point   = 1 to 24, leading zeros allowed
//! ```
//!
//! What the reader tolerates: any case, spaces around the move and the separator, an en or
//! em dash for `-`, the French words `barre` (bar) and `passe` (pass). Building a wall is
//! implied by the destination and never written. A pass is accepted only when the mover
//! has no other move.
//!
//! Stage one ([`read`]) checks the shape and that the points exist; stage two ([`resolve`])
//! finds the legal move or says why there is none, in the order a player checks: the
//! origin, the quadrant, the destination, the walls crossed.

use crate::games::sauterelle::point::Point;
use crate::games::sauterelle::position::Position;
use crate::games::sauterelle::rules::Move;
use crate::games::{Illegal, NotationError};
use crate::tx;

/// Where a written move starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The bar (`bar`, `0`).
    Bar,
    /// A point.
    Point(Point),
}

/// Where a written move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A point.
    Point(Point),
    /// Off the board (`off`).
    Off,
}

/// A move as written, before it is checked against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `from/to`.
    Step {
        /// The origin.
        from: Origin,
        /// The destination.
        to: Destination,
    },
    /// `pass`.
    Pass,
}

/// Stage one: reads a move from text.
pub fn read(text: &str) -> Result<Notation, NotationError> {
    let trimmed = text.trim();
    let shape = || NotationError::new(trimmed, tx!("sauterelle-move-shape"));
    if trimmed.is_empty() {
        return Err(shape());
    }
    let lower: String = trimmed
        .chars()
        .map(|c| match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if lower == "pass" || lower == "passe" {
        return Ok(Notation::Pass);
    }
    let parts: Vec<&str> = lower.split(['/', '-']).map(str::trim).collect();
    let [from, to] = parts.as_slice() else {
        return Err(shape());
    };
    let from = match *from {
        "bar" | "barre" => Origin::Bar,
        _ => match number(from)? {
            0 => Origin::Bar,
            n => Origin::Point(point(from, n)?),
        },
    };
    let to = match *to {
        "off" => Destination::Off,
        _ => match number(to)? {
            0 => {
                return Err(NotationError::new(*to, tx!("sauterelle-to-bar")));
            }
            n => Destination::Point(point(to, n)?),
        },
    };
    Ok(Notation::Step { from, to })
}

fn number(token: &str) -> Result<u32, NotationError> {
    if token.is_empty() || token.len() > 4 || !token.chars().all(|c| c.is_ascii_digit()) {
        return Err(NotationError::new(token, tx!("sauterelle-point-expected")));
    }
    token
        .parse()
        .map_err(|_| NotationError::new(token, tx!("sauterelle-point-number")))
}

fn point(token: &str, n: u32) -> Result<Point, NotationError> {
    u8::try_from(n)
        .ok()
        .and_then(Point::new)
        .ok_or_else(|| NotationError::new(token, tx!("sauterelle-no-point", number = n)))
}

/// Stage two: the legal move `notation` stands for in `pos`.
pub fn resolve(pos: &Position, notation: &Notation) -> Result<Move, Illegal> {
    let m = match *notation {
        Notation::Pass => Move::Pass,
        Notation::Step {
            from: Origin::Bar,
            to: Destination::Point(to),
        } => Move::Enter { to },
        Notation::Step {
            from: Origin::Point(from),
            to: Destination::Point(to),
        } => Move::Advance { from, to },
        Notation::Step {
            from: Origin::Point(from),
            to: Destination::Off,
        } => Move::BearOff { from },
        Notation::Step {
            from: Origin::Bar,
            to: Destination::Off,
        } => {
            return Err(pos.refuse(tx!("sauterelle-bar-off")));
        }
    };
    pos.check_move(&m)?;
    Ok(m)
}

/// The canonical text of a move: `bar/3`, `3/9`, `20/off`, `pass`.
pub fn write(m: &Move) -> String {
    match m {
        Move::Enter { to } => format!("bar/{to}"),
        Move::Advance { from, to } => format!("{from}/{to}"),
        Move::BearOff { from } => format!("{from}/off"),
        Move::Pass => "pass".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: u8) -> Point {
        Point::new(n).unwrap()
    }

    #[test]
    fn every_accepted_spelling_is_read() {
        let enter = Ok(Notation::Step {
            from: Origin::Bar,
            to: Destination::Point(p(3)),
        });
        for text in ["bar/3", "BAR-3", "0/3", " barre / 03 ", "bar–3"] {
            assert_eq!(read(text), enter, "{text}");
        }
        assert_eq!(
            read("20/OFF"),
            Ok(Notation::Step {
                from: Origin::Point(p(20)),
                to: Destination::Off
            })
        );
        assert_eq!(
            read("8-15"),
            Ok(Notation::Step {
                from: Origin::Point(p(8)),
                to: Destination::Point(p(15))
            })
        );
        assert_eq!(read("Pass"), Ok(Notation::Pass));
        assert_eq!(read("passe"), Ok(Notation::Pass));
    }

    #[test]
    fn malformed_moves_name_the_bad_token() {
        let e = read("3/25").unwrap_err();
        assert_eq!(e.token, "25");
        assert!(e.reason.en().contains("no point 25"));
        let e = read("3/0").unwrap_err();
        assert!(e.reason.en().contains("bar"));
        let e = read("x/3").unwrap_err();
        assert_eq!(e.token, "x");
        for text in [
            "", "3", "3/9/15", "/3", "3/", "off/3", "bar/bar", "99999/3", "3 9",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
    }

    #[test]
    fn moves_are_written_in_the_canonical_form() {
        assert_eq!(write(&Move::Enter { to: p(3) }), "bar/3");
        assert_eq!(
            write(&Move::Advance {
                from: p(3),
                to: p(9)
            }),
            "3/9"
        );
        assert_eq!(write(&Move::BearOff { from: p(20) }), "20/off");
        assert_eq!(write(&Move::Pass), "pass");
    }
}
