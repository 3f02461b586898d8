//! The events' step: after the clock and the mailbox have moved games on, each running
//! event whose round is over gets its next step ([`crate::referee::event::progress`]):
//! the next round paired and its games started, more games for tied mini-matches, or the
//! final crosstable. Each event is decided and committed in its own
//! [`crate::store::Store::decide`], reading the event inside it, so a round is paired once
//! whoever runs the step and however often; the mails leave through the outbox like any
//! other. An event whose round is not over costs a read, no write; an event that cannot be
//! read is logged and left, and never stops the clock of the other games; one that cannot
//! move on (no pairing satisfies the absolute criteria) is logged and its directors told by
//! mail, once per reason.

use crate::referee::event;
use crate::referee::{RefereeConfig, Timestamp};
use crate::store::{Answering, At, Decided, Settled, Store, StoreError};

/// Moves on every running event that can move; returns the summaries and the number of
/// mails queued.
pub fn advance(
    store: &mut Store,
    config: &RefereeConfig,
    now: Timestamp,
) -> Result<(Vec<String>, usize), StoreError> {
    let mut summaries = Vec::new();
    let mut mails = 0;
    for name in store.running_events()? {
        match advance_one(store, config, &name, now) {
            Ok(Some(Ok((summary, queued)))) => {
                summaries.push(summary);
                mails += queued;
            }
            Ok(Some(Err(why))) => {
                tracing::error!(event = %name, cause = %why, "the event cannot move on");
            }
            Ok(None) => {}
            Err(e) if e.is_busy() => return Err(e),
            Err(e) => tracing::error!(event = %name, cause = %e, "the event cannot be read"),
        }
    }
    Ok((summaries, mails))
}

/// What one event's step did: `Some(Ok((summary, mails)))` done, `Some(Err(why))` refused,
/// `None` nothing due.
type Stepped = Option<Result<(String, usize), String>>;

/// One event's step, if due.
fn advance_one(
    store: &mut Store,
    config: &RefereeConfig,
    name: &str,
    now: Timestamp,
) -> Result<Stepped, StoreError> {
    // A read first: most of the time the round is not over, and nothing is written.
    let Some(stored) = store.event(name)? else {
        return Ok(None);
    };
    if !event::step_due(&stored, &store.event_games(stored.id)?) {
        return Ok(None);
    }
    // Read again inside the transaction: another daemon or the director may have moved it
    // meanwhile.
    let settled = store.decide(Answering::Nothing, At::Fixed(now), |s, _| {
        let decided = s.event_record(name)?.and_then(|record| {
            record.step(config, now, |desk, stored| {
                if !event::step_due(stored, desk.games) {
                    return None;
                }
                Some(match event::progress(desk, stored) {
                    Ok(decision) => (decision, None),
                    // Told once per reason, then left waiting quietly.
                    Err(refused) => (
                        event::stuck_notice(desk, stored, &refused.0),
                        Some(refused.0),
                    ),
                })
            })
        });
        Ok(match decided {
            Some((Some(decision), why)) => Decided::Commit(decision, why),
            _ => Decided::Nothing(None),
        })
    })?;
    Ok(match settled {
        Settled::Done {
            decision,
            value: None,
            ..
        } => Some(Ok((decision.summary, decision.outbox.len()))),
        Settled::Done {
            value: Some(why), ..
        } => Some(Err(why)),
        Settled::Nothing(_) | Settled::AlreadyDone => None,
    })
}
