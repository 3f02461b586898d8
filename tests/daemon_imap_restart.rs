//! The IMAP server stopped and restarted while arbitre runs: arbitre notices, reconnects
//! with backoff, and processes the mail that arrived during the outage. A test binary of its
//! own, so that no other test's IMAP session is cut.

mod common;

use std::time::Duration;

use common::{Daemon, MailEnv};

/// Dovecot goes away (every session cut), mail is sent meanwhile (Postfix keeps it queued),
/// Dovecot comes back: the mail is processed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbitre_survives_an_imap_server_restart() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let daemon = Daemon::start(&env, &bot, "imap-restart");
    env.send(&alice, &bot, "HELP before", "HELP", "").await;
    let store = daemon.store();
    common::eventually("the first message", Duration::from_secs(20), || {
        store.processed_count().unwrap() == 1
    })
    .await;
    env.mail_servers("stop-imap");
    // Whatever happens next, leave the IMAP server running for the other tests.
    struct StartAgain<'a>(&'a MailEnv);
    impl Drop for StartAgain<'_> {
        fn drop(&mut self) {
            self.0.mail_servers("start-imap");
        }
    }
    let _guard = StartAgain(&env);
    // Dovecot also checks submission passwords: deliver as another domain's server would.
    let raw = format!(
        "From: {alice}\nTo: {bot}\nSubject: HELP during\nMessage-ID: <during-{}@test>\n\nHELP\n",
        std::process::id()
    );
    env.deliver_from_outside(&alice, &bot, &raw).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    env.mail_servers("start-imap");
    common::eventually(
        "the message sent during the outage",
        Duration::from_secs(60),
        || store.processed_count().unwrap() == 2,
    )
    .await;
    let log = daemon.log();
    assert!(log.contains("mailbox unavailable"), "{log}");
    assert!(
        log.matches("IMAP connected").count() >= 2,
        "it reconnected: {log}"
    );
}
