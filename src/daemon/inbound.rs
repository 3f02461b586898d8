//! The inbound loop: one message at a time, from the mailbox to a committed decision; the
//! batch's messages then flagged on the server together.
//!
//! Two daemons on one store read the same mailbox in the same order. A message the other
//! daemon is deciding is left to it, and so is every later message that may act on the
//! same game; a later message that acts on another game alone is decided at once. Each
//! game's messages are still decided in the order they arrived, and the two daemons do not
//! both wait on the message at the head of the mailbox.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::mail::{Fetched, Inbox, parse};
use crate::referee::{self, Decision, GameId, Inbound, Lookup, Timestamp};
use crate::store::{Answering, At, Attempt, Decided, MessageKey, Seen, Settled, Store, StoreError};

use super::presence::{self, Doing};
use super::{DaemonError, DaemonSettings, SharedStore, now, with_store};

/// What became of one message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// The decision was committed; `mails` outgoing mails queued.
    Committed {
        /// The referee's one-line summary.
        summary: String,
        /// How many mails were queued.
        mails: usize,
        /// Whether it touched a game where the computer sits (its task must look).
        computer: bool,
    },
    /// The same IMAP message was committed before (a restart before it was flagged).
    AlreadyProcessed,
    /// Another copy (same Message-ID) was committed before.
    Duplicate,
    /// Processing failed or crashed too often: recorded as processed with no effect.
    SetAside,
    /// Another daemon on the store is at work on it: nothing done, to be read again.
    HeldElsewhere {
        /// The one game it acts on, when it names it ([`own_game`]).
        game: Option<GameId>,
    },
    /// Left untouched, to be read again: it may act on a game whose earlier message was
    /// left to another daemon in this batch.
    Deferred {
        /// The one game it acts on, when it names it ([`own_game`]).
        game: Option<GameId>,
    },
}

/// The one game a message acts on, when the message alone tells: a command on one game
/// sent to a seat's reply address (the referee's first way of finding the game), or with
/// a Subject tag and no reply to one of arbitre's mails. `None` when it may act on another
/// game or several (a new game, a reply found by its References, a request to confirm).
pub fn own_game(lookup: &Lookup, msg: &Inbound) -> Option<GameId> {
    if !lookup.one_game {
        return None;
    }
    lookup.token_game.or_else(|| {
        (lookup.references.is_empty() && msg.references.is_empty())
            .then_some(lookup.subject_game)
            .flatten()
    })
}

/// Processes one fetched message up to the commit (not the flag).
pub async fn handle_one(
    settings: &DaemonSettings,
    store: &SharedStore,
    fetched: &Fetched,
) -> Result<Handled, DaemonError> {
    handle_after(settings, store, fetched, &[]).await
}

