//! The position: the board, the side to move, what went beyond the far edge, the rules in
//! force, and the positions since the last irreversible action (for the repetition and
//! no-progress rules).
//!
//! A position is built only by [`Position::from_position`] (which validates the position
//! string) and by playing legal actions. The position string is the one of the spec (3.3):
//! the placement, then `w` or `b` for the side to move, e.g.
//! `rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w`. Once a piece has gone beyond the far
//! edge, a third field records it, `+` and the piece (`+S`, `+(RS)`), so that the won
//! position reads back as won.

use crate::games::tours::board::{Board, stack_of};
use crate::games::tours::cell::{Cell, Target};
use crate::games::tours::deploy::push_deployments;
use crate::games::tours::moves::{Move, Played, play, push_shifts};
use crate::games::tours::outcome::{ALL_CAPTURED, BEYOND_EDGE, NO_PROGRESS, REPETITION};
use crate::games::tours::stack::{Kind, Stack};
use crate::games::{GameOptions, Outcome, PositionError, Side};
use crate::tx;

/// The rules a game is played under, read from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Composite pieces bounce off the side edges (option `rebound`).
    pub rebound: bool,
    /// The third occurrence of a position is a draw (option `repetition`).
    pub repetition: bool,
    /// Draw after this many plies without a capture or a forward step (option `no-progress`).
    pub no_progress: Option<usize>,
}

impl Rules {
    /// The recommended rules: rebounds, threefold repetition, no no-progress limit.
    pub const STANDARD: Rules = Rules {
        rebound: true,
        repetition: true,
        no_progress: None,
    };

    /// The rules of `options` (declared by [`crate::games::tours::OPTIONS`]).
    pub fn from_options(options: &GameOptions) -> Rules {
        // Read through the canonical form: it never panics, and options this game does not
        // declare (or an empty set) leave the recommended rule in force.
        let canonical = options.canonical();
        let get = |name: &str| {
            canonical
                .split(',')
                .filter_map(|item| item.split_once('='))
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v)
        };
        Rules {
            rebound: get("rebound") != Some("off"),
            repetition: get("repetition") != Some("off"),
            no_progress: get("no-progress")
                .and_then(|v| v.parse::<usize>().ok())
                .map(|moves| moves * 2),
        }
    }
}

/// A valid position of La Bataille des Tours.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    to_move: Side,
    beyond: Option<Stack>,
    rules: Rules,
    /// The boards before the current one, oldest first (since the start, or since the last
    /// irreversible action when played with [`Position::apply`]).
    history: Vec<Board>,
    /// Where in `history` the boards since the last capture or forward step begin: no board
    /// before it can come back.
    quiet_from: usize,
}

