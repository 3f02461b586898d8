//! Actions (moves of a whole stack and deployments), the generation of whole-stack moves, and
//! playing an action on a board.
//!
//! A stack of `r` rounds and `s` squares moves either like a round, up to `r` steps
//! diagonally forward, or like a square, up to `s` steps straight forward or sideways, all
//! steps in one direction (a rebound off a side edge is not a change of direction). Every
//! cell passed before the last must be empty; the origin counts as empty but a move may not
//! end on it. The last cell is empty (a plain move), holds an own piece (stacking, at most 3
//! pieces), or an enemy piece or stack (captured whole). A step across the far edge goes
//! beyond it and wins (spec 3.5). Two paths to the same destination have the same effect,
//! so a move is known by its origin and destination.

use crate::games::Side;
use crate::games::tours::board::Board;
use crate::games::tours::cell::{Cell, Step, Target, step};
use crate::games::tours::deploy::drop_kinds;
use crate::games::tours::stack::{Kind, Stack};

/// The drop targets of a deployment, in the order the pieces are dropped: one per simple
/// piece, or fewer when a piece goes beyond the far edge (always the last target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drops {
    targets: [Target; 3],
    len: u8,
}

impl Drops {
    /// No drop yet.
    pub fn new() -> Drops {
        Drops {
            targets: [Target::Off; 3],
            len: 0,
        }
    }

    /// The drops of `targets`, if there are 1 to 3 of them.
    pub fn from_slice(targets: &[Target]) -> Option<Drops> {
        if targets.is_empty() || targets.len() > 3 {
            return None;
        }
        let mut drops = Drops::new();
        for t in targets {
            drops.push(*t);
        }
        Some(drops)
    }

    /// Adds a drop (ignored past the third: a stack holds at most 3 pieces).
    pub fn push(&mut self, target: Target) {
        if let Some(slot) = self.targets.get_mut(usize::from(self.len)) {
            *slot = target;
            self.len += 1;
        }
    }

    /// The targets, in drop order.
    pub fn as_slice(&self) -> &[Target] {
        &self.targets[..usize::from(self.len)]
    }
}

impl Default for Drops {
    fn default() -> Drops {
        Drops::new()
    }
}

/// One action of La Bataille des Tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The whole stack (or simple piece) on `from` moves to `to`, e.g. `b1-c2`, `c4xe6`,
    /// `e8-off`.
    Shift {
        /// Where the piece stands.
        from: Cell,
        /// Where it ends: a cell, or beyond the far edge.
        to: Target,
    },
    /// The composite piece on `from` is spread one simple piece per cell, e.g. `d4>d5,c6,b7`.
    Deploy {
        /// Where the stack stands.
        from: Cell,
        /// Where its pieces are dropped, in order.
        drops: Drops,
    },
}

impl Move {
    /// The cell the action starts from.
    pub fn from(&self) -> Cell {
        match self {
            Move::Shift { from, .. } | Move::Deploy { from, .. } => *from,
        }
    }
}

/// What playing an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The enemy stack captured, if any.
    pub captured: Option<Stack>,
    /// The pieces that went beyond the far edge, if any (the game is won).
    pub beyond: Option<Stack>,
    /// True if the action captured or took a piece forward: such an action can never be
    /// undone, so no earlier position can come back after it.
    pub progress: bool,
}

/// Appends the whole-stack moves of the `stack` standing on `from` to `out`, each once.
pub fn push_shifts(board: &Board, from: Cell, stack: Stack, rebound: bool, out: &mut Vec<Move>) {
    let side = stack.side();
    let first = out.len();
    let add = |out: &mut Vec<Move>, to: Target| {
        let m = Move::Shift { from, to };
        if !out[first..].contains(&m) {
            out.push(m);
        }
    };
    for kind in [Kind::Round, Kind::Square] {
        let reach = stack.count(kind);
        for &heading in kind.headings() {
            let mut heading = heading;
            let mut at = from;
            for _ in 0..reach {
                match step(at, side, &mut heading, rebound) {
                    Step::Wall => break,
                    Step::Beyond => {
                        add(out, Target::Off);
                        break;
                    }
                    Step::On(cell) if cell == from => at = cell,
                    Step::On(cell) => match board.get(cell) {
                        None => {
                            add(out, Target::Cell(cell));
                            at = cell;
                        }
                        Some(there) => {
                            if there.side() != side || there.join(stack).is_some() {
                                add(out, Target::Cell(cell));
                            }
                            break;
                        }
                    },
                }
            }
        }
    }
}