/// Processes one fetched message up to the commit, unless it may act on one of the games
/// `waiting` (games whose earlier messages this batch left to another daemon): then it is
/// [`Handled::Deferred`], untouched.
async fn handle_after(
    settings: &DaemonSettings,
    store: &SharedStore,
    fetched: &Fetched,
    waiting: &[GameId],
) -> Result<Handled, DaemonError> {
    let referee_config = settings.referee.clone();
    let mut msg = parse::parse(&fetched.raw, &referee_config.address, fetched.received_at);
    msg.size = fetched.size;
    if msg.received_at <= 0 {
        msg.received_at = now();
    }
    let lookup = referee::lookup(&referee_config, &msg);
    let game = own_game(&lookup, &msg);
    if !waiting.is_empty() && game.is_none_or(|g| waiting.contains(&g)) {
        // Left for a later batch, where it is read again: not verified now.
        return Ok(Handled::Deferred { game });
    }
    if let Some(verifier) = &settings.verifier {
        // arbitre's own results stand first, above every header of the message.
        let own = verifier.verify(&fetched.raw).await;
        tracing::debug!(message_id = %msg.message_id, results = ?own.results, "verified");
        msg.auth_results.insert(0, own);
    }
    let at = now();
    let key = fetched.key.clone();
    let max_attempts = settings.max_attempts;
    with_store(store, move |s| {
        match s.seen(&key, &msg.message_id)? {
            Seen::SameKey => return Ok(Handled::AlreadyProcessed),
            Seen::SameMessageId => {
                s.record_duplicate(&key, &msg.message_id, at)?;
                return Ok(Handled::Duplicate);
            }
            Seen::New => {}
        }
        let tries = match presence::begin_attempt(s, &msg.message_id, at)? {
            Attempt::Counted(n) => n,
            Attempt::HeldBy(_) => return Ok(Handled::HeldElsewhere { game }),
        };
        if tries > max_attempts {
            let aside = Decision {
                summary: format!("set aside after {max_attempts} failed attempts"),
                ..Decision::default()
            };
            s.decide(answering(&key, &msg), At::Fixed(at), |_, _| {
                Ok(Decided::Commit(aside, ()))
            })?;
            return Ok(Handled::SetAside);
        }
        // A report about a mail arbitre sent, come back to that mail's bounce address.
        if let Some(mail) = referee::undelivered::reported_mail(&referee_config, &msg) {
            let settled = s.decide(answering(&key, &msg), At::Fixed(at), |s, at| {
                let u = s.undelivery(mail.id, at)?;
                let report = msg.report.as_ref().expect("reported_mail found a report");
                Ok(Decided::Commit(
                    referee::undelivered::on_report(
                        &referee_config,
                        &u,
                        report,
                        mail.confirmed,
                        at,
                    ),
                    (),
                ))
            })?;
            return Ok(match settled {
                Settled::Done { decision, .. } => Handled::Committed {
                    computer: super::computer::concerns_computer(&decision),
                    summary: decision.summary,
                    mails: decision.outbox.len(),
                },
                Settled::AlreadyDone | Settled::Nothing(()) => Handled::AlreadyProcessed,
            });
        }
        let decide = |s: &mut Store, at| -> Result<Decided<'static, ()>, StoreError> {
            // A reply to a request to confirm: the request, and what its command needs.
            let asked = match &lookup.confirmation {
                Some(id) => s.confirmation(id)?,
                None => None,
            };
            let lookup = referee::lookup_confirming(&referee_config, &msg, asked.as_ref());
            let mut ctx = s.context(&msg, &lookup, at)?;
            ctx.confirmation = asked;
            referee::with_ratings(&mut ctx, &lookup, &msg.from, at, || s.rating_record())?;
            Ok(Decided::Commit(
                referee::handle(&referee_config, &ctx, &msg, at),
                (),
            ))
        };
        // A message about one game alone is decided beside the other games' (PostgreSQL).
        let settled = match game {
            Some(game) => s.decide_game(game, answering(&key, &msg), At::Fixed(at), decide)?,
            None => s.decide(answering(&key, &msg), At::Fixed(at), decide)?,
        };
        Ok(match settled {
            Settled::Done { decision, .. } => Handled::Committed {
                computer: super::computer::concerns_computer(&decision),
                summary: decision.summary,
                mails: decision.outbox.len(),
            },
            Settled::AlreadyDone | Settled::Nothing(()) => Handled::AlreadyProcessed,
        })
    })
    .await
}

/// A mail, as what a decision answers.
fn answering<'a>(key: &'a MessageKey, msg: &'a Inbound) -> Answering<'a> {
    Answering::Mail {
        key,
        message_id: &msg.message_id,
    }
}

/// How the inbound loop talks to the other tasks.
#[derive(Debug)]
pub struct Links {
    /// Wakes the outbox when mail was queued (or the server is back).
    pub wake_outbox: Arc<Notify>,
    /// Wakes the SMS outbox when a decision was committed (it may have queued SMS).
    pub wake_sms: Arc<Notify>,
    /// Woken by the outbox when it finds the server back.
    pub wake_inbox: Arc<Notify>,
    /// Wakes the clock when a decision may have moved a deadline.
    pub wake_clock: Arc<Notify>,
    /// Wakes the computer when a decision touched a game it plays.
    pub wake_computer: Arc<Notify>,
    /// How far the mailbox has been read: every message that reached it before this
    /// instant has been decided and committed.
    pub read_up_to: watch::Sender<Timestamp>,
    /// Whether the mailbox is being read (the clock writes the heartbeat only then).
    pub reading: Arc<AtomicBool>,
    /// What the daemon is doing, for its presence in the store.
    pub activity: Arc<super::presence::Activity>,
}

/// A gap shorter than this in reading the mailbox is not recorded as an outage.
pub const OUTAGE_MIN: Timestamp = 60;

