//! The words a player writes with a move ("Good luck!", "Nice attack"), passed on to the
//! opponent with the move: what follows the move in the text, the rest of its line and the
//! lines after it (when the move came from the Subject, the whole text). The mail edge has
//! already removed quotes and signatures; stray `>` lines are skipped here, and the text
//! stops at a `-- ` signature. At most [`MAX_LINES`] lines of at most [`MAX_LINE_CHARS`]
//! characters go on, and any mail address in them is masked: arbitre never shows one player
//! another's address, even one written by hand. Pure.
//!
//! Linear in the text: the move's line is looked for by a substring search before its runs
//! of words are tried, so a long letter whose move came from the Subject is not read as
//! moves line by line.

use crate::referee::read::{clean, moves_in_line, trim_punctuation};

/// The most lines passed on.
pub const MAX_LINES: usize = 20;

/// Longer lines are cut to this many characters.
pub const MAX_LINE_CHARS: usize = 500;

/// What stands in for a masked address.
pub const MASK: &str = "[\u{2026}]";

/// A player's words and whether they go to the opponent (who may have turned them off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words<'a> {
    /// The words.
    pub said: &'a Said,
    /// Whether the opponent receives them.
    pub passed_on: bool,
}

/// A player's words, ready to pass on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// The lines, as written (blank lines between paragraphs kept, single).
    pub lines: Vec<String>,
    /// Lines beyond [`MAX_LINES`] were left out.
    pub cut: bool,
    /// An address was masked.
    pub masked: bool,
}

/// The words that follow the move `played` in `text`; `reads` tells whether a run of words
/// is a move of the game (see [`moves_in_line`]). `None` when there are none.
pub fn words_after(text: &str, played: &str, reads: &dyn Fn(&str) -> bool) -> Option<Said> {
    let body: Vec<&str> = text
        .lines()
        .take_while(|l| *l != "-- " && l.trim_end() != "--")
        .filter(|l| !l.trim_start().starts_with('>'))
        .collect();
    let bare = trim_punctuation(played);
    let cleaned = clean(played);
    // A move `moves_in_line` finds is part of its line as written: a line without `bare`
    // in it is not tried (trying every run of words of every line of a long letter whose
    // move came from the Subject took most of a second).
    let at = body.iter().position(|l| {
        let line = clean(l);
        line == cleaned
            || (line.contains(bare) && moves_in_line(&line, reads).iter().any(|m| m == bare))
    });
    let mut lines: Vec<String> = Vec::new();
    let following = match at {
        Some(i) => {
            let line = clean(body[i]);
            let rest = line
                .find(bare)
                .map(|p| &line[p + bare.len()..])
                .unwrap_or("")
                .trim_start_matches(|c: char| c.is_whitespace() || ",;:.-\u{2013}".contains(c));
            if !rest.is_empty() {
                lines.push(rest.to_string());
            }
            &body[i + 1..]
        }
        None => &body[..],
    };
    lines.extend(following.iter().map(|l| l.trim_end().to_string()));
    gather(lines)
}

/// Blank lines trimmed at both ends and single between paragraphs, long lines cut, the
/// count bounded, addresses masked.
fn gather(lines: Vec<String>) -> Option<Said> {
    let mut said = Said::default();
    for line in lines {
        let blank = line.trim().is_empty();
        if blank && said.lines.last().is_none_or(|l| l.is_empty()) {
            continue;
        }
        if said.lines.len() == MAX_LINES {
            said.cut |= !blank;
            continue;
        }
        let (line, masked) = mask_addresses(&cut_line(&line));
        said.masked |= masked;
        said.lines.push(if blank { String::new() } else { line });
    }
    while said.lines.last().is_some_and(String::is_empty) {
        said.lines.pop();
    }
    (!said.lines.is_empty()).then_some(said)
}

