//! Sauterelle against the computer: what a position is worth and which moves to search
//! first.
//!
//! The game is won by scoring twice in a row, so the evaluation weighs first who scored
//! last (one more point wins for them, while the other must score twice), then the walls
//! standing in the last quadrant (each a point to take when it suits), then the race: how
//! far the side's checkers have come. Bearing off is searched first, then building walls,
//! then the longest advances.

use crate::games::Side;
use crate::games::engine::{Engine, Style, key_of, level};
use crate::games::sauterelle::{Board, Move, Point, Position};

/// Having scored the last point.
const LAST_SCORER: i32 = 400;
/// A wall in the last quadrant, ready to bear off.
const READY_WALL: i32 = 150;
/// A point scored.
const POINT: i32 = 40;
/// Each point of the track a checker has come (the bar counts 0).
const STEP: i32 = 2;

/// Each side's walls ready to bear off and its checkers' progress along the track, by
/// [`Side::index`], in one walk of the points.
fn standings(board: &Board) -> [(i32, i32); 2] {
    let mut out = [(0, 0); 2];
    for p in Point::all() {
        let stack = board.stack(p);
        let Some(owner) = stack.owner() else {
            continue;
        };
        let (ready, progress) = &mut out[owner.index()];
        *progress += i32::from(p.number()) * i32::from(stack.height());
        if p.in_last_quadrant() && stack.height() == 2 {
            *ready += 1;
        }
    }
    out
}

/// Every part of the position, a byte each: the 24 points as the board stores them, the
/// bar, the score, who scored last and whether that won, the side to move and the checkers
/// a side plays with. One hash of 32 bytes costs a fraction of hashing each field in turn
/// (a seventh of a search).
fn packed(pos: &Position) -> [u8; 32] {
    let side = |s: Side| s.index() as u8;
    let board = pos.board();
    let mut bytes = [0u8; 32];
    let codes = board.codes();
    bytes[..codes.len()].copy_from_slice(&codes);
    bytes[24] = board.bar(Side::White);
    bytes[25] = board.bar(Side::Black);
    bytes[26] = pos.points(Side::White);
    bytes[27] = pos.points(Side::Black);
    bytes[28] = match (pos.last_scorer(), pos.winner().is_some()) {
        (None, _) => 0,
        (Some(s), false) => 1 + side(s),
        (Some(s), true) => 3 + side(s),
    };
    bytes[29] = side(pos.to_move());
    bytes[30] = pos.checkers();
    bytes
}

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about three quarters
    /// of Ataxx's.
    const NODE_COST: u64 = 75;
    /// A point.
    const UNIT: i32 = POINT;

    /// The race is long and its quiet moves look alike to a shallow search: the standard
    /// low levels (one or two plies, a temperature) all scored about even against each
    /// other, and a search of four plies no better than one. What tells them apart is how
    /// often a player strays from a four-ply search's move: levels 1 to 4 stray 900, 600,
    /// 300 and 0 times in a thousand (`cargo bench --bench engine -- --game sauterelle
    /// --match ...`, 200 games a pair: 76.0, 68.0 and 75.5 % each against the one below;
    /// steps of 250 or less scored 61 to 65 %). From level 5 the search deepens as far as
    /// its node budget lets it: 5 k nodes (99.5 % against four plies), 20 k (94.8 %), then
    /// 150 k (81.5 % against 20 k). Three times the nodes are not a step at the top (450 k
    /// scored 64.5 % against 150 k); eight times are: level 8 deepens within 1.2 M (76.0 %
    /// against 150 k), level 9 within 3.2 M (96.2 % against 1.2 M; about 1.1 s a move).
    /// docs/benchmarks.md has the matches, those that failed included.
    const STYLES: [Style; 9] = [
        Style::new(4, 200_000, 0.0, 900),
        Style::new(4, 200_000, 0.0, 600),
        Style::new(4, 200_000, 0.0, 300),
        Style::new(4, 200_000, 0.0, 0),
        Style::new(64, 5_000, 0.0, 0),
        Style::new(64, 20_000, 0.0, 0),
        level::STANDARD[6],
        Style::new(64, 1_200_000, 0.0, 0),
        Style::new(64, 3_200_000, 0.0, 0),
    ];

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let standings = standings(self.board());
        let side = |s: Side| {
            let (ready, progress) = standings[s.index()];
            let last = if self.last_scorer() == Some(s) {
                LAST_SCORER
            } else {
                0
            };
            last + READY_WALL * ready + POINT * i32::from(self.points(s)) + STEP * progress
        };
        side(me) - side(me.opponent())
    }

    fn key(&self) -> u64 {
        key_of(packed(self))
    }

    fn guess(&self, m: &Move) -> i32 {
        match *m {
            Move::BearOff { .. } => 1_000,
            Move::Advance { from, to } => {
                let builds = self.board().stack(to).owner() == Some(self.to_move());
                i32::from(to.number()) - i32::from(from.number()) + if builds { 100 } else { 0 }
            }
            Move::Enter { to } => i32::from(to.number()),
            Move::Pass => 0,
        }
    }
}
