//! Deployments: spreading a composite piece over the board, one simple piece per cell.
//!
//! The player lifts the stack and drops one piece on each cell the hand visits, one step at a
//! time, each step of the dropped piece's own kind (a round diagonally forward, a square
//! straight forward or sideways). Pieces of one kind are dropped together in a straight line
//! (rebounding off the side edges); a mixed stack drops all its rounds then all its squares
//! or the reverse, and the second group picks its own direction from the last cell of the
//! first. Drops may land on own pieces if no stack ends above 3 pieces, and on the vacated
//! origin, never on an enemy piece. A piece dropped beyond the far edge wins and ends the
//! deployment (spec 3.6). The drop cells fix every piece's kind, so a deployment is known by
//! its origin and its list of targets.

use crate::games::Side;
use crate::games::tours::board::Board;
use crate::games::tours::cell::{Cell, Heading, Step, Target, step};
use crate::games::tours::moves::{Drops, Move};
use crate::games::tours::stack::{Kind, Stack};

/// The orders in which a stack's pieces may be dropped: groups of one kind each.
pub fn orders(stack: Stack) -> Vec<Vec<(Kind, u8)>> {
    let (r, s) = (stack.count(Kind::Round), stack.count(Kind::Square));
    match (r, s) {
        (0, s) => vec![vec![(Kind::Square, s)]],
        (r, 0) => vec![vec![(Kind::Round, r)]],
        (r, s) => vec![
            vec![(Kind::Round, r), (Kind::Square, s)],
            vec![(Kind::Square, s), (Kind::Round, r)],
        ],
    }
}

