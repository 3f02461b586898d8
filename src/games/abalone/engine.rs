//! Abalone against the computer: what a position is worth and which moves to search first.
//!
//! The evaluation weighs, in this order, what the strong programs weigh: the marbles pushed
//! off (the score of the game), the marbles' nearness to the centre (a marble on the edge
//! can be pushed off, one in the centre cannot), and their cohesion (marbles side by side
//! push and resist together). Pushes are searched first, those that push a marble off
//! before all.

use crate::games::Side;
use crate::games::abalone::bits::{self, BOARD, Bits};
use crate::games::abalone::cell::Dir;
use crate::games::abalone::moves::Move;
use crate::games::abalone::position::Position;
use crate::games::engine::{Engine, Style, key_of, level};

/// A marble pushed off, in the evaluation's units.
const MARBLE: i32 = 1_000;
/// Each step nearer the centre, per marble.
const CENTRE: i32 = 12;
/// Each pair of a side's marbles side by side.
const COHESION: i32 = 4;

/// The cells at each distance (0 to 4) from the centre, e5.
const RINGS: [Bits; 5] = rings();

const fn rings() -> [Bits; 5] {
    let mut rings = [0u128; 5];
    let mut row = 1i32;
    while row <= 9 {
        let mut diag = 1i32;
        while diag <= 9 {
            let bit = 1u128 << (row * 10 + diag);
            if BOARD & bit != 0 {
                let (dr, dd) = (row - 5, diag - 5);
                let (ar, ad) = (dr.abs(), dd.abs());
                let distance = if dr * dd >= 0 {
                    if ar > ad { ar } else { ad }
                } else {
                    ar + ad
                };
                rings[distance as usize] |= bit;
            }
            diag += 1;
        }
        row += 1;
    }
    rings
}

/// How central a side's marbles stand: 4 for each on e5, down to 0 on the edge.
fn centrality(marbles: Bits) -> i32 {
    RINGS
        .iter()
        .enumerate()
        .map(|(distance, ring)| (4 - distance as i32) * (marbles & ring).count_ones() as i32)
        .sum()
}

/// The pairs of neighbouring marbles of a side.
fn cohesion(marbles: Bits) -> i32 {
    Dir::FORWARD
        .iter()
        .map(|d| (marbles & bits::ahead(marbles, *d, 1)).count_ones() as i32)
        .sum()
}

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about two and a half
    /// of Ataxx's.
    const NODE_COST: u64 = 250;
    // The unit stays the default (a tenth of a marble): the positional terms that tell
    // quiet moves apart are worth well under a marble, and draws weighed in marbles would
    // make the low levels play almost at random.

    /// Levels 1 to 7 are the standard ones (2 v 1 to 7 v 6 scored 76.2 to 100 %). Above
    /// them, three times the nodes bought a third of a ply: 180 k Abalone nodes against
    /// level 7's 60 k scored 59.8 %. What makes a step is a ply: level 7's 60 k reach four
    /// plies, level 8 deepens within 480 k nodes and reaches five (79.2 % against level 7,
    /// 200 games), and level 9 searches six full plies, within 10 M nodes (about 3 s) so
    /// that a long search stops in time and plays its five plies' move. Full six plies
    /// took 0.56 s a move on average, seven would take about nine times that. 9 v 8 scored
    /// 70.0 % over 200 games (`cargo bench --bench engine -- --game abalone --levels 8-9`,
    /// docs/benchmarks.md).
    const STYLES: [Style; 9] = [
        level::STANDARD[0],
        level::STANDARD[1],
        level::STANDARD[2],
        level::STANDARD[3],
        level::STANDARD[4],
        level::STANDARD[5],
        level::STANDARD[6],
        Style::new(64, 1_200_000, 0.0, 0),
        Style::new(6, 25_000_000, 0.0, 0),
    ];

    fn evaluate(&self) -> i32 {
        let board = &self.board;
        let me = board.to_move();
        let them = me.opponent();
        let side = |s: Side| {
            let m = board.marbles(s);
            MARBLE * i32::from(board.ejected_by(s))
                + CENTRE * centrality(m)
                + COHESION * cohesion(m)
        };
        side(me) - side(them)
    }

    fn key(&self) -> u64 {
        key_of(self.board)
    }

    fn guess(&self, m: &Move) -> i32 {
        match self.board.push_size(m) {
            (_, true) => MARBLE,
            (n, false) => 100 * n as i32 + i32::from(m.count()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rings_cover_the_board_once_with_1_6_12_18_24_cells() {
        let counts: Vec<u32> = RINGS.iter().map(|r| r.count_ones()).collect();
        assert_eq!(counts, vec![1, 6, 12, 18, 24]);
        assert_eq!(RINGS.iter().fold(0, |a, r| a | r), BOARD);
    }
}
