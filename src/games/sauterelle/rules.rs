//! The rules of Sauterelle: entering, advancing to the next quadrant, walls, jumping walls
//! with the top checker, bearing walls off, scoring, the forced pass and the end.
//!
//! One move per turn (rules note 1.5):
//!
//! - **Enter**: a checker from the bar onto a vacant point of 1-6.
//! - **Advance**: a lone checker, or the top checker of a wall, on a point of 1-18 goes to a
//!   point of the *next* quadrant that is vacant, or that holds a lone checker of the mover
//!   exactly six points ahead (a wall is built). A lone checker may not pass over a wall of
//!   either side; the top checker of a wall jumps them. Checkers are never hit.
//! - **Bear off**: a wall of the mover in 19-24 leaves the board and scores a point.
//! - **Pass**: only when none of these exists.
//!
//! A side scoring twice in a row (the opponent scoring nothing in between) wins. When
//! neither side can ever move again the game is drawn.

use crate::games::sauterelle::board::Stack;
use crate::games::sauterelle::outcome::{NO_MOVE, TWO_IN_A_ROW};
use crate::games::sauterelle::point::{Point, quadrant_points};
use crate::games::sauterelle::position::Position;
use crate::games::{GameKind, Illegal, Outcome, Side};
use crate::text::Text;
use crate::tx;

/// A Sauterelle move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A checker from the bar onto `to` (1-6), e.g. `bar/3`.
    Enter {
        /// The point entered.
        to: Point,
    },
    /// A checker (lone, or the top of a wall) from `from` to `to` in the next quadrant,
    /// e.g. `3/9`.
    Advance {
        /// The origin.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// The wall on `from` (19-24) leaves the board and scores, e.g. `20/off`.
    BearOff {
        /// The wall's point.
        from: Point,
    },
    /// No move: only when there is no other.
    Pass,
}

impl Position {
    /// How the game stands.
    pub(super) fn status(&self) -> Outcome {
        if let Some(winner) = self.winner() {
            return Outcome::Won {
                winner,
                how: TWO_IN_A_ROW,
            };
        }
        if !self.can_move(Side::White) && !self.can_move(Side::Black) {
            return Outcome::Drawn { why: NO_MOVE };
        }
        Outcome::Ongoing
    }

    /// The moves of `side` other than the pass, whoever's turn it is.
    fn moves_of(&self, side: Side) -> Vec<Move> {
        let board = self.board();
        let mut moves = Vec::new();
        if board.bar(side) > 0 {
            moves.extend(
                quadrant_points(0)
                    .filter_map(Point::new)
                    .filter(|p| board.stack(*p) == Stack::Empty)
                    .map(|to| Move::Enter { to }),
            );
        }
        for from in Point::all() {
            if board.stack(from).owner() != Some(side) {
                continue;
            }
            match from.next_quadrant() {
                Some(range) => moves.extend(
                    range
                        .filter_map(Point::new)
                        .filter(|to| self.can_advance(side, from, *to))
                        .map(|to| Move::Advance { from, to }),
                ),
                None => {
                    if board.stack(from) == Stack::Wall(side) {
                        moves.push(Move::BearOff { from });
                    }
                }
            }
        }
        moves
    }

    /// True if `side` has a move other than the pass (stops at the first one found).
    fn can_move(&self, side: Side) -> bool {
        let board = self.board();
        let vacant = |n: u8| Point::new(n).is_some_and(|p| board.stack(p) == Stack::Empty);
        if board.bar(side) > 0 && quadrant_points(0).any(vacant) {
            return true;
        }
        Point::all().any(|from| match (board.stack(from), from.next_quadrant()) {
            (Stack::Lone(s) | Stack::Wall(s), Some(mut range)) if s == side => {
                range.any(|to| Point::new(to).is_some_and(|to| self.can_advance(side, from, to)))
            }
            (Stack::Wall(s), None) => s == side,
            _ => false,
        })
    }

    /// True if `side`, holding a checker on `from` (1-18), may move it to `to`.
    fn can_advance(&self, side: Side, from: Point, to: Point) -> bool {
        let board = self.board();
        if from
            .next_quadrant()
            .is_none_or(|r| !r.contains(&to.number()))
        {
            return false;
        }
        let landing = match board.stack(to) {
            Stack::Empty => true,
            Stack::Lone(s) => s == side && to.number() == from.number() + 6,
            Stack::Wall(_) => false,
        };
        landing && (board.stack(from) == Stack::Wall(side) || !board.wall_between(from, to))
    }

    /// Every legal move: entries, advances, bear-offs by point; a lone pass when there is
    /// none of these; nothing once the game is over.
    pub(super) fn generate(&self) -> Vec<Move> {
        if self.status().is_over() {
            return Vec::new();
        }
        let moves = self.moves_of(self.to_move());
        if moves.is_empty() {
            vec![Move::Pass]
        } else {
            moves
        }
    }

