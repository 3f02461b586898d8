//! `format=flowed` plain text (RFC 3676), so that phones and webmail reflow arbitre's prose
//! to their width while boards, move lists and position strings stay as written.
//!
//! Each line longer than [`MAX_LINE`] is cut at spaces into lines of at most [`WIDTH`]
//! characters, each ending with the space it was cut at: a *soft* break, which a reader
//! that knows the format joins again. Every other line ends without a space: a *hard* break,
//! kept as it is. Lines starting with a space, `>` or `From ` are space-stuffed (one space
//! added, removed again by the reader), so a board's indentation survives. A reader that
//! does not know the format shows the text cut at 72 columns, which reads as well. French
//! punctuation set apart by a space (` : `, ` ; `, `« ... »`) stays with its word. A line
//! marked [`WHOLE_LINE`] (a position string) is sent whole. Pure.
//!
//! Only arbitre's own mails go through here: inbound `format=flowed` text is read as plain
//! lines by [`super::body`] (a soft break is a line ending with a space). Both directions
//! are single passes over the lines (checked for issue 30: linear in the text).

/// The width prose is cut to.
pub const WIDTH: usize = 72;

/// Lines up to this length are sent as they are (RFC 3676 recommends at most 78).
pub const MAX_LINE: usize = 78;

pub use crate::text::WHOLE_LINE;

/// The text as `format=flowed`: trailing spaces of the original lines are dropped (they
/// would read as soft breaks), long lines are cut at spaces, and lines are space-stuffed.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_end_matches([' ', '\r']);
        if let Some(whole) = line.strip_prefix(WHOLE_LINE) {
            push_stuffed(&mut out, whole);
            continue;
        }
        if line.chars().count() <= MAX_LINE {
            push_stuffed(&mut out, line);
            continue;
        }
        for (j, piece) in cut(line).iter().enumerate() {
            if j > 0 {
                out.push('\n');
            }
            push_stuffed(&mut out, piece);
        }
    }
    out
}

/// Reads `format=flowed` text back: soft breaks joined, stuffing removed.
pub fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(raw) = lines.next() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let line = line.strip_prefix(' ').unwrap_or(line);
        out.push_str(line);
        let soft = line.ends_with(' ') && line != "-- ";
        if !soft && lines.peek().is_some() {
            out.push('\n');
        }
    }
    out
}

/// Cuts a long line at spaces into pieces of at most [`WIDTH`] characters (a word longer
/// than that stays whole); every piece but the last ends with the space it was cut at.
fn cut(line: &str) -> Vec<String> {
    // Keep the leading spaces with the first word, so that an indented line stays indented.
    let indent_len = line.len() - line.trim_start_matches(' ').len();
    let (indent, rest) = line.split_at(indent_len);
    let mut pieces = Vec::new();
    let mut current = indent.to_string();
    let mut current_len = indent.chars().count();
    let mut previous = "";
    for word in rest.split(' ') {
        let len = word.chars().count();
        let starts = current_len == indent.chars().count() && pieces.is_empty() || current_len == 0;
        // French sets its high punctuation apart with a space that must not break: a line
        // never starts with `:` or `»`, nor ends with `«`.
        let glued = matches!(word, ":" | ";" | "!" | "?" | "»") || previous == "«";
        previous = word;
        if !starts && !glued && current_len + 1 + len > WIDTH {
            current.push(' ');
            pieces.push(std::mem::take(&mut current));
            current_len = 0;
        } else if !starts {
            current.push(' ');
            current_len += 1;
        }
        current.push_str(word);
        current_len += len;
    }
    pieces.push(current);
    pieces
}