/// `line` cut to [`MAX_LINE_CHARS`] characters.
fn cut_line(line: &str) -> String {
    if line.chars().count() <= MAX_LINE_CHARS {
        return line.to_string();
    }
    let mut cut: String = line.chars().take(MAX_LINE_CHARS - 1).collect();
    cut.push('\u{2026}');
    cut
}

/// `line` with every word that holds a mail address replaced by [`MASK`]; whether any was.
fn mask_addresses(line: &str) -> (String, bool) {
    let mut masked = false;
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            if holds_address(w) {
                masked = true;
                MASK.to_string()
            } else {
                w.to_string()
            }
        })
        .collect();
    (words.join(" "), masked)
}

/// Whether a word holds a mail address: something before an `@`, and a dot in what follows
/// it (`bob@example.org`, `<bob@example.org>,`, `mailto:bob@example.org`).
fn holds_address(word: &str) -> bool {
    let Some((local, domain)) = word.split_once('@') else {
        return false;
    };
    let local = local.trim_start_matches(|c: char| !c.is_alphanumeric());
    let domain = domain.trim_end_matches(|c: char| !c.is_alphanumeric());
    !local.is_empty() && domain.contains('.') && !domain.starts_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move is four characters: a letter, a digit, a letter, a digit.
    fn reads(t: &str) -> bool {
        let b = t.as_bytes();
        b.len() == 4
            && b[0].is_ascii_lowercase()
            && b[1].is_ascii_digit()
            && b[2].is_ascii_lowercase()
            && b[3].is_ascii_digit()
    }

    fn said(text: &str) -> Option<Vec<String>> {
        words_after(text, "e5e6", &reads).map(|s| s.lines)
    }

    #[test]
    fn the_words_after_the_move_are_kept_as_written() {
        assert_eq!(
            said("Je joue e5e6, bonne chance !"),
            Some(vec!["bonne chance !".to_string()])
        );
        assert_eq!(
            said("Hi Bob,\n\ne5e6\n\nGood luck!\nSee you next week.\n\n\nAlice"),
            Some(vec![
                "Good luck!".to_string(),
                "See you next week.".to_string(),
                String::new(),
                "Alice".to_string()
            ])
        );
        assert_eq!(said("e5e6"), None);
        assert_eq!(words_after("e5e6.", "e5e6.", &reads), None);
        assert_eq!(said("e5e6.\n\n"), None);
    }

    #[test]
    fn quotes_and_the_signature_are_not_passed_on() {
        assert_eq!(
            said("e5e6\nNice one.\n> e4e5\n> Bob played\n-- \nAlice Martin\n+33 6 12"),
            Some(vec!["Nice one.".to_string()])
        );
    }

    #[test]
    fn a_move_from_the_subject_passes_on_the_whole_text() {
        assert_eq!(
            said("Sorry for the delay, I was away."),
            Some(vec!["Sorry for the delay, I was away.".to_string()])
        );
    }

    #[test]
    fn at_most_twenty_lines_go_on() {
        let text: String = std::iter::once("e5e6".to_string())
            .chain((1..=30).map(|i| format!("line {i}")))
            .collect::<Vec<_>>()
            .join("\n");
        let s = words_after(&text, "e5e6", &reads).unwrap();
        assert_eq!(s.lines.len(), MAX_LINES);
        assert_eq!(s.lines[19], "line 20");
        assert!(s.cut);
        let long = format!("e5e6\n{}", "x".repeat(2000));
        let s = words_after(&long, "e5e6", &reads).unwrap();
        assert_eq!(s.lines[0].chars().count(), MAX_LINE_CHARS);
    }

    #[test]
    fn addresses_are_masked() {
        let s = words_after(
            "e5e6 write to me at <alice@example.org>, or mailto:a.b@mail.example.net.\nI'm @home",
            "e5e6",
            &reads,
        )
        .unwrap();
        assert_eq!(
            s.lines,
            vec![
                format!("write to me at {MASK} or {MASK}"),
                "I'm @home".to_string()
            ]
        );
        assert!(s.masked);
    }
}
