//! A player's page: their name (never their address), their ratings in each pool, the
//! events they entered and the games the pages may show (their casual games only unless
//! they hid them with `PUBLIC OFF`). Pure.

use askama::Template;

use super::Chrome;
use super::listing::{GameRow, game_title};
use crate::games::GameKind;
use crate::rating::history::PlayerRating;
use crate::t;

/// What the page is drawn from.
#[derive(Clone, Debug)]
pub struct PlayerFacts {
    /// Their name.
    pub name: String,
    /// Their rating in each pool they played rated games in (pool, rating).
    pub ratings: Vec<(String, PlayerRating)>,
    /// The events they entered: page, title.
    pub events: Vec<(String, String)>,
    /// Their games the pages show, the latest first.
    pub games: Vec<GameRow>,
    /// Whether they hid their casual games.
    pub hidden: bool,
}

/// One rating.
#[derive(Clone, Debug)]
pub struct RatingLine {
    /// The game (and variant) of the pool.
    pub pool: String,
    /// The rating and its deviation.
    pub rating: String,
    /// "12 rated games".
    pub games: String,
}

/// The page.
#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage {
    /// The frame.
    pub chrome: Chrome,
    /// The ratings.
    pub ratings: Vec<RatingLine>,
    /// The events: page, title.
    pub events: Vec<(String, String)>,
    /// The games.
    pub games: Vec<GameRow>,
    /// The note that casual games are hidden.
    pub hidden: Option<String>,
}

/// The page of the player `facts` describes.
pub fn page(mut chrome: Chrome, facts: PlayerFacts) -> PlayerPage {
    let lang = chrome.lang;
    chrome.title = facts.name.clone();
    let ratings = facts
        .ratings
        .iter()
        .map(|(pool, r)| {
            let (game, variant) = match pool.split_once('/') {
                Some((g, v)) => (g, Some(v)),
                None => (pool.as_str(), None),
            };
            RatingLine {
                pool: GameKind::from_name(game)
                    .map(|k| game_title(&chrome, k, variant))
                    .unwrap_or_else(|| pool.clone()),
                rating: crate::rating::history::shown(&r.rating),
                games: t!(lang, "web-rated-games", games = r.games),
            }
        })
        .collect();
    PlayerPage {
        ratings,
        events: facts.events,
        games: facts.games,
        hidden: facts.hidden.then(|| chrome.tr("web-casual-hidden")),
        chrome,
    }
}
