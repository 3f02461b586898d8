//! `arbitre store migrate --from STORE --to STORE`: copies a whole installation (games,
//! moves, players, clocks, events, ratings' games, outbox, processed keys, audit log) from
//! one store to another, SQLite to PostgreSQL or back, then checks every table's count and
//! checksum on both sides. It refuses a target that holds anything.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use crate::config::Secret;
use crate::outln;
use crate::store::copy::{self, CopyError};
use crate::store::{Location, Store};

/// `arbitre store ...`.
#[derive(Debug, Subcommand)]
pub enum StoreCommand {
    /// Copy a whole store into an empty one (SQLite to PostgreSQL or back) and verify it.
    Migrate(MigrateArgs),
}

/// `arbitre store migrate`.
#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The store to copy: a SQLite file, `sqlite://PATH` or `postgres://...`. Stop the
    /// daemons first; a SQLite store of an older arbitre is brought up to date.
    #[arg(long)]
    pub from: String,
    /// The empty store to copy into (a PostgreSQL database must exist; its tables are made).
    #[arg(long)]
    pub to: String,
    /// A command printing PostgreSQL's password (for a URL without one).
    #[arg(long)]
    pub password_command: Option<String>,
    /// The CA certificates (PEM) PostgreSQL's certificate must chain to.
    #[arg(long)]
    pub ca_file: Option<PathBuf>,
}

/// Runs a `store` command.
pub fn run(command: &StoreCommand) -> ExitCode {
    match command {
        StoreCommand::Migrate(args) => migrate(args),
    }
}

fn location(text: &str, args: &MigrateArgs) -> Result<Location, String> {
    if !text.contains("://") {
        return Ok(Location::Sqlite(PathBuf::from(text)));
    }
    let postgres = !text.starts_with("sqlite://");
    let password = match (&args.password_command, postgres) {
        (Some(command), true) => Some(Secret::Command(command.clone()).reveal()?),
        _ => None,
    };
    let ca_file = if postgres { args.ca_file.clone() } else { None };
    Location::from_url(text, password, ca_file)
}

fn migrate(args: &MigrateArgs) -> ExitCode {
    let open = |text: &str| -> Result<Store, String> {
        let at = location(text, args)?;
        Store::connect(&at).map_err(|e| format!("cannot open the store {at}: {e}"))
    };
    let (from, mut to) = match (open(&args.from), open(&args.to)) {
        (Ok(from), Ok(to)) => (from, to),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("arbitre: {e}");
            return ExitCode::from(1);
        }
    };
    match copy::copy(&from, &mut to) {
        Ok(report) => {
            for (table, rows, sum) in &report.tables {
                outln!("{table:<18} {rows:>8} rows  sha256 {}", &sum[..16]);
            }
            outln!(
                "copied {} rows in {} tables; every table counts and sums the same in both stores.",
                report.rows(),
                report.tables.len()
            );
            ExitCode::SUCCESS
        }
        Err(e @ (CopyError::NotEmpty { .. } | CopyError::Versions { .. })) => {
            eprintln!("arbitre: nothing copied: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            ExitCode::from(1)
        }
    }
}
