//! Helpers for the tests of arbitre's command line that need no server: running the
//! binary, a scratch directory that is removed when the test ends (passed or failed), and
//! a configuration file pointing at a store in it.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `arbitre` with these arguments.
pub fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `arbitre` with these arguments, which must succeed; its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = arbitre(args);
    assert!(
        out.status.success(),
        "arbitre {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A directory of its own for one test, removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh, empty directory named after the test file (`prefix`) and the test.
    pub fn new(prefix: &str, name: &str) -> Scratch {
        let d =
            std::env::temp_dir().join(format!("arbitre-{prefix}-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `arbitre.toml` in `d` (mode 0600, as arbitre wants for a file with secrets): the
/// bot's address and secret, a store `s.sqlite` in `d`, placeholder mail servers, and
/// `extra` lines at the end. Returns its path.
pub fn write_config(d: &Path, bot: &str, secret: &str, extra: &str) -> PathBuf {
    let path = d.join("arbitre.toml");
    let text = format!(
        r#"[bot]
address = "{bot}"
plus-addressing = true
secret.raw = "{secret}"
[store]
{store}
[imap]
host = "imap.example.org"
user = "u"
password.raw = "p"
[smtp]
host = "smtp.example.org"
{extra}
"#,
        store = arbitre::store::testing::store_toml(&arbitre::store::testing::location_for(
            d,
            "s.sqlite",
            &d.file_name().unwrap_or_default().to_string_lossy()
        ))
        .trim_end()
    );
    std::fs::write(&path, text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    path
}