/// Since when the mailbox has not been read, and why; `None` while it is read.
type Unread = Option<(Timestamp, &'static str)>;

/// Runs the inbound loop until `stop` turns true (checked between messages and while
/// waiting for mail). A store error that may pass (the database restarting) stops the
/// reading until the store answers again, tried after 1 s, doubling up to a minute; the
/// time the mailbox went unread is then an outage like a mail server's.
pub async fn run<I: Inbox>(
    settings: DaemonSettings,
    mut inbox: I,
    store: SharedStore,
    links: Links,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    // At start, unread since the last heartbeat of an earlier run, if any.
    let mut unread: Unread = with_store(&store, |s| s.last_heartbeat())
        .await?
        .map(|at| (at, "arbitre was not running"));
    let mut retry = super::Retry::default();
    loop {
        match read(
            &settings,
            &mut inbox,
            &store,
            &links,
            &mut stop,
            &mut unread,
        )
        .await
        {
            Err(DaemonError::Store(e)) if e.may_pass() => {
                links.reading.store(false, Ordering::SeqCst);
                links
                    .activity
                    .set(Doing::StoreUnreachable, Some(e.to_string()));
                if unread.is_none() {
                    unread = Some((now(), "the store could not be reached"));
                }
                if !retry.wait("inbound", &e.to_string(), &mut stop).await {
                    return Ok(());
                }
            }
            done => return done,
        }
    }
}

/// The inbound loop, until `stop` or an error.
async fn read<I: Inbox>(
    settings: &DaemonSettings,
    inbox: &mut I,
    store: &SharedStore,
    links: &Links,
    stop: &mut watch::Receiver<bool>,
    unread: &mut Unread,
) -> Result<(), DaemonError> {
    let Links {
        wake_outbox,
        wake_sms,
        wake_inbox,
        wake_clock,
        wake_computer,
        read_up_to,
        reading,
        activity,
    } = links;
    let store = store.clone();
    let mut backoff = settings.reconnect_min;
    // Whether the mailbox was out of reach: its return likely means the mail server's, so
    // the outbox is woken to send at once what waited for it.
    let mut unreachable = false;
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let called_at = now();
        // Connecting, looking through the mailbox or waiting for news (an unreachable
        // mailbox stays so until it answers).
        if !unreachable {
            activity.set(Doing::Reading, None);
        }
        let batch = tokio::select! {
            r = inbox.next() => r,
            _ = stop.changed() => return Ok(()),
        };
        if let Some((mailbox, validity)) = inbox.take_uidvalidity() {
            let m = mailbox.clone();
            if let Some(old) = with_store(&store, move |s| s.note_uidvalidity(&m, validity)).await?
            {
                tracing::warn!(
                    mailbox,
                    old,
                    new = validity,
                    "the mailbox's UIDVALIDITY changed; Message-IDs keep processing exactly-once"
                );
            }
        }
        let batch = match batch {
            Ok(b) => {
                backoff = settings.reconnect_min;
                if std::mem::take(&mut unreachable) {
                    wake_outbox.notify_one();
                }
                let doing = if b.is_empty() {
                    Doing::Reading
                } else {
                    Doing::Processing
                };
                activity.set(doing, None);
                b
            }
            Err(e) => {
                unreachable = true;
                reading.store(false, Ordering::SeqCst);
                activity.set(Doing::MailboxUnreachable, Some(e.to_string()));
                if unread.is_none() {
                    *unread = Some((called_at, "the mailbox could not be read"));
                }
                tracing::warn!(cause = %e, retry_in = ?backoff, "mailbox unavailable");
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {
                        backoff = (backoff * 2).min(settings.reconnect_max);
                    }
                    // The outbox found the mail server back: try at once, and from the
                    // shortest wait again if the mailbox is not there yet.
                    () = wake_inbox.notified() => backoff = settings.reconnect_min,
                    _ = stop.changed() => return Ok(()),
                }
                continue;
            }
        };
        let searched_at = inbox.searched_at().unwrap_or(called_at);
        // The mailbox is read again: a long enough gap is an outage, given back to the
        // players who were to move. Recorded before the messages found are judged, so that
        // a move that waited through it is judged with it.
        // (Forgotten only once recorded: a store failure meanwhile keeps its start.)
        if let Some((since, cause)) = *unread
            && searched_at - since >= OUTAGE_MIN
        {
            with_store(&store, move |s| {
                s.record_outage(since, searched_at, cause)?;
                s.heartbeat(searched_at)
            })
            .await?;
            tracing::warn!(
                from = since,
                to = searched_at,
                cause,
                "outage recorded: the time is given back to the players to move"
            );
            wake_clock.notify_one();
        }
        *unread = None;
        let mut complete = true;
        // A store failure that may pass ends the batch, and the reading until the store
        // answers again.
        let mut store_lost = None;
        // The messages decided, flagged on the server together once the batch ends (one
        // command, not one a message): one decided but not yet flagged when the daemon
        // dies is found again and recognised by the store (`AlreadyProcessed`).
        let mut decided = Vec::new();
        // The games of the messages left to another daemon in this batch: a later message
        // that may act on one of them waits too.
        let mut waiting: Vec<GameId> = Vec::new();
        let mut held_elsewhere = false;
        let mut stopping = false;
        for fetched in batch {
            let handled = match handle_after(settings, &store, &fetched, &waiting).await {
                Ok(h) => h,
                // The store, not the message: the message is left for when it is back.
                Err(DaemonError::Store(e)) if e.may_pass() => {
                    store_lost = Some(e);
                    complete = false;
                    break;
                }
                Err(e) => {
                    // Nothing was committed; the message stays unflagged and is tried again
                    // (and set aside after `max_attempts`).
                    tracing::error!(cause = %e, uid = fetched.key.uid, "cannot process message");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    complete = false;
                    break;
                }
            };
            match &handled {
                Handled::Committed {
                    summary,
                    mails,
                    computer,
                } => {
                    tracing::info!(uid = fetched.key.uid, mails, summary = %summary, "processed");
                    activity.processed(now());
                    if *mails > 0 {
                        wake_outbox.notify_one();
                        wake_sms.notify_one();
                    }
                    wake_clock.notify_one();
                    if *computer {
                        wake_computer.notify_one();
                    }
                }
                Handled::AlreadyProcessed => {
                    tracing::info!(uid = fetched.key.uid, "already processed: flagging it")
                }
                Handled::Duplicate => {
                    tracing::info!(
                        uid = fetched.key.uid,
                        "same Message-ID as a processed message: ignored"
                    )
                }
                Handled::SetAside => tracing::error!(
                    uid = fetched.key.uid,
                    "message failed too often: recorded as processed, without effect"
                ),
                // The other daemon is deciding it, or an earlier message of its game: read
                // it again later (by then it is processed, or that daemon's hold ran out),
                // and go on with the messages that act on other games alone. One that may
                // act on any game ends the batch, keeping each game's order.
                Handled::HeldElsewhere { game } | Handled::Deferred { game } => {
                    if matches!(handled, Handled::HeldElsewhere { .. }) {
                        tracing::debug!(uid = fetched.key.uid, "in another daemon's hands");
                        held_elsewhere = true;
                    }
                    complete = false;
                    match game {
                        Some(game) => {
                            waiting.push(*game);
                            continue;
                        }
                        None => break,
                    }
                }
            }
            decided.push(fetched.key.clone());
            if *stop.borrow() {
                stopping = true;
                break;
            }
        }
        if !decided.is_empty()
            && let Err(e) = inbox.done(&decided).await
        {
            // Committed but not flagged: they will be seen again and recognised, so the
            // mailbox is not counted as read yet.
            let uids: Vec<u32> = decided.iter().map(|k| k.uid).collect();
            tracing::warn!(cause = %e, ?uids, "cannot flag processed messages");
            complete = false;
        }
        if stopping {
            return Ok(());
        }
        if held_elsewhere && decided.is_empty() {
            // Nothing this daemon could decide: give the other one a moment.
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        if !complete {
            // The messages after the one that stopped the batch were handed out but not
            // decided: the next batch starts from the oldest unprocessed message again, so
            // that the moves of one game are always decided in the order they arrived.
            inbox.rescan();
        }
        if let Some(e) = store_lost {
            return Err(e.into());
        }
        // Everything found has been decided: the mailbox counts as read up to the search
        // (not while found messages still wait for a later batch).
        if complete && inbox.caught_up() {
            reading.store(true, Ordering::SeqCst);
            read_up_to.send_if_modified(|at| {
                let moved = searched_at > *at;
                *at = (*at).max(searched_at);
                moved
            });
        }
    }
}
