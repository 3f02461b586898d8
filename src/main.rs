//! The `arbitre` binary: parses the command line and runs the chosen command.
//!
//! Logs go to stderr only. Exit codes: 0 success, 1 refused or failed check, 2 usage error.

use std::process::ExitCode;

fn main() -> ExitCode {
    bound_malloc_arenas();
    arbitre::cli::main()
}

/// At most two malloc arenas (glibc): by default glibc gives each thread that allocates
/// while another holds an arena an arena of its own, up to eight per core, and keeps their
/// freed pages. The daemon's threads (the runtime's, the blocking pool's that draw pictures
/// and use the store, the searches') then held 52 MB after a 1,000-move burst, against 32 MB
/// with two arenas and the same pace (`cargo bench --bench mail_latency`, docs/benchmarks.md).
/// Set before any thread starts. `MALLOC_ARENA_MAX` in the environment still decides when
/// set.
fn bound_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only changes a malloc parameter; it is called before any other
        // thread exists, so no allocation runs concurrently with it.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 2);
        }
    }
}
