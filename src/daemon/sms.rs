//! The SMS gateway's tasks, when one is configured: the listener the gateway hands
//! received SMS to (recorded in the store's SMS inbox), and the sender of the outbox's SMS
//! (the outbound task on the SMS channel). Both stop with the daemon.

use std::sync::Arc;

use tokio::sync::{Notify, watch};

use crate::config::sms::{Gateway, SpoolSection};
use crate::delivery::Sender;
use crate::gateway::kannel::{self, KannelSender, Listener};
use crate::gateway::spool_gateway::{self, SpoolSender, Spooler};
use crate::gateway::webhook::{self, WebhookSender};
use crate::referee::Channel;

use super::outbound::{self, OutboundSettings};
use super::sms_received::{self, Wakes};
use super::{DaemonError, DaemonSettings, SharedStore, now, with_store};

/// The running tasks.
pub type Tasks = Vec<tokio::task::JoinHandle<Result<(), DaemonError>>>;

/// Starts the gateway's tasks (none without a gateway): its own (`start_gateway`)
/// and the loop that decides received SMS, which wakes `wakes` when it queued messages.
pub async fn start(
    settings: &DaemonSettings,
    store: &SharedStore,
    wakes: Wakes,
    stop: watch::Receiver<bool>,
) -> Result<Tasks, DaemonError> {
    if matches!(settings.sms, Gateway::None) {
        return Ok(Vec::new());
    }
    let wake_received = Arc::new(Notify::new());
    let wake_sms = wakes.sms.clone();
    let deciding = tokio::spawn(sms_received::run(
        settings.referee.clone(),
        store.clone(),
        wake_received.clone(),
        wakes,
        stop.clone(),
    ));
    let mut tasks = start_gateway(settings, store, wake_sms, wake_received, stop).await?;
    tasks.push(deciding);
    Ok(tasks)
}

/// The gateway's own tasks: what takes received SMS in, and the sender.
async fn start_gateway(
    settings: &DaemonSettings,
    store: &SharedStore,
    wake_sms: Arc<Notify>,
    wake_received: Arc<Notify>,
    stop: watch::Receiver<bool>,
) -> Result<Tasks, DaemonError> {
    let (kannel_settings, listen) = match &settings.sms {
        Gateway::None => return Ok(Vec::new()),
        Gateway::Spool { spooler, dirs } => {
            return Ok(start_spool(
                settings,
                store,
                *spooler,
                dirs,
                wake_sms,
                wake_received,
                stop,
            ));
        }
        Gateway::Webhook {
            settings: account,
            listen,
        } => {
            let app = webhook::routes(webhook::Listener {
                arrivals: super::arrivals::arrivals(store.clone(), wake_received),
                settings: account.clone(),
            });
            let listener = serve(listen, app, "the SMS provider's webhook", stop.clone()).await?;
            let sender = Arc::new(WebhookSender {
                client: kannel::client(),
                settings: account.clone(),
            });
            let sending = spawn_sender(settings, store, sender, wake_sms, stop);
            return Ok(vec![listener, sending]);
        }
        Gateway::Kannel { settings, listen } => (settings, listen),
    };
    let app = kannel::routes(Listener {
        arrivals: super::arrivals::arrivals(store.clone(), wake_received),
        secret: kannel_settings.secret.clone(),
    });
    let listener = serve(listen, app, "Kannel's received SMS", stop.clone()).await?;
    let sender = Arc::new(KannelSender {
        client: kannel::client(),
        settings: kannel_settings.clone(),
    });
    let sending = spawn_sender(settings, store, sender, wake_sms, stop);
    Ok(vec![listener, sending])
}

/// Serves `app` on `listen` until `stop`.
async fn serve(
    listen: &str,
    app: axum::Router,
    what: &'static str,
    mut stop: watch::Receiver<bool>,
) -> Result<tokio::task::JoinHandle<Result<(), DaemonError>>, DaemonError> {
    let socket = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| DaemonError::Task(format!("cannot listen for {what} on {listen}: {e}")))?;
    tracing::info!(listen = %listen, "listening for {what}");
    Ok(tokio::spawn(async move {
        axum::serve(socket, app)
            .with_graceful_shutdown(async move {
                let _ = stop.wait_for(|s| *s).await;
            })
            .await
            .map_err(|e| DaemonError::Task(format!("SMS listener: {e}")))
    }))
}

