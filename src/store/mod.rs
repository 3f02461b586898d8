//! The store: players, games and their moves, events, processed inbound messages, the
//! outbox and the map of sent Message-IDs, with versioned migrations.
//!
//! Exactly-once processing rests on [`Store::decide`] (in `decide.rs`), the one path every
//! change takes: the key of the inbound message (its mailbox, UIDVALIDITY and UID, and its
//! Message-ID), the game changes and the queued mails go in one transaction. The daemon
//! flags the message on the server only after that commit, so a crash at any point either
//! replays a message the store does not know (nothing was written) or finds it already
//! processed (everything was).
//!
//! The store is synchronous; the daemon calls it from a blocking thread. Its queries are
//! written once against [`sql::Db`], which runs them on SQLite (one file, one daemon) or
//! PostgreSQL (several daemons on one database).

pub mod audit;
pub mod confirmations;
pub mod context;
pub mod copy;
pub mod daemons;
pub mod decide;
pub mod deliveries;
pub mod events;
pub mod game_details;
pub mod location;
pub mod migrations;
pub mod outbox;
pub mod postgresql;
pub mod public;
pub mod rows;
pub mod searches;
pub mod shared;
pub mod sms;
pub mod sql;
pub mod testing;
pub mod writes;

use std::path::Path;
use std::time::Duration;

use rusqlite::Connection;

use sql::{Db, params};

use crate::clock::Span;
use crate::referee::{
    Channel, Context, Decision, GameId, GameStatus, Inbound, Lookup, Player, StoredGame, Timestamp,
};
use crate::tournament::event::StoredEvent;

pub use decide::{Answering, At, Decided, Settled};
pub use location::Location;
pub use outbox::{AfterFailure, OutboxItem, RetryPolicy};
pub use shared::{SharedError, SharedStore, with_store};

/// Outages older than this (seconds) no longer matter to any clock: longer than any turn.
pub const OUTAGES_KEPT: Timestamp = 1000 * 86_400;

/// A store error.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL failed, or could not be reached.
    #[error("database error: {}", sql::Causes(.0))]
    Postgres(#[from] tokio_postgres::Error),
    /// The schema could not be brought up to date.
    #[error(transparent)]
    Migration(#[from] migrations::MigrationError),
    /// The store cannot be reached as configured (a CA file, a URL).
    #[error("{0}")]
    Setup(String),
    /// A stored value cannot be read back.
    #[error("the store holds something this build cannot read: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// Whether SQLite said the database is busy (locked by another connection).
    pub fn is_busy(&self) -> bool {
        let busy = |e: &rusqlite::Error| {
            matches!(
                e.sqlite_error_code(),
                Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
            )
        };
        match self {
            StoreError::Sqlite(e) => busy(e),
            StoreError::Migration(migrations::MigrationError::Step { source, .. }) => busy(source),
            StoreError::Postgres(e) => postgres_busy(e),
            StoreError::Migration(migrations::MigrationError::PostgresStep { source, .. }) => {
                postgres_busy(source)
            }
            StoreError::Migration(_) | StoreError::Corrupt(_) | StoreError::Setup(_) => false,
        }
    }

    /// Whether the error may pass by itself, so that what failed is worth trying again a
    /// little later: the database busy, out of space or briefly unreachable (a PostgreSQL
    /// server restarting, a network cut). Not a refused statement, a value that cannot be
    /// read, or a schema this build does not know.
    pub fn may_pass(&self) -> bool {
        match self {
            StoreError::Sqlite(e) => {
                self.is_busy()
                    || matches!(
                        e.sqlite_error_code(),
                        Some(rusqlite::ErrorCode::DiskFull | rusqlite::ErrorCode::SystemIoFailure)
                    )
            }
            StoreError::Postgres(e) => postgres_may_pass(e),
            StoreError::Migration(_) | StoreError::Corrupt(_) | StoreError::Setup(_) => false,
        }
    }
}

/// Whether a PostgreSQL error may pass: one the server did not answer with (the session
/// closed, the network, a timeout, connecting), or one saying the server is restarting,
/// short of resources or asking for the transaction again.
fn postgres_may_pass(e: &tokio_postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    let Some(db) = e.as_db_error() else {
        // tokio-postgres names the kind of failure only in its text: these are the
        // session's and the network's (not a value that cannot be converted, a parameter
        // count, a refused password).
        let kind = e.to_string();
        return [
            "error communicating with the server",
            "error connecting to server",
            "timeout waiting for server",
            "error performing TLS handshake",
        ]
        .contains(&kind.as_str());
    };
    let code = db.code().code();
    // Class 08: connection exception; 53: insufficient resources; 57P01-57P03: the server
    // shutting down, crashed, or not accepting connections yet.
    code.starts_with("08")
        || code.starts_with("53")
        || ["57P01", "57P02", "57P03"].contains(&code)
        || postgres_busy(e)
}

/// Whether PostgreSQL refused a transaction that may succeed if tried again.
fn postgres_busy(e: &tokio_postgres::Error) -> bool {
    use tokio_postgres::error::SqlState;
    e.code().is_some_and(|c| {
        [
            SqlState::T_R_SERIALIZATION_FAILURE,
            SqlState::T_R_DEADLOCK_DETECTED,
            SqlState::LOCK_NOT_AVAILABLE,
        ]
        .contains(c)
    })
}

/// The name of one message on the IMAP server, for ever: RFC 3501 guarantees a UID is never
/// reused within a mailbox while its UIDVALIDITY stays the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MessageKey {
    /// The mailbox name.
    pub mailbox: String,
    /// The mailbox's UIDVALIDITY.
    pub uidvalidity: u32,
    /// The message's UID.
    pub uid: u32,
}

/// Whether an inbound message was processed before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Never: process it.
    New,
    /// This very IMAP message was committed (a restart before it was flagged).
    SameKey,
    /// Another copy with the same Message-ID was committed (delivered twice).
    SameMessageId,
}

/// How long a daemon's attempt at a message keeps the other daemons off it (seconds): far
/// longer than a message takes, short enough that a run killed in the middle of one holds
/// it up only briefly.
pub const ATTEMPT_LEASE: Timestamp = 10;

/// What [`Store::begin_attempt`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// This is the message's `n`-th attempt: go on (or set it aside past the limit).
    Counted(u32),
    /// Another run, this one, is at work on it: leave it to that run and look again later
    /// (unless that run is known to be dead: [`Store::take_over_attempt`]).
    HeldBy(String),
}

/// What [`Store::commit`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Committed {
    /// The decision is stored.
    Done,
    /// The message had been processed already: nothing was written.
    AlreadyProcessed,
}

/// The store.
pub struct Store {
    conn: Db,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("dialect", &self.conn.dialect())
            .field("path", &self.conn.sqlite_conn().and_then(|c| c.path()))
            .finish()
    }
}

