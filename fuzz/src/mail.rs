//! A whole raw mail through the reader: MIME, transfer encodings, charsets, HTML, quoting.
//!
//! # Input
//!
//! The raw bytes of one message, as IMAP would hand them over (`tests/data/mail/*.eml` are
//! the seeds).
//!
//! # Invariants
//!
//! - Nothing panics: [`arbitre::mail::parse::parse`], then the referee's reading of the
//!   result: [`candidates`], [`subject_text`], [`read_command`], and [`moves_in`] with every
//!   game's notation reader.
//! - What the reader extracts is bounded by the input: each text field at most
//!   [`GROWTH`] bytes per input byte (a charset may turn one byte into a three-byte character,
//!   lower-casing may lengthen it again) plus a constant (the synthetic Message-ID); at most
//!   as many recipients, references and `Authentication-Results` as the input has bytes;
//!   `size` is the input's length.
//! - The candidates are at most [`LINES_CONSIDERED`] lines, none empty, and each move found
//!   in them is at most [`MAX_MOVE_BYTES`] long, is read by its game, and is part of a
//!   candidate line or of the Subject.

use arbitre::games::GameKind;
use arbitre::mail::parse::parse;
use arbitre::referee::command::{kind_reads, read_command};
use arbitre::referee::read::{
    LINES_CONSIDERED, MAX_MOVE_BYTES, candidates, moves_in, subject_text,
};

/// The address the message is addressed to (arbitre's own).
pub const OWN: &str = "arbitre@example.org";
/// Bytes out per byte in that the reader may produce in one field.
pub const GROWTH: usize = 4;
/// Bytes that a field may have beyond [`GROWTH`] times the input (a synthetic Message-ID).
pub const SLACK: usize = 128;

/// Runs one raw message (see the module documentation).
pub fn run(raw: &[u8]) {
    let msg = parse(raw, OWN, 1_700_000_000);
    let limit = raw.len() * GROWTH + SLACK;
    for (name, value) in [
        ("message_id", &msg.message_id),
        ("from", &msg.from),
        ("subject", &msg.subject),
        ("text", &msg.text),
    ] {
        assert!(
            value.len() <= limit,
            "{name} is {} bytes from {} bytes of mail",
            value.len(),
            raw.len()
        );
    }
    if let Some(name) = &msg.from_name {
        assert!(name.len() <= limit, "from_name is {} bytes", name.len());
    }
    for r in msg.recipients.iter().chain(&msg.references) {
        assert!(r.len() <= limit, "an address or id of {} bytes", r.len());
    }
    assert!(msg.recipients.len() <= raw.len(), "too many recipients");
    assert!(msg.references.len() <= raw.len(), "too many references");
    assert!(msg.auth_results.len() <= raw.len(), "too many auth results");
    assert_eq!(msg.size, raw.len());

    let c = candidates(&msg);
    assert!(c.lines.len() <= LINES_CONSIDERED, "{} lines", c.lines.len());
    assert!(c.lines.iter().all(|l| !l.is_empty()), "an empty candidate");
    assert!(c.subject.len() <= limit);
    let stripped = subject_text(&msg.subject);
    assert!(stripped.len() <= msg.subject.len() + SLACK);

    let reading = read_command(&c);
    assert!(
        reading.line == c.subject || c.lines.contains(&reading.line),
        "the command was read from {:?}, not a candidate",
        reading.line
    );

    for &kind in GameKind::ALL {
        let reads = |s: &str| kind_reads(kind, s);
        for m in moves_in(&c, &reads) {
            assert!(m.len() <= MAX_MOVE_BYTES, "a move of {} bytes", m.len());
            assert!(
                kind_reads(kind, &m),
                "{kind} found {m:?} but does not read it"
            );
            assert!(
                c.subject.contains(m.as_str()) || c.lines.iter().any(|l| l.contains(m.as_str())),
                "{kind} found {m:?}, which is not in the candidates {c:?}"
            );
        }
    }
}
