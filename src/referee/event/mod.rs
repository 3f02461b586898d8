//! Events in play: the referee turns an event's pairings into games and mails. Starting an
//! event numbers its players and pairs its first round (every round at once for a round
//! robin); when a round's games are all over, the next round is paired (Swiss), the
//! mini-matches decided (knock-out), or the event finished with the final crosstable sent
//! to everyone; a player who withdraws has their unfinished games decided by the ICCF rule.
//! Each step is one [`Decision`] committed like any other, with the event's new state, so
//! that a round is paired exactly once whoever runs the step and however often. Pure.
//!
//! `view.rs` holds what an event shows without changing it (its table, standings,
//! conditions), for the pages, the command line and the mails alike; `steps.rs` the steps
//! that change it. Both are named `referee::event::...`.

use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;

use crate::games::{AnyGame, GameKind, Side, Start, Termination};
use crate::referee::compose::Mailer;
use crate::referee::desk::display_name;
use crate::referee::direct::{self, Directed, GameAction, Reason, Refused, Verdict};
use crate::referee::{
    Context, Decision, GameId, GameStatus, GameTerms, NewGameRequest, Player, RefereeConfig,
    StoredGame, Timestamp,
};
use crate::t;
use crate::text::Lang;
use crate::tournament::crosstable::{self, Labels, Shape};
use crate::tournament::event::{
    EntryStatus, EventStatus, GameScore, Outcome, Pairing, StoredEvent, System,
};
use crate::tournament::record::{ByeKind, Colour, GameResult, Table, Tpn};
use crate::tournament::tiebreak::{self, TieBreak};
use crate::tournament::{berger, dutch, knockout, withdrawal};

mod steps;
pub mod view;

pub use steps::*;
pub use view::*;

/// The termination of a game lost by forfeit when the opponent withdrew from the event.
pub const FORFEIT: &str = "forfeit";
/// The termination of a game cancelled when a player withdrew from the event.
pub const WITHDRAWAL: &str = "withdrawal";
