//! The daemons attached to the store, as each last reported itself: where it runs (host,
//! pid, version), since when, when it was last heard from and what it was doing. One row
//! per run of a daemon; `arbitre status` reads them. A daemon reports itself every half
//! minute and when what it does changes, and says when it stops; a row that stops being
//! reported without saying so is a daemon that was killed or lost its store.

use crate::base::Timestamp;

use super::StoreError;
use super::sql::{Db, Row, params};

/// How long the rows of daemons that stopped (or went silent) are kept.
pub const KEPT: Timestamp = 7 * 24 * 3600;

/// What a daemon is doing, as it reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Started, the mailbox not read yet.
    Starting,
    /// Reading the mailbox: every message found has been decided.
    Reading,
    /// Working through the messages found in the mailbox.
    Processing,
    /// The mailbox cannot be read (the detail says why); trying again.
    MailboxUnreachable,
    /// The store failed in a way that may pass (a database restarting); trying again.
    StoreUnreachable,
    /// Told to stop: finishing the message in hand and the sends in flight.
    Stopping,
}

impl Doing {
    /// The stored word.
    pub fn word(self) -> &'static str {
        match self {
            Doing::Starting => "starting",
            Doing::Reading => "reading",
            Doing::Processing => "processing",
            Doing::MailboxUnreachable => "mailbox-unreachable",
            Doing::StoreUnreachable => "store-unreachable",
            Doing::Stopping => "stopping",
        }
    }

    /// The value of a stored word.
    pub fn from_word(word: &str) -> Option<Doing> {
        [
            Doing::Starting,
            Doing::Reading,
            Doing::Processing,
            Doing::MailboxUnreachable,
            Doing::StoreUnreachable,
            Doing::Stopping,
        ]
        .into_iter()
        .find(|d| d.word() == word)
    }
}

/// One run of a daemon, as it last reported itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DaemonRecord {
    /// `host/pid/started_at`: one run of one process.
    pub id: String,
    /// The machine's name.
    pub host: String,
    /// The process id on that machine.
    pub pid: i64,
    /// arbitre's version.
    pub version: String,
    /// When it started.
    pub started_at: Timestamp,
    /// When it last reported itself.
    pub seen_at: Timestamp,
    /// What it was doing then (a word this build may not know, from a newer one).
    pub doing: String,
    /// Why, when it is waiting for something (the mailbox's or the store's error).
    pub detail: Option<String>,
    /// How many messages it processed since it started.
    pub processed: u64,
    /// When it last processed one.
    pub processed_at: Option<Timestamp>,
    /// When it said it stopped.
    pub stopped_at: Option<Timestamp>,
}

impl DaemonRecord {
    /// A run of the process `pid` on `host` that starts at `at`.
    pub fn starting(host: &str, pid: u32, version: &str, at: Timestamp) -> DaemonRecord {
        DaemonRecord {
            id: format!("{host}/{pid}/{at}"),
            host: host.to_owned(),
            pid: pid.into(),
            version: version.to_owned(),
            started_at: at,
            seen_at: at,
            doing: Doing::Starting.word().to_owned(),
            detail: None,
            processed: 0,
            processed_at: None,
            stopped_at: None,
        }
    }
}

/// Records a daemon's start, and forgets the runs that ended (or went silent) more than
/// [`KEPT`] ago.
pub fn register(db: &Db, d: &DaemonRecord) -> Result<(), StoreError> {
    db.execute(
        "DELETE FROM daemons WHERE coalesce(stopped_at, seen_at) < ?1",
        params![d.started_at - KEPT],
    )?;
    db.execute(
        "INSERT INTO daemons (id, host, pid, version, started_at, seen_at, doing, detail,
                              processed, processed_at, stopped_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO NOTHING",
        params![
            d.id,
            d.host,
            d.pid,
            d.version,
            d.started_at,
            d.seen_at,
            d.doing,
            d.detail,
            d.processed,
            d.processed_at,
            d.stopped_at
        ],
    )?;
    Ok(())
}

/// What a running daemon reports of itself at `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// What it is doing.
    pub doing: Doing,
    /// Why, when it waits for something.
    pub detail: Option<String>,
    /// Messages processed since it started.
    pub processed: u64,
    /// When it last processed one.
    pub processed_at: Option<Timestamp>,
}

/// Records a daemon's report (its row is made again if it was lost, as by a store copied
/// while it ran).
pub fn report(db: &Db, d: &DaemonRecord, at: Timestamp, r: &Report) -> Result<(), StoreError> {
    let updated = db.execute(
        "UPDATE daemons SET seen_at = ?2, doing = ?3, detail = ?4, processed = ?5,
                            processed_at = ?6
         WHERE id = ?1",
        params![
            d.id,
            at,
            r.doing.word(),
            r.detail,
            r.processed,
            r.processed_at
        ],
    )?;
    if updated == 0 {
        register(
            db,
            &DaemonRecord {
                seen_at: at,
                doing: r.doing.word().to_owned(),
                detail: r.detail.clone(),
                processed: r.processed,
                processed_at: r.processed_at,
                ..d.clone()
            },
        )?;
    }
    Ok(())
}

/// Records that a daemon stopped at `at`.
pub fn stopped(db: &Db, id: &str, at: Timestamp) -> Result<(), StoreError> {
    db.execute(
        "UPDATE daemons SET stopped_at = ?2, seen_at = ?2 WHERE id = ?1",
        params![id, at],
    )?;
    Ok(())
}

/// Every recorded run, the latest started first.
pub fn list(db: &Db) -> Result<Vec<DaemonRecord>, StoreError> {
    db.query_map(
        "SELECT id, host, pid, version, started_at, seen_at, doing, detail, processed,
                processed_at, stopped_at
         FROM daemons ORDER BY started_at DESC, id",
        params![],
        record,
    )
}

fn record(r: &Row<'_>) -> Result<DaemonRecord, StoreError> {
    Ok(DaemonRecord {
        id: r.get(0)?,
        host: r.get(1)?,
        pid: r.get(2)?,
        version: r.get(3)?,
        started_at: r.get(4)?,
        seen_at: r.get(5)?,
        doing: r.get(6)?,
        detail: r.get(7)?,
        processed: r.get(8)?,
        processed_at: r.get(9)?,
        stopped_at: r.get(10)?,
    })
}
