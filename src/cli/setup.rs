//! What every command of the command line shares: the `--config FILE` argument, loading
//! and checking the configuration (each problem said on stderr, exit 78), opening the store,
//! logging to stderr, the async runtime and the stop signals, and how instants are printed
//! (in UTC, to the second, as the mails give them).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::config::{Config, permission_warning};
use crate::store::Store;

/// EX_CONFIG from sysexits.h: the configuration is wrong.
pub(crate) const EX_CONFIG: u8 = 78;

/// The `--config FILE` argument.
#[derive(Debug, Args)]
pub struct ConfigArg {
    /// The configuration file (see config/arbitre.example.toml).
    #[arg(long, short = 'c', value_name = "FILE")]
    pub config: PathBuf,
}

/// An instant as the command line prints it: `2026-11-28 14:05:09 UTC`, to the second (a
/// 20-second clock's deadline must show its seconds).
pub(crate) fn utc(at: crate::base::Timestamp) -> String {
    jiff::Timestamp::from_second(at)
        .map(|t| t.strftime("%Y-%m-%d %H:%M:%S UTC").to_string())
        .unwrap_or_else(|_| at.to_string())
}

/// Logs to stderr at `level` (`RUST_LOG` wins when set).
pub(crate) fn init_tracing(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(level))
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    use std::io::IsTerminal;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// Loads and checks the configuration but the mail servers' sections (see
/// [`Config::check_offline`]: a command that sends no mail itself runs on a host without
/// them), printing each problem; `Err` holds the exit code.
pub(crate) fn load(path: &Path) -> Result<Config, ExitCode> {
    load_checked(path, Config::check_offline)
}

/// Loads and checks the whole configuration, the mail servers' sections included (`run`,
/// `check-config`).
pub(crate) fn load_all(path: &Path) -> Result<Config, ExitCode> {
    load_checked(path, Config::check)
}

/// Loads the configuration and runs `check` on it, saying every problem.
pub(crate) fn load_checked(
    path: &Path,
    check: impl FnOnce(&Config) -> Result<(), crate::config::ConfigError>,
) -> Result<Config, ExitCode> {
    let config = Config::load(path).map_err(|e| {
        for p in &e.problems {
            eprintln!("arbitre: {p}");
        }
        ExitCode::from(EX_CONFIG)
    })?;
    if let Some(w) = permission_warning(path) {
        eprintln!("arbitre: warning: {w}");
    }
    check(&config).map_err(|e| {
        for p in &e.problems {
            eprintln!("arbitre: {}: {p}", path.display());
        }
        ExitCode::from(EX_CONFIG)
    })?;
    Ok(config)
}

pub(crate) fn open_store(config: &Config) -> Result<Store, ExitCode> {
    let location = config.store.location().map_err(|e| {
        eprintln!("arbitre: {e}");
        ExitCode::from(EX_CONFIG)
    })?;
    Store::connect(&location).map_err(|e| {
        eprintln!("arbitre: cannot open the store {location}: {e}");
        ExitCode::from(1)
    })
}

/// The configuration at `path` and its store, opened (each failure said on stderr, with its
/// exit code).
pub(crate) fn load_with_store(path: &Path) -> Result<(Config, Store), ExitCode> {
    let config = load(path)?;
    let store = open_store(&config)?;
    Ok((config, store))
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("the async runtime starts")
}

/// Resolves on SIGTERM or SIGINT.
pub(crate) async fn shutdown_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("SIGTERM handler");
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM received"),
        _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT received"),
    }
}
