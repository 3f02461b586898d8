//! Reading what a player wrote: the candidate lines of a message, cleaned of what mail
//! clients add (smart dashes, non-breaking spaces, zero-width characters, curly quotes,
//! full-width letters, move numbers, trailing punctuation).
//!
//! The mail edge has already removed quotes and signatures into [`Inbound::text`]; this
//! module still skips stray `>` lines and stops at a `-- ` signature, then offers the first
//! few non-empty lines, and the Subject (without `Re:` prefixes and the game tag) as the
//! fallback when the text says nothing. Which of them is the command is decided by
//! [`crate::referee::command::read_command`].

use crate::referee::Inbound;

/// How many non-empty lines of the text are considered for a command or a move: a
/// greeting line ("Hi Bob,") may come first, a letter may not.
pub const LINES_CONSIDERED: usize = 5;

/// The candidate lines of a message, cleaned, first line first; the Subject last when the
/// text has no line at all or as a fallback (see [`Candidates::subject`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// Up to [`LINES_CONSIDERED`] cleaned non-empty lines of the text.
    pub lines: Vec<String>,
    /// The cleaned Subject without reply prefixes and game tag (may be empty).
    pub subject: String,
}

/// Collects the candidate lines of `msg`.
pub fn candidates(msg: &Inbound) -> Candidates {
    let mut lines = Vec::new();
    for raw in msg.text.lines() {
        if raw == "-- " || raw.trim_end() == "--" {
            break;
        }
        if raw.trim_start().starts_with('>') {
            continue;
        }
        let line = clean(raw);
        if line.is_empty() {
            continue;
        }
        lines.push(line);
        if lines.len() == LINES_CONSIDERED {
            break;
        }
    }
    Candidates {
        lines,
        subject: clean(&subject_text(&msg.subject)),
    }
}

/// Cleans one line: typographic characters to ASCII, spaces collapsed, a leading move
/// number (`12.`, `12...`, `12)`) and trailing `.`, `,`, `;`, `:` removed.
pub fn clean(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            // Dashes a phone or word processor puts for `-`.
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => {
                out.push('-')
            }
            // Spaces of every width, and tabs.
            '\t'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}' => out.push(' '),
            // Invisible characters.
            '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}' => {}
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => out.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{00AB}' | '\u{00BB}' => out.push('"'),
            '\u{2026}' => out.push_str("..."),
            // Full-width forms of ASCII (some phone keyboards).
            '\u{FF01}'..='\u{FF5E}' => {
                out.push(char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c));
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    let collapsed = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let unnumbered = strip_move_number(&collapsed);
    unnumbered
        .trim_end_matches(['.', ',', ';', ':'])
        .trim()
        .to_string()
}

/// Removes a leading move number (`12.`, `12...`, `12)`) followed by a space or a letter.
fn strip_move_number(line: &str) -> &str {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return line;
    }
    let after = &line[digits..];
    let Some(rest) = after.strip_prefix('.').or_else(|| after.strip_prefix(')')) else {
        return line;
    };
    let rest = rest.trim_start_matches('.');
    if rest.is_empty() {
        return line;
    }
    rest.trim_start()
}

/// The Subject without `Re:`/`Fwd:`-style prefixes (in several languages) and without the
/// `[arbitre #N]` tag.
///
/// Also removes a plain `[arbitre]` tag and the `Confirm:` / `Confirmer :` of arbitre's
/// requests to confirm a command by replying (see
/// [`crate::referee::reply::subject_confirm`]), so that an empty reply carries the command.
pub fn subject_text(subject: &str) -> String {
    let mut s = remove_tag(subject);
    loop {
        let t = s.trim_start();
        let next = strip_reply_prefix(t)
            .or_else(|| strip_confirm_prefix(t))
            .or_else(|| strip_plain_tag(t));
        match next {
            Some(rest) => s = rest.to_string(),
            None => break,
        }
    }
    s.trim().to_string()
}

/// Removes a leading `Confirm:` or `Confirmer :`.
fn strip_confirm_prefix(subject: &str) -> Option<&str> {
    let word_len = subject
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .count();
    let word = subject[..word_len].to_ascii_lowercase();
    if word != "confirm" && word != "confirmer" {
        return None;
    }
    subject[word_len..].trim_start().strip_prefix(':')
}

/// Removes a leading `[arbitre]` (the tag of mails about no game).
fn strip_plain_tag(subject: &str) -> Option<&str> {
    let rest = subject.strip_prefix('[')?.trim_start();
    let word = rest.get(..7)?;
    if !word.eq_ignore_ascii_case("arbitre") {
        return None;
    }
    rest[7..].trim_start().strip_prefix(']')
}

/// Removes one `Re:`, `RE :`, `Fwd:`, `AW:`, `TR:`, ... prefix, if there is one.
fn strip_reply_prefix(subject: &str) -> Option<&str> {
    const PREFIXES: [&str; 12] = [
        "re", "aw", "sv", "vs", "fw", "fwd", "tr", "wg", "rif", "ref", "antw", "odp",
    ];
    let t = subject.trim_start();
    let word_len = t.chars().take_while(char::is_ascii_alphabetic).count();
    let word = t[..word_len].to_ascii_lowercase();
    if !PREFIXES.contains(&word.as_str()) {
        return None;
    }
    t[word_len..].trim_start().strip_prefix(':')
}

