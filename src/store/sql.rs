//! The database the store's queries run on: SQLite (rusqlite) or PostgreSQL (the synchronous
//! client of tokio-postgres), behind the few calls the store makes. Every query is written
//! once, in the SQL both understand (`?1` placeholders, `ON CONFLICT`, `RETURNING`,
//! `coalesce`), and typed on the way in ([`Param`]) and out ([`Column`]) by the store's own
//! Rust types, so that the code above never knows which database it talks to.
//!
//! Transactions nest: the outermost is a transaction, the inner ones savepoints. A
//! [`Tx`] dropped without [`Tx::commit`] rolls its part back.
//!
//! A store's PostgreSQL session that the server or the network ended is opened again before
//! the next transaction or statement outside one, never inside: a lost transaction fails.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use super::StoreError;
use super::writes::Writes;

/// A connection to the store's database.
pub struct Db {
    backend: Backend,
    /// How many transactions and savepoints are open.
    depth: Cell<u32>,
}

enum Backend {
    Sqlite(rusqlite::Connection),
    Postgres(Box<RefCell<Pg>>),
}

/// A PostgreSQL session with its prepared statements, by the text the store wrote.
struct Pg {
    client: tokio_postgres::Client,
    /// How to open the session again when it is lost (the server restarted, the network
    /// cut it); `None`: a session that is not reopened.
    reopen: Option<super::postgresql::Settings>,
    /// The session's settings ([`Db::set_for_session`]), made again in a reopened session.
    session: Vec<String>,
    statements: HashMap<&'static str, tokio_postgres::Statement>,
    /// Statements built at run time (a condition or column list spliced in), by their text.
    built: HashMap<String, tokio_postgres::Statement>,
    /// Transaction commands held back (a plain transaction's `BEGIN`, savepoints, their
    /// release or rollback): sent before the next request, in the same round trip
    /// ([`wait_after`]).
    pending: String,
}

/// Which database a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite, one file.
    Sqlite,
    /// PostgreSQL, shared by several daemons.
    Postgres,
}

/// The advisory lock every writing transaction of a PostgreSQL store holds: what SQLite's
/// `BEGIN IMMEDIATE` gives (the writers of one store take turns; readers never wait).
/// A writer of one game alone ([`Lock::Game`]) holds it shared, with that game's lock.
pub const WRITE_LOCK: i64 = 0x6172_6269_7472_6501;

/// The first key of a game's advisory lock (PostgreSQL's two-key form); the second is the
/// game's number, folded into 31 bits (two games that share a lock only wait on each other).
pub const GAME_LOCK_CLASS: i32 = 0x6172_6267;

/// The first key of an answered message's advisory lock; the second is a hash of what
/// identifies it (two messages that share a lock only wait on each other).
pub const MESSAGE_LOCK_CLASS: i32 = 0x6172_626d;

/// What a transaction holds from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lock {
    /// Nothing: the first write takes what it needs (SQLite's deferred transaction).
    Deferred,
    /// The whole store: its writers take turns.
    Store,
    /// One game, answering one message: on PostgreSQL, [`WRITE_LOCK`] shared (so no
    /// whole-store writer runs meanwhile), then the message's lock (two copies of one
    /// message, whatever game each names, are decided in turn), then the game's, so that
    /// the writers of other games go on beside it. On SQLite, which has one writer at a
    /// time, the same as [`Lock::Store`].
    Game {
        /// The game's number.
        game: i64,
        /// What identifies the message, hashed by [`message_key`].
        message: i32,
    },
}

/// The second key of a message's advisory lock: 31 bits of a SHA-256 of what identifies
/// it (a hash that is the same in every daemon, whatever its build).
pub fn message_key(identity: &str) -> i32 {
    use sha2::{Digest, Sha256};
    let d = Sha256::digest(identity.as_bytes());
    i32::from_be_bytes([d[0] & 0x7f, d[1], d[2], d[3]])
}

/// The prepared statements a SQLite connection keeps (PostgreSQL sessions keep each one
/// they prepare).
const STATEMENTS_CACHED: usize = 256;

impl Db {
    /// A SQLite connection.
    pub fn sqlite(conn: rusqlite::Connection) -> Db {
        // One decision runs more distinct statements than rusqlite's default of 16 cached:
        // they were parsed again every time (a sixth of a decision's time at 100,000 games).
        conn.set_prepared_statement_cache_capacity(STATEMENTS_CACHED);
        Db {
            backend: Backend::Sqlite(conn),
            depth: Cell::new(0),
        }
    }

    /// A PostgreSQL session, not reopened when lost.
    pub fn postgres(client: tokio_postgres::Client) -> Db {
        Db::postgres_session(client, None)
    }

    /// A PostgreSQL session opened with `settings`, opened again with them when it is found
    /// lost before a transaction or a statement outside one (never inside: what the lost
    /// transaction did is gone, and its caller must hear so).
    pub fn postgres_reopening(
        client: tokio_postgres::Client,
        settings: super::postgresql::Settings,
    ) -> Db {
        Db::postgres_session(client, Some(settings))
    }

