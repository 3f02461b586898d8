//! What the tests of the games' pictures share: playing moves while keeping the position
//! before the last one (what a drawing compares to mark the move), and a picture rasterised
//! as a mail carries it, checked under the 40 KB a mail's picture may weigh, and decoded.

use super::palette::Colour;
use super::png::{Raster, near, png};
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

/// A stored game of `kind` from its usual start between `alice@x.org` (White) and
/// `bob@x.org` (Black), in which each side played its first legal move, `plies` times
/// (fewer if the game ended).
pub fn stored_game(
    id: i64,
    kind: crate::games::GameKind,
    plies: usize,
) -> crate::referee::StoredGame {
    use crate::games::{AnyGame, Start};
    use crate::referee::{GameStatus, PlayedMove, StoredGame};
    let mut live = AnyGame::new(kind, &Start::Default, None, "").expect("the usual start");
    let start = live.position_string();
    let mut moves = Vec::new();
    for i in 0..plies {
        let Some(first) = live.legal_moves().into_iter().next() else {
            break;
        };
        live.play(&first).expect("a legal move");
        moves.push(PlayedMove {
            text: first,
            message_id: Some(format!("m{i}@players")),
            received_at: 1_000 + i as i64,
        });
    }
    StoredGame {
        id,
        kind,
        variant: None,
        start,
        to_move: None,
        options: String::new(),
        white: "alice@x.org".into(),
        black: "bob@x.org".into(),
        challenger: "alice@x.org".into(),
        status: GameStatus::Active,
        moves,
        result: None,
        draw_offer: None,
        undo_request: None,
        hint_request: None,
        takebacks: Vec::new(),
        conditions: None,
        clock: Default::default(),
        created_at: 1,
        updated_at: 2_000,
        terms: Default::default(),
    }
}

/// How many of 36 points on the circle of radius `r` round `(x, y)` show `colour` (a ring
/// drawn there, solid or dashed, or none).
pub fn on_ring(raster: &Raster, (x, y): (f32, f32), r: f32, colour: Colour) -> usize {
    (0..36)
        .filter(|i| {
            let a = *i as f32 * std::f32::consts::TAU / 36.0;
            raster
                .pixel(x + r * a.cos(), y + r * a.sin())
                .is_some_and(|c| near(c, colour, 40))
        })
        .count()
}
