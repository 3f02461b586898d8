//! The outbound task: sends due outbox mail, a few at a time, records each result as soon as
//! the server answers (so that a crash repeats at most the mails in flight), and sleeps until
//! the next retry is due, new mail is queued, or the poll interval passes. While the server
//! cannot be reached it probes it, and sends everything that waited as soon as it answers.
//! One task per channel: mail through the SMTP server, SMS through the SMS gateway.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures::{StreamExt, TryStreamExt};
use tokio::sync::{Notify, watch};

use crate::delivery::{Failure, Sender};
use crate::referee::{Channel, RefereeConfig};
use crate::store::sms::{Caps, Gate};
use crate::store::{AfterFailure, Answering, At, Decided, OutboxItem, RetryPolicy};

use super::{DaemonError, DaemonSettings, SharedStore, now, with_store};

/// How many due mails are read from the store at a time.
const BATCH: usize = 64;

/// What the outbound task needs of the daemon's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboundSettings {
    /// How failed sends are retried.
    pub retry: RetryPolicy,
    /// How often the outbox is checked without being told.
    pub outbox_poll: Duration,
    /// How many mails are sent at once.
    pub send_concurrency: usize,
    /// Which of the outbox's messages this task sends.
    pub channel: Channel,
    /// The daily caps, for SMS.
    pub caps: Caps,
    /// The referee's settings: a mail that fails is decided like any other change
    /// ([`crate::referee::undelivered::on_refusal`]).
    pub referee: Arc<RefereeConfig>,
}

impl From<&DaemonSettings> for OutboundSettings {
    fn from(s: &DaemonSettings) -> OutboundSettings {
        OutboundSettings {
            retry: s.retry,
            outbox_poll: s.outbox_poll,
            send_concurrency: s.send_concurrency,
            channel: Channel::Mail,
            caps: s.sms_caps,
            referee: Arc::new(s.referee.clone()),
        }
    }
}

/// What sends a channel's messages, for the log.
fn server(channel: Channel) -> &'static str {
    match channel {
        Channel::Mail => "mail server",
        Channel::Sms => "SMS gateway",
    }
}

/// While the server cannot be reached, one mail at a time probes it, first after this wait.
const PROBE_FIRST: Duration = Duration::from_secs(1);

/// The longest wait between two probes of an unreachable server: once it is back, what
/// waited goes within this time (at once when the mailbox's reconnection wakes the outbox).
/// A probe is one connection attempt: cheap enough to keep every ten seconds.
const PROBE_LONGEST: Duration = Duration::from_secs(10);

/// What became of one mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tried {
    /// The server took it.
    Sent,
    /// The server refused it (for now or for good); it has its own next try.
    Refused,
    /// The server could not be reached; the mail keeps its place.
    Unreachable,
    /// Not sent, and not to be (an SMS to a number that said STOP), or not yet (a daily
    /// cap): never tried.
    Held,
}

/// Whether an SMS may go now: a number that said STOP gets nothing more but the SMS that
/// confirms it (the SMS is given up); over a daily cap, it waits until the day's oldest SMS
/// is a day old (mail goes on meanwhile).
async fn cleared(store: &SharedStore, item: &OutboxItem, caps: Caps) -> Result<bool, DaemonError> {
    let (id, to, message_id) = (item.id, item.mail.to.clone(), item.mail.message_id.clone());
    with_store(store, move |s| {
        match s.sms_gate(&to, &message_id, caps, now())? {
            Gate::Go => return Ok(true),
            Gate::Stopped => {
                s.drop_stopped_sms(id)?;
                tracing::info!(message_id = %message_id, "not sent: the number said STOP");
            }
            Gate::Wait(at) => {
                s.defer(id, at)?;
                tracing::warn!(message_id = %message_id, until = at, "daily SMS cap reached: the SMS waits");
            }
        }
        Ok(false)
    })
    .await
}

/// Runs until `stop` turns true; sends in flight are completed first.
///
/// A mail the server refuses waits for its own next try (the policy's backoff). A server
/// that cannot be reached at all says nothing about the mails: they are not charged for it
/// and stay due, one of them probes the server (after 1 s, doubling up to ten seconds, or
/// at once when woken), and everything that waited goes as soon as a probe gets through.
/// The server's return also wakes `wake_inbox`: the mailbox, often on the same machine, is
/// then tried again at once instead of at the end of its own reconnection backoff. Mail
/// that leaves wakes `wake_clock`: a mail telling a player it is their turn starts their
/// clock when it leaves, which moves the game's next deadline.
///
/// A store error is logged and the task starts again after a wait (1 s, doubling up to a
/// minute): the mails whose result it could not record are sent again, under the same
/// Message-ID.
pub async fn run<S: Sender>(
    settings: OutboundSettings,
    sender: Arc<S>,
    store: SharedStore,
    wake: Arc<Notify>,
    wake_inbox: Arc<Notify>,
    wake_clock: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    let mut retry = super::Retry::default();
    loop {
        let sending = send(
            settings.clone(),
            sender.clone(),
            store.clone(),
            wake.clone(),
            wake_inbox.clone(),
            wake_clock.clone(),
            stop.clone(),
        );
        match sending.await {
            Ok(()) => return Ok(()),
            Err(e) => {
                let task = match settings.channel {
                    Channel::Mail => "outbox",
                    Channel::Sms => "SMS outbox",
                };
                if !retry.wait(task, &e.to_string(), &mut stop).await {
                    return Ok(());
                }
            }
        }
    }
}

