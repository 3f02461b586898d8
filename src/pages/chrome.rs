//! What every public page shares around its content: the reader's language, the page's
//! title, links that keep a language the reader chose by the address (`?lang=fr`), the
//! switch to the other languages, and the words of the templates from the catalogs.

use crate::text::Lang;
use crate::text::catalog::{FluentArgs, tr};

/// The frame of one page.
#[derive(Clone, Debug)]
pub struct Chrome {
    /// The reader's language.
    pub lang: Lang,
    /// Whether the reader chose it in the address (`?lang=fr`): links then carry it on.
    pub pinned: bool,
    /// The page's own path (`/games/12`), for the language switch.
    pub path: String,
    /// The page's title (before ` · arbitre`).
    pub title: String,
}

/// A link to this page in another language.
#[derive(Clone, Debug)]
pub struct LanguageLink {
    /// The language's code, for `hreflang` and `lang`.
    pub code: &'static str,
    /// Its name, in itself (`English`, `français`).
    pub name: String,
    /// The address.
    pub href: String,
}

impl Chrome {
    /// The frame of the page at `path`, titled `title`, for a reader of `lang`.
    pub fn new(lang: Lang, pinned: bool, path: &str, title: String) -> Chrome {
        Chrome {
            lang,
            pinned,
            path: path.to_string(),
            title,
        }
    }

    /// The code of the reader's language, for `<html lang>`.
    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    /// Message `id` of the catalogs, in the reader's language (the templates' words; a
    /// message with arguments is formatted by the page's code instead).
    pub fn tr(&self, id: &str) -> String {
        tr(self.lang, id, &FluentArgs::new())
    }

    /// The address of `path` (which may carry a query of its own), keeping the language
    /// the reader chose in the address.
    pub fn href(&self, path: &str) -> String {
        with_lang(path, self.pinned.then_some(self.lang))
    }

    /// This page in each other language.
    pub fn languages(&self) -> Vec<LanguageLink> {
        Lang::available()
            .into_iter()
            .filter(|l| *l != self.lang)
            .map(|l| LanguageLink {
                code: l.code(),
                name: tr(l, "language-name", &FluentArgs::new()),
                href: with_lang(&self.path, Some(l)),
            })
            .collect()
    }
}

/// `path` with `lang=` added to its query when `lang` is given.
fn with_lang(path: &str, lang: Option<Lang>) -> String {
    match lang {
        None => path.to_string(),
        Some(l) => {
            let (before, anchor) = match path.split_once('#') {
                Some((b, a)) => (b, format!("#{a}")),
                None => (path, String::new()),
            };
            let sep = if before.contains('?') { '&' } else { '?' };
            format!("{before}{sep}lang={}{anchor}", l.code())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_keep_a_language_chosen_in_the_address_and_nothing_else() {
        let free = Chrome::new(Lang::FR, false, "/games/3", "x".into());
        assert_eq!(free.href("/games/3?ply=2#board"), "/games/3?ply=2#board");
        let pinned = Chrome::new(Lang::FR, true, "/games/3?ply=2", "x".into());
        assert_eq!(pinned.href("/"), "/?lang=fr");
        assert_eq!(
            pinned.href("/games/3?ply=2#board"),
            "/games/3?ply=2&lang=fr#board"
        );
        let other = pinned.languages();
        assert_eq!(other.len(), 1);
        assert_eq!(other[0].code, "en");
        assert_eq!(other[0].name, "English");
        assert_eq!(other[0].href, "/games/3?ply=2&lang=en");
    }
}