    /// True when the side to move has no move but the game goes on (the other side can
    /// move): it must pass.
    pub(super) fn must_pass(&self) -> bool {
        !self.status().is_over() && !self.can_move(self.to_move())
    }

    /// Why `side` cannot advance from `from` (holding one of its checkers) to `to`, in the
    /// order a player checks: quadrant, destination, walls crossed.
    fn advance_problem(&self, side: Side, from: Point, to: Point) -> Option<Text> {
        if self.can_advance(side, from, to) {
            return None;
        }
        let board = self.board();
        let Some(range) = from.next_quadrant() else {
            return Some(tx!("sauterelle-last-quadrant", from = from.to_string()));
        };
        let (lo, hi) = (range.start(), range.end());
        if !range.contains(&to.number()) {
            return Some(tx!(
                "sauterelle-next-quadrant",
                from = from.to_string(),
                low = *lo,
                high = *hi,
            ));
        }
        match board.stack(to) {
            Stack::Empty => {}
            Stack::Lone(s) if s == side => {
                let ahead = to.number() - from.number();
                if ahead != 6 {
                    let base = to.number() - 6;
                    return Some(tx!(
                        "sauterelle-wall-base",
                        to = to.to_string(),
                        ahead = ahead,
                        from = from.to_string(),
                        base = base,
                    ));
                }
            }
            Stack::Wall(s) if s == side => {
                return Some(tx!("sauterelle-wall-full", to = to.to_string()));
            }
            other => {
                return Some(tx!(
                    "sauterelle-destination-taken",
                    to = to.to_string(),
                    holding = holding(other),
                ));
            }
        }
        if board.stack(from) == Stack::Lone(side)
            && let Some(wall) = board.walls_between(from, to).next()
        {
            return Some(tx!("sauterelle-wall-crossing", wall = wall.to_string()));
        }
        None
    }

    /// The refusal of a move for `reason`: "the game is over" once it is, and a reminder
    /// that the mover must pass when that is the only move.
    pub(super) fn refuse(&self, reason: Text) -> Illegal {
        if self.status().is_over() {
            Illegal::new(tx!("sauterelle-game-over"))
        } else if self.must_pass() {
            Illegal::new(tx!("sauterelle-refused-must-pass", reason = reason))
        } else {
            Illegal::new(reason)
        }
    }

    /// Whether `m` is legal here, and why not when it is not.
    pub(super) fn check_move(&self, m: &Move) -> Result<(), Illegal> {
        if let Some(problem) = self.problem(m) {
            return Err(self.refuse(problem));
        }
        Ok(())
    }

    /// Why `m` is not a legal move here (`None` when it is). Says nothing about a finished
    /// game: [`Position::refuse`] does.
    fn problem(&self, m: &Move) -> Option<Text> {
        if self.status().is_over() {
            return Some(Text::default());
        }
        let side = self.to_move();
        let board = self.board();
        match *m {
            Move::Pass => {
                if self.must_pass() {
                    return None;
                }
                let n = self.moves_of(side).len();
                Some(tx!("sauterelle-pass-refused", count = n))
            }
            Move::Enter { to } => {
                if board.bar(side) == 0 {
                    Some(tx!("sauterelle-bar-empty"))
                } else if to.quadrant() != 0 {
                    Some(tx!("sauterelle-enter-quadrant", to = to.to_string()))
                } else if board.stack(to) != Stack::Empty {
                    Some(tx!("sauterelle-enter-occupied", to = to.to_string()))
                } else {
                    None
                }
            }
            Move::Advance { from, to } => match board.stack(from) {
                Stack::Lone(s) | Stack::Wall(s) if s == side => {
                    self.advance_problem(side, from, to)
                }
                _ => Some(self.not_yours(from)),
            },
            Move::BearOff { from } => match board.stack(from) {
                _ if !from.in_last_quadrant() => {
                    Some(tx!("sauterelle-bear-off-quadrant", from = from.to_string()))
                }
                Stack::Wall(s) if s == side => None,
                Stack::Lone(s) if s == side => {
                    Some(tx!("sauterelle-bear-off-single", from = from.to_string()))
                }
                _ => Some(self.not_yours(from)),
            },
        }
    }

    fn not_yours(&self, p: Point) -> Text {
        match self.board().stack(p) {
            Stack::Empty => tx!("sauterelle-point-empty", point = p.to_string()),
            other => tx!(
                "sauterelle-point-theirs",
                point = p.to_string(),
                holding = holding(other),
            ),
        }
    }

