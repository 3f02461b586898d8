//! Legal move generation (§3, §4.4, §9.2): pawn steps, pivots and Coup Spécial, queen
//! pivots and slides, King steps with the separation rule, and the compulsory capture with
//! queen priority: if any queen can capture, the legal moves are exactly the queen captures;
//! otherwise, if any pawn can capture, exactly the pawn captures; otherwise every quiet move.

use std::sync::LazyLock;

use crate::games::Side;
use crate::games::bulltricker::board::{Kind, Piece};
use crate::games::bulltricker::captures::{
    end_to_end_captures, forward, pawn_captures, promotion_row, queen_captures,
};
use crate::games::bulltricker::geometry::{Cell, CellKind, SIZE};
use crate::games::bulltricker::moves::{Move, MoveKind};
use crate::games::bulltricker::position::Position;
use crate::games::bulltricker::rules::KingSeparation;

/// The row (`y`) of `side`'s transversal pawns that may still play the Coup Spécial:
/// line h2 for White, h7 for Black (§3.2).
pub fn coup_special_row(side: Side) -> i8 {
    match side {
        Side::White => 2,
        Side::Black => 12,
    }
}

/// Every rectangle of the lattice, row by row from White's side.
pub fn rectangles() -> impl Iterator<Item = Cell> {
    RECTANGLES.iter().copied()
}

/// The rectangles listed once: move generation walks them several times a node.
static RECTANGLES: LazyLock<Vec<Cell>> = LazyLock::new(|| {
    (0..SIZE)
        .flat_map(|y| {
            let first = if y % 2 == 1 { 0 } else { 1 };
            (first..SIZE)
                .step_by(2)
                .filter_map(move |x| Cell::new(x, y))
        })
        .collect()
});

/// Which pieces must capture, when a capture is compulsory (§4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obligation {
    /// The kind of the pieces that must capture: queens (priority) or pawns.
    pub kind: Kind,
    /// Their cells, row by row from White's side.
    pub origins: Vec<Cell>,
}

