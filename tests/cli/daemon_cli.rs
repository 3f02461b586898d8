//! The daemon's commands that need no mail server: a wrong configuration file gives one
//! plain sentence per problem and exit code 78; the stored-games commands read the store.

use crate::cli;

use arbitre::store::sql::Dialect;
use arbitre::store_params;
use cli::{Scratch, arbitre, write_config};

/// A scratch directory for one test of this file.
fn dir(name: &str) -> Scratch {
    Scratch::new("cli", name)
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
    assert!(lines[1].contains("bot.secret must be at least 43 characters long"));
    assert!(lines[2].contains("smtp.user and smtp.password go together"));
}

/// An unknown key is named with its line; `run` refuses to start on it too.
#[test]
fn an_unknown_key_stops_run_with_its_line() {
    let d = dir("unknown");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "colour = \"blue\"",
    );
    let out = arbitre(&["run", "--config", config.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(78));
    let err = String::from_utf8_lossy(&out.stderr);
    let text = std::fs::read_to_string(&config).unwrap();
    let line = 1 + text.lines().position(|l| l.starts_with("colour")).unwrap();
    let expected = format!("line {line}: unknown field `colour`");
    assert!(err.contains(&expected), "{expected}: {err}");
}

/// A configuration readable by others is accepted with a warning.
#[test]
fn a_world_readable_configuration_is_warned_about() {
    let d = dir("mode");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "",
    );
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
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "",
    );
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
        "a-long-enough-secret-of-forty-three-characters-or-more",
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
    // Instants in UTC to the second, as the mails give them: `2026-12-01 14:05:09 UTC`.
    let deadline = text
        .lines()
        .find_map(|l| l.strip_prefix("Deadline: "))
        .unwrap_or_else(|| panic!("no deadline: {text}"));
    let (at, rest) = deadline.split_at(23.min(deadline.len()));
    let digits: Vec<bool> = at.chars().map(|c| c.is_ascii_digit()).collect();
    assert!(
        at.len() == 23
            && at.ends_with(" UTC")
            && digits[..4].iter().all(|d| *d)
            && at.as_bytes()[16] == b':'
            && digits[17]
            && digits[18]
            && rest == " for black",
        "{deadline}"
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
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "[clock]\ndefault-time = \"3x\"\ntime-zone = \"Mars/Olympus\"\nreminders = [\"soon\"]",
    );
    let out = arbitre(&["check-config", "--config", config.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "{err}");
    assert!(err.contains("clock.default-time"), "{err}");
    assert!(err.contains("clock.time-zone `Mars/Olympus`"), "{err}");
    assert!(err.contains("clock.reminders: `soon`"), "{err}");
}

/// `arbitre WORD --config C REST... [--reason REASON]`, the words split on spaces.
fn director(c: &str, words: &str, reason: &str) -> std::process::Output {
    let mut words = words.split_whitespace();
    let mut args: Vec<&str> = vec![words.next().unwrap(), "--config", c];
    args.extend(words);
    if !reason.is_empty() {
        args.extend(["--reason", reason]);
    }
    arbitre(&args)
}

