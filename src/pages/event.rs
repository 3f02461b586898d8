//! An event's page: its conditions, its entrants before it starts, the pairings of each
//! round with their games, and the standings with tie-breaks in the crosstable that mail
//! sends (a grid for a round robin, round by round for a Swiss or a knock-out). Names only:
//! the directors, whose addresses the participants' conditions carry, are left out. Pure.

use std::collections::BTreeMap;

use askama::Template;

use super::Chrome;
use super::listing::{Named, game_title, score};
use crate::games::GameKind;
use crate::referee::StoredGame;
use crate::referee::view::{self, Ratings, conditions, side_letters, standings_grid};
use crate::t;
use crate::tournament::crosstable;
use crate::tournament::event::{EntryStatus, EventStatus, Outcome, StoredEvent};
use crate::tournament::record::ByeKind;

/// What the page is drawn from.
#[derive(Clone, Debug)]
pub struct EventFacts<'a> {
    /// The event.
    pub event: &'a StoredEvent,
    /// Its games, as spectators see them ([`crate::referee::view::as_shown`]).
    pub games: &'a [StoredGame],
    /// The current ratings of its pool.
    pub ratings: &'a Ratings,
    /// The leave each player has a year (a condition).
    pub leave_days: i64,
    /// Each entrant by address: their name and page.
    pub entrants: &'a BTreeMap<String, Named>,
}

/// One board of a round.
#[derive(Clone, Debug)]
pub struct Board {
    /// The first mover.
    pub first: Option<Named>,
    /// The second mover; `None` for a bye.
    pub second: Option<Named>,
    /// The game: its page and "#12".
    pub game: Option<(String, String)>,
    /// The score, "in play, 12 moves", or the bye's words.
    pub state: String,
}

/// One round.
#[derive(Clone, Debug)]
pub struct Round {
    /// "Round 2".
    pub title: String,
    /// Its boards.
    pub boards: Vec<Board>,
}

/// One row of the crosstable: cells, the name cell linked.
#[derive(Clone, Debug)]
pub struct Row {
    /// The rank.
    pub rank: String,
    /// The player.
    pub player: Option<Named>,
    /// The other cells, after the name.
    pub cells: Vec<String>,
}

/// One entrant, before the event starts.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The player.
    pub player: Option<Named>,
    /// The rating they entered with.
    pub rating: String,
    /// Their club or federation.
    pub club: String,
}

/// The page.
#[derive(Template)]
#[template(path = "event.html")]
pub struct EventPage {
    /// The frame.
    pub chrome: Chrome,
    /// Where the event stands.
    pub status: String,
    /// The conditions, heading and value.
    pub conditions: Vec<(String, String)>,
    /// The entrants, until the first round is paired.
    pub entrants: Vec<Entrant>,
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// The crosstable's headings after the rank and the name.
    pub heading: Vec<String>,
    /// The crosstable's rank and name headings.
    pub rank_heading: (String, String),
    /// The crosstable.
    pub rows: Vec<Row>,
    /// The legend of the crosstable's cells.
    pub legend: String,
}

/// The page of `facts.event`.
pub fn page(mut chrome: Chrome, facts: &EventFacts<'_>) -> EventPage {
    let lang = chrome.lang;
    let event = facts.event;
    chrome.title = event.title.clone();
    let named = |address: &str| facts.entrants.get(&address.to_lowercase()).cloned();
    let by_tpn = |tpn: u32| event.entrant(tpn).and_then(|e| named(&e.address));
    let games: BTreeMap<i64, &StoredGame> = facts.games.iter().map(|g| (g.id, g)).collect();
    let mut rounds: Vec<Round> = Vec::new();
    for p in &event.pairings {
        if rounds
            .last()
            .is_none_or(|r: &Round| r.title != round_title(&chrome, p.round))
        {
            rounds.push(Round {
                title: round_title(&chrome, p.round),
                boards: Vec::new(),
            });
        }
        let board = match p.outcome {
            Outcome::Game(id) => {
                // The pairing's first player moves first in the game: the score reads
                // from their side, as the crosstable does.
                let state = match games.get(&id) {
                    Some(g) if g.result.is_some() => score(g),
                    Some(g) => t!(lang, "web-in-play-moves", moves = g.moves.len()),
                    None => chrome.tr("web-in-play"),
                };
                Board {
                    first: by_tpn(p.white),
                    second: p.black.and_then(by_tpn),
                    game: Some((chrome.href(&format!("/games/{id}")), format!("#{id}"))),
                    state,
                }
            }
            Outcome::Bye(kind) => Board {
                first: by_tpn(p.white),
                second: None,
                game: None,
                state: match kind {
                    ByeKind::Full | ByeKind::PairingAllocated => chrome.tr("web-bye-full"),
                    ByeKind::Half => chrome.tr("web-bye-half"),
                    ByeKind::Zero => chrome.tr("web-bye-zero"),
                },
            },
        };
        if let Some(round) = rounds.last_mut() {
            round.boards.push(board);
        }
    }
    let entrants = if event.pairings.is_empty() {
        event
            .entries
            .iter()
            .filter(|e| e.status != EntryStatus::Withdrawn)
            .map(|e| Entrant {
                player: named(&e.address),
                rating: e.rating.map(|r| r.to_string()).unwrap_or_default(),
                club: e.club.clone(),
            })
            .collect()
    } else {
        Vec::new()
    };
    let grid = standings_grid(lang, event, facts.games, facts.ratings);
    let rank_heading = (
        grid.heading.first().cloned().unwrap_or_default(),
        grid.heading.get(1).cloned().unwrap_or_default(),
    );
    let rows = if event.pairings.is_empty() {
        Vec::new()
    } else {
        grid.rows
            .iter()
            .map(|(tpn, cells)| Row {
                rank: cells.first().cloned().unwrap_or_default(),
                player: by_tpn(*tpn),
                cells: phone_order(&grid, cells),
            })
            .collect()
    };
    let game = GameKind::from_name(&event.conditions.game)
        .map(|k| game_title(&chrome, k, event.conditions.variant.as_deref()))
        .unwrap_or_else(|| event.conditions.game.clone());
    EventPage {
        status: match event.status {
            EventStatus::Entry => t!(lang, "web-event-entry", game = game),
            EventStatus::Running => t!(lang, "web-event-running", game = game),
            EventStatus::Finished => t!(lang, "web-event-finished", game = game),
        },
        conditions: conditions(lang, event, facts.leave_days),
        entrants,
        rounds,
        heading: phone_order(&grid, &grid.heading),
        rank_heading,
        rows,
        legend: {
            let (first, second) = side_letters(lang, event);
            t!(
                lang,
                "web-legend",
                shape = view::legend_shape(event),
                first = first,
                second = second
            )
        },
        chrome,
    }
}

/// A crosstable row's cells after the rank and the name, in the order a phone shows
/// first: the points and the tie-breaks, then the ratings, then the results (which scroll).
fn phone_order(grid: &crosstable::Grid, cells: &[String]) -> Vec<String> {
    let ratings = 2..(if grid.current { 4 } else { 3 });
    let results = ratings.end..ratings.end + grid.results;
    let scores = results.end..cells.len();
    [scores, ratings, results]
        .into_iter()
        .flat_map(|range| cells.get(range).unwrap_or(&[]).iter().cloned())
        .collect()
}

fn round_title(chrome: &Chrome, round: u32) -> String {
    t!(chrome.lang, "web-round-heading", round = round)
}
