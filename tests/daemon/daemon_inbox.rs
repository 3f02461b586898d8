//! The daemon's IMAP edge against the real Dovecot and Postfix: a message with a 20 MB header
//! is answered from a bounded prefix of its header while the daemon's peak memory stays
//! under 50 MB, and a message that arrives while arbitre is busy with others is handled at
//! once, without waiting for more mail or the periodic full scan.
//!
//! Messages are put in arbitre's mailbox with IMAP APPEND (no SMTP size limits, and the
//! moment of arrival is the test's). Without the mail servers the tests print a note and
//! pass; under `CI=true` they fail instead (`common::MailEnv::load`).

use crate::common;

use std::time::{Duration, Instant};

use arbitre::mail::imap::{ImapSession, connect};
use common::{Daemon, MailEnv};

/// Peak memory allowed to the daemon, whatever it is sent.
const MEMORY_LIMIT_KB: u64 = 50 * 1024;

/// An IMAP session on `user`'s INBOX.
async fn open_inbox(env: &MailEnv, user: &str) -> ImapSession {
    let mut session = connect(&env.imap_settings(user)).await.unwrap();
    session.select("INBOX").await.unwrap();
    session
}

/// A plain message from `from` to `to`, CRLF line ends.
fn message(from: &str, to: &str, subject: &str, id: &str, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n\
         Date: Mon, 3 Mar 2025 10:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
}

/// Starts arbitre for `bot` with `poll-seconds` replaced (the full-scan interval).
fn start_with_poll(env: &MailEnv, bot: &str, name: &str, poll_seconds: u64) -> Daemon {
    let mut daemon = Daemon::start(env, bot, name);
    daemon.kill9();
    let config = std::fs::read_to_string(&daemon.config).unwrap();
    assert!(config.contains("poll-seconds = 20\n"));
    let config = config.replace(
        "poll-seconds = 20\n",
        &format!("poll-seconds = {poll_seconds}\n"),
    );
    std::fs::write(&daemon.config, config).unwrap();
    daemon.spawn();
    daemon
}

/// A message whose header is 20 MB (one folded header, so the 64 KB prefix arbitre reads
/// ends in the middle of a line) is refused with a clear answer to its sender giving its
/// real size, and the daemon's peak resident memory stays under 50 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_megabyte_header_is_answered_in_little_memory() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let daemon = Daemon::start(&env, &bot, "huge-header");
    // Ready: the daemon answers a first, ordinary message.
    let mut session = open_inbox(&env, &bot).await;
    let hello = message(
        &alice,
        &bot,
        "HELP",
        &format!("hello-{}@test", std::process::id()),
        "HELP",
    );
    session
        .append("INBOX", None, None, hello.as_bytes())
        .await
        .unwrap();
    env.wait_for(&alice, 1, Duration::from_secs(30)).await;
    let before_kb = daemon.memory_kb("VmHWM").unwrap();

    // 20 MB of header: `X-Filler:` folded over 97-byte lines (a prime length, so no
    // power-of-two prefix ends on a line end).
    let line = format!(" {}\r\n", "f".repeat(94));
    let mut raw = message(
        &alice,
        &bot,
        "HELP",
        &format!("huge-{}@test", std::process::id()),
        "HELP",
    );
    let split = raw.find("\r\n\r\n").unwrap() + 2;
    let mut filler = String::with_capacity(20 << 20);
    filler.push_str("X-Filler: start\r\n");
    while filler.len() < 20 << 20 {
        filler.push_str(&line);
    }
    raw.insert_str(split, &filler);
    drop(filler);
    let size = raw.len();
    session
        .append("INBOX", None, None, raw.as_bytes())
        .await
        .unwrap();
    drop(raw);
    session.logout().await.ok();

    let answer = env
        .wait_mail_after(&alice, 1, "the answer to the huge message", |_| true)
        .await;
    assert!(answer.body.contains("too large"), "{}", answer.body);
    assert!(
        answer.body.contains(&format!("({size} bytes")),
        "the real size, {size} bytes: {}",
        answer.body
    );
    assert!(
        answer
            .header("in-reply-to")
            .is_some_and(|r| r.contains("huge-")),
        "the Message-ID was read from the prefix: {:?}",
        answer.headers
    );
    let peak_kb = daemon.memory_kb("VmHWM").expect("the daemon is alive");
    eprintln!(
        "daemon peak memory (VmHWM): {before_kb} kB before the 20 MB header, {peak_kb} kB after"
    );
    assert!(
        peak_kb < MEMORY_LIMIT_KB,
        "the daemon's peak memory reached {peak_kb} kB for a {size}-byte message\n{}",
        daemon.log()
    );
}

/// A message delivered while arbitre is busy with others (its arrival announced during a
/// FETCH or STORE rather than during IDLE) is handled within seconds, with no further mail
/// arriving and the periodic full scan an hour away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_arriving_while_others_are_processed_is_not_left_waiting() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let daemon = start_with_poll(&env, &bot, "wake-up", 3600);
    let store = daemon.store();
    let processed = || store.processed_count().unwrap();
    let mut session = open_inbox(&env, &bot).await;
    let burst = 25;
    let mut conclusive = 0;
    let mut total = 0;
    for round in 0..4 {
        for i in 0..burst {
            let id = format!("a{round}.{i}.{}@test", std::process::id());
            let raw = message(&alice, &bot, "HELP", &id, "HELP");
            session
                .append("INBOX", None, None, raw.as_bytes())
                .await
                .unwrap();
        }
        // As soon as arbitre has processed one of them, B arrives.
        let deadline = Instant::now() + Duration::from_secs(30);
        while processed() <= total {
            assert!(
                Instant::now() < deadline,
                "the burst is never processed\n{}",
                daemon.log()
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let id = format!("b{round}.{}@test", std::process::id());
        let raw = message(&alice, &bot, "HELP", &id, "HELP");
        session
            .append("INBOX", None, None, raw.as_bytes())
            .await
            .unwrap();
        let busy = processed() < total + burst;
        conclusive += u32::from(busy);
        total += burst + 1;
        let arrived = Instant::now();
        let deadline = arrived + Duration::from_secs(10);
        while processed() < total {
            assert!(
                Instant::now() < deadline,
                "round {round}: the message delivered while arbitre was busy waited more than \
                 10 s ({} of {total} processed)\n{}",
                processed(),
                daemon.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        eprintln!(
            "round {round}: B delivered {} arbitre had finished the burst; all handled {:?} \
             after B",
            if busy { "before" } else { "after" },
            arrived.elapsed()
        );
    }
    session.logout().await.ok();
    assert!(
        conclusive > 0,
        "B never arrived while arbitre was busy: the test proved nothing"
    );
}