/// The game number of a `[arbitre #42]` tag in a Subject (any case, spaces optional).
pub fn subject_tag(subject: &str) -> Option<i64> {
    tag_span(subject).map(|(_, _, id)| id)
}

/// The Subject with its `[arbitre #N]` tag removed.
fn remove_tag(subject: &str) -> String {
    match tag_span(subject) {
        Some((start, end, _)) => format!("{}{}", &subject[..start], &subject[end..]),
        None => subject.to_string(),
    }
}

/// Finds `[arbitre #N]`: its byte span and number.
fn tag_span(subject: &str) -> Option<(usize, usize, i64)> {
    let lower = subject.to_ascii_lowercase();
    let mut from = 0;
    while let Some(pos) = lower[from..].find('[') {
        let start = from + pos;
        let rest = &lower[start + 1..];
        if let Some(after) = rest.trim_start().strip_prefix("arbitre") {
            let after = after.trim_start();
            let after = after.strip_prefix('#').unwrap_or(after).trim_start();
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            let tail = after[digits.len()..].trim_start();
            if !digits.is_empty()
                && tail.starts_with(']')
                && let Ok(id) = digits.parse::<i64>()
            {
                let end = subject.len() - tail.len() + 1;
                return Some((start, end, id));
            }
        }
        from = start + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inbound(subject: &str, text: &str) -> Inbound {
        Inbound {
            subject: subject.to_string(),
            text: text.to_string(),
            ..Inbound::default()
        }
    }

    #[test]
    fn phone_typography_becomes_plain_ascii() {
        assert_eq!(clean("E5\u{2013}F5"), "E5-F5");
        assert_eq!(
            clean("e.h4\u{00A0}e.h6 \u{202F}!!\u{2009}e.h5"),
            "e.h4 e.h6 !! e.h5"
        );
        assert_eq!(clean("\u{200B}Resign\u{FEFF}"), "Resign");
        assert_eq!(clean("\u{FF45}\u{FF15}\u{FF46}\u{FF15}"), "e5f5");
        assert_eq!(clean("  draw.  "), "draw");
        assert_eq!(clean("J\u{2019}accepte"), "J'accepte");
    }

    #[test]
    fn a_leading_move_number_is_dropped_but_not_a_lone_number() {
        assert_eq!(clean("12. b.h2 b.h4"), "b.h2 b.h4");
        assert_eq!(clean("12... e5f5"), "e5f5");
        assert_eq!(clean("3\u{2026} a1b2"), "a1b2");
        assert_eq!(clean("12)c5 b5"), "c5 b5");
        assert_eq!(clean("12."), "12");
        assert_eq!(clean("6-3"), "6-3");
    }

    #[test]
    fn quotes_signatures_and_blank_lines_are_skipped() {
        let c = candidates(&inbound(
            "Re: [arbitre #3] Abalone",
            "\n\n  e5f5  \n> old\n\nthanks\n-- \nBob\n",
        ));
        assert_eq!(c.lines, vec!["e5f5", "thanks"]);
        assert_eq!(c.subject, "Abalone");
    }

    #[test]
    fn only_the_first_lines_are_considered() {
        let text = (1..=20).map(|i| format!("line {i}\n")).collect::<String>();
        let c = candidates(&inbound("", &text));
        assert_eq!(c.lines.len(), LINES_CONSIDERED);
        assert_eq!(c.lines[0], "line 1");
    }

    #[test]
    fn subject_tags_are_found_in_any_case_and_spacing() {
        assert_eq!(subject_tag("Re: [arbitre #42] Abalone"), Some(42));
        assert_eq!(subject_tag("AW: [Arbitre#7]"), Some(7));
        assert_eq!(subject_tag("[ arbitre # 12 ] x"), Some(12));
        assert_eq!(subject_tag("[arbitre] Help"), None);
        assert_eq!(subject_tag("[arbitre #] x [arbitre #5]"), Some(5));
        assert_eq!(subject_tag("[arbitre #99999999999999999999999]"), None);
        assert_eq!(subject_tag("é[arbitre #3]é"), Some(3));
    }

    #[test]
    fn reply_prefixes_and_the_tag_leave_the_subject_text() {
        assert_eq!(subject_text("Re: RE: Fwd: [arbitre #42] HELP"), "HELP");
        assert_eq!(subject_text("TR : [arbitre #1] Aide"), "Aide");
        assert_eq!(subject_text("Re : aide"), "aide");
        assert_eq!(subject_text("é [arbitre #3] board"), "é  board");
        assert_eq!(subject_text("Re: [arbitre #3] Confirm: e5e6"), "e5e6");
        assert_eq!(
            subject_text("RE : [arbitre] Confirmer : NOUVELLE abalone CONTRE b@x.fr"),
            "NOUVELLE abalone CONTRE b@x.fr"
        );
        assert_eq!(subject_text("[Arbitre] Help"), "Help");
        assert_eq!(subject_text("Confirmation"), "Confirmation");
        assert_eq!(subject_text("[arbitre"), "[arbitre");
    }
}