    fn postgres_session(
        client: tokio_postgres::Client,
        reopen: Option<super::postgresql::Settings>,
    ) -> Db {
        Db {
            backend: Backend::Postgres(Box::new(RefCell::new(Pg {
                client,
                reopen,
                session: Vec::new(),
                statements: HashMap::new(),
                built: HashMap::new(),
                pending: String::new(),
            }))),
            depth: Cell::new(0),
        }
    }

    /// Which database this is.
    pub fn dialect(&self) -> Dialect {
        match self.backend {
            Backend::Sqlite(_) => Dialect::Sqlite,
            Backend::Postgres(_) => Dialect::Postgres,
        }
    }

    /// The SQLite connection, for what only SQLite has (pragmas, the file's path).
    pub fn sqlite_conn(&self) -> Option<&rusqlite::Connection> {
        match &self.backend {
            Backend::Sqlite(c) => Some(c),
            Backend::Postgres(_) => None,
        }
    }

    /// Runs statements that take no parameter and return nothing (schema, settings).
    pub fn batch(&self, sql: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Backend::Postgres(pg) => {
                self.reopen_if_lost(pg)?;
                let mut pg = pg.borrow_mut();
                let held = std::mem::take(&mut pg.pending);
                let request = pg.client.batch_execute(sql);
                Ok(wait_after(&pg.client, &held, request)?)
            }
        }
    }

    /// Runs a `SET` that holds for the whole session (on PostgreSQL, made again in every
    /// session reopened after a loss); on SQLite, the statement is run once.
    pub fn set_for_session(&self, sql: &str) -> Result<(), StoreError> {
        self.batch(sql)?;
        if let Backend::Postgres(pg) = &self.backend {
            pg.borrow_mut().session.push(sql.to_owned());
        }
        Ok(())
    }

    /// [`Db::batch`] on the session as it is: ending a transaction must never land on a
    /// session opened since (a COMMIT there would report a lost transaction committed).
    fn batch_in_session(&self, sql: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Backend::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                let held = std::mem::take(&mut pg.pending);
                let request = pg.client.batch_execute(sql);
                Ok(wait_after(&pg.client, &held, request)?)
            }
        }
    }

    /// Holds back a transaction command on PostgreSQL, to go with the next request (see
    /// [`wait_after`]); runs it at once on SQLite.
    fn defer(&self, sql: &str) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Backend::Postgres(pg) => {
                let mut pg = pg.borrow_mut();
                if !pg.pending.is_empty() {
                    pg.pending.push_str("; ");
                }
                pg.pending.push_str(sql);
                Ok(())
            }
        }
    }

    /// Outside a transaction, opens a lost PostgreSQL session again (the statements it had
    /// prepared went with it).
    fn reopen_if_lost(&self, pg: &RefCell<Pg>) -> Result<(), StoreError> {
        if self.depth.get() > 0 {
            return Ok(());
        }
        let mut pg = pg.borrow_mut();
        if !pg.client.is_closed() {
            return Ok(());
        }
        let Some(settings) = pg.reopen.clone() else {
            return Ok(());
        };
        let client = super::postgresql::connect(&settings)?;
        for sql in &pg.session {
            wait(client.batch_execute(sql))?;
        }
        tracing::warn!(
            store = %super::postgresql::redacted(&settings.url),
            "the PostgreSQL session was lost: a new one is open"
        );
        pg.client = client;
        pg.statements.clear();
        pg.built.clear();
        pg.pending.clear();
        Ok(())
    }

    /// Runs one statement; returns how many rows it changed.
    pub fn execute(&self, sql: &'static str, params: &[&dyn Param]) -> Result<usize, StoreError> {
        self.execute_text(Text::Fixed(sql), params)
    }

    /// [`Db::execute`] for a statement built at run time.
    pub fn execute_built(&self, sql: &str, params: &[&dyn Param]) -> Result<usize, StoreError> {
        self.execute_text(Text::Built(sql), params)
    }

    fn execute_text(&self, sql: Text<'_>, params: &[&dyn Param]) -> Result<usize, StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => {
                let values = values(params);
                Ok(c.prepare_cached(sql.text())?
                    .execute(rusqlite::params_from_iter(values.iter()))?)
            }
            Backend::Postgres(pg) => {
                self.reopen_if_lost(pg)?;
                let mut pg = pg.borrow_mut();
                let stmt = pg.statement(sql)?;
                let values = values(params);
                let refs = pg_args(&values);
                let held = std::mem::take(&mut pg.pending);
                let request = pg.client.execute(&stmt, &refs);
                let n = wait_after(&pg.client, &held, request)?;
                Ok(usize::try_from(n).unwrap_or(usize::MAX))
            }
        }
    }

    /// Runs `writes` in order and returns how many rows each changed. On PostgreSQL they are
    /// sent together and answered in one round trip. Inside a transaction a failing
    /// statement fails the whole, as one after another; outside one, the statements after
    /// a failing one may still have run, so gather writes inside a transaction.
    pub fn execute_all(&self, writes: &Writes) -> Result<Vec<usize>, StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => writes
                .each()
                .map(|(sql, values)| {
                    Ok(c.prepare_cached(sql)?
                        .execute(rusqlite::params_from_iter(values.iter()))?)
                })
                .collect(),
            Backend::Postgres(pg) => {
                if writes.is_empty() {
                    return Ok(Vec::new());
                }
                self.reopen_if_lost(pg)?;
                let mut pg = pg.borrow_mut();
                let bound: Vec<(&'static str, Vec<Value<'_>>)> = writes.each().collect();
                let statements = bound
                    .iter()
                    .map(|(sql, _)| pg.statement(Text::Fixed(sql)))
                    .collect::<Result<Vec<_>, _>>()?;
                let args: Vec<_> = bound.iter().map(|(_, values)| pg_args(values)).collect();
                let held = std::mem::take(&mut pg.pending);
                let request = futures::future::try_join_all(
                    statements
                        .iter()
                        .zip(&args)
                        .map(|(stmt, refs)| pg.client.execute(stmt, refs)),
                );
                let counts = wait_after(&pg.client, &held, request)?;
                Ok(counts
                    .into_iter()
                    .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
                    .collect())
            }
        }
    }

    /// Runs one query and maps each row with `f`.
    pub fn query_map<T>(
        &self,
        sql: &'static str,
        params: &[&dyn Param],
        f: impl FnMut(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.query_text(Text::Fixed(sql), params, f)
    }

    /// [`Db::query_map`] for a query built at run time.
    pub fn query_built<T>(
        &self,
        sql: &str,
        params: &[&dyn Param],
        f: impl FnMut(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.query_text(Text::Built(sql), params, f)
    }

    /// Runs the queries `sqls` (built at run time, each bound to `params`) and gives `each`
    /// every row with the number of its query, the queries' rows in turn. On PostgreSQL the
    /// queries are sent together and answered in one round trip (tokio-postgres pipelines
    /// the requests it is given at once), where one after another they take one each.
    pub fn query_together(
        &self,
        sqls: &[impl AsRef<str>],
        params: &[&dyn Param],
        mut each: impl FnMut(usize, &Row<'_>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Sqlite(_) => {
                for (k, sql) in sqls.iter().enumerate() {
                    self.query_text(Text::Built(sql.as_ref()), params, |r| each(k, r))?;
                }
                Ok(())
            }
            Backend::Postgres(pg) => {
                self.reopen_if_lost(pg)?;
                let mut pg = pg.borrow_mut();
                let statements = sqls
                    .iter()
                    .map(|sql| pg.statement(Text::Built(sql.as_ref())))
                    .collect::<Result<Vec<_>, _>>()?;
                let values = values(params);
                let refs = pg_args(&values);
                let held = std::mem::take(&mut pg.pending);
                let request = futures::future::try_join_all(
                    statements.iter().map(|stmt| pg.client.query(stmt, &refs)),
                );
                let answers = wait_after(&pg.client, &held, request)?;
                drop(pg);
                for (k, rows) in answers.iter().enumerate() {
                    for r in rows {
                        each(k, &Row::Postgres(r))?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The first row of a query mapped with `f`, if there is one.
    pub fn query_opt<T>(
        &self,
        sql: &'static str,
        params: &[&dyn Param],
        f: impl FnOnce(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        let mut f = Some(f);
        let mut found = None;
        self.query_text(Text::Fixed(sql), params, |r| {
            if let Some(f) = f.take() {
                found = Some(f(r)?);
            }
            Ok(())
        })?;
        Ok(found)
    }

    /// The first row of a query that always returns one (an aggregate), mapped with `f`.
    pub fn query_row<T>(
        &self,
        sql: &'static str,
        params: &[&dyn Param],
        f: impl FnOnce(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.query_opt(sql, params, f)?
            .ok_or_else(|| StoreError::Corrupt(format!("no row from `{sql}`")))
    }

    fn query_text<T>(
        &self,
        sql: Text<'_>,
        params: &[&dyn Param],
        mut f: impl FnMut(&Row<'_>) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        match &self.backend {
            Backend::Sqlite(c) => {
                let values = values(params);
                let mut stmt = c.prepare_cached(sql.text())?;
                let mut rows = stmt.query(rusqlite::params_from_iter(values.iter()))?;
                let mut out = Vec::new();
                while let Some(r) = rows.next()? {
                    out.push(f(&Row::Sqlite(r))?);
                }
                Ok(out)
            }
            Backend::Postgres(pg) => {
                self.reopen_if_lost(pg)?;
                let mut pg = pg.borrow_mut();
                let stmt = pg.statement(sql)?;
                let values = values(params);
                let refs = pg_args(&values);
                let held = std::mem::take(&mut pg.pending);
                let request = pg.client.query(&stmt, &refs);
                let rows = wait_after(&pg.client, &held, request)?;
                drop(pg);
                rows.iter().map(|r| f(&Row::Postgres(r))).collect()
            }
        }
    }

    /// Opens a transaction, or a savepoint inside the open one. What SQLite calls deferred:
    /// the first write takes the write lock. Use [`Db::immediate`] when what is read
    /// decides what is written.
    pub fn transaction(&self) -> Result<Tx<'_>, StoreError> {
        self.open(false)
    }

    /// Opens a transaction that holds the store's write lock from its start (SQLite's
    /// `BEGIN IMMEDIATE`, PostgreSQL's [`WRITE_LOCK`]), or a savepoint inside the open one.
    pub fn immediate(&self) -> Result<Tx<'_>, StoreError> {
        self.open(true)
    }

    fn open(&self, write: bool) -> Result<Tx<'_>, StoreError> {
        let lock = if write { Lock::Store } else { Lock::Deferred };
        Ok(Tx {
            db: self,
            level: self.begin(lock)?,
            done: false,
        })
    }

    /// Opens a transaction holding `lock` from its start, or a savepoint inside the open
    /// one (which holds what the transaction took); returns its level, for [`Db::end`].
    /// For a caller that cannot hold a [`Tx`] across what it runs.
    pub fn begin(&self, lock: Lock) -> Result<u32, StoreError> {
        let depth = self.depth.get();
        if depth == 0 {
            match (&self.backend, lock) {
                (Backend::Sqlite(c), Lock::Store | Lock::Game { .. }) => {
                    c.execute_batch("BEGIN IMMEDIATE")?
                }
                (Backend::Sqlite(c), Lock::Deferred) => c.execute_batch("BEGIN")?,
                (Backend::Postgres(pg), lock) => {
                    self.reopen_if_lost(pg)?;
                    // The transaction and its locks, in this order (the store's lock
                    // before a game's, so that no two writers wait on each other
                    // crosswise), in one round trip, waited for: what the caller does
                    // next (reading the time of its decision) comes after the locks. A
                    // plain transaction locks nothing: its BEGIN is held back to go with
                    // the first statement, no round trip of its own.
                    let sql = match lock {
                        Lock::Deferred => {
                            let mut pg = pg.borrow_mut();
                            pg.pending.clear();
                            pg.pending.push_str("BEGIN");
                            self.depth.set(depth + 1);
                            return Ok(depth);
                        }
                        Lock::Store => format!("BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"),
                        Lock::Game { game, message } => format!(
                            "BEGIN; SELECT pg_advisory_xact_lock_shared({WRITE_LOCK}); \
                             SELECT pg_advisory_xact_lock({MESSAGE_LOCK_CLASS}, {message}); \
                             SELECT pg_advisory_xact_lock({GAME_LOCK_CLASS}, {})",
                            game_key(game)
                        ),
                    };
                    let pg = pg.borrow();
                    if let Err(e) = wait(pg.client.batch_execute(&sql)) {
                        let _ = wait(pg.client.batch_execute("ROLLBACK"));
                        return Err(e.into());
                    }
                }
            }
        } else {
            self.defer(&format!("SAVEPOINT s{depth}"))?;
        }
        self.depth.set(depth + 1);
        Ok(depth)
    }

    /// Commits (or releases) what [`Db::begin`] opened at `level`, or rolls it back.
    pub fn end(&self, level: u32, commit: bool) -> Result<(), StoreError> {
        self.depth.set(level);
        match (level, commit) {
            (0, true) => {
                if let Err(e) = self.batch_in_session("COMMIT") {
                    // A failed COMMIT leaves a PostgreSQL session in its transaction.
                    let _ = self.batch_in_session("ROLLBACK");
                    return Err(e);
                }
                Ok(())
            }
            (0, false) => {
                if let Backend::Postgres(pg) = &self.backend {
                    let mut pg = pg.borrow_mut();
                    // Nothing was sent of a transaction whose BEGIN is still held back.
                    let unsent = pg.pending.starts_with("BEGIN");
                    pg.pending.clear();
                    if unsent {
                        return Ok(());
                    }
                }
                self.batch_in_session("ROLLBACK")
            }
            (n, true) => self.defer(&format!("RELEASE SAVEPOINT s{n}")),
            (n, false) => self.defer(&format!(
                "ROLLBACK TO SAVEPOINT s{n}; RELEASE SAVEPOINT s{n}"
            )),
        }
    }
}

/// A game's number as the second key of its advisory lock: 31 bits of it.
fn game_key(game: i64) -> i32 {
    (game & 0x7fff_ffff) as i32
}

/// An open transaction or savepoint. Rolled back when dropped without [`Tx::commit`].
pub struct Tx<'a> {
    db: &'a Db,
    level: u32,
    done: bool,
}

impl Tx<'_> {
    /// Commits (or releases the savepoint into the enclosing transaction).
    pub fn commit(mut self) -> Result<(), StoreError> {
        self.done = true;
        self.db.end(self.level, true)
    }
}

impl Drop for Tx<'_> {
    fn drop(&mut self) {
        if !self.done {
            let _ = self.db.end(self.level, false);
        }
    }
}

enum Text<'a> {
    Fixed(&'static str),
    Built(&'a str),
}

impl Text<'_> {
    fn text(&self) -> &str {
        match self {
            Text::Fixed(s) => s,
            Text::Built(s) => s,
        }
    }
}

impl Pg {
    fn statement(&mut self, sql: Text<'_>) -> Result<tokio_postgres::Statement, StoreError> {
        match sql {
            Text::Fixed(s) => {
                if let Some(stmt) = self.statements.get(s) {
                    return Ok(stmt.clone());
                }
                let stmt = wait(self.client.prepare(&dollar_placeholders(s)))?;
                self.statements.insert(s, stmt.clone());
                Ok(stmt)
            }
            Text::Built(s) => {
                if let Some(stmt) = self.built.get(s) {
                    return Ok(stmt.clone());
                }
                let stmt = wait(self.client.prepare(&dollar_placeholders(s)))?;
                // Built texts come from a handful of shapes; a bound keeps a mistake cheap.
                if self.built.len() > 256 {
                    self.built.clear();
                }
                self.built.insert(s.to_owned(), stmt.clone());
                Ok(stmt)
            }
        }
    }
}

/// An error followed by its causes. tokio-postgres's own text only names the kind of
/// failure ("db error", "error connecting to server"); what happened (the server's message,
/// "Connection refused", the certificate refused) is in its sources.
pub struct Causes<'a>(pub &'a dyn std::error::Error);

