//! Player-facing text.
//!
//! - [`Lang`]: a player's language, the code of one of the catalogs' folders.
//! - [`catalog`]: the message catalogs (Project Fluent files under `locales/`), where the
//!   referee's words live, one folder per language.
//! - [`Text`]: a sentence in English and French, as the game engines still write their
//!   explanations of moves (the engines' words are the next to move into the catalogs).
//!
//! Protocol tokens (`ERR`, `PAT`, `WW`, `MAT`, ...) are not text in this sense: they stay as
//! they are in every language and never pass through a catalog or a [`Text`].

pub mod catalog;

use std::fmt;
use std::sync::Mutex;

/// A player's language: the code of a catalog folder (`en`, `fr`, ...). Any folder under
/// `locales/` is a language; [`Lang::EN`] and [`Lang::FR`] are the ones arbitre ships.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(&'static str);

/// The codes met so far, each allocated once (there is one per catalog folder).
static CODES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

impl Lang {
    /// English.
    pub const EN: Lang = Lang("en");
    /// French.
    pub const FR: Lang = Lang("fr");

    /// The two languages the game engines write their explanations in (see [`Text`]).
    pub const ALL: [Lang; 2] = [Lang::EN, Lang::FR];

    /// The language of `code` as written (lower-cased), whether or not a catalog has it.
    pub(crate) fn intern(code: &str) -> Lang {
        let code = code.trim().to_lowercase();
        for known in [Lang::EN, Lang::FR] {
            if known.0 == code {
                return known;
            }
        }
        let mut codes = CODES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = codes.iter().find(|c| **c == code) {
            return Lang(c);
        }
        let leaked: &'static str = Box::leak(code.into_boxed_str());
        codes.push(leaked);
        Lang(leaked)
    }

    /// The language of a catalog whose code is `code` (`en`, `FR`).
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_lowercase();
        catalog::catalogs()
            .languages()
            .into_iter()
            .find(|l| l.0 == code)
    }

    /// The language a word names: its code or one of its catalog's `language-words`
    /// (`fr`, `français`, `french`, `anglais`, ...), in any case.
    pub fn from_name(name: &str) -> Option<Lang> {
        catalog::catalogs().language_named(name)
    }

    /// Every language of the catalogs in use.
    pub fn available() -> Vec<Lang> {
        catalog::catalogs().languages()
    }

    /// The code (`en`, `fr`).
    pub fn code(self) -> &'static str {
        self.0
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::EN
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.0)
    }
}

impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        Lang::from_code(&code).ok_or_else(|| {
            let known: Vec<&str> = Lang::available().iter().map(|l| l.code()).collect();
            serde::de::Error::custom(format!(
                "no catalog for the language `{code}` (there are: {})",
                known.join(", ")
            ))
        })
    }
}

/// One sentence (or paragraph) in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    /// The English wording.
    pub en: String,
    /// The French wording.
    pub fr: String,
}

impl Text {
    /// Builds a text from its two wordings.
    pub fn new(en: impl Into<String>, fr: impl Into<String>) -> Text {
        Text {
            en: en.into(),
            fr: fr.into(),
        }
    }

    /// The wording in `lang` (English for a language the engines do not write yet).
    pub fn get(&self, lang: Lang) -> &str {
        if lang == Lang::FR { &self.fr } else { &self.en }
    }

    /// Joins two texts with a separator, language by language.
    pub fn join(&self, sep: &str, other: &Text) -> Text {
        Text::new(
            format!("{}{sep}{}", self.en, other.en),
            format!("{}{sep}{}", self.fr, other.fr),
        )
    }
}

/// Builds a [`Text`] from two format strings: `say!(en: "{} moves", n; fr: "{} bouge", n)`.
///
/// The short form `say!("{a} moves", "{a} bouge")` captures variables by name in both.
#[macro_export]
macro_rules! say {
    (en: $en:literal $(, $ea:expr)* ; fr: $fr:literal $(, $fa:expr)* $(;)?) => {
        $crate::text::Text::new(format!($en $(, $ea)*), format!($fr $(, $fa)*))
    };
    ($en:literal, $fr:literal $(,)?) => {
        $crate::text::Text::new(format!($en), format!($fr))
    };
}
