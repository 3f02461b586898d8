//! Golden tests of the mail parser: every `tests/data/mail/NAME.eml` is parsed and compared
//! with `NAME.json` (the expected `Inbound`, as JSON). To accept new output after a
//! deliberate change, run `ARBITRE_BLESS=1 cargo test --test mail_parse` and review the diff.

use std::path::{Path, PathBuf};

use arbitre::mail::parse::parse;
use arbitre::referee::Inbound;
use serde_json::{Value, json};

const BOT: &str = "arbitre@example.org";
const RECEIVED_AT: i64 = 1_741_000_000;

fn as_json(m: &Inbound) -> Value {
    json!({
        "message_id": m.message_id,
        "from": m.from,
        "from_name": m.from_name,
        "recipients": m.recipients,
        "subject": m.subject,
        "references": m.references,
        "text": m.text,
        "automatic": m.automatic,
        "size": m.size,
        "received_at": m.received_at,
    })
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mail");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    files
}

/// Each fixture parses to exactly its recorded `Inbound`.
#[test]
fn every_fixture_parses_to_its_golden_file() {
    let bless = std::env::var_os("ARBITRE_BLESS").is_some();
    let files = fixtures();
    assert!(files.len() >= 10, "fixtures missing");
    let mut failures = Vec::new();
    for eml in files {
        let raw = std::fs::read(&eml).unwrap();
        let got = as_json(&parse(&raw, BOT, RECEIVED_AT));
        let golden = eml.with_extension("json");
        if bless {
            std::fs::write(&golden, serde_json::to_string_pretty(&got).unwrap() + "\n").unwrap();
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&golden) else {
            failures.push(format!(
                "{}: no golden file (run with ARBITRE_BLESS=1)",
                eml.display()
            ));
            continue;
        };
        let want: Value = serde_json::from_str(&text).unwrap();
        if got != want {
            failures.push(format!(
                "{}:\n  want {}\n  got  {}",
                eml.display(),
                want,
                got
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The move (or command) each human mail carries is its first text line, whatever the client.
#[test]
fn the_first_line_of_each_human_mail_is_its_command() {
    let expected = [
        ("gmail-top-posted", "a1b2"),
        ("thunderbird-bottom-posted", "e.h5 e.h3 !! e.h4"),
        ("iphone-french", "NULLE"),
        ("outlook-original-message", "RESIGN"),
        ("outlook-french-webmail", "ACCEPTER"),
        ("html-only", "NEW abalone belgian-daisy VS gina@example.org"),
        ("base64-utf8", "PLATEAU"),
        ("apple-mail-german", "i9h8"),
    ];
    for (name, first) in expected {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/mail/{name}.eml"));
        let m = parse(&std::fs::read(path).unwrap(), BOT, 0);
        assert_eq!(m.text.lines().next(), Some(first), "{name}: {:?}", m.text);
        assert!(!m.automatic, "{name}");
    }
    for name in ["vacation-auto-reply", "bounce-dsn", "mailing-list"] {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/mail/{name}.eml"));
        assert!(
            parse(&std::fs::read(path).unwrap(), BOT, 0).automatic,
            "{name}"
        );
    }
}
