//! The `arbitre` binary: parses the command line and runs the chosen command.
//!
//! Logs go to stderr only. Exit codes: 0 success, 1 refused or failed check, 2 usage error.

use std::process::ExitCode;

fn main() -> ExitCode {
    arbitre::cli::main()
}
