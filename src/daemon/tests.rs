//! The daemon loop driven by fake edges: an in-memory mailbox, a sender that fails on
//! demand, and an in-memory store. The referee is whatever `referee::handle` is; these tests
//! check the loop's own guarantees, which hold for any decision.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::*;
use crate::delivery::SendError;
use crate::mail::{Fetched, Inbox, InboxError};
use crate::referee::{AutoKind, Decision, Outgoing};
use crate::store::{MessageKey, Seen};
use crate::text::Lang;

/// The referee's settings of these tests.
pub(crate) fn referee_config() -> RefereeConfig {
    RefereeConfig {
        address: "arbitre@example.org".into(),
        plus_addressing: false,
        keys: crate::keys::Keyring::new("0123456789abcdef"),
        default_lang: Lang::EN,
        max_replies_per_hour: 20,
        max_message_bytes: 100_000,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    }
}

fn settings() -> DaemonSettings {
    DaemonSettings {
        referee: referee_config(),
        retry: RetryPolicy {
            min_seconds: 1,
            max_seconds: 1,
            give_up_seconds: 3600,
        },
        outbox_poll: Duration::from_millis(50),
        send_concurrency: 2,
        keep_sent: None,
        reconnect_min: Duration::from_millis(10),
        reconnect_max: Duration::from_millis(40),
        max_attempts: 3,
        sms: crate::config::sms::Gateway::None,
        sms_caps: crate::store::sms::Caps {
            per_number: 30,
            in_all: 1000,
            codes: 50,
        },
        verifier: None,
        computer_searches: 2,
        engines: Default::default(),
    }
}

fn fetched(uid: u32, message_id: &str) -> Fetched {
    let raw = format!(
        "From: alice@example.net\r\nTo: arbitre@example.org\r\nMessage-ID: <{message_id}>\r\nSubject: HELP\r\n\r\nHELP\r\n"
    )
    .into_bytes();
    Fetched {
        key: MessageKey {
            mailbox: "INBOX".into(),
            uidvalidity: 1,
            uid,
        },
        size: raw.len(),
        raw,
        received_at: 1_700_000_000,
    }
}

/// A mailbox that hands out scripted batches (or errors), then waits for ever, and records
/// each `done` together with whether the store already knew the message at that moment.
struct FakeInbox {
    script: VecDeque<Result<Vec<Fetched>, InboxError>>,
    store: SharedStore,
    done: Arc<Mutex<Vec<(u32, bool)>>>,
    calls: Arc<Mutex<u32>>,
}

impl Inbox for FakeInbox {
    async fn next(&mut self) -> Result<Vec<Fetched>, InboxError> {
        *self.calls.lock().unwrap() += 1;
        match self.script.pop_front() {
            Some(r) => r,
            None => std::future::pending().await,
        }
    }

    async fn done(&mut self, keys: &[MessageKey]) -> Result<(), InboxError> {
        for key in keys {
            let known = self.store.lock().unwrap().seen(key, "?").unwrap() == Seen::SameKey;
            self.done.lock().unwrap().push((key.uid, known));
        }
        Ok(())
    }
}

/// A sender that refuses each mail `failures` times before accepting it.
#[derive(Default)]
struct FakeSender {
    failures: u32,
    tries: Mutex<std::collections::HashMap<String, u32>>,
    sent: Mutex<Vec<String>>,
}

impl crate::delivery::Sender for FakeSender {
    async fn send(&self, _id: i64, mail: &Outgoing) -> Result<(), SendError> {
        let n = {
            let mut tries = self.tries.lock().unwrap();
            let n = tries.entry(mail.message_id.clone()).or_default();
            *n += 1;
            *n
        };
        if n <= self.failures {
            return Err(SendError {
                failure: crate::delivery::Failure::Deferred,
                message: "451 try later".into(),
            });
        }
        self.sent.lock().unwrap().push(mail.message_id.clone());
        Ok(())
    }
}

fn store() -> SharedStore {
    Arc::new(Mutex::new(crate::store::testing::fresh_store("daemon")))
}

/// The daemon loop on `inbox`, `sender` and `store`, spawned: it stops when the returned
/// sender is used (or dropped).
fn spawn_daemon<I, S>(
    settings: DaemonSettings,
    inbox: I,
    sender: Arc<S>,
    store: &SharedStore,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), DaemonError>>,
)
where
    I: Inbox + Send + 'static,
    S: crate::delivery::Sender + Send + Sync + 'static,
{
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let daemon = tokio::spawn(run(settings, inbox, sender, store.clone(), async {
        rx.await.ok();
    }));
    (tx, daemon)
}

async fn eventually(what: &str, check: impl FnMut() -> bool) {
    eventually_within(what, Duration::from_secs(4), check).await;
}

