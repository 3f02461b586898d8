//! Message catalogs: the words arbitre mails to players, one folder of Project Fluent files
//! per language (`locales/<code>/<area>.ftl`), embedded in the binary at build time.
//!
//! Code names a message and gives its arguments ([`tr`], or the [`t!`](crate::t) macro);
//! the catalog of the reader's language says it, with plurals, gender and word order as
//! that language needs them. Adding a language is adding a folder: every folder under
//! `locales/` is a language, named by the folder, with no code to change; an installation
//! may also point arbitre at its own folder of catalogs ([`Catalogs::from_dir`],
//! [`install`]).
//!
//! Beside the messages, each folder holds the players' guides to the games, one plain-text
//! file per game under `guides/` (`locales/fr/guides/abalone.txt`): what `HELP <game>` sends.
//! A language without a guide to some game sends the English one.
//!
//! Each language's `language.ftl` says its name (`language-name`) and the words that choose
//! it with `LANG` (`language-words`, comma-separated). Isolation marks around arguments
//! (Fluent's default, meant for bidirectional HTML) are turned off: these are plain-text
//! mails. A message that cannot be formatted (unknown id, missing argument) still gives
//! text, and the problem is recorded for [`take_errors`], which the tests read.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use include_dir::{Dir, include_dir};
use unic_langid::LanguageIdentifier;

use super::Lang;

/// The catalogs built into the binary.
static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/locales");

/// The sub-folder of a language's folder that holds the players' guides, one plain-text
/// file per game (`guides/abalone.txt`): what HELP sends for that game.
const GUIDES: &str = "guides";

/// The catalogs in use (the embedded ones unless [`install`] chose others first).
static CATALOGS: OnceLock<Catalogs> = OnceLock::new();

/// Formatting problems met since the last [`take_errors`].
static ERRORS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// A problem with a catalog folder.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CatalogError(pub String);

/// One language's catalog.
struct Catalog {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    /// The source of each file, by file name (for the consistency checks).
    files: BTreeMap<String, String>,
    /// Each game's player's guide (`guides/<game>.txt`), by game name.
    guides: BTreeMap<String, String>,
}

/// Every language's catalog.
pub struct Catalogs {
    catalogs: Vec<Catalog>,
}

impl std::fmt::Debug for Catalogs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.catalogs.iter().map(|c| c.lang.code()))
            .finish()
    }
}

impl Catalogs {
    /// The catalogs built into the binary (`locales/` at build time).
    pub fn embedded() -> Result<Catalogs, CatalogError> {
        let mut folders = Vec::new();
        for dir in EMBEDDED.dirs() {
            let code = dir.path().to_string_lossy().to_string();
            let mut files = BTreeMap::new();
            let guides = dir.dirs().filter(|d| d.path().ends_with(GUIDES));
            for file in dir.files().chain(guides.flat_map(|d| d.files())) {
                let name = file.path().file_name().unwrap_or_default();
                let name = name.to_string_lossy().to_string();
                let name = match file.path().parent().is_some_and(|p| p.ends_with(GUIDES)) {
                    true => format!("{GUIDES}/{name}"),
                    false => name,
                };
                if name.ends_with(".ftl") || name.ends_with(".txt") {
                    let text = file.contents_utf8().ok_or_else(|| {
                        CatalogError(format!("locales/{code}/{name} is not UTF-8"))
                    })?;
                    files.insert(name, text.to_string());
                }
            }
            folders.push((code, files));
        }
        Catalogs::build(folders)
    }

    /// The catalogs of a folder laid out as `locales/`: one sub-folder per language.
    pub fn from_dir(path: &Path) -> Result<Catalogs, CatalogError> {
        let read = |p: &Path| {
            std::fs::read_dir(p).map_err(|e| CatalogError(format!("{}: {e}", p.display())))
        };
        let mut folders = Vec::new();
        for entry in read(path)? {
            let entry = entry.map_err(|e| CatalogError(format!("{}: {e}", path.display())))?;
            if !entry.path().is_dir() {
                continue;
            }
            let code = entry.file_name().to_string_lossy().to_string();
            let mut files = BTreeMap::new();
            let guides = entry.path().join(GUIDES);
            let mut paths = Vec::new();
            for file in read(&entry.path())? {
                paths.push((
                    String::new(),
                    file.map_err(|e| CatalogError(e.to_string()))?,
                ));
            }
            if guides.is_dir() {
                for file in read(&guides)? {
                    let file = file.map_err(|e| CatalogError(e.to_string()))?;
                    paths.push((format!("{GUIDES}/"), file));
                }
            }
            for (prefix, file) in paths {
                let file = file.path();
                let name = file.file_name().unwrap_or_default().to_string_lossy();
                let name = format!("{prefix}{name}");
                let wanted = if prefix.is_empty() { ".ftl" } else { ".txt" };
                if name.ends_with(wanted) && file.is_file() {
                    let text = std::fs::read_to_string(&file)
                        .map_err(|e| CatalogError(format!("{}: {e}", file.display())))?;
                    files.insert(name, text);
                }
            }
            folders.push((code, files));
        }
        Catalogs::build(folders)
    }