/// Appends `line`, space-stuffed when the format requires it.
fn push_stuffed(out: &mut String, line: &str) {
    if line.starts_with(' ') || line.starts_with('>') || line.starts_with("From ") {
        out.push(' ');
    }
    out.push_str(line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_at_spaces_and_reads_back_whole() {
        let prose = "arbitre did nothing with your message: anyone can write your address on a \
                     mail, so arbitre acts only on mail it can trace to you, and nothing in this \
                     one does.";
        assert!(prose.len() > 110);
        let sent = encode(prose);
        let lines: Vec<&str> = sent.lines().collect();
        assert!(lines.len() >= 2, "{sent}");
        for (i, l) in lines.iter().enumerate() {
            assert!(l.chars().count() <= WIDTH + 1, "{l:?}");
            // Soft breaks end with a space, the last line does not.
            assert_eq!(l.ends_with(' '), i + 1 < lines.len(), "{l:?}");
        }
        assert_eq!(decode(&sent), prose);
    }

    #[test]
    fn boards_lists_and_short_lines_are_kept_and_indentation_survives() {
        let board = "        I   O   O   O   O   O\n      H   O   O   O   O   O   O\n\
                     >quoted\nFrom here\n1. a1b2  2. i5h5\nPosition: 0a2345b123456c345d4_0g567h456789i56789 w";
        let sent = encode(board);
        assert_eq!(sent.lines().count(), board.lines().count());
        assert!(sent.starts_with("         I   O"), "{sent}");
        assert!(sent.contains("\n >quoted\n From here\n1. a1b2"), "{sent}");
        assert_eq!(decode(&sent), board);
    }

    #[test]
    fn french_punctuation_stays_with_its_word() {
        // Every cut position: the colon and the quotes never begin or end a line alone.
        for pad in 0..40 {
            let prose = format!(
                "{}Bille blanche poussée : I7 → hors du plateau ; « éjectée » ! Vraiment ? \
                 Oui, et la partie continue avec les Blancs au trait dans ce cas précis.",
                "x ".repeat(pad)
            );
            let sent = encode(&prose);
            for l in sent.lines() {
                let l = l.trim_end();
                assert!(
                    ![":", ";", "!", "?", "»"].iter().any(|p| l.starts_with(p)),
                    "{l:?}"
                );
                assert!(!l.ends_with('«'), "{l:?}");
            }
            assert_eq!(decode(&sent), prose);
        }
    }

    #[test]
    fn a_line_marked_whole_is_never_cut() {
        let position = format!("Position: W: Kd1 {}; w", "Qv1.1 Pa.h2 ".repeat(20));
        let sent = encode(&format!("{WHOLE_LINE}{position}\n{position}"));
        let lines: Vec<&str> = sent.lines().collect();
        assert_eq!(lines[0], position.trim_end());
        assert!(lines.len() > 2, "the unmarked copy is cut: {sent}");
        assert!(!sent.contains(WHOLE_LINE));
    }

    #[test]
    fn trailing_spaces_never_turn_into_soft_breaks() {
        assert_eq!(encode("Result: 6-3.   \nNext"), "Result: 6-3.\nNext");
        assert_eq!(decode(&encode("a \nb")), "a\nb");
    }

    #[test]
    fn a_word_longer_than_the_width_stays_whole() {
        let long = format!(
            "Address: arbitre+g12-w-{}@example.org and more words here",
            "k".repeat(80)
        );
        let sent = encode(&long);
        assert!(sent.lines().any(|l| l.contains(&"k".repeat(80))), "{sent}");
        assert_eq!(decode(&sent), long);
    }

    #[test]
    fn any_text_reads_back_as_written_less_trailing_spaces() {
        let mut seed: u64 = 7;
        let alphabet = [
            "a",
            "bb",
            "ccc ",
            " ",
            "  ",
            "\n",
            "é",
            "From ",
            ">",
            "-- ",
            "xxxxxxxxxx",
        ];
        for _ in 0..500 {
            let mut text = String::new();
            for _ in 0..(seed % 120) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(alphabet[(seed >> 33) as usize % alphabet.len()]);
            }
            let expected: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches(' ')).collect();
            let got = decode(&encode(&text));
            assert_eq!(got, expected.join("\n"), "{text:?}");
        }
    }
}