impl Position {
    /// Every legal move; empty when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        if self.ended.is_none() {
            self.generate(&mut out);
        }
        out
    }

    /// The queens and pawns of the side to move, with their cells, row by row from White's
    /// side (Kings stand on royal squares, never on a rectangle).
    fn own_pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        rectangles().filter_map(|cell| {
            self.board
                .get(cell)
                .filter(|p| p.side == self.to_move)
                .map(|p| (cell, p))
        })
    }

    /// Pushes the legal moves of the side to move onto `out` (whether or not the game has
    /// ended: callers check [`Position::outcome`]).
    pub fn generate(&self, out: &mut Vec<Move>) {
        let side = self.to_move;
        let start = out.len();
        for (cell, _) in self.own_pieces().filter(|(_, p)| p.kind == Kind::Queen) {
            queen_captures(&self.board, side, cell, out);
        }
        if out.len() > start {
            return;
        }
        for (cell, _) in self.own_pieces().filter(|(_, p)| p.kind == Kind::Pawn) {
            pawn_captures(&self.board, side, cell, out);
        }
        if out.len() > start {
            return;
        }
        self.quiet_moves(out);
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        // Captures only narrow the choice: a side with any move, quiet or capturing, has a
        // legal one. So the first move found answers, and the quiet ones, which nearly
        // every position has, are looked for first (the search asks this at every node).
        let side = self.to_move;
        let mut out = Vec::with_capacity(16);
        for (cell, p) in self.own_pieces() {
            match p.kind {
                Kind::Pawn => {
                    self.pawn_quiet(cell, &mut out);
                    pawn_captures(&self.board, side, cell, &mut out);
                }
                Kind::Queen => {
                    self.queen_quiet(cell, &mut out);
                    queen_captures(&self.board, side, cell, &mut out);
                }
                Kind::King => {}
            }
            if self.rules.end_to_end_capture {
                end_to_end_captures(&self.board, side, cell, p.kind, &mut out);
            }
            if !out.is_empty() {
                return true;
            }
        }
        self.king_moves(&mut out);
        !out.is_empty()
    }

    /// The pieces that must capture, if a capture is compulsory: every queen that can
    /// capture, or when none can, every pawn that can (§4.4, §8.2 `ERR !!`).
    pub fn obligation(&self) -> Option<Obligation> {
        let side = self.to_move;
        for kind in [Kind::Queen, Kind::Pawn] {
            let mut origins = Vec::new();
            let mut scratch = Vec::new();
            for cell in rectangles() {
                if self
                    .board
                    .get(cell)
                    .is_some_and(|p| p.side == side && p.kind == kind)
                {
                    scratch.clear();
                    match kind {
                        Kind::Queen => queen_captures(&self.board, side, cell, &mut scratch),
                        _ => pawn_captures(&self.board, side, cell, &mut scratch),
                    }
                    if !scratch.is_empty() {
                        origins.push(cell);
                    }
                }
            }
            if !origins.is_empty() {
                return Some(Obligation { kind, origins });
            }
        }
        None
    }

    /// Pushes every non-compulsory move: pawn, queen and King moves, and under the option
    /// the optional end-to-end captures.
    pub fn quiet_moves(&self, out: &mut Vec<Move>) {
        let side = self.to_move;
        for (cell, p) in self.own_pieces() {
            match p.kind {
                Kind::Pawn => self.pawn_quiet(cell, out),
                Kind::Queen => self.queen_quiet(cell, out),
                Kind::King => {}
            }
            if self.rules.end_to_end_capture {
                end_to_end_captures(&self.board, side, cell, p.kind, out);
            }
        }
        self.king_moves(out);
    }

    fn pawn_quiet(&self, from: Cell, out: &mut Vec<Move>) {
        let side = self.to_move;
        let f = forward(side);
        let last = promotion_row(side);
        let transversal = from.kind() == CellKind::Transversal;
        // Straight step: over a royal square (transversal) or a butée (longitudinal).
        if let (Some(mid), Some(to)) = (from.offset(0, f), from.offset(0, 2 * f))
            && self.board.is_empty(to)
            && !self.board.has_king(mid)
        {
            out.push(Move::quiet(from, to, MoveKind::Step, to.y() == last));
            // Coup Spécial: two transversal cells ahead from the starting line.
            if transversal
                && from.y() == coup_special_row(side)
                && let (Some(mid2), Some(to2)) = (from.offset(0, 3 * f), from.offset(0, 4 * f))
                && !self.board.has_king(mid2)
                && self.board.is_empty(to2)
            {
                out.push(Move::quiet(from, to2, MoveKind::CoupSpecial, false));
            }
        }
        // Forward pivots onto the perpendicular rectangles at the front end.
        for dx in [-1, 1] {
            if let Some(to) = from.offset(dx, f)
                && self.board.is_empty(to)
            {
                out.push(Move::quiet(from, to, MoveKind::Pivot, to.y() == last));
            }
        }
    }

    fn queen_quiet(&self, from: Cell, out: &mut Vec<Move>) {
        for (dx, dy) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if let Some(to) = from.offset(dx, dy)
                && self.board.is_empty(to)
            {
                out.push(Move::quiet(from, to, MoveKind::Pivot, false));
            }
        }
        for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let mut cur = from;
            while let (Some(mid), Some(next)) = (cur.offset(dx, dy), cur.offset(2 * dx, 2 * dy)) {
                // A royal square crossed must hold no King; a butée never blocks.
                if self.board.has_king(mid) || !self.board.is_empty(next) {
                    break;
                }
                out.push(Move::quiet(from, next, MoveKind::Slide, false));
                cur = next;
            }
        }
    }

    fn king_moves(&self, out: &mut Vec<Move>) {
        let side = self.to_move;
        let from = self.king(side);
        for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (Some(between), Some(to)) = (from.offset(dx, dy), from.offset(2 * dx, 2 * dy))
            else {
                continue;
            };
            if self.board.is_empty(between)
                && self.board.is_empty(to)
                && self.kings_apart(side, from, to)
            {
                out.push(Move::quiet(from, to, MoveKind::KingStep, false));
            }
        }
    }

    /// True if `side`'s King stepping from `from` to the royal square `to` keeps the
    /// distance the rules ask from the enemy King (§3.5, option `king-separation`).
    pub fn kings_apart(&self, side: Side, from: Cell, to: Cell) -> bool {
        let enemy = self.king(side.opponent());
        if enemy == to {
            return false;
        }
        match self.rules.king_separation {
            KingSeparation::Strict => to.royal_distance(enemy) >= 2,
            KingSeparation::OrthogonalOnly => {
                let dx = (to.x() - enemy.x()).abs();
                let dy = (to.y() - enemy.y()).abs();
                dx + dy > 2
            }
            KingSeparation::AppCompatible => {
                app_front_cells(from, to).iter().all(|c| *c != Some(enemy))
            }
        }
    }
}

/// The three royal squares the official app keeps free of the enemy King when a King steps
/// from `from` to `to`: the one straight ahead of `to` in the direction of the step and the
/// two diagonally ahead of it.
pub fn app_front_cells(from: Cell, to: Cell) -> [Option<Cell>; 3] {
    let (dx, dy) = (to.x() - from.x(), to.y() - from.y());
    let (px, py) = (dy, dx);
    [
        to.offset(dx, dy),
        to.offset(dx + px, dy + py),
        to.offset(dx - px, dy - py),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_112_rectangles() {
        let all: Vec<_> = rectangles().collect();
        assert_eq!(all.len(), 112);
        assert!(all.iter().all(|c| c.kind().is_rectangle()));
    }

    #[test]
    fn the_app_checks_the_three_squares_ahead_of_the_king() {
        let c = |t| Cell::parse(t).unwrap();
        let names = |cells: [Option<Cell>; 3]| -> Vec<String> {
            cells.iter().flatten().map(|c| c.name()).collect()
        };
        assert_eq!(names(app_front_cells(c("c5"), c("b5"))), ["a5", "a4", "a6"]);
        assert_eq!(names(app_front_cells(c("d1"), c("d2"))), ["d3", "e3", "c3"]);
        assert_eq!(
            names(app_front_cells(c("a2"), c("a1"))),
            Vec::<String>::new()
        );
    }
}
