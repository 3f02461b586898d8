//! What the tests of the games' pictures share: playing moves while keeping the position
//! before the last one (what a drawing compares to mark the move), and a picture rasterised
//! as a mail carries it, checked under the 40 KB a mail's picture may weigh, and decoded.

use super::png::{Raster, png};
use crate::games::Game;

/// Plays `moves` (each in the game's notation, legal) on `pos`; the last move with the
/// position before it.
pub fn play<G: Game>(pos: &mut G, moves: &[&str]) -> Option<(G, G::Move)> {
    let mut last = None;
    for text in moves {
        let notation = G::read_notation(text).expect("a move");
        let m = pos.resolve(&notation).expect("legal");
        last = Some((pos.clone(), m.clone()));
        pos.apply(&m);
    }
    last
}

/// `svg` as the PNG of a mail (under 40 KB), decoded.
pub fn mailed(svg: &str) -> Raster {
    let bytes = png(svg, None).expect("a png");
    assert!(bytes.len() < 40 * 1024, "{} bytes", bytes.len());
    Raster::decode(&bytes).expect("decodes")
}
