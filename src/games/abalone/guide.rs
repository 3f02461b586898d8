//! The player's guide to Abalone (rules summary and Aba-Pro notation), in English and French,
//! as sent by the referee's HELP. The texts live in `docs/guides/abalone.en.md` and `.fr.md`.

use crate::text::Lang;

/// The player's guide in `lang`: plain text, readable in a mail.
pub fn guide(lang: Lang) -> &'static str {
    match lang {
        Lang::EN => include_str!("../../../docs/guides/abalone.en.md"),
        _ => include_str!("../../../docs/guides/abalone.fr.md"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameKind, Start};

    #[test]
    fn the_notation_examples_of_both_guides_are_legal_moves_of_the_standard_start() {
        let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
        for lang in Lang::ALL {
            let text = guide(lang);
            for example in ["a1b2", "c3c5d3", "c5c3d5"] {
                assert!(text.contains(example), "{lang}: {example}");
                assert!(game.judge(example).is_ok(), "{example}");
            }
            assert!(text.lines().all(|l| l.chars().count() <= 78), "{lang}");
        }
    }
}
