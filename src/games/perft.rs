//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::games::Game;

/// Counts the leaf nodes `depth` plies below `pos`. A position where the game is over is a
/// leaf (counted once, not expanded). At the last ply the legal moves are counted without
/// being played ("bulk counting").
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 || pos.outcome().is_over() {
        return 1;
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
