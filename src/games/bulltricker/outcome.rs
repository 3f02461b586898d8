//! The end of the game (§6): MAT (the mover shuts in the enemy King), TRICK (the mover
//! shuts in his own King), PAT (a draw: both sides down to three rectangular pieces or
//! fewer, or no legal move), evaluated after each move in the order of §6.4, and the result
//! tokens of the protocol (`WW MAT`, `BW TRICK`, `PAT`).

use crate::games::bulltricker::board::{Board, Kind};
use crate::games::bulltricker::geometry::Cell;
use crate::games::bulltricker::position::Position;
use crate::games::bulltricker::rules::DoubleEnclosure;
use crate::games::{Outcome, Side, Termination};

/// MAT: the King of the side that did not move is shut in.
pub const MAT: Termination = Termination {
    code: "MAT",
    words: "bulltricker-mat",
};

/// TRICK: the side that moved shut in its own King, and loses.
pub const TRICK: Termination = Termination {
    code: "TRICK",
    words: "bulltricker-trick",
};

/// PAT by material: both sides are down to three queens and pawns or fewer.
pub const PAT: Termination = Termination {
    code: "PAT",
    words: "bulltricker-material",
};

/// PAT for lack of a move: the side to move has no legal move.
pub const PAT_NO_MOVE: Termination = Termination {
    code: "PAT",
    words: "bulltricker-stalemate",
};

/// The most queens and pawns each side may keep for the material PAT (§6.3).
pub const PAT_MATERIAL: usize = 3;

/// True if the King of `side` on `king` is enclosed: all four sides occupied by queens or
/// pawns, at least one of them the opponent's (§6.1). Four of its own do nothing.
pub fn is_enclosed(board: &Board, king: Cell, side: Side) -> bool {
    let mut enemy = false;
    for c in king.sides() {
        match board.get(c) {
            None => return false,
            Some(p) => enemy |= p.side != side && p.kind != Kind::King,
        }
    }
    enemy
}

/// The result after `mover` has played and `pos` has been updated (§6.4): MAT, then TRICK,
/// then PAT by material. `None` while the game goes on (the lack of a legal move is found
/// later, by [`Position::outcome`]).
pub fn after_move(pos: &Position, mover: Side) -> Option<Outcome> {
    let other = mover.opponent();
    let other_shut = is_enclosed(&pos.board, pos.king(other), other);
    let own_shut = is_enclosed(&pos.board, pos.king(mover), mover);
    let mat = Outcome::Won {
        winner: mover,
        how: MAT,
    };
    let trick = Outcome::Won {
        winner: other,
        how: TRICK,
    };
    match (other_shut, own_shut) {
        (true, true) => Some(match pos.rules.double_enclosure {
            DoubleEnclosure::MoverWins => mat,
            DoubleEnclosure::AppScanOrder => {
                if scanned_first(pos.king(other), pos.king(mover)) {
                    mat
                } else {
                    trick
                }
            }
        }),
        (true, false) => Some(mat),
        (false, true) => Some(trick),
        (false, false) => material_draw(&pos.board),
    }
}

/// The material PAT, if both sides have at most three queens and pawns.
pub fn material_draw(board: &Board) -> Option<Outcome> {
    Side::BOTH
        .iter()
        .all(|&s| board.rectangular_count(s) <= PAT_MATERIAL)
        .then_some(Outcome::Drawn { why: PAT })
}

/// True if `a` comes before `b` when scanning from the h8 edge down, left to right, as the
/// official app does.
fn scanned_first(a: Cell, b: Cell) -> bool {
    (-a.y(), a.x()) < (-b.y(), b.x())
}

/// The protocol tokens of an ended game: `WW MAT`, `BW MAT`, `WW TRICK`, `BW TRICK`, `PAT`.
pub fn result_tokens(outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Won { winner, how } => {
            let who = match winner {
                Side::White => "WW",
                Side::Black => "BW",
            };
            Some(format!("{who} {}", how.code))
        }
        Outcome::Drawn { .. } => Some("PAT".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_tokens_follow_the_protocol() {
        let won = |winner, how| Outcome::Won { winner, how };
        assert_eq!(
            result_tokens(won(Side::White, MAT)).as_deref(),
            Some("WW MAT")
        );
        assert_eq!(
            result_tokens(won(Side::Black, TRICK)).as_deref(),
            Some("BW TRICK")
        );
        assert_eq!(
            result_tokens(Outcome::Drawn { why: PAT_NO_MOVE }).as_deref(),
            Some("PAT")
        );
        assert_eq!(result_tokens(Outcome::Ongoing), None);
    }

    #[test]
    fn the_scan_order_starts_at_the_h8_edge_on_the_left() {
        let c = |t| Cell::parse(t).unwrap();
        assert!(scanned_first(c("d5"), c("d4")));
        assert!(scanned_first(c("c4"), c("d4")));
        assert!(!scanned_first(c("d3"), c("c4")));
    }
}
