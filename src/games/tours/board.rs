//! The board: what stands on each of the 64 cells, and its placement string (the first field
//! of the position string, spec 3.3).
//!
//! The placement is written rank 8 first, ranks separated by `/`, files a to h; a digit is a
//! run of empty cells, `R`/`S` a White round/square, `r`/`s` a Black one, and a stack is its
//! letters in parentheses, rounds first: `rsrsrsrs/srsrsrsr/8/8/8/8/RS(RR)SRSRS/S1SRSRSR`.
//! Reading accepts the letters of a stack in any order (only the composition counts) and
//! runs of digits; writing is canonical.

use crate::games::Side;
use crate::games::tours::cell::Cell;
use crate::games::tours::stack::{Kind, Stack};
use crate::text::Text;
use crate::tx;

/// What stands on every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Stack>; 64],
}

impl Board {
    /// A board with nothing on it.
    pub fn empty() -> Board {
        Board { cells: [None; 64] }
    }

    /// What stands on `cell`.
    pub fn get(&self, cell: Cell) -> Option<Stack> {
        self.cells[cell.index()]
    }

    /// Puts `stack` on `cell` (or empties it).
    pub fn set(&mut self, cell: Cell, stack: Option<Stack>) {
        self.cells[cell.index()] = stack;
    }

    /// The stacks of `side`, cell by cell from a1 to h8.
    pub fn stacks(&self, side: Side) -> impl Iterator<Item = (Cell, Stack)> + '_ {
        Cell::all().filter_map(move |c| self.get(c).filter(|s| s.side() == side).map(|s| (c, s)))
    }

    /// True if `side` has a piece on the board.
    pub fn has_pieces(&self, side: Side) -> bool {
        self.cells.iter().flatten().any(|s| s.side() == side)
    }

    /// How many simple pieces of `kind` `side` has on the board.
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        self.cells
            .iter()
            .flatten()
            .filter(|s| s.side() == side)
            .map(|s| u32::from(s.count(kind)))
            .sum()
    }

    /// Reads a placement string.
    pub fn from_placement(text: &str) -> Result<Board, Text> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(tx!("tours-board-ranks", count = ranks.len()));
        }
        let mut board = Board::empty();
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u8 = 0;
            let mut chars = row.chars();
            while let Some(ch) = chars.next() {
                let stack = match ch {
                    '1'..='9' => {
                        file += ch as u8 - b'0';
                        None
                    }
                    '(' => {
                        let mut letters = String::new();
                        loop {
                            match chars.next() {
                                Some(')') => break,
                                Some(c) => letters.push(c),
                                None => {
                                    return Err(tx!("tours-rank-open", rank = rank + 1));
                                }
                            }
                        }
                        Some(stack_of(&letters).map_err(|e| on_rank(rank, &e))?)
                    }
                    _ => Some(stack_of(&ch.to_string()).map_err(|e| on_rank(rank, &e))?),
                };
                if let Some(stack) = stack {
                    let Some(cell) = Cell::new(file, rank) else {
                        return Err(too_long(rank));
                    };
                    board.set(cell, Some(stack));
                    file += 1;
                }
                if file > 8 {
                    return Err(too_long(rank));
                }
            }
            if file != 8 {
                return Err(tx!("tours-rank-short", rank = rank + 1, count = file));
            }
        }
        Ok(board)
    }

    /// Writes the canonical placement string.
    pub fn placement(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let stack = Cell::new(file, rank).and_then(|c| self.get(c));
                match stack {
                    None => empty += 1,
                    Some(s) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push_str(&s.code());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

fn too_long(rank: u8) -> Text {
    tx!("tours-rank-long", rank = rank + 1)
}

/// Prefixes a problem with the rank it was found on.
fn on_rank(rank: u8, problem: &Text) -> Text {
    tx!("tours-rank", rank = rank + 1, problem = problem)
}

/// Reads the letters of one stack (`R`, `rrs`, `SR`): 1 to 3 letters, all of one side, in
/// any order.
pub fn stack_of(letters: &str) -> Result<Stack, Text> {
    let mut side = None;
    let (mut rounds, mut squares) = (0u8, 0u8);
    for ch in letters.chars() {
        let (s, kind) = match ch {
            'R' => (Side::White, Kind::Round),
            'S' => (Side::White, Kind::Square),
            'r' => (Side::Black, Kind::Round),
            's' => (Side::Black, Kind::Square),
            _ => {
                return Err(tx!("tours-piece-character", char = ch));
            }
        };
        if side.is_some_and(|x| x != s) {
            return Err(tx!("tours-stack-mixed", letters = letters));
        }
        side = Some(s);
        match kind {
            Kind::Round => rounds = rounds.saturating_add(1),
            Kind::Square => squares = squares.saturating_add(1),
        }
    }
    side.and_then(|s| Stack::new(s, rounds, squares))
        .ok_or_else(|| tx!("tours-stack-size", letters = letters))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR";

    #[test]
    fn the_start_placement_reads_and_writes_back() {
        let b = Board::from_placement(START).unwrap();
        assert_eq!(b.placement(), START);
        assert_eq!(b.count(Side::White, Kind::Round), 8);
        assert_eq!(b.count(Side::Black, Kind::Square), 8);
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(b.get(a1), Some(Stack::single(Side::White, Kind::Square)));
    }

    #[test]
    fn stacks_are_read_in_any_order_and_written_rounds_first() {
        let b = Board::from_placement("4s3/8/8/8/3(SRR)4/8/8/(s)2(Rs)4").err();
        assert!(b.unwrap().en().contains("mixes White and Black"));
        let b = Board::from_placement("4s3/8/8/8/3(SRR)4/8/8/(s)7").unwrap();
        assert_eq!(b.placement(), "4s3/8/8/8/3(RRS)4/8/8/s7");
        let b = Board::from_placement("44/8/8/8/8/8/8/8").unwrap();
        assert_eq!(b.placement(), "8/8/8/8/8/8/8/8");
    }

    #[test]
    fn malformed_placements_are_refused_with_the_rank() {
        for (text, words) in [
            ("8/8/8/8/8/8/8", "8 ranks"),
            ("9/8/8/8/8/8/8/8", "more than 8"),
            ("7/8/8/8/8/8/8/8", "7 cells"),
            ("8/8/8/8/8/8/8/RRRRRRRRR", "more than 8"),
            ("8/8/8/8/8/8/8/(RRRS)7", "1 to 3"),
            ("8/8/8/8/8/8/8/()8", "1 to 3"),
            ("8/8/8/8/8/8/8/(RR7", "not closed"),
            ("8/8/8/8/8/8/8/K7", "not a piece"),
        ] {
            let e = Board::from_placement(text).unwrap_err();
            assert!(e.en().contains(words), "{text}: {}", e.en());
            assert!(!e.fr().is_empty());
        }
    }
}
