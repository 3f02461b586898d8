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
use crate::store::Attempt;
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

/// This machine's name, as the daemons' records and holders give it.
fn host() -> String {
    hostname::get()
        .map(|h| h.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// This process's run, starting now.
pub fn this_run() -> DaemonRecord {
    DaemonRecord::starting(
        &host(),
        std::process::id(),
        env!("CARGO_PKG_VERSION"),
        now(),
    )
}

/// This process, as the holder of the messages it is at work on
/// ([`crate::store::Store::begin_attempt`]): its host, its pid and the instant it first
/// asked, so that a restarted daemon is never taken for the run it replaces.
pub fn holder() -> &'static str {
    static HOLDER: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HOLDER.get_or_init(|| {
        let host = host();
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("{host}/{}/{since}", std::process::id())
    })
}

/// Whether `holder` (another run's [`holder`]) is a process of this machine that is no
/// more: then what it holds may be taken over at once. `false` when it cannot tell (another
/// machine, a holder written otherwise, no `/proc`).
pub fn gone(holder: &str) -> bool {
    let mut parts = holder.rsplitn(3, '/');
    let (Some(_since), Some(pid), Some(host)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    if self::host() != host || pid.parse::<u32>().is_err() || holder == self::holder() {
        return false;
    }
    std::path::Path::new("/proc/self").exists()
        && !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// Begins this run's attempt at `message_id` ([`crate::store::Store::begin_attempt`]),
/// taking it over at once from a run of this machine that is gone (this daemon's
/// predecessor, killed at work on it), rather than waiting for its hold to lapse.
pub fn begin_attempt(
    s: &mut crate::store::Store,
    message_id: &str,
    now: Timestamp,
) -> Result<Attempt, crate::store::StoreError> {
    match s.begin_attempt(message_id, holder(), now)? {
        Attempt::HeldBy(other) if gone(&other) => {
            tracing::info!(message_id, holder = %other, "taking over a dead run's message");
            s.take_over_attempt(message_id, &other, holder(), now)
        }
        attempt => Ok(attempt),
    }
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

#[cfg(test)]
mod tests {
    #[cfg(target_os = "linux")]
    #[test]
    fn a_holder_is_gone_only_when_its_process_on_this_machine_is_no_more() {
        let host = super::host();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        assert!(
            super::gone(&format!("{host}/{dead}/12345")),
            "a finished process"
        );
        assert!(!super::gone(super::holder()), "this run");
        let parent = std::os::unix::process::parent_id();
        assert!(
            !super::gone(&format!("{host}/{parent}/12345")),
            "a live one"
        );
        assert!(!super::gone(&format!("elsewhere.example/{dead}/12345")));
        assert!(!super::gone("one"));
        assert!(!super::gone(&format!("{host}/not-a-pid/1")));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_message_held_by_a_dead_run_of_this_machine_is_taken_over_at_once() {
        use crate::store::Attempt;
        let host = super::host();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = format!("{host}/{}/12345", child.id());
        child.wait().unwrap();
        let live = format!("{host}/{}/12345", std::os::unix::process::parent_id());
        for mut s in crate::store::testing::stores("a_message_held_by_a_dead_run") {
            // Held by a run killed at work on it, a second ago: not waited for.
            assert_eq!(
                s.begin_attempt("m@x", &dead, 100).unwrap(),
                Attempt::Counted(1)
            );
            assert_eq!(
                super::begin_attempt(&mut s, "m@x", 101).unwrap(),
                Attempt::Counted(2)
            );
            // Held by a live run, or by a run of another machine: left to it.
            s.attempts_done("m@x").unwrap();
            for other in [&live, "elsewhere.example/1/1"] {
                assert_eq!(
                    s.begin_attempt("n@x", other, 100).unwrap(),
                    Attempt::Counted(1)
                );
                assert_eq!(
                    super::begin_attempt(&mut s, "n@x", 101).unwrap(),
                    Attempt::HeldBy(other.to_string())
                );
                s.attempts_done("n@x").unwrap();
            }
        }
    }
}
