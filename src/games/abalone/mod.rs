//! Abalone, refereed in Aba-Pro notation.
//!
//! * [`cell`]: the 61 cells and six directions; [`bits`]: sets of cells as masks.
//! * [`board`]: marbles, ejection counters and side to move; [`moves`]: a move.
//! * [`movegen`]: legal moves by bit masks (and a fast perft); [`rules`]: the same rules
//!   cell by cell, with the reasons an illegal move is refused and descriptions in words.
//! * [`position`]: a position with its optional end-of-game rules and its outcome.
//! * [`notation`]: reading one Aba-Pro move strictly, writing the canonical token.
//! * [`setup`]: position strings (compact, comma and APGN formats); [`variants`]: the
//!   named starts.
//! * [`records`]: reading move lists and APGN files; [`apgn`]: reading and writing APGN.
//! * [`board_text`]: the text board; [`picture`]: the board as a picture (SVG).
//!
//! Choices where the rules leave room (each documented where it is made):
//! * the canonical position string is the compact format plus the side to move
//!   (`0a12345b123456c345_0g567h456789i56789 b`);
//! * the result tokens of a won game are the score, winner's count first (`6-3`); a draw by
//!   the optional rules or by lack of moves is `DRAW` and the score, Black's count first;
//! * a side with no legal move draws the game (`no-legal-move`);
//! * repetition and move-limit rules are options, off by default.

pub mod apgn;
pub mod bits;
pub mod board;
pub mod board_text;
pub mod cell;
mod engine;
mod guide;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod picture;
pub mod position;
pub mod records;
pub mod rules;
pub mod setup;
pub mod variants;

pub use board::Board;
pub use cell::{Cell, Dir};
pub use moves::Move;
pub use notation::Notation;
pub use position::{MOVE_LIMIT, NO_LEGAL_MOVE, Position, REPETITION, Rules, SIX_EJECTED};

use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionSpec, Outcome, PositionError,
    RecordedGame, Side, Variant,
};
use crate::text::{Lang, Text};

impl Game for Position {
    type Move = Move;
    type Notation = Notation;

    const KIND: GameKind = GameKind::Abalone;

    fn variants() -> &'static [Variant] {
        &variants::VARIANTS
    }

    fn option_specs() -> &'static [OptionSpec] {
        &position::OPTION_SPECS
    }

    fn from_position(
        text: &str,
        to_move: Option<Side>,
        options: &GameOptions,
    ) -> Result<Position, PositionError> {
        let (mut board, _) = setup::read(text)?;
        if let Some(side) = to_move {
            board.to_move = side;
        }
        Ok(Position::new(board, Rules::from_options(options)))
    }

    fn position_string(&self) -> String {
        setup::write(&self.board)
    }

    fn side_to_move(&self) -> Side {
        self.board.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        // Each move's place computed once, not at every comparison.
        let mut keyed: Vec<(u64, Move)> = movegen::generate(&self.board)
            .into_iter()
            .map(|m| (m.order(), m))
            .collect();
        keyed.sort_unstable_by_key(|(order, _)| *order);
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    fn check(&self, m: &Move) -> Result<(), Illegal> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(Illegal::new(crate::tx!("abalone-game-over")));
        }
        rules::check(&self.board, m)
    }

    fn read_notation(text: &str) -> Result<Notation, NotationError> {
        notation::read(text)
    }

    fn resolve(&self, notation: &Notation) -> Result<Move, Illegal> {
        rules::resolve(&self.board, notation)
    }

    fn write_move(&self, m: &Move) -> String {
        notation::write(m)
    }

    fn describe(&self, m: &Move) -> Text {
        rules::describe(&self.board, m)
    }

    fn apply(&mut self, m: &Move) {
        self.board.apply(m);
        self.ply += 1;
        if self.rules.repetition > 0 {
            self.seen.push(self.board);
        }
    }

    fn outcome(&self) -> Outcome {
        Position::outcome(self)
    }

    fn result_tokens(&self) -> Option<String> {
        let b = self.board.ejected_by(Side::Black);
        let w = self.board.ejected_by(Side::White);
        match self.outcome() {
            Outcome::Ongoing => None,
            Outcome::Won { winner, .. } => Some(match winner {
                Side::Black => format!("{b}-{w}"),
                Side::White => format!("{w}-{b}"),
            }),
            Outcome::Drawn { .. } => Some(format!("DRAW {b}-{w}")),
        }
    }

    fn board_picture(&self, last: Option<(&Self, &Move)>, caption: &str) -> Option<String> {
        Some(picture::draw(self, last, caption))
    }

    fn board_text(&self, lang: Lang, last: Option<&Move>) -> String {
        board_text::draw(&self.board, lang, last)
    }

    fn score(&self) -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "black": self.board.ejected_by(Side::Black),
            "white": self.board.ejected_by(Side::White),
        }))
    }

    fn read_records(text: &str) -> Result<Vec<RecordedGame>, String> {
        records::read(text)
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.rules.is_official() {
            movegen::perft(&self.board, depth)
        } else {
            crate::games::perft::perft(self, depth)
        }
    }
}

#[cfg(test)]
mod tests {
    use rand_core::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::games::GameOptions;

    #[test]
    fn legal_moves_come_in_the_order_of_their_tokens() {
        // The search takes the moves in this order among equal guesses, so a search is a
        // function of the position; the order is the tokens' own, read here from the tokens
        // themselves along random games from every variant's start.
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        let options = GameOptions::defaults(Position::option_specs());
        let mut checked = 0;
        for variant in Position::variants().iter().cycle().take(24) {
            let mut p = Position::from_position(variant.position, None, &options).unwrap();
            for _ in 0..80 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let tokens: Vec<String> = moves.iter().map(notation::write).collect();
                for pair in tokens.windows(2) {
                    assert!(pair[0] < pair[1], "{} before {}", pair[0], pair[1]);
                }
                checked += moves.len();
                p.apply(&moves[(rng.next_u64() % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 50_000, "{checked} moves");
    }
}
