//! The daemon against the real servers (Dovecot IMAPS, Postfix submission with STARTTLS):
//! messages are processed exactly once and flagged after their commit, outbox mail reaches
//! players with the right headers, a SIGKILL loses nothing and repeats nothing, SIGTERM stops
//! cleanly, and `check-config` proves the credentials. These hold whatever the referee
//! decides; the games themselves are played in `daemon_games.rs`.

use crate::common;

use std::time::Duration;

use arbitre::referee::{AutoKind, Decision, Outgoing};
use common::{Daemon, MailEnv, eventually};

fn flagged(mails: &[common::Mail]) -> usize {
    mails
        .iter()
        .filter(|m| m.flags.iter().any(|f| f.contains("ArbitreProcessed")))
        .count()
}

/// A message delivered twice (same Message-ID, two UIDs) is processed once; both copies are
/// flagged, and only after the store knows them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_message_is_processed_once_then_flagged() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let daemon = Daemon::start(&env, &bot, "once");
    let raw = format!(
        "From: {alice}\nTo: {bot}\nSubject: HELP\nMessage-ID: <twice-{}@test>\n\nHELP\n",
        std::process::id()
    );
    env.send_raw(&alice, Some(&alice), &bot, &raw).await;
    env.send_raw(&alice, Some(&alice), &bot, &raw).await;
    env.send(&alice, &bot, "HELP", "HELP", "").await;
    let bot2 = bot.clone();
    let env2 = env.clone();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let mails = env2.inbox(&bot2).await;
        if mails.len() == 3 && flagged(&mails) == 3 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not all flagged: {mails:#?}\n{}",
            daemon.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let store = daemon.store();
    assert_eq!(
        store.processed_count().unwrap(),
        3,
        "three IMAP messages recorded"
    );
    assert!(daemon.log().contains("same Message-ID"), "{}", daemon.log());
}

/// Mail queued in the outbox (as `arbitre new` does from another process) is sent over
/// SMTP and arrives with a stable Message-ID, threading headers with angle brackets,
/// Reply-To and the RFC 3834 / Exchange headers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_mail_reaches_the_player_with_its_headers() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let daemon = Daemon::start(&env, &bot, "outbox");
    let (local, domain) = bot.split_once('@').unwrap();
    let mail = Outgoing {
        to: alice.clone(),
        subject: "[arbitre #1] Abalone: à vous de jouer".into(),
        body: "a1b2\nLes Noirs ont poussé — 1 bille éjectée.\n".into(),
        message_id: format!("g1.m1.{}@{domain}", std::process::id()),
        in_reply_to: Some("CAF3x@mail.example".into()),
        references: vec!["g1.m0@arbitre".into(), "CAF3x@mail.example".into()],
        reply_to: Some(format!("{local}+g1.w.token@{domain}")),
        game: Some(1),
        auto: AutoKind::Generated,
        turn: None,
        channel: Default::default(),
        not_before: None,
        sms: None,
        picture: None,
    };
    daemon
        .store()
        .commit(
            &Decision {
                outbox: vec![mail.clone()],
                ..Decision::default()
            },
            None,
            arbitre::daemon::now(),
        )
        .unwrap();
    let got = env.wait_for(&alice, 1, Duration::from_secs(30)).await;
    let m = &got[0];
    assert_eq!(m.subject, mail.subject);
    assert_eq!(m.first_line(), "a1b2");
    assert!(m.body.contains("1 bille éjectée"), "{}", m.body);
    assert_eq!(m.message_id(), mail.message_id);
    assert_eq!(m.header("in-reply-to"), Some("<CAF3x@mail.example>"));
    assert_eq!(
        m.header("references"),
        Some("<g1.m0@arbitre> <CAF3x@mail.example>")
    );
    assert_eq!(m.header("auto-submitted"), Some("auto-generated"));
    assert_eq!(m.header("x-auto-response-suppress"), Some("OOF, AutoReply"));
    assert!(m.header("reply-to").unwrap().contains("+g1.w.token@"));
    assert!(m.header("from").unwrap().contains(&bot));
    let store = daemon.store();
    eventually("the outbox marks it sent", Duration::from_secs(10), || {
        store.outbox_counts().unwrap() == (0, 1, 0)
    })
    .await;
}