impl std::fmt::Display for Causes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut cause = self.0.source();
        // "db error": the server's own words (its severity and message) say it all.
        match cause {
            Some(server) if self.0.to_string() == "db error" => {
                write!(f, "{server}")?;
                cause = server.source();
            }
            _ => write!(f, "{}", self.0)?,
        }
        while let Some(c) = cause {
            write!(f, ": {c}")?;
            cause = c.source();
        }
        Ok(())
    }
}

/// Waits for `request`, sending the transaction commands held back (`held`) first, in the
/// same round trip (tokio-postgres sends requests polled together in the order they are
/// polled, and the server answers them in turn). A held-back command that fails fails the
/// request with its own error.
fn wait_after<T>(
    client: &tokio_postgres::Client,
    held: &str,
    request: impl std::future::Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, tokio_postgres::Error> {
    if held.is_empty() {
        return wait(request);
    }
    let (held, answer) = wait(futures::future::join(client.batch_execute(held), request));
    held?;
    answer
}

/// Waits for a PostgreSQL call on the calling thread, whatever runs there: the session's
/// connection is driven by its own runtime ([`super::postgresql::connect`]), so this works
/// in a blocking thread and in async code alike, blocking it as SQLite's calls do.
fn wait<F: std::future::Future>(call: F) -> F::Output {
    futures::executor::block_on(call)
}

/// The values bound to a statement's placeholders, in order.
fn values<'a>(params: &'a [&dyn Param]) -> Vec<Value<'a>> {
    params.iter().map(|p| p.value()).collect()
}

