//! The command line on a real store: configuration checks, directors' commands, tournaments,
//! statistics.
//!
//! One test binary for what used to be 2: each file below is one module, its
//! tests named `file::test` (`cargo test --test cli daemon_cli::`).

#[path = "../common/finished.rs"]
mod finished;
#[path = "../common/site.rs"]
mod site;

use site::cli;

mod daemon_cli;
mod stats_cli;
mod tournament_cli;
