//! A Bulltricker position: the board, the side to move, the rules it is played under, and
//! whether a move has ended the game. Built only by validation ([`crate::games::bulltricker::setup`])
//! or by playing legal moves.

use crate::games::bulltricker::board::{Board, Kind, Piece};
use crate::games::bulltricker::geometry::Cell;
use crate::games::bulltricker::moves::Move;
use crate::games::bulltricker::outcome;
use crate::games::bulltricker::rules::Rules;
use crate::games::{Outcome, Side};

/// A valid position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) board: Board,
    pub(super) to_move: Side,
    /// Where each King stands, indexed by [`Side::index`].
    pub(super) kings: [Cell; 2],
    pub(super) rules: Rules,
    /// Set when the rules have ended the game by enclosure (MAT, TRICK) or by material
    /// (PAT). The draw for lack of a legal move is found by [`Position::outcome`].
    pub(super) ended: Option<Outcome>,
}

impl Position {
    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules this game is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Where `side`'s King stands.
    pub fn king(&self, side: Side) -> Cell {
        self.kings[side.index()]
    }

    /// The piece on `cell`, if any.
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        self.board.get(cell)
    }

    /// How the game stands: ended by enclosure or material, drawn because the side to move
    /// has no legal move, or going on.
    pub fn outcome(&self) -> Outcome {
        if let Some(o) = self.ended {
            return o;
        }
        if self.has_legal_move() {
            Outcome::Ongoing
        } else {
            Outcome::Drawn {
                why: outcome::PAT_NO_MOVE,
            }
        }
    }

    /// Plays a legal move: removes the captured pieces, moves the piece, promotes a pawn on
    /// its last line, passes the turn and evaluates the end of the game (§9.3, §6.4).
    pub fn play(&mut self, m: &Move) {
        let mover = self.to_move;
        let Some(piece) = self.board.get(m.from()) else {
            debug_assert!(false, "no piece on {}", m.from());
            return;
        };
        self.board.set(m.from(), None);
        for &c in m.captured() {
            self.board.set(c, None);
        }
        let placed = if m.promotes() {
            Piece::new(piece.side, Kind::Queen)
        } else {
            piece
        };
        self.board.set(m.to(), Some(placed));
        if piece.kind == Kind::King {
            self.kings[piece.side.index()] = m.to();
        }
        self.to_move = mover.opponent();
        self.ended = outcome::after_move(self, mover);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bulltricker::rules::Rules;
    use crate::games::bulltricker::setup::read;

    fn position(text: &str) -> Position {
        read(text, None, Rules::default()).unwrap()
    }

    fn find(pos: &Position, from: &str, to: &str) -> Move {
        let (from, to) = (Cell::parse(from).unwrap(), Cell::parse(to).unwrap());
        *pos.legal_moves()
            .iter()
            .find(|m| m.from() == from && m.to() == to)
            .expect("a legal move")
    }

    #[test]
    fn playing_a_capture_removes_the_pieces_promotes_and_passes_the_turn() {
        let mut pos =
            position("W: Kd1 Pe.h4 Qv1.1 Qv2.1 Qv3.1; B: Kb7 Pe.h5 Pe.h7 Qv1.7 Qv2.7 Qv3.7");
        let m = find(&pos, "e.h4", "e.h8");
        pos.play(&m);
        let c = |t| Cell::parse(t).unwrap();
        assert_eq!(pos.piece(c("e.h5")), None);
        assert_eq!(pos.piece(c("e.h7")), None);
        assert_eq!(pos.piece(c("e.h4")), None);
        assert_eq!(
            pos.piece(c("e.h8")),
            Some(Piece::new(Side::White, Kind::Queen))
        );
        assert_eq!(pos.to_move(), Side::Black);
        assert_eq!(pos.outcome(), Outcome::Ongoing);
    }

    #[test]
    fn a_king_move_updates_where_the_king_stands() {
        let mut pos = position("W: Kc5 Qv8.1 Qv7.1 Qv6.1 Pv1.2; B: Kf1 Qv8.7 Qv7.6 Qv6.5 Pa.h7");
        let m = find(&pos, "c5", "b5");
        pos.play(&m);
        assert_eq!(pos.king(Side::White).name(), "b5");
    }
}
