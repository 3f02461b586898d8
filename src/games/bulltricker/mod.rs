//! Bulltricker (David Jonca, bulltricker.com), refereed by the play-by-message protocol of
//! the official site.
//!
//! The rules follow `shared/rules/bulltricker.md`: the 15x15 lattice of royal squares,
//! transversal and longitudinal rectangles and butées; pawns, queens and kings with every
//! blocking rule and the Coup Spécial; pawn chains and flying queen captures, compulsory
//! with queen priority; promotion; MAT, TRICK and PAT in the order of §6.4. The open points
//! of §11 are options ([`rules::OPTION_SPECS`]).
//!
//! # Layout
//!
//! - [`geometry`]: lattice points, cell kinds and the inscriptions naming them (`c5`,
//!   `c.h3`, `v4.2`).
//! - [`board`]: pieces and the board.
//! - [`rules`]: the options and their typed form.
//! - [`position`]: the position type and playing a move.
//! - [`setup`]: the position string and the validation of positions.
//! - [`movegen`]: legal moves and the capture obligation.
//! - [`captures`]: pawn chains, queen flying captures, end-to-end captures.
//! - [`outcome`]: MAT, TRICK, PAT and the result tokens.
//! - [`notation`]: reading and writing move messages.
//! - [`judge`]: resolving a message to a legal move and checking its claims.
//! - [`explain`]: reasons and descriptions in words (catalog messages).
//! - [`board_text`]: the text board.
//! - [`picture`]: the board picture (SVG, PNG for mail).
//!
//! ```
//! use arbitre::games::{AnyGame, GameKind, Start};
//!
//! let mut game = AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
//! let j = game.play("B.H2 b.h4").unwrap();
//! assert_eq!(j.line, "b.h2 b.h4");
//! assert_eq!(game.play("c5 b5").unwrap_err().line(), "ERR");
//! ```

pub mod board;
pub mod board_text;
pub mod captures;
mod engine;
pub mod explain;
pub mod geometry;
mod guide;
pub mod judge;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod picture;
pub mod position;
pub mod rules;
pub mod setup;

pub use board::{Board, Kind, Piece};
pub use geometry::{Cell, CellKind};
pub use moves::{Move, MoveKind};
pub use notation::Notation;
pub use outcome::{MAT, PAT, PAT_NO_MOVE, TRICK};
pub use position::Position;
pub use rules::Rules;

use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionSpec, Outcome, PositionError, Side,
    Variant,
};
use crate::text::{Lang, Text};

/// The named starts: the initial position of §2.
static VARIANTS: [Variant; 1] = [Variant {
    id: "standard",
    aliases: &["initial", "start", "départ", "position initiale"],
    position: setup::INITIAL,
}];

impl Game for Position {
    type Move = Move;
    type Notation = Notation;

    const KIND: GameKind = GameKind::Bulltricker;

    fn variants() -> &'static [Variant] {
        &VARIANTS
    }

    fn option_specs() -> &'static [OptionSpec] {
        &rules::OPTION_SPECS
    }

    fn from_position(
        text: &str,
        to_move: Option<Side>,
        options: &GameOptions,
    ) -> Result<Position, PositionError> {
        setup::read(text, to_move, Rules::from_options(options))
    }

    fn position_string(&self) -> String {
        setup::write(self)
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }

    fn check(&self, m: &Move) -> Result<(), Illegal> {
        judge::check(self, m)
    }

    fn read_notation(text: &str) -> Result<Notation, NotationError> {
        notation::read(text)
    }

    fn resolve(&self, notation: &Notation) -> Result<Move, Illegal> {
        judge::resolve(self, notation)
    }

    fn write_move(&self, m: &Move) -> String {
        notation::write(m, self.rules.capture_notation)
    }

    fn describe(&self, m: &Move) -> Text {
        explain::describe(self, m)
    }

    fn apply(&mut self, m: &Move) {
        self.play(m);
    }

    fn outcome(&self) -> Outcome {
        Position::outcome(self)
    }

    fn result_tokens(&self) -> Option<String> {
        outcome::result_tokens(Position::outcome(self))
    }

    fn board_picture(&self, last: Option<(&Self, &Move)>, caption: &str) -> Option<String> {
        Some(picture::draw(self, last, caption))
    }

    fn board_text(&self, lang: Lang, last: Option<&Move>) -> String {
        board_text::render(self, lang, last)
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}

/// Counts the leaves of the move tree `depth` plies deep ([`crate::games::perft`]'s
/// convention: a position where the game is over has no moves and adds nothing below its
/// depth). Generates each node's moves once (the generic perft asks for the outcome, which
/// generates them, before generating them again).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.ended.is_some() {
        return 0;
    }
    let mut moves = Vec::with_capacity(64);
    pos.generate(&mut moves);
    if moves.is_empty() {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play(m);
            perft(&child, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_start_is_the_initial_position_with_white_to_move() {
        let options = GameOptions::defaults(Position::option_specs());
        let pos =
            Position::from_position(Position::variants()[0].position, None, &options).unwrap();
        assert_eq!(pos.side_to_move(), Side::White);
        assert_eq!(pos.result_tokens(), None);
        assert_eq!(Game::legal_moves(&pos).len(), 50);
        assert_eq!(perft(&pos, 2), 2_500);
    }

    #[test]
    fn sides_are_named_white_and_black_blanc_and_noir() {}
}
