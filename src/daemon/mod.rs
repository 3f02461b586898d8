//! The daemon: the IO loop around the pure referee.
//!
//! Inbound ([`inbound`]), one message at a time: fetch (IMAP) → parse → load the context,
//! [`crate::referee::handle`] and commit with the processed-message key, all in one
//! [`crate::store::Store::decide`] → flag the message on the server. Outbound
//! ([`outbound`]), in a second task: send what the outbox holds, retrying with backoff until
//! the server accepts it. The deadlines ([`deadlines`]), in a third: sleep until the next
//! reminder or time-out, then [`crate::referee::tick`] in its own decide; events whose
//! round is over move on ([`rounds`]). Received SMS are decided like mail ([`sms`]). The
//! texts of mails sent long ago are forgotten ([`retention`]).
//!
//! [`run`] takes its edges as arguments (an [`Inbox`], a [`Sender`], the store and a
//! shutdown future), so tests can drive it with fakes. SQLite is only touched on blocking
//! threads. On shutdown the message in hand is finished, the sends in flight complete, and
//! `run` returns.

pub mod arrivals;
pub mod computer;
pub mod deadlines;
pub mod external;
pub mod inbound;
pub mod notify;
pub mod outbound;
pub mod presence;
pub mod retention;
pub mod rounds;
pub mod sms;
pub mod sms_received;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::config::Config;
use crate::delivery::Sender;
use crate::mail::Inbox;
use crate::referee::RefereeConfig;
use crate::store::RetryPolicy;

pub use crate::store::{SharedStore, with_store};

/// The daemon's settings.
#[derive(Clone, Debug)]
pub struct DaemonSettings {
    /// The referee's settings.
    pub referee: RefereeConfig,
    /// How failed sends are retried.
    pub retry: RetryPolicy,
    /// How often the outbox is checked without being told (mail queued by `arbitre new`).
    pub outbox_poll: Duration,
    /// How many mails are sent at once.
    pub send_concurrency: usize,
    /// How long a sent mail's text is kept (`None`: for ever); see [`retention`].
    pub keep_sent: Option<Duration>,
    /// First wait after a mailbox failure; doubles up to `reconnect_max`.
    pub reconnect_min: Duration,
    /// Longest wait after a mailbox failure.
    pub reconnect_max: Duration,
    /// A message whose processing failed (or crashed the daemon) this many times is set aside.
    pub max_attempts: u32,
    /// The SMS gateway, if any.
    pub sms: crate::config::sms::Gateway,
    /// The daily caps on SMS.
    pub sms_caps: crate::store::sms::Caps,
    /// arbitre's own DKIM and DMARC verification of incoming mail (`bot.verify = "dkim"`);
    /// `None`: the receiving server's `Authentication-Results` are read instead.
    pub verifier: Option<Arc<crate::mail::verify::Verifier>>,
    /// How many of the computer's searches may run at once (`[computer] searches`).
    pub computer_searches: usize,
    /// External engines behind the computer's seat (`[engines]`).
    pub engines: external::Engines,
}

impl DaemonSettings {
    /// The settings of a configuration (reads the secret).
    pub fn from_config(config: &Config) -> Result<DaemonSettings, String> {
        Ok(DaemonSettings {
            referee: config.referee().map_err(|e| e.to_string())?,
            retry: RetryPolicy {
                min_seconds: config.outbox.retry_min_seconds,
                max_seconds: config.outbox.retry_max_seconds,
                give_up_seconds: config.outbox.give_up_hours * 3600,
            },
            outbox_poll: Duration::from_secs(config.outbox.poll_seconds),
            send_concurrency: config.smtp.connections.max(1),
            keep_sent: match config.outbox.keep_sent_days {
                0 => None,
                days => Some(Duration::from_secs(days.saturating_mul(86_400))),
            },
            reconnect_min: Duration::from_secs(config.imap.reconnect_min_seconds),
            reconnect_max: Duration::from_secs(config.imap.reconnect_max_seconds),
            max_attempts: 3,
            sms: config.sms.read().map_err(|p| p.join(" "))?.gateway,
            sms_caps: crate::store::sms::Caps {
                per_number: config.sms.per_player_per_day,
                in_all: config.sms.per_day,
                codes: config.sms.codes_per_day,
            },
            computer_searches: config.computer.searches(),
            engines: external::Engines {
                ataxx: config.engines.ataxx.clone(),
            },
            verifier: match config.bot.verify {
                crate::config::Verify::Server => None,
                crate::config::Verify::Dkim => {
                    Some(Arc::new(crate::mail::verify::Verifier::from_system()?))
                }
            },
        })
    }
}

/// A failure that stops the daemon: the store failed, or a blocking task died.
pub type DaemonError = crate::store::SharedError;

/// The waits of a task of the daemon that starts again after a store error: 1 s, doubling
/// up to a minute while the errors follow each other, from 1 s again once the task ran
/// well for a while (more than twice its last wait, and five seconds, without an error).
#[derive(Debug, Default)]
pub struct Retry {
    last: Option<(std::time::Instant, Duration)>,
}

