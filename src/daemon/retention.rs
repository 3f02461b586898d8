//! The outbox's retention: the texts of mails the server accepted more than `[outbox]
//! keep-sent-days` ago are forgotten, an hour apart, a batch at a time. Nothing reads a sent
//! mail's text again, and with its picture it was most of a store's size (3 to 40 GB per
//! 100,000 games, docs/scale.md). The rows stay: their Message-IDs thread the replies, their
//! turns carry the clocks, their reports tell what became of each mail.

use std::time::Duration;

use tokio::sync::watch;

use super::{SharedStore, now, with_store};

/// How many texts one transaction forgets: short enough not to hold the store from the
/// moves for long.
const BATCH: usize = 500;

/// How long after one pass the next one starts.
const EVERY: Duration = Duration::from_secs(3600);

/// The first pass waits this long after the start, so that a daemon catching up on its
/// mailbox is not slowed by it.
const FIRST_AFTER: Duration = Duration::from_secs(60);

/// Forgets the texts of mails sent more than `keep` ago, once `FIRST_AFTER` the start and
/// then every hour, until `stop`. A store error is logged and left for the next pass.
pub async fn run(store: SharedStore, keep: Duration, mut stop: watch::Receiver<bool>) {
    let mut wait = FIRST_AFTER;
    loop {
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            _ = stop.changed() => return,
        }
        wait = EVERY;
        let before = now() - i64::try_from(keep.as_secs()).unwrap_or(i64::MAX);
        let mut forgotten = 0;
        loop {
            if *stop.borrow() {
                return;
            }
            match with_store(&store, move |s| s.forget_sent_texts(before, BATCH)).await {
                Ok(n) => {
                    forgotten += n;
                    if n < BATCH {
                        break;
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the outbox's old texts were not forgotten");
                    break;
                }
            }
            // Let a move waiting for the store go first.
            tokio::task::yield_now().await;
        }
        if forgotten > 0 {
            tracing::info!(forgotten, "forgot the texts of mails sent long ago");
        }
    }
}
