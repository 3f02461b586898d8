//! Player-facing text.
//!
//! - [`Lang`]: a player's language, the code of one of the catalogs' folders.
//! - [`catalog`]: the message catalogs (Project Fluent files under `locales/`), where the
//!   referee's words live, one folder per language.
//! - [`Text`]: a sentence not yet said in any language (a catalog message and its
//!   arguments), as the game engines build their explanations of moves and refusals.
//!
//! Protocol tokens (`ERR`, `PAT`, `WW`, `MAT`, ...) are not text in this sense: they stay as
//! they are in every language and never pass through a catalog or a [`Text`].

/// Put first on a line that must reach the reader whole, however long (a position string,
/// which players copy into other programs): the mail edge's `format=flowed` encoder removes
/// the mark and never cuts the line. U+2060 WORD JOINER: invisible wherever the mark is
/// shown unremoved.
pub const WHOLE_LINE: char = '\u{2060}';

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

    /// The two languages arbitre ships catalogs for (tests check every text in both).
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

/// A sentence (or paragraph) for a player, in no language yet: a catalog message with its
/// arguments, said in the reader's language only when a mail is written ([`Text::get`]).
///
/// The game engines build their explanations of moves, refusals and boards this way
/// ([`tx!`](crate::tx)), so that a language added as a catalog folder also gets the engines'
/// words. Pieces that are the same in every language (a move, a cell, a board drawing) are
/// [`Text::same`]; texts are put one after another with [`Text::then`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Text(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    /// A catalog message and its arguments.
    Message(&'static str, Vec<(&'static str, Arg)>),
    /// Words that read the same in every language.
    Same(String),
    /// Texts one after another.
    Concat(Vec<Text>),
}

/// One argument of a catalog message: a text (said in the same language first), a string
/// that reads the same in every language, or a number (which plural rules can select on).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A text, said in the reader's language.
    Text(Text),
    /// The same in every language: a cell, a move, a position string.
    Str(String),
    /// A count or a number.
    Num(i64),
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<&Text> for Arg {
    fn from(t: &Text) -> Arg {
        Arg::Text(t.clone())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<&&str> for Arg {
    fn from(s: &&str) -> Arg {
        Arg::Str((*s).to_string())
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Str(c.to_string())
    }
}

/// Numbers, owned or borrowed, are [`Arg::Num`] (saturating beyond `i64`).
macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }

        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::from(*n)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl From<&char> for Arg {
    fn from(c: &char) -> Arg {
        Arg::Str(c.to_string())
    }
}

impl Default for Text {
    fn default() -> Text {
        Text::same("")
    }
}

impl Text {
    /// Catalog message `id` with its arguments (what [`tx!`](crate::tx) builds).
    pub fn message(id: &'static str, args: Vec<(&'static str, Arg)>) -> Text {
        Text(Repr::Message(id, args))
    }

    /// Words that read the same in every language: a move, a cell, a drawing.
    pub fn same(words: impl Into<String>) -> Text {
        Text(Repr::Same(words.into()))
    }

    /// The text in English: `get(Lang::EN)`, for error messages written to logs and for
    /// tests.
    pub fn en(&self) -> String {
        self.get(Lang::EN)
    }

    /// The text in French: `get(Lang::FR)`, for tests.
    pub fn fr(&self) -> String {
        self.get(Lang::FR)
    }

    /// This text followed by `other`.
    pub fn then(self, other: impl Into<Text>) -> Text {
        let mut parts = match self.0 {
            Repr::Concat(parts) => parts,
            single => vec![Text(single)],
        };
        parts.push(other.into());
        Text(Repr::Concat(parts))
    }

    /// This text, `sep` (the same in every language), then `other`.
    pub fn join(&self, sep: &str, other: &Text) -> Text {
        self.clone().then(Text::same(sep)).then(other.clone())
    }

    /// The items one after another, separated by commas, the last two linked by `link`:
    /// "a, b and c" / "a, b et c" (catalog messages `list-and`, `list-or`).
    pub fn list(items: &[Text], link: Link) -> Text {
        match items {
            [] => Text::default(),
            [one] => one.clone(),
            [first, middle @ .., last] => {
                let head = middle
                    .iter()
                    .fold(first.clone(), |head, item| head.join(", ", item));
                match link {
                    Link::And => crate::tx!("list-and", head = head, last = last),
                    Link::Or => crate::tx!("list-or", head = head, last = last),
                }
            }
        }
    }

    /// The text said in `lang`.
    pub fn get(&self, lang: Lang) -> String {
        let mut out = String::new();
        self.write(lang, &mut out);
        out
    }

    fn write(&self, lang: Lang, out: &mut String) {
        match &self.0 {
            Repr::Same(s) => out.push_str(s),
            Repr::Concat(parts) => parts.iter().for_each(|p| p.write(lang, out)),
            Repr::Message(id, args) => {
                let mut fluent = catalog::FluentArgs::new();
                for (name, arg) in args {
                    match arg {
                        Arg::Text(t) => fluent.set(*name, t.get(lang)),
                        Arg::Str(s) => fluent.set(*name, s.as_str()),
                        Arg::Num(n) => fluent.set(*name, *n),
                    }
                }
                out.push_str(&catalog::tr(lang, id, &fluent));
            }
        }
    }
}

/// How the last two items of a [`Text::list`] are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// "a, b and c": all of them.
    And,
    /// "a, b or c": one of them.
    Or,
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::same(s)
    }
}

/// A catalog message for an engine's text: `tx!("game-move", side = me, to = cell)`.
/// Arguments are [`Text`]s, strings (the same in every language) or numbers ([`Arg`]).
#[macro_export]
macro_rules! tx {
    ($id:literal $(,)?) => {
        $crate::text::Text::message($id, ::std::vec::Vec::new())
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text::Text::message(
            $id,
            ::std::vec![$((stringify!($name), $crate::text::Arg::from($value))),+],
        )
    };
}
