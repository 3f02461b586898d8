//! The outbound task: sends due outbox mail, a few at a time, records each result, and
//! sleeps until the next retry is due, new mail is queued, or the poll interval passes.

use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use tokio::sync::{Notify, watch};

use crate::mail::smtp::Sender;
use crate::store::AfterFailure;

use super::{DaemonError, DaemonSettings, SharedStore, now, with_store};

/// How many due mails are read from the store at a time.
const BATCH: usize = 64;

/// Runs until `stop` turns true; sends in flight are completed first.
pub async fn run<S: Sender>(
    settings: DaemonSettings,
    sender: Arc<S>,
    store: SharedStore,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let due = with_store(&store, |s| s.due(now(), BATCH)).await?;
        let full = due.len() == BATCH;
        let results = futures::stream::iter(due)
            .map(|item| {
                let sender = sender.clone();
                async move {
                    let r = sender.send(&item.mail).await;
                    (item, r)
                }
            })
            .buffer_unordered(settings.send_concurrency.max(1))
            .collect::<Vec<_>>()
            .await;
        let policy = settings.retry;
        for (item, result) in results {
            match result {
                Ok(()) => {
                    tracing::info!(to = %item.mail.to, message_id = %item.mail.message_id, "sent");
                    let id = item.id;
                    with_store(&store, move |s| s.mark_sent(id, now())).await?;
                }
                Err(e) => {
                    let (error, permanent) = (e.message.clone(), e.permanent);
                    let item2 = item.clone();
                    let after = with_store(&store, move |s| {
                        s.mark_failed(&item2, &error, permanent, now(), &policy)
                    })
                    .await?;
                    match after {
                        AfterFailure::RetryAt(at) => tracing::warn!(
                            to = %item.mail.to, cause = %e, retry_in_s = at - now(), "send failed"
                        ),
                        AfterFailure::GivenUp => tracing::error!(
                            to = %item.mail.to, cause = %e, "send refused for too long: given up"
                        ),
                    }
                }
            }
        }
        if full {
            continue;
        }
        let next = with_store(&store, |s| s.next_due()).await?;
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