/// Plays legal action `m` of `side` on `board`.
pub fn play(board: &mut Board, side: Side, m: &Move) -> Played {
    let mut played = Played {
        captured: None,
        beyond: None,
        progress: false,
    };
    match *m {
        Move::Shift { from, to } => {
            let Some(stack) = board.get(from) else {
                return played;
            };
            board.set(from, None);
            match to {
                Target::Off => {
                    played.beyond = Some(stack);
                    played.progress = true;
                }
                Target::Cell(cell) => {
                    let there = board.get(cell);
                    let now = match there {
                        Some(t) if t.side() == side => t.join(stack).unwrap_or(stack),
                        Some(t) => {
                            played.captured = Some(t);
                            stack
                        }
                        None => stack,
                    };
                    board.set(cell, Some(now));
                    played.progress = played.captured.is_some() || cell.rank() != from.rank();
                }
            }
        }
        Move::Deploy { from, drops } => {
            let Some(stack) = board.get(from) else {
                return played;
            };
            board.set(from, None);
            let kinds = drop_kinds(stack, from, drops.as_slice());
            for (target, kind) in drops.as_slice().iter().zip(kinds) {
                let piece = Stack::single(side, kind);
                match *target {
                    Target::Off => {
                        played.beyond = Some(piece);
                        played.progress = true;
                    }
                    Target::Cell(cell) => {
                        let now = match board.get(cell) {
                            Some(t) => t.join(piece).unwrap_or(t),
                            None => piece,
                        };
                        board.set(cell, Some(now));
                        played.progress |= cell.rank() != from.rank();
                    }
                }
            }
        }
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    fn shifts(placement: &str, from: &str) -> Vec<String> {
        let board = Board::from_placement(placement).unwrap();
        let from = cell(from);
        let mut out = Vec::new();
        push_shifts(&board, from, board.get(from).unwrap(), true, &mut out);
        out.iter()
            .map(|m| match m {
                Move::Shift { to, .. } => to.to_string(),
                Move::Deploy { .. } => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn a_double_round_goes_one_or_two_cells_diagonally_and_rebounds() {
        assert_eq!(
            shifts("8/8/8/8/1(RR)6/8/8/8", "b4"),
            ["a5", "b6", "c5", "d6"]
        );
    }

    #[test]
    fn a_triple_square_passes_through_its_own_cell_but_does_not_stop_there() {
        let to = shifts("8/8/8/8/1(SSS)6/8/8/8", "b4");
        assert_eq!(to, ["b5", "b6", "b7", "a4", "c4", "d4", "e4"]);
    }

    #[test]
    fn paths_stop_at_the_first_piece_and_stacks_never_exceed_three() {
        let to = shifts("8/8/8/3s4/3R4/8/2(RRS)5/3R4", "d1");
        assert_eq!(to, ["e2"], "c2 would hold 4 pieces");
        let to = shifts("8/8/8/8/2(SS)s4/8/8/8", "c4");
        assert_eq!(
            to,
            ["c5", "c6", "b4", "a4", "d4"],
            "d4 is captured, e4 lies behind it"
        );
    }

    #[test]
    fn a_step_across_the_far_edge_goes_beyond_it() {
        assert_eq!(shifts("7R/8/8/8/8/8/8/8", "h8"), ["off"]);
        assert!(shifts("8/3(SS)4/8/8/8/8/8/8", "d7").contains(&"off".to_string()));
    }

    #[test]
    fn playing_a_capture_removes_the_whole_enemy_stack() {
        let mut board = Board::from_placement("8/8/4(sss)3/8/2(RR)5/8/8/8").unwrap();
        let m = Move::Shift {
            from: cell("c4"),
            to: Target::Cell(cell("e6")),
        };
        let played = play(&mut board, Side::White, &m);
        assert_eq!(played.captured.map(Stack::code).as_deref(), Some("(sss)"));
        assert!(played.progress);
        assert_eq!(board.placement(), "8/8/4(RR)3/8/8/8/8/8");
    }
}
