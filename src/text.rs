//! Bilingual player-facing text.
//!
//! Every sentence a player can read exists in English and in French; each player picks a
//! language (`LANG FR|EN`). Protocol tokens (`ERR`, `PAT`, `WW`, `MAT`, ...) are not text in
//! this sense: they stay as they are in both languages and are never passed through [`Text`].

use std::fmt;

/// A player's language.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
}

impl Lang {
    /// Both languages, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// Reads `en`, `fr`, `english`, `français`, ... in any case.
    pub fn from_name(name: &str) -> Option<Lang> {
        match name.trim().to_lowercase().as_str() {
            "en" | "eng" | "english" | "anglais" => Some(Lang::En),
            "fr" | "fra" | "fre" | "french" | "français" | "francais" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The two-letter code (`en`, `fr`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
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

    /// The wording in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
        }
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
