//! What stands on the 49 cells: `x` pieces, `o` pieces and blocked cells, and the board
//! field of the position string (`x5o/7/2-1-2/7/2-1-2/7/o5x`).
//!
//! `x` is [`Side::Black`] (it moves first from the standard start), `o` is [`Side::White`].

use crate::games::Side;
use crate::games::ataxx::cell::{ALL_CELLS, CELLS, Cell, SIDE, cells_of};
use crate::text::Text;
use crate::tx;

/// What one cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    /// Nothing: a piece may arrive here.
    Empty,
    /// A piece of this side.
    Piece(Side),
    /// A blocked cell: no piece may ever stand here.
    Blocked,
}

/// The contents of the 49 cells, as three disjoint masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    x: u64,
    o: u64,
    blocked: u64,
}

impl Board {
    /// The pieces of `side`.
    pub fn pieces(&self, side: Side) -> u64 {
        match side {
            Side::Black => self.x,
            Side::White => self.o,
        }
    }

    /// The blocked cells.
    pub fn blocked(&self) -> u64 {
        self.blocked
    }

    /// The cells where a piece may arrive.
    pub fn empty(&self) -> u64 {
        ALL_CELLS & !(self.x | self.o | self.blocked)
    }

    /// How many pieces `side` has.
    pub fn count(&self, side: Side) -> u32 {
        self.pieces(side).count_ones()
    }

    /// What `cell` holds.
    pub fn content(&self, cell: Cell) -> Content {
        let bit = cell.bit();
        if self.x & bit != 0 {
            Content::Piece(Side::Black)
        } else if self.o & bit != 0 {
            Content::Piece(Side::White)
        } else if self.blocked & bit != 0 {
            Content::Blocked
        } else {
            Content::Empty
        }
    }

    /// Puts a piece of `side` on empty cell `to` and turns the opponent's pieces around it
    /// into `side`'s. Returns the converted cells.
    pub fn drop_and_convert(&mut self, side: Side, to: Cell) -> u64 {
        let around = to.neighbours();
        let (own, theirs) = match side {
            Side::Black => (&mut self.x, &mut self.o),
            Side::White => (&mut self.o, &mut self.x),
        };
        let converted = *theirs & around;
        *theirs &= !converted;
        *own |= to.bit() | converted;
        converted
    }

    /// Takes the piece of `side` off `from`.
    pub fn lift(&mut self, side: Side, from: Cell) {
        match side {
            Side::Black => self.x &= !from.bit(),
            Side::White => self.o &= !from.bit(),
        }
    }

    /// Reads the board field: ranks 7 to 1 separated by `/`, each from file a to g, with
    /// `x`, `o`, `-` (blocked) and digits 1-7 for runs of empty cells. Also accepted, as
    /// libataxx does: `X`, `b`, `B` for `x` and `O`, `w`, `W` for `o`.
    pub fn from_field(field: &str) -> Result<Board, Text> {
        let ranks: Vec<&str> = field.split('/').collect();
        if ranks.len() != SIDE as usize {
            return Err(tx!("ataxx-board-ranks", board = field, ranks = ranks.len()));
        }
        let mut board = Board {
            x: 0,
            o: 0,
            blocked: 0,
        };
        for (row, text) in ranks.iter().enumerate() {
            let rank = SIDE - 1 - row as u8;
            let mut file: u8 = 0;
            for c in text.chars() {
                let run = match c {
                    '1'..='7' => c as u8 - b'0',
                    _ => 1,
                };
                if file + run > SIDE {
                    return Err(rank_length_error(text, rank));
                }
                match c {
                    '1'..='7' => {}
                    'x' | 'X' | 'b' | 'B' | 'o' | 'O' | 'w' | 'W' | '-' => {
                        let bit = Cell::new(file, rank).map_or(0, Cell::bit);
                        match c {
                            'x' | 'X' | 'b' | 'B' => board.x |= bit,
                            'o' | 'O' | 'w' | 'W' => board.o |= bit,
                            _ => board.blocked |= bit,
                        }
                    }
                    _ => {
                        return Err(tx!("ataxx-board-character", char = c));
                    }
                }
                file += run;
            }
            if file != SIDE {
                return Err(rank_length_error(text, rank));
            }
        }
        Ok(board)
    }

    /// Writes the board field (digits for runs of empty cells, one `-` per blocked cell).
    pub fn field(&self) -> String {
        let mut out = String::with_capacity(CELLS + 6);
        for rank in (0..SIDE).rev() {
            let mut run = 0;
            for file in 0..SIDE {
                let Some(cell) = Cell::new(file, rank) else {
                    continue;
                };
                let c = match self.content(cell) {
                    Content::Empty => {
                        run += 1;
                        continue;
                    }
                    Content::Piece(Side::Black) => 'x',
                    Content::Piece(Side::White) => 'o',
                    Content::Blocked => '-',
                };
                if run > 0 {
                    out.push((b'0' + run) as char);
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out.push((b'0' + run) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The cells of `mask` as a list of names (`d4, e4`).
    pub fn names(mask: u64) -> String {
        cells_of(mask)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn rank_length_error(text: &str, rank: u8) -> Text {
    tx!("ataxx-board-rank-length", rank = rank + 1, text = text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_field_round_trips_with_blocked_cells() {
        for field in [
            "x5o/7/7/7/7/7/o5x",
            "x5o/7/2-1-2/3-3/2-1-2/7/o5x",
            "7/7/7/7/-------/-------/x5o",
            "xxxxxxx/xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/ooooooo",
        ] {
            assert_eq!(Board::from_field(field).unwrap().field(), field);
        }
    }

    #[test]
    fn libataxx_letters_are_read_and_written_as_x_and_o() {
        let board = Board::from_field("B5W/7/7/7/7/7/O5X").unwrap();
        assert_eq!(board.field(), "x5o/7/7/7/7/7/o5x");
        assert_eq!(board.count(Side::Black), 2);
        assert_eq!(board.count(Side::White), 2);
    }

    #[test]
    fn malformed_boards_say_what_is_wrong() {
        let e = Board::from_field("x5o/7/7/7/7/7").unwrap_err();
        assert!(e.en().contains("6 ranks"), "{}", e.en());
        let e = Board::from_field("x6o/7/7/7/7/7/o5x").unwrap_err();
        assert!(e.en().contains("rank 7"), "{}", e.en());
        let e = Board::from_field("x5o/7/7/7/7/6/o5x").unwrap_err();
        assert!(e.en().contains("rank 2"), "{}", e.en());
        let e = Board::from_field("x5o/7/7/7/7/7/o5z").unwrap_err();
        assert!(e.en().contains("`z`"), "{}", e.en());
        assert!(Board::from_field("x5o/7/7/8/7/7/o5x").is_err());
        assert!(Board::from_field("x5o/7/7/0/7/7/o5x").is_err());
    }

    #[test]
    fn a_drop_converts_only_the_adjacent_opponent_pieces() {
        let mut board = Board::from_field("7/7/7/2xoo2/7/7/7").unwrap();
        let converted = board.drop_and_convert(Side::Black, Cell::parse("d3").unwrap());
        assert_eq!(Board::names(converted), "d4, e4");
        assert_eq!(board.field(), "7/7/7/2xxx2/3x3/7/7");
    }
}
