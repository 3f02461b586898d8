//! Captures (§4): the pawn's forward chain, the queen's flying capture that must take every
//! piece it can on its line, and the optional end-to-end capture by replacement (§11-Q1).
//!
//! A capture jumps one enemy rectangular piece lying parallel to the capturer across a royal
//! square: the capturer moves laterally (a transversal piece up or down, a longitudinal piece
//! left or right), the royal squares on both sides of the enemy hold no King, and the
//! rectangle just beyond it is empty. Kings are never taken nor jumped.

use crate::games::Side;
use crate::games::bulltricker::board::{Board, Kind};
use crate::games::bulltricker::geometry::{Cell, CellKind};
use crate::games::bulltricker::moves::{MAX_CAPTURES, Move, MoveKind};

/// The forward direction of `side` on the lattice (+1 for White, -1 for Black).
#[inline]
pub fn forward(side: Side) -> i8 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// The row (`y`) where `side`'s pawns are promoted: line h8 for White, h1 for Black.
#[inline]
pub fn promotion_row(side: Side) -> i8 {
    match side {
        Side::White => 14,
        Side::Black => 0,
    }
}

/// Whether the enemy piece on `enemy` can be jumped by a piece of `side` coming from
/// direction `(dx, dy)`: it is an enemy piece, the royal square beyond it holds no King, and
/// the rectangle beyond that is on the board and empty. Returns the landing cell.
#[inline]
fn jump_over(board: &Board, side: Side, enemy: Cell, dx: i8, dy: i8) -> Option<Cell> {
    let victim = board.get(enemy)?;
    if victim.side == side || victim.kind == Kind::King {
        return None;
    }
    let beyond = enemy.offset(dx, dy)?;
    let landing = enemy.offset(2 * dx, 2 * dy)?;
    (!board.has_king(beyond) && board.is_empty(landing)).then_some(landing)
}

/// Pushes the capture of the pawn of `side` on `from`, if it has one: a chain straight
/// ahead that must be completed (§4.2). Only a pawn on a transversal rectangle captures.
pub fn pawn_captures(board: &Board, side: Side, from: Cell, out: &mut Vec<Move>) {
    if from.kind() != CellKind::Transversal {
        return;
    }
    let f = forward(side);
    let mut cur = from;
    let mut captured = [from; MAX_CAPTURES];
    let mut n = 0;
    while n < MAX_CAPTURES {
        let (Some(mid), Some(enemy)) = (cur.offset(0, f), cur.offset(0, 2 * f)) else {
            break;
        };
        if board.has_king(mid) {
            break;
        }
        let Some(landing) = jump_over(board, side, enemy, 0, f) else {
            break;
        };
        captured[n] = enemy;
        n += 1;
        cur = landing;
    }
    if n > 0 {
        let promotes = cur.y() == promotion_row(side);
        out.push(Move::capture(
            from,
            cur,
            &captured[..n],
            MoveKind::Jump,
            promotes,
        ));
    }
}

/// Pushes the captures of the queen of `side` on `from` (§4.3): in each lateral direction,
/// over any number of empty rectangles, jumping every enemy it can on the line, landing on
/// any empty rectangle beyond the last one taken.
pub fn queen_captures(board: &Board, side: Side, from: Cell, out: &mut Vec<Move>) {
    let Some((lx, ly)) = from.lateral() else {
        return;
    };
    for (dx, dy) in [(lx, ly), (-lx, -ly)] {
        let mut cur = from;
        let mut captured = [from; MAX_CAPTURES];
        let mut n = 0;
        let mark = out.len();
        while let (Some(mid), Some(next)) = (cur.offset(dx, dy), cur.offset(2 * dx, 2 * dy)) {
            if board.has_king(mid) {
                break;
            }
            if board.is_empty(next) {
                if n > 0 {
                    out.push(Move::capture(
                        from,
                        next,
                        &captured[..n],
                        MoveKind::Jump,
                        false,
                    ));
                }
                cur = next;
                continue;
            }
            if n == MAX_CAPTURES {
                break;
            }
            match jump_over(board, side, next, dx, dy) {
                Some(_) => {
                    // A further piece can be taken: the landings found so far are gone.
                    out.truncate(mark);
                    captured[n] = next;
                    n += 1;
                    cur = next;
                }
                None => break,
            }
        }
    }
}

/// True if the piece of `side` on `from` (a queen or a pawn) has a compulsory capture.
pub fn can_capture(board: &Board, side: Side, from: Cell, kind: Kind) -> bool {
    let mut moves = Vec::new();
    match kind {
        Kind::Queen => queen_captures(board, side, from, &mut moves),
        Kind::Pawn => pawn_captures(board, side, from, &mut moves),
        Kind::King => {}
    }
    !moves.is_empty()
}

