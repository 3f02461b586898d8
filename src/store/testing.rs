//! Stores for tests, so that one test runs on both databases: a fresh SQLite store in
//! memory, and a fresh PostgreSQL store (a schema of its own in the database
//! `arbitre_tests`) on the test server `scripts/postgres.sh` starts, found through its env
//! file (`$ARBITRE_PG_ENV`, else `var/pg/env`).
//!
//! Without that server a test runs on SQLite alone and says so: a note on stderr and a line
//! in `$ARBITRE_SKIPPED`, which `scripts/test.sh` names in its summary. Under `CI=true` a
//! missing server fails the test instead.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use super::postgresql::{self, Settings};
use super::sql::{Db, Dialect, params};
use super::{Location, Store};

/// The database the tests' schemas are made in.
pub const TEST_DATABASE: &str = "arbitre_tests";

/// The test PostgreSQL server.
#[derive(Clone, Debug)]
pub struct TestServer {
    host: String,
    port: String,
    user: String,
    password: String,
    ca: PathBuf,
}

/// The test server, if it runs (else `None`, the skip recorded; a failure under CI).
pub fn server() -> Option<TestServer> {
    static FOUND: OnceLock<Result<TestServer, String>> = OnceLock::new();
    match FOUND.get_or_init(find) {
        Ok(server) => Some(server.clone()),
        Err(why) => {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
            assert!(!ci, "{why}; run `bash scripts/test.sh`");
            skipped(&format!("PostgreSQL half only: {why}"));
            None
        }
    }
}

fn find() -> Result<TestServer, String> {
    let path = std::env::var_os("ARBITRE_PG_ENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("var/pg/env"));
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "no test PostgreSQL server ({}: {e}); start it with `bash scripts/postgres.sh start` (as root)",
            path.display()
        )
    })?;
    let vars: HashMap<&str, &str> = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
        .collect();
    let var = |name: &str| {
        vars.get(name)
            .map(|v| v.to_string())
            .ok_or_else(|| format!("{name} is missing from {}", path.display()))
    };
    let server = TestServer {
        host: var("ARBITRE_PG_HOST")?,
        port: var("ARBITRE_PG_PORT")?,
        user: var("ARBITRE_PG_USER")?,
        password: var("ARBITRE_PG_PASSWORD")?,
        ca: PathBuf::from(var("ARBITRE_PG_CA")?),
    };
    let admin = postgresql::connect(&server.settings("postgres", None))
        .map(Db::postgres)
        .map_err(|e| format!("the test PostgreSQL server does not answer: {e}"))?;
    // Test processes start together: the database may appear between the look and the
    // creation.
    let exists = admin
        .query_opt(
            "SELECT 1 FROM pg_database WHERE datname = ?1",
            params![TEST_DATABASE],
            |_| Ok(()),
        )
        .map_err(|e| e.to_string())?
        .is_some();
    if !exists && let Err(e) = admin.batch(&format!("CREATE DATABASE {TEST_DATABASE}")) {
        let raced = admin
            .query_opt(
                "SELECT 1 FROM pg_database WHERE datname = ?1",
                params![TEST_DATABASE],
                |_| Ok(()),
            )
            .is_ok_and(|found| found.is_some());
        if !raced {
            return Err(format!("cannot create {TEST_DATABASE}: {e}"));
        }
    }
    Ok(server)
}

impl TestServer {
    fn settings(&self, database: &str, schema: Option<&str>) -> Settings {
        let options = schema
            .map(|s| format!("&options=-csearch_path%3D{s}"))
            .unwrap_or_default();
        Settings {
            url: format!(
                "postgres://{}@{}:{}/{database}?sslmode=require{options}",
                self.user, self.host, self.port
            ),
            password: Some(self.password.clone()),
            ca_file: Some(self.ca.clone()),
        }
    }

    /// A new empty schema of the test database, as a store location (its tables are made
    /// when a store opens it).
    pub fn fresh(&self, label: &str) -> Location {
        let schema = unique_name(label);
        let admin = self.admin();
        admin
            .batch(&format!(
                "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
            ))
            .expect("a fresh schema");
        Location::Postgres(self.settings(TEST_DATABASE, Some(&schema)))
    }

