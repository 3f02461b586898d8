//! The deadlines task: sleeps until the earliest reminder or time-out in the store (one
//! indexed lookup, however many games run), then lets [`referee::tick`] decide and commits the
//! decision like any other: the game's new state, its reminders recorded and its mails
//! queued in one transaction, sent afterwards by the outbox. At each turn it also moves on
//! the events whose round is over ([`super::rounds`]).
//!
//! Deadlines wait for the mailbox: the clock acts at `now` only once the mailbox has been
//! read up to `now` (the inbound task publishes how far it has read), so a move that
//! reached the mailbox before its deadline is always judged before the deadline is
//! enforced, however long arbitre could not read. When the mailbox lags behind a due time,
//! the clock asks it for a fresh read and waits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::referee::{self, RefereeConfig, Timestamp};
use crate::store::{Answering, At, Decided, Settled};

use super::{DaemonError, SharedStore, now, with_store};

/// At most this many games are decided in one transaction.
const BATCH: usize = 50;

/// The longest sleep without looking at the store (every change that moves a due time
/// wakes the clock; this also paces the heartbeat).
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

/// Runs the clock until `stop` turns true. While the mailbox is being read (`reading`),
/// it writes the daemon's heartbeat at each turn (at least every minute), so that the next
/// start knows how long arbitre was away. A store error (the database busy with another
/// process, a full disk) is logged and tried again, never the end of the clock.
#[allow(clippy::too_many_arguments)]
pub async fn run(
    config: RefereeConfig,
    store: SharedStore,
    reading: Arc<AtomicBool>,
    read_up_to: watch::Receiver<Timestamp>,
    wake_clock: Arc<Notify>,
    wake_inbox: Option<Arc<Notify>>,
    wake_outbox: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    let mut retry = super::Retry::default();
    loop {
        let run = run_until_error(
            config.clone(),
            store.clone(),
            reading.clone(),
            read_up_to.clone(),
            wake_clock.clone(),
            wake_inbox.clone(),
            wake_outbox.clone(),
            stop.clone(),
        )
        .await;
        match run {
            Ok(()) => return Ok(()),
            Err(e) => {
                if !retry.wait("clock", &e.to_string(), &mut stop).await {
                    return Ok(());
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn run_until_error(
    config: RefereeConfig,
    store: SharedStore,
    reading: Arc<AtomicBool>,
    mut read_up_to: watch::Receiver<Timestamp>,
    wake_clock: Arc<Notify>,
    wake_inbox: Option<Arc<Notify>>,
    wake_outbox: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let t = now();
        // Events whose round is over move on (their next round, or their end).
        let settings = config.clone();
        let (moved, mails) =
            with_store(&store, move |s| super::rounds::advance(s, &settings, t)).await?;
        for summary in &moved {
            tracing::info!(mails, summary = %summary, "events");
        }
        if mails > 0 {
            wake_outbox.notify_one();
        }
        let alive = reading.load(Ordering::SeqCst);
        let due = with_store(&store, move |s| {
            if alive {
                s.heartbeat(t)?;
            }
            s.next_clock_due()
        })
        .await?;
        let wait = match due {
            Some(due) if due <= t => {
                let read = *read_up_to.borrow();
                if read >= due {
                    // Decide what is due by the time the mailbox has been read up to.
                    let at = read.min(t);
                    let config = config.clone();
                    let (summary, mails, changed, found) = with_store(&store, move |s| {
                        let settled = s.decide(Answering::Nothing, At::Fixed(at), |s, at| {
                            let ctx = s.clock_context(at, BATCH)?;
                            Ok(Decided::Commit(
                                referee::tick(&config, &ctx, at),
                                ctx.games.len(),
                            ))
                        })?;
                        Ok(match settled {
                            Settled::Done {
                                decision, value, ..
                            } => (
                                decision.summary,
                                decision.outbox.len(),
                                decision.games.len(),
                                value,
                            ),
                            Settled::Nothing(found) => (String::new(), 0, 0, found),
                            Settled::AlreadyDone => (String::new(), 0, 0, 0),
                        })
                    })
                    .await?;
                    if !summary.is_empty() {
                        tracing::info!(mails, summary = %summary, "clock");
                    }
                    if mails > 0 {
                        wake_outbox.notify_one();
                    }
                    // Nothing found due any more: another daemon on the same store took it.
                    if changed == 0 && found > 0 {
                        // Nothing moved it: a game the referee cannot decide (its record
                        // does not replay). Never spin on it.
                        tracing::error!(due, "a game's clock stays due; looking again in a minute");
                        tokio::select! {
                            () = tokio::time::sleep(Duration::from_secs(60)) => {}
                            _ = stop.changed() => {}
                        }
                    }
                    continue;
                }
                // The mailbox lags: read it now, and look again once it has been read.
                if let Some(inbox) = &wake_inbox {
                    inbox.notify_one();
                }
                tokio::select! {
                    _ = read_up_to.changed() => {}
                    () = tokio::time::sleep(Duration::from_secs(5)) => {}
                    _ = stop.changed() => {}
                }
                continue;
            }
            Some(due) => Duration::from_secs((due - t) as u64).min(LONGEST_SLEEP),
            None => LONGEST_SLEEP,
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = wake_clock.notified() => {}
            _ = stop.changed() => {}
        }
    }
}