impl Position {
    /// Reads a position string, optionally overriding the side to move.
    pub fn from_position(
        text: &str,
        to_move: Option<Side>,
        options: &GameOptions,
    ) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(placement) = fields.first() else {
            return Err(PositionError::new(tx!("tours-position-empty")));
        };
        let board = Board::from_placement(placement).map_err(PositionError::new)?;
        let written_side = match fields.get(1) {
            None => None,
            Some(s) => Some(
                side_of(s)
                    .ok_or_else(|| PositionError::new(tx!("tours-position-side", text = s)))?,
            ),
        };
        let Some(to_move) = to_move.or(written_side) else {
            return Err(PositionError::new(tx!("tours-position-side-missing")));
        };
        let beyond = match fields.get(2) {
            None => None,
            Some(f) => Some(beyond_of(f)?),
        };
        if let Some(extra) = fields.get(3) {
            return Err(PositionError::new(tx!(
                "tours-position-extra",
                extra = extra
            )));
        }
        let pos = Position {
            board,
            to_move,
            beyond,
            rules: Rules::from_options(options),
            history: Vec::new(),
            quiet_from: 0,
        };
        pos.validate()?;
        Ok(pos)
    }

    /// Checks what a position string cannot be trusted with.
    fn validate(&self) -> Result<(), PositionError> {
        for side in Side::BOTH {
            for kind in [Kind::Round, Kind::Square] {
                let beyond = self
                    .beyond
                    .filter(|s| s.side() == side)
                    .map_or(0, |s| u32::from(s.count(kind)));
                let n = self.board.count(side, kind) + beyond;
                if n > 8 {
                    return Err(PositionError::new(tx!(
                        "tours-position-too-many",
                        owner = side.name(),
                        count = n,
                        kind = kind.key(),
                    )));
                }
            }
        }
        let mover = self.to_move.opponent();
        if let Some(b) = self.beyond {
            if b.side() != mover {
                return Err(PositionError::new(tx!("tours-position-beyond-side")));
            }
        } else if !self.board.has_pieces(mover) {
            return Err(PositionError::new(tx!(
                "tours-position-no-piece",
                owner = mover.name()
            )));
        }
        Ok(())
    }

    /// The position string (read back by [`Position::from_position`]).
    pub fn position_string(&self) -> String {
        let side = match self.to_move {
            Side::White => 'w',
            Side::Black => 'b',
        };
        match self.beyond {
            None => format!("{} {side}", self.board.placement()),
            Some(b) => format!("{} {side} +{}", self.board.placement(), b.code()),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// What went beyond the far edge, if the game was won that way.
    pub fn beyond(&self) -> Option<Stack> {
        self.beyond
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        if let Some(b) = self.beyond {
            return Outcome::Won {
                winner: b.side(),
                how: BEYOND_EDGE,
            };
        }
        if !self.board.has_pieces(self.to_move) {
            return Outcome::Won {
                winner: self.to_move.opponent(),
                how: ALL_CAPTURED,
            };
        }
        if self.rules.repetition && self.occurrences() >= 3 {
            return Outcome::Drawn { why: REPETITION };
        }
        if self
            .rules
            .no_progress
            .is_some_and(|limit| self.quiet_plies() >= limit)
        {
            return Outcome::Drawn { why: NO_PROGRESS };
        }
        Outcome::Ongoing
    }

    /// How many times the current position has occurred with this side to move, now
    /// included. Only boards since the last irreversible action can be equal to it; every
    /// second one had the same side to move.
    pub fn occurrences(&self) -> usize {
        let quiet = &self.history[self.quiet_from..];
        1 + quiet
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|b| **b == self.board)
            .count()
    }

    /// Plies played since the last capture or forward step.
    pub fn quiet_plies(&self) -> usize {
        self.history.len() - self.quiet_from
    }

    /// Every legal action, whole-stack moves then deployments, cell by cell from a1 (empty
    /// once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        self.actions()
    }

    /// The actions of the side to move, without asking whether the game is over.
    fn actions(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        for (from, stack) in self.board.stacks(self.to_move) {
            push_shifts(&self.board, from, stack, self.rules.rebound, &mut out);
            push_deployments(&self.board, from, stack, self.rules.rebound, &mut out);
        }
        out
    }

    /// The legal actions starting from `from`.
    pub fn actions_from(&self, from: Cell) -> Vec<Move> {
        let mut out = Vec::new();
        if let Some(stack) = self.board.get(from).filter(|s| s.side() == self.to_move) {
            push_shifts(&self.board, from, stack, self.rules.rebound, &mut out);
            push_deployments(&self.board, from, stack, self.rules.rebound, &mut out);
        }
        out
    }

    /// True if `m` is a whole-stack move onto an enemy piece.
    pub fn is_capture(&self, m: &Move) -> bool {
        match m {
            Move::Shift {
                to: Target::Cell(c),
                ..
            } => self.board.get(*c).is_some_and(|s| s.side() != self.to_move),
            _ => false,
        }
    }

    /// Plays `m` and keeps the board it left in the history.
    fn advance(&mut self, m: &Move) -> Played {
        self.history.push(self.board);
        let played = play(&mut self.board, self.to_move, m);
        if played.progress {
            self.quiet_from = self.history.len();
        }
        self.beyond = played.beyond;
        self.to_move = self.to_move.opponent();
        played
    }

    /// Plays legal action `m`.
    pub fn apply(&mut self, m: &Move) {
        if self.advance(m).progress {
            // Nothing before an irreversible action can come back: forget it.
            self.history.clear();
            self.quiet_from = 0;
        }
    }

    /// Perft, playing and taking back actions on one position instead of cloning it.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut pos = self.clone();
        pos.perft_in_place(depth)
    }

    /// [`crate::games::perft`]'s convention: a finished position adds nothing below its
    /// depth.
    fn perft_in_place(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_over() {
            return 0;
        }
        let moves = self.actions();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for m in &moves {
            let (board, beyond, quiet_from) = (self.board, self.beyond, self.quiet_from);
            self.advance(m);
            nodes += self.perft_in_place(depth - 1);
            self.history.pop();
            self.board = board;
            self.beyond = beyond;
            self.quiet_from = quiet_from;
            self.to_move = self.to_move.opponent();
        }
        nodes
    }
}

