//! The rules of Ataxx: clones, jumps, conversion, the forced pass, the end of the game, and
//! a fast perft.
//!
//! - A **clone** puts a new piece on an empty cell touching one of the mover's pieces.
//! - A **jump** moves one of the mover's pieces to an empty cell exactly two steps away
//!   (Chebyshev distance 2: the 16 cells of the 5×5 ring); cells in between do not matter.
//! - After either, every opponent piece touching the destination becomes the mover's.
//! - A side with neither must **pass**; passing is allowed only then.
//! - The half-move clock counts plies since the last clone (passes and jumps add one, a
//!   clone resets it); the full-move number grows after each `o` ply.
//! - The game ends when a side has no piece, when no empty cell is within two steps of any
//!   piece (nobody can move), or, under the fifty-move rule, when the clock reaches 100.
//!   The first two give the win to the side with more pieces (equal counts draw); the third
//!   is a draw, and the first two take precedence over it.

use crate::games::ataxx::board::{Board, Content};
use crate::games::ataxx::cell::{Cell, cells_of, grow};
use crate::games::ataxx::outcome::{EQUAL_PIECES, FIFTY_MOVES, MORE_PIECES, NO_PIECES};
use crate::games::ataxx::position::Position;
use crate::games::{Illegal, Outcome, Side};
use crate::text::Text;
use crate::tx;

/// The half-move clock value at which the fifty-move rule ends the game (50 plies each).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// An Ataxx move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A new piece on `to`, next to one of the mover's pieces, e.g. `f2`.
    Clone {
        /// The destination.
        to: Cell,
    },
    /// The piece on `from` jumps to `to`, two steps away, e.g. `g1e3`.
    Jump {
        /// The origin.
        from: Cell,
        /// The destination.
        to: Cell,
    },
    /// No move: only when the mover has neither clone nor jump (`0000`).
    Pass,
}