/// Appends the deployments of the composite `stack` standing on `from` to `out`, each once.
pub fn push_deployments(
    board: &Board,
    from: Cell,
    stack: Stack,
    rebound: bool,
    out: &mut Vec<Move>,
) {
    if !stack.is_composite() {
        return;
    }
    let first = out.len();
    for order in orders(stack) {
        let (k1, n1) = order[0];
        for &h1 in k1.headings() {
            let mut plans = Vec::with_capacity(3);
            match order.get(1) {
                None => plans.push([(k1, n1, h1), (k1, 0, h1)]),
                Some(&(k2, n2)) => {
                    for &h2 in k2.headings() {
                        plans.push([(k1, n1, h1), (k2, n2, h2)]);
                    }
                }
            }
            for plan in plans {
                if let Some(drops) = simulate(board, from, stack.side(), &plan, rebound) {
                    let m = Move::Deploy { from, drops };
                    if !out[first..].contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }
}

/// Drops the groups of `plan` (kind, how many, direction) from `from`, or `None` if a drop
/// would land on an enemy piece, hit a wall, or leave a stack of more than 3 pieces when the
/// deployment is complete (a winning one included).
fn simulate(
    board: &Board,
    from: Cell,
    side: Side,
    plan: &[(Kind, u8, Heading)],
    rebound: bool,
) -> Option<Drops> {
    let mut drops = Drops::new();
    let mut hand = from;
    'plan: for &(_, count, heading) in plan {
        let mut heading = heading;
        for _ in 0..count {
            match step(hand, side, &mut heading, rebound) {
                Step::Wall => return None,
                // The deployment ends here, and wins; it is still a deployment, so the stack
                // heights are checked below all the same (spec 3.6).
                Step::Beyond => {
                    drops.push(Target::Off);
                    break 'plan;
                }
                Step::On(cell) => {
                    if cell != from && board.get(cell).is_some_and(|s| s.side() != side) {
                        return None;
                    }
                    drops.push(Target::Cell(cell));
                    hand = cell;
                }
            }
        }
    }
    overflow(board, from, drops.as_slice())
        .is_none()
        .then_some(drops)
}

/// The first cell that would hold more than 3 pieces once `targets` are dropped from the
/// stack on `from` (which is vacated), with that number.
pub fn overflow(board: &Board, from: Cell, targets: &[Target]) -> Option<(Cell, u8)> {
    targets.iter().find_map(|t| {
        let Target::Cell(cell) = *t else {
            return None;
        };
        let standing = match board.get(cell) {
            Some(s) if cell != from => s.height(),
            _ => 0,
        };
        let dropped = targets.iter().filter(|x| **x == *t).count() as u8;
        let total = standing + dropped;
        (total > Stack::MAX).then_some((cell, total))
    })
}

/// The kind of each piece of a legal deployment of `stack` from `from`: a diagonal step drops
/// a round, a straight one a square. A piece sent `off` is of the kind of the group in
/// progress, or of the next group; when it is the very first drop of a mixed stack (both a
/// round and a square could leave from the last rank), it is counted a square.
pub fn drop_kinds(stack: Stack, from: Cell, targets: &[Target]) -> Vec<Kind> {
    let mut left = [stack.count(Kind::Round), stack.count(Kind::Square)];
    let mut hand = from;
    let mut last: Option<Kind> = None;
    let mut kinds = Vec::with_capacity(targets.len());
    for target in targets {
        let kind = match *target {
            Target::Cell(cell) => {
                let diagonal =
                    cell.across_from(hand) != 0 && cell.ahead_of(hand, stack.side()) != 0;
                hand = cell;
                if diagonal { Kind::Round } else { Kind::Square }
            }
            Target::Off => match last {
                Some(k) if left[k.index()] > 0 => k,
                Some(k) => k.other(),
                None if left[Kind::Square.index()] > 0 => Kind::Square,
                None => Kind::Round,
            },
        };
        left[kind.index()] = left[kind.index()].saturating_sub(1);
        last = Some(kind);
        kinds.push(kind);
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deployments(placement: &str, from: &str) -> Vec<String> {
        let board = Board::from_placement(placement).unwrap();
        let from = Cell::parse(from).unwrap();
        let mut out = Vec::new();
        push_deployments(&board, from, board.get(from).unwrap(), true, &mut out);
        out.iter()
            .map(|m| match m {
                Move::Deploy { drops, .. } => drops
                    .as_slice()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                Move::Shift { .. } => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn a_mixed_triple_stack_has_twelve_deployments_in_open_space() {
        let all = deployments("8/8/8/8/3(RRS)4/8/8/8", "d4");
        assert_eq!(all.len(), 12, "{all:?}");
        for spec_example in ["d5,c6,b7", "e4,f5,g6", "c5,b6,b7", "e5,f6,g6"] {
            assert!(all.contains(&spec_example.to_string()), "{spec_example}");
        }
    }

    #[test]
    fn drops_never_land_on_an_enemy_and_may_stack_on_own_pieces() {
        let all = deployments("8/8/8/4s3/3(RR)4/8/8/8", "d4");
        assert_eq!(all, ["c5,b6"]);
        let all = deployments("8/8/3S4/3R4/3(SS)4/8/8/8", "d4");
        assert!(all.contains(&"d5,d6".to_string()), "{all:?}");
    }

    #[test]
    fn a_sideways_deployment_rebounds_onto_the_vacated_origin() {
        let all = deployments("8/8/8/8/1(SSS)6/8/8/8", "b4");
        assert!(all.contains(&"a4,b4,c4".to_string()), "{all:?}");
    }

    #[test]
    fn a_winning_deployment_may_not_leave_a_stack_of_four() {
        // The round would land on the (RRR) of e8: a stack of 4 when the deployment ends,
        // though the square beyond the edge wins.
        let all = deployments("4(RRR)3/5(RS)2/8/8/8/8/8/8", "f7");
        assert!(!all.contains(&"e8,off".to_string()), "{all:?}");
        assert!(all.contains(&"g8,off".to_string()), "{all:?}");
    }

    #[test]
    fn a_piece_dropped_beyond_the_edge_ends_the_deployment() {
        let all = deployments("8/3(SS)4/8/8/8/8/8/8", "d7");
        assert!(all.contains(&"d8,off".to_string()), "{all:?}");
        let kinds = drop_kinds(
            Stack::new(Side::White, 1, 1).unwrap(),
            Cell::parse("d8").unwrap(),
            &[Target::Off],
        );
        assert_eq!(kinds, [Kind::Square]);
    }

    #[test]
    fn the_kinds_of_the_drops_follow_from_the_geometry() {
        let c = |t: &str| Target::Cell(Cell::parse(t).unwrap());
        let kinds = drop_kinds(
            Stack::new(Side::White, 2, 1).unwrap(),
            Cell::parse("d4").unwrap(),
            &[c("d5"), c("c6"), c("b7")],
        );
        assert_eq!(kinds, [Kind::Square, Kind::Round, Kind::Round]);
    }
}
