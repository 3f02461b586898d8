//! The public pages as HTML: a game (its board at any move, the moves, the clocks, the
//! result, its record), a player, an event (conditions, pairings, crosstable), the
//! statistics of the finished games and the front page, in the reader's language. Each page is a template compiled into arbitre
//! (`templates/`, checked against its page's data at build time) and the code that fills
//! it from data the web edge read. What spectators may see is
//! [`crate::referee::view`]'s to decide.
//! Pure: no store, no clock, no socket.

mod chrome;
pub mod event;
pub mod game;
pub mod index;
pub mod listing;
pub mod player;
pub mod stats;

use askama::Template;

pub use chrome::{Chrome, LanguageLink};

/// The page for an address that names nothing (an unknown game, player, event or move).
#[derive(Template)]
#[template(path = "missing.html")]
pub struct MissingPage {
    /// The frame.
    pub chrome: Chrome,
    /// What is missing, in a sentence.
    pub explanation: String,
}

/// What a page's address may name and not find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// No such page at all.
    Page,
    /// No game with that number, or not one the pages show.
    Game,
    /// No such move in the game.
    Move,
    /// No such player.
    Player,
    /// No such event.
    Event,
}

/// The page saying what was not found.
pub fn missing(mut chrome: Chrome, what: Missing) -> MissingPage {
    let (title, explanation) = match what {
        Missing::Page => ("web-missing-page", "web-missing-page-why"),
        Missing::Game => ("web-missing-game", "web-missing-game-why"),
        Missing::Move => ("web-missing-move", "web-missing-move-why"),
        Missing::Player => ("web-missing-player", "web-missing-player-why"),
        Missing::Event => ("web-missing-event", "web-missing-event-why"),
    };
    chrome.title = chrome.tr(title);
    MissingPage {
        explanation: chrome.tr(explanation),
        chrome,
    }
}

/// The style sheet of every page.
pub const STYLE: &str = include_str!("assets/site.css");

/// The script of the game pages: the arrow keys follow the page's step links.
pub const STEP_SCRIPT: &str = include_str!("assets/step.js");
