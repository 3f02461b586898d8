//! What every game target checks, for the game it names. The input is UTF-8 text: its first
//! line is a position string (the game's default start when empty or unreadable), each
//! further line a move as a player would write it (at most 8).
//!
//! Checked: nothing panics; a text `judge` accepts, `play` accepts too, as the same move;
//! after each move the position string reads back to the same position string; the first
//! legal moves of the final position each judge as legal; refusals explain themselves in
//! both languages.

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::text::Lang;

/// Runs the checks on one input.
pub fn exercise(kind: GameKind, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.split('\n');
    let position = lines.next().unwrap_or("");
    let start = if position.trim().is_empty() {
        Start::Default
    } else {
        Start::Position(position.to_string())
    };
    let mut game = match AnyGame::new(kind, &start, None, "") {
        Ok(g) => g,
        Err(_) => AnyGame::new(kind, &Start::Default, None, "").expect("the default start"),
    };
    for written in lines.take(8) {
        match game.judge(written) {
            Ok(judged) => {
                let played = game
                    .play(written)
                    .unwrap_or_else(|r| panic!("judge accepted {written:?}, play refused: {r:?}"));
                assert_eq!(played.canonical, judged.canonical, "{written:?}");
                let position = game.position_string();
                let again = AnyGame::new(kind, &Start::Position(position.clone()), None, "")
                    .unwrap_or_else(|e| panic!("own position {position:?} does not read: {e:?}"));
                assert_eq!(again.position_string(), position);
            }
            Err(refusal) => {
                let _ = refusal.line();
                let _ = refusal.explain(Lang::EN);
                let _ = refusal.explain(Lang::FR);
            }
        }
    }
    for m in game.legal_moves().iter().take(16) {
        assert!(game.judge(m).is_ok(), "legal move {m:?} refused by judge");
    }
}
