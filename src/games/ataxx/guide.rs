//! Checks of the player's guide to Ataxx (rules summary and notation), as sent by the
//! referee's HELP: its examples are legal and its lines fit a mail. The guides themselves
//! live in the catalogs, `locales/<lang>/guides/ataxx.txt`.

#[cfg(test)]
mod tests {
    use crate::games::GameKind;
    use crate::text::Lang;

    #[test]
    fn both_guides_show_the_notation_and_the_combined_page_holds_them() {
        for lang in Lang::ALL {
            let text = GameKind::Ataxx.guide(lang);
            for example in ["f2", "g1e3", "0000", "x5o/7/7/7/7/7/o5x x 0 1"] {
                assert!(text.contains(example), "{lang}: {example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
        let page = include_str!("../../../docs/guides/ataxx.md");
        assert!(page.contains(GameKind::Ataxx.guide(Lang::EN).trim()));
        assert!(page.contains(GameKind::Ataxx.guide(Lang::FR).trim()));
    }
}
