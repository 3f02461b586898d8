//! Bad input never panics: any text as a move, any text as a position string, any record
//! (property tests with proptest), and whatever is refused says why in both languages.

use arbitre::games::ataxx::Position;
use arbitre::games::{AnyGame, Game, GameKind, GameOptions, Start};
use arbitre::text::Lang;
use proptest::prelude::*;

fn options() -> GameOptions {
    GameOptions::defaults(Position::option_specs())
}

proptest! {
    #[test]
    fn any_text_as_a_move_is_read_or_refused_with_a_reason(text in "\\PC{0,12}") {
        let game = AnyGame::new(GameKind::Ataxx, &Start::Default, None, "").unwrap();
        match game.judge(&text) {
            Ok(j) => prop_assert!(game.legal_moves().contains(&j.canonical)),
            Err(r) => {
                prop_assert_eq!(r.line(), "ERR");
                prop_assert!(!r.explain(Lang::EN).is_empty());
                prop_assert!(!r.explain(Lang::FR).is_empty());
            }
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-iA-I0-9 \\-–pasnul]{0,7}") {
        let pos = Position::from_position("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", None, &options()).unwrap();
        if let Ok(n) = Position::read_notation(&text) {
            let _ = pos.resolve(&n);
        }
    }

    #[test]
    fn position_like_text_is_read_back_exactly_or_refused(
        text in "[xobwXOBW\\-0-9/]{0,40}( [xobwXOBWz]( [0-9]{1,3}( [0-9]{1,3})?)?)?"
    ) {
        match Position::from_position(&text, None, &options()) {
            Ok(pos) => {
                let written = pos.position_string();
                let again = Position::from_position(&written, None, &options()).unwrap();
                prop_assert_eq!(again, pos);
            }
            Err(e) => {
                prop_assert!(!e.reason.en().is_empty() && !e.reason.fr().is_empty());
            }
        }
    }

    #[test]
    fn any_text_as_a_position_or_a_record_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_position(&text, None, &options());
        let _ = GameKind::Ataxx.read_records(&text);
    }
}
