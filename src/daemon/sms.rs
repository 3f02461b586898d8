//! The SMS gateway's tasks, when one is configured: the listener the gateway hands
//! received SMS to (recorded in the store's SMS inbox), and the sender of the outbox's SMS
//! (the outbound task on the SMS channel). Both stop with the daemon.

use std::sync::Arc;

use tokio::sync::{Notify, watch};

use crate::referee::Channel;
use crate::sms::kannel::{self, KannelSender, Listener};
use crate::sms::settings::Gateway;

use super::outbound::{self, OutboundSettings};
use super::{DaemonError, DaemonSettings, SharedStore};

/// The running tasks.
pub type Tasks = Vec<tokio::task::JoinHandle<Result<(), DaemonError>>>;

/// Starts the gateway's tasks (none without a gateway). `wake_sms` wakes the SMS sender
/// when SMS are queued; `wake_received` is woken when an SMS is recorded.
pub async fn start(
    settings: &DaemonSettings,
    store: &SharedStore,
    wake_sms: Arc<Notify>,
    wake_received: Arc<Notify>,
    stop: watch::Receiver<bool>,
) -> Result<Tasks, DaemonError> {
    let Gateway::Kannel {
        settings: kannel_settings,
        listen,
    } = &settings.sms
    else {
        return Ok(Vec::new());
    };
    let socket = tokio::net::TcpListener::bind(listen.as_str())
        .await
        .map_err(|e| DaemonError::Task(format!("cannot listen for Kannel on {listen}: {e}")))?;
    tracing::info!(listen = %listen, "listening for Kannel's received SMS");
    let app = kannel::routes(Listener {
        store: store.clone(),
        secret: kannel_settings.secret.clone(),
        wake: wake_received,
    });
    let mut stop_listener = stop.clone();
    let listener = tokio::spawn(async move {
        axum::serve(socket, app)
            .with_graceful_shutdown(async move {
                let _ = stop_listener.wait_for(|s| *s).await;
            })
            .await
            .map_err(|e| DaemonError::Task(format!("SMS listener: {e}")))
    });
    let sender = Arc::new(KannelSender {
        client: kannel::client(),
        settings: kannel_settings.clone(),
    });
    let out = OutboundSettings {
        channel: Channel::Sms,
        ..OutboundSettings::from(settings)
    };
    let sending = tokio::spawn(outbound::run(
        out,
        sender,
        store.clone(),
        wake_sms,
        Arc::new(Notify::new()),
        Arc::new(Notify::new()),
        stop,
    ));
    Ok(vec![listener, sending])
}