    /// Plays legal move `m`.
    pub(super) fn play(&mut self, m: &Move) {
        let side = self.to_move();
        let board = self.board_mut();
        match *m {
            Move::Enter { to } => {
                board.set_bar(side, board.bar(side) - 1);
                board.set(to, Stack::Lone(side));
            }
            Move::Advance { from, to } => {
                let left = match board.stack(from) {
                    Stack::Wall(_) => Stack::Lone(side),
                    _ => Stack::Empty,
                };
                board.set(from, left);
                let arrived = match board.stack(to) {
                    Stack::Lone(_) => Stack::Wall(side),
                    _ => Stack::Lone(side),
                };
                board.set(to, arrived);
            }
            Move::BearOff { from } => {
                board.set(from, Stack::Empty);
                self.score_point(side);
            }
            Move::Pass => {}
        }
        self.end_turn();
    }

    /// What legal move `m` does, in words.
    pub(super) fn describe_move(&self, m: &Move) -> Text {
        let side = self.to_move();
        let who = side.said_first(GameKind::Sauterelle);
        let board = self.board();
        match *m {
            Move::Pass => tx!("sauterelle-pass", side = who),
            Move::Enter { to } => tx!("sauterelle-enter", side = who, to = to.to_string()),
            Move::Advance { from, to } => {
                let (from_s, to_s) = (from.to_string(), to.to_string());
                let mut text = if matches!(board.stack(from), Stack::Wall(_)) {
                    tx!(
                        "sauterelle-advance-top",
                        side = who,
                        from = from_s,
                        to = &to_s
                    )
                } else {
                    tx!("sauterelle-advance", side = who, from = from_s, to = &to_s)
                };
                let walls: Vec<String> = board
                    .walls_between(from, to)
                    .map(|p| p.to_string())
                    .collect();
                if !walls.is_empty() {
                    let jumping = tx!(
                        "sauterelle-jumping",
                        count = walls.len(),
                        walls = walls.join(", "),
                    );
                    text = text.join(", ", &jumping);
                }
                if board.stack(to) != Stack::Empty {
                    let sep = if walls.is_empty() { " " } else { ", " };
                    text = text.join(sep, &tx!("sauterelle-builds", to = to_s));
                }
                text.then(".")
            }
            Move::BearOff { from } => {
                let mut after = self.clone();
                after.play(m);
                let (w, b) = (after.points(Side::White), after.points(Side::Black));
                let text = tx!(
                    "sauterelle-bear-off",
                    side = who,
                    from = from.to_string(),
                    white = w,
                    black = b,
                );
                let who = side.said(GameKind::Sauterelle);
                let next = if after.winner().is_some() {
                    tx!("sauterelle-wins", side = who)
                } else {
                    tx!("sauterelle-one-more", side = who)
                };
                text.join(" ", &next)
            }
        }
    }
}

/// What an occupied point holds, in words: "a Black checker", "a White wall".
fn holding(stack: Stack) -> Text {
    let (kind, owner) = match stack {
        Stack::Lone(s) => ("checker", s),
        Stack::Wall(s) => ("wall", s),
        Stack::Empty => return Text::default(),
    };
    tx!("sauterelle-holding", kind = kind, owner = owner.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        Position::parse(text, None, 14, Side::White).unwrap()
    }

    #[test]
    fn the_start_has_six_entries() {
        let p = pos("start");
        assert_eq!(p.generate().len(), 6);
        assert!(p.generate().iter().all(|m| matches!(m, Move::Enter { .. })));
    }

    #[test]
    fn a_top_checker_jumps_a_wall_and_builds_one() {
        let mut p = pos("....../..W.../.Bw.../...... 11 12 0-0 - w");
        let m = Move::Advance {
            from: Point::new(9).unwrap(),
            to: Point::new(15).unwrap(),
        };
        assert_eq!(p.check_move(&m), Ok(()));
        assert_eq!(
            p.describe_move(&m).en(),
            "White moves the top checker of the wall on 9 to 15, jumping the wall on 14, and builds a wall on 15."
        );
        p.play(&m);
        assert_eq!(p.string(), "....../..w.../.BW.../...... 11 12 0-0 - b");
    }

    #[test]
    fn scoring_twice_in_a_row_wins_and_the_chain_is_reset_by_the_opponent() {
        let mut p = pos("....../....../....../.W...B 10 10 1-1 w w");
        let off = |n| Move::BearOff {
            from: Point::new(n).unwrap(),
        };
        assert!(p.describe_move(&off(20)).en().ends_with("White wins."));
        p.play(&off(20));
        assert_eq!(p.status().winner(), Some(Side::White));
        assert_eq!(p.string(), "....../....../....../.....B 10 10 2-1 W b");

        let mut p = pos("....../....../....../.W...B 10 10 1-1 w b");
        p.play(&off(24));
        assert_eq!(p.status(), Outcome::Ongoing);
        assert_eq!(p.last_scorer(), Some(Side::Black));
    }
}
