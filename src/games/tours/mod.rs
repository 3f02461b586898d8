//! La Bataille des Tours (Battle of Towers), as specified in `rules/other-games.md`, section 3.
//!
//! Two players on a chessboard, each with 8 rounds and 8 squares. A round steps diagonally
//! forward, a square straight forward or sideways; own pieces stack into composite pieces of
//! up to 3, which move as a whole (as far as they hold pieces of the gait used) or deploy,
//! one piece per cell. Landing on an enemy piece or stack captures it whole. Composite pieces
//! bounce off the side edges. The first player to put a piece beyond the opponent's back
//! edge, or to capture every enemy piece, wins.
//!
//! Where the spec records an interpretation, the recommended one is the default, and the
//! open choices are options ([`OPTIONS`]): `rebound` (T-Q3), `repetition` and `no-progress`
//! (T-Q10). The other variant, `light-corner`, is the set-up with a light a1 (T-Q2).
//!
//! The module is split by concept:
//! - [`cell`]: cells, the far edge, steps and the rebound;
//! - [`stack`]: rounds, squares and stacks; [`board`]: the board and its placement string;
//! - [`moves`]: actions, whole-stack moves and playing them; [`deploy`]: deployments;
//! - [`position`]: the validated position, legal actions, history, outcome; [`outcome`]: the
//!   terminations and result tokens;
//! - [`notation`]: reading and writing actions; [`explain`]: why an action is refused;
//!   [`describe`]: what an action does; [`board_text`]: the board for mail; [`picture`]: the
//!   board as a picture; [`words`]: the bilingual vocabulary they share.

pub mod board;
pub mod board_text;
pub mod cell;
pub mod deploy;
pub mod describe;
mod engine;
pub mod explain;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod picture;
pub mod position;
pub mod stack;
pub mod words;

pub use cell::{Cell, Target};
pub use moves::{Drops, Move};
pub use notation::Notation;
pub use position::{Position, Rules};
pub use stack::{Kind, Stack};

use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, OptionSpec, Outcome, PositionError, Side,
    Variant,
};
use crate::text::{Lang, Text};
use crate::tx;

/// The named starts. The standard one (T-Q1, T-Q2): squares on the dark cells and rounds on
/// the light cells of each side's first two ranks, a1 dark, White to move.
pub static VARIANTS: [Variant; 2] = [
    Variant {
        id: "standard",
        aliases: &["start", "classic", "classique", "depart", "départ"],
        position: "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w",
    },
    Variant {
        id: "light-corner",
        aliases: &["a1-light", "coin-clair", "a1-clair"],
        position: "srsrsrsr/rsrsrsrs/8/8/8/8/SRSRSRSR/RSRSRSRS w",
    },
];

/// The options, each defaulting to the spec's recommendation.
pub static OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        name: "rebound",
        values: &["on", "off"],
        default: "on",
    },
    OptionSpec {
        name: "repetition",
        values: &["threefold", "off"],
        default: "threefold",
    },
    OptionSpec {
        name: "no-progress",
        values: &["off", "50", "100"],
        default: "off",
    },
];

impl Game for Position {
    type Move = Move;
    type Notation = Notation;