/// Pushes the optional end-to-end captures (§11-Q1, only under the option) of the piece of
/// `side` on `from`: a queen takes an enemy piece touching it end to end on its own line,
/// a longitudinal pawn the enemy piece straight ahead on its line, by moving onto it.
pub fn end_to_end_captures(board: &Board, side: Side, from: Cell, kind: Kind, out: &mut Vec<Move>) {
    let Some((lx, ly)) = from.lateral() else {
        return;
    };
    // The axial direction runs along the rectangle's long side.
    let (ax, ay) = (ly, lx);
    let directions: &[(i8, i8)] = match kind {
        Kind::Queen => &[(ax, ay), (-ax, -ay)],
        Kind::Pawn if from.kind() == CellKind::Longitudinal => &[(0, forward(side))],
        _ => &[],
    };
    for &(dx, dy) in directions {
        let Some(target) = from.offset(2 * dx, 2 * dy) else {
            continue;
        };
        if let Some(victim) = board.get(target)
            && victim.side != side
            && victim.kind != Kind::King
        {
            out.push(Move::capture(
                from,
                target,
                &[target],
                MoveKind::EndToEnd,
                false,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bulltricker::rules::Rules;
    use crate::games::bulltricker::setup::read;

    fn board_of(text: &str) -> Board {
        read(text, None, Rules::default()).unwrap().board().clone()
    }

    fn names(moves: &[Move]) -> Vec<String> {
        moves
            .iter()
            .map(|m| {
                let taken: Vec<String> = m.captured().iter().map(|c| c.name()).collect();
                format!("{} {} x {}", m.from(), m.to(), taken.join(" "))
            })
            .collect()
    }

    #[test]
    fn a_queen_takes_every_piece_on_its_line_and_lands_beyond_the_last() {
        // The official app's own log: f.h1 against f.h2, f.h4 and f.h6.
        let board =
            board_of("W: Ka1 Qf.h1 Qv1.1 Qv2.1 Qv3.1; B: Kd7 Pf.h2 Qf.h4 Qf.h6 Qv1.7 Qv2.7");
        let mut out = Vec::new();
        queen_captures(&board, Side::White, Cell::parse("f.h1").unwrap(), &mut out);
        assert_eq!(
            names(&out),
            ["f.h1 f.h7 x f.h2 f.h4 f.h6", "f.h1 f.h8 x f.h2 f.h4 f.h6"]
        );
    }

    #[test]
    fn a_pawn_chain_takes_up_to_three_pieces_and_promotes() {
        let board = board_of("W: Ka1 Pc.h2 Qv8.1 Qv7.1; B: Kg7 Pc.h3 Pc.h5 Pc.h7 Qv1.7 Qv2.7");
        let mut out = Vec::new();
        pawn_captures(&board, Side::White, Cell::parse("c.h2").unwrap(), &mut out);
        assert_eq!(names(&out), ["c.h2 c.h8 x c.h3 c.h5 c.h7"]);
        assert!(out[0].promotes());
    }

    #[test]
    fn kings_are_never_taken_nor_jumped_and_longitudinal_pawns_never_capture() {
        // c.h4 lies between the pawn and the king on c4; v3.4 is end to end with v3.3.
        let board = board_of("W: Kc4 Pc.h3 Pv3.3 Qv8.1; B: Kg7 Pc.h4 Pv3.4 Qv1.7");
        let mut out = Vec::new();
        pawn_captures(&board, Side::White, Cell::parse("c.h3").unwrap(), &mut out);
        pawn_captures(&board, Side::White, Cell::parse("v3.3").unwrap(), &mut out);
        assert!(out.is_empty(), "{:?}", names(&out));
    }

    #[test]
    fn end_to_end_captures_touch_along_the_line_only() {
        let board = board_of("W: Ka1 Qv2.4 Pv5.3 Qv8.1; B: Kg7 Qv2.5 Qv3.4 Pv5.4 Qv1.7");
        let mut out = Vec::new();
        let queen = Cell::parse("v2.4").unwrap();
        end_to_end_captures(&board, Side::White, queen, Kind::Queen, &mut out);
        let pawn = Cell::parse("v5.3").unwrap();
        end_to_end_captures(&board, Side::White, pawn, Kind::Pawn, &mut out);
        assert_eq!(names(&out), ["v2.4 v2.5 x v2.5", "v5.3 v5.4 x v5.4"]);
    }
}
