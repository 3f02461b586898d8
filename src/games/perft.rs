//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::games::Game;

/// Counts the leaf nodes `depth` plies below `pos`, with one convention for every game: a
/// position where the game is over has no moves, so below its depth it adds nothing (0 at
/// depth 1 and more; any position is 1 at depth 0), and a forced pass is one move. At the
/// last ply the legal moves are counted without being played ("bulk counting").
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_over() {
        return 0;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.apply(m);
            perft(&child, depth - 1)
        })
        .sum()
}
