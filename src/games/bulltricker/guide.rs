//! The player's guide to Bulltricker (rules summary and the protocol's notation), in English
//! and French, as sent by the referee's HELP. The texts live in
//! `docs/guides/bulltricker.en.md` and `.fr.md`.

use crate::text::Lang;

/// The player's guide in `lang`: plain text, readable in a mail.
pub fn guide(lang: Lang) -> &'static str {
    match lang {
        Lang::EN => include_str!("../../../docs/guides/bulltricker.en.md"),
        _ => include_str!("../../../docs/guides/bulltricker.fr.md"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{AnyGame, GameKind, Start};

    #[test]
    fn the_opening_examples_of_both_guides_are_legal_first_moves() {
        let game = AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
        for lang in Lang::ALL {
            let text = guide(lang);
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
