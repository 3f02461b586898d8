//! Legal move generation and counting on whole sets of cells at once.
//!
//! For each direction the generator computes, as bit masks, the tails of the legal in-line
//! moves of 1, 2 and 3 marbles (with every sumito case of section 2.3), and for each axis and
//! side-step direction the smaller ends of the legal 2- and 3-marble broadsides (section 2.4).
//! Counting is a handful of shifts and population counts, which is what makes perft fast.

use super::bits::{self, BOARD, Bits, back};
use super::board::Board;
use super::cell::Dir;
use super::moves::Move;

/// The tails of the legal in-line moves along one direction, by number of marbles moved.
#[inline(always)]
fn in_line_tails(own: Bits, opp: Bits, dir: Dir) -> [Bits; 3] {
    let occupied = own | opp;
    let empty = BOARD & !occupied;
    let run2 = own & back(own, dir, 1);
    let run3 = run2 & back(own, dir, 2);
    let run4 = run3 & back(own, dir, 3);
    // One marble: the next cell must be empty (a single marble never pushes).
    let one = (own & !run2) & back(empty, dir, 1);
    // Two marbles: free cell ahead, or push one opponent marble into a free cell or off.
    let two =
        (run2 & !run3) & (back(empty, dir, 2) | (back(opp, dir, 2) & !back(occupied, dir, 3)));
    // Three marbles: free cell ahead, or push one or two opponent marbles.
    let opp3 = back(opp, dir, 3);
    let three = (run3 & !run4)
        & (back(empty, dir, 3)
            | (opp3 & !back(occupied, dir, 4))
            | (opp3 & back(opp, dir, 4) & !back(occupied, dir, 5)));
    [one, two, three]
}

/// The smaller ends of the legal broadsides of 2 and 3 marbles along forward axis `line`,
/// moving towards `dir`.
#[inline(always)]
fn broadside_ends(own: Bits, empty: Bits, line: Dir, dir: Dir) -> [Bits; 2] {
    let free_ahead = own & back(empty, dir, 1);
    let pairs = free_ahead & back(free_ahead, line, 1);
    let triples = pairs & back(free_ahead, line, 2);
    [pairs, triples]
}

/// The four side-step directions of a line along `line`.
#[inline(always)]
fn side_steps(line: Dir) -> [Dir; 4] {
    match line {
        Dir::East | Dir::West => [
            Dir::NorthEast,
            Dir::NorthWest,
            Dir::SouthWest,
            Dir::SouthEast,
        ],
        Dir::NorthEast | Dir::SouthWest => [Dir::East, Dir::NorthWest, Dir::West, Dir::SouthEast],
        Dir::NorthWest | Dir::SouthEast => [Dir::East, Dir::NorthEast, Dir::West, Dir::SouthWest],
    }
}

/// The number of legal moves of the side to move (no check for a finished game).
pub fn count(board: &Board) -> u32 {
    let own = board.marbles(board.to_move);
    let opp = board.marbles(board.to_move.opponent());
    let empty = BOARD & !(own | opp);
    let mut n = 0;
    for dir in Dir::ALL {
        let [a, b, c] = in_line_tails(own, opp, dir);
        n += a.count_ones() + b.count_ones() + c.count_ones();
    }
    for line in Dir::FORWARD {
        for dir in side_steps(line) {
            let [pairs, triples] = broadside_ends(own, empty, line, dir);
            n += pairs.count_ones() + triples.count_ones();
        }
    }
    n
}

/// Whether the side to move has any legal move (fast: a free neighbour of any own marble is
/// a legal single-marble move; only a fully blocked side needs the full count).
pub fn has_any(board: &Board) -> bool {
    let own = board.marbles(board.to_move);
    let empty = BOARD & !(own | board.marbles(board.to_move.opponent()));
    Dir::ALL
        .into_iter()
        .any(|dir| own & back(empty, dir, 1) != 0)
        || count(board) > 0
}

/// Calls `f` with every legal move of the side to move (no check for a finished game).
#[inline]
pub fn for_each(board: &Board, mut f: impl FnMut(Move)) {
    let own = board.marbles(board.to_move);
    let opp = board.marbles(board.to_move.opponent());
    let empty = BOARD & !(own | opp);
    for dir in Dir::ALL {
        let tails = in_line_tails(own, opp, dir);
        for (len, set) in (1u8..).zip(tails) {
            for tail in bits::cells(set) {
                f(Move::in_line(tail, len, dir));
            }
        }
    }
    for line in Dir::FORWARD {
        for dir in side_steps(line) {
            let ends = broadside_ends(own, empty, line, dir);
            for (len, set) in (2u8..).zip(ends) {
                for end in bits::cells(set) {
                    f(Move::broadside(end, len, line, dir));
                }
            }
        }
    }
}

/// Every legal move of the side to move, in generation order.
pub fn generate(board: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(128);
    for_each(board, |m| moves.push(m));
    moves
}

/// Counts the leaves of the move tree `depth` plies deep, with bulk counting at the last ply
/// ([`crate::games::perft`]'s convention: a position where the game is over, six ejected or
/// no legal move, has no moves and adds nothing below its depth).
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if board.winner_by_score().is_some() {
        return 0;
    }
    if depth == 1 {
        return u64::from(count(board));
    }
    let mut total = 0;
    for_each(board, |m| {
        let mut child = *board;
        child.apply(&m);
        total += perft(&child, depth - 1);
    });
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::abalone::setup;

    #[test]
    fn a_side_whose_only_move_is_a_push_still_has_a_move() {
        // A1 A2 are hemmed in; the one move is A1 A2 pushing A3 to A4.
        let (board, _) = setup::read("0a12_0a3b123").unwrap();
        assert_eq!(count(&board), 1);
        assert!(has_any(&board));
        let moves = generate(&board);
        assert_eq!(moves, vec![Move::in_line(moves[0].tail(), 2, Dir::East)]);
        assert_eq!(moves[0].tail().to_string(), "a1");
        // With A4 taken as well, nothing is left.
        let (board, _) = setup::read("0a12_0a34b123").unwrap();
        assert_eq!(count(&board), 0);
        assert!(!has_any(&board));
        // The game is over: no moves, nothing below the root.
        assert_eq!(perft(&board, 3), 0);
        assert_eq!(perft(&board, 0), 1);
    }
}
