//! Checks of the player's guide to Bulltricker (rules summary and notation), as sent by the
//! referee's HELP: its examples are legal and its lines fit a mail. The guides themselves
//! live in the catalogs, `locales/<lang>/guides/bulltricker.txt`.

#[cfg(test)]
mod tests {
    use crate::games::{AnyGame, GameKind, Start};
    use crate::text::Lang;

    #[test]
    fn the_opening_examples_of_both_guides_are_legal_first_moves() {
        let game = AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
        for lang in Lang::ALL {
            let text = GameKind::Bulltricker.guide(lang);
            for example in ["b.h2 b.h4", "v4.2 c.h3"] {
                assert!(text.contains(example), "{lang}: {example}");
                assert!(game.judge(example).is_ok(), "{example}");
            }
            for token in ["ERR !!", "WW MAT", "BW TRICK", "PAT", "++a.h8"] {
                assert!(text.contains(token), "{lang}: {token}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
    }
}