/// The director's commands: each change is refused or done, told to the players (mails
/// queued), shown by `clock show`, and recorded in an audit log that `audit` verifies; a
/// log changed behind arbitre's back fails the check.
#[test]
fn the_directors_changes_are_audited_and_a_tampered_log_is_caught() {
    let d = dir("director");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "",
    );
    let c = config.to_str().unwrap();
    let ok = |words: &str, reason: &str| {
        let out = director(c, words, reason);
        assert!(
            out.status.success(),
            "{words}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    ok(
        "new --game abalone --white a@x.org --black b@x.org --time 3d",
        "",
    );
    let out = ok("clock add 1 black 2d --by td", "late start");
    assert!(out.contains("2 mail(s) queued"), "{out}");
    assert!(out.contains("Audit entry 1: "), "{out}");
    let out = ok("clock show 1", "");
    assert!(out.contains("Adjusted: black +2d"), "{out}");
    assert!(out.contains("black  5d left"), "{out}");
    ok("clock pause 1", "appeal");
    let out = ok("clock show 1", "");
    let paused = out.contains("paused: yes") && out.contains("(still stopped)");
    assert!(paused, "{out}");
    // Refused: nothing changes, nothing is audited.
    let out = director(c, "clock pause 1", "again");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stopped already; nothing changed"), "{err}");
    let out = director(c, "clock pause 1", "");
    assert_eq!(out.status.code(), Some(2), "a reason is required");
    ok("clock resume 1", "appeal decided");
    ok("clock claim 1 on", "rule 4");
    ok("clock set 1 white 36h", "settlement");
    let out = ok("clock show 1", "");
    assert!(out.contains("white  1d12h left"), "{out}");
    ok("leave grant b@x.org 2030-01-01 2030-01-10", "medical");
    ok("adjudicate 1 --result draw", "agreed by phone");
    let out = director(c, "adjudicate 1 --result white", "x");
    let again = out.status.code();
    assert_eq!(again, Some(1), "a finished game is not adjudicated again");

    let out = ok("audit", "");
    assert!(out.contains("Audit log intact: 7 entries chained"), "{out}");
    assert!(out.contains("td  clock-add  game #1: black +2d"), "{out}");
    let leave = "leave-grant  b@x.org: special leave 2030-01-01 to 2030-01-10";
    assert!(out.contains(leave), "{out}");
    let out = ok("audit 1", "");
    let one_game = !out.contains("leave-grant") && out.contains("adjudicate");
    assert!(one_game, "{out}");

    // Every change told both players: the two start mails, two per change to the game,
    // and for the leave Bob and his opponent in the game then in play.
    let store = arbitre::config::open_store_of(&config).expect("the store opens");
    let db = store.database();
    let mails: i64 = db
        .query_row("SELECT count(*) FROM outbox", store_params![], |r| r.get(0))
        .unwrap();
    assert_eq!(mails, 2 + 2 * 6 + 2, "{mails}");
    // The log refuses changes; changed anyway (triggers dropped), it fails the check.
    let update = "UPDATE audit SET reason = 'x' WHERE seq = 2";
    assert!(db.execute(update, store_params![]).is_err());
    let delete = "DELETE FROM audit WHERE seq = 7";
    assert!(db.execute(delete, store_params![]).is_err());
    let sqlite = db.dialect() == Dialect::Sqlite;
    if sqlite {
        let replace = "INSERT OR REPLACE INTO audit SELECT seq, at, actor, action, game_id, player,
                       detail, 'x', prev, hash FROM audit WHERE seq = 2";
        assert!(
            db.execute(replace, store_params![]).is_err(),
            "REPLACE is no way round"
        );
    }
    // Changed behind the triggers' back, an entry shows. (PostgreSQL has one trigger for
    // inserts, updates and deletes: disabled, it lets all of them through.)
    db.batch(if sqlite {
        "DROP TRIGGER audit_no_update"
    } else {
        "ALTER TABLE audit DISABLE TRIGGER audit_append_only"
    })
    .unwrap();
    db.execute(
        "UPDATE audit SET reason = 'a favour' WHERE seq = 2",
        store_params![],
    )
    .unwrap();
    let out = director(c, "audit", "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("entry 2 was changed"), "{err}");
    // Rewritten whole, head included, by someone without the installation's secret: the
    // chain does not verify.
    if sqlite {
        db.batch("DROP TRIGGER audit_no_delete; DROP TRIGGER audit_append_only;")
            .unwrap();
    }
    let (entries, _) = store.audit_log().unwrap();
    db.batch("DELETE FROM audit; DELETE FROM audit_head;")
        .unwrap();
    let mut after: Option<(i64, String)> = None;
    for e in entries {
        let mut draft = e.draft;
        draft.reason = "a favour".into();
        let forged = arbitre::audit::seal(
            draft,
            after.as_ref().map(|(s, h)| (*s, h.as_str())),
            arbitre::keys::Keyring::new("a guess").current(),
        );
        let f = &forged.draft;
        db.execute(
            "INSERT INTO audit VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            store_params![
                forged.seq,
                f.at,
                f.actor,
                f.action,
                f.game,
                f.player,
                f.detail,
                f.reason,
                forged.prev,
                forged.hash
            ],
        )
        .unwrap();
        after = Some((forged.seq, forged.hash.clone()));
    }
    let (seq, hash) = after.unwrap();
    db.execute(
        "INSERT INTO audit_head VALUES (1, ?1, ?2)",
        store_params![seq, hash],
    )
    .unwrap();
    let out = director(c, "audit", "");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("entry 1 was changed"), "{err}");
}

/// A command that sends no mail itself runs on a host without the mail servers' settings: a
/// missing SMTP CA file stops `check-config` (and `run`), not `games`, `show` or `clocks`.
#[test]
fn only_the_daemon_needs_the_mail_servers_settings() {
    let d = dir("offline");
    let config = write_config(
        &d,
        "bot@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more",
        "ca-file = \"/nonexistent/arbitre-ca.pem\"",
    );
    let c = config.to_str().unwrap();
    let out = arbitre(&["check-config", "--config", c]);
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("smtp.ca-file /nonexistent/arbitre-ca.pem"),
        "{out:?}"
    );
    for args in [vec!["games"], vec!["clocks"], vec!["ratings"]] {
        let mut args = args;
        args.extend(["--config", c]);
        let out = arbitre(&args);
        assert!(out.status.success(), "{args:?}: {out:?}");
    }
    let out = arbitre(&["show", "--config", c, "1"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "no game yet, not a bad configuration: {out:?}"
    );
}

