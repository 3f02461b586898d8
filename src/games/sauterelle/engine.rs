//! Sauterelle against the computer: what a position is worth and which moves to search
//! first.
//!
//! The game is won by scoring twice in a row, so the evaluation first plays out the
//! bear-offs a position forces (the last scorer with a wall ready wins on its turn, and the
//! other must answer at once or lose), which settles many positions outright. What is left
//! it weighs by who scored last (one more point wins for them, while the other must score
//! twice), then the walls standing in the last quadrant (each a point to take when it
//! suits) and those one move from standing there, then the race: how far the side's
//! checkers have come. Bearing off is searched first, then building walls, then the longest
//! advances.

use crate::games::engine::{Engine, Style, key_of};
use crate::games::sauterelle::{Board, Move, Point, Position, Stack};
use crate::games::{Game, Side};

/// Having scored the last point.
const LAST_SCORER: i32 = 400;
/// A wall in the last quadrant, ready to bear off.
const READY_WALL: i32 = 150;
/// A wall one move from standing ready: a lone checker in the last quadrant with a checker
/// of its side six points behind that may join it (a lone one with no wall between, or
/// the top of a wall).
const NEAR_WALL: i32 = 75;
/// A point scored.
const POINT: i32 = 40;
/// Each point of the track a checker has come (the bar counts 0).
const STEP: i32 = 2;
/// A game the bear-offs decide, whatever else is on the board (see [`settle`]): far above
/// any quiet score, far below a won game's score found by the search.
const DECIDED: i32 = 100_000;

/// A wall of `side` ready to bear off, if it has one.
fn ready_wall(pos: &Position, side: Side) -> Option<Point> {
    Point::all().filter(|p| p.in_last_quadrant()).find(|&p| {
        let stack = pos.board().stack(p);
        stack.owner() == Some(side) && stack.height() == 2
    })
}

/// What the evaluation counts for one side.
#[derive(Clone, Copy, Default)]
struct Standing {
    /// Walls in the last quadrant, ready to bear off.
    ready: i32,
    /// Walls one move from ready (see [`NEAR_WALL`]).
    near: i32,
    /// The points of the track its checkers have come, added up.
    progress: i32,
}