/// The values as tokio-postgres takes them.
fn pg_args<'a>(values: &'a [Value<'a>]) -> Vec<&'a (dyn tokio_postgres::types::ToSql + Sync)> {
    values
        .iter()
        .map(|v| v as &(dyn tokio_postgres::types::ToSql + Sync))
        .collect()
}

/// The store's SQL with PostgreSQL's `$N` for SQLite's `?N` (outside quoted text).
pub fn dollar_placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => out.push('$'),
            _ => out.push(c),
        }
    }
    out
}

/// One row of a query's answer.
pub enum Row<'a> {
    /// From SQLite.
    Sqlite(&'a rusqlite::Row<'a>),
    /// From PostgreSQL.
    Postgres(&'a tokio_postgres::Row),
}

impl Row<'_> {
    /// Column `i` (from 0) as `T`.
    pub fn get<T: Column>(&self, i: usize) -> Result<T, StoreError> {
        T::from_cell(self.datum(i)?).map_err(|e| StoreError::Corrupt(format!("column {i}: {e}")))
    }

    /// How many columns the row has.
    pub fn len(&self) -> usize {
        match self {
            Row::Sqlite(r) => r.as_ref().column_count(),
            Row::Postgres(r) => r.len(),
        }
    }

    /// Whether the row has no column.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Column `i` as it was read, before it takes a Rust type.
    pub fn datum(&self, i: usize) -> Result<Datum, StoreError> {
        Ok(match self {
            Row::Sqlite(r) => {
                use rusqlite::types::ValueRef;
                match r.get_ref(i)? {
                    ValueRef::Null => Datum::Null,
                    ValueRef::Integer(v) => Datum::Int(v),
                    ValueRef::Real(v) => Datum::Real(v),
                    ValueRef::Text(t) => Datum::Text(String::from_utf8_lossy(t).into_owned()),
                    ValueRef::Blob(b) => Datum::Bytes(b.to_vec()),
                }
            }
            Row::Postgres(r) => pg_cell(r, i)?,
        })
    }
}

