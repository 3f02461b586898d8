//! The pieces (King, Queen, Pawn of either side) and the board that holds them: one optional
//! piece per lattice point.

use crate::games::Side;
use crate::games::bulltricker::geometry::{Cell, POINTS};
use crate::text::{Lang, Text};

/// The three kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The King ("Roi"): stands on royal squares only.
    King,
    /// The Queen ("Dame"): a rectangular piece moving in every direction.
    Queen,
    /// The Pawn ("Pion"): a rectangular piece moving forward only.
    Pawn,
}

impl Kind {
    /// The letter of the position string (`K`, `Q`, `P`, whatever the language), upper case.
    pub fn code(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Pawn => 'P',
        }
    }

    /// The letter of the text board in `lang`, upper case: the catalog's
    /// `bulltricker-letter` (`K`, `Q`, `P` in English; `R`, `D`, `P` in French).
    pub fn letter(self, lang: Lang) -> char {
        let key = match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Pawn => "pawn",
        };
        crate::t!(lang, "bulltricker-letter", kind = key)
            .chars()
            .find(|c| c.is_alphabetic())
            .map_or(self.code(), |c| c.to_ascii_uppercase())
    }

    /// Reads a piece letter in either language, any case.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' | 'R' => Some(Kind::King),
            'Q' | 'D' => Some(Kind::Queen),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// Builds a piece.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// "the White pawn" / "le pion blanc".
    pub fn the(self) -> Text {
        let (en_kind, fr_kind) = match self.kind {
            Kind::King => ("king", "roi"),
            Kind::Queen => ("queen", "dame"),
            Kind::Pawn => ("pawn", "pion"),
        };
        let en_side = match self.side {
            Side::White => "White",
            Side::Black => "Black",
        };
        let feminine = self.kind == Kind::Queen;
        let fr_side = match (self.side, feminine) {
            (Side::White, false) => "blanc",
            (Side::White, true) => "blanche",
            (Side::Black, false) => "noir",
            (Side::Black, true) => "noire",
        };
        let article = if feminine { "la" } else { "le" };
        Text::new(
            format!("the {en_side} {en_kind}"),
            format!("{article} {fr_kind} {fr_side}"),
        )
    }

    /// "the White pawn on c.h3" / "le pion blanc en c.h3".
    pub fn the_on(self, cell: Cell) -> Text {
        let the = self.the();
        Text::new(
            format!("{} on {cell}", the.en()),
            format!("{} en {cell}", the.fr()),
        )
    }
}

/// The pieces on the lattice, indexed by [`Cell::index`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; POINTS],
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [None; POINTS],
        }
    }
}

impl Board {
    /// The piece on `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Piece> {
        self.cells[cell.index()]
    }

    /// True if nothing stands on `cell`.
    #[inline]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.cells[cell.index()].is_none()
    }

    /// True if a King (of either side) stands on `cell`.
    #[inline]
    pub fn has_king(&self, cell: Cell) -> bool {
        matches!(self.cells[cell.index()], Some(p) if p.kind == Kind::King)
    }

    /// Puts `piece` on `cell` (or empties it).
    #[inline]
    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) {
        self.cells[cell.index()] = piece;
    }

    /// Every occupied cell with its piece, row by row from White's side.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.get(c).map(|p| (c, p)))
    }

    /// The number of queens and pawns of `side` (the material counted by the PAT rule).
    pub fn rectangular_count(&self, side: Side) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.side == side && p.kind != Kind::King)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_read_back_in_both_languages() {
        for kind in [Kind::King, Kind::Queen, Kind::Pawn] {
            for lang in Lang::ALL {
                assert_eq!(Kind::from_letter(kind.letter(lang)), Some(kind));
                assert_eq!(
                    Kind::from_letter(kind.letter(lang).to_ascii_lowercase()),
                    Some(kind)
                );
            }
        }
        assert_eq!(Kind::from_letter('x'), None);
    }

    #[test]
    fn french_piece_names_agree_in_gender() {
        let q = Piece::new(Side::Black, Kind::Queen).the();
        assert_eq!(q.fr(), "la dame noire");
        let p = Piece::new(Side::White, Kind::Pawn).the();
        assert_eq!(p.en(), "the White pawn");
        assert_eq!(p.fr(), "le pion blanc");
    }
}
