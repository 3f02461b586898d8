//! Golden tests of the mail parser: every `tests/data/mail/NAME.eml` is parsed and compared
//! with `NAME.json` (the expected `Inbound`, as JSON). To accept new output after a
//! deliberate change, run `ARBITRE_BLESS=1 cargo test --test referee mail_parse::` and review the diff.
//!
//! Also: the most expensive bodies that fit in `max-message-bytes` are read, by the mail
//! edge and by the referee's readers, far within a second each (the figures themselves are
//! measured by `cargo bench --bench mail_bodies`, docs/benchmarks.md).

use crate::bodies;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// Everything that reads a mail's text on the way to a decision, as the daemon and the
/// referee call it: the mail edge, the candidate lines and Subject, every body line, and the
/// words written with a move (the longest path: the move is in the Subject).
fn read_everything(raw: &[u8]) -> usize {
    use arbitre::games::GameKind;
    use arbitre::referee::{chat, command, read};
    let m = parse(raw, BOT, RECEIVED_AT);
    let candidates = read::candidates(&m);
    let lines = read::body_lines(&m).count();
    let reads = |t: &str| command::kind_reads(GameKind::Abalone, t);
    let said = chat::words_after(&m.text, "a1b2", &reads);
    let moves = read::moves_in(&candidates, &reads);
    m.text.len() + lines + said.map_or(0, |s| s.lines.len()) + moves.len()
}

/// The CPU time this thread has used so far (`/proc/thread-self/schedstat`, in
/// nanoseconds), or `None` where the kernel does not say.
fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// What reading one body cost: the thread's CPU time, so that the other test processes
/// sharing the cores do not count; the wall clock where the CPU time is not known.
fn cost_of<T>(read: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (thread_cpu(), Instant::now());
    let value = read();
    let took = match (cpu, thread_cpu()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    };
    (value, took)
}

/// No body within `max-message-bytes` holds the daemon up: each of the worst is read in
/// well under a second of CPU, where reading them once took seconds (issue 30, item 6).
#[test]
fn the_worst_bodies_are_read_in_milliseconds() {
    let ceiling = Duration::from_secs(1);
    let mails = bodies::worst_mails(
        "alice@a.example",
        BOT,
        "Re: [arbitre #1] Abalone",
        bodies::MAX_MESSAGE_BYTES,
    );
    assert!(mails.len() >= 20);
    let mut slow = Vec::new();
    for mail in &mails {
        // The mail is as large as allowed: a shorter one would prove less.
        assert!(
            mail.raw.len() > bodies::MAX_MESSAGE_BYTES * 9 / 10,
            "{}: {} bytes",
            mail.name,
            mail.raw.len()
        );
        let (read, took) = cost_of(|| read_everything(mail.raw.as_bytes()));
        eprintln!("{}: {took:.1?} ({read} bytes and lines read)", mail.name);
        if took > ceiling {
            slow.push(format!("{}: {took:.1?}", mail.name));
        }
    }
    assert!(slow.is_empty(), "read too slowly: {}", slow.join(", "));
}