/// Each side's [`Standing`], by [`Side::index`], in one walk of the points.
fn standings(board: &Board) -> [Standing; 2] {
    let mut out = [Standing::default(); 2];
    for p in Point::all() {
        let stack = board.stack(p);
        let Some(owner) = stack.owner() else {
            continue;
        };
        let standing = &mut out[owner.index()];
        standing.progress += i32::from(p.number()) * i32::from(stack.height());
        if !p.in_last_quadrant() {
            continue;
        }
        if stack.height() == 2 {
            standing.ready += 1;
            continue;
        }
        let partner = Point::new(p.number() - 6).expect("a point of the third quadrant");
        let joins = match board.stack(partner) {
            Stack::Wall(side) => side == owner,
            Stack::Lone(side) => side == owner && !board.wall_between(partner, p),
            Stack::Empty => false,
        };
        if joins {
            standing.near += 1;
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

/// The position's score for the side to move, bear-offs played out first. The last scorer
/// with a wall ready wins on its turn. Against that threat, the side to move must bear off
/// a wall at once (none: lost), which makes it the last scorer and may turn the threat
/// round. Without a threat, a side may still choose to bear off, and wins when the other
/// cannot answer the threat that makes. Every settled score ([`DECIDED`]) is a forced win;
/// anything else is the position weighed as it stands, after the bear-offs that were
/// forced.
fn settle(pos: &Position) -> i32 {
    let mover = pos.to_move();
    let mine = ready_wall(pos, mover);
    let theirs = ready_wall(pos, mover.opponent());
    if mine.is_none() && theirs.is_none() {
        return pos.quiet();
    }
    let after = |wall: Point| {
        let mut next = pos.clone();
        next.apply(&Move::BearOff { from: wall });
        -settle(&next)
    };
    match pos.last_scorer() {
        Some(last) if last == mover && mine.is_some() => DECIDED,
        Some(last) if last != mover && theirs.is_some() => mine.map_or(-DECIDED, after),
        _ => match mine.map(after) {
            Some(DECIDED) => DECIDED,
            _ => pos.quiet(),
        },
    }
}

impl Engine for Position {
    /// Measured by `cargo bench --bench engine` at level 9: a node costs about three quarters
    /// of Ataxx's.
    const NODE_COST: u64 = 75;
    /// A point.
    const UNIT: i32 = POINT;

    /// The race is long and its quiet moves look alike to a shallow search: the standard
    /// low levels (one or two plies, a temperature) all scored about even against each
    /// other. What tells the low levels apart is how often a player strays from a four-ply
    /// search's move to any move at all: levels 1 to 5 stray 950, 800, 550, 300 and 0 times
    /// in a thousand. Above them the depth of the search sets the level, and its parity
    /// matters more than its nodes: a search that ends on its own move is credited with the
    /// wall it has just built, so an even depth may play worse than the odd depth below it
    /// (six plies scored 29.8 % against four), and more nodes may play worse (20 k nodes
    /// scored 43.2 % against 10 k). Levels 6 to 8 are five plies straying 20 times in a
    /// thousand (five plies alone scored 86.5 % against four, but seven only 64.8 % against
    /// five), seven plies and nine (their nodes only a bound); level 9 deepens as far as
    /// 3.2 M nodes let it, 11 plies on average, 2.1 s a move on average and 3.2 s at worst
    /// in the first 60 plies. Each pair from 2 v 1 to 9 v 8 scored 65 % or more over 200
    /// games (`cargo bench --bench engine -- --game sauterelle --levels 1-9 --games 200
    /// --threads 1 --max-plies 200 --adjudicate`; 9 v 8 85.2 %); the figures, and the
    /// tables tried before this one, are in docs/benchmarks.md.
    const STYLES: [Style; 9] = [
        Style::new(4, 200_000, 0.0, 950),
        Style::new(4, 200_000, 0.0, 800),
        Style::new(4, 200_000, 0.0, 550),
        Style::new(4, 200_000, 0.0, 300),
        Style::new(4, 200_000, 0.0, 0),
        Style::new(5, 400_000_000, 0.0, 20),
        Style::new(7, 400_000_000, 0.0, 0),
        Style::new(9, 3_200_000, 0.0, 0),
        Style::new(64, 3_200_000, 0.0, 0),
    ];

    /// A side that scored last and has a wall ready wins by bearing it off on its turn, so
    /// such positions are settled before they are weighed (see [`settle`]). Without this a
    /// search's leaves swung by a whole point from one depth to the next as the side to
    /// move changed.
    fn evaluate(&self) -> i32 {
        settle(self)
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

impl Position {
    /// The position weighed as it stands, for the side to move: who scored last, the walls
    /// ready to bear off, the points and the race.
    fn quiet(&self) -> i32 {
        let me = self.to_move();
        let standings = standings(self.board());
        let side = |s: Side| {
            let Standing {
                ready,
                near,
                progress,
            } = standings[s.index()];
            let last = if self.last_scorer() == Some(s) {
                LAST_SCORER
            } else {
                0
            };
            last + READY_WALL * ready
                + NEAR_WALL * near
                + POINT * i32::from(self.points(s))
                + STEP * progress
        };
        side(me) - side(me.opponent())
    }
}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::games::GameOptions;
    use crate::games::engine::WIN;
    use crate::games::engine::search::{Budget, search};

    fn position(text: &str) -> Position {
        let options = GameOptions::defaults(Position::option_specs());
        Position::from_position(text, None, &options).unwrap()
    }

    /// Positions the bear-offs settle, from the side to move's view: the last scorer to move
    /// with a wall ready wins; against it, a side with no wall loses, one wall answers one,
    /// one against two loses, three against one win; without a threat, two walls against
    /// none win (bear one off, the other cannot answer the next), one does not.
    #[test]
    fn a_wall_ready_for_the_last_scorer_settles_the_game() {
        let cases = [
            ("....../....../....../.W.... 10 12 1-1 w w", Some(DECIDED)),
            ("....../....../....../.W.... 10 12 1-1 w b", Some(-DECIDED)),
            ("....../....../....../.W..B. 10 10 1-1 w b", None),
            ("....../....../....../.WW.B. 8 10 1-1 w b", Some(-DECIDED)),
            ("....../....../....../.W.BB. 10 8 1-1 w b", None),
            ("....../....../....../.W.BBB 10 6 1-1 w b", Some(DECIDED)),
            ("....../....../....../.W.... 10 12 1-1 b w", None),
            ("....../....../....../.WW... 8 12 1-1 b w", Some(DECIDED)),
            ("....../....../....../.WW... 10 14 0-0 - w", Some(DECIDED)),
            ("....../....../....../.W.... 12 14 0-0 - w", None),
        ];
        for (text, verdict) in cases {
            let score = position(text).evaluate();
            match verdict {
                Some(v) => assert_eq!(score, v, "{text}"),
                None => assert!(score.abs() < DECIDED / 2, "{text}: {score}"),
            }
        }
    }

    /// A lone checker in the last quadrant counts as a wall near when a checker of its side
    /// stands six points behind and may join it: a lone one not across a wall, or the top
    /// of a wall, which jumps.
    #[test]
    fn a_wall_is_near_when_its_second_checker_can_join() {
        let near = |text: &str| standings(position(text).board())[Side::White.index()].near;
        assert_eq!(near("....../....../w...../w..... 12 14 0-0 - w"), 1);
        assert_eq!(near("....../.B..../w...../w..... 12 12 0-0 - w"), 1);
        assert_eq!(near("....../....../w...B./w..... 12 12 0-0 - w"), 0);
        assert_eq!(near("....../....../w...../.w.... 12 14 0-0 - w"), 0);
        assert_eq!(near("....../....../wB..../.w.... 12 12 0-0 - w"), 0);
        assert_eq!(near("....../....../.w.B../.w.... 12 12 0-0 - w"), 0);
        assert_eq!(near("....../....../.W.B../.w.... 11 12 0-0 - w"), 1);
        assert_eq!(near("....../....../W..B../...w.. 11 12 0-0 - w"), 0);
        assert_eq!(near("....../....../W...../w..... 11 14 0-0 - w"), 1);
        assert_eq!(near("....../....../b...../w..... 13 13 0-0 - w"), 0);
    }

    /// Every verdict the evaluation settles on in positions met in random games is what a
    /// search finds by playing the bear-offs out: a won game (for the side to move or the
    /// other) within the plies the threat takes.
    #[test]
    fn settled_verdicts_agree_with_the_search() {
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        let start = position("start");
        let (mut won, mut lost) = (0, 0);
        for _ in 0..400 {
            let mut p = start.clone();
            while p.outcome() == crate::games::Outcome::Ongoing {
                let verdict = p.evaluate();
                if verdict.abs() == DECIDED {
                    let walls = standings(p.board()).map(|s| s.ready as u32);
                    let budget = Budget {
                        depth: 2 * (walls[0] + walls[1]) + 2,
                        nodes: u64::MAX,
                    };
                    let found = search(&p, budget, false).unwrap().score;
                    assert!(
                        found.abs() > WIN / 2 && (found > 0) == (verdict > 0),
                        "{}: settled {verdict}, searched {found}",
                        p.position_string()
                    );
                    if verdict > 0 { won += 1 } else { lost += 1 }
                }
                let moves = p.legal_moves();
                let m = if moves.is_empty() {
                    p.forced_pass().unwrap()
                } else {
                    moves[(rng.next_u64() % moves.len() as u64) as usize]
                };
                p.apply(&m);
            }
        }
        assert!(
            won > 50 && lost > 50,
            "few settled positions: {won} won, {lost} lost"
        );
    }
}
