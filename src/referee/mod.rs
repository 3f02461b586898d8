//! The referee: a pure function from (stored state, one inbound message, now) to a
//! [`Decision`] (state changes and mails to send). No IO, no clock.

pub mod model;

pub use model::*;

use crate::games::Start;

/// What the daemon must look up in the store before the referee can decide on a message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lookup {
    /// The game named by a valid reply token in a recipient address (HMAC checked).
    pub token_game: Option<GameId>,
    /// The game named by a `[arbitre #N]` Subject tag.
    pub subject_game: Option<GameId>,
    /// Message-IDs to match against our outgoing mail (In-Reply-To, References).
    pub references: Vec<String>,
    /// Addresses the message names besides the sender (the opponent of a `NEW ... VS`).
    pub mentioned: Vec<String>,
}

/// Reads from a message what the daemon must look up (pure).
pub fn lookup(config: &RefereeConfig, msg: &Inbound) -> Lookup {
    let _ = (config, msg);
    Lookup::default()
}

/// Decides what to do with one inbound message (pure).
pub fn handle(config: &RefereeConfig, ctx: &Context, msg: &Inbound, now: Timestamp) -> Decision {
    let _ = (config, ctx, msg, now);
    Decision::default()
}

/// A game set up directly by a tournament director (`arbitre new`): no acceptance needed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameRequest {
    /// Which game.
    pub kind: crate::games::GameKind,
    /// Its start.
    pub start: Start,
    /// Options, `name=value` separated by commas.
    pub options: String,
    /// Address seated as White.
    pub white: String,
    /// Address seated as Black.
    pub black: String,
    /// Who created it (the director's address, or the bot's).
    pub created_by: String,
}

/// Creates a game directly and the mails announcing it to both players (pure).
pub fn create_game(
    config: &RefereeConfig,
    request: &NewGameRequest,
    players: &[Player],
    id: GameId,
    now: Timestamp,
) -> Result<Decision, crate::games::SetupError> {
    let _ = (config, request, players, id, now);
    Ok(Decision::default())
}
