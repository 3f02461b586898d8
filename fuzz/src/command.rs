//! Lines of text through the command parser, as the referee reads a player's mail.
//!
//! # Input
//!
//! Text (invalid UTF-8 replaced), split at `\n`: each line (at most [`MAX_LINES`]) is a line
//! a player might write; the first also serves as a Subject.
//!
//! # Invariants
//!
//! - Nothing panics: [`clean`], [`parse`] (of the raw and of the cleaned line),
//!   [`subject_text`], [`read_command`], [`read_address`].
//! - A cleaned line is trimmed, has single ASCII spaces only (no other whitespace, no
//!   control characters), and is never longer than the line (every replacement is shorter
//!   than what it replaces, or as long).
//! - [`Command::Move`] and [`Command::Unknown`] carry the trimmed line itself, and a move is
//!   read by some game's notation.
//! - A challenge's opponent is a mail address [`read_address`] accepts as it is.
//! - [`read_command`] reads its command from one of the candidate lines or the Subject.

use arbitre::referee::command::{Command, parse, read_address, read_command, reads_as_move};
use arbitre::referee::read::{Candidates, LINES_CONSIDERED, clean, subject_text};

/// Lines read per input.
pub const MAX_LINES: usize = 16;

/// Runs one input (see the module documentation).
pub fn run(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = Vec::new();
    for line in text.split('\n').take(MAX_LINES) {
        let cleaned = clean(line);
        check_cleaned(line, &cleaned);
        check_parse(line);
        check_parse(&cleaned);
        if !cleaned.is_empty() && lines.len() < LINES_CONSIDERED {
            lines.push(cleaned);
        }
    }
    let subject = clean(&subject_text(text.split('\n').next().unwrap_or("")));
    let c = Candidates { lines, subject };
    let reading = read_command(&c);
    assert!(
        reading.line == c.subject || c.lines.contains(&reading.line),
        "the command was read from {:?}, not a candidate of {c:?}",
        reading.line
    );
}

/// What [`clean`] promises of its output.
fn check_cleaned(line: &str, cleaned: &str) {
    assert_eq!(cleaned, cleaned.trim(), "{line:?} cleans untrimmed");
    assert!(
        !cleaned.contains("  "),
        "{line:?} cleans with a double space"
    );
    assert!(
        !cleaned
            .chars()
            .any(|c| c.is_control() || (c.is_whitespace() && c != ' ')),
        "{line:?} cleans to {cleaned:?}, with other whitespace or control characters"
    );
    assert!(
        cleaned.len() <= line.len(),
        "{line:?} cleans longer: {cleaned:?}"
    );
}

/// What [`parse`] promises of one line.
fn check_parse(line: &str) {
    let (command, _hint) = parse(line);
    match &command {
        Command::Move(m) => {
            assert_eq!(m, line.trim(), "a move that is not the line");
            assert!(reads_as_move(m), "{m:?} is a move no game reads");
        }
        Command::Unknown(u) => assert_eq!(u, line.trim(), "an unknown line changed"),
        Command::New(Ok(challenge)) => assert_eq!(
            read_address(&challenge.opponent).as_deref(),
            Some(challenge.opponent.as_str()),
            "{line:?}: the opponent is not an address"
        ),
        _ => {}
    }
}