/// A value read from a column, before it takes its Rust type.
#[derive(Clone, Debug)]
pub enum Datum {
    /// SQL NULL.
    Null,
    /// An integer (or a boolean, as 0 and 1).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// Bytes.
    Bytes(Vec<u8>),
}

fn pg_cell(r: &tokio_postgres::Row, i: usize) -> Result<Datum, StoreError> {
    use tokio_postgres::types::Type;
    let Some(column) = r.columns().get(i) else {
        return Err(StoreError::Corrupt(format!("no column {i}")));
    };
    let ty = column.type_();
    Ok(if *ty == Type::INT8 {
        r.try_get::<_, Option<i64>>(i)?
            .map_or(Datum::Null, Datum::Int)
    } else if *ty == Type::INT4 {
        r.try_get::<_, Option<i32>>(i)?
            .map_or(Datum::Null, |v| Datum::Int(v.into()))
    } else if *ty == Type::INT2 {
        r.try_get::<_, Option<i16>>(i)?
            .map_or(Datum::Null, |v| Datum::Int(v.into()))
    } else if *ty == Type::BOOL {
        r.try_get::<_, Option<bool>>(i)?
            .map_or(Datum::Null, |v| Datum::Int(v.into()))
    } else if *ty == Type::FLOAT8 {
        r.try_get::<_, Option<f64>>(i)?
            .map_or(Datum::Null, Datum::Real)
    } else if *ty == Type::FLOAT4 {
        r.try_get::<_, Option<f32>>(i)?
            .map_or(Datum::Null, |v| Datum::Real(v.into()))
    } else if *ty == Type::BYTEA {
        r.try_get::<_, Option<Vec<u8>>>(i)?
            .map_or(Datum::Null, Datum::Bytes)
    } else {
        r.try_get::<_, Option<String>>(i)?
            .map_or(Datum::Null, Datum::Text)
    })
}

