//! What spectators may see: which games the public pages list, how much of a tournament
//! game they show while it is played (the event's spectator delay), and which names they
//! print. Addresses never reach a page: a name that looks like one is not a name. Pure.

use crate::referee::{GameStatus, StoredGame};

/// Whether the pages show `game` at all: a game being played or over (never a challenge
/// waiting for its answer, nor a declined one); a casual game only when neither player
/// hid their casual games (`PUBLIC OFF`; `public` tells, by address). A tournament game
/// is always shown: the event is public.
pub fn listed(game: &StoredGame, public: impl Fn(&str) -> bool) -> bool {
    listed_by(
        game.status,
        game.terms.event.is_some(),
        [public(&game.white), public(&game.black)],
    )
}

/// [`listed`]'s rule on what it reads of a game: its status, whether it belongs to an
/// event, and whether each player (White, Black) shows their casual games. For readers
/// that read no whole game (the statistics).
pub fn listed_by(status: GameStatus, tournament: bool, public: [bool; 2]) -> bool {
    matches!(status, GameStatus::Active | GameStatus::Finished)
        && (tournament || (public[0] && public[1]))
}

/// How many of `game`'s moves spectators see under a delay of `delay` moves (each
/// player's move counts as one): all of them once the game is over, else all but the
/// last `delay`.
pub fn shown_moves(game: &StoredGame, delay: u32) -> usize {
    let all = game.moves.len();
    if game.status == GameStatus::Finished {
        all
    } else {
        all.saturating_sub(delay as usize)
    }
}

/// `game` as spectators see it: cut to its first `shown` moves (and then not over, with
/// no result), without what the players keep to themselves: conditional moves, draw
/// offers and take-back requests.
pub fn as_shown(game: &StoredGame, shown: usize) -> StoredGame {
    let mut seen = game.clone();
    seen.conditions = None;
    seen.draw_offer = None;
    seen.undo_request = None;
    seen.hint_request = None;
    if shown < game.moves.len() {
        seen.moves.truncate(shown);
        seen.takebacks.retain(|t| t.ply <= shown);
        seen.status = GameStatus::Active;
        seen.result = None;
    }
    seen
}

/// The name a page may print for what a player or a director called themselves, or
/// `None` when there is nothing left of it or it looks like a mail address (some mail
/// programs write the address as the name).
pub fn public_name(raw: Option<&str>) -> Option<String> {
    let name = raw?.trim().trim_matches(['"', '\'', '<', '>']).trim();
    if name.is_empty() || name.contains('@') || name.to_lowercase().starts_with("mailto:") {
        return None;
    }
    Some(name.chars().take(60).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::GameResult;

    fn game(moves: usize, status: GameStatus) -> StoredGame {
        let mut g = crate::render::testing::stored_game(1, crate::games::GameKind::Ataxx, moves);
        g.status = status;
        if status == GameStatus::Finished {
            g.result = Some(GameResult {
                winner: None,
                termination: "agreed-draw".into(),
                line: "PAT".into(),
            });
        }
        g
    }

    #[test]
    fn a_casual_game_is_listed_only_when_both_players_show_theirs() {
        let g = game(3, GameStatus::Active);
        assert!(listed(&g, |_| true));
        assert!(!listed(&g, |a| a != "bob@x.org"));
        assert!(!listed(&g, |a| a != "alice@x.org"));
        let mut t = g.clone();
        t.terms.event = Some((1, 1));
        assert!(listed(&t, |_| false), "tournament games are public");
        let mut invited = g.clone();
        invited.status = GameStatus::Invited;
        assert!(!listed(&invited, |_| true));
    }

    #[test]
    fn the_delay_holds_back_the_last_moves_until_the_game_is_over() {
        let g = game(7, GameStatus::Active);
        assert_eq!(shown_moves(&g, 0), 7);
        assert_eq!(shown_moves(&g, 3), 4);
        assert_eq!(shown_moves(&g, 10), 0);
        let seen = as_shown(&g, shown_moves(&g, 3));
        assert_eq!(seen.moves.len(), 4);
        let over = game(7, GameStatus::Finished);
        assert_eq!(shown_moves(&over, 3), 7);
        assert!(as_shown(&over, 7).result.is_some());
        let cut = as_shown(&over, 5);
        assert!(cut.result.is_none() && cut.status == GameStatus::Active);
    }

    #[test]
    fn a_name_that_looks_like_an_address_is_no_name() {
        assert_eq!(public_name(Some(" Alice ")), Some("Alice".into()));
        assert_eq!(public_name(Some("\"Bob B.\"")), Some("Bob B.".into()));
        assert_eq!(public_name(Some("alice@example.org")), None);
        assert_eq!(public_name(Some("<alice@example.org>")), None);
        assert_eq!(public_name(Some("   ")), None);
        assert_eq!(public_name(None), None);
    }
}