    fn build(
        mut folders: Vec<(String, BTreeMap<String, String>)>,
    ) -> Result<Catalogs, CatalogError> {
        folders.sort_by(|a, b| a.0.cmp(&b.0));
        let mut catalogs = Vec::new();
        for (code, mut files) in folders {
            let guide_names: Vec<String> = files
                .keys()
                .filter(|name| name.starts_with(GUIDES))
                .cloned()
                .collect();
            let mut guides = BTreeMap::new();
            for name in guide_names {
                let text = files.remove(&name).unwrap_or_default();
                let game = name[GUIDES.len() + 1..].trim_end_matches(".txt");
                guides.insert(game.to_string(), text);
            }
            let id: LanguageIdentifier = code.parse().map_err(|_| {
                CatalogError(format!(
                    "locales/{code}: not a language code (en, fr, de, ...)"
                ))
            })?;
            if files.is_empty() {
                return Err(CatalogError(format!("locales/{code} has no .ftl file")));
            }
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            bundle
                .add_function("ELIDE", elide)
                .map_err(|e| CatalogError(format!("locales/{code}: {e:?}")))?;
            for (name, text) in &files {
                let resource = FluentResource::try_new(text.clone()).map_err(|(_, errors)| {
                    CatalogError(format!(
                        "locales/{code}/{name}: {} syntax error(s), the first: {:?}",
                        errors.len(),
                        errors.first()
                    ))
                })?;
                bundle
                    .add_resource(resource)
                    .map_err(|errors| CatalogError(format!("locales/{code}/{name}: {errors:?}")))?;
            }
            catalogs.push(Catalog {
                lang: Lang::intern(&code),
                bundle,
                files,
                guides,
            });
        }
        if catalogs.is_empty() {
            return Err(CatalogError("no language folder found".to_string()));
        }
        Ok(Catalogs { catalogs })
    }

    /// The languages, in the order of their codes.
    pub fn languages(&self) -> Vec<Lang> {
        self.catalogs.iter().map(|c| c.lang).collect()
    }

    /// The `.ftl` sources of `lang`, by file name.
    pub fn sources(&self, lang: Lang) -> Option<&BTreeMap<String, String>> {
        self.catalog(lang).map(|c| &c.files)
    }

    /// The player's guide to `game` (its name: `abalone`, ...) in `lang`, or in English when
    /// that language has none; empty if neither has one.
    pub fn guide(&self, lang: Lang, game: &str) -> &str {
        [lang, Lang::EN]
            .into_iter()
            .filter_map(|l| self.catalog(l))
            .find_map(|c| c.guides.get(game))
            .map_or("", String::as_str)
    }

    /// The games `lang` has a guide for, by name.
    pub fn guides(&self, lang: Lang) -> Vec<&str> {
        self.catalog(lang)
            .map(|c| c.guides.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    fn catalog(&self, lang: Lang) -> Option<&Catalog> {
        self.catalogs.iter().find(|c| c.lang == lang)
    }

    /// Message `id` in `lang` with `args`; the problems met, if any (the text is still as
    /// good as Fluent can make it). An unknown language reads English (or the first).
    pub fn format(&self, lang: Lang, id: &str, args: &FluentArgs) -> (String, Vec<String>) {
        let catalog = self
            .catalog(lang)
            .or_else(|| self.catalog(Lang::EN))
            .unwrap_or(&self.catalogs[0]);
        let Some(pattern) = catalog.bundle.get_message(id).and_then(|m| m.value()) else {
            return (
                format!("[{id}]"),
                vec![format!("{}: no message `{id}`", catalog.lang)],
            );
        };
        let mut errors = Vec::new();
        let text = catalog
            .bundle
            .format_pattern(pattern, Some(args), &mut errors)
            .to_string();
        let problems = errors
            .iter()
            .map(|e| format!("{}: `{id}`: {e}", catalog.lang))
            .collect();
        (text, problems)
    }

    /// The language whose `language-words` contain `word` (any case, accents optional).
    pub fn language_named(&self, word: &str) -> Option<Lang> {
        let word = fold(word);
        if word.is_empty() {
            return None;
        }
        self.catalogs.iter().map(|c| c.lang).find(|&lang| {
            let (words, _) = self.format(lang, "language-words", &FluentArgs::new());
            lang.code() == word || words.split(',').any(|w| fold(w) == word)
        })
    }
}

/// `ELIDE("de", $name)` in a catalog: the word, then the text, the word's last letter
/// elided before a vowel as French writes it: `de Bob`, `d'Alice`, `qu'Émile`, `l'Open`.
/// A name starting with `h` keeps the full word (an aspirated `h` cannot be told).
fn elide<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let text = |v: Option<&FluentValue>| match v {
        Some(FluentValue::String(s)) => Some(s.to_string()),
        Some(FluentValue::Number(n)) => Some(n.as_string().to_string()),
        _ => None,
    };
    let (Some(word), Some(next)) = (text(positional.first()), text(positional.get(1))) else {
        return FluentValue::Error;
    };
    let vowel = next
        .trim_start()
        .chars()
        .next()
        .is_some_and(|c| "aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ".contains(c));
    let mut chars = word.chars();
    let elidable = matches!(chars.next_back(), Some('e' | 'a')) && !word.is_empty();
    if vowel && elidable {
        FluentValue::from(format!("{}'{}", chars.as_str(), next.trim_start()))
    } else {
        FluentValue::from(format!("{word} {}", next.trim_start()))
    }
}

/// Lower case, accents and spaces removed, for matching language words.
fn fold(word: &str) -> String {
    word.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            c => c,
        })
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// Chooses the catalogs in use, before any text is formatted (an installation's own folder,
/// or a test's). `Err` gives them back when catalogs are already in use.
pub fn install(catalogs: Catalogs) -> Result<(), Box<Catalogs>> {
    CATALOGS.set(catalogs).map_err(Box::new)
}