/// Reads the side-to-move field.
fn side_of(text: &str) -> Option<Side> {
    match text.to_lowercase().as_str() {
        "w" | "white" | "blanc" => Some(Side::White),
        "b" | "black" | "noir" => Some(Side::Black),
        _ => None,
    }
}

/// Reads the beyond-the-edge field: `+` and a piece (`+S`, `+(rs)`).
fn beyond_of(text: &str) -> Result<Stack, PositionError> {
    let letters = text
        .strip_prefix('+')
        .map(|t| t.trim_start_matches('(').trim_end_matches(')'))
        .filter(|t| !t.is_empty())
        .ok_or_else(|| PositionError::new(tx!("tours-position-beyond", text = text)))?;
    stack_of(letters)
        .map_err(|e| PositionError::new(tx!("tours-position-beyond-piece", problem = e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w";

    fn pos(text: &str) -> Position {
        Position::from_position(text, None, &GameOptions::default()).unwrap()
    }

    fn err(text: &str) -> String {
        Position::from_position(text, None, &GameOptions::default())
            .unwrap_err()
            .reason
            .en()
    }

    #[test]
    fn the_start_reads_back_with_the_side_to_move() {
        assert_eq!(pos(START).position_string(), START);
        let black = Position::from_position(START, Some(Side::Black), &GameOptions::default());
        assert!(black.unwrap().position_string().ends_with(" b"));
        assert_eq!(pos(START).legal_moves().len(), 36);
    }

    #[test]
    fn position_strings_that_cannot_arise_are_refused() {
        assert!(err("").contains("empty"));
        assert!(err(&START.replace(" w", "")).contains("side to move is missing"));
        assert!(err(&START.replace(" w", " x")).contains("not a side"));
        assert!(err(&format!("{START} 0 1")).contains("not a piece beyond"));
        assert!(err("RRRRRRRR/RRRRRRRR/8/8/8/8/8/s7 b").contains("16 rounds"));
        assert!(err("8/8/8/8/8/8/8/s7 b").contains("White has no piece left"));
        assert!(err("8/8/8/8/8/8/8/s7 w +S").contains("just moved"));
    }

    #[test]
    fn a_piece_beyond_the_edge_is_written_and_wins() {
        let mut p = pos("4S3/8/8/8/8/8/8/s7 w");
        let m = Move::Shift {
            from: Cell::parse("e8").unwrap(),
            to: Target::Off,
        };
        p.apply(&m);
        assert_eq!(p.position_string(), "8/8/8/8/8/8/8/s7 b +S");
        let back = pos(&p.position_string());
        assert_eq!(back.outcome().winner(), Some(Side::White));
        assert!(back.legal_moves().is_empty());
    }

    #[test]
    fn the_third_occurrence_of_a_position_is_a_draw() {
        let mut p = pos("s7/8/8/8/8/8/8/S7 w");
        let shift = |from: &str, to: &str| Move::Shift {
            from: Cell::parse(from).unwrap(),
            to: Target::Cell(Cell::parse(to).unwrap()),
        };
        let cycle = [
            shift("a1", "b1"),
            shift("a8", "b8"),
            shift("b1", "a1"),
            shift("b8", "a8"),
        ];
        for m in cycle.iter().chain(&cycle) {
            assert_eq!(p.outcome(), Outcome::Ongoing);
            p.apply(m);
        }
        assert_eq!(p.occurrences(), 3);
        assert_eq!(p.outcome(), Outcome::Drawn { why: REPETITION });
        assert_eq!(p.quiet_plies(), 8);
    }
}
