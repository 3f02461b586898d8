//! Finding what a player actually wrote in a mail body: quoted replies, signatures,
//! forwarded blocks and mobile-client footers are cut, and the text is normalised (line
//! endings, non-breaking and zero-width spaces, typographic dashes). Pure.
//!
//! What is recognised:
//! - lines quoted with `>` (skipped wherever they are, so top- and bottom-posting both work);
//! - attribution lines introducing a quote, in English, French, German, Spanish, Italian,
//!   Dutch and Portuguese (`On Mon, ... wrote:`, `Le lun. ... a écrit :`, `Am ... schrieb ...:`,
//!   ...), also when the client wrapped them over two lines;
//! - Outlook and webmail blocks (`-----Original Message-----`, `-----Message d'origine-----`,
//!   a line of underscores, `From:`/`De :` header blocks, forwarded-message markers);
//! - the signature separator `-- ` (and a bare `--`);
//! - footers such as `Sent from my iPhone`, `Envoyé de mon iPhone`, `Get Outlook for Android`.
//!
//! Everything from an attribution, Outlook block, signature or footer on is dropped, unless
//! nothing was written before it (a bottom-posted reply), in which case only the marker line
//! itself is skipped.
//!
//! Linear in the body, whatever it holds: mails are decided one at a time, so a body that
//! took seconds would hold up every game. Each line is looked at a bounded number of times
//! (an attribution or a header block looks at most two lines ahead, never to the end), and
//! whether anything was written before a marker is a flag kept as lines are kept (it was
//! once found by going back over every kept line at each marker: a 256 KiB body of blank
//! lines and `-- ` took seconds). mail-parser's HTML-to-text conversion (for mails with only
//! an HTML part) is a single pass without a stack of elements; `tests/referee/mail_parse.rs` reads
//! the worst bodies that fit in `max-message-bytes` (`tests/common/bodies.rs`) within a
//! second each, and `cargo bench --bench mail_bodies` measures them.

/// The meaningful text of a plain-text body.
pub fn meaningful_text(body: &str) -> String {
    let normalised = normalise(body);
    let lines: Vec<&str> = normalised.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    // Whether a kept line has text: known as lines are kept, never found by looking back
    // over them (a body of ten thousand blank lines and separators took seconds so).
    let mut written = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed.starts_with('>') {
            i += 1;
            continue;
        }
        if is_signature_separator(line) || is_footer(trimmed) {
            if written {
                break;
            }
            i += 1;
            continue;
        }
        let attribution = attribution_length(&lines[i..]);
        if attribution > 0 || is_original_message_marker(trimmed) || is_header_block(&lines[i..]) {
            if written {
                break;
            }
            i += attribution.max(1);
            continue;
        }
        written |= !trimmed.is_empty();
        kept.push(line.trim_end());
        i += 1;
    }
    let start = kept
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(kept.len());
    let end = kept
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(start, |e| e + 1);
    kept[start..end].join("\n")
}

/// Unifies line endings, spaces and dashes.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.replace("\r\n", "\n").replace('\r', "\n").chars() {
        match c {
            '\u{a0}' | '\u{2007}' | '\u{202f}' | '\u{2009}' | '\u{2002}' | '\u{2003}' | '\t' => {
                out.push(' ')
            }
            '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{ad}' => {}
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => {
                out.push('-')
            }
            _ => out.push(c),
        }
    }
    out
}

fn is_signature_separator(line: &str) -> bool {
    let l = line.trim_end_matches(['\r', '\n']);
    l == "-- " || l.trim() == "--" || l.trim() == "---"
}

const FOOTERS: &[&str] = &[
    "sent from my ",
    "sent from mail for windows",
    "sent from outlook",
    "sent from yahoo mail",
    "sent from the all new aol app",
    "sent from proton mail",
    "sent with proton mail",
    "sent from samsung",
    "sent via ",
    "get outlook for ",
    "envoyé de mon ",
    "envoyé depuis mon ",
    "envoyé à partir de ",
    "envoyé avec ",
    "envoyé de l'application",
    "obtenir outlook pour ",
    "télécharger outlook pour ",
    "gesendet von meinem ",
    "gesendet mit ",
    "von meinem iphone gesendet",
    "enviado desde mi ",
    "enviado do meu ",
    "inviato da ",
    "verzonden vanaf mijn ",
    "verstuurd vanaf mijn ",
];

fn is_footer(trimmed: &str) -> bool {
    let l = trimmed.to_lowercase();
    l.len() < 100 && FOOTERS.iter().any(|f| l.starts_with(f))
}

const ATTRIBUTION_STARTS: &[&str] = &["on ", "le ", "am ", "el ", "il ", "op ", "em ", "the "];
const ATTRIBUTION_ENDS: &[&str] = &[
    "wrote:",
    "writes:",
    "a écrit :",
    "a écrit:",
    "a ecrit :",
    "a ecrit:",
    "schrieb:",
    "escribió:",
    "ha scritto:",
    "schreef:",
    "escreveu:",
];

