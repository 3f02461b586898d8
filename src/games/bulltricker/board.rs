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
    /// What each side has on the rectangles ([`Side::index`]), kept as pieces are set: the
    /// PAT rule asks for it after every move, the computer's evaluation at every leaf.
    tallies: [Tally; 2],
}

/// A side's queens and pawns, and how far its pawns have come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Its queens.
    pub queens: u8,
    /// Its pawns.
    pub pawns: u8,
    /// The lattice rows its pawns have come from its own edge, added up ([`advance`]).
    pub advance: u16,
}

/// How far a pawn of `side` on `cell` has come from its own edge, in lattice rows (0 to
/// 14: its last line is the far edge).
pub fn advance(cell: Cell, side: Side) -> u16 {
    let y = cell.y().unsigned_abs();
    u16::from(match side {
        Side::White => y,
        Side::Black => 14 - y,
    })
}

impl Default for Board {
    fn default() -> Board {
        Board {
            cells: [None; POINTS],
            tallies: [Tally::default(); 2],
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
            let Some(p) = p else { continue };
            let tally = &mut self.tallies[p.side.index()];
            match p.kind {
                Kind::King => {}
                Kind::Queen => tally.queens = tally.queens.wrapping_add_signed(change),
                Kind::Pawn => {
                    tally.pawns = tally.pawns.wrapping_add_signed(change);
                    let rows = advance(cell, p.side);
                    tally.advance = if change > 0 {
                        tally.advance.wrapping_add(rows)
                    } else {
                        tally.advance.wrapping_sub(rows)
                    };
                }
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
        let tally = self.tallies[side.index()];
        usize::from(tally.queens) + usize::from(tally.pawns)
    }

    /// The queens, pawns and pawns' advance of `side`.
    pub fn tally(&self, side: Side) -> Tally {
        self.tallies[side.index()]
    }

    /// Every point in one byte each (0 for an empty one), as the computer's position key
    /// hashes them: one hash of 225 bytes costs a fraction of hashing each point in turn.
    pub fn packed(&self) -> [u8; POINTS] {
        let mut bytes = [0u8; POINTS];
        for (byte, cell) in bytes.iter_mut().zip(&self.cells) {
            if let Some(p) = cell {
                *byte = 1 + 3 * p.side.index() as u8 + p.kind as u8;
            }
        }
        bytes
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
    fn the_kept_tallies_of_queens_and_pawns_match_the_board_through_whole_games() {
        use crate::games::bulltricker::rules::Rules;
        use crate::games::bulltricker::setup::{INITIAL, read};
        let recount = |b: &Board, side: Side| {
            let mut tally = Tally::default();
            for (cell, p) in b.pieces().filter(|(_, p)| p.side == side) {
                match p.kind {
                    Kind::King => {}
                    Kind::Queen => tally.queens += 1,
                    Kind::Pawn => {
                        tally.pawns += 1;
                        tally.advance += advance(cell, side);
                    }
                }
            }
            tally
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut captures = 0;
        for _ in 0..30 {
            let mut pos = read(INITIAL, None, Rules::default()).unwrap();
            for _ in 0..200 {
                for side in Side::BOTH {
                    let tally = recount(pos.board(), side);
                    assert_eq!(pos.board().tally(side), tally);
                    assert_eq!(
                        pos.board().rectangular_count(side),
                        usize::from(tally.queens + tally.pawns)
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