/// Checks `check` every 10 ms until it holds; panics, naming `what`, after `within`.
pub(crate) async fn eventually_within(
    what: &str,
    within: Duration,
    mut check: impl FnMut() -> bool,
) {
    let start = std::time::Instant::now();
    while !check() {
        assert!(start.elapsed() < within, "timed out waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn each_message_is_committed_once_and_flagged_only_after_its_commit() {
    let store = store();
    let done = Arc::new(Mutex::new(Vec::new()));
    let inbox = FakeInbox {
        script: VecDeque::from([
            Ok(vec![fetched(1, "a@x"), fetched(2, "b@x")]),
            // The same message again (a restart before the flag), and a second delivery of
            // `a@x` under a new UID.
            Ok(vec![fetched(2, "b@x"), fetched(3, "a@x")]),
        ]),
        store: store.clone(),
        done: done.clone(),
        calls: Arc::default(),
    };
    let (tx, daemon) = spawn_daemon(settings(), inbox, Arc::new(FakeSender::default()), &store);
    eventually("four flags", || done.lock().unwrap().len() == 4).await;
    tx.send(()).unwrap();
    daemon.await.unwrap().unwrap();
    let done = done.lock().unwrap().clone();
    assert_eq!(done, vec![(1, true), (2, true), (2, true), (3, true)]);
    let s = store.lock().unwrap();
    // Three keys recorded, two distinct messages processed.
    assert_eq!(s.processed_count().unwrap(), 3);
}

#[tokio::test]
async fn the_outbox_is_retried_until_the_server_accepts() {
    let store = store();
    let mail = |id: &str| Outgoing {
        to: "bob@example.net".into(),
        subject: "s".into(),
        body: "b".into(),
        message_id: id.into(),
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
    };
    store
        .lock()
        .unwrap()
        .commit(
            &Decision {
                outbox: vec![mail("o1@arbitre"), mail("o2@arbitre")],
                ..Decision::default()
            },
            None,
            now(),
        )
        .unwrap();
    let sender = Arc::new(FakeSender {
        failures: 2,
        ..FakeSender::default()
    });
    let inbox = FakeInbox {
        script: VecDeque::new(),
        store: store.clone(),
        done: Arc::default(),
        calls: Arc::default(),
    };
    let (tx, daemon) = spawn_daemon(settings(), inbox, sender.clone(), &store);
    let s2 = sender.clone();
    // Two failures at one-second backoff each, then success.
    for _ in 0..1500 {
        if s2.sent.lock().unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tx.send(()).unwrap();
    daemon.await.unwrap().unwrap();
    let mut sent = sender.sent.lock().unwrap().clone();
    sent.sort();
    assert_eq!(sent, vec!["o1@arbitre", "o2@arbitre"]);
    assert_eq!(sender.tries.lock().unwrap()["o1@arbitre"], 3);
    assert_eq!(store.lock().unwrap().outbox_counts().unwrap(), (0, 2, 0));
}

#[tokio::test]
async fn a_failing_mailbox_is_retried_with_backoff_and_shutdown_is_prompt() {
    let store = store();
    let calls = Arc::new(Mutex::new(0));
    let inbox = FakeInbox {
        script: VecDeque::from([
            Err(InboxError("connection refused".into())),
            Err(InboxError("connection refused".into())),
            Ok(vec![fetched(7, "late@x")]),
        ]),
        store: store.clone(),
        done: Arc::default(),
        calls: calls.clone(),
    };
    let (tx, daemon) = spawn_daemon(settings(), inbox, Arc::new(FakeSender::default()), &store);
    let s2 = store.clone();
    eventually("the message after two failures", || {
        s2.lock().unwrap().processed_count().unwrap() == 1
    })
    .await;
    let c2 = calls.clone();
    eventually("three scripted answers, then waiting", || {
        *c2.lock().unwrap() == 4
    })
    .await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(*calls.lock().unwrap(), 4, "no busy loop while waiting");
    tx.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(2), daemon)
        .await
        .expect("shutdown while waiting for mail is immediate")
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_message_that_keeps_failing_is_set_aside() {
    let store = store();
    for _ in 0..3 {
        store
            .lock()
            .unwrap()
            .begin_attempt("poison@x", super::presence::holder(), now())
            .unwrap();
    }
    let h = inbound::handle_one(&settings(), &store, &fetched(9, "poison@x"))
        .await
        .unwrap();
    assert_eq!(h, inbound::Handled::SetAside);
    let again = inbound::handle_one(&settings(), &store, &fetched(9, "poison@x"))
        .await
        .unwrap();
    assert_eq!(again, inbound::Handled::AlreadyProcessed);
}

/// A mailbox read the way IMAP is: each message is handed out once, after the last one
/// handed out, until [`Inbox::rescan`] makes it look at every unprocessed message again.
/// Flagging fails once, for the batch that holds `fail_done`.
struct ReadOnceInbox {
    messages: Vec<Fetched>,
    handed_out: usize,
    flagged: Arc<Mutex<Vec<u32>>>,
    fail_done: Option<u32>,
}

impl Inbox for ReadOnceInbox {
    async fn next(&mut self) -> Result<Vec<Fetched>, InboxError> {
        if self.handed_out == self.messages.len() {
            std::future::pending::<()>().await;
        }
        let flagged = self.flagged.lock().unwrap().clone();
        let batch: Vec<Fetched> = self.messages[self.handed_out..]
            .iter()
            .filter(|m| !flagged.contains(&m.key.uid))
            .cloned()
            .collect();
        self.handed_out = self.messages.len();
        Ok(batch)
    }

    async fn done(&mut self, keys: &[MessageKey]) -> Result<(), InboxError> {
        if self
            .fail_done
            .take_if(|uid| keys.iter().any(|k| k.uid == *uid))
            .is_some()
        {
            return Err(InboxError("connection reset".into()));
        }
        self.flagged
            .lock()
            .unwrap()
            .extend(keys.iter().map(|k| k.uid));
        Ok(())
    }

    fn rescan(&mut self) {
        self.handed_out = 0;
    }
}

#[tokio::test]
async fn a_batch_cut_short_is_read_again_from_its_oldest_unprocessed_message() {
    let store = store();
    let flagged = Arc::new(Mutex::new(Vec::new()));
    let inbox = ReadOnceInbox {
        messages: vec![fetched(1, "a@x"), fetched(2, "b@x"), fetched(3, "c@x")],
        handed_out: 0,
        flagged: flagged.clone(),
        fail_done: Some(1),
    };
    let (tx, daemon) = spawn_daemon(settings(), inbox, Arc::new(FakeSender::default()), &store);
    // Without reading the batch again, the messages whose flags failed would wait for the
    // next full scan, and later mail would be decided first.
    eventually("every message flagged", || {
        flagged.lock().unwrap().len() == 3
    })
    .await;
    tx.send(()).unwrap();
    daemon.await.unwrap().unwrap();
    assert_eq!(*flagged.lock().unwrap(), vec![1, 2, 3]);
    assert_eq!(store.lock().unwrap().processed_count().unwrap(), 3);
}

/// A `CHECK` from alice, sent to the reply address of game `game`'s white seat when a game
/// is given, else to arbitre's own address.
fn check_in(config: &RefereeConfig, uid: u32, message_id: &str, game: Option<i64>) -> Fetched {
    let to = match game {
        Some(game) => crate::referee::token::reply_address(
            config,
            crate::referee::token::Seat {
                game,
                side: crate::games::Side::White,
            },
        )
        .expect("plus-addressing is on"),
        None => config.address.clone(),
    };
    let raw = format!(
        "From: alice@example.net\r\nTo: {to}\r\nMessage-ID: <{message_id}>\r\nSubject: check\r\n\r\nCHECK\r\n"
    )
    .into_bytes();
    Fetched {
        size: raw.len(),
        raw,
        ..fetched(uid, message_id)
    }
}

#[tokio::test]
async fn a_message_held_by_another_daemon_holds_back_its_game_alone() {
    let mut settings = settings();
    settings.referee.plus_addressing = true;
    let config = settings.referee.clone();
    let store = store();
    // Another daemon is deciding the first message (game 1).
    let held = store
        .lock()
        .unwrap()
        .begin_attempt("m1@x", "elsewhere/1/1", crate::base::now())
        .unwrap();
    assert_eq!(held, crate::store::Attempt::Counted(1));
    let flagged = Arc::new(Mutex::new(Vec::new()));
    let inbox = ReadOnceInbox {
        messages: vec![
            check_in(&config, 1, "m1@x", Some(1)),
            check_in(&config, 2, "m2@x", Some(2)),
            check_in(&config, 3, "m3@x", Some(1)),
            // Names no game: it may act on any of alice's, game 1 among them.
            check_in(&config, 4, "m4@x", None),
            check_in(&config, 5, "m5@x", Some(3)),
        ],
        handed_out: 0,
        flagged: flagged.clone(),
        fail_done: None,
    };
    let (tx, daemon) = spawn_daemon(settings, inbox, Arc::new(FakeSender::default()), &store);
    // Game 2's message is decided at once; game 1's second one waits for its first, and
    // the one that names no game waits, with everything after it.
    eventually("game 2's message flagged", || {
        flagged.lock().unwrap().contains(&2)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(*flagged.lock().unwrap(), vec![2]);
    assert_eq!(store.lock().unwrap().processed_count().unwrap(), 1);
    // The other daemon lets go (its decision failed): the rest follows, in order.
    store.lock().unwrap().attempts_done("m1@x").unwrap();
    eventually("every message flagged", || {
        flagged.lock().unwrap().len() == 5
    })
    .await;
    tx.send(()).unwrap();
    daemon.await.unwrap().unwrap();
    assert_eq!(*flagged.lock().unwrap(), vec![2, 1, 3, 4, 5]);
    assert_eq!(store.lock().unwrap().processed_count().unwrap(), 5);
}
