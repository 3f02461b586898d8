//! The write-ahead log's checkpoints, kept away from the daemon's decisions. On SQLite, the
//! commit that takes the log past its threshold (1,000 pages) copies the log into the
//! database file and waits for the disk, inside that commit. On the test machine an fsync
//! takes 16 ms and such a commit 50 to 100 ms: one decision in ten or twenty with a store
//! of 100,000 games, whose changes touch many pages (docs/benchmarks.md, "With 100,000
//! games"). The daemon's connection therefore leaves checkpoints to a thread of their own,
//! with a connection of its own, which checkpoints once a second without waiting for the
//! writer or the readers (`PASSIVE`). PostgreSQL's server does its own; nothing changes
//! there. The other commands (`arbitre show`, `new`, ...) keep SQLite's own checkpoints.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

use super::{Store, StoreError};

/// How often the log is checkpointed.
const EVERY: Duration = Duration::from_secs(1);

/// The thread that checkpoints a store's log; stopped (after a last checkpoint) when
/// dropped.
#[derive(Debug)]
pub struct Checkpoints {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Store {
    /// Hands this store's checkpoints to a thread of their own (see the file's doc), for
    /// as long as the returned [`Checkpoints`] lives. `None` on PostgreSQL and for a store
    /// in memory, which have no log to checkpoint.
    pub fn checkpoint_apart(&self) -> Result<Option<Checkpoints>, StoreError> {
        let Some(conn) = self.conn.sqlite_conn() else {
            return Ok(None);
        };
        let Some(path) = conn.path().filter(|p| !p.is_empty()).map(str::to_owned) else {
            return Ok(None);
        };
        let own = Connection::open(&path)?;
        own.busy_timeout(Duration::from_secs(10))?;
        own.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("checkpoints".into())
            .spawn(move || {
                loop {
                    // Woken within a tenth of a second of a stop, for a last checkpoint.
                    for _ in 0..10 {
                        if stopped.load(Ordering::SeqCst) {
                            break;
                        }
                        std::thread::sleep(EVERY / 10);
                    }
                    let done = own.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                        Ok((r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
                    });
                    match done {
                        Ok((log, copied)) => {
                            tracing::trace!(log, copied, "write-ahead log checkpointed")
                        }
                        Err(e) => tracing::warn!(error = %e, "the store's checkpoint failed"),
                    }
                    if stopped.load(Ordering::SeqCst) {
                        return;
                    }
                }
            })
            .map_err(|e| StoreError::Corrupt(format!("no thread for the checkpoints: {e}")))?;
        Ok(Some(Checkpoints {
            stop,
            thread: Some(thread),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The log of a store whose connection no longer checkpoints is still copied into the
    /// database file, by the thread, and the store reads and writes as before.
    #[test]
    fn the_thread_checkpoints_what_the_store_writes() {
        let dir = std::env::temp_dir().join(format!("arbitre-checkpoints-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("store.sqlite");
        let store = Store::open(&path).unwrap();
        let apart = store.checkpoint_apart().unwrap().expect("a file has a log");
        let conn = store.database().sqlite_conn().unwrap();
        let auto: i64 = conn
            .query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0))
            .unwrap();
        assert_eq!(
            auto, 0,
            "the store's connection leaves checkpoints to the thread"
        );
        conn.execute_batch(
            "CREATE TABLE filler (x BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
             INSERT INTO filler SELECT zeroblob(4000) FROM n;",
        )
        .unwrap();
        let log = |p: &std::path::Path| {
            std::fs::metadata(format!("{}-wal", p.display())).map_or(0, |m| m.len())
        };
        assert!(log(&path) > 4_000_000, "the writes are in the log");
        let file = |p: &std::path::Path| std::fs::metadata(p).map_or(0, |m| m.len());
        drop(apart);
        // Only a checkpoint brings the rows into the database file, and the store's
        // connection makes none: the thread's last one did.
        assert!(file(&path) > 8_000_000, "the thread checkpointed the log");
        let n: i64 = conn
            .query_row("SELECT count(*) FROM filler", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 2000);
        assert!(
            Store::open_in_memory()
                .unwrap()
                .checkpoint_apart()
                .unwrap()
                .is_none()
        );
        drop(store);
        std::fs::remove_dir_all(&dir).ok();
    }
}
