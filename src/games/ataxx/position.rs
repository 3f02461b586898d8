//! The Ataxx position: board, side to move, half-move clock and full-move number, read from
//! and written to the position string (Ataxx FEN), and the [`Game`] implementation that ties
//! the rules, the notation and the text board together.
//!
//! Position string: `<board> <side> [<half-move clock> [<full-move number>]]`, e.g.
//! `x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1`. The side is `x` or `o` (`b`/`B`/`X` and `w`/`W`/`O`
//! are read as libataxx does); the clock defaults to 0 and the move number to 1. The word
//! `startpos` stands for the standard start. A position where the game is already over is
//! a valid position (its outcome says so); whether a new game may start there is the
//! referee's decision.

use serde_json::json;

use crate::games::ataxx::board::Board;
use crate::games::ataxx::board_text;
use crate::games::ataxx::notation::{self, Notation};
use crate::games::ataxx::outcome;
use crate::games::ataxx::records;
use crate::games::ataxx::rules::{self, Move};
use crate::games::ataxx::setup::{FIFTY_MOVE_RULE, OPTIONS, STANDARD, VARIANTS};
use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionSpec, Outcome, PositionError,
    RecordedGame, Side, Variant,
};
use crate::text::{Lang, Text};
use crate::tx;

/// A valid Ataxx position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    to_move: Side,
    halfmove_clock: u32,
    fullmove: u32,
    fifty_move_rule: bool,
}

impl Position {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub(super) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The side to move (`x` is [`Side::Black`], `o` is [`Side::White`]).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies since the last clone.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number (starts at 1, grows after each `o` ply).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether the fifty-move rule is in force (option `fifty-move-rule`).
    pub fn fifty_move_rule(&self) -> bool {
        self.fifty_move_rule
    }

