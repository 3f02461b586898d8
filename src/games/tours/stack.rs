//! Pieces and stacks: rounds and squares, and the composite pieces of up to three of them.
//!
//! A stack belongs to one player; only its composition counts, not the order of the pieces
//! in it (spec 3.4). It is written rounds first: `R`, `S`, `RR`, `RS`, `RRS`, ... in upper
//! case for White and lower case for Black, in parentheses when composite (`(RRS)`).

use crate::games::Side;
use crate::games::tours::cell::Heading;

/// The two kinds of simple piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A round: one step diagonally forward.
    Round,
    /// A square: one step straight forward or sideways.
    Square,
}

impl Kind {
    /// The directions a piece of this kind steps in.
    pub fn headings(self) -> &'static [Heading] {
        match self {
            Kind::Round => &Heading::ROUND,
            Kind::Square => &Heading::SQUARE,
        }
    }

    /// 0 for a round, 1 for a square: an index for per-kind arrays.
    pub fn index(self) -> usize {
        match self {
            Kind::Round => 0,
            Kind::Square => 1,
        }
    }

    /// The other kind.
    #[must_use]
    pub fn other(self) -> Kind {
        match self {
            Kind::Round => Kind::Square,
            Kind::Square => Kind::Round,
        }
    }

    /// The letter, upper case for White, lower case for Black.
    pub fn letter(self, side: Side) -> char {
        let c = match self {
            Kind::Round => 'R',
            Kind::Square => 'S',
        };
        match side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// The kind's key in the catalogs: `round` or `square`.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Round => "round",
            Kind::Square => "square",
        }
    }
}

/// A piece on a cell: one simple piece, or a composite piece of two or three, all of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    side: Side,
    rounds: u8,
    squares: u8,
}

impl Stack {
    /// The most pieces a stack may hold.
    pub const MAX: u8 = 3;

    /// A stack of `rounds` rounds and `squares` squares, if it holds 1 to 3 pieces.
    pub fn new(side: Side, rounds: u8, squares: u8) -> Option<Stack> {
        let height = rounds.checked_add(squares)?;
        (1..=Stack::MAX).contains(&height).then_some(Stack {
            side,
            rounds,
            squares,
        })
    }

    /// One simple piece.
    pub fn single(side: Side, kind: Kind) -> Stack {
        match kind {
            Kind::Round => Stack {
                side,
                rounds: 1,
                squares: 0,
            },
            Kind::Square => Stack {
                side,
                rounds: 0,
                squares: 1,
            },
        }
    }

    /// Whose it is.
    pub fn side(self) -> Side {
        self.side
    }

    /// How many pieces of `kind` it holds.
    pub fn count(self, kind: Kind) -> u8 {
        match kind {
            Kind::Round => self.rounds,
            Kind::Square => self.squares,
        }
    }

    /// How many simple pieces it holds (1 to 3).
    pub fn height(self) -> u8 {
        self.rounds + self.squares
    }

    /// True for a composite piece (two or three pieces).
    pub fn is_composite(self) -> bool {
        self.height() > 1
    }

    /// The stack formed by putting `other` on this one: `None` if they belong to different
    /// sides or would hold more than 3 pieces.
    pub fn join(self, other: Stack) -> Option<Stack> {
        if self.side != other.side {
            return None;
        }
        Stack::new(
            self.side,
            self.rounds + other.rounds,
            self.squares + other.squares,
        )
    }

    /// The letters, rounds first (`RRS`, `rs`).
    pub fn letters(self) -> String {
        let mut s = String::with_capacity(3);
        for _ in 0..self.rounds {
            s.push(Kind::Round.letter(self.side));
        }
        for _ in 0..self.squares {
            s.push(Kind::Square.letter(self.side));
        }
        s
    }

    /// The position-string form: the letter of a simple piece, or the letters in
    /// parentheses (`R`, `(RRS)`).
    pub fn code(self) -> String {
        if self.is_composite() {
            format!("({})", self.letters())
        } else {
            self.letters()
        }
    }

    /// The kind of a simple piece, `None` for a composite one.
    pub fn simple_kind(self) -> Option<Kind> {
        match (self.rounds, self.squares) {
            (1, 0) => Some(Kind::Round),
            (0, 1) => Some(Kind::Square),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_hold_one_to_three_pieces_of_one_side() {
        assert!(Stack::new(Side::White, 0, 0).is_none());
        assert!(Stack::new(Side::White, 2, 2).is_none());
        let rr = Stack::new(Side::White, 2, 0).unwrap();
        let s = Stack::single(Side::White, Kind::Square);
        assert_eq!(rr.join(s).unwrap().code(), "(RRS)");
        assert!(rr.join(rr).is_none());
        assert!(s.join(Stack::single(Side::Black, Kind::Square)).is_none());
    }

    #[test]
    fn stacks_are_written_rounds_first_in_the_owners_case() {
        let rss = Stack::new(Side::Black, 1, 2).unwrap();
        assert_eq!(rss.code(), "(rss)");
        assert_eq!(Stack::single(Side::White, Kind::Round).code(), "R");
        assert_eq!(
            Stack::single(Side::Black, Kind::Square).simple_kind(),
            Some(Kind::Square)
        );
    }
}
