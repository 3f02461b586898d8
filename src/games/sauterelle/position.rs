//! The Sauterelle position: the board, the bar, the points scored, who scored last, and
//! whose turn it is; read from and written to the position string; and the [`Game`]
//! implementation that ties the rules, the notation and the text board together.
//!
//! Position string (rules note 1.7, with one addition):
//!
//! ```text
//! <A>/<B>/<C>/<D> <barW> <barB> <scoreW>-<scoreB> <last> <turn>
//! ....../....../....../...... 14 14 0-0 - w
//! ```
//!
//! Cells `.` empty, `w`/`b` a lone checker, `W`/`B` a wall; six cells per quadrant, point 1
//! first. `last` is who scored the last point: `-` nobody yet, `w` or `b`; the addition is
//! `W` or `B` once that side has scored two points in a row and won. `turn` is `w` or `b`.
//! The word `start` stands for the start of the game under the options `checkers` (all of
//! them on the bar) and `first-player`.
//!
//! Checked: each side has exactly the game's number of checkers (bar + lone + 2 × walls +
//! 2 × points = `checkers`, 14 by default), no wall stands in 1-6 (none can be built
//! there), and `last` agrees with the score.

use serde_json::json;

use crate::games::sauterelle::board::{Board, Stack};
use crate::games::sauterelle::board_text;
use crate::games::sauterelle::notation::{self, Notation};
use crate::games::sauterelle::outcome;
use crate::games::sauterelle::point::Point;
use crate::games::sauterelle::rules::Move;
use crate::games::sauterelle::setup::{CHECKERS, FIRST_PLAYER, OPTIONS, VARIANTS};
use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionSpec, Outcome, PositionError, Side,
    Variant,
};
use crate::text::{Lang, Text};
use crate::tx;

/// A valid Sauterelle position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    score: [u8; 2],
    last_scorer: Option<Side>,
    won: bool,
    to_move: Side,
    checkers: u8,
}

impl Position {
    /// The board and the bar.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub(super) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The points scored by `side`.
    pub fn points(&self, side: Side) -> u8 {
        self.score[side.index()]
    }

    /// The side that scored the last point, if any.
    pub fn last_scorer(&self) -> Option<Side> {
        self.last_scorer
    }

    /// The side that has scored two points in a row, if any: the winner.
    pub fn winner(&self) -> Option<Side> {
        self.last_scorer.filter(|_| self.won)
    }

    /// The number of checkers each side plays with.
    pub fn checkers(&self) -> u8 {
        self.checkers
    }

    /// Scores a point for `side` (a wall borne off): two in a row win.
    pub(super) fn score_point(&mut self, side: Side) {
        self.score[side.index()] = self.score[side.index()].saturating_add(1);
        if self.last_scorer == Some(side) {
            self.won = true;
        }
        self.last_scorer = Some(side);
    }