/// SIGKILL in the middle of a stream of messages, then a restart: every message ends up
/// processed exactly once, and SIGTERM then stops the daemon cleanly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_daemon_restarts_without_losing_or_repeating() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let mut daemon = Daemon::start(&env, &bot, "kill");
    for i in 0..6 {
        env.send(&alice, &bot, &format!("HELP {i}"), "HELP", "")
            .await;
        if i == 2 {
            tokio::time::sleep(Duration::from_millis(150)).await;
            daemon.kill9();
        }
    }
    // Everything sent while it was down waits in the mailbox.
    tokio::time::sleep(Duration::from_millis(300)).await;
    daemon.spawn();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let mails = env.inbox(&bot).await;
        if mails.len() == 6 && flagged(&mails) == 6 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not all flagged\n{}",
            daemon.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(daemon.store().processed_count().unwrap(), 6);
    assert!(
        daemon.terminate(),
        "SIGTERM gives a clean exit\n{}",
        daemon.log()
    );
    assert!(daemon.log().contains("arbitre stopped"));
}

/// `check-config` logs in to both servers; a wrong password is reported in one sentence
/// and a failing exit code.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_config_proves_the_credentials() {
    let Some(env) = MailEnv::load() else { return };
    let [bot] = <[String; 1]>::try_from(env.accounts(&["bot"]).await).unwrap();
    let mut daemon = Daemon::start(&env, &bot, "check");
    daemon.kill9();
    let out = daemon.command(&["check-config"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("imap: logged in"), "{text}");
    assert!(
        text.contains("smtp: the server accepts our login"),
        "{text}"
    );
    // The other two ways in: IMAP with STARTTLS, and SMTPS (TLS from the first byte).
    let config = std::fs::read_to_string(&daemon.config).unwrap();
    let port = |name: &str| env.port(name);
    let other = config
        .replace(
            &format!(
                "port = {}\nsecurity = \"tls\"",
                port("ARBITRE_TEST_IMAPS_PORT")
            ),
            &format!(
                "port = {}\nsecurity = \"starttls\"",
                port("ARBITRE_TEST_IMAP_PORT")
            ),
        )
        .replace(
            &format!(
                "port = {}\nsecurity = \"starttls\"",
                port("ARBITRE_TEST_SUBMISSION_PORT")
            ),
            &format!(
                "port = {}\nsecurity = \"tls\"",
                port("ARBITRE_TEST_SMTPS_PORT")
            ),
        );
    assert_ne!(other, config);
    std::fs::write(&daemon.config, &other).unwrap();
    let out = daemon.command(&["check-config"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "STARTTLS IMAP and SMTPS: {text}");
    assert!(
        text.contains(&format!(":{} as", port("ARBITRE_TEST_IMAP_PORT"))),
        "{text}"
    );
    let wrong = config.replacen(env.password(), "not-the-password", 1);
    std::fs::write(&daemon.config, wrong).unwrap();
    let out = daemon.command(&["check-config"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("imap: IMAP login as") && text.contains("refused"),
        "{text}"
    );
}

/// With `after-processing = "move"`, a processed message leaves the inbox for the
/// configured folder (created by arbitre), after its commit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processed_mail_can_be_moved_to_a_folder() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let mut daemon = Daemon::start(&env, &bot, "move");
    daemon.kill9();
    let config = std::fs::read_to_string(&daemon.config).unwrap().replace(
        "poll-seconds = 20\n",
        "poll-seconds = 20\nafter-processing = \"move\"\nprocessed-folder = \"arbitre-done\"\n",
    );
    std::fs::write(&daemon.config, config).unwrap();
    daemon.spawn();
    env.send(&alice, &bot, "HELP", "HELP", "").await;
    let store = daemon.store();
    eventually("processed", Duration::from_secs(30), || {
        store.processed_count().unwrap() == 1
    })
    .await;
    let mut session = arbitre::mail::imap::connect(&env.imap_settings(&bot))
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let inbox = session.select("INBOX").await.unwrap().exists;
        let done = session.select("arbitre-done").await.unwrap().exists;
        if inbox == 0 && done == 1 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "INBOX {inbox}, arbitre-done {done}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
