//! Checks of the player's guide to Sauterelle (rules summary and notation), as sent by the
//! referee's HELP: its examples are legal and its lines fit a mail. The guides themselves
//! live in the catalogs, `locales/<lang>/guides/sauterelle.txt`.

#[cfg(test)]
mod tests {
    use crate::games::GameKind;
    use crate::text::Lang;

    #[test]
    fn both_guides_show_the_notation_and_the_combined_page_holds_them() {
        for lang in Lang::ALL {
            let text = GameKind::Sauterelle.guide(lang);
            for example in ["bar/3", "3/9", "8/15", "20/off", "pass", "14 14 0-0 - w"] {
                assert!(text.contains(example), "{lang}: {example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
        let page = include_str!("../../../docs/guides/sauterelle.md");
        assert!(page.contains(GameKind::Sauterelle.guide(Lang::EN).trim()));
        assert!(page.contains(GameKind::Sauterelle.guide(Lang::FR).trim()));
    }
}