    /// Hands the turn to the other side.
    pub(super) fn end_turn(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// Reads a position string (see the module documentation) for a game played with
    /// `checkers` checkers each, `first` moving first from `start`.
    pub fn parse(
        text: &str,
        to_move: Option<Side>,
        checkers: u8,
        first: Side,
    ) -> Result<Position, PositionError> {
        let err = |t: Text| PositionError::new(t);
        let text = text.trim();
        if text.eq_ignore_ascii_case("start") {
            return Ok(Position {
                board: Board::with_bar([checkers, checkers]),
                score: [0, 0],
                last_scorer: None,
                won: false,
                to_move: to_move.unwrap_or(first),
                checkers,
            });
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [field, bar_w, bar_b, score, last, turn] = fields.as_slice() else {
            return Err(err(tx!("sauterelle-position-fields", count = fields.len())));
        };
        let mut board = Board::from_field(field).map_err(err)?;
        let number = |t: &str| {
            t.parse::<u8>()
                .map_err(|_| err(tx!("sauterelle-position-count", text = t)))
        };
        board.set_bar(Side::White, number(bar_w)?);
        board.set_bar(Side::Black, number(bar_b)?);
        let Some((score_w, score_b)) = score.split_once('-') else {
            return Err(err(tx!("sauterelle-position-score", text = *score)));
        };
        let score = [number(score_w)?, number(score_b)?];
        let (last_scorer, won) = match *last {
            "-" => (None, false),
            "w" => (Some(Side::White), false),
            "b" => (Some(Side::Black), false),
            "W" => (Some(Side::White), true),
            "B" => (Some(Side::Black), true),
            _ => {
                return Err(err(tx!("sauterelle-position-last", text = *last)));
            }
        };
        let written = match *turn {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            other => {
                return Err(err(tx!("sauterelle-position-turn", text = other)));
            }
        };
        let side = to_move.unwrap_or(written);
        let pos = Position {
            board,
            score,
            last_scorer,
            won,
            to_move: side,
            checkers,
        };
        pos.validate()?;
        Ok(pos)
    }

    /// Checks what the rules can never produce.
    fn validate(&self) -> Result<(), PositionError> {
        let err = |t: Text| Err(PositionError::new(t));
        for p in Point::all().take(6) {
            if let Stack::Wall(_) = self.board.stack(p) {
                return err(tx!("sauterelle-position-low-wall", point = p.to_string()));
            }
        }
        for side in Side::BOTH {
            let total = u32::from(self.board.bar(side))
                + self.board.on_points(side)
                + 2 * u32::from(self.points(side));
            let n = self.checkers;
            if total != u32::from(n) {
                return err(tx!(
                    "sauterelle-position-checkers",
                    side = side.said_first(GameKind::Sauterelle),
                    total = total,
                    count = n,
                ));
            }
        }
        match self.last_scorer {
            None if self.score != [0, 0] => err(tx!("sauterelle-position-scorer-missing")),
            Some(side) if self.points(side) < 1 + u8::from(self.won) => err(tx!(
                "sauterelle-position-scorer-points",
                side = side.said_first(GameKind::Sauterelle),
            )),
            _ => Ok(()),
        }
    }

    /// Writes the position string.
    pub fn string(&self) -> String {
        let last = match (self.last_scorer, self.won) {
            (None, _) => '-',
            (Some(Side::White), false) => 'w',
            (Some(Side::Black), false) => 'b',
            (Some(Side::White), true) => 'W',
            (Some(Side::Black), true) => 'B',
        };
        format!(
            "{} {} {} {}-{} {} {}",
            self.board.field(),
            self.board.bar(Side::White),
            self.board.bar(Side::Black),
            self.score[0],
            self.score[1],
            last,
            match self.to_move {
                Side::White => 'w',
                Side::Black => 'b',
            }
        )
    }
}

impl Game for Position {
    type Move = Move;
    type Notation = Notation;

    const KIND: GameKind = GameKind::Sauterelle;

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
        let checkers = options.get(CHECKERS).parse().unwrap_or(14);
        let first = Side::from_name(options.get(FIRST_PLAYER)).unwrap_or(Side::White);
        Position::parse(text, to_move, checkers, first)
    }

    fn position_string(&self) -> String {
        self.string()
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
        self.describe_move(m)
    }

    fn apply(&mut self, m: &Move) {
        self.play(m);
    }

    fn outcome(&self) -> Outcome {
        self.status()
    }

    fn result_tokens(&self) -> Option<String> {
        outcome::result_tokens(&self.status(), self.score)
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
            "white": self.points(Side::White),
            "black": self.points(Side::Black),
            "last_scorer": self.last_scorer.map(Side::name),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Position, PositionError> {
        Position::parse(text, None, 14, Side::White)
    }

    #[test]
    fn the_start_keyword_follows_the_options() {
        let p = parse("start").unwrap();
        assert_eq!(p.string(), "....../....../....../...... 14 14 0-0 - w");
        let p = Position::parse("START", None, 10, Side::Black).unwrap();
        assert_eq!(p.string(), "....../....../....../...... 10 10 0-0 - b");
    }

    #[test]
    fn position_strings_round_trip_including_a_won_game() {
        for text in [
            ".w..b./bW..../.B.b../...... 11 9 0-0 - w",
            "....../....../....../...... 10 12 2-1 W b",
            "....../....../....../wwbb.. 0 0 6-6 b w",
        ] {
            assert_eq!(parse(text).unwrap().string(), text);
        }
        assert_eq!(
            parse("....../....../....../...... 10 12 2-1 W b")
                .unwrap()
                .winner(),
            Some(Side::White)
        );
    }

    #[test]
    fn impossible_positions_are_refused_with_a_reason() {
        for (text, words) in [
            ("....../....../....../...... 14 14 0-0 -", "6 fields"),
            (
                "....../....../....../...... 13 14 0-0 - w",
                "White has 13 checkers",
            ),
            ("W...../....../....../...... 12 14 0-0 - w", "point 1"),
            ("....../....../....../...... 12 14 1-0 - w", "not 0-0"),
            (
                "....../....../....../...... 14 12 0-1 w w",
                "too few points",
            ),
            (
                "....../....../....../...... 12 14 1-0 W b",
                "too few points",
            ),
            ("....../....../....../...... 14 14 0:0 - w", "not a score"),
            ("....../....../....../...... 14 14 0-0 x w", "last scorer"),
            ("....../....../....../...... 14 14 0-0 - x", "side to move"),
            ("....../....../....../...... -1 14 0-0 - w", "`-1`"),
            ("....../....../....../...... 300 14 0-0 - w", "`300`"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.reason.en().contains(words), "{text}: {}", e.reason.en());
            assert!(!e.reason.fr().is_empty());
        }
    }
}