/// A Rust type a column reads into.
pub trait Column: Sized {
    /// Reads a column's value; says why not in words.
    fn from_cell(cell: Datum) -> Result<Self, String>;
}

impl Column for i64 {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        match cell {
            Datum::Int(v) => Ok(v),
            other => Err(format!("expected an integer, found {other:?}")),
        }
    }
}

macro_rules! integer_column {
    ($($t:ty),*) => {$(
        impl Column for $t {
            fn from_cell(cell: Datum) -> Result<Self, String> {
                let v = i64::from_cell(cell)?;
                <$t>::try_from(v).map_err(|_| format!("{v} is out of range"))
            }
        }
    )*};
}
integer_column!(i32, u32, u64, usize, u8, u16);

impl Column for bool {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        Ok(i64::from_cell(cell)? != 0)
    }
}

impl Column for f64 {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        match cell {
            Datum::Real(v) => Ok(v),
            Datum::Int(v) => Ok(v as f64),
            other => Err(format!("expected a number, found {other:?}")),
        }
    }
}

impl Column for String {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        match cell {
            Datum::Text(s) => Ok(s),
            other => Err(format!("expected text, found {other:?}")),
        }
    }
}

impl Column for Vec<u8> {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        match cell {
            Datum::Bytes(b) => Ok(b),
            Datum::Text(s) => Ok(s.into_bytes()),
            other => Err(format!("expected bytes, found {other:?}")),
        }
    }
}

impl<T: Column> Column for Option<T> {
    fn from_cell(cell: Datum) -> Result<Self, String> {
        match cell {
            Datum::Null => Ok(None),
            other => T::from_cell(other).map(Some),
        }
    }
}

/// A value bound to a placeholder.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    /// SQL NULL.
    Null,
    /// An integer (booleans are 0 and 1, as SQLite stores them).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(&'a str),
    /// Bytes.
    Bytes(&'a [u8]),
}

/// A Rust value the store binds to a placeholder.
pub trait Param {
    /// The value to bind.
    fn value(&self) -> Value<'_>;
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl Param for $t {
            fn value(&self) -> Value<'_> {
                Value::Int(*self as i64)
            }
        }
    )*};
}
int_param!(i64, i32, u32, u16, u8);

impl Param for u64 {
    fn value(&self) -> Value<'_> {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl Param for usize {
    fn value(&self) -> Value<'_> {
        Value::Int(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl Param for bool {
    fn value(&self) -> Value<'_> {
        Value::Int(i64::from(*self))
    }
}

impl Param for f64 {
    fn value(&self) -> Value<'_> {
        Value::Real(*self)
    }
}