/// The catalogs in use.
///
/// The embedded catalogs are checked by the test suite, so failing to read them is a
/// build defect, reported on first use.
pub fn catalogs() -> &'static Catalogs {
    CATALOGS.get_or_init(|| {
        Catalogs::embedded().unwrap_or_else(|e| panic!("the built-in catalogs are broken: {e}"))
    })
}

/// Message `id` in `lang` with `args`, from the catalogs in use. Problems are recorded for
/// [`take_errors`].
pub fn tr(lang: Lang, id: &str, args: &FluentArgs) -> String {
    let (text, problems) = catalogs().format(lang, id, args);
    if !problems.is_empty()
        && let Ok(mut errors) = ERRORS.lock()
    {
        errors.extend(problems);
    }
    text
}

/// The formatting problems recorded since the last call, oldest first.
pub fn take_errors() -> Vec<String> {
    ERRORS
        .lock()
        .map(|mut e| std::mem::take(&mut *e))
        .unwrap_or_default()
}

/// Formats a catalog message: `t!(lang, "id")` or `t!(lang, "id", name = value, ...)`.
/// Values are anything Fluent takes: strings, numbers.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:literal $(,)?) => {
        $crate::text::catalog::tr($lang, $id, &$crate::text::catalog::FluentArgs::new())
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::text::catalog::FluentArgs::new();
        $(args.set(stringify!($name), $value);)+
        $crate::text::catalog::tr($lang, $id, &args)
    }};
}

/// A message's arguments (what [`t!`](crate::t) builds).
pub use fluent_bundle::FluentArgs;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elide_drops_the_last_letter_before_a_vowel_only() {
        let cases = [
            ("de", "Alice Martin", "d'Alice Martin"),
            ("de", "Émile", "d'Émile"),
            ("que", "Yann", "qu'Yann"),
            ("le", "Open d'automne", "l'Open d'automne"),
            ("de", "Bob", "de Bob"),
            ("de", "votre adversaire", "de votre adversaire"),
            ("de", "Hélène", "de Hélène"),
            ("à", "Alice", "à Alice"),
        ];
        for (word, next, want) in cases {
            let got = elide(
                &[FluentValue::from(word), FluentValue::from(next)],
                &FluentArgs::new(),
            );
            assert_eq!(got, FluentValue::from(want), "{word} {next}");
        }
        let missing = elide(&[FluentValue::from("de")], &FluentArgs::new());
        assert!(matches!(missing, FluentValue::Error), "{missing:?}");
    }

    #[test]
    fn the_embedded_catalogs_load_and_name_their_languages() {
        let c = Catalogs::embedded().unwrap();
        assert!(c.languages().contains(&Lang::EN) && c.languages().contains(&Lang::FR));
        assert_eq!(c.language_named("Français"), Some(Lang::FR));
        assert_eq!(c.language_named("francais"), Some(Lang::FR));
        assert_eq!(c.language_named("FR"), Some(Lang::FR));
        assert_eq!(c.language_named("english"), Some(Lang::EN));
        assert_eq!(c.language_named("anglais"), Some(Lang::EN));
        assert_eq!(c.language_named("klingon"), None);
        assert_eq!(c.language_named(""), None);
    }

    #[test]
    fn arguments_are_placed_without_isolation_marks_and_problems_are_reported() {
        let c = Catalogs::embedded().unwrap();
        let mut args = FluentArgs::new();
        args.set("limit", 3);
        args.set("until", "18:42");
        let (text, problems) = c.format(Lang::EN, "rate-limited", &args);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(text.contains("until 18:42 UTC"), "{text}");
        assert!(!text.contains('\u{2068}') && !text.contains('\u{2069}'));
        let (_, problems) = c.format(Lang::EN, "rate-limited", &FluentArgs::new());
        assert!(!problems.is_empty());
        let (text, problems) = c.format(Lang::FR, "no-such-message", &FluentArgs::new());
        assert_eq!(text, "[no-such-message]");
        assert_eq!(problems.len(), 1);
    }
}