    /// The game's name for a side: `x` or `o`, in both languages.
    pub fn name(side: Side) -> &'static str {
        match side {
            Side::Black => "x",
            Side::White => "o",
        }
    }

    /// Ends the ply: sets the clock, counts the full move after `o`, hands over the turn.
    pub(super) fn end_ply(&mut self, clock: u32) {
        self.halfmove_clock = clock;
        if self.to_move == Side::White {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.to_move = self.to_move.opponent();
    }

    /// Reads a position string (see the module documentation).
    pub fn parse(
        text: &str,
        to_move: Option<Side>,
        fifty_move_rule: bool,
    ) -> Result<Position, PositionError> {
        let text = text.trim();
        let text = if text.eq_ignore_ascii_case("startpos") {
            STANDARD
        } else {
            text
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let err = |t: Text| PositionError::new(t);
        let Some(board_field) = fields.first() else {
            return Err(err(tx!("ataxx-position-empty")));
        };
        if fields.len() > 4 {
            return Err(err(tx!("ataxx-position-fields", count = fields.len())));
        }
        let board = Board::from_field(board_field).map_err(err)?;
        let written = match fields.get(1) {
            Some(&("x" | "X" | "b" | "B")) => Some(Side::Black),
            Some(&("o" | "O" | "w" | "W")) => Some(Side::White),
            Some(other) => {
                return Err(err(tx!("ataxx-position-side", text = *other)));
            }
            None => None,
        };
        let Some(side) = to_move.or(written) else {
            return Err(err(tx!("ataxx-position-side-missing")));
        };
        let number = |i: usize, default: u32| -> Result<u32, PositionError> {
            let Some(t) = fields.get(i) else {
                return Ok(default);
            };
            t.parse::<u32>()
                .map_err(|_| err(tx!("ataxx-position-number", text = *t)))
        };
        let halfmove_clock = number(2, 0)?;
        let fullmove = number(3, 1)?;
        if fullmove == 0 {
            return Err(err(tx!("ataxx-position-move-number")));
        }
        Ok(Position {
            board,
            to_move: side,
            halfmove_clock,
            fullmove,
            fifty_move_rule,
        })
    }

    /// Writes the position string, all four fields.
    pub fn fen(&self) -> String {
        format!(
            "{} {} {} {}",
            self.board.field(),
            Position::name(self.to_move),
            self.halfmove_clock,
            self.fullmove
        )
    }
}

impl Game for Position {
    type Move = Move;
    type Notation = Notation;

    const KIND: GameKind = GameKind::Ataxx;

    fn variants() -> &'static [Variant] {
        &VARIANTS
    }

    fn option_specs() -> &'static [OptionSpec] {
        &OPTIONS
    }

    fn from_position(
        text: &str,
        to_move: Option<Side>,
        options: &GameOptions,
    ) -> Result<Self, PositionError> {
        Position::parse(text, to_move, options.get(FIFTY_MOVE_RULE) == "on")
    }

    fn position_string(&self) -> String {
        self.fen()
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.generate()
    }

    fn check(&self, m: &Move) -> Result<(), Illegal> {
        self.check_move(m)
    }

    fn read_notation(text: &str) -> Result<Notation, NotationError> {
        notation::read(text)
    }

    fn resolve(&self, notation: &Notation) -> Result<Move, Illegal> {
        notation::resolve(self, notation)
    }

    fn write_move(&self, m: &Move) -> String {
        notation::write(m)
    }

    fn describe(&self, m: &Move) -> Text {
        // The counts of pieces after the move are on the board under it: said once.
        let side = Position::name(self.to_move);
        let converted = self.conversions(m);
        let converts = tx!(
            "ataxx-converts",
            count = converted.count_ones(),
            cells = Board::names(converted),
        );
        match *m {
            Move::Pass => tx!("ataxx-pass", side = side),
            Move::Clone { to } => {
                tx!(
                    "ataxx-clone",
                    side = side,
                    to = to.to_string(),
                    converts = converts
                )
            }
            Move::Jump { from, to } => tx!(
                "ataxx-jump",
                side = side,
                from = from.to_string(),
                to = to.to_string(),
                converts = converts,
            ),
        }
    }

    fn apply(&mut self, m: &Move) {
        self.play(m);
    }

    fn outcome(&self) -> Outcome {
        self.status()
    }

    fn result_tokens(&self) -> Option<String> {
        outcome::result_tokens(
            &self.status(),
            self.board.count(Side::Black),
            self.board.count(Side::White),
        )
    }

    fn forced_pass(&self) -> Option<Move> {
        self.must_pass().then_some(Move::Pass)
    }

    fn board_picture(&self, last: Option<(&Self, &Move)>, caption: &str) -> Option<String> {
        Some(super::picture::draw(self, last, caption))
    }

    fn board_text(&self, lang: Lang, last: Option<&Move>) -> String {
        board_text::render(self, lang, last)
    }

    fn score(&self) -> Option<serde_json::Value> {
        Some(json!({
            "x": self.board.count(Side::Black),
            "o": self.board.count(Side::White),
        }))
    }

    fn read_records(text: &str) -> Result<Vec<RecordedGame>, String> {
        records::read(text)
    }

    fn perft(&self, depth: u32) -> u64 {
        rules::perft(
            &self.board,
            self.to_move,
            self.halfmove_clock,
            self.fifty_move_rule,
            depth,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_strings_round_trip_and_fill_in_the_counters() {
        let p = Position::parse("x5o/7/7/7/7/7/o5x x", None, true).unwrap();
        assert_eq!(p.fen(), "x5o/7/7/7/7/7/o5x x 0 1");
        let p = Position::parse("  X5O/7/7/7/7/7/O5X B 12 7 ", None, true).unwrap();
        assert_eq!(p.fen(), "x5o/7/7/7/7/7/o5x x 12 7");
        let p = Position::parse("startpos", Some(Side::White), true).unwrap();
        assert_eq!(p.fen(), "x5o/7/7/7/7/7/o5x o 0 1");
    }

    #[test]
    fn bad_position_strings_are_refused_with_a_reason() {
        for (text, words) in [
            ("", "empty"),
            ("x5o/7/7/7/7/7/o5x", "side to move is missing"),
            ("x5o/7/7/7/7/7/o5x z", "`z`"),
            ("x5o/7/7/7/7/7/o5x x -1", "`-1`"),
            ("x5o/7/7/7/7/7/o5x x 0 0", "starts at 1"),
            ("x5o/7/7/7/7/7/o5x x 0 1 extra", "at most 4"),
            ("x5o/7/7/7/7/o5x x", "6 ranks"),
        ] {
            let e = Position::parse(text, None, true).unwrap_err();
            assert!(e.reason.en().contains(words), "{text}: {}", e.reason.en());
            assert!(!e.reason.fr().is_empty());
        }
    }

    #[test]
    fn describing_a_clone_counts_the_conversions() {
        let p = Position::parse("7/7/7/2xoo2/7/7/7 x 0 1", None, true).unwrap();
        let m = p.resolve(&Notation::Clone(
            crate::games::ataxx::Cell::parse("d3").unwrap(),
        ));
        let text = p.describe(&m.unwrap());
        assert_eq!(text.en(), "x clones to d3 and converts 2 pieces: d4, e4.");
        assert_eq!(
            text.fr(),
            "x se duplique en d3 et convertit 2 pions : d4, e4."
        );
    }
}
