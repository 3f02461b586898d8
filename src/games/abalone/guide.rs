//! Checks of the player's guide to Abalone (rules summary and notation), as sent by the
//! referee's HELP: its examples are legal and its lines fit a mail. The guides themselves
//! live in the catalogs, `locales/<lang>/guides/abalone.txt`.

#[cfg(test)]
mod tests {
    use crate::games::{AnyGame, GameKind, Start};
    use crate::text::Lang;

    #[test]
    fn the_notation_examples_of_both_guides_are_legal_moves_of_the_standard_start() {
        let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
        for lang in Lang::ALL {
            let text = GameKind::Abalone.guide(lang);
            for example in ["a1b2", "c3c5d3", "c5c3d5"] {
                assert!(text.contains(example), "{lang}: {example}");
                assert!(game.judge(example).is_ok(), "{example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
    }
}
