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
    let mut admin = postgresql::connect(&server.settings("postgres", None))
        .map_err(|e| format!("the test PostgreSQL server does not answer: {e}"))?;
    // Test processes start together: the database may appear between the look and the
    // creation.
    let exists = admin
        .query_opt(
            "SELECT 1 FROM pg_database WHERE datname = $1",
            &[&TEST_DATABASE],
        )
        .map_err(|e| e.to_string())?
        .is_some();
    if !exists && let Err(e) = admin.batch_execute(&format!("CREATE DATABASE {TEST_DATABASE}")) {
        use ::postgres::error::SqlState;
        let raced = e.code().is_some_and(|c| {
            *c == SqlState::DUPLICATE_DATABASE || *c == SqlState::UNIQUE_VIOLATION
        });
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
        let schema = format!(
            "t_{label}_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin =
            postgresql::connect(&self.settings(TEST_DATABASE, None)).expect("the test database");
        admin
            .batch_execute(&format!(
                "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
            ))
            .expect("a fresh schema");
        Location::Postgres(self.settings(TEST_DATABASE, Some(&schema)))
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
