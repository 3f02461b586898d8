//! The daemon's commands that need no mail server: a wrong configuration file gives one
//! plain sentence per problem and exit code 78; the stored-games commands read the store.

use std::path::{Path, PathBuf};
use std::process::Command;

fn arbitre(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbitre-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write_config(d: &Path, bot: &str, secret: &str, extra: &str) -> PathBuf {
    let path = d.join("arbitre.toml");
    let text = format!(
        r#"[bot]
address = "{bot}"
plus-addressing = true
secret.raw = "{secret}"
[store]
path = "{store}"
[imap]
host = "imap.example.org"
user = "u"
password.raw = "p"
[smtp]
host = "smtp.example.org"
{extra}
"#,
        store = d.join("s.sqlite").display()
    );
    std::fs::write(&path, text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    path
}

/// Three problems, three sentences, exit 78 (EX_CONFIG), nothing on stdout.
#[test]
fn a_wrong_configuration_is_explained_problem_by_problem() {
    let d = dir("wrong");
    let config = write_config(&d, "not-an-address", "short", "user = \"only-user\"");
    let out = arbitre(&["check-config", "--config", config.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(78));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].contains("bot.address `not-an-address` is not a mail address."));
    assert!(lines[1].contains("bot.secret must be at least 16 characters long."));
    assert!(lines[2].contains("smtp.user and smtp.password go together"));
}

/// An unknown key is named with its line; `run` refuses to start on it too.
#[test]
fn an_unknown_key_stops_run_with_its_line() {
    let d = dir("unknown");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret",
        "colour = \"blue\"",
    );
    let out = arbitre(&["run", "--config", config.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(78));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 13: unknown field `colour`"), "{err}");
}

/// A configuration readable by others is accepted with a warning.
#[test]
fn a_world_readable_configuration_is_warned_about() {
    let d = dir("mode");
    let config = write_config(&d, "bot@example.org", "a-long-enough-secret", "");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = arbitre(&["games", "--config", config.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("can be read by other users"));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "No games yet.");
}

/// `show` of a game that does not exist says so and exits 1; `games` without `--config`
/// still lists the kinds of game.
#[test]
fn show_and_games_read_the_store() {
    let d = dir("show");
    let config = write_config(&d, "bot@example.org", "a-long-enough-secret", "");
    let out = arbitre(&["show", "--config", config.to_str().unwrap(), "7"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no game #7"));
    let kinds = arbitre(&["games"]);
    assert!(String::from_utf8_lossy(&kinds.stdout).contains("abalone"));
}

/// A director's timed games: `new --time` records the control, `clocks` lists the running
/// timed games (none has started its clock before the daemon sends the first mail), `show`
/// prints the control; a bad control or a bad `[clock]` section is refused with why.
#[test]
fn timed_games_are_created_listed_and_shown() {
    let d = dir("clocks");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret",
        "[clock]\ndefault-time = \"10/50d\"\ntime-zone = \"Europe/Paris\"",
    );
    let c = config.to_str().unwrap();
    let out = arbitre(&["clocks", "--config", c]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("No running game has a clock."));
    for (white, time) in [("a@x.org", Some("3d")), ("c@x.org", None)] {
        let mut args = vec![
            "new", "--config", c, "--game", "abalone", "--white", white, "--black", "b@x.org",
        ];
        if let Some(t) = time {
            args.extend(["--time", t]);
        }
        let out = arbitre(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = arbitre(&["clocks", "--config", c]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("#1") && text.contains("3d"), "{text}");
    assert!(text.contains("#2") && text.contains("10/50d"), "{text}");
    assert!(text.contains("50d/10"), "time for 10 moves: {text}");
    let out = arbitre(&["show", "--config", c, "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Clock:    3d (White 3d left, Black 3d left)"),
        "{text}"
    );

    let out = arbitre(&[
        "new", "--config", c, "--game", "abalone", "--white", "a@x.org", "--black", "b@x.org",
        "--time", "soon",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("`soon` is not a time control"));

    let bad = dir("clocks-bad");
    let config = write_config(
        &bad,
        "bot@example.org",
        "a-long-enough-secret",
        "[clock]\ndefault-time = \"3x\"\ntime-zone = \"Mars/Olympus\"\nreminders = [\"soon\"]",
    );
    let out = arbitre(&["check-config", "--config", config.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "{err}");
    assert!(err.contains("clock.default-time"), "{err}");
    assert!(err.contains("clock.time-zone `Mars/Olympus`"), "{err}");
    assert!(err.contains("clock.reminders: `soon`"), "{err}");
}