impl Param for str {
    fn value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl Param for String {
    fn value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl Param for [u8] {
    fn value(&self) -> Value<'_> {
        Value::Bytes(self)
    }
}

impl Param for Vec<u8> {
    fn value(&self) -> Value<'_> {
        Value::Bytes(self)
    }
}

impl<T: Param + ?Sized> Param for &T {
    fn value(&self) -> Value<'_> {
        (**self).value()
    }
}

impl<T: Param> Param for Option<T> {
    fn value(&self) -> Value<'_> {
        match self {
            Some(v) => v.value(),
            None => Value::Null,
        }
    }
}

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match *self {
            Value::Null => ValueRef::Null,
            Value::Int(v) => ValueRef::Integer(v),
            Value::Real(v) => ValueRef::Real(v),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Bytes(b) => ValueRef::Blob(b),
        }))
    }
}

impl tokio_postgres::types::ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &tokio_postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<tokio_postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use tokio_postgres::types::{IsNull, Type};
        let narrow = |v: i64| -> Result<_, Box<dyn std::error::Error + Sync + Send>> {
            Err(format!("{v} does not fit a {ty} column").into())
        };
        match *self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) if *ty == Type::INT8 => v.to_sql(ty, out),
            Value::Int(v) if *ty == Type::INT4 => match i32::try_from(v) {
                Ok(v) => v.to_sql(ty, out),
                Err(_) => narrow(v),
            },
            Value::Int(v) if *ty == Type::INT2 => match i16::try_from(v) {
                Ok(v) => v.to_sql(ty, out),
                Err(_) => narrow(v),
            },
            Value::Int(v) if *ty == Type::BOOL => (v != 0).to_sql(ty, out),
            Value::Int(v) if *ty == Type::FLOAT8 => (v as f64).to_sql(ty, out),
            Value::Int(v) => v.to_string().as_str().to_sql(&Type::TEXT, out),
            Value::Real(v) if *ty == Type::FLOAT4 => (v as f32).to_sql(ty, out),
            Value::Real(v) => v.to_sql(&Type::FLOAT8, out),
            Value::Text(s) => s.to_sql(&Type::TEXT, out),
            Value::Bytes(b) => b.to_sql(&Type::BYTEA, out),
        }
    }

    fn accepts(_: &tokio_postgres::types::Type) -> bool {
        true
    }

    tokio_postgres::types::to_sql_checked!();
}

/// The parameters of a query: `store_params![a, b]` binds `a` to `?1` and `b` to `?2`
/// (`params!` inside the store).
#[macro_export]
macro_rules! store_params {
    () => { &[] as &[&dyn $crate::store::sql::Param] };
    ($($p:expr),+ $(,)?) => { &[$(&$p as &dyn $crate::store::sql::Param),+] as &[&dyn $crate::store::sql::Param] };
}
pub use crate::store_params as params;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollars_outside_quotes() {
        assert_eq!(
            dollar_placeholders("SELECT ?1, '?2' FROM t WHERE a = ?12 AND b LIKE 'x?'"),
            "SELECT $1, '?2' FROM t WHERE a = $12 AND b LIKE 'x?'"
        );
    }

    #[test]
    fn nested_transactions_roll_back_their_own_part_on_each_database() {
        // On PostgreSQL a plain transaction's BEGIN and every savepoint command are held
        // back to go with the next statement: each case below would end otherwise.
        for store in crate::store::testing::stores("nested") {
            let db = store.database();
            let rows = || -> Vec<i64> {
                db.query_map("SELECT v FROM t ORDER BY v", params![], |r| r.get(0))
                    .unwrap()
            };
            db.batch("CREATE TABLE t (v INTEGER PRIMARY KEY)").unwrap();
            let outer = db.transaction().unwrap();
            {
                // Opened and rolled back before anything ran.
                let _empty = db.transaction().unwrap();
            }
            db.execute("INSERT INTO t (v) VALUES (?1)", params![1])
                .unwrap();
            {
                let _inner = db.transaction().unwrap();
                db.execute("INSERT INTO t (v) VALUES (?1)", params![2])
                    .unwrap();
            }
            {
                // A statement that fails inside a savepoint: the transaction goes on.
                let _failed = db.transaction().unwrap();
                assert!(
                    db.execute("INSERT INTO t (v) VALUES (?1)", params![1])
                        .is_err()
                );
            }
            let inner = db.transaction().unwrap();
            db.execute("INSERT INTO t (v) VALUES (?1)", params![3])
                .unwrap();
            inner.commit().unwrap();
            outer.commit().unwrap();
            assert_eq!(rows(), vec![1, 3], "{:?}", db.dialect());
            assert_eq!(db.depth.get(), 0);
            {
                // A write in a transaction dropped: its BEGIN went first, nothing is kept.
                let _dropped = db.transaction().unwrap();
                db.execute("INSERT INTO t (v) VALUES (?1)", params![4])
                    .unwrap();
            }
            {
                let _idle = db.transaction().unwrap();
            }
            let idle = db.transaction().unwrap();
            idle.commit().unwrap();
            assert_eq!(rows(), vec![1, 3], "{:?}", db.dialect());
            assert_eq!(db.depth.get(), 0);
        }
    }

    #[test]
    fn columns_refuse_what_does_not_fit() {
        let db = Db::sqlite(rusqlite::Connection::open_in_memory().unwrap());
        let r: Result<u8, _> = db.query_row("SELECT 300", params![], |r| r.get(0));
        assert!(matches!(r, Err(StoreError::Corrupt(_))), "{r:?}");
        let r: Option<String> = db
            .query_row("SELECT NULL", params![], |r| r.get(0))
            .unwrap();
        assert_eq!(r, None);
        let none: Option<i64> = db
            .query_opt("SELECT 1 WHERE 0", params![], |r| r.get(0))
            .unwrap();
        assert_eq!(none, None);
    }
}

