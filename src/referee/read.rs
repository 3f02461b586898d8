//! Reading what a player wrote: the candidate lines of a message, cleaned of what mail
//! clients add (smart dashes, non-breaking spaces, zero-width characters, curly quotes,
//! full-width letters, move numbers, trailing punctuation).
//!
//! The mail edge has already removed quotes and signatures into [`Inbound::text`]; this
//! module still skips stray `>` lines and stops at a `-- ` signature, then offers the first
//! few non-empty lines, and the Subject (without `Re:` prefixes and the game tag, and
//! nothing of a Subject arbitre wrote) for a message whose text holds nothing at all. Which of them is the command is decided by
//! [`crate::referee::command::read_command`].
//!
//! Once the game is known, [`moves_in`] finds a move written inside prose (`Je joue e5e6,
//! bonne chance !`, `Move: e5e6`, `(e5e6)`): the runs of words that the game's own reader
//! accepts, so that a move of several words (`e.h4 e.h6 !! e.h5`) stays one move. The
//! caller ([`crate::referee::play`]) plays it only when there is exactly one.
//!
//! Every reader here is linear in the text: the candidate lines are taken lazily (the first
//! [`LINES_CONSIDERED`]), a line is searched for moves only in its first [`MAX_LINE_WORDS`]
//! words, and the Subject's prefixes are stepped over in place (copying the rest of the
//! Subject off at each `Re:` made a Subject of thousands of them quadratic).

use crate::referee::Inbound;
use crate::t;
use crate::text::Lang;

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
    Candidates {
        lines: body_lines(msg).take(LINES_CONSIDERED).collect(),
        subject: clean(&subject_text(&msg.subject)),
    }
}

/// The cleaned non-empty lines of `msg`'s text, quotes left out, up to the signature.
pub fn body_lines(msg: &Inbound) -> impl Iterator<Item = String> + '_ {
    msg.text
        .lines()
        .take_while(|raw| *raw != "-- " && raw.trim_end() != "--")
        .filter(|raw| !raw.trim_start().starts_with('>'))
        .map(clean)
        .filter(|line| !line.is_empty())
}

/// Cleans one line: typographic characters to ASCII, spaces collapsed, a leading move
/// number (`12.`, `12...`, `12)`) and trailing `.`, `,`, `;`, `:` removed, but for a final
/// `.` after `NAME` (`NAME Alice M.`: the initial's stop belongs to the name).
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
    let cut = unnumbered.trim_end_matches(['.', ',', ';', ':']).trim();
    if names_itself(cut) && unnumbered[cut.len()..].trim_start().starts_with('.') {
        return format!("{cut}.");
    }
    cut.to_string()
}