/// The outbound task on the SMS channel, sending through `sender`.
fn spawn_sender<S: Sender>(
    settings: &DaemonSettings,
    store: &SharedStore,
    sender: Arc<S>,
    wake_sms: Arc<Notify>,
    stop: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<Result<(), DaemonError>> {
    // One SMS at a time: the daily caps are counted exactly, and a player's SMS arrive in
    // the order they were decided.
    let out = OutboundSettings {
        channel: Channel::Sms,
        send_concurrency: 1,
        ..OutboundSettings::from(settings)
    };
    tokio::spawn(outbound::run(
        out,
        sender,
        store.clone(),
        wake_sms,
        Arc::new(Notify::new()),
        Arc::new(Notify::new()),
        stop,
    ))
}

/// The spool gateways' tasks: the inbox looked at every `poll-seconds` (received files
/// recorded, then moved), and the outbox's SMS written as files.
fn start_spool(
    settings: &DaemonSettings,
    store: &SharedStore,
    spooler: Spooler,
    dirs: &SpoolSection,
    wake_sms: Arc<Notify>,
    wake_received: Arc<Notify>,
    stop: watch::Receiver<bool>,
) -> Tasks {
    let reading = tokio::spawn(watch_inbox(
        store.clone(),
        spooler,
        dirs.clone(),
        wake_received,
        stop.clone(),
    ));
    let sender = Arc::new(SpoolSender {
        spooler,
        outbox: dirs.outbox.clone(),
    });
    let sending = spawn_sender(settings, store, sender, wake_sms, stop);
    vec![reading, sending]
}

/// Looks at the spool inbox until `stop`: a directory that cannot be read is logged and
/// looked at again, a store that fails stops the daemon.
pub async fn watch_inbox(
    store: SharedStore,
    spooler: Spooler,
    dirs: SpoolSection,
    wake_received: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) -> Result<(), DaemonError> {
    let poll = std::time::Duration::from_secs(dirs.poll_seconds.max(1));
    loop {
        if *stop.borrow() {
            return Ok(());
        }
        let d = dirs.clone();
        let taken = with_store(&store, move |s| {
            Ok(spool_gateway::take(
                spooler,
                &d.inbox,
                &d.done,
                &mut |sms| s.receive_sms(sms).map_err(|e| e.to_string()),
                d.settle_seconds,
                now(),
            ))
        })
        .await?;
        match taken {
            Ok(0) => {}
            Ok(n) => {
                tracing::info!(new = n, gateway = spooler.name(), "SMS received");
                wake_received.notify_one();
            }
            Err(e) => tracing::warn!(cause = %e, "SMS spool inbox not taken; looked at again"),
        }
        tokio::select! {
            () = tokio::time::sleep(poll) => {}
            _ = stop.changed() => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_spool_inbox_is_watched_until_stop() {
        let d = std::env::temp_dir().join(format!("arbitre-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("in")).unwrap();
        let dirs = SpoolSection {
            inbox: d.join("in"),
            outbox: d.join("out"),
            done: d.join("done"),
            settle_seconds: 0,
            poll_seconds: 1,
        };
        let store: SharedStore = Arc::new(std::sync::Mutex::new(
            crate::store::testing::fresh_store("daemon_sms"),
        ));
        let (stop_tx, stop_rx) = watch::channel(false);
        let woken = Arc::new(Notify::new());
        let task = tokio::spawn(watch_inbox(
            store.clone(),
            Spooler::Smstools,
            dirs,
            woken.clone(),
            stop_rx,
        ));
        std::fs::write(d.join("in/GSM1.abcdef"), "From: 33612345678\n\n#12 e5e6\n").unwrap();
        tokio::time::timeout(std::time::Duration::from_secs(10), woken.notified())
            .await
            .expect("woken when an SMS is recorded");
        let got = store.lock().unwrap().pending_sms(10).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].text, "#12 e5e6");
        assert!(d.join("done/GSM1.abcdef").exists());
        stop_tx.send(true).unwrap();
        tokio::time::timeout(std::time::Duration::from_secs(5), task)
            .await
            .expect("stops")
            .unwrap()
            .unwrap();
    }
}