#[cfg(test)]
mod lost_sessions {
    use crate::store::{Store, StoreError, testing};

    /// The server ends `victim`'s session, as a restart does; returns once the client has
    /// seen it closed.
    fn cut(victim: &Store, by: &Store) {
        let pid: i32 = victim
            .database()
            .query_row("SELECT pg_backend_pid()", params![], |r| {
                Ok(r.get::<i64>(0)? as i32)
            })
            .unwrap();
        let ended: bool = by
            .database()
            .query_row("SELECT pg_terminate_backend(?1)", params![pid], |r| {
                r.get(0)
            })
            .unwrap();
        assert!(ended);
        for _ in 0..100 {
            if let super::Backend::Postgres(pg) = &victim.database().backend
                && pg.borrow().client.is_closed()
            {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("the client never saw its session end");
    }

    use super::params;

    #[test]
    fn a_lost_session_is_opened_again_before_the_next_statement() {
        let Some(server) = testing::server() else {
            return;
        };
        let location = server.fresh("reopen");
        let store = Store::connect(&location).unwrap();
        let other = Store::connect(&location).unwrap();
        assert_eq!(store.processed_count().unwrap(), 0);
        cut(&store, &other);
        assert_eq!(store.processed_count().unwrap(), 0, "reopened");
        // The prepared statements went with the old session and are made again.
        assert_eq!(store.active_game_count().unwrap(), 0);
    }

    #[test]
    fn a_transaction_whose_session_was_lost_fails_and_is_not_replayed_elsewhere() {
        let Some(server) = testing::server() else {
            return;
        };
        let location = server.fresh("lost_tx");
        let store = Store::connect(&location).unwrap();
        let other = Store::connect(&location).unwrap();
        let db = store.database();
        let tx = db.immediate().unwrap();
        db.execute(
            "INSERT INTO outages (from_at, to_at, cause) VALUES (1, 2, 'lost')",
            params![],
        )
        .unwrap();
        cut(&store, &other);
        let e = tx.commit().unwrap_err();
        assert!(e.may_pass(), "{e}");
        // The next transaction runs on a new session, and the lost one left nothing.
        assert!(store.outages(0).unwrap().is_empty());
        let e = db
            .execute("SELECT * FROM no_such_table", params![])
            .unwrap_err();
        assert!(
            !e.may_pass(),
            "a refused statement does not pass by itself: {e}"
        );
        assert!(
            e.to_string().contains("no_such_table"),
            "the server's words: {e}"
        );
    }

    #[test]
    fn a_reading_session_stays_read_only_when_opened_again() {
        let Some(server) = testing::server() else {
            return;
        };
        let location = server.fresh("reopen_ro");
        drop(Store::connect(&location).unwrap());
        let reader = Store::open_for_reading(&location).unwrap();
        let other = Store::connect(&location).unwrap();
        cut(&reader, &other);
        let e = reader
            .database()
            .execute(
                "INSERT INTO outages (from_at, to_at, cause) VALUES (1, 2, 'x')",
                params![],
            )
            .unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
    }

    #[test]
    fn a_server_that_is_not_there_is_named_with_its_cause() {
        let location = crate::store::Location::Postgres(crate::store::postgresql::Settings {
            url: "postgres://arbitre@127.0.0.1:1/arbitre?sslmode=disable".into(),
            password: None,
            ca_file: None,
        });
        let e = Store::connect(&location).unwrap_err();
        assert!(matches!(e, StoreError::Postgres(_)), "{e:?}");
        assert!(e.may_pass());
        let text = e.to_string();
        assert!(
            text.starts_with("database error: error connecting to server: "),
            "{text}"
        );
        assert!(text.to_lowercase().contains("refused"), "{text}");
    }
}
