//! Abalone (placeholder until the engine lands).

use crate::games::{
    Game, GameKind, GameOptions, Illegal, NotationError, Outcome, PositionError, Side, Variant,
};
use crate::text::{Lang, Text};

/// An Abalone position.
#[derive(Clone, Debug)]
pub struct Position;

impl Game for Position {
    type Move = ();
    type Notation = ();
    const KIND: GameKind = GameKind::Abalone;
    fn variants() -> &'static [Variant] {
        &[Variant {
            id: "standard",
            aliases: &[],
            en: "Standard",
            fr: "Standard",
            position: "",
        }]
    }
    fn from_position(_: &str, _: Option<Side>, _: &GameOptions) -> Result<Self, PositionError> {
        Err(PositionError::new(Text::new("not yet", "pas encore")))
    }
    fn position_string(&self) -> String {
        String::new()
    }
    fn side_to_move(&self) -> Side {
        Side::Black
    }
    fn legal_moves(&self) -> Vec<()> {
        vec![]
    }
    fn check(&self, _: &()) -> Result<(), Illegal> {
        Ok(())
    }
    fn read_notation(t: &str) -> Result<(), NotationError> {
        Err(NotationError::new(t, Text::default()))
    }
    fn resolve(&self, _: &()) -> Result<(), Illegal> {
        Ok(())
    }
    fn write_move(&self, _: &()) -> String {
        String::new()
    }
    fn describe(&self, _: &()) -> Text {
        Text::default()
    }
    fn apply(&mut self, _: &()) {}
    fn outcome(&self) -> Outcome {
        Outcome::Ongoing
    }
    fn result_tokens(&self) -> Option<String> {
        None
    }
    fn board_text(&self, _: Lang, _: Option<&()>) -> String {
        String::new()
    }
}
