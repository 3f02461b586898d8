//! Bad input, for every registered game at once: any text as a move and any text as a
//! position string gets an answer or a clear error, never a panic; a refused move changes
//! nothing and says why in English and in French; an accepted one is a legal move.
//! A game added to the registry is held to this without a new test.

use arbitre::games::{AnyGame, GameKind, Refusal, Start};
use arbitre::text::Lang;
use proptest::prelude::*;

/// Checks one move text against the default start of every game.
fn judge_everywhere(text: &str) -> Result<(), TestCaseError> {
    for &kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, &Start::Default, None, "").unwrap();
        let before = game.position_string();
        match game.play(text) {
            Ok(j) => {
                let fresh = AnyGame::new(kind, &Start::Default, None, "").unwrap();
                prop_assert!(
                    fresh.legal_moves().contains(&j.canonical),
                    "{kind}: {text:?}"
                );
            }
            Err(refusal) => {
                prop_assert!(!matches!(refusal, Refusal::GameOver(_)));
                prop_assert!(
                    refusal.line().starts_with("ERR"),
                    "{kind}: {}",
                    refusal.line()
                );
                for lang in Lang::ALL {
                    let why = refusal.explain(lang);
                    prop_assert!(!why.trim().is_empty(), "{kind} {lang}: {text:?}");
                    // The referee's sentence ends it ("Your move was not accepted: ...."):
                    // a reason of its own that ends with a full stop would read "..".
                    prop_assert!(
                        !why.ends_with('.') || why.ends_with("..."),
                        "{kind} {lang}: {text:?}: {why}"
                    );
                }
                prop_assert_eq!(
                    game.position_string(),
                    before,
                    "{}: a refusal changed the game",
                    kind
                );
                prop_assert!(game.moves().is_empty());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_text_as_a_move_is_answered_in_every_game(text in "\\PC{0,24}") {
        judge_everywhere(&text)?;
    }

    #[test]
    fn move_shaped_text_is_answered_in_every_game(
        text in "[a-iA-Iv0-9 .!+/x>,\\-–]{0,16}(off|pass|0000)?"
    ) {
        judge_everywhere(&text)?;
    }

    #[test]
    fn any_position_string_builds_a_game_or_says_why(text in "\\PC{0,60}") {
        for &kind in GameKind::ALL {
            match AnyGame::new(kind, &Start::Position(text.clone()), None, "") {
                Ok(game) => {
                    // A position that was accepted writes a string that reads back the same.
                    let written = game.position_string();
                    let again = AnyGame::new(kind, &Start::Position(written.clone()), None, "");
                    prop_assert_eq!(again.map(|g| g.position_string()), Ok(written));
                }
                Err(e) => prop_assert!(!e.to_string().trim().is_empty(), "{kind}"),
            }
        }
    }
}

/// Every game's start position reads back from the string it writes, with either side to
/// move forced, and its variants all set up.
#[test]
fn every_variant_of_every_game_sets_up_and_reads_back() {
    for &kind in GameKind::ALL {
        for variant in kind.variants() {
            let game = AnyGame::new(kind, &Start::Variant(variant.id.to_string()), None, "")
                .unwrap_or_else(|e| panic!("{kind} {}: {e}", variant.id));
            assert_eq!(game.variant(), Some(variant.id), "{kind}");
            let written = game.position_string();
            let again = AnyGame::new(kind, &Start::Position(written.clone()), None, "").unwrap();
            assert_eq!(again.position_string(), written, "{kind} {}", variant.id);
            assert!(
                !game.legal_moves().is_empty(),
                "{kind} {}: no move at the start",
                variant.id
            );
            assert!(!game.board(Lang::FR).is_empty() && !game.board(Lang::EN).is_empty());
        }
    }
}

/// The other side's moves, and every game's notation examples, judged at the start of every
/// game: each refusal is a clause the referee's sentence ends ("Your move was not accepted:
/// ...."), so it carries no full stop of its own, in either language.
#[test]
fn refusals_end_without_a_full_stop_of_their_own() {
    let mut refused = 0;
    for &kind in GameKind::ALL {
        let game = AnyGame::new(kind, &Start::Default, None, "").unwrap();
        let mut texts: Vec<String> = GameKind::ALL
            .iter()
            .flat_map(|k| k.notation_examples().iter().map(|m| m.to_string()))
            .collect();
        // After one move, the moves of the side that just moved are (mostly) refused.
        let first = game.legal_moves()[0].clone();
        let mut after = game.clone();
        after.play(&first).unwrap();
        texts.extend(game.legal_moves());
        for text in &texts {
            for g in [&game, &after] {
                if let Err(refusal) = g.judge(text) {
                    refused += 1;
                    for lang in Lang::ALL {
                        let why = refusal.explain(lang);
                        assert!(
                            !why.ends_with('.') || why.ends_with("..."),
                            "{kind} {lang}: {text:?}: {why}"
                        );
                    }
                }
            }
        }
    }
    assert!(refused > 100, "only {refused} refusals were looked at");
}
