//! What the pages that list games share: a player's name with the link to their page,
//! and one line per game (number, game, players in the order they move, score or "in
//! play" with the moves shown).

use super::Chrome;
use crate::games::{GameKind, Side};
use crate::referee::view::mover_of_ply;
use crate::referee::{GameStatus, StoredGame};
use crate::t;

/// A player as a page names them: never their address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The name shown.
    pub name: String,
    /// Their page.
    pub href: String,
}

/// One game in a list, as spectators see it.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's page.
    pub href: String,
    /// Its number.
    pub id: i64,
    /// Which game (and variant).
    pub title: String,
    /// The players, the first to move first.
    pub players: [Named; 2],
    /// The score from the first player's side, or "in play" and the moves shown.
    pub state: String,
}

impl GameRow {
    /// The line of `game` (as spectators see it: see [`crate::referee::view::as_shown`]),
    /// its players named `players` (White, Black).
    pub fn of(chrome: &Chrome, game: &StoredGame, players: [Named; 2]) -> GameRow {
        let [first, second] = seat_order(game);
        GameRow {
            href: chrome.href(&format!("/games/{}", game.id)),
            id: game.id,
            title: game_title(chrome, game.kind, game.variant.as_deref()),
            players: [
                players[first.index()].clone(),
                players[second.index()].clone(),
            ],
            state: match (&game.result, game.status) {
                (Some(_), GameStatus::Finished) => score(game),
                _ => t!(chrome.lang, "web-in-play-moves", moves = game.moves.len()),
            },
        }
    }
}

/// The seats of `game` in the order pages list them: the side that moved first, then the
/// other.
pub fn seat_order(game: &StoredGame) -> [Side; 2] {
    let first = mover_of_ply(game, 0).unwrap_or(Side::White);
    [first, first.opponent()]
}

/// The game's title in the reader's language, with its variant if it has one.
pub fn game_title(chrome: &Chrome, kind: GameKind, variant: Option<&str>) -> String {
    let lang = chrome.lang;
    match variant {
        Some(id) => {
            // The variant as the catalogs name it (`Belgian daisy`), its id if they do not.
            let named = kind
                .variants()
                .iter()
                .find(|v| v.id == id)
                .map_or_else(|| id.to_string(), |v| v.title(kind, lang));
            format!("{} ({named})", kind.title(lang))
        }
        None => kind.title(lang),
    }
}

/// The score of a finished game from the first mover's side (`1-0`, `0-1`, `½-½`), empty
/// for a game being played.
pub fn score(game: &StoredGame) -> String {
    match (&game.result, game.status) {
        (Some(r), GameStatus::Finished) => match r.winner {
            Some(side) if side == seat_order(game)[0] => "1-0".to_string(),
            Some(_) => "0-1".to_string(),
            None => "½-½".to_string(),
        },
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn a_variant_is_named_as_the_catalogs_name_it_in_the_readers_language() {
        let chrome = |lang| Chrome::new(lang, false, "/", String::new());
        let kind = GameKind::Abalone;
        let daisy = kind.variants().iter().find(|v| v.id == "belgian-daisy");
        let en = game_title(&chrome(Lang::EN), kind, Some("belgian-daisy"));
        let fr = game_title(&chrome(Lang::FR), kind, Some("belgian-daisy"));
        assert!(daisy.is_some());
        assert!(!en.contains("belgian-daisy"), "{en}");
        assert_eq!(
            en,
            format!("Abalone ({})", daisy.unwrap().title(kind, Lang::EN))
        );
        assert_ne!(en, fr);
        // A variant the catalogs do not know keeps its id.
        assert_eq!(
            game_title(&chrome(Lang::EN), kind, Some("homemade")),
            "Abalone (homemade)"
        );
    }
}