/// How many lines form an attribution (`On ... wrote:`) starting here (0 if none). Clients
/// wrap long attributions, so the end may be on the next line or the one after.
fn attribution_length(lines: &[&str]) -> usize {
    let first = lines[0].trim().to_lowercase();
    if !ATTRIBUTION_STARTS.iter().any(|s| first.starts_with(s)) && !first.ends_with(" wrote:") {
        return 0;
    }
    for (n, line) in lines.iter().take(3).enumerate() {
        let l = line.trim().to_lowercase();
        if n > 0 && l.is_empty() {
            return 0;
        }
        if ATTRIBUTION_ENDS.iter().any(|e| l.ends_with(e))
            || (l.contains("schrieb") && l.ends_with(':'))
        {
            return n + 1;
        }
    }
    0
}

fn is_original_message_marker(trimmed: &str) -> bool {
    let l = trimmed.to_lowercase();
    let dashed = l.starts_with("-----") || l.starts_with("---------- ");
    (dashed
        && (l.contains("original message")
            || l.contains("message d'origine")
            || l.contains("message d’origine")
            || l.contains("ursprüngliche nachricht")
            || l.contains("mensaje original")
            || l.contains("forwarded message")
            || l.contains("message transféré")))
        || l.starts_with("begin forwarded message")
        || l.starts_with("début du message réexpédié")
        || (l.len() >= 20 && l.chars().all(|c| c == '_'))
}

/// An Outlook-style quoted header block: `From:`/`De :` followed within two lines by
/// `Sent:`/`Date:`/`Envoyé :`/`To:`/`À :`.
fn is_header_block(lines: &[&str]) -> bool {
    let key = |line: &str| -> Option<String> {
        let l = line.trim().trim_start_matches('*').to_lowercase();
        let (k, _) = l.split_once(':')?;
        Some(k.trim().trim_end_matches('*').trim().to_string())
    };
    let Some(first) = key(lines[0]) else {
        return false;
    };
    if !["from", "de", "von", "van"].contains(&first.as_str()) {
        return false;
    }
    lines.iter().skip(1).take(2).any(|l| {
        key(l).is_some_and(|k| {
            [
                "sent",
                "date",
                "to",
                "envoyé",
                "à",
                "a",
                "gesendet",
                "an",
                "datum",
                "enviado",
                "para",
                "verzonden",
                "aan",
                "subject",
                "objet",
            ]
            .contains(&k.as_str())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_posted_reply_keeps_only_the_new_text() {
        let body = "e.h4 e.h6\r\n\r\nOn Mon, 3 Mar 2025 at 10:00, arbitre <arbitre@example.org> wrote:\r\n> Your move\r\n> board\r\n";
        assert_eq!(meaningful_text(body), "e.h4 e.h6");
    }

    #[test]
    fn a_bottom_posted_reply_is_found_after_the_quote() {
        let body =
            "On Mon, 3 Mar 2025, arbitre wrote:\n> Your move\n> board\n\nA1B2\n\n-- \nAlice\n";
        assert_eq!(meaningful_text(body), "A1B2");
    }

    #[test]
    fn a_wrapped_french_attribution_is_cut() {
        let body = "a1b2\n\nLe lun. 3 mars 2025 à 10:00, arbitre <arbitre@example.org>\na écrit :\n> Votre coup\n";
        assert_eq!(meaningful_text(body), "a1b2");
    }

    #[test]
    fn outlook_blocks_without_quote_marks_are_cut() {
        let body = "RESIGN\n\n-----Original Message-----\nFrom: arbitre\nSent: Monday\nYour move\n";
        assert_eq!(meaningful_text(body), "RESIGN");
        let body = "NULLE\n\n________________________________\nDe : arbitre\nEnvoyé : lundi\n";
        assert_eq!(meaningful_text(body), "NULLE");
        let body =
            "PAT\r\n\r\nDe : arbitre <arbitre@example.org>\r\nEnvoyé : lundi 3 mars\r\nÀ : moi\r\n";
        assert_eq!(meaningful_text(body), "PAT");
    }

    #[test]
    fn mobile_footers_and_signatures_are_cut() {
        assert_eq!(meaningful_text("a1b2\n\nSent from my iPhone"), "a1b2");
        assert_eq!(meaningful_text("a1b2\nEnvoyé de mon iPhone\n"), "a1b2");
        assert_eq!(meaningful_text("a1b2\n--\nBob\nBob's Garage"), "a1b2");
        assert_eq!(meaningful_text("Get Outlook for Android\n"), "");
    }

    #[test]
    fn odd_spaces_and_dashes_are_normalised() {
        assert_eq!(
            meaningful_text("\u{feff}e.h4\u{a0}e.h6 \u{2013} ok\u{200b}\r\n"),
            "e.h4 e.h6 - ok"
        );
    }

    #[test]
    fn ordinary_text_mentioning_from_or_on_is_kept() {
        let body = "NEW abalone VS bob@example.org\nOn second thought, good luck!\nFrom: me\n";
        assert_eq!(meaningful_text(body), body.trim_end());
    }
}
