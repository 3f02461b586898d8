//! The bodies and Subjects of the mails arbitre sends players, one file per kind of mail.
//!
//! The decision logic ([`crate::referee::handle`] and the command files it calls) picks
//! what to say; these files say it, through the message catalogs (`locales/<lang>/*.ftl`,
//! read with [`crate::t!`]), so that every language is written in its own files and none
//! is a translation kept beside another in code. Protocol lines (`ERR`, `PAT`, `WW MAT`, a
//! canonical move) are not wording: they are passed in and written first, unchanged, in
//! every language. No function here ever writes a mail address other than the recipient's
//! own reply address: opponents are named by their display name or as "your opponent".
//!
//! | file | mails |
//! |---|---|
//! | `subject.rs` | every Subject line |
//! | `parts.rs` | the pieces the others share: names, sides, the position, how to answer, results, the help |
//! | `routing.rs` | oversized or unproven mail, wrong reply addresses, the rate limit, game lists |
//! | `settings.rs` | the words passed on with a move; CHAT, PICTURES, PUBLIC, TZ, LANG |
//! | `clock_mail.rs` | reminders, a director's change, CLOCK |
//! | `challenge.rs` | NEW, invitations and their answers, the start of a game |
//! | `refusal.rs` | game states that refuse a command |
//! | `moves.rs` | forwards, confirmations, refused moves, BOARD, CHECK |
//! | `takeback.rs` | UNDO, HISTORY |
//! | `conditional.rs` | conditional moves |
//! | `end.rs` | draw offers and the closing mail |
//!
//! What a file keeps to itself is private to it; what several share is `pub(super)`; what
//! the rest of the referee calls is re-exported here, so it is named `reply::...` alone.

use crate::games::{AnyGame, GameKind, Judgement, OptionError, SetupError, Side, Termination};
use crate::referee::chat::{self, Words};
use crate::referee::check::{DryRun, NoRun, Step};
use crate::referee::clock_text::{self, ClockView};
use crate::referee::command::NewError;
use crate::referee::conditions::{Line, LineError};
use crate::referee::terms::{self, Numberer, Ply};
use crate::referee::{GameId, GameResult, GameStatus, StoredGame};
use crate::t;
use crate::text::Lang;

/// A game as one player sees it.
#[derive(Clone, Debug)]
pub struct Seen<'a> {
    /// The stored game (after the change being announced).
    pub stored: &'a StoredGame,
    /// The live game (after the change).
    pub live: &'a AnyGame,
    /// The recipient's seat.
    pub you: Side,
    /// The opponent's display name, if known.
    pub opponent: Option<String>,
    /// The recipient's own reply address for this game, if plus-addressing is on.
    pub reply_to: Option<String>,
    /// The game's clocks as the recipient sees them, when it has a clock.
    pub clock: Option<ClockView>,
}

/// What a one-line entry of a game list says about the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Active, the reader is to move.
    YourTurn,
    /// Active, the opponent is to move.
    TheirTurn,
    /// The reader is invited and may accept.
    InvitedYou,
    /// The reader invited the opponent, who has not answered.
    InvitedThem,
    /// Over, with this result line.
    Finished(String),
    /// The invitation was declined.
    Declined,
}

/// One line of a game list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game number.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// The reader's side, named by the game.
    pub you: String,
    /// The opponent's display name, if known.
    pub opponent: Option<String>,
    /// Where it stands.
    pub state: State,
    /// The reader's reply address for it, if any.
    pub reply_to: Option<String>,
}

/// What ended a game, for the closing mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending<'a> {
    /// The rules, after this move.
    Move(&'a Judgement),
    /// A player resigned.
    Resigned(Side),
    /// Both agreed to a draw.
    AgreedDraw,
    /// A `PAT` claim the rules confirm.
    ClaimConfirmed,
    /// The player seated as `loser` ran out of time; `when` is the instant their time ran
    /// out, written for the reader.
    TimedOut {
        /// Who ran out of time.
        loser: Side,
        /// When, in the reader's words.
        when: &'a str,
    },
    /// The first move never came in time: the game is cancelled.
    Cancelled {
        /// When the time for it ran out, in the reader's words.
        when: &'a str,
    },
    /// A tournament director decided the result (or cancelled the game), for `reason`.
    Adjudicated {
        /// The reason they gave.
        reason: &'a str,
        /// Whether they cancelled the game rather than decide a result.
        cancelled: bool,
    },
    /// The rules, after the move `mine`, a conditional move prepared in answer to `theirs`.
    Answered {
        /// The opponent's move that the line expected.
        theirs: &'a Judgement,
        /// The prepared answer, which ended the game.
        mine: &'a Judgement,
    },
}

/// What else a move's mail tells the player who did not make it.
#[derive(Clone, Copy, Debug, Default)]
pub struct News<'a> {
    /// The move declined the reader's standing draw offer.
    pub offer_declined: bool,
    /// The move let the reader's take-back request lapse.
    pub undo_lapsed: bool,
    /// The reader's conditional moves the move dropped.
    pub dropped: &'a [Line],
    /// The move was the mover's conditional move, played by arbitre.
    pub prepared: bool,
}

/// Why no game was found for a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoGame {
    /// No active game (for moves and game commands).
    NoActive,
    /// Nothing to accept or decline.
    NothingToAnswer,
}

/// The topic of a mail that is about no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// The help text.
    Help,
    /// The list of games.
    Games,
    /// The language setting.
    Language,
    /// The setting for opponents' words (`CHAT`).
    Chat,
    /// The setting for board pictures (`PICTURES`).
    Pictures,
    /// The setting for the public pages (`PUBLIC`).
    Public,
    /// The name shown (`NAME`).
    Name,
    /// A problem with the message.
    Problem,
    /// A new game challenge.
    Challenge,
    /// Which game?
    WhichGame,
    /// The time zone setting (`TZ`).
    Zone,
    /// Leave (`LEAVE`).
    Leave,
    /// A phone and SMS (`PHONE`, `NOTIFY`).
    Phone,
    /// An event (`JOIN`, `STANDINGS`, `WITHDRAW`).
    Tournament,
}

mod challenge;
mod clock_mail;
mod conditional;
mod end;
mod moves;
mod parts;
mod refusal;
mod routing;
mod settings;
mod subject;
mod takeback;
#[cfg(test)]
mod tests;

pub use challenge::*;
pub use clock_mail::*;
pub use conditional::*;
pub use end::*;
pub use moves::*;
use parts::*;
pub use parts::{game_help, help, not_understood, result_text};
pub use refusal::*;
pub use routing::*;
pub use settings::*;
pub use subject::*;
pub use takeback::*;