impl Retry {
    /// Logs `cause` as `task`'s error and waits before the task starts again; false when
    /// the daemon was told to stop meanwhile.
    pub async fn wait(
        &mut self,
        task: &'static str,
        cause: &str,
        stop: &mut watch::Receiver<bool>,
    ) -> bool {
        let wait = match self.last {
            Some((at, wait)) if at.elapsed() < wait * 2 + Duration::from_secs(5) => {
                (wait * 2).min(Duration::from_secs(60))
            }
            _ => Duration::from_secs(1),
        };
        self.last = Some((std::time::Instant::now(), wait));
        tracing::error!(task, cause, retry_in = ?wait, "store error");
        tokio::select! {
            () = tokio::time::sleep(wait) => !*stop.borrow(),
            _ = stop.changed() => false,
        }
    }
}

pub use crate::base::now;

/// Runs the daemon until `shutdown` completes (or the store fails).
pub async fn run<I, S>(
    settings: DaemonSettings,
    inbox: I,
    sender: Arc<S>,
    store: SharedStore,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), DaemonError>
where
    I: Inbox + 'static,
    S: Sender,
{
    let (stop_tx, stop_rx) = watch::channel(false);
    // Each half tells the other when it finds the mail server back after an outage (and the
    // inbound one wakes the outbox when it has committed mail to send).
    let wake_outbox = Arc::new(Notify::new());
    let wake_inbox = Arc::new(Notify::new());
    let wake_clock = Arc::new(Notify::new());
    let (read_tx, read_rx) = watch::channel(0);
    let reading = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let outbound = tokio::spawn(outbound::run(
        (&settings).into(),
        sender,
        store.clone(),
        wake_outbox.clone(),
        wake_inbox.clone(),
        wake_clock.clone(),
        stop_rx.clone(),
    ));
    let wake_sms = Arc::new(Notify::new());
    let wake_computer = Arc::new(Notify::new());
    let computer = tokio::spawn(computer::run(
        settings.referee.clone(),
        store.clone(),
        settings.computer_searches,
        settings.engines.clone(),
        wake_computer.clone(),
        computer::Wakes {
            mail: wake_outbox.clone(),
            sms: wake_sms.clone(),
            clock: wake_clock.clone(),
        },
        stop_rx.clone(),
    ));
    let gateway = sms::start(
        &settings,
        &store,
        sms_received::Wakes {
            mail: wake_outbox.clone(),
            sms: wake_sms.clone(),
            clock: wake_clock.clone(),
            computer: wake_computer.clone(),
        },
        stop_rx.clone(),
    )
    .await?;
    // This run in the store, for `arbitre status`, until every task has ended.
    let record = presence::this_run();
    let r = record.clone();
    with_store(&store, move |s| s.register_daemon(&r)).await?;
    let activity = Arc::new(presence::Activity::default());
    let (gone_tx, gone_rx) = watch::channel(false);
    let present = tokio::spawn(presence::run(
        store.clone(),
        record,
        activity.clone(),
        gone_rx,
    ));
    let clock = tokio::spawn(deadlines::run(
        settings.referee.clone(),
        store.clone(),
        reading.clone(),
        read_rx,
        wake_clock.clone(),
        inbox.wake_handle(),
        wake_outbox.clone(),
        stop_rx.clone(),
    ));
    let retention = settings
        .keep_sent
        .map(|keep| tokio::spawn(retention::run(store.clone(), keep, stop_rx.clone())));
    let links = inbound::Links {
        wake_outbox,
        wake_sms,
        wake_inbox,
        wake_clock,
        wake_computer,
        read_up_to: read_tx,
        reading,
        activity: activity.clone(),
    };
    let inbound = inbound::run(settings, inbox, store, links, stop_rx);
    tokio::pin!(inbound);
    tokio::pin!(shutdown);
    let result = tokio::select! {
        r = &mut inbound => r,
        () = &mut shutdown => {
            tracing::info!("shutting down: finishing the message in hand");
            notify::notify("STOPPING=1");
            activity.set(presence::Doing::Stopping, None);
            let _ = stop_tx.send(true);
            inbound.await
        }
    };
    let _ = stop_tx.send(true);
    let sent = outbound
        .await
        .map_err(|e| DaemonError::Task(e.to_string()))?;
    let ticked = clock.await.map_err(|e| DaemonError::Task(e.to_string()))?;
    let played = computer
        .await
        .map_err(|e| DaemonError::Task(e.to_string()))?;
    if let Some(task) = retention {
        task.await.map_err(|e| DaemonError::Task(e.to_string()))?;
    }
    let mut sms = Ok(());
    for task in gateway {
        let done = task.await.map_err(|e| DaemonError::Task(e.to_string()))?;
        sms = sms.and(done);
    }
    activity.set(presence::Doing::Stopping, None);
    let _ = gone_tx.send(true);
    present
        .await
        .map_err(|e| DaemonError::Task(e.to_string()))?;
    result.and(sent).and(ticked).and(played).and(sms)
}

#[cfg(test)]
mod tests;