impl Store {
    /// Opens (or creates) the store at `path` and brings its schema up to date.
    ///
    /// Another process creating or converting the same file at the same moment makes SQLite
    /// answer "busy" without waiting (switching to WAL needs the file alone); opening is then
    /// tried again for up to ten seconds.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut tries = 0;
        loop {
            match Store::setup(Connection::open(path)?) {
                Err(e) if e.is_busy() && tries < 200 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                r => return r,
            }
        }
    }

    /// Opens the store `location` names and brings its schema up to date.
    pub fn connect(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::Sqlite(path) => Store::open(path),
            Location::Postgres(settings) => Store::open_postgres(settings),
        }
    }

    /// Opens a PostgreSQL store and brings its schema up to date.
    pub fn open_postgres(settings: &postgresql::Settings) -> Result<Store, StoreError> {
        let conn = Db::postgres_reopening(postgresql::connect(settings)?, settings.clone());
        postgresql::migrate(&conn)?;
        Ok(Store { conn })
    }

    /// The database itself, for what goes below the store's own calls (copying a whole
    /// store, tests that look at its rows).
    pub fn database(&self) -> &sql::Db {
        &self.conn
    }

    /// Which database the store is on.
    pub fn dialect(&self) -> sql::Dialect {
        self.conn.dialect()
    }

    /// A fresh store in memory (tests).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<Store, StoreError> {
        conn.busy_timeout(Duration::from_secs(10))?;
        // WAL lets `arbitre show` and `arbitre new` work while the daemon runs; NORMAL sync is
        // durable across application crashes (a power cut may lose the last transaction,
        // which the unflagged message then replays).
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations::migrate(&mut conn)?;
        Ok(Store {
            conn: Db::sqlite(conn),
        })
    }

    /// The schema version.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        match self.conn.sqlite_conn() {
            Some(conn) => Ok(migrations::version(conn)?),
            None => postgresql::version(&self.conn),
        }
    }

    /// Whether this message (by key, or by Message-ID) was processed before.
    pub fn seen(&self, key: &MessageKey, message_id: &str) -> Result<Seen, StoreError> {
        let by_key = self.conn.query_opt(
            "SELECT 1 FROM processed WHERE mailbox = ?1 AND uidvalidity = ?2 AND uid = ?3",
            params![key.mailbox, key.uidvalidity, key.uid],
            |_| Ok(()),
        )?;
        if by_key.is_some() {
            return Ok(Seen::SameKey);
        }
        let by_id = self.conn.query_opt(
            "SELECT 1 FROM processed WHERE message_id = ?1 LIMIT 1",
            params![message_id],
            |_| Ok(()),
        )?;
        Ok(if by_id.is_some() {
            Seen::SameMessageId
        } else {
            Seen::New
        })
    }

    /// The request to confirm numbered `id`, if recorded.
    pub fn confirmation(
        &self,
        id: &str,
    ) -> Result<Option<crate::referee::confirm::Confirmation>, StoreError> {
        confirmations::get(&self.conn, id)
    }

    /// Loads what the referee needs to decide on `msg`.
    pub fn context(
        &self,
        msg: &Inbound,
        lookup: &Lookup,
        now: Timestamp,
    ) -> Result<Context, StoreError> {
        context::load(&self.conn, msg, lookup, now)
    }

    /// Writes a decision, with the processed-message key when it answers an inbound mail.
    /// Returns [`Committed::AlreadyProcessed`] without writing anything if that key or
    /// Message-ID is already recorded. The daemon and the command line reach it only through
    /// [`Store::decide`], which reads, decides and commits in one transaction; tests and
    /// tools that set a store up call it directly.
    pub fn commit(
        &mut self,
        decision: &Decision,
        processed: Option<(&MessageKey, &str)>,
        now: Timestamp,
    ) -> Result<Committed, StoreError> {
        // A savepoint: a transaction of its own, or part of an enclosing
        // [`Store::immediate`] one.
        let tx = self.conn.transaction()?;
        let db = &self.conn;
        if let Some((key, message_id)) = processed {
            let inserted = db.execute(
                "INSERT INTO processed (mailbox, uidvalidity, uid, message_id, processed_at, summary)
                 SELECT CAST(?1 AS TEXT), CAST(?2 AS BIGINT), CAST(?3 AS BIGINT), CAST(?4 AS TEXT),
                        CAST(?5 AS BIGINT), CAST(?6 AS TEXT)
                 WHERE NOT EXISTS (SELECT 1 FROM processed WHERE message_id = ?4)
                 ON CONFLICT (mailbox, uidvalidity, uid) DO NOTHING",
                params![
                    key.mailbox,
                    key.uidvalidity,
                    key.uid,
                    message_id,
                    now,
                    decision.summary
                ],
            )?;
            if inserted == 0 {
                return Ok(Committed::AlreadyProcessed);
            }
        }
        if let Some((_, message_id)) = processed {
            db.execute(
                "DELETE FROM attempts WHERE message_id = ?1",
                params![message_id],
            )?;
        }
        for p in &decision.players {
            rows::save_player(db, p, now)?;
        }
        for g in &decision.games {
            rows::save_game(db, g)?;
        }
        for e in &decision.events {
            events::save_event(db, e)?;
        }
        for c in &decision.confirmations {
            confirmations::save(db, c)?;
        }
        // The decision's mails, queued together (one round trip on PostgreSQL).
        let mut mails = writes::Writes::new();
        for m in &decision.outbox {
            outbox::queue_into(&mut mails, m, now);
        }
        db.execute_all(&mails)?;
        deliveries::record(db, &decision.fates)?;
        deliveries::open_unreached(db, &decision.unreached)?;
        if let Some(r) = &decision.readdress {
            deliveries::readdress(db, r, now)?;
        }
        sms::log_codes(db, &decision.codes, now)?;
        rows::log_invitations(db, &decision.invitations, now)?;
        for stop in &decision.sms_stops {
            sms::set_stopped(
                db,
                &stop.number,
                stop.stopped,
                stop.confirmation.as_deref(),
                now,
            )?;
        }
        tx.commit()?;
        Ok(Committed::Done)
    }

    /// Appends a director's action to the audit log, sealed under `keys` (inside the
    /// caller's transaction, with the change it records: see [`Store::immediate`]);
    /// returns the entry.
    pub fn append_audit(
        &mut self,
        draft: crate::audit::Draft,
        keys: &crate::keys::KeySet,
    ) -> Result<crate::audit::Entry, StoreError> {
        audit::append(&self.conn, draft, keys)
    }

    /// The audit log's head: the last entry's number and hash, as recorded apart.
    pub fn audit_head(&self) -> Result<Option<crate::audit::Head>, StoreError> {
        audit::head(&self.conn)
    }

    /// The whole audit log, oldest first, and its head (the last entry's number and hash
    /// as recorded apart).
    pub fn audit_log(
        &self,
    ) -> Result<(Vec<crate::audit::Entry>, Option<crate::audit::Head>), StoreError> {
        Ok((audit::entries(&self.conn)?, audit::head(&self.conn)?))
    }

    /// Records an SMS a gateway handed over, unless its key is known; returns whether it
    /// is new. Committed before the gateway is told it arrived.
    pub fn receive_sms(&mut self, sms: &sms::SmsIn) -> Result<bool, StoreError> {
        sms::receive(&self.conn, sms)
    }

    /// The SMS waiting for the referee, oldest first.
    pub fn pending_sms(&self, limit: usize) -> Result<Vec<sms::SmsIn>, StoreError> {
        sms::pending(&self.conn, limit)
    }

    /// Whether a queued SMS may go now (STOP, daily caps).
    pub fn sms_gate(
        &self,
        number: &str,
        message_id: &str,
        caps: sms::Caps,
        now: Timestamp,
    ) -> Result<sms::Gate, StoreError> {
        sms::gate(&self.conn, number, message_id, caps, now)
    }

    /// Records a delivery report on the SMS `message_id` (see [`sms::note_delivery`]).
    pub fn note_delivery(
        &mut self,
        message_id: &str,
        status: u32,
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        sms::note_delivery(&self.conn, message_id, status, at)
    }

    /// How many SMS sent the gateway last reported on with each word.
    pub fn sms_delivery_counts(&self) -> Result<Vec<(Option<String>, u64)>, StoreError> {
        sms::delivery_counts(&self.conn)
    }

    /// What the gateway last said of the SMS `message_id`.
    pub fn delivery(&self, message_id: &str) -> Result<Option<String>, StoreError> {
        sms::delivery(&self.conn, message_id)
    }

    /// Puts off a queued message until `at` without counting a failure.
    pub fn defer(&mut self, id: i64, at: Timestamp) -> Result<(), StoreError> {
        sms::defer(&self.conn, id, at)
    }

    /// Gives up a queued SMS whose number said STOP.
    pub fn drop_stopped_sms(&mut self, id: i64) -> Result<(), StoreError> {
        sms::drop_stopped(&self.conn, id)
    }

    /// The SMS's context: the message as the referee reads it (its sender the player the
    /// number is linked to, or the one linking it) and what the referee must know. `code`
    /// is the phone code the SMS holds, as the referee read it, if any.
    pub fn sms_context(
        &self,
        msg: &mut Inbound,
        code: Option<&str>,
        lookup: &Lookup,
        now: Timestamp,
    ) -> Result<Context, StoreError> {
        let number = msg.phone.clone().unwrap_or_default();
        let holder = rows::phone_holder(&self.conn, &number)?;
        // A code names the player whose code, still valid, it is (whoever the number is
        // linked to: sent back from the phone, it proves the phone); anything else is the
        // holder's.
        let claimant = match code {
            Some(code) => rows::phone_claimant(&self.conn, &number, code, now)?,
            None => None,
        };
        msg.from = claimant.or(holder).unwrap_or_default();
        let mut ctx = context::load(&self.conn, msg, lookup, now)?;
        ctx.sms_stopped = sms::stopped(&self.conn, &number)?.is_some();
        ctx.sms_game = sms::last_game(&self.conn, &number)?;
        ctx.sms_recent = sms::sent_since(&self.conn, &number, now - 86_400)?;
        Ok(ctx)
    }

    /// Marks an SMS processed; false when it was already.
    pub fn sms_processed(&mut self, id: i64, at: Timestamp) -> Result<bool, StoreError> {
        sms::processed(&self.conn, id, at)
    }

    /// Runs `f` inside one write transaction taken at once (`BEGIN IMMEDIATE`): what `f`
    /// reads (the context, the next game number) cannot change before what it writes is
    /// committed, even with another process (`arbitre new`) writing to the same file.
    /// Rolled back if `f` fails.
    pub fn immediate<T>(
        &mut self,
        f: impl FnOnce(&mut Store) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.holding(sql::Lock::Store, |s| Ok((f(s)?, true)))
    }

    /// Runs `f` inside one transaction that holds `lock` from its start: committed when
    /// `f` returns its value with `true`, rolled back when with `false` (or when it fails).
    fn holding<T>(
        &mut self,
        lock: sql::Lock,
        f: impl FnOnce(&mut Store) -> Result<(T, bool), StoreError>,
    ) -> Result<T, StoreError> {
        // `f` needs the store itself: no guard can borrow it meanwhile.
        let level = self.conn.begin(lock)?;
        match f(self) {
            Ok((v, commit)) => {
                self.conn.end(level, commit)?;
                Ok(v)
            }
            Err(e) => {
                let _ = self.conn.end(level, false);
                Err(e)
            }
        }
    }

    /// Records a second copy of an already processed message (same Message-ID, new key), so
    /// that its key is known too. Changes nothing else.
    pub fn record_duplicate(
        &mut self,
        key: &MessageKey,
        message_id: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO processed (mailbox, uidvalidity, uid, message_id, processed_at, summary)
             VALUES (?1, ?2, ?3, ?4, ?5, 'duplicate: ignored') ON CONFLICT DO NOTHING",
            params![key.mailbox, key.uidvalidity, key.uid, message_id, now],
        )?;
        Ok(())
    }

    /// Counts one more attempt at processing a message by `holder` (a daemon's run),
    /// committed at once so that an attempt that crashes the process still counts, and
    /// returns how many there have been. [`Attempt::HeldBy`] when another run began
    /// an attempt less than [`ATTEMPT_LEASE`] seconds ago: that run is at work on it (two
    /// daemons on one store read the same mailbox), so this one neither counts nor tries.
    /// A hold older than the lease is a run that died or stalled: it is taken over, and
    /// counted.
    pub fn begin_attempt(
        &mut self,
        message_id: &str,
        holder: &str,
        now: Timestamp,
    ) -> Result<Attempt, StoreError> {
        let count: Option<u32> = self.conn.query_opt(
            "INSERT INTO attempts (message_id, count, holder, since) VALUES (?1, 1, ?2, ?3)
             ON CONFLICT (message_id) DO UPDATE
                 SET count = attempts.count + 1, holder = ?2, since = ?3
                 WHERE attempts.holder IS NULL OR attempts.holder = ?2
                    OR attempts.since <= ?4
             RETURNING count",
            params![message_id, holder, now, now - ATTEMPT_LEASE],
            |r| r.get(0),
        )?;
        match count {
            Some(n) => Ok(Attempt::Counted(n)),
            None => self.attempt_holder(message_id, holder, now),
        }
    }

    /// Who holds `message_id`'s attempt, found held: [`Attempt::HeldBy`] that run; counted
    /// for `holder` when the hold ended meanwhile (the other run finished or let go).
    fn attempt_holder(
        &mut self,
        message_id: &str,
        holder: &str,
        now: Timestamp,
    ) -> Result<Attempt, StoreError> {
        let other: Option<Option<String>> = self.conn.query_opt(
            "SELECT holder FROM attempts WHERE message_id = ?1",
            params![message_id],
            |r| r.get(0),
        )?;
        match other.flatten() {
            Some(other) if other != holder => Ok(Attempt::HeldBy(other)),
            // Let go, or done, since the first statement: counted as a fresh attempt.
            _ => self.begin_attempt(message_id, holder, now),
        }
    }

    /// Takes the attempt at `message_id` over from `gone`, a run known to be dead (a daemon
    /// of this machine killed at work on it), without waiting for its hold to lapse;
    /// counted. [`Attempt::HeldBy`] when another run took it over first.
    pub fn take_over_attempt(
        &mut self,
        message_id: &str,
        gone: &str,
        holder: &str,
        now: Timestamp,
    ) -> Result<Attempt, StoreError> {
        let count: Option<u32> = self.conn.query_opt(
            "UPDATE attempts SET count = count + 1, holder = ?3, since = ?4
             WHERE message_id = ?1 AND holder = ?2
             RETURNING count",
            params![message_id, gone, holder, now],
            |r| r.get(0),
        )?;
        match count {
            Some(n) => Ok(Attempt::Counted(n)),
            None => self.begin_attempt(message_id, holder, now),
        }
    }

    /// Forgets the attempts at a message once it is processed.
    pub fn attempts_done(&mut self, message_id: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "DELETE FROM attempts WHERE message_id = ?1",
            params![message_id],
        )?;
        Ok(())
    }

    /// Remembers a mailbox's UIDVALIDITY; returns the previous one if it was different.
    pub fn note_uidvalidity(
        &mut self,
        mailbox: &str,
        uidvalidity: u32,
    ) -> Result<Option<u32>, StoreError> {
        let old: Option<u32> = self.conn.query_opt(
            "SELECT uidvalidity FROM mailboxes WHERE name = ?1",
            params![mailbox],
            |r| r.get(0),
        )?;
        self.conn.execute(
            "INSERT INTO mailboxes (name, uidvalidity) VALUES (?1, ?2)
             ON CONFLICT (name) DO UPDATE SET uidvalidity = excluded.uidvalidity",
            params![mailbox, uidvalidity],
        )?;
        Ok(old.filter(|o| *o != uidvalidity))
    }

    /// One game with its moves.
    pub fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        rows::game(&self.conn, id)
    }

    /// Every game, by id.
    pub fn games(&self) -> Result<Vec<StoredGame>, StoreError> {
        rows::games_where(&self.conn, "1 = 1", params![])
    }

    /// The games in play, by id.
    pub fn running_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        rows::games_where(
            &self.conn,
            "status = ?1",
            params![GameStatus::Active.code()],
        )
    }

    /// Every game's line in the list of games (its row and its number of moves, not the
    /// moves), by id.
    pub fn game_lines(&self) -> Result<Vec<rows::GameLine>, StoreError> {
        rows::game_lines(&self.conn)
    }

    /// One player.
    pub fn player(&self, address: &str) -> Result<Option<Player>, StoreError> {
        rows::player(&self.conn, address)
    }

    /// The event with this name or number, whole.
    pub fn event(&self, key: &str) -> Result<Option<StoredEvent>, StoreError> {
        events::load_event(&self.conn, key)
    }

    /// What a step of the event with this name or number reads (its games, its players,
    /// the rating record, the next game number): the one place that gathers them, for the
    /// daemon and the director's commands alike. `None` when there is no such event.
    pub fn event_record(
        &self,
        key: &str,
    ) -> Result<Option<crate::referee::event::EventRecord>, StoreError> {
        let Some(event) = self.event(key)? else {
            return Ok(None);
        };
        Ok(Some(crate::referee::event::EventRecord {
            games: self.event_games(event.id)?,
            players: self.event_players(&event)?,
            next_game_id: self.next_game_id()?,
            rating_record: self.rating_record()?,
            event,
        }))
    }

    /// Every event: (number, name, title, status), newest first.
    pub fn event_list(&self) -> Result<Vec<(i64, String, String, String)>, StoreError> {
        events::event_list(&self.conn)
    }

    /// The number the next event will get.
    pub fn next_event_id(&self) -> Result<i64, StoreError> {
        events::next_event_id(&self.conn)
    }

    /// The games of an event, with their moves.
    pub fn event_games(&self, event_id: i64) -> Result<Vec<StoredGame>, StoreError> {
        rows::games_where(&self.conn, "event_id = ?1", params![event_id])
    }

    /// The records of the players and directors of an event (those who have one).
    pub fn event_players(&self, event: &StoredEvent) -> Result<Vec<Player>, StoreError> {
        let mut players: Vec<Player> = Vec::new();
        let addresses = event
            .entries
            .iter()
            .map(|e| &e.address)
            .chain(event.conditions.directors.iter());
        for a in addresses {
            if let Some(p) = rows::player(&self.conn, a)?
                && !players.iter().any(|q| q.address == p.address)
            {
                players.push(p);
            }
        }
        Ok(players)
    }

    /// What ratings are worked out from: the rated games and the figures players entered
    /// events with (see [`crate::rating::history::RatingRecord`]).
    pub fn rating_record(&self) -> Result<crate::rating::history::RatingRecord, StoreError> {
        Ok(crate::rating::history::RatingRecord {
            games: events::rated_games(&self.conn)?,
            entered: events::entered_ratings(&self.conn)?,
        })
    }

    /// The names of the running events.
    pub fn running_events(&self) -> Result<Vec<String>, StoreError> {
        events::running_events(&self.conn)
    }

    /// Saves an event alone (a director's change that mails nobody).
    pub fn save_event(&mut self, event: &StoredEvent) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        events::save_event(&self.conn, event)?;
        tx.commit()
    }

    /// Records that arbitre could not read its mailbox in `[from, to)` (`cause` for the
    /// log and the admin): the players to move get that time back.
    pub fn record_outage(
        &mut self,
        from: Timestamp,
        to: Timestamp,
        cause: &str,
    ) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO outages (from_at, to_at, cause) VALUES (?1, ?2, ?3)",
            params![from, to, cause],
        )?;
        Ok(())
    }

    /// The outages that ended after `since`, oldest first.
    pub fn outages(&self, since: Timestamp) -> Result<Vec<Span>, StoreError> {
        rows::outages(&self.conn, since)
    }

    /// Records that the daemon was reading its mailbox at `at`.
    pub fn heartbeat(&mut self, at: Timestamp) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO daemon_state (key, value) VALUES ('alive', ?1)
             ON CONFLICT (key) DO UPDATE SET value = CASE
                 WHEN excluded.value > daemon_state.value THEN excluded.value
                 ELSE daemon_state.value END",
            params![at],
        )?;
        Ok(())
    }

    /// Records a daemon's start (`arbitre status` lists the daemons).
    pub fn register_daemon(&mut self, d: &daemons::DaemonRecord) -> Result<(), StoreError> {
        daemons::register(&self.conn, d)
    }

    /// Records what a running daemon reports of itself at `at`.
    pub fn report_daemon(
        &mut self,
        d: &daemons::DaemonRecord,
        at: Timestamp,
        report: &daemons::Report,
    ) -> Result<(), StoreError> {
        daemons::report(&self.conn, d, at, report)
    }

    /// Records that the daemon `id` stopped at `at`.
    pub fn daemon_stopped(&mut self, id: &str, at: Timestamp) -> Result<(), StoreError> {
        daemons::stopped(&self.conn, id, at)
    }

    /// The daemons' runs recorded in the store, the latest started first.
    pub fn daemons(&self) -> Result<Vec<daemons::DaemonRecord>, StoreError> {
        daemons::list(&self.conn)
    }

    /// The last heartbeat, if the daemon ever ran on this store.
    pub fn last_heartbeat(&self) -> Result<Option<Timestamp>, StoreError> {
        self.conn.query_opt(
            "SELECT value FROM daemon_state WHERE key = 'alive'",
            params![],
            |r| r.get(0),
        )
    }

    /// When the clock of some game is next due (its next reminder or time-out), if any:
    /// one indexed lookup, however many games run.
    pub fn next_clock_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.conn.query_row(
            "SELECT min(next_due) FROM games WHERE next_due IS NOT NULL",
            params![],
            |r| r.get(0),
        )
    }

    /// What `referee::tick` needs at `now`: the games whose clock is due (soonest first, at
    /// most `limit`) and their players.
    pub fn clock_context(&self, now: Timestamp, limit: usize) -> Result<Context, StoreError> {
        let games = rows::games_where(
            &self.conn,
            "id IN (SELECT id FROM games WHERE next_due IS NOT NULL AND next_due <= ?1
              ORDER BY next_due LIMIT ?2)",
            params![now, limit],
        )?;
        self.context_of(games, None, now)
    }

    /// The games in play where the computer sits, each with when it last changed: the
    /// computer's task looks again only at those that changed (see
    /// [`crate::referee::computer`]).
    pub fn computer_games(&self) -> Result<Vec<(GameId, Timestamp)>, StoreError> {
        let seats = crate::games::engine::Level::all()
            .map(|l| format!("'{}'", crate::referee::computer::seat(l)))
            .collect::<Vec<_>>()
            .join(", ");
        // Seat addresses are made here, never written by anyone: safe to inline.
        let sql = format!(
            "SELECT id, updated_at FROM games WHERE status = 'active'
               AND (white IN ({seats}) OR black IN ({seats})) ORDER BY id"
        );
        self.conn
            .query_built(&sql, params![], |r| Ok((r.get(0)?, r.get(1)?)))
    }

    /// Holds game `id` for `holder`'s search at `now`: `None` when held, else the holder
    /// whose hold runs (see [`searches`]).
    pub fn hold_search(
        &mut self,
        id: GameId,
        holder: &str,
        now: Timestamp,
    ) -> Result<Option<String>, StoreError> {
        searches::hold(&self.conn, id, holder, now)
    }

    /// Takes game `id`'s search over from `gone`, a holder known to be dead.
    pub fn take_over_search(
        &mut self,
        id: GameId,
        gone: &str,
        holder: &str,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        searches::take_over(&self.conn, id, gone, holder, now)
    }

    /// Renews the holds of `holder`'s searches at `now`.
    pub fn renew_searches(&mut self, holder: &str, now: Timestamp) -> Result<(), StoreError> {
        searches::renew(&self.conn, holder, now)
    }

    /// Lets go of every search `holder` holds.
    pub fn release_searches(&mut self, holder: &str) -> Result<(), StoreError> {
        searches::release_all(&self.conn, holder)
    }

    /// Lets game `id` go once `holder`'s search of it is over.
    pub fn release_search(&mut self, id: GameId, holder: &str) -> Result<(), StoreError> {
        searches::release(&self.conn, id, holder)
    }

    /// What a director's action on game `id` needs: that game and its players.
    pub fn game_context(&self, id: GameId, now: Timestamp) -> Result<Context, StoreError> {
        let games = rows::game(&self.conn, id)?.into_iter().collect();
        self.context_of(games, None, now)
    }

    /// What a director's action on the player `address` needs: their record (as the
    /// sender), their games in play, and their opponents.
    pub fn player_context(&self, address: &str, now: Timestamp) -> Result<Context, StoreError> {
        let address = address.to_lowercase();
        let sender = rows::player(&self.conn, &address)?;
        let games = rows::games_where(
            &self.conn,
            "(white = ?1 OR black = ?1) AND status = 'active'",
            params![address],
        )?;
        self.context_of(games, sender, now)
    }

    /// A context of `games` with their players (other than `sender`) and recent outages.
    fn context_of(
        &self,
        games: Vec<StoredGame>,
        sender: Option<Player>,
        now: Timestamp,
    ) -> Result<Context, StoreError> {
        let mut players = Vec::new();
        for g in &games {
            for address in [&g.white, &g.black] {
                let known = players.iter().any(|p: &Player| &p.address == address)
                    || sender.as_ref().is_some_and(|s| &s.address == address);
                if !known && let Some(p) = rows::player(&self.conn, address)? {
                    players.push(p);
                }
            }
        }
        Ok(Context {
            sender,
            players,
            games,
            outages: rows::outages(&self.conn, now - OUTAGES_KEPT)?,
            next_game_id: self.next_game_id()?,
            ..Context::default()
        })
    }

    /// The number the next game will get.
    pub fn next_game_id(&self) -> Result<GameId, StoreError> {
        self.conn.query_row(
            "SELECT coalesce(max(id), 0) + 1 FROM games",
            params![],
            |r| r.get(0),
        )
    }

    /// Pending mails due at `now`, oldest first.
    pub fn due(&self, now: Timestamp, limit: usize) -> Result<Vec<OutboxItem>, StoreError> {
        outbox::due(&self.conn, Channel::Mail, now, limit)
    }

    /// When the next pending mail is due.
    pub fn next_due(&self) -> Result<Option<Timestamp>, StoreError> {
        outbox::next_due(&self.conn, Channel::Mail)
    }

    /// Pending messages of `channel` due at `now`, oldest first.
    pub fn due_on(
        &self,
        channel: Channel,
        now: Timestamp,
        limit: usize,
    ) -> Result<Vec<OutboxItem>, StoreError> {
        outbox::due(&self.conn, channel, now, limit)
    }

    /// When the next pending message of `channel` is due.
    pub fn next_due_on(&self, channel: Channel) -> Result<Option<Timestamp>, StoreError> {
        outbox::next_due(&self.conn, channel)
    }

    /// Records that a mail was accepted by the server: its status, the turn it starts and
    /// the failure it ends, in one transaction (one commit, not one a statement).
    pub fn mark_sent(&mut self, id: i64, now: Timestamp) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        outbox::mark_sent(&self.conn, id, now)?;
        tx.commit()
    }

    /// Forgets the texts of at most `limit` mails sent before `before` (see
    /// [`outbox::forget_sent_texts`]); how many.
    pub fn forget_sent_texts(
        &mut self,
        before: Timestamp,
        limit: usize,
    ) -> Result<usize, StoreError> {
        outbox::forget_sent_texts(&self.conn, before, limit)
    }

    /// Records that a mail could not be sent because the server could not be reached; the
    /// mail keeps its place.
    pub fn note_unreachable(&mut self, id: i64, error: &str) -> Result<(), StoreError> {
        outbox::note_unreachable(&self.conn, id, error)
    }

    /// Records a passing refusal and schedules the next try (see [`outbox::mark_failed`]).
    pub fn mark_failed(
        &mut self,
        item: &OutboxItem,
        error: &str,
        now: Timestamp,
        policy: &RetryPolicy,
    ) -> Result<AfterFailure, StoreError> {
        outbox::mark_failed(&self.conn, item, error, now, policy)
    }

    /// Pending, sent and failed mail counts.
    pub fn outbox_counts(&self) -> Result<(u64, u64, u64), StoreError> {
        outbox::counts(&self.conn)
    }

    /// Opens the store at `path` for the public pages: brought up to date like
    /// [`Store::open`], then unable to write anything.
    pub fn open_for_reading(location: &Location) -> Result<Store, StoreError> {
        let store = Store::connect(location)?;
        public::refuse_writes(&store.conn)?;
        Ok(store)
    }

    /// The games played or being played, the most recently changed first, at most `limit`.
    pub fn recent_games(&self, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
        public::recent_games(&self.conn, limit)
    }

    /// Every finished game (of `kind` alone, when given) as the statistics read it.
    pub fn finished_games(
        &self,
        kind: Option<crate::games::GameKind>,
    ) -> Result<Vec<crate::referee::view::Finished>, StoreError> {
        public::finished_games(&self.conn, kind)
    }

    /// The `limit` games `address` sits in that changed last, the latest first.
    pub fn latest_games_of(
        &self,
        address: &str,
        limit: usize,
    ) -> Result<Vec<StoredGame>, StoreError> {
        public::latest_games_of(&self.conn, address, limit)
    }

    /// Every address the store knows as a player.
    pub fn known_addresses(&self) -> Result<Vec<String>, StoreError> {
        public::known_addresses(&self.conn)
    }

    /// The events `address` entered, the latest first: (name, title).
    pub fn events_entered(&self, address: &str) -> Result<Vec<(String, String)>, StoreError> {
        public::events_entered(&self.conn, address)
    }

    /// The name `address` was last entered in an event under, if any.
    pub fn entry_name(&self, address: &str) -> Result<Option<String>, StoreError> {
        public::entry_name(&self.conn, address)
    }

    /// How many games are in play.
    pub fn active_game_count(&self) -> Result<u64, StoreError> {
        self.conn.query_row(
            "SELECT count(*) FROM games WHERE status = 'active'",
            params![],
            |r| r.get(0),
        )
    }

    /// How many inbound messages were processed (duplicates included).
    pub fn processed_count(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row("SELECT count(*) FROM processed", params![], |r| r.get(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::referee::{AutoKind, GameStatus, Outgoing, PlayedMove};
    use crate::text::Lang;

    pub(super) fn game(id: GameId, white: &str, black: &str, moves: &[&str]) -> StoredGame {
        // The store does not check positions: any text will do.
        StoredGame {
            id,
            kind: GameKind::Abalone,
            variant: Some("standard".into()),
            start: "some position".into(),
            to_move: None,
            options: String::new(),
            white: white.into(),
            black: black.into(),
            challenger: white.into(),
            status: GameStatus::Active,
            moves: moves
                .iter()
                .map(|m| PlayedMove {
                    text: m.to_string(),
                    message_id: Some(format!("{m}@players")),
                    received_at: 5,
                })
                .collect(),
            result: None,
            draw_offer: None,
            undo_request: None,
            hint_request: None,
            takebacks: Vec::new(),
            conditions: None,
            clock: Default::default(),
            created_at: 1,
            updated_at: 2,
            terms: Default::default(),
        }
    }

    pub(super) fn mail(id: &str, to: &str, game: Option<GameId>, auto: AutoKind) -> Outgoing {
        Outgoing {
            to: to.into(),
            subject: "[arbitre #1] move".into(),
            body: "a1b2\nmore".into(),
            message_id: id.into(),
            in_reply_to: Some("x@y".into()),
            references: vec!["x@y".into(), "z@w".into()],
            reply_to: Some("bot+t@example.org".into()),
            game,
            auto,
            turn: None,
            channel: Default::default(),
            not_before: None,
            sms: None,
            picture: None,
        }
    }

    pub(super) fn key(uid: u32) -> MessageKey {
        MessageKey {
            mailbox: "INBOX".into(),
            uidvalidity: 7,
            uid,
        }
    }

    pub(super) fn decision(g: StoredGame, out: Vec<Outgoing>) -> Decision {
        Decision {
            players: vec![Player {
                address: "alice@example.org".into(),
                name: Some("Alice".into()),
                name_chosen: true,
                name_told: true,
                lang: Lang::FR,
                lang_from: crate::referee::LangFrom::Chosen,
                chat: false,
                zone: Some("Europe/Paris".into()),
                leave: Vec::new(),
                notify: Default::default(),
                phone: None,
                phone_claim: None,
                pictures: true,
                public: true,
                invitations: true,
                undeliverable: None,
            }],
            games: vec![g],
            outbox: out,
            summary: "test".into(),
            sms_stops: Vec::new(),
            events: Vec::new(),
            confirmations: Vec::new(),
            codes: Vec::new(),
            invitations: Vec::new(),
            ..Decision::default()
        }
    }

    #[test]
    fn a_committed_game_reads_back_identical() {
        for mut s in crate::store::testing::stores("a_committed_game_reads_back_identical") {
            let g = game(1, "alice@example.org", "bob@example.org", &["m1", "m2"]);
            let d = decision(g.clone(), vec![]);
            assert_eq!(s.commit(&d, None, 10).unwrap(), Committed::Done);
            assert_eq!(s.game(1).unwrap().unwrap(), g);
            assert_eq!(
                s.player("ALICE@example.org").unwrap().unwrap(),
                d.players[0],
                "every field of a player is kept, `chat: false` among them"
            );
            assert_eq!(s.next_game_id().unwrap(), 2);
        }
    }

    #[test]
    fn a_take_back_and_a_standing_request_read_back() {
        for mut s in crate::store::testing::stores("a_take_back_and_a_standing_request_read_back") {
            let (a, b) = ("alice@example.org", "bob@example.org");
            let mut g = game(1, a, b, &["m1", "m2"]);
            g.undo_request = Some(crate::games::Side::White);
            s.commit(&decision(g.clone(), vec![]), None, 1).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap(), g);
            // Agreed: the move goes, into the take-backs; then a second one is added.
            g.moves.pop();
            g.undo_request = None;
            g.takebacks.push(crate::referee::TakeBack {
                ply: 2,
                text: "m2".into(),
                by: crate::games::Side::White,
                agreed_at: 3,
            });
            s.commit(&decision(g.clone(), vec![]), None, 2).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap(), g);
            g.takebacks.push(crate::referee::TakeBack {
                ply: 1,
                text: "m1".into(),
                by: crate::games::Side::Black,
                agreed_at: 4,
            });
            g.moves.clear();
            s.commit(&decision(g.clone(), vec![]), None, 3).unwrap();
            let back = s.game(1).unwrap().unwrap();
            assert_eq!(back.takebacks, g.takebacks);
            assert!(back.conditions.is_none());
            assert!(back.moves.is_empty());
        }
    }

    #[test]
    fn outages_heartbeats_and_leave_read_back() {
        for mut s in crate::store::testing::stores("outages_heartbeats_and_leave_read_back") {
            assert_eq!(s.last_heartbeat().unwrap(), None);
            s.heartbeat(100).unwrap();
            s.heartbeat(90).unwrap();
            assert_eq!(
                s.last_heartbeat().unwrap(),
                Some(100),
                "a heartbeat never goes back"
            );
            s.record_outage(200, 500, "test").unwrap();
            s.record_outage(10, 20, "old").unwrap();
            assert_eq!(s.outages(100).unwrap(), vec![Span::new(200, 500)]);
            assert_eq!(s.outages(0).unwrap().len(), 2);

            let d = jiff::civil::date;
            let mut p = decision(game(1, "a@x.org", "b@x.org", &[]), Vec::new())
                .players
                .remove(0);
            p.leave = vec![
                crate::clock::leave::Leave {
                    first: d(2026, 12, 20),
                    last: d(2027, 1, 3),
                    special: false,
                },
                crate::clock::leave::Leave {
                    first: d(2027, 3, 1),
                    last: d(2027, 3, 1),
                    special: true,
                },
            ];
            let mut dec = Decision::default();
            dec.players.push(p.clone());
            s.commit(&dec, None, 5).unwrap();
            assert_eq!(s.player(&p.address).unwrap(), Some(p.clone()));
            p.leave.remove(0);
            dec.players = vec![p.clone()];
            s.commit(&dec, None, 6).unwrap();
            assert_eq!(s.player(&p.address).unwrap().unwrap().leave, p.leave);
        }
    }

    #[test]
    fn conditional_moves_read_back_and_go_when_dropped() {
        use crate::referee::conditions::{Line, Step};
        let step = |theirs: &str, mine: &str| Step {
            theirs: theirs.into(),
            mine: mine.into(),
        };
        let line = |set_by: &str, steps: Vec<Step>| Line {
            steps,
            set_by: set_by.into(),
        };
        for mut s in
            crate::store::testing::stores("conditional_moves_read_back_and_go_when_dropped")
        {
            let mut g = game(1, "alice@example.org", "bob@example.org", &["m1"]);
            g.conditions = Some(crate::referee::Conditions {
                by: crate::games::Side::Black,
                lines: vec![
                    line(
                        "if1@players",
                        vec![step("i5h5", "b1c2"), step("h5g5", "c3c4")],
                    ),
                    line("if2@players", vec![step("i6h6", "a2b3")]),
                ],
            });
            s.commit(&decision(g.clone(), vec![]), None, 1).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap(), g);
            // One branch played: fewer lines, shorter.
            g.moves.push(PlayedMove {
                text: "i5h5".into(),
                message_id: Some("x@players".into()),
                received_at: 6,
            });
            if let Some(c) = g.conditions.as_mut() {
                c.lines = vec![line("if1@players", vec![step("h5g5", "c3c4")])];
            }
            s.commit(&decision(g.clone(), vec![]), None, 2).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap(), g);
            g.conditions = None;
            s.commit(&decision(g.clone(), vec![]), None, 3).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap().conditions, None);
        }
    }

    #[test]
    fn games_read_together_are_read_as_each_alone() {
        use crate::clock::account::Adjustment;
        use crate::games::Side;
        use crate::referee::conditions::{Line, Step};
        use crate::referee::{ClockStop, Conditions, TakeBack};
        let line = |set_by: &str, steps: &[(&str, &str)]| Line {
            steps: steps
                .iter()
                .map(|(theirs, mine)| Step {
                    theirs: theirs.to_string(),
                    mine: mine.to_string(),
                })
                .collect(),
            set_by: set_by.into(),
        };
        for mut s in crate::store::testing::stores("games_read_together_are_read_as_each_alone") {
            let (a, b, c) = ("alice@example.org", "bob@example.org", "carol@example.org");
            // Details of every kind, spread over the games so that rows of one game sit
            // between rows of another in each table (the same line numbers, the same
            // plies), and one game with none at all.
            let mut g1 = game(1, a, b, &["m1", "m2", "m3"]);
            g1.takebacks.push(TakeBack {
                ply: 4,
                text: "m4".into(),
                by: Side::Black,
                agreed_at: 3,
            });
            g1.conditions = Some(Conditions {
                by: Side::White,
                lines: vec![
                    line("c1@players", &[("x1", "y1")]),
                    line("c2@players", &[("x2", "y2"), ("x3", "y3")]),
                ],
            });
            g1.clock.reminded.insert((3, 0));
            let g2 = game(2, b, a, &[]);
            let mut g3 = game(3, a, c, &["n1"]);
            g3.conditions = Some(Conditions {
                by: Side::Black,
                lines: vec![line("c3@players", &[("p1", "q1")])],
            });
            g3.clock.reminded.insert((1, 0));
            g3.clock.reminded.insert((1, 1));
            g3.clock.adjustments.push(Adjustment {
                side: Side::White,
                turn: 1,
                seconds: 3600,
            });
            g3.clock.stops.push(ClockStop {
                from: 4,
                to: Some(5),
            });
            let mut notice = mail("turn3@arbitre", c, Some(3), AutoKind::Generated);
            notice.turn = Some(1);
            for (g, out) in [(&g1, vec![]), (&g2, vec![]), (&g3, vec![notice])] {
                s.commit(&decision(g.clone(), out), None, 10).unwrap();
            }
            let sent = s.due(10, 10).unwrap();
            s.mark_sent(sent[0].id, 12).unwrap();
            // The notice's departure starts the turn and asks the clock to look at once.
            g3.clock.started.insert(1, 12);
            g3.clock.next_due = Some(12);

            let alone: Vec<StoredGame> = (1..=3).map(|id| s.game(id).unwrap().unwrap()).collect();
            assert_eq!(alone, vec![g1.clone(), g2, g3.clone()]);
            assert_eq!(s.games().unwrap(), alone, "every game, read together");
            assert_eq!(s.running_games().unwrap(), alone);
            let mut over = g1.clone();
            over.status = GameStatus::Finished;
            s.commit(&decision(over, vec![]), None, 20).unwrap();
            assert_eq!(
                s.running_games().unwrap(),
                alone[1..].to_vec(),
                "a finished game is not running"
            );
            let lines: Vec<(GameId, usize)> = s
                .game_lines()
                .unwrap()
                .iter()
                .map(|l| (l.game.id, l.moves))
                .collect();
            assert_eq!(lines, vec![(1, 3), (2, 0), (3, 1)]);
        }
    }

    #[test]
    fn a_players_page_reads_their_latest_games_alone() {
        for mut s in crate::store::testing::stores("a_players_page_reads_their_latest_games_alone")
        {
            let (a, b, c) = ("alice@example.org", "bob@example.org", "carol@example.org");
            for id in 1..=6 {
                let mut g = match id % 3 {
                    0 => game(id, b, c, &["m1"]),
                    1 => game(id, a, b, &["m1"]),
                    _ => game(id, c, a, &["m1"]),
                };
                // Changed in an order that is not their numbers' order.
                g.updated_at = [0, 50, 10, 40, 30, 60, 20][usize::try_from(id).unwrap()];
                s.commit(&decision(g, vec![]), None, 10).unwrap();
            }
            let ids = |games: Vec<StoredGame>| games.iter().map(|g| g.id).collect::<Vec<_>>();
            // Alice sits in 1, 2, 4 and 5, changed at 50, 10, 30 and 60.
            assert_eq!(
                ids(s.latest_games_of("ALICE@example.org", 3).unwrap()),
                [5, 1, 4]
            );
            assert_eq!(ids(s.latest_games_of(a, 10).unwrap()), [5, 1, 4, 2]);
            assert!(
                s.latest_games_of("nobody@example.org", 10)
                    .unwrap()
                    .is_empty()
            );
            assert_eq!(s.latest_games_of(a, 1).unwrap()[0].moves.len(), 1);
        }
    }

    #[test]
    fn the_texts_of_mails_sent_long_ago_are_forgotten_and_nothing_else() {
        for mut s in crate::store::testing::stores(
            "the_texts_of_mails_sent_long_ago_are_forgotten_and_nothing_else",
        ) {
            let to = "bob@example.org";
            let d = Decision {
                outbox: [
                    "old@arbitre",
                    "older@arbitre",
                    "new@arbitre",
                    "failed@arbitre",
                    "waits@arbitre",
                ]
                .iter()
                .map(|id| mail(id, to, None, AutoKind::Replied))
                .collect(),
                ..Decision::default()
            };
            s.commit(&d, None, 100).unwrap();
            let due = s.due(100, 10).unwrap();
            for (item, at) in due.iter().zip([200, 150, 900]) {
                s.mark_sent(item.id, at).unwrap();
            }
            s.mark_sent(due[3].id, 100).unwrap();
            s.conn
                .execute(
                    "UPDATE outbox SET status = 'failed' WHERE message_id = 'failed@arbitre'",
                    params![],
                )
                .unwrap();
            let texts = |s: &Store| {
                s.conn
                    .query_map(
                        "SELECT message_id, body FROM outbox ORDER BY id",
                        params![],
                        |r| Ok((r.get::<String>(0)?, r.get::<String>(1)?.is_empty())),
                    )
                    .unwrap()
            };
            // One at a time, the oldest first.
            assert_eq!(s.forget_sent_texts(500, 1).unwrap(), 1);
            assert_eq!(texts(&s)[1], ("older@arbitre".to_string(), true));
            assert_eq!(texts(&s)[0], ("old@arbitre".to_string(), false));
            assert_eq!(s.forget_sent_texts(500, 10).unwrap(), 1);
            assert_eq!(s.forget_sent_texts(500, 10).unwrap(), 0, "nothing twice");
            assert_eq!(
                texts(&s),
                [
                    ("old@arbitre".to_string(), true),
                    ("older@arbitre".to_string(), true),
                    ("new@arbitre".to_string(), false),
                    ("failed@arbitre".to_string(), false),
                    ("waits@arbitre".to_string(), false),
                ],
                "a recent mail, a failed one and one still to send keep their texts"
            );
            assert_eq!(s.outbox_counts().unwrap(), (1, 3, 1), "the rows stay");
            assert_eq!(s.due(1000, 10).unwrap()[0].mail, d.outbox[4]);
        }
    }

    #[test]
    fn an_event_is_saved_and_read_back_whole() {
        use crate::tournament::event::{
            Conditions, Entry, EntryPolicy, EntryStatus, EventStatus, Outcome, Pairing,
            StoredEvent, System,
        };
        use crate::tournament::record::ByeKind;
        for mut s in crate::store::testing::stores("an_event_is_saved_and_read_back_whole") {
            let entry = |address: &str, tpn| Entry {
                address: address.into(),
                name: address.split('@').next().unwrap().into(),
                rating: Some(1800),
                club: "Club".into(),
                status: EntryStatus::Confirmed,
                tpn: Some(tpn),
                withdrawn_after: None,
            };
            let mut event = StoredEvent {
                id: 1,
                name: "trio".into(),
                title: "Trio".into(),
                conditions: Conditions {
                    game: "abalone".into(),
                    variant: None,
                    options: String::new(),
                    system: System::Swiss { rounds: 2 },
                    time: "10d".into(),
                    conditional_moves: true,
                    takebacks: false,
                    draw_offers: None,
                    tie_breaks: vec!["WIN".into(), "LOTS".into()],
                    spectator_delay: 3,
                    directors: vec!["td@club.example".into()],
                    entry: EntryPolicy::Closed,
                    rated: true,
                    variant_pool: false,
                },
                status: EventStatus::Running,
                round: 1,
                lots: 42,
                entries: vec![entry("a@x.example", 1), entry("b@x.example", 2)],
                pairings: vec![
                    Pairing {
                        round: 1,
                        board: 1,
                        white: 1,
                        black: Some(2),
                        outcome: Outcome::Game(7),
                    },
                    Pairing {
                        round: 1,
                        board: 2,
                        white: 3,
                        black: None,
                        outcome: Outcome::Bye(ByeKind::PairingAllocated),
                    },
                ],
                created_at: 10,
                updated_at: 20,
                stuck: Some("round 2: no pairing".into()),
            };
            s.save_event(&event).unwrap();
            assert_eq!(s.event("trio").unwrap().unwrap(), event);
            // Moving on clears the reason the directors were told.
            event.stuck = None;
            event.updated_at = 30;
            s.save_event(&event).unwrap();
            assert_eq!(s.event("1").unwrap().unwrap(), event);
        }
    }

    #[test]
    fn moves_are_appended_and_a_changed_history_is_replaced() {
        for mut s in
            crate::store::testing::stores("moves_are_appended_and_a_changed_history_is_replaced")
        {
            let a = "alice@example.org";
            let b = "bob@example.org";
            s.commit(&decision(game(1, a, b, &["m1"]), vec![]), None, 1)
                .unwrap();
            let longer = game(1, a, b, &["m1", "m2", "m3"]);
            s.commit(&decision(longer.clone(), vec![]), None, 2)
                .unwrap();
            assert_eq!(s.game(1).unwrap().unwrap().moves, longer.moves);
            let other = game(1, a, b, &["x1"]);
            s.commit(&decision(other.clone(), vec![]), None, 3).unwrap();
            assert_eq!(s.game(1).unwrap().unwrap().moves, other.moves);
        }
    }

    #[test]
    fn a_message_is_committed_exactly_once_by_key_and_by_message_id() {
        for mut s in crate::store::testing::stores(
            "a_message_is_committed_exactly_once_by_key_and_by_message_id",
        ) {
            let g = game(1, "alice@example.org", "bob@example.org", &["m1"]);
            let d = decision(
                g.clone(),
                vec![mail(
                    "o1@arbitre",
                    "bob@example.org",
                    Some(1),
                    AutoKind::Generated,
                )],
            );
            assert_eq!(s.seen(&key(3), "in@mail").unwrap(), Seen::New);
            assert_eq!(
                s.commit(&d, Some((&key(3), "in@mail")), 10).unwrap(),
                Committed::Done
            );
            assert_eq!(s.seen(&key(3), "other@mail").unwrap(), Seen::SameKey);
            assert_eq!(s.seen(&key(4), "in@mail").unwrap(), Seen::SameMessageId);

            // The same decision again, by key or by Message-ID, writes nothing.
            let again = decision(
                game(1, "alice@example.org", "bob@example.org", &["m1", "m2"]),
                vec![mail(
                    "o2@arbitre",
                    "bob@example.org",
                    Some(1),
                    AutoKind::Generated,
                )],
            );
            assert_eq!(
                s.commit(&again, Some((&key(3), "new@mail")), 11).unwrap(),
                Committed::AlreadyProcessed
            );
            assert_eq!(
                s.commit(&again, Some((&key(9), "in@mail")), 11).unwrap(),
                Committed::AlreadyProcessed
            );
            assert_eq!(s.game(1).unwrap().unwrap().moves.len(), 1);
            assert_eq!(s.outbox_counts().unwrap(), (1, 0, 0));
            assert_eq!(s.processed_count().unwrap(), 1);

            assert_eq!(
                s.begin_attempt("next@mail", "a", 10).unwrap(),
                Attempt::Counted(1)
            );
            assert_eq!(
                s.begin_attempt("next@mail", "a", 11).unwrap(),
                Attempt::Counted(2)
            );
            s.commit(&Decision::default(), Some((&key(5), "next@mail")), 12)
                .unwrap();
            assert_eq!(
                s.begin_attempt("next@mail", "a", 12).unwrap(),
                Attempt::Counted(1),
                "a commit clears the count"
            );

            s.record_duplicate(&key(9), "in@mail", 12).unwrap();
            assert_eq!(s.seen(&key(9), "in@mail").unwrap(), Seen::SameKey);
            assert_eq!(s.processed_count().unwrap(), 3);
        }
    }

    #[test]
    fn a_message_in_another_runs_hands_is_neither_counted_nor_tried() {
        for mut s in crate::store::testing::stores(
            "a_message_in_another_runs_hands_is_neither_counted_nor_tried",
        ) {
            assert_eq!(
                s.begin_attempt("m@x", "one", 100).unwrap(),
                Attempt::Counted(1)
            );
            // The other daemon reads the same mail while the first is at work on it.
            assert_eq!(
                s.begin_attempt("m@x", "two", 101).unwrap(),
                Attempt::HeldBy("one".into())
            );
            assert_eq!(
                s.begin_attempt("m@x", "two", 100 + ATTEMPT_LEASE - 1)
                    .unwrap(),
                Attempt::HeldBy("one".into())
            );
            // The first tries again (its attempt failed): that counts.
            assert_eq!(
                s.begin_attempt("m@x", "one", 105).unwrap(),
                Attempt::Counted(2)
            );
            // The first was killed: once its lease ran out, the second takes over, counted.
            assert_eq!(
                s.begin_attempt("m@x", "two", 105 + ATTEMPT_LEASE).unwrap(),
                Attempt::Counted(3)
            );
            assert_eq!(
                s.begin_attempt("m@x", "one", 106 + ATTEMPT_LEASE).unwrap(),
                Attempt::HeldBy("two".into())
            );
            // The second was killed too, and a third run knows it (a daemon restarted on
            // the same machine): it takes over at once, counted; the first cannot.
            assert_eq!(
                s.take_over_attempt("m@x", "two", "three", 107 + ATTEMPT_LEASE)
                    .unwrap(),
                Attempt::Counted(4)
            );
            assert_eq!(
                s.take_over_attempt("m@x", "two", "one", 108 + ATTEMPT_LEASE)
                    .unwrap(),
                Attempt::HeldBy("three".into()),
                "taken over by another run first"
            );
            // Done by the third: the next attempt at that Message-ID starts afresh.
            s.attempts_done("m@x").unwrap();
            assert_eq!(
                s.begin_attempt("m@x", "one", 200).unwrap(),
                Attempt::Counted(1)
            );
        }
    }

    #[test]
    fn an_immediate_transaction_commits_all_or_nothing() {
        for mut s in
            crate::store::testing::stores("an_immediate_transaction_commits_all_or_nothing")
        {
            let g = game(1, "a@x.org", "b@x.org", &[]);
            let r: Result<(), StoreError> = s.immediate(|s| {
                s.commit(&decision(g.clone(), vec![]), Some((&key(1), "i@x")), 1)?;
                Err(StoreError::Corrupt("planted".into()))
            });
            assert!(r.is_err());
            assert_eq!(s.game(1).unwrap(), None);
            assert_eq!(s.seen(&key(1), "i@x").unwrap(), Seen::New);
            let id = s
                .immediate(|s| {
                    let id = s.next_game_id()?;
                    s.commit(
                        &decision(game(id, "a@x.org", "b@x.org", &[]), vec![]),
                        None,
                        1,
                    )?;
                    Ok(id)
                })
                .unwrap();
            assert_eq!(s.game(id).unwrap().unwrap().id, 1);
        }
    }

    #[test]
    fn a_mail_queued_twice_is_sent_once() {
        for mut s in crate::store::testing::stores("a_mail_queued_twice_is_sent_once") {
            let m = mail("same@arbitre", "bob@example.org", None, AutoKind::Replied);
            let d = Decision {
                outbox: vec![m.clone(), m],
                ..Decision::default()
            };
            s.commit(&d, None, 1).unwrap();
            assert_eq!(s.outbox_counts().unwrap(), (1, 0, 0));
        }
    }

    #[test]
    fn a_failed_commit_leaves_nothing_behind() {
        for mut s in crate::store::testing::stores("a_failed_commit_leaves_nothing_behind") {
            let g = game(1, "alice@example.org", "bob@example.org", &["m1"]);
            // The second mail cannot be stored (a trigger, or a check, stands for a full
            // disk): the whole transaction (processed key, game, first mail) must roll back.
            s.conn
                .batch(match s.dialect() {
                    sql::Dialect::Sqlite => {
                        "CREATE TEMP TRIGGER boom BEFORE INSERT ON outbox
                         WHEN NEW.recipient = 'boom@x.org'
                         BEGIN SELECT RAISE(ABORT, 'disk full'); END"
                    }
                    sql::Dialect::Postgres => {
                        "ALTER TABLE outbox ADD CONSTRAINT boom CHECK (recipient <> 'boom@x.org')"
                    }
                })
                .unwrap();
            let first = mail(
                "m1@arbitre",
                "bob@example.org",
                Some(1),
                AutoKind::Generated,
            );
            let second = mail("m2@arbitre", "boom@x.org", Some(1), AutoKind::Generated);
            let d = decision(g, vec![first, second]);
            assert!(s.commit(&d, Some((&key(1), "in@mail")), 10).is_err());
            assert_eq!(s.seen(&key(1), "in@mail").unwrap(), Seen::New);
            assert_eq!(s.game(1).unwrap(), None);
            assert_eq!(s.outbox_counts().unwrap(), (0, 0, 0));
        }
    }

    #[test]
    fn the_context_finds_games_by_reply_subject_and_seat() {
        for mut s in
            crate::store::testing::stores("the_context_finds_games_by_reply_subject_and_seat")
        {
            let a = "alice@example.org";
            let b = "bob@example.org";
            let c = "carol@example.org";
            let mut finished = game(1, a, c, &[]);
            finished.status = GameStatus::Finished;
            s.commit(
                &decision(
                    finished,
                    vec![mail("sent1@arbitre", a, Some(1), AutoKind::Replied)],
                ),
                None,
                1,
            )
            .unwrap();
            s.commit(&decision(game(2, a, b, &[]), vec![]), None, 1)
                .unwrap();
            s.commit(&decision(game(3, b, c, &[]), vec![]), None, 1)
                .unwrap();
            for who in [b, c] {
                let p = Player {
                    address: who.into(),
                    name: None,
                    name_chosen: false,
                    name_told: false,
                    lang: Lang::EN,
                    lang_from: crate::referee::LangFrom::Assumed,
                    chat: true,
                    zone: None,
                    leave: Vec::new(),
                    notify: Default::default(),
                    phone: None,
                    phone_claim: None,
                    pictures: true,
                    public: true,
                    invitations: true,
                    undeliverable: None,
                };
                s.commit(
                    &Decision {
                        players: vec![p],
                        ..Decision::default()
                    },
                    None,
                    1,
                )
                .unwrap();
            }
            let msg = Inbound {
                from: a.into(),
                references: vec!["sent1@arbitre".into()],
                ..Inbound::default()
            };
            let lookup = Lookup {
                subject_game: Some(3),
                token_game: Some(99),
                ..Lookup::default()
            };
            let ctx = s.context(&msg, &lookup, 100).unwrap();
            let ids: Vec<_> = ctx.games.iter().map(|g| g.id).collect();
            assert_eq!(ids, vec![1, 2, 3]);
            assert_eq!(ctx.reply_game, Some(1));
            assert_eq!(ctx.subject_game, Some(3));
            assert_eq!(
                ctx.token_game,
                Some(99),
                "a named game stays named even when absent"
            );
            assert_eq!(ctx.sender.unwrap().address, a);
            let mut others: Vec<_> = ctx.players.iter().map(|p| p.address.as_str()).collect();
            others.sort();
            assert_eq!(others, vec![b, c]);
            // Its one answer is mail of game 1: the rate limit does not count it.
            assert_eq!(ctx.replies_last_hour, 0);
            assert_eq!(ctx.next_game_id, 4);
        }
    }

    #[test]
    fn the_outbox_retries_passing_refusals_with_backoff_until_it_gives_up() {
        for mut s in crate::store::testing::stores(
            "the_outbox_retries_passing_refusals_with_backoff_until_it_gives_up",
        ) {
            let d = Decision {
                outbox: vec![
                    mail("a@arbitre", "bob@example.org", None, AutoKind::Replied),
                    mail("b@arbitre", "carol@example.org", None, AutoKind::Replied),
                ],
                ..Decision::default()
            };
            s.commit(&d, None, 100).unwrap();
            let policy = RetryPolicy {
                min_seconds: 10,
                max_seconds: 40,
                give_up_seconds: 1000,
            };
            let due = s.due(100, 10).unwrap();
            assert_eq!(due.len(), 2);
            assert_eq!(due[0].mail, d.outbox[0]);
            s.mark_sent(due[0].id, 101).unwrap();
            assert_eq!(
                s.mark_failed(&due[1], "421 busy", 101, &policy).unwrap(),
                AfterFailure::RetryAt(111)
            );
            assert!(s.due(110, 10).unwrap().is_empty());
            assert_eq!(s.next_due().unwrap(), Some(111));
            let again = s.due(111, 10).unwrap();
            assert_eq!(again[0].attempts, 1);
            assert_eq!(
                s.mark_failed(&again[0], "451 later", 111, &policy).unwrap(),
                AfterFailure::RetryAt(131)
            );
            // Past the policy's time, a refusal is not recorded as a try: the caller
            // decides the mail's failure (`referee::undelivered::on_refusal`).
            let late = s.due(5000, 10).unwrap();
            assert_eq!(
                s.mark_failed(&late[0], "451 later", 5000, &policy).unwrap(),
                AfterFailure::GivenUp
            );
            assert_eq!(s.outbox_counts().unwrap(), (1, 1, 0));
        }
    }

    #[test]
    fn a_store_file_survives_reopening_and_tracks_uidvalidity() {
        let dir = std::env::temp_dir().join(format!("arbitre-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.sqlite");
        {
            let mut s = Store::open(&path).unwrap();
            s.commit(
                &decision(game(1, "a@x.org", "b@x.org", &["m"]), vec![]),
                Some((&key(1), "i@x")),
                1,
            )
            .unwrap();
            assert_eq!(s.note_uidvalidity("INBOX", 7).unwrap(), None);
        }
        let mut s = Store::open(&path).unwrap();
        assert_eq!(s.schema_version().unwrap(), migrations::latest());
        assert_eq!(s.seen(&key(1), "i@x").unwrap(), Seen::SameKey);
        assert_eq!(s.note_uidvalidity("INBOX", 7).unwrap(), None);
        assert_eq!(s.note_uidvalidity("INBOX", 8).unwrap(), Some(7));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