impl Move {
    /// The destination, for clones and jumps.
    pub fn destination(&self) -> Option<Cell> {
        match *self {
            Move::Clone { to } | Move::Jump { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

/// True when the game is over by the pieces alone: a side without pieces, or no empty cell
/// within two steps of any piece.
fn natural_end(board: &Board) -> bool {
    let (x, o) = (board.pieces(Side::Black), board.pieces(Side::White));
    x == 0 || o == 0 || grow(grow(x | o)) & board.empty() == 0
}

impl Position {
    /// How the game stands.
    pub(super) fn status(&self) -> Outcome {
        let board = self.board();
        let (x, o) = (board.count(Side::Black), board.count(Side::White));
        if natural_end(board) {
            let how = if x == 0 || o == 0 {
                NO_PIECES
            } else {
                MORE_PIECES
            };
            return match x.cmp(&o) {
                std::cmp::Ordering::Greater => Outcome::Won {
                    winner: Side::Black,
                    how,
                },
                std::cmp::Ordering::Less => Outcome::Won {
                    winner: Side::White,
                    how,
                },
                std::cmp::Ordering::Equal => Outcome::Drawn { why: EQUAL_PIECES },
            };
        }
        if self.fifty_move_rule() && self.halfmove_clock() >= FIFTY_MOVE_PLIES {
            return Outcome::Drawn { why: FIFTY_MOVES };
        }
        Outcome::Ongoing
    }

    /// The cells where the side to move can clone.
    fn clone_targets(&self) -> u64 {
        let board = self.board();
        grow(board.pieces(self.to_move())) & board.empty()
    }

    /// Every legal move: clones by destination, then jumps by origin and destination; a
    /// lone pass when there is neither; nothing once the game is over.
    pub(super) fn generate(&self) -> Vec<Move> {
        if self.status().is_over() {
            return Vec::new();
        }
        let board = self.board();
        let empty = board.empty();
        let mut moves: Vec<Move> = cells_of(self.clone_targets())
            .map(|to| Move::Clone { to })
            .collect();
        for from in cells_of(board.pieces(self.to_move())) {
            moves.extend(cells_of(from.jump_targets() & empty).map(|to| Move::Jump { from, to }));
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// True when the side to move has neither clone nor jump (and the game goes on).
    pub(super) fn must_pass(&self) -> bool {
        if self.status().is_over() {
            return false;
        }
        let board = self.board();
        let empty = board.empty();
        self.clone_targets() == 0
            && cells_of(board.pieces(self.to_move())).all(|from| from.jump_targets() & empty == 0)
    }

    /// The number of legal moves (a forced pass counts as one).
    pub(super) fn count_moves(&self) -> usize {
        if self.status().is_over() {
            return 0;
        }
        let board = self.board();
        let empty = board.empty();
        let n = self.clone_targets().count_ones()
            + cells_of(board.pieces(self.to_move()))
                .map(|from| (from.jump_targets() & empty).count_ones())
                .sum::<u32>();
        n.max(1) as usize
    }

    /// Whether `m` is legal here, and why not when it is not.
    pub(super) fn check_move(&self, m: &Move) -> Result<(), Illegal> {
        if self.status().is_over() {
            return Err(Illegal::new(tx!("ataxx-game-over")));
        }
        let me = Position::name(self.to_move());
        let result = match *m {
            Move::Pass => {
                if self.must_pass() {
                    return Ok(());
                }
                let n = self.count_moves();
                Err(tx!("ataxx-pass-refused", side = me, count = n))
            }
            Move::Clone { to } => self
                .check_destination(to)
                .and_then(|()| self.check_clone_source(to)),
            Move::Jump { from, to } => self
                .check_origin(from)
                .and_then(|()| check_jump_distance(from, to))
                .and_then(|()| self.check_destination(to)),
        };
        result.map_err(|reason| {
            if self.must_pass() {
                Illegal::new(tx!("ataxx-refused-must-pass", reason = reason, side = me))
            } else {
                Illegal::new(reason)
            }
        })
    }

    /// The origin of a jump (or of a clone written long-hand) must hold a piece of the mover.
    pub(super) fn check_origin(&self, from: Cell) -> Result<(), Text> {
        let me = Position::name(self.to_move());
        match self.board().content(from) {
            Content::Piece(side) if side == self.to_move() => Ok(()),
            Content::Piece(side) => {
                let them = Position::name(side);
                Err(tx!(
                    "ataxx-origin-theirs",
                    from = from.to_string(),
                    them = them,
                    side = me,
                ))
            }
            Content::Empty => Err(tx!(
                "ataxx-origin-empty",
                from = from.to_string(),
                side = me
            )),
            Content::Blocked => Err(tx!("ataxx-origin-blocked", from = from.to_string())),
        }
    }

    /// A destination must be an empty cell.
    pub(super) fn check_destination(&self, to: Cell) -> Result<(), Text> {
        match self.board().content(to) {
            Content::Empty => Ok(()),
            Content::Piece(side) => Err(tx!(
                "ataxx-destination-taken",
                to = to.to_string(),
                them = Position::name(side),
            )),
            Content::Blocked => Err(tx!("ataxx-destination-blocked", to = to.to_string())),
        }
    }

    /// A clone needs one of the mover's pieces next to the destination. When none is, the
    /// reason names a jump that reaches it, if there is one.
    fn check_clone_source(&self, to: Cell) -> Result<(), Text> {
        let own = self.board().pieces(self.to_move());
        if to.neighbours() & own != 0 {
            return Ok(());
        }
        let me = Position::name(self.to_move());
        Err(match cells_of(to.jump_targets() & own).next() {
            Some(from) => tx!(
                "ataxx-clone-far-jump",
                side = me,
                to = to.to_string(),
                jump = format!("{from}{to}"),
            ),
            None => tx!("ataxx-clone-far", side = me, to = to.to_string()),
        })
    }

    /// Plays legal move `m`, returning the converted cells.
    pub(super) fn play(&mut self, m: &Move) -> u64 {
        let side = self.to_move();
        let board = self.board_mut();
        let converted = match *m {
            Move::Clone { to } => board.drop_and_convert(side, to),
            Move::Jump { from, to } => {
                board.lift(side, from);
                board.drop_and_convert(side, to)
            }
            Move::Pass => 0,
        };
        let clock = match m {
            Move::Clone { .. } => 0,
            _ => self.halfmove_clock().saturating_add(1),
        };
        self.end_ply(clock);
        converted
    }

    /// The cells `m` would convert (for descriptions).
    pub(super) fn conversions(&self, m: &Move) -> u64 {
        let theirs = self.board().pieces(self.to_move().opponent());
        m.destination().map_or(0, |to| to.neighbours() & theirs)
    }
}

/// A jump goes exactly two steps; one step is a clone, written with the destination alone.
fn check_jump_distance(from: Cell, to: Cell) -> Result<(), Text> {
    match from.distance(to) {
        2 => Ok(()),
        0 => Err(tx!(
            "ataxx-jump-still",
            from = from.to_string(),
            to = to.to_string()
        )),
        1 => Err(tx!(
            "ataxx-jump-next",
            from = from.to_string(),
            to = to.to_string()
        )),
        d => Err(tx!(
            "ataxx-jump-far",
            from = from.to_string(),
            to = to.to_string(),
            steps = d,
        )),
    }
}

/// Perft with the Ataxx engines' convention (libataxx): a forced pass is one move, and a
/// finished game has no moves, so below the root it adds nothing.
pub(super) fn perft(board: &Board, side: Side, clock: u32, fifty: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if natural_end(board) || (fifty && clock >= FIFTY_MOVE_PLIES) {
        return 0;
    }
    let own = board.pieces(side);
    let empty = board.empty();
    let clones = grow(own) & empty;
    if depth == 1 {
        let jumps: u32 = cells_of(own)
            .map(|from| (from.jump_targets() & empty).count_ones())
            .sum();
        return u64::from((clones.count_ones() + jumps).max(1));
    }
    let next = side.opponent();
    let mut nodes = 0;
    let mut moved = clones != 0;
    for to in cells_of(clones) {
        let mut child = *board;
        child.drop_and_convert(side, to);
        nodes += perft(&child, next, 0, fifty, depth - 1);
    }
    let tick = clock.saturating_add(1);
    for from in cells_of(own) {
        for to in cells_of(from.jump_targets() & empty) {
            moved = true;
            let mut child = *board;
            child.lift(side, from);
            child.drop_and_convert(side, to);
            nodes += perft(&child, next, tick, fifty, depth - 1);
        }
    }
    if !moved {
        nodes = perft(board, next, tick, fifty, depth - 1);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use crate::games::ataxx::Position;
    use crate::games::{Game, GameOptions};

    fn pos(fen: &str) -> Position {
        Position::from_position(fen, None, &GameOptions::defaults(Position::option_specs()))
            .unwrap()
    }

    #[test]
    fn the_start_has_sixteen_moves_and_no_pass() {
        let start = pos("x5o/7/7/7/7/7/o5x x 0 1");
        assert_eq!(start.legal_moves().len(), 16);
        assert_eq!(start.count_moves(), 16);
        assert!(!start.must_pass());
    }

    #[test]
    fn a_surrounded_side_passes_and_the_clock_counts_the_pass() {
        let mut p = pos("7/7/7/7/4ooo/4ooo/4oox x 0 1");
        assert_eq!(p.legal_moves(), vec![super::Move::Pass]);
        p.apply(&super::Move::Pass);
        assert_eq!(p.position_string(), "7/7/7/7/4ooo/4ooo/4oox o 1 1");
    }

    #[test]
    fn fast_perft_agrees_with_the_generic_one_where_no_game_ends() {
        let start = pos("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
        for depth in 0..=3 {
            assert_eq!(
                start.perft(depth),
                crate::games::perft::perft(&start, depth),
                "depth {depth}"
            );
        }
    }
}
