//! The player's guide to Sauterelle (rules summary and notation), in English and French, as
//! sent by the referee's HELP. The texts live in `docs/guides/sauterelle.en.md` and `.fr.md`.

use crate::text::Lang;

/// The player's guide in `lang`: plain text, readable in a mail.
pub fn guide(lang: Lang) -> &'static str {
    match lang {
        Lang::EN => include_str!("../../../docs/guides/sauterelle.en.md"),
        _ => include_str!("../../../docs/guides/sauterelle.fr.md"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_guides_show_the_notation_and_the_combined_page_holds_them() {
        for lang in Lang::ALL {
            let text = guide(lang);
            for example in ["bar/3", "3/9", "8/15", "20/off", "pass", "14 14 0-0 - w"] {
                assert!(text.contains(example), "{lang}: {example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
        let page = include_str!("../../../docs/guides/sauterelle.md");
        assert!(page.contains(guide(Lang::EN).trim()));
        assert!(page.contains(guide(Lang::FR).trim()));
    }
}
