//! The capabilities every game offers, as one trait, and the errors of reading a move.
//!
//! A game module provides a position type implementing [`Game`]. Everything in it is pure:
//! no IO, no clock, no randomness. Reading a move goes in two stages, as in shakmaty:
//!
//! 1. [`Game::read_notation`]: text to notation, without the board. Failure is a
//!    [`NotationError`]: "this is not a move", naming the token and why.
//! 2. [`Game::resolve`]: notation to a legal move of the position. Failure is an
//!    [`Illegal`]: the reason in words, and the protocol line to answer (`ERR`, or for
//!    Bulltricker `ERR !! a.h1` when a compulsory capture was missed).
//!
//! Whose turn it is and whether the game is already over are checked around these, by
//! [`crate::games::AnyGame`] and the referee.

use std::fmt::Debug;
use std::hash::Hash;

use thiserror::Error;

use crate::games::{GameKind, GameOptions, OptionSpec, Outcome, Side, Variant};
use crate::text::{Lang, Text};

/// Stage one failed: the text is not a move of this game's notation.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("not a move: `{token}`: {}", reason.en())]
pub struct NotationError {
    /// The offending token (or the whole text when no token could be isolated).
    pub token: String,
    /// Why, in words.
    pub reason: Text,
}

impl NotationError {
    /// Builds the error.
    pub fn new(token: impl Into<String>, reason: Text) -> NotationError {
        NotationError {
            token: token.into(),
            reason,
        }
    }
}

/// Stage two failed: the move is well written but not legal here.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{line}: {}", reason.en())]
pub struct Illegal {
    /// Why, in words ("2 marbles cannot push 2").
    pub reason: Text,
    /// The protocol line to answer: `ERR` unless the game's protocol says more.
    pub line: String,
}

impl Illegal {
    /// An illegal move answered with a plain `ERR`.
    pub fn new(reason: Text) -> Illegal {
        Illegal {
            reason,
            line: "ERR".to_string(),
        }
    }

    /// An illegal move answered with a specific protocol line (`ERR !! a.h1 a.h8`).
    pub fn with_line(reason: Text, line: impl Into<String>) -> Illegal {
        Illegal {
            reason,
            line: line.into(),
        }
    }
}

/// A position string (or a named start) that does not describe a playable position.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("invalid position: {}", reason.en())]
pub struct PositionError {
    /// Why, in words.
    pub reason: Text,
}

impl PositionError {
    /// Builds the error.
    pub fn new(reason: Text) -> PositionError {
        PositionError { reason }
    }
}

/// One game recorded in a file, as read by [`Game::read_records`], before it is replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedGame {
    /// How to name this game in messages (`MIGS 29813`, or `game 3`).
    pub label: String,
    /// Header tags in file order (`Event`, `Plies`, ...), if the format has any.
    pub tags: Vec<(String, String)>,
    /// The named start given by the record, if any.
    pub variant: Option<String>,
    /// The start position string given by the record, if any (wins over `variant`).
    pub position: Option<String>,
    /// The moves, in order, as written.
    pub moves: Vec<RecordedMove>,
    /// The result the record states, if it states one.
    pub declared: Option<DeclaredResult>,
    /// The number of plies the record states, if it states one.
    pub declared_plies: Option<usize>,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move as written (one token, or one protocol line).
    pub text: String,
    /// Its move number in the record's own numbering, for error messages.
    pub number: usize,
}

/// A result stated by a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaredResult {
    /// This side won.
    Won(Side),
    /// Drawn.
    Draw,
    /// Explicitly unknown or unfinished (`*`): the rules must not have ended the game.
    Unfinished,
}

/// A game's rules, notation and board, on one position type.
///
/// Implementors hold a *valid* position: the only ways to build one are
/// [`Game::from_position`] (which validates) and playing legal moves.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// A move of this game, resolved against a position.
    type Move: Clone + Debug + PartialEq + Eq + Hash + Send + Sync;
    /// A move as written, read without the board.
    type Notation: Clone + Debug;

    /// Which game this is.
    const KIND: GameKind;

    /// The named starting positions; the first is the default.
    fn variants() -> &'static [Variant];

    /// The options of this game (may be empty).
    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    /// Builds a position from its one-line string, optionally overriding the side to move.
    fn from_position(
        text: &str,
        to_move: Option<Side>,
        options: &GameOptions,
    ) -> Result<Self, PositionError>;

    /// Writes the one-line position string ([`Game::from_position`] reads it back).
    fn position_string(&self) -> String;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;

    /// Every legal move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Whether `m` is legal here, with the reason when it is not.
    fn check(&self, m: &Self::Move) -> Result<(), Illegal>;

    /// Stage one: reads one move from text (one token, or one protocol line), strictly.
    fn read_notation(text: &str) -> Result<Self::Notation, NotationError>;

    /// Stage two: the legal move a notation stands for, or why there is none.
    fn resolve(&self, notation: &Self::Notation) -> Result<Self::Move, Illegal>;

    /// The canonical text of legal move `m` in this position (before it is played).
    fn write_move(&self, m: &Self::Move) -> String;

    /// What legal move `m` does, in words (moved pieces, captures, score), before it is played.
    fn describe(&self, m: &Self::Move) -> Text;

    /// Plays legal move `m`. Trusted: the caller has checked legality.
    fn apply(&mut self, m: &Self::Move);

    /// How the game stands.
    fn outcome(&self) -> Outcome;

    /// The protocol tokens written after the last move when the game has ended by the rules
    /// (`WW MAT`, `PAT`, Abalone's `6-3`); `None` while it goes on.
    fn result_tokens(&self) -> Option<String>;

    /// The pass the side to move must make, when it has no other move and the game's rules
    /// make it pass rather than end the game. The referee plays it and announces it.
    fn forced_pass(&self) -> Option<Self::Move> {
        None
    }

    /// A monospace board with coordinates, `last` marked if given.
    fn board_text(&self, lang: Lang, last: Option<&Self::Move>) -> String;

    /// The board as a picture (an SVG document, see [`crate::render`]): coordinates as the
    /// notation names them, `last` (the last move, with the position before it) marked,
    /// `caption` written under the board.
    fn board_picture(&self, last: Option<(&Self, &Self::Move)>, caption: &str) -> Option<String> {
        let _ = (last, caption);
        None
    }

    /// The score as JSON, for games that keep one (Abalone: marbles pushed off by each side).
    fn score(&self) -> Option<serde_json::Value> {
        None
    }

    /// Reads a file of recorded games. The default reads one game: one move per line,
    /// optional move numbers (`12.` or `12...`), blank lines and `#` comments ignored.
    fn read_records(text: &str) -> Result<Vec<RecordedGame>, String> {
        Ok(vec![super::record::read_line_per_move(text)])
    }

    /// Counts the leaf nodes of the move tree `depth` plies deep. A position where the game
    /// is over has no moves: below its depth it adds nothing; a forced pass is one move.
    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }
}
