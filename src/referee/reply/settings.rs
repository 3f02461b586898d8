//! A player's settings and words: the words passed on with a move, CHAT, PICTURES, PUBLIC,
//! TZ and LANG.

use super::*;

/// The opponent's words that came with their move, under a heading naming them; empty
/// when there are none or they do not go to this reader.
pub(super) fn words_passed_on(lang: Lang, s: &Seen, words: Option<Words>) -> String {
    let Some(Words {
        said,
        passed_on: true,
    }) = words
    else {
        return String::new();
    };
    let mut out = format!(
        "\n{}\n",
        t!(
            lang,
            "chat-heading",
            who = opp_cap(lang, s.opponent.as_deref())
        )
    );
    for line in &said.lines {
        out.push_str(line);
        out.push('\n');
    }
    if said.cut {
        out.push_str(&t!(lang, "chat-cut", lines = chat::MAX_LINES));
        out.push('\n');
    }
    if said.masked {
        out.push_str(&t!(lang, "chat-masked"));
        out.push('\n');
    }
    out
}

/// For the mover: whether the words they wrote with the move went with it.
pub(super) fn words_sent(lang: Lang, s: &Seen, words: Option<Words>) -> String {
    match words {
        None => String::new(),
        Some(w) if w.passed_on => format!("{}\n", t!(lang, "chat-passed-on")),
        Some(_) => format!(
            "{}\n",
            t!(
                lang,
                "chat-not-passed-on",
                opponent = opp_cap(lang, s.opponent.as_deref())
            )
        ),
    }
}

/// `CHAT ON` / `CHAT OFF`.
pub fn chat_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "chat-on")
    } else {
        t!(lang, "chat-off")
    };
    text + "\n"
}

/// `PICTURES ON` / `PICTURES OFF`.
pub fn pictures_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "pictures-on")
    } else {
        t!(lang, "pictures-off")
    };
    text + "\n"
}

/// `PUBLIC ON` / `PUBLIC OFF`.
pub fn public_set(lang: Lang, on: bool) -> String {
    let text = if on {
        t!(lang, "public-on")
    } else {
        t!(lang, "public-off")
    };
    text + "\n"
}

/// `NAME <name>` taken.
pub fn name_set(lang: Lang, name: &str) -> String {
    t!(lang, "name-set", name = name.to_string()) + "\n"
}

/// `NAME` alone: the name shown now (`None`: none), and how to choose one.
pub fn name_current(lang: Lang, name: Option<&str>, max: usize) -> String {
    let text = match name {
        Some(name) => t!(lang, "name-current", name = name.to_string(), max = max),
        None => t!(lang, "name-none", max = max),
    };
    text + "\n"
}

/// `NAME <name>` refused: nothing changed.
pub fn name_refused(lang: Lang, name: &str, refused: NameRefused) -> String {
    let shown: String = name.chars().take(60).collect();
    let text = match refused {
        NameRefused::TooLong { length, max } => t!(
            lang,
            "name-too-long",
            name = shown,
            length = length,
            max = max
        ),
        NameRefused::Address => t!(lang, "name-address", name = shown),
    };
    text + "\n"
}

/// Said once, in a player's first game mail, while they have not chosen their name: what
/// name others see, and that `NAME` changes it.
pub fn name_hint(lang: Lang, name: Option<&str>) -> String {
    let text = match name {
        Some(name) => t!(lang, "name-hint-known", name = name.to_string()),
        None => t!(lang, "name-hint-none"),
    };
    text + "\n"
}

/// Why a name was not taken (see [`crate::referee::account`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameRefused {
    /// Longer than `max` characters.
    TooLong {
        /// Its length, in characters.
        length: usize,
        /// The most allowed.
        max: usize,
    },
    /// It holds a mail or web address.
    Address,
}

/// `PUBLIC` without ON or OFF.
pub fn public_usage(lang: Lang) -> String {
    t!(lang, "public-usage") + "\n"
}

/// `PICTURES` without ON or OFF.
pub fn pictures_usage(lang: Lang) -> String {
    t!(lang, "pictures-usage") + "\n"
}

/// `TZ <zone>` taken.
pub fn zone_set(lang: Lang, zone: &str) -> String {
    t!(lang, "zone-set", zone = zone.to_string()) + "\n"
}

/// `TZ` alone: the zone in use.
pub fn zone_current(lang: Lang, zone: &jiff::tz::TimeZone) -> String {
    t!(lang, "zone-current", zone = clock_text::zone_name(zone)) + "\n"
}

/// `TZ <zone>` with a zone nobody knows.
pub fn zone_unknown(lang: Lang, zone: &str) -> String {
    t!(lang, "zone-unknown", zone = zone.to_string()) + "\n"
}

/// `CHAT` without `ON` or `OFF`.
pub fn chat_usage(lang: Lang) -> String {
    t!(lang, "chat-usage") + "\n"
}

/// The language has been switched to `lang` (written in `lang`), with how to switch to
/// each other language, each line in its own language.
pub fn lang_set(lang: Lang) -> String {
    let mut out = t!(lang, "lang-set") + "\n\n";
    out.push_str(&other_language_hint(lang));
    out
}

/// `LANG` without a known language.
pub fn lang_usage(lang: Lang) -> String {
    let choices: Vec<String> = Lang::available()
        .into_iter()
        .map(|l| format!("{} ({})", l.code().to_uppercase(), t!(l, "language-name")))
        .collect();
    t!(lang, "lang-usage", choices = choices.join(", ")) + "\n"
}

/// One line per language other than `lang`, each in its own language, saying how to
/// switch to it.
pub(super) fn other_language_hint(lang: Lang) -> String {
    Lang::available()
        .into_iter()
        .filter(|l| *l != lang)
        .map(|l| t!(l, "lang-offer", code = l.code().to_uppercase()) + "\n")
        .collect()
}
