//! The player's guide to Ataxx (rules summary and notation), in English and French, as sent
//! by the referee's HELP. The texts live in `docs/guides/ataxx.en.md` and `.fr.md`.

use crate::text::Lang;

/// The player's guide in `lang`: plain text, readable in a mail.
pub fn guide(lang: Lang) -> &'static str {
    match lang {
        Lang::EN => include_str!("../../../docs/guides/ataxx.en.md"),
        _ => include_str!("../../../docs/guides/ataxx.fr.md"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_guides_show_the_notation_and_the_combined_page_holds_them() {
        for lang in Lang::ALL {
            let text = guide(lang);
            for example in ["f2", "g1e3", "0000", "x5o/7/7/7/7/7/o5x x 0 1"] {
                assert!(text.contains(example), "{lang}: {example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
        let page = include_str!("../../../docs/guides/ataxx.md");
        assert!(page.contains(guide(Lang::EN).trim()));
        assert!(page.contains(guide(Lang::FR).trim()));
    }
}
