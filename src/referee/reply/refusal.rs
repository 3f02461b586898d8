//! Game states that refuse a command: not started, declined, over, a record that cannot
//! be read.

use super::*;

/// A command for a game that has not started.
pub fn not_started(lang: Lang, invitee: bool) -> String {
    let invitee = if invitee { "yes" } else { "no" };
    format!("ERR\n\n{}\n", t!(lang, "not-started", invitee = invitee))
}

/// A command for a declined game.
pub fn game_declined(lang: Lang) -> String {
    t!(lang, "game-declined") + "\n"
}

/// A command for a finished game.
pub fn game_over(lang: Lang, live: &AnyGame, result: &GameResult, you: Side) -> String {
    let result = result_text(lang, live, result, Some(you));
    format!("ERR\n\n{}\n", t!(lang, "game-over", result = result))
}

/// The stored game does not replay (a bug or a hand-edited store).
pub fn store_problem(lang: Lang, id: GameId) -> String {
    t!(lang, "store-problem", id = id) + "\n"
}
