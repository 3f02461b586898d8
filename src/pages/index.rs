//! The front page: the events, the latest first, the games changed most recently that
//! the pages may show, and the link to the statistics. Pure.

use askama::Template;

use super::Chrome;
use super::listing::GameRow;
use crate::tournament::event::EventStatus;

/// One event in the list.
#[derive(Clone, Debug)]
pub struct EventLine {
    /// Its page.
    pub href: String,
    /// Its title.
    pub title: String,
    /// Where it stands, in words.
    pub status: String,
}

/// The page.
#[derive(Template)]
#[template(path = "index.html")]
pub struct IndexPage {
    /// The frame.
    pub chrome: Chrome,
    /// The events.
    pub events: Vec<EventLine>,
    /// The latest games.
    pub games: Vec<GameRow>,
}

/// The front page, from the events (name, title, status) and the latest games.
pub fn page(
    mut chrome: Chrome,
    events: &[(String, String, EventStatus)],
    games: Vec<GameRow>,
) -> IndexPage {
    chrome.title = chrome.tr("web-index-title");
    let events = events
        .iter()
        .map(|(name, title, status)| EventLine {
            href: chrome.href(&format!("/events/{name}")),
            title: title.clone(),
            status: match status {
                EventStatus::Entry => chrome.tr("web-status-entry"),
                EventStatus::Running => chrome.tr("web-status-running"),
                EventStatus::Finished => chrome.tr("web-status-finished"),
            },
        })
        .collect();
    IndexPage {
        chrome,
        events,
        games,
    }
}
