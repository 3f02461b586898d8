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

    /// The kind's key in the catalogs: `king`, `queen` or `pawn`.
    pub fn key(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Pawn => "pawn",
        }
    }

    /// The letter of the text board in `lang`, upper case: the catalog's
    /// `bulltricker-letter` (`K`, `Q`, `P` in English; `R`, `D`, `P` in French).
    pub fn letter(self, lang: Lang) -> char {
        crate::t!(lang, "bulltricker-letter", kind = self.key())
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

    /// "the White pawn" / "le pion blanc" (`bulltricker-the`: the French article and
    /// colour agree with the piece).
    pub fn the(self) -> Text {
        crate::tx!(
            "bulltricker-the",
            kind = self.kind.key(),
            side = self.side.name()
        )
    }

    /// The same at the start of a sentence: "The White pawn" / "Le pion blanc".
    pub fn the_first(self) -> Text {
        crate::tx!(
            "bulltricker-the-start",
            kind = self.kind.key(),
            side = self.side.name()
        )
    }

    /// "the White pawn on c.h3" / "le pion blanc en c.h3".
    pub fn the_on(self, cell: Cell) -> Text {
        crate::tx!("bulltricker-the-on", the = self.the(), cell = cell)
    }
}

/// The pieces on the lattice, indexed by [`Cell::index`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; POINTS],
    /// The queens and pawns of each side ([`Side::index`]), kept as pieces are set: the
    /// PAT rule asks for them after every move.
    rectangular: [u8; 2],
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [None; POINTS],
            rectangular: [0; 2],
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
        let slot = &mut self.cells[cell.index()];
        for (p, change) in [(*slot, -1i8), (piece, 1)] {
            if let Some(p) = p
                && p.kind != Kind::King
            {
                let n = &mut self.rectangular[p.side.index()];
                *n = n.wrapping_add_signed(change);
            }
        }
        *slot = piece;
    }

    /// Every occupied cell with its piece, row by row from White's side.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.get(c).map(|p| (c, p)))
    }

    /// The number of queens and pawns of `side` (the material counted by the PAT rule).
    pub fn rectangular_count(&self, side: Side) -> usize {
        usize::from(self.rectangular[side.index()])
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
        let q = Piece::new(Side::Black, Kind::Queen);
        assert_eq!(q.the().get(Lang::FR), "la dame noire");
        assert_eq!(q.the_first().get(Lang::FR), "La dame noire");
        let p = Piece::new(Side::White, Kind::Pawn);
        assert_eq!(p.the().get(Lang::EN), "the White pawn");
        assert_eq!(p.the_first().get(Lang::EN), "The White pawn");
        assert_eq!(p.the().get(Lang::FR), "le pion blanc");
        let c = Cell::parse("c.h3").unwrap();
        assert_eq!(p.the_on(c).get(Lang::FR), "le pion blanc en c.h3");
    }

    #[test]
    fn the_kept_counts_of_queens_and_pawns_match_the_board_through_whole_games() {
        use crate::games::bulltricker::rules::Rules;
        use crate::games::bulltricker::setup::{INITIAL, read};
        let recount = |b: &Board, side: Side| {
            b.pieces()
                .filter(|(_, p)| p.side == side && p.kind != Kind::King)
                .count()
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut captures = 0;
        for _ in 0..30 {
            let mut pos = read(INITIAL, None, Rules::default()).unwrap();
            for _ in 0..200 {
                for side in Side::BOTH {
                    assert_eq!(
                        pos.board().rectangular_count(side),
                        recount(pos.board(), side)
                    );
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = &moves[(seed % moves.len() as u64) as usize];
                captures += m.captured().len();
                pos.play(m);
            }
        }
        assert!(captures > 100, "{captures} pieces taken");
    }
}