    const KIND: GameKind = GameKind::Tours;

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
    ) -> Result<Position, PositionError> {
        Position::from_position(text, to_move, options)
    }

    fn position_string(&self) -> String {
        Position::position_string(self)
    }

    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self)
    }

    fn check(&self, m: &Move) -> Result<(), Illegal> {
        if self.outcome().is_over() {
            return Err(game_over());
        }
        if self.actions_from(m.from()).contains(m) {
            return Ok(());
        }
        Err(match m {
            Move::Shift { from, to } => self.why_not_shift(*from, *to),
            Move::Deploy { from, drops } => self.why_not_deploy(*from, drops.as_slice()),
        })
    }

    fn read_notation(text: &str) -> Result<Notation, NotationError> {
        notation::read(text)
    }

    fn resolve(&self, notation: &Notation) -> Result<Move, Illegal> {
        if self.outcome().is_over() {
            return Err(game_over());
        }
        match notation {
            Notation::Shift { from, to, capture } => {
                let m = Move::Shift {
                    from: *from,
                    to: *to,
                };
                if !self.actions_from(*from).contains(&m) {
                    return Err(self.why_not_shift(*from, *to));
                }
                if *capture && !self.is_capture(&m) {
                    let enemy = self.side_to_move().opponent().name();
                    return Err(Illegal::new(match to {
                        Target::Off => tx!("tours-capture-off", from = from.to_string()),
                        Target::Cell(c) => tx!(
                            "tours-capture-nothing",
                            cell = c.to_string(),
                            owner = enemy,
                            from = from.to_string()
                        ),
                    }));
                }
                Ok(m)
            }
            Notation::Deploy { from, targets } => {
                let found = Drops::from_slice(targets)
                    .map(|drops| Move::Deploy { from: *from, drops })
                    .filter(|m| self.actions_from(*from).contains(m));
                found.ok_or_else(|| self.why_not_deploy(*from, targets))
            }
        }
    }

    fn write_move(&self, m: &Move) -> String {
        notation::write(m, self.is_capture(m))
    }

    fn describe(&self, m: &Move) -> Text {
        self.describe_move(m)
    }

    fn apply(&mut self, m: &Move) {
        Position::apply(self, m);
    }

    fn outcome(&self) -> Outcome {
        Position::outcome(self)
    }

    fn result_tokens(&self) -> Option<String> {
        outcome::result_tokens(&self.outcome())
    }

    fn board_picture(&self, last: Option<(&Self, &Move)>, caption: &str) -> Option<String> {
        Some(picture::draw(self, last, caption))
    }

    fn board_text(&self, lang: Lang, last: Option<&Move>) -> String {
        Position::board_text(self, lang, last)
    }

    fn perft(&self, depth: u32) -> u64 {
        Position::perft(self, depth)
    }
}

/// The refusal of any action once the game has ended.
fn game_over() -> Illegal {
    Illegal::new(tx!("tours-game-over"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::from_position(VARIANTS[0].position, None, &GameOptions::defaults(&OPTIONS))
            .unwrap()
    }

    #[test]
    fn every_legal_action_is_checked_legal_and_reads_back() {
        let pos = start();
        for m in pos.legal_moves() {
            assert_eq!(pos.check(&m), Ok(()));
            let text = pos.write_move(&m);
            let back = pos.resolve(&Position::read_notation(&text).unwrap());
            assert_eq!(back, Ok(m), "{text}");
        }
    }

    #[test]
    fn the_options_default_to_the_recommended_rules() {
        let o = GameOptions::defaults(&OPTIONS);
        assert_eq!(Rules::from_options(&o), Rules::STANDARD);
        let o = GameOptions::parse(&OPTIONS, "rebound=off,no-progress=50").unwrap();
        let rules = Rules::from_options(&o);
        assert!(!rules.rebound && rules.repetition);
        assert_eq!(rules.no_progress, Some(100));
    }

    #[test]
    fn the_light_corner_variant_swaps_rounds_and_squares() {
        let light =
            Position::from_position(VARIANTS[1].position, None, &GameOptions::default()).unwrap();
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(
            light.board().get(a1).and_then(Stack::simple_kind),
            Some(Kind::Round)
        );
        assert_eq!(light.legal_moves().len(), start().legal_moves().len());
    }

    #[test]
    fn x_must_announce_a_real_capture() {
        let pos = start();
        let e = pos
            .resolve(&Position::read_notation("b2xb3").unwrap())
            .unwrap_err();
        assert!(
            e.reason.en().contains("b3 holds no Black piece"),
            "{}",
            e.reason.en()
        );
        assert!(
            e.reason.fr().contains("aucune pièce noire"),
            "{}",
            e.reason.fr()
        );
    }

    #[test]
    fn the_guide_exists_in_both_languages() {
        assert!(GameKind::Tours.guide(Lang::EN).contains("d4>d5,c6,b7"));
        assert!(GameKind::Tours.guide(Lang::FR).contains("d4>d5,c6,b7"));
        assert_ne!(
            GameKind::Tours.guide(Lang::EN),
            GameKind::Tours.guide(Lang::FR)
        );
    }

    #[test]
    fn the_guide_page_holds_both_texts_the_referee_sends() {
        let page = include_str!("../../../docs/guides/tours.md");
        for lang in Lang::ALL {
            assert!(
                page.contains(GameKind::Tours.guide(lang)),
                "docs/guides/tours.md lacks the {lang} guide"
            );
        }
    }
}