    /// A new empty database of its own, as a store location, for a test that holds the
    /// store's advisory locks while it looks at them: those locks belong to a database, so
    /// in the shared test database another test's store queues behind them. Dropped with
    /// its connections when the returned guard goes.
    pub fn own_database(&self, label: &str) -> (Location, OwnDatabase) {
        let name = unique_name(label);
        let admin = self.admin();
        // One statement a request: neither may run in a transaction block.
        admin
            .batch(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .expect("no database of that name");
        admin
            .batch(&format!("CREATE DATABASE {name}"))
            .expect("a database of its own");
        (
            Location::Postgres(self.settings(&name, None)),
            OwnDatabase { admin, name },
        )
    }
}

impl TestServer {
    /// A session on the test database, for making and dropping schemas and databases.
    fn admin(&self) -> Db {
        postgresql::connect(&self.settings(TEST_DATABASE, None))
            .map(Db::postgres)
            .expect("the test database")
    }
}

/// A schema's or database's name no other test of any run has: `label` (letters and digits,
/// the rest as `_`, 30 at most), the process and a count.
fn unique_name(label: &str) -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let label: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .take(30)
        .collect();
    format!(
        "t_{label}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// A database made by [`TestServer::own_database`]: dropped when this goes.
pub struct OwnDatabase {
    admin: Db,
    name: String,
}

impl Drop for OwnDatabase {
    fn drop(&mut self) {
        let _ = self.admin.batch(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ));
    }
}

/// Whether the integration tests run on PostgreSQL: `ARBITRE_TEST_STORE=postgres`, the
/// second pass of `scripts/test.sh`.
pub fn postgres_pass() -> bool {
    std::env::var("ARBITRE_TEST_STORE").is_ok_and(|v| v == "postgres")
}

/// Where an integration test's store goes: the SQLite file `dir/file`, or in the
/// PostgreSQL pass a fresh schema named after `label`.
pub fn location_for(dir: &Path, file: &str, label: &str) -> Location {
    if postgres_pass() {
        server()
            .expect("the PostgreSQL pass needs the test server")
            .fresh(label)
    } else {
        Location::Sqlite(dir.join(file))
    }
}

/// The lines of a configuration's `[store]` section that name `location`.
pub fn store_toml(location: &Location) -> String {
    match location {
        Location::Sqlite(path) => format!("path = \"{}\"\n", path.display()),
        Location::Postgres(s) => {
            let mut toml = format!("url = \"{}\"\n", s.url);
            if let Some(password) = &s.password {
                toml.push_str(&format!("password.raw = \"{password}\"\n"));
            }
            if let Some(ca) = &s.ca_file {
                toml.push_str(&format!("ca-file = \"{}\"\n", ca.display()));
            }
            toml
        }
    }
}

/// Every table of the store with its rows, as text, tables by name and rows sorted: two
/// snapshots are equal when the store did not change.
pub fn snapshot(store: &Store) -> String {
    let db = store.database();
    let tables: Vec<String> = match db.dialect() {
        Dialect::Sqlite => db.query_map(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
            params![],
            |r| r.get(0),
        ),
        Dialect::Postgres => db.query_map(
            "SELECT table_name::text FROM information_schema.tables
             WHERE table_schema = current_schema() ORDER BY 1",
            params![],
            |r| r.get(0),
        ),
    }
    .expect("the tables");
    let mut out = String::new();
    for table in tables {
        let mut rows = db
            .query_built(&format!("SELECT * FROM \"{table}\""), params![], |r| {
                let mut line = table.clone();
                for i in 0..r.len() {
                    line.push_str(&format!(" {:?}", r.datum(i)?));
                }
                Ok(line)
            })
            .expect("the rows");
        rows.sort();
        for row in rows {
            out.push_str(&row);
            out.push('\n');
        }
    }
    out
}

/// A fresh store for a test that runs once per pass: SQLite in memory, or in the
/// PostgreSQL pass a fresh schema named after `label`.
pub fn fresh_store(label: &str) -> Store {
    if postgres_pass() {
        let server = server().expect("the PostgreSQL pass needs the test server");
        Store::connect(&server.fresh(label)).expect("a PostgreSQL store")
    } else {
        Store::open_in_memory().expect("a SQLite store in memory")
    }
}

/// A fresh store on each database the tests can reach: SQLite in memory first, then
/// PostgreSQL when its test server runs.
pub fn stores(label: &str) -> Vec<Store> {
    let mut all = vec![Store::open_in_memory().expect("a SQLite store in memory")];
    if let Some(server) = server() {
        all.push(Store::connect(&server.fresh(label)).expect("a PostgreSQL store"));
    }
    all
}

/// Records that the calling test ran only in part, and why (see the module's note).
fn skipped(why: &str) {
    let thread = std::thread::current();
    let line = format!(
        "arbitre::{}: {why}",
        thread.name().unwrap_or("(unnamed test)")
    );
    eprintln!("NOTE: skipped: {line}");
    if let Some(path) = std::env::var_os("ARBITRE_SKIPPED") {
        let _ = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(format!("{line}\n").as_bytes()));
    }
}