/// The outbound loop, until `stop` or an error.
async fn send<S: Sender>(
    settings: OutboundSettings,
    sender: Arc<S>,
    store: SharedStore,
    wake: Arc<Notify>,
    wake_inbox: Arc<Notify>,
    wake_clock: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    // The wait before the next probe while the server is unreachable.
    let mut outage: Option<Duration> = None;
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let channel = settings.channel;
        let mut due = with_store(&store, move |s| s.due_on(channel, now(), BATCH)).await?;
        if outage.is_some() {
            due.truncate(1);
        }
        let full = due.len() == BATCH;
        // Each result is recorded as soon as it is known, while the other sends go on: a
        // crash then repeats only the mails in flight, not the whole batch.
        // Once the server is found unreachable, the rest of the batch is not tried.
        let down = AtomicBool::new(false);
        let tried: Vec<Tried> = futures::stream::iter(due)
            .map(|item| {
                let (sender, store, down, settings) = (sender.as_ref(), &store, &down, &settings);
                async move {
                    if down.load(Ordering::SeqCst) {
                        return Ok(Tried::Unreachable);
                    }
                    if item.mail.channel == Channel::Sms
                        && !cleared(store, &item, settings.caps).await?
                    {
                        return Ok(Tried::Held);
                    }
                    let tried = send_one(sender, store, item, settings).await?;
                    if tried == Tried::Unreachable {
                        down.store(true, Ordering::SeqCst);
                    }
                    Ok::<_, DaemonError>(tried)
                }
            })
            .buffer_unordered(settings.send_concurrency.max(1))
            .try_collect()
            .await?;
        // Mail that left starts clocks; a mail that failed may have stopped one.
        if tried.contains(&Tried::Sent) || tried.contains(&Tried::Refused) {
            wake_clock.notify_one();
        }
        if tried.contains(&Tried::Unreachable) {
            let wait = outage.map_or(PROBE_FIRST, |w| (w * 2).min(PROBE_LONGEST));
            if outage.is_none() {
                tracing::warn!(
                    "{} unreachable: its messages wait in the outbox until it answers",
                    server(channel)
                );
            }
            outage = Some(wait);
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(wait) => {}
                _ = stop.changed() => return Ok(()),
            }
            continue;
        }
        if !tried.is_empty() && outage.take().is_some() {
            tracing::info!("{} reachable again: sending what waited", server(channel));
            wake_inbox.notify_one();
        }
        if full {
            continue;
        }
        let next = with_store(&store, move |s| s.next_due_on(channel)).await?;
        let mut wait = settings.outbox_poll;
        if let Some(at) = next {
            let secs = (at - now()).max(0) as u64;
            wait = wait.min(Duration::from_secs(secs));
            if secs == 0 {
                continue;
            }
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return Ok(()),
        }
    }
}

/// Sends one mail and records the result at once: sent; refused for now, and when to
/// retry; or failed (refused for good, or for too long), which is decided like any change
/// ([`fail`]).
async fn send_one<S: Sender>(
    sender: &S,
    store: &SharedStore,
    item: OutboxItem,
    settings: &OutboundSettings,
) -> Result<Tried, DaemonError> {
    let policy = settings.retry;
    if item.undeliverable && item.mail.channel == Channel::Mail {
        // The address failed for good before: not tried again (the installation's
        // reputation), failed at once like a refusal, so that a turn notice stops the clock
        // and the opponent and directors hear of it.
        let held = crate::delivery::SendError {
            failure: Failure::Refused,
            message: "5.1.0 not sent: the address is marked undeliverable".to_string(),
        };
        fail(store, &item, &held, settings).await?;
        return Ok(Tried::Refused);
    }
    match sender.send(item.id, &item.mail).await {
        Ok(()) => {
            let id = item.id;
            with_store(store, move |s| s.mark_sent(id, now())).await?;
            tracing::info!(to = %item.mail.to, message_id = %item.mail.message_id, "sent");
            Ok(Tried::Sent)
        }
        Err(e) if e.failure == Failure::Unreachable => {
            let (id, error) = (item.id, e.message.clone());
            with_store(store, move |s| s.note_unreachable(id, &error)).await?;
            tracing::debug!(to = %item.mail.to, cause = %e, "server unreachable");
            Ok(Tried::Unreachable)
        }
        Err(e) if e.permanent() => {
            fail(store, &item, &e, settings).await?;
            Ok(Tried::Refused)
        }
        Err(e) => {
            let (error, item2) = (e.message.clone(), item.clone());
            let after = with_store(store, move |s| {
                s.mark_failed(&item2, &error, now(), &policy)
            })
            .await?;
            match after {
                AfterFailure::RetryAt(at) => tracing::warn!(
                    to = %item.mail.to, cause = %e, retry_in_s = at - now(), "send failed"
                ),
                AfterFailure::GivenUp => fail(store, &item, &e, settings).await?,
            }
            Ok(Tried::Refused)
        }
    }
}

