//! The received SMS loop: each SMS the gateway handed over (recorded in the store's SMS
//! inbox) is decided by the referee like a mail, and the decision is committed in one
//! transaction with the SMS marked processed: a crash before the commit leaves it to be
//! decided again, one after leaves nothing to redo.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::gateway::incoming;
use crate::referee::{self, Decision, RefereeConfig};
use crate::store::sms::SmsIn;
use crate::store::{Answering, At, Attempt, Decided, Settled};

use super::{DaemonError, SharedStore, now, presence, with_store};

/// Received SMS read from the store at a time.
const BATCH: usize = 32;

/// How often the SMS inbox is looked at without being told.
const POLL: Duration = Duration::from_secs(5);

/// Who to wake when decisions queued messages or moved clocks.
#[derive(Clone, Debug)]
pub struct Wakes {
    /// The mail outbox.
    pub mail: Arc<Notify>,
    /// The SMS outbox.
    pub sms: Arc<Notify>,
    /// The clock.
    pub clock: Arc<Notify>,
    /// The computer (a decision touched a game it plays).
    pub computer: Arc<Notify>,
}

/// An SMS whose processing failed (or crashed arbitre) this many times is set aside:
/// marked processed without effect, so that it never holds back the SMS after it.
const MAX_ATTEMPTS: u32 = 3;

/// What became of one received SMS.
#[derive(Debug)]
enum Taken {
    /// Decided: the referee's summary, how many messages were queued, and whether it
    /// touched a game where the computer sits.
    Decided(String, usize, bool),
    /// It had been processed already.
    AlreadyDone,
    /// Another daemon on the store is at work on it.
    HeldElsewhere,
}

/// Decides one received SMS and commits the decision with the SMS marked processed.
async fn handle_one(
    config: &RefereeConfig,
    store: &SharedStore,
    sms: SmsIn,
) -> Result<Taken, DaemonError> {
    let config = config.clone();
    with_store(store, move |s| {
        let mut msg = incoming::inbound(
            &sms.gateway,
            &sms.key,
            &sms.sender,
            &sms.text,
            sms.received_at,
        );
        // Counted before it is tried, in its own transaction: a crash counts too.
        let tries = match presence::begin_attempt(s, &msg.message_id, now())? {
            Attempt::Counted(n) => n,
            Attempt::HeldBy(_) => return Ok(Taken::HeldElsewhere),
        };
        let message_id = msg.message_id.clone();
        let answering = Answering::Sms {
            id: sms.id,
            message_id: &message_id,
        };
        let settled = if tries > MAX_ATTEMPTS {
            let aside = Decision {
                summary: format!("set aside after {MAX_ATTEMPTS} failed attempts"),
                ..Decision::default()
            };
            s.decide(answering, At::Now, |_, _| Ok(Decided::Commit(aside, ())))?
        } else {
            s.decide(answering, At::Now, |s, at| {
                let lookup = referee::lookup(&config, &msg);
                let code = referee::command::read_code(&msg.text);
                let mut ctx = s.sms_context(&mut msg, code.as_deref(), &lookup, at)?;
                referee::with_ratings(&mut ctx, &lookup, &msg.from, at, || s.rating_record())?;
                Ok(Decided::Commit(
                    referee::handle(&config, &ctx, &msg, at),
                    (),
                ))
            })?
        };
        Ok(match settled {
            Settled::Done { decision, .. } => {
                let computer = super::computer::concerns_computer(&decision);
                Taken::Decided(decision.summary, decision.outbox.len(), computer)
            }
            Settled::AlreadyDone | Settled::Nothing(()) => Taken::AlreadyDone,
        })
    })
    .await
}

/// Runs until `stop` turns true: decides every received SMS, oldest first.
pub async fn run(
    config: RefereeConfig,
    store: SharedStore,
    received: Arc<Notify>,
    wakes: Wakes,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let pending = with_store(&store, |s| s.pending_sms(BATCH)).await?;
        let full = pending.len() == BATCH;
        for sms in pending {
            let id = sms.id;
            match handle_one(&config, &store, sms).await {
                Ok(Taken::Decided(summary, queued, computer)) => {
                    if computer {
                        wakes.computer.notify_one();
                    }
                    tracing::info!(sms = id, queued, summary = %summary, "SMS processed");
                    if queued > 0 {
                        wakes.mail.notify_one();
                        wakes.sms.notify_one();
                    }
                    wakes.clock.notify_one();
                }
                Ok(Taken::AlreadyDone) => tracing::info!(sms = id, "SMS already processed"),
                // The other daemon is deciding it: look again in a moment, keeping the order.
                Ok(Taken::HeldElsewhere) => {
                    tracing::debug!(sms = id, "in another daemon's hands");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    break;
                }
                Err(e) => {
                    // Nothing was committed: the SMS stays in the inbox and is tried again.
                    tracing::error!(sms = id, cause = %e, "cannot process SMS");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    break;
                }
            }
            if *stop.borrow() {
                return Ok(());
            }
        }
        if full {
            continue;
        }
        tokio::select! {
            () = received.notified() => {}
            () = tokio::time::sleep(POLL) => {}
            _ = stop.changed() => return Ok(()),
        }
    }
}
