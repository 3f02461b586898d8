//! The events' step: after the clock and the mailbox have moved games on, each running
//! event whose round is over gets its next step ([`referee::event::progress`]): the next
//! round paired and its games started, more games for tied mini-matches, or the final
//! crosstable. Each event is decided and committed in its own transaction, reading the
//! event inside it, so a round is paired once whoever runs the step and however often;
//! the mails leave through the outbox like any other.

use crate::referee::event::{self, EventDesk};
use crate::referee::{RefereeConfig, Timestamp};
use crate::store::{Store, StoreError};

/// Moves on every running event that can move; returns the summaries and the number of
/// mails queued. An event the referee cannot move (its pairing fails) is logged and left.
pub fn advance(
    store: &mut Store,
    config: &RefereeConfig,
    now: Timestamp,
) -> Result<(Vec<String>, usize), StoreError> {
    let mut summaries = Vec::new();
    let mut mails = 0;
    for name in store.running_events()? {
        let done = store.immediate(|s| {
            let Some(stored) = s.event(&name)? else {
                return Ok(None);
            };
            let games = s.event_games(stored.id)?;
            let players = s.event_players(&stored)?;
            let ratings = s.pool_ratings(&stored.conditions.game, now)?;
            let desk = EventDesk {
                ratings: &ratings,
                config,
                games: &games,
                players: &players,
                next_game_id: s.next_game_id()?,
                now,
            };
            match event::progress(&desk, &stored) {
                Ok(Some(decision)) => {
                    s.commit(&decision, None, now)?;
                    Ok(Some(Ok((decision.summary, decision.outbox.len()))))
                }
                Ok(None) => Ok(None),
                Err(refused) => Ok(Some(Err(refused.0))),
            }
        })?;
        match done {
            Some(Ok((summary, queued))) => {
                summaries.push(summary);
                mails += queued;
            }
            Some(Err(why)) => {
                tracing::error!(event = %name, cause = %why, "the event cannot move on");
            }
            None => {}
        }
    }
    Ok((summaries, mails))
}
