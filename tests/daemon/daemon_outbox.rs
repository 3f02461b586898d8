//! The outbox against the real Postfix: arbitre killed (SIGKILL) again and again while it
//! sends a long queue sends every mail, and sends again only the few that were in flight at
//! each kill. Without the mail servers the test prints a note and passes; under `CI=true` it
//! fails instead (`common::MailEnv::load`).

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use arbitre::referee::{AutoKind, Decision, Outgoing};
use common::{Daemon, MailEnv, SEND_CONCURRENCY, eventually};

/// 300 queued mails, five SIGKILLs while they are being sent, then a restart: each mail is
/// delivered, and the extra copies are at most the sends in flight at each kill (not the
/// whole batch of 64 read from the store).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_sender_repeats_only_the_mails_in_flight() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let connections = SEND_CONCURRENCY.to_string();
    let mut daemon = Daemon::start_tuned(
        &env,
        &bot,
        "outbox-kill",
        "",
        &[("smtp", "connections", &connections)],
    );
    daemon.kill9();
    let total = 300;
    let domain = bot.split_once('@').unwrap().1;
    let mails: Vec<Outgoing> = (0..total)
        .map(|i| Outgoing {
            to: alice.clone(),
            subject: format!("mail {i}"),
            body: format!("mail {i}\n"),
            message_id: format!("kill.{i}.{}@{domain}", std::process::id()),
            in_reply_to: None,
            references: vec![],
            reply_to: None,
            game: None,
            auto: AutoKind::Generated,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        })
        .collect();
    let mut store = daemon.store();
    store
        .commit(
            &Decision {
                outbox: mails,
                ..Decision::default()
            },
            None,
            arbitre::daemon::now(),
        )
        .unwrap();
    let sent = || store.outbox_counts().unwrap().1 as usize;
    let kills = 5;
    for k in 0..kills {
        daemon.spawn();
        // Kill it after it has sent some 30 more mails.
        let goal = sent() + 30;
        let deadline = Instant::now() + Duration::from_secs(60);
        while sent() < goal {
            assert!(
                Instant::now() < deadline,
                "kill {k}: no progress\n{}",
                daemon.log()
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        daemon.kill9();
        assert!(sent() < total, "kill {k} came after the last send");
    }
    daemon.spawn();
    eventually("every mail sent", Duration::from_secs(120), || {
        store.outbox_counts().unwrap() == (0, total as u64, 0)
    })
    .await;
    env.wait_for(&alice, total, Duration::from_secs(60)).await;
    // Let the last copies through Postfix.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let inbox = env.inbox(&alice).await;
    let mut copies: HashMap<String, usize> = HashMap::new();
    for m in &inbox {
        *copies.entry(m.message_id()).or_default() += 1;
    }
    assert_eq!(copies.len(), total, "every mail arrived");
    let extra = inbox.len() - total;
    eprintln!(
        "{} mails delivered for {total} Message-IDs after {kills} SIGKILLs ({extra} extra)",
        inbox.len()
    );
    assert!(
        extra <= kills * SEND_CONCURRENCY,
        "{extra} extra copies after {kills} kills: more than the {SEND_CONCURRENCY} sends in \
         flight at each"
    );
}
