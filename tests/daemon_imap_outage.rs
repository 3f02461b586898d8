//! Moves that wait through a mail-server outage are taken up at once when it ends. The mail
//! host goes down for 20 s while the daemon idles: Dovecot (IMAP, LMTP delivery, the
//! submission passwords), then Postfix. Meanwhile moves reach Postfix (which queues them),
//! moves land in the Maildir by another delivery agent, and the director creates a game whose
//! start mails cannot be submitted. With the periodic full scan far away (an hour) and
//! production backoffs, every move is processed and every mail sent within seconds of the
//! servers' return.
//!
//! A test binary of its own, so that no other test's IMAP session is cut.

mod common;

use std::time::{Duration, Instant};

use arbitre::store_params;
use common::games::{self, Games};
use common::{Daemon, MailEnv};

/// How long Dovecot stays down.
const OUTAGE: Duration = Duration::from_secs(20);

/// What "at once" allows after the return: the longest wait between two reconnection
/// attempts (10 s by default), then a scan and the processing.
const PROMPT: Duration = Duration::from_secs(13);

/// Per processed message: its Message-ID, when arbitre committed it, when Dovecot stored it.
fn timings(daemon: &Daemon) -> Vec<(String, i64, i64)> {
    daemon
        .store()
        .database()
        .query_map(
            "SELECT p.message_id, p.processed_at, m.received_at FROM processed p
             JOIN moves m ON m.message_id = p.message_id ORDER BY p.processed_at",
            store_params![],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
}

/// For a failure: which second moves were not processed, and where each one is (the mail
/// server's queue, the Maildir), then the daemon's warnings and the end of its log. Short,
/// most telling first.
fn where_moves_wait(
    env: &MailEnv,
    bot: &str,
    daemon: &Daemon,
    games: &Games,
    count: usize,
) -> String {
    let processed: Vec<String> = timings(daemon).into_iter().map(|t| t.0).collect();
    let state = std::path::Path::new(env.var("ARBITRE_TEST_STATE"));
    let queue = std::process::Command::new("postqueue")
        .arg("-c")
        .arg(state.join("postfix/etc"))
        .arg("-p")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_else(|e| format!("postqueue: {e}"));
    let (local, domain) = bot.split_once('@').unwrap();
    let maildir = state
        .join("mailboxes")
        .join(domain)
        .join(local)
        .join("Maildir");
    let mut out = Vec::new();
    for g in 0..count {
        let id = games.message_id(g, 1);
        if processed.contains(&id) {
            continue;
        }
        let mut places = Vec::new();
        if queue.contains(&format!("+g{}-", games.ids[g])) {
            places.push("in Postfix's queue".to_string());
        }
        for sub in ["new", "cur"] {
            for entry in std::fs::read_dir(maildir.join(sub))
                .into_iter()
                .flatten()
                .flatten()
            {
                let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                if text.contains(&id) {
                    places.push(format!(
                        "in the Maildir: {sub}/{}",
                        entry.file_name().to_string_lossy()
                    ));
                }
            }
        }
        out.push(format!(
            "not processed: game {g} (#{}) move 2 <{id}> ({})",
            games.ids[g],
            if places.is_empty() {
                "found nowhere".to_string()
            } else {
                places.join(", ")
            }
        ));
    }
    let log = daemon.log();
    let lines: Vec<&str> = log.lines().collect();
    let warnings: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains(" WARN ") || l.contains(" ERROR "))
        .collect();
    format!(
        "{}\nPostfix's queue:\n{}\ndaemon warnings:\n{}\nend of the daemon's log:\n{}",
        out.join("\n"),
        queue.trim(),
        warnings.join("\n"),
        lines[lines.len().saturating_sub(30)..].join("\n")
    )
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_waiting_through_an_outage_are_taken_up_at_once() {
    let Some(env) = MailEnv::load() else { return };
    const GAMES: usize = 12;
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(&env, GAMES + 1).await;
    // The production pacing, not the tests' quick one: no periodic scan to hide behind, and
    // the outbox's and the reconnection's own backoffs.
    let mut daemon = Daemon::start_tuned(
        &env,
        &bot,
        "outage",
        "",
        &[
            ("imap", "poll-seconds", "3600"),
            ("imap", "idle-renew-minutes", "28"),
            ("imap", "reconnect-max-seconds", "10"),
            // Short enough that a mail whose first try failed at the outage's start would be
            // tried again during it (after 5 s and 15 s), and then not before 35 s: 15 s
            // after the servers' return, later than PROMPT allows.
            ("outbox", "retry-min-seconds", "5"),
            ("outbox", "retry-max-seconds", "3600"),
            ("outbox", "poll-seconds", "5"),
        ],
    );
    let mut games = Games::create(&daemon, "outage", &players[..2 * GAMES], 2);
    games
        .wait_outbox_empty(&daemon, Duration::from_secs(60))
        .await;
    // The first move of every game, played before the outage.
    for g in 0..GAMES {
        let (from, to, raw) = games.move_mail(g, 0);
        env.deliver_from_outside(&from, &to, &raw).await;
    }
    let store = daemon.store();
    common::eventually(
        "the moves before the outage",
        Duration::from_secs(60),
        || store.processed_count().unwrap() == GAMES as u64,
    )
    .await;
    games
        .wait_outbox_empty(&daemon, Duration::from_secs(60))
        .await;
    // The daemon now idles (IMAP IDLE) when the mail host goes down: Dovecot first.
    tokio::time::sleep(Duration::from_secs(1)).await;
    env.mail_servers("stop-imap");
    let stopped = Instant::now();
    struct StartAgain<'a>(&'a MailEnv);
    impl Drop for StartAgain<'_> {
        fn drop(&mut self) {
            self.0.mail_servers("start-smtp");
            self.0.mail_servers("start-imap");
        }
    }
    let _guard = StartAgain(&env);
    // Half the second moves reach Postfix, which queues them: its LMTP delivery to Dovecot
    // fails.
    for g in (0..GAMES).step_by(2) {
        let (from, to, raw) = games.move_mail(g, 1);
        env.deliver_from_outside(&from, &to, &raw).await;
    }
    // Then Postfix goes down too, and the director starts one more game: its start mails
    // wait in the outbox.
    env.mail_servers("stop-smtp");
    let late = games.add(&daemon, &players[2 * GAMES], &players[2 * GAMES + 1], 1);
    // The other half land in the Maildir by another delivery agent.
    for g in (1..GAMES).step_by(2) {
        let (_, _, raw) = games.move_mail(g, 1);
        env.drop_into_maildir(&bot, &raw);
    }
    tokio::time::sleep(OUTAGE.saturating_sub(stopped.elapsed())).await;
    env.mail_servers("start-smtp");
    env.mail_servers("start-imap");
    let back = Instant::now();
    let back_at = unix_now();

    // Every waiting move processed, every mail sent.
    let deadline = back + Duration::from_secs(60);
    loop {
        let done = store.processed_count().unwrap() == 2 * GAMES as u64;
        if done && store.outbox_counts().unwrap().0 == 0 {
            break;
        }
        if Instant::now() >= deadline {
            panic!(
                "not drained a minute after the return: {} processed, {:?} in the outbox\n{}",
                store.processed_count().unwrap(),
                store.outbox_counts().unwrap(),
                where_moves_wait(&env, &bot, &daemon, &games, GAMES)
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drained = back.elapsed();
    // Where each move waited: before Dovecot stored it (the mail server's queue), or after
    // (arbitre).
    let mut report = Vec::new();
    let mut worst_arbitre = 0;
    let mut worst_server = 0;
    for (id, processed_at, received_at) in timings(&daemon) {
        if processed_at < back_at {
            continue;
        }
        let in_server = (received_at - back_at).max(0);
        let in_arbitre = processed_at - received_at.max(back_at);
        worst_arbitre = worst_arbitre.max(in_arbitre);
        worst_server = worst_server.max(in_server);
        report.push(format!(
            "{id}: stored {in_server} s after the return, processed {in_arbitre} s later"
        ));
    }
    eprintln!(
        "outage of {} s; drained {:.1} s after the return; worst wait in the mail server {worst_server} s, in arbitre {worst_arbitre} s\n{}",
        OUTAGE.as_secs(),
        drained.as_secs_f64(),
        report.join("\n")
    );
    assert_eq!(
        report.len(),
        GAMES,
        "every second move came after the return"
    );
    assert!(
        worst_arbitre <= PROMPT.as_secs() as i64,
        "arbitre held a move {worst_arbitre} s: {}",
        report.join("\n")
    );
    assert!(
        drained <= PROMPT + Duration::from_secs(worst_server as u64),
        "drained {drained:?} after the return (the server held mail {worst_server} s)\n{}",
        daemon.log()
    );
    for g in 0..GAMES {
        games.assert_played(&daemon, g, 2);
    }
    // The start mails that waited in the outbox went as soon as the server was back.
    let (count, last_sent): (i64, i64) = daemon
        .store()
        .database()
        .query_row(
            "SELECT count(*), max(sent_at) FROM outbox WHERE game_id = ?1 AND status = 'sent'",
            store_params![games.ids[late]],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        count, 2,
        "both start mails of the game created during the outage"
    );
    assert!(
        last_sent - back_at <= PROMPT.as_secs() as i64,
        "the start mails waited {} s after the return\n{}",
        last_sent - back_at,
        daemon.log()
    );
    // The game created during the outage started: both players got its start mail.
    let (white, black) = games.players[late].clone();
    for p in [&white, &black] {
        env.wait_for(p, 1, Duration::from_secs(10)).await;
    }
    let log = daemon.log();
    assert!(log.contains("mailbox unavailable"), "{log}");
    daemon.kill9();
}