/// Whether `line` is a `NAME` command with a name after the keyword.
fn names_itself(line: &str) -> bool {
    use crate::referee::vocabulary::{self, Meaning, fold_word};
    let words: Vec<String> = line.split_whitespace().map(fold_word).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    vocabulary::start(&words, &[Meaning::Name]).is_some_and(|(_, _, n)| words.len() > n)
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
/// `[arbitre #N]` tag, or nothing when arbitre wrote it.
///
/// A plain `[arbitre]` tag is removed too. What arbitre writes in its own Subjects is never
/// a command: a request to confirm (`Confirm: RESIGN`, see
/// [`crate::referee::reply::subject_confirm`]) gives nothing, since only an explicit yes to
/// the stored request confirms it, and so does the Subject of a game (`Abalone vs Bob: your
/// move (23. e5e6)`, `Abalone : à vous (1. c4d5)`): replying to it must never play the move
/// it shows.
pub fn subject_text(subject: &str) -> String {
    let untagged = remove_tag(subject);
    // Each prefix is stepped over, never copied off: a Subject of thousands of `Re:` is
    // read in one pass.
    let mut s = untagged.as_str();
    loop {
        let t = s.trim_start();
        if strip_confirm_prefix(t).is_some() {
            return String::new();
        }
        let next = strip_reply_prefix(t).or_else(|| strip_plain_tag(t));
        match next {
            Some(rest) => s = rest,
            None => break,
        }
    }
    let s = s.trim();
    if is_game_subject(s) {
        return String::new();
    }
    s.to_string()
}

/// Whether `text` is the rest of arbitre's own Subject of a game: a game's title, alone or
/// followed by ` vs ` / ` contre ` and the opponent, or by `:` and what happened (the
/// wordings of `subject-game` and `subject-game-anonymous` in the catalogs).
fn is_game_subject(text: &str) -> bool {
    let lower = text.to_lowercase();
    crate::games::GameKind::ALL.iter().any(|kind| {
        crate::text::Lang::available().into_iter().any(|lang| {
            let title = kind.title(lang).to_lowercase();
            lower.strip_prefix(&title).is_some_and(|rest| {
                rest.is_empty()
                    || rest.starts_with(" vs ")
                    || rest.starts_with(" contre ")
                    || rest.trim_start().starts_with(':')
            })
        })
    })
}

/// Removes a leading `Confirm:` or `Confirmer :` (the word of `subject-confirm` in any
/// language of the catalogs).
fn strip_confirm_prefix(subject: &str) -> Option<&str> {
    let word_end = subject
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(subject.len(), |(i, _)| i);
    let word = subject[..word_end].to_lowercase();
    if !confirm_words().contains(&word) {
        return None;
    }
    subject[word_end..].trim_start().strip_prefix(':')
}

/// The word before the command in the Subject of a request to confirm, in each language.
fn confirm_words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        Lang::available()
            .into_iter()
            .map(|lang| {
                t!(lang, "subject-confirm", tag = "", command = "")
                    .trim()
                    .trim_end_matches(':')
                    .trim()
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect()
    })
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

/// The longest run of words tried as one move (`d4 > d5, c6, b7` is six).
pub const MAX_MOVE_WORDS: usize = 12;

/// How many words of one line are searched for a move: a pasted paragraph is not.
pub const MAX_LINE_WORDS: usize = 80;

/// The longest text tried as one move, in bytes (a long Bulltricker capture is about 60).
pub const MAX_MOVE_BYTES: usize = 120;

/// Punctuation that wraps a move in a sentence without being part of it.
const OPENING: &[char] = &['"', '\'', '(', '[', '{', '<', '\u{BF}', '\u{A1}'];
const CLOSING: &[char] = &['.', ',', ';', ':', '!', '?', '"', '\'', ')', ']', '}', '>'];

/// `word` without the punctuation that wraps it in a sentence (`(e5e6),` is `e5e6`); a
/// final `!!` stays (Bulltricker's capture claim).
pub fn trim_punctuation(word: &str) -> &str {
    let mut t = word.trim_start_matches(OPENING);
    while !t.ends_with("!!") {
        match t.chars().last() {
            Some(c) if CLOSING.contains(&c) => t = &t[..t.len() - c.len_utf8()],
            _ => break,
        }
    }
    t.trim()
}

/// The moves written in the candidate lines, for a game whose notation accepts exactly the
/// texts `reads` accepts: those of the text lines, or, when the text holds none, those of
/// the Subject. Each is the text to play (surrounding punctuation removed), once each, in
/// order.
///
/// In a line (its first [`MAX_LINE_WORDS`] words), a move is a run of up to
/// [`MAX_MOVE_WORDS`] words and [`MAX_MOVE_BYTES`] bytes that `reads` accepts (without the
/// punctuation around it, or as written) and that no longer such run contains. A
/// run without a digit (`pass`, `passe`) counts only as a whole line, so that prose is
/// not taken for a move.
pub fn moves_in(c: &Candidates, reads: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for line in &c.lines {
        for m in moves_in_line(line, reads) {
            if !found.contains(&m) {
                found.push(m);
            }
        }
    }
    // The Subject only when nothing at all was written: what the player wrote wins.
    if c.lines.is_empty() {
        found = moves_in_line(&c.subject, reads);
    }
    found
}

/// The moves written in one cleaned line (see [`moves_in`]), deduplicated, in order.
pub fn moves_in_line(line: &str, reads: &dyn Fn(&str) -> bool) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().take(MAX_LINE_WORDS).collect();
    let whole = words.len();
    // Every run that reads: (start, end, text).
    let mut runs: Vec<(usize, usize, String)> = Vec::new();
    for start in 0..words.len() {
        let longest = MAX_MOVE_WORDS.min(words.len() - start);
        for len in (1..=longest).rev() {
            let end = start + len;
            let bytes = words[start..end].iter().map(|w| w.len() + 1).sum::<usize>();
            if bytes > MAX_MOVE_BYTES + 1 {
                continue;
            }
            let raw = words[start..end].join(" ");
            let trimmed = trim_punctuation(&raw);
            // Without the punctuation around it when the game reads it so (some readers
            // are lenient, and the Subject of a confirmation carries this text back).
            let text = if !trimmed.is_empty() && reads(trimmed) {
                trimmed
            } else if trimmed != raw && reads(&raw) {
                raw.as_str()
            } else {
                continue;
            };
            if text.chars().any(|c| c.is_ascii_digit()) || (start == 0 && end == whole) {
                runs.push((start, end, text.to_string()));
            }
            // The longest run from this word is the one that counts from here.
            break;
        }
    }
    let mut out: Vec<String> = Vec::new();
    for (i, (start, end, text)) in runs.iter().enumerate() {
        let inside = runs
            .iter()
            .enumerate()
            .any(|(j, (s, e, _))| j != i && s <= start && end <= e);
        if !inside && !out.contains(text) {
            out.push(text.clone());
        }
    }
    out
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

    /// A reader of a toy notation: `m` and a digit, optionally `+ m` and a digit after a
    /// space (a move of two words), or `pass`.
    fn toy(text: &str) -> bool {
        let one = |w: &str| w.len() == 2 && w.starts_with('m') && w[1..].parse::<u8>().is_ok();
        match text.split(' ').collect::<Vec<_>>().as_slice() {
            [w] => one(w) || *w == "pass",
            [a, "+", b] => one(a) && one(b),
            _ => false,
        }
    }

    #[test]
    fn a_move_is_found_in_a_sentence_without_its_punctuation() {
        for (line, want) in [
            ("m1", vec!["m1"]),
            ("Je joue m1, bonne chance !", vec!["m1"]),
            ("Move: m1.", vec!["m1"]),
            ("(m1)", vec!["m1"]),
            ("\"m1\"", vec!["m1"]),
            ("I play m1 + m2!", vec!["m1 + m2"]),
            ("m1 or m2?", vec!["m1", "m2"]),
            ("m1, yes, m1", vec!["m1"]),
            ("pass", vec!["pass"]),
            ("I pass", vec![]),
            ("Hello there", vec![]),
            ("m12 m", vec![]),
            ("", vec![]),
        ] {
            assert_eq!(moves_in_line(line, &toy), want, "{line:?}");
        }
    }

    #[test]
    fn the_text_lines_come_first_and_the_subject_only_when_nothing_is_written() {
        let c = Candidates {
            lines: vec!["Hi,".into(), "I play m1.".into(), "m1 again".into()],
            subject: "m2".into(),
        };
        assert_eq!(moves_in(&c, &toy), ["m1"]);
        let c = Candidates {
            lines: vec!["Hi,".into(), "thanks".into()],
            subject: "Move: m2".into(),
        };
        assert_eq!(moves_in(&c, &toy), Vec::<String>::new());
        let c = Candidates {
            lines: vec![],
            subject: "Move: m2".into(),
        };
        assert_eq!(moves_in(&c, &toy), ["m2"]);
        let c = Candidates {
            lines: vec!["m1".into(), "m3".into()],
            subject: String::new(),
        };
        assert_eq!(moves_in(&c, &toy), ["m1", "m3"]);
    }

    #[test]
    fn long_words_and_long_lines_are_not_tried_as_moves() {
        let long = "m1".repeat(100);
        assert!(moves_in_line(&format!("{long} m2"), &toy) == ["m2"]);
        let many = "word ".repeat(MAX_LINE_WORDS) + "m3";
        assert!(moves_in_line(&many, &toy).is_empty());
    }

    #[test]
    fn a_final_double_bang_stays_with_the_move() {
        assert_eq!(trim_punctuation("(e5e6),"), "e5e6");
        assert_eq!(trim_punctuation("e.h5!!"), "e.h5!!");
        assert_eq!(trim_punctuation("e.h5!!."), "e.h5!!");
        assert_eq!(trim_punctuation("\u{BF}?"), "");
        assert_eq!(trim_punctuation(""), "");
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_searched_for_moves_of_every_game_without_panicking(
            text in "\\PC{0,120}",
            subject in "\\PC{0,40}",
        ) {
            let msg = inbound(&subject, &text);
            let c = candidates(&msg);
            for &kind in crate::games::GameKind::ALL.iter() {
                let reads = |t: &str| crate::referee::command::kind_reads(kind, t);
                for m in moves_in(&c, &reads) {
                    proptest::prop_assert!(reads(&m));
                }
            }
        }

        #[test]
        fn move_like_words_are_searched_without_panicking(
            words in proptest::collection::vec(
                "(e5e6|b\\.h2|b\\.h4|!!|d4>d5,|c6,|bar/1|a1-a2|f2|pass|[(\"«»]|\\PC{0,4})", 0..30),
        ) {
            let line = clean(&words.join(" "));
            for &kind in crate::games::GameKind::ALL.iter() {
                let reads = |t: &str| crate::referee::command::kind_reads(kind, t);
                let _ = moves_in_line(&line, &reads);
            }
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
        // A name's initial keeps its stop; nothing else after NAME does.
        assert_eq!(clean("NAME Alice M.  "), "NAME Alice M.");
        assert_eq!(clean("nom Élodie M.,"), "nom Élodie M.");
        assert_eq!(clean("NAME Alice M;"), "NAME Alice M");
        assert_eq!(clean("Name."), "Name");
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
        // arbitre's own Subject of a game says nothing.
        assert_eq!(c.subject, "");
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
        // A request to confirm is arbitre's: its Subject confirms nothing.
        assert_eq!(subject_text("Re: [arbitre #3] Confirm: e5e6"), "");
        assert_eq!(
            subject_text("RE : [arbitre] Confirmer : NOUVELLE abalone CONTRE b@x.fr"),
            ""
        );
        assert_eq!(subject_text("[Arbitre] Help"), "Help");
        assert_eq!(subject_text("Confirmation"), "Confirmation");
        assert_eq!(subject_text("[arbitre"), "[arbitre");
        // arbitre's own Subject of a game carries no command, even the move it shows.
        assert_eq!(
            subject_text("Re: [arbitre #3] Abalone vs Bob: your move (23. e5e6)"),
            ""
        );
        assert_eq!(
            subject_text("RE : [arbitre #3] Ataxx contre votre adversaire : à vous (4. f2)"),
            ""
        );
        // Whatever follows the game's title: the French Subject without an opponent too.
        assert_eq!(
            subject_text("Re: [arbitre #1] Abalone : à vous (1. c4d5)"),
            ""
        );
        assert_eq!(
            subject_text("[arbitre #1] Abalone: your move (1. c4d5)"),
            ""
        );
        assert_eq!(subject_text("[arbitre #3] e5e6"), "e5e6");
    }
}
