//! A test that cannot run here (its data or its servers are missing) says so instead of
//! passing in silence: a note on stderr, and a line in the file named by `$ARBITRE_SKIPPED`,
//! from which `scripts/test.sh` prints the name of every skipped test and why (and fails when
//! nothing should have been skipped).

// Each test crate uses part of this module.
#![allow(dead_code)]

use std::io::Write;

/// Records that the calling test (the current thread's name, as the test harness sets it)
/// is skipped, and why.
pub fn skipped(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("(unnamed test)");
    let line = format!("{}::{test}: {why}", env!("CARGO_CRATE_NAME"));
    eprintln!("NOTE: skipped: {line}");
    if let Some(path) = std::env::var_os("ARBITRE_SKIPPED") {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            // One write of the whole line: tests running at once append to the same file
            // (O_APPEND keeps a single write whole; `writeln!` may make two).
            .and_then(|mut f| f.write_all(format!("{line}\n").as_bytes()));
        if let Err(e) = written {
            eprintln!("cannot record the skip in {}: {e}", path.to_string_lossy());
        }
    }
}

/// The directory `../shared/data/<name>` beside the repository, or `None` (the calling test
/// recorded as skipped) when it is absent.
pub fn shared_data(name: &str) -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped(&format!(
            "{} is absent (optional external data)",
            dir.display()
        ));
        None
    }
}