/// Decides the failure of `item`, refused for good (or for longer than the policy
/// allows): recorded on its row with the server's status and text, in one transaction
/// with what it changes (a stopped clock, the opponent and directors told, an address
/// marked undeliverable). Never tried again.
async fn fail(
    store: &SharedStore,
    item: &OutboxItem,
    e: &crate::delivery::SendError,
    settings: &OutboundSettings,
) -> Result<(), DaemonError> {
    let status = e.status().unwrap_or_else(|| match e.permanent() {
        true => "5.0.0".to_string(),
        false => "4.0.0".to_string(),
    });
    let (id, text, config) = (item.id, e.message.clone(), settings.referee.clone());
    let (status2, text2) = (status.clone(), text.clone());
    with_store(store, move |s| {
        s.decide(Answering::Nothing, At::Now, |s, at| {
            let u = s.undelivery(id, at)?;
            Ok(Decided::Commit(
                crate::referee::undelivered::on_refusal(&config, &u, &status2, &text2, at),
                (),
            ))
        })
    })
    .await?;
    tracing::error!(to = %item.mail.to, message_id = %item.mail.message_id, status = %status, cause = %text, "mail failed");
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::time::Instant;

    use super::*;
    use crate::daemon::tests::eventually_within;
    use crate::delivery::SendError;
    use crate::referee::{AutoKind, Decision, Outgoing};

    fn settings() -> OutboundSettings {
        OutboundSettings {
            retry: RetryPolicy {
                min_seconds: 1,
                max_seconds: 1,
                give_up_seconds: 3600,
            },
            outbox_poll: Duration::from_millis(50),
            send_concurrency: 2,
            channel: Channel::Mail,
            caps: crate::store::sms::Caps {
                per_number: 30,
                in_all: 1000,
                codes: 50,
            },
            referee: Arc::new(crate::daemon::tests::referee_config()),
        }
    }

    fn outgoing(message_id: &str) -> Outgoing {
        Outgoing {
            to: "bob@example.net".into(),
            subject: "s".into(),
            body: "b".into(),
            message_id: message_id.into(),
            in_reply_to: None,
            references: vec![],
            reply_to: None,
            game: None,
            auto: AutoKind::Replied,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        }
    }

    /// A server that accepts every mail except `stuck`, which it never answers (the daemon
    /// is killed while that one is in flight).
    struct StuckSender {
        stuck: String,
        accepted: Mutex<Vec<String>>,
    }

    impl Sender for StuckSender {
        async fn send(&self, _id: i64, mail: &Outgoing) -> Result<(), SendError> {
            if mail.message_id == self.stuck {
                std::future::pending::<()>().await;
            }
            self.accepted.lock().unwrap().push(mail.message_id.clone());
            Ok(())
        }
    }

    /// Each mail is recorded as sent as soon as the server accepts it, not when its whole
    /// batch is done: a crash while one mail hangs repeats that mail only.
    #[tokio::test]
    async fn each_accepted_mail_is_recorded_before_the_batch_ends() {
        let store: SharedStore = Arc::new(std::sync::Mutex::new(
            crate::store::testing::fresh_store("outbound"),
        ));
        let mails: Vec<Outgoing> = (0..10)
            .map(|i| outgoing(&format!("m{i}@arbitre")))
            .collect();
        store
            .lock()
            .unwrap()
            .commit(
                &Decision {
                    outbox: mails,
                    ..Decision::default()
                },
                None,
                now(),
            )
            .unwrap();
        let sender = Arc::new(StuckSender {
            stuck: "m3@arbitre".into(),
            accepted: Mutex::default(),
        });
        let (_stop_tx, stop_rx) = watch::channel(false);
        let task = tokio::spawn(run(
            settings(),
            sender.clone(),
            store.clone(),
            Arc::new(Notify::new()),
            Arc::new(Notify::new()),
            Arc::new(Notify::new()),
            stop_rx,
        ));
        // The other nine are accepted (two sends at a time; one slot stays on the stuck mail).
        for _ in 0..500 {
            if sender.accepted.lock().unwrap().len() == 9 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(sender.accepted.lock().unwrap().len(), 9);
        let mut counts = (0, 0, 0);
        for _ in 0..500 {
            counts = store.lock().unwrap().outbox_counts().unwrap();
            if counts.1 == 9 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // The "crash": only the mail in flight is still pending, so only it is sent again.
        task.abort();
        assert_eq!(
            counts,
            (1, 9, 0),
            "accepted mails are recorded while another is in flight"
        );
        let pending = store.lock().unwrap().due(i64::MAX, 100).unwrap();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].mail.message_id, "m3@arbitre");
    }

    /// A server that cannot be reached until `up` is set, then takes everything.
    #[derive(Default)]
    struct DownSender {
        up: std::sync::atomic::AtomicBool,
        tries: std::sync::atomic::AtomicU32,
        accepted: Mutex<Vec<String>>,
    }

    impl Sender for DownSender {
        async fn send(&self, _id: i64, mail: &Outgoing) -> Result<(), SendError> {
            self.tries.fetch_add(1, Ordering::SeqCst);
            if !self.up.load(Ordering::SeqCst) {
                return Err(SendError {
                    failure: Failure::Unreachable,
                    message: "connection refused".into(),
                });
            }
            self.accepted.lock().unwrap().push(mail.message_id.clone());
            Ok(())
        }
    }

    /// While the server is unreachable one mail probes it and no mail is charged an attempt
    /// (so none is pushed back by its own backoff); once woken after the server's return,
    /// everything goes at once.
    #[tokio::test]
    async fn an_unreachable_server_is_probed_and_what_waited_goes_at_once() {
        let store: SharedStore = Arc::new(std::sync::Mutex::new(
            crate::store::testing::fresh_store("outbound"),
        ));
        let mails: Vec<Outgoing> = (0..20)
            .map(|i| outgoing(&format!("m{i}@arbitre")))
            .collect();
        store
            .lock()
            .unwrap()
            .commit(
                &Decision {
                    outbox: mails,
                    ..Decision::default()
                },
                None,
                now(),
            )
            .unwrap();
        let sender = Arc::new(DownSender::default());
        let wake = Arc::new(Notify::new());
        let wake_inbox = Arc::new(Notify::new());
        let (_stop_tx, stop_rx) = watch::channel(false);
        let mut slow = settings();
        // A refused mail would wait an hour: the unreachable server must not count as that.
        slow.retry.min_seconds = 3600;
        slow.retry.max_seconds = 3600;
        let task = tokio::spawn(run(
            slow,
            sender.clone(),
            store.clone(),
            wake.clone(),
            wake_inbox.clone(),
            Arc::new(Notify::new()),
            stop_rx,
        ));
        // The first round stops at the first failure (two in flight); then one mail probes
        // the server after 1 s, and again after 2 s more. A flood would reach four tries at
        // once; the probes cannot reach them before 3 s, however loaded the machine (a
        // sleep never ends early), and the next probe waits 4 s more.
        let down_since = Instant::now();
        eventually_within(
            "probes of the server while it is down",
            Duration::from_secs(20),
            || sender.tries.load(Ordering::SeqCst) >= 4,
        )
        .await;
        let probed_after = down_since.elapsed();
        let tries = sender.tries.load(Ordering::SeqCst);
        assert!(
            probed_after >= Duration::from_millis(2950) && tries == 4,
            "{tries} tries in {probed_after:?}: the server is probed, not flooded"
        );
        let waiting = store.lock().unwrap().due(now(), 100).unwrap();
        assert_eq!(waiting.len(), 20, "every mail still due");
        assert!(waiting.iter().all(|m| m.attempts == 0), "no mail charged");
        // The server is back; the mailbox's reconnection wakes the outbox. Everything goes
        // well before the next probe would have found the server (4 s after the last).
        sender.up.store(true, Ordering::SeqCst);
        wake.notify_one();
        eventually_within(
            "everything sent on the wake, not on a later probe",
            Duration::from_secs(3),
            || sender.accepted.lock().unwrap().len() == 20,
        )
        .await;
        task.abort();
        // And the server's return is passed on to the mailbox's reconnection.
        tokio::time::timeout(Duration::from_secs(3), wake_inbox.notified())
            .await
            .expect("the inbox is woken when the server answers again");
    }
}