/// `check-config` reads the DKIM key and prints the DNS record to publish, and the record it
/// prints verifies a mail signed with that key; it warns when the signing domain does not
/// align with the bot's. A file that is not a key stops `check-config` (exit 1, said in one
/// sentence naming the file) and `run` (exit 78); a missing one stops both at the checks.
#[test]
fn check_config_prints_the_dkim_record_and_a_bad_key_stops_the_daemon() {
    let d = dir("dkim");
    let data = format!("{}/tests/data/dkim", env!("CARGO_MANIFEST_DIR"));
    let config_with = |domain: &str, key: &str| {
        let config = write_config(
            &d,
            "bot@example.org",
            "a-long-enough-secret-of-forty-three-characters-or-more",
            &format!(
                "transport = \"sendmail\"\nsendmail-command = \"/bin/sh\"\n\
                 dkim.selector = \"s1\"\ndkim.domain = \"{domain}\"\ndkim.key-file = \"{key}\""
            ),
        );
        // An IMAP server that refuses at once: no name to look up, no wait.
        let text = std::fs::read_to_string(&config).unwrap().replace(
            "host = \"imap.example.org\"",
            "host = \"127.0.0.1\"\nport = 9",
        );
        std::fs::write(&config, text).unwrap();
        config
    };
    let config = config_with("example.org", &format!("{data}/rsa.pem"));
    // With arbitre's own verification, too.
    let text = std::fs::read_to_string(&config).unwrap().replacen(
        "plus-addressing = true",
        "plus-addressing = true\nverify = \"dkim\"",
        1,
    );
    std::fs::write(&config, text).unwrap();
    let out = arbitre(&["check-config", "--config", config.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(!stdout.contains("warning"), "{stdout}");
    assert!(
        stdout.contains(
            "verify: arbitre verifies the DKIM signatures and DMARC of incoming mail itself"
        ),
        "{stdout}"
    );
    let line = stdout
        .lines()
        .find(|l| l.contains(" IN TXT "))
        .unwrap_or_else(|| panic!("no record printed: {stdout}"));
    assert!(
        stdout.contains("dkim: publish this DNS record:\n  s1._domainkey.example.org. IN TXT \"v=DKIM1; k=rsa; p="),
        "{stdout}"
    );
    let value: String = line.split('"').skip(1).step_by(2).collect();
    let p = std::fs::read_to_string(format!("{data}/rsa.p")).unwrap();
    assert_eq!(value, format!("v=DKIM1; k=rsa; p={}", p.trim()));

    // That record verifies what the key signs.
    let signer = arbitre::mail::dkim::Signer::from_config(&[arbitre::config::DkimKey {
        selector: "s1".into(),
        domain: "example.org".into(),
        key_file: format!("{data}/rsa.pem").into(),
    }])
    .unwrap()
    .unwrap();
    let mail = signer
        .sign(b"From: bot@example.org\r\nTo: a@b.example\r\nSubject: x\r\n\r\nbody\r\n")
        .unwrap();
    let verifier = arbitre::mail::verify::Verifier::offline(&[
        ("s1._domainkey.example.org".into(), value),
        ("_dmarc.example.org".into(), "v=DMARC1; p=reject".into()),
    ]);
    let own = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(verifier.verify(&mail));
    assert!(own.results.iter().all(|r| r.result == "pass"), "{own:?}");
    assert_eq!(own.results.len(), 2, "{own:?}");

    // A signing domain that does not align with bot@example.org.
    let config = config_with("other.example", &format!("{data}/ed25519.pem"));
    let out = arbitre(&["check-config", "--config", config.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "warning: smtp.dkim.domain `other.example` is neither the domain of bot.address"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("s1._domainkey.other.example. IN TXT \"v=DKIM1; k=ed25519; p="));

    // A file that is not a key.
    let config = config_with("example.org", &format!("{data}/README.md"));
    let c = config.to_str().unwrap();
    let out = arbitre(&["check-config", "--config", c]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "smtp: smtp.dkim.key-file {data}/README.md: no private key"
        )),
        "{stdout}"
    );
    let out = arbitre(&["run", "--config", c]);
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "smtp.dkim.key-file {data}/README.md: no private key"
        )),
        "{stderr}"
    );
    // A missing one.
    let config = config_with("example.org", "/nonexistent/dkim.pem");
    for command in ["check-config", "run"] {
        let out = arbitre(&[command, "--config", config.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(78), "{command}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("smtp.dkim.key-file /nonexistent/dkim.pem does not exist"),
            "{command}: {out:?}"
        );
    }
}
