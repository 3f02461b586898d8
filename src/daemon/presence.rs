//! The daemon's presence in the store, for `arbitre status`: its run is recorded when it
//! starts, then reported every half minute and whenever what it does changes (reading the
//! mailbox, waiting for it, waiting for the store, stopping), and marked stopped at the end.
//! Several daemons on one store each have their row. A report that cannot be written is
//! logged and left for the next one: the presence never stops the daemon.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, watch};

use crate::referee::Timestamp;
pub use crate::store::daemons::Doing;
use crate::store::daemons::{DaemonRecord, Report};

use super::{SharedStore, now, with_store};

/// How often a running daemon reports itself when nothing changes. `arbitre status` calls a
/// daemon silent after four missed reports.
pub const EVERY: Duration = Duration::from_secs(30);

/// What the daemon's tasks tell the presence.
#[derive(Debug)]
pub struct Activity {
    doing: Mutex<(Doing, Option<String>)>,
    processed: AtomicU64,
    processed_at: Mutex<Option<Timestamp>>,
    changed: Notify,
}

impl Default for Activity {
    fn default() -> Activity {
        Activity {
            doing: Mutex::new((Doing::Starting, None)),
            processed: AtomicU64::new(0),
            processed_at: Mutex::new(None),
            changed: Notify::new(),
        }
    }
}

impl Activity {
    /// What the daemon does now, and why when it waits; reported at once when it changed.
    pub fn set(&self, doing: Doing, detail: Option<String>) {
        let mut now_doing = self.doing.lock().unwrap_or_else(|p| p.into_inner());
        if now_doing.0 != doing || now_doing.1 != detail {
            *now_doing = (doing, detail);
            self.changed.notify_one();
        }
    }

    /// One more message processed, at `at`.
    pub fn processed(&self, at: Timestamp) {
        self.processed.fetch_add(1, Ordering::Relaxed);
        *self.processed_at.lock().unwrap_or_else(|p| p.into_inner()) = Some(at);
    }

    /// What to report now.
    pub fn report(&self) -> Report {
        let (doing, detail) = self.doing.lock().unwrap_or_else(|p| p.into_inner()).clone();
        Report {
            doing,
            detail,
            processed: self.processed.load(Ordering::Relaxed),
            processed_at: *self.processed_at.lock().unwrap_or_else(|p| p.into_inner()),
        }
    }
}

/// This process's run, starting now.
pub fn this_run() -> DaemonRecord {
    let host = hostname::get()
        .map(|h| h.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "unknown".to_owned());
    DaemonRecord::starting(&host, std::process::id(), env!("CARGO_PKG_VERSION"), now())
}

/// This process, as the holder of the messages it is at work on
/// ([`crate::store::Store::begin_attempt`]): its host, its pid and the instant it first
/// asked, so that a restarted daemon is never taken for the run it replaces.
pub fn holder() -> &'static str {
    static HOLDER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HOLDER.get_or_init(|| {
        let host = hostname::get()
            .map(|h| h.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "unknown".to_owned());
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("{host}/{}/{since}", std::process::id())
    })
}

/// Reports `record` every [`EVERY`] and at each change of `activity`, until `gone` turns
/// true (every other task of the daemon has ended); then records it stopped.
pub async fn run(
    store: SharedStore,
    record: DaemonRecord,
    activity: std::sync::Arc<Activity>,
    mut gone: watch::Receiver<bool>,
) {
    loop {
        let (r, report) = (record.clone(), activity.report());
        if let Err(e) = with_store(&store, move |s| s.report_daemon(&r, now(), &report)).await {
            tracing::warn!(cause = %e, "cannot record the daemon's presence");
        }
        if *gone.borrow() {
            break;
        }
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            () = activity.changed.notified() => {}
            _ = gone.changed() => {}
        }
    }
    let id = record.id.clone();
    if let Err(e) = with_store(&store, move |s| s.daemon_stopped(&id, now())).await {
        tracing::warn!(cause = %e, "cannot record that the daemon stopped");
    }
}
