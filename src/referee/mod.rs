//! The referee: a pure function from (stored state, one inbound message, now) to a
//! [`Decision`] (state changes and mails to send). No IO, no clock.
//!
//! # Layout
//!
//! - [`model`]: the data (players, stored games, one inbound message, the decision).
//! - [`read`]: the candidate lines of a message, cleaned of mail-client typography.
//! - [`command`]: the commands (English and French keywords) and `NEW ... VS ...`.
//! - [`token`]: per-game, per-player reply addresses carrying an HMAC.
//! - [`route`]: which game a message is about.
//! - [`mod@handle`]: the guards and the dispatch; [`challenge`]: new games and
//!   invitations; [`play`]: moves, draws, resignation, views.
//! - [`terms`]: each game's result lines and end-of-game record.
//! - [`compose`]: Message-IDs, threading and reply addresses of outgoing mail.
//! - [`reply`]: every word sent to players, in English and French.

pub mod challenge;
pub mod command;
pub mod compose;
pub mod handle;
pub mod model;
pub mod play;
pub mod read;
pub mod reply;
pub mod route;
pub mod terms;
pub mod token;

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
    let reading = command::read_command(&read::candidates(msg));
    let mentioned = match reading.command {
        command::Command::New(Ok(challenge)) => vec![challenge.opponent],
        _ => Vec::new(),
    };
    Lookup {
        token_game: token::seat_in(config, &msg.recipients).map(|seat| seat.game),
        subject_game: read::subject_tag(&msg.subject),
        references: msg.references.clone(),
        mentioned,
    }
}

/// Decides what to do with one inbound message (pure).
pub fn handle(config: &RefereeConfig, ctx: &Context, msg: &Inbound, now: Timestamp) -> Decision {
    handle::handle(config, ctx, msg, now)
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
    challenge::create_game(config, request, players, id, now)
}
