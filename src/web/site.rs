//! The pages' reading side: a few store connections that cannot write, and for each page
//! the reading of what it shows, through [`crate::referee::view`]'s rules, into
//! the page's facts. Each call is one short read; the daemon's writes go on meanwhile (the
//! store is in WAL mode).

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::games::{GameKind, Side};
use crate::pages::event::EventFacts;
use crate::pages::game::{EventLink, GameFacts, shows_everything};
use crate::pages::listing::{GameRow, Named};
use crate::pages::player::PlayerFacts;
use crate::pages::{self, Chrome, Missing};
use crate::referee::view::{
    self, Circumstances, as_shown, clock_view, listed, public_name, shown_moves, statistics,
};
use crate::referee::{ClockConfig, GameStatus, Player, StoredGame, Timestamp};
use crate::store::{Store, StoreError};
use crate::t;
use crate::tournament::event::{EventStatus, StoredEvent};

use super::figures::KeptFigures;
use super::handle::handle;
use super::ratings::KeptRatings;

/// How many of the latest games the front page lists.
const RECENT: usize = 30;
/// How many games a player's page lists.
const PLAYER_GAMES: usize = 200;
/// How many idle connections are kept.
const IDLE_READERS: usize = 8;

/// What the pages need to know of the installation.
#[derive(Clone, Debug)]
pub struct WebSettings {
    /// The store.
    pub store: crate::store::Location,
    /// The keys of the players' handles: the first makes them, every one is recognised
    /// (after a rotation of the secret, the previous handles still lead to the page).
    pub page_keys: Vec<Vec<u8>>,
    /// The language of readers whose browser names none arbitre speaks.
    pub default_lang: crate::text::Lang,
    /// The clock settings (time zones, for the clocks of games being played).
    pub clock: ClockConfig,
}

impl WebSettings {
    /// The key that makes the handles written in the pages.
    pub fn page_key(&self) -> &[u8] {
        self.page_keys.first().map_or(&[], Vec::as_slice)
    }
}

/// What one request gets back.
#[derive(Debug)]
pub enum Answer {
    /// A page.
    Page(String),
    /// A page saying what is missing.
    Missing(String),
    /// A game's record: its text and file name.
    Record(String, String),
}

/// The pages' state, shared by every request.
#[derive(Debug)]
pub struct Site {
    settings: WebSettings,
    readers: Mutex<Vec<Store>>,
    handles: Mutex<Handles>,
    figures: KeptFigures,
    ratings: KeptRatings,
}

/// The players' addresses by the handle of their page, as last read.
#[derive(Debug, Default)]
struct Handles {
    by_handle: HashMap<String, String>,
    read_at: Option<Instant>,
}

/// How long an unknown handle waits before the addresses are read again.
const REREAD: Duration = Duration::from_secs(5);

/// The games of the page being built, with the events they belong to (read once).
struct Reading<'s> {
    store: &'s Store,
    site: &'s Site,
    events: HashMap<i64, Option<StoredEvent>>,
    players: HashMap<String, Option<Player>>,
}

impl Site {
    /// The pages of the store `settings` names (opened on the first request).
    pub fn new(settings: WebSettings) -> Site {
        Site {
            settings,
            readers: Mutex::new(Vec::new()),
            handles: Mutex::new(Handles::default()),
            figures: KeptFigures::default(),
            ratings: KeptRatings::default(),
        }
    }

    /// The language of readers whose browser names none arbitre speaks.
    pub fn default_lang(&self) -> crate::text::Lang {
        self.settings.default_lang
    }

    /// Opens the store once, to report a store that cannot be read before serving.
    pub fn check(&self) -> Result<(), StoreError> {
        self.read(|_| Ok(()))
    }

    /// Runs `f` on a connection that cannot write.
    fn read<T>(&self, f: impl FnOnce(&Store) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let idle = self.readers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let store = match idle {
            Some(s) => s,
            None => Store::open_for_reading(&self.settings.store)?,
        };
        let out = f(&store);
        let mut readers = self.readers.lock().unwrap_or_else(|e| e.into_inner());
        if readers.len() < IDLE_READERS {
            readers.push(store);
        }
        out
    }

    fn missing(&self, chrome: Chrome, what: Missing) -> Result<Answer, StoreError> {
        Ok(Answer::Missing(render(&pages::missing(chrome, what))))
    }

    /// The front page.
    pub fn index(&self, chrome: Chrome) -> Result<Answer, StoreError> {
        self.read(|store| {
            let mut r = Reading::new(store, self);
            let events: Vec<(String, String, EventStatus)> = store
                .event_list()?
                .into_iter()
                .filter_map(|(_, name, title, status)| {
                    Some((name, title, EventStatus::from_code(&status)?))
                })
                .collect();
            let mut rows = Vec::new();
            for game in store.recent_games(RECENT * 4)? {
                if rows.len() == RECENT {
                    break;
                }
                if let Some(row) = r.row(&chrome, &game)? {
                    rows.push(row);
                }
            }
            Ok(Answer::Page(render(&pages::index::page(
                chrome, &events, rows,
            ))))
        })
    }

    /// Game `id`'s page after `step` moves (`None`: the latest shown).
    pub fn game(
        &self,
        chrome: Chrome,
        id: i64,
        step: Option<usize>,
        now: Timestamp,
    ) -> Result<Answer, StoreError> {
        self.read(|store| {
            let mut r = Reading::new(store, self);
            let Some((game, seen)) = r.shown_game(id)? else {
                return self.missing(chrome, Missing::Game);
            };
            let event = r.event_of(&game)?;
            let players = r.seats(&chrome, &game)?;
            let delay = event.as_ref().map_or(0, |e| e.conditions.spectator_delay);
            let clocks = if shows_everything(&game, delay) && game.status == GameStatus::Active {
                r.clocks(&game, now)?
            } else {
                None
            };
            let facts = GameFacts {
                game: &seen,
                delay: if seen.moves.len() < game.moves.len() {
                    delay
                } else {
                    0
                },
                players,
                event: event.as_ref().map(|e| EventLink {
                    href: chrome.href(&format!("/events/{}", e.name)),
                    title: e.title.clone(),
                    round: game.terms.event.map_or(0, |(_, round)| round),
                }),
                clocks,
            };
            match pages::game::page(chrome.clone(), &facts, step) {
                Ok(page) => Ok(Answer::Page(render(&page))),
                Err(pages::game::NoPage::NoSuchMove) => self.missing(chrome, Missing::Move),
                Err(pages::game::NoPage::Unreadable) => {
                    tracing::warn!(
                        game = id,
                        "a stored game does not replay; its page is not shown"
                    );
                    self.missing(chrome, Missing::Game)
                }
            }
        })
    }

    /// Game `id`'s record, as spectators see the game.
    pub fn record(&self, chrome: Chrome, id: i64) -> Result<Answer, StoreError> {
        self.read(|store| {
            let mut r = Reading::new(store, self);
            let Some((game, seen)) = r.shown_game(id)? else {
                return self.missing(chrome, Missing::Game);
            };
            let players = r.seats(&chrome, &game)?;
            let (text, file) = pages::game::record(&seen, &players);
            Ok(Answer::Record(text, file))
        })
    }

    /// The page of the player whose handle is `key`.
    pub fn player(&self, chrome: Chrome, key: &str, now: Timestamp) -> Result<Answer, StoreError> {
        self.read(|store| {
            let Some(address) = self.address_of(store, key)? else {
                return self.missing(chrome, Missing::Player);
            };
            let mut r = Reading::new(store, self);
            let public = r.public(&address)?;
            let name = r.named(&chrome, &address, None)?.name;
            let ratings = self
                .ratings_after_last_month(store, now)?
                .iter()
                .filter_map(|(pool, players)| Some((pool.clone(), *players.get(&address)?)))
                .collect();
            let mut events = Vec::new();
            for (name, title) in store.events_entered(&address)? {
                events.push((chrome.href(&format!("/events/{name}")), title));
            }
            let games = store.latest_games_of(&address, PLAYER_GAMES)?;
            let mut rows = Vec::new();
            for game in &games {
                if let Some(row) = r.row(&chrome, game)? {
                    rows.push(row);
                }
            }
            let facts = PlayerFacts {
                name,
                ratings,
                events,
                games: rows,
                hidden: !public,
            };
            Ok(Answer::Page(render(&pages::player::page(chrome, facts))))
        })
    }

    /// The page of the event named `key` (or numbered).
    pub fn event(&self, chrome: Chrome, key: &str, now: Timestamp) -> Result<Answer, StoreError> {
        self.read(|store| {
            let Some(event) = store.event(key)? else {
                return self.missing(chrome, Missing::Event);
            };
            let mut r = Reading::new(store, self);
            let delay = event.conditions.spectator_delay;
            let games: Vec<StoredGame> = store
                .event_games(event.id)?
                .iter()
                .map(|g| as_shown(g, shown_moves(g, delay)))
                .collect();
            let ratings = self
                .ratings_after_last_month(store, now)?
                .get(&event.conditions.pool())
                .map(|players| {
                    players
                        .iter()
                        .map(|(address, r)| (address.clone(), r.rating))
                        .collect()
                })
                .unwrap_or_default();
            let mut entrants = BTreeMap::new();
            for entry in &event.entries {
                let named = r.named(&chrome, &entry.address, Some(&event))?;
                entrants.insert(entry.address.to_lowercase(), named);
            }
            let facts = EventFacts {
                event: &event,
                games: &games,
                ratings: &ratings,
                leave_days: self.settings.clock.leave_days,
                entrants: &entrants,
            };
            Ok(Answer::Page(render(&pages::event::page(
                chrome.clone(),
                &facts,
            ))))
        })
    }

    /// The statistics page of `kind`'s games (`None`: of every game), its figures at most
    /// a minute old ([`KeptFigures`]).
    pub fn stats(&self, chrome: Chrome, kind: Option<GameKind>) -> Result<Answer, StoreError> {
        let figures = self.figures.get(kind, Instant::now(), || {
            self.read(|store| Ok(statistics(store.finished_games(kind)?)))
        })?;
        Ok(Answer::Page(render(&pages::stats::page(
            chrome, kind, &figures,
        ))))
    }

    /// Every pool's ratings after the last complete month before `now` (as
    /// [`crate::rating::history::RatingRecord::ratings`] works them out), at most a minute
    /// old ([`KeptRatings`]).
    fn ratings_after_last_month(
        &self,
        store: &Store,
        now: Timestamp,
    ) -> Result<std::sync::Arc<super::ratings::PoolRatings>, StoreError> {
        let last = crate::rating::history::period_of(now) - 1;
        self.ratings.get(last, Instant::now(), || {
            Ok(store.rating_record()?.ratings(last))
        })
    }

    /// The address whose handle is `key`, if the store knows one.
    fn address_of(&self, store: &Store, key: &str) -> Result<Option<String>, StoreError> {
        if key.len() != 12 || !key.chars().all(|c| c.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let key = key.to_ascii_lowercase();
        {
            let handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(a) = handles.by_handle.get(&key) {
                return Ok(Some(a.clone()));
            }
            // A handle the map does not know: a new player, or a made-up address. The
            // addresses are read again at most once every few seconds, so that made-up
            // addresses cost a lookup, not a scan of every player.
            if handles.read_at.is_some_and(|at| at.elapsed() < REREAD) {
                return Ok(None);
            }
        }
        let by_handle: HashMap<String, String> = store
            .known_addresses()?
            .into_iter()
            .flat_map(|a| {
                let address = a.to_lowercase();
                self.settings
                    .page_keys
                    .iter()
                    .rev()
                    .map(move |k| (handle(k, &address), address.clone()))
            })
            .collect();
        let found = by_handle.get(&key).cloned();
        *self.handles.lock().unwrap_or_else(|e| e.into_inner()) = Handles {
            by_handle,
            read_at: Some(Instant::now()),
        };
        Ok(found)
    }
}

impl<'s> Reading<'s> {
    fn new(store: &'s Store, site: &'s Site) -> Reading<'s> {
        Reading {
            store,
            site,
            events: HashMap::new(),
            players: HashMap::new(),
        }
    }

    fn player(&mut self, address: &str) -> Result<Option<&Player>, StoreError> {
        let key = address.to_lowercase();
        if !self.players.contains_key(&key) {
            let p = self.store.player(&key)?;
            self.players.insert(key.clone(), p);
        }
        Ok(self.players.get(&key).and_then(Option::as_ref))
    }

    /// Whether `address` shows their casual games.
    fn public(&mut self, address: &str) -> Result<bool, StoreError> {
        Ok(self.player(address)?.is_none_or(|p| p.public))
    }

    fn event_of(&mut self, game: &StoredGame) -> Result<Option<StoredEvent>, StoreError> {
        let Some((id, _)) = game.terms.event else {
            return Ok(None);
        };
        if !self.events.contains_key(&id) {
            let e = self.store.event(&id.to_string())?;
            self.events.insert(id, e);
        }
        Ok(self.events.get(&id).cloned().flatten())
    }

    /// Game `id` and what spectators see of it, when the pages show it.
    fn shown_game(&mut self, id: i64) -> Result<Option<(StoredGame, StoredGame)>, StoreError> {
        let Some(game) = self.store.game(id)? else {
            return Ok(None);
        };
        if !self.listed(&game)? {
            return Ok(None);
        }
        let delay = self
            .event_of(&game)?
            .map_or(0, |e| e.conditions.spectator_delay);
        let seen = as_shown(&game, shown_moves(&game, delay));
        Ok(Some((game, seen)))
    }

    fn listed(&mut self, game: &StoredGame) -> Result<bool, StoreError> {
        let white = self.public(&game.white)?;
        let black = self.public(&game.black)?;
        Ok(listed(
            game,
            |a| if a == game.white { white } else { black },
        ))
    }

    /// The line of `game` in a list, when the pages show it.
    fn row(&mut self, chrome: &Chrome, game: &StoredGame) -> Result<Option<GameRow>, StoreError> {
        if !self.listed(game)? {
            return Ok(None);
        }
        let delay = self
            .event_of(game)?
            .map_or(0, |e| e.conditions.spectator_delay);
        let seen = as_shown(game, shown_moves(game, delay));
        let players = self.seats(chrome, game)?;
        Ok(Some(GameRow::of(chrome, &seen, players)))
    }

    /// The players of `game`, White then Black.
    fn seats(&mut self, chrome: &Chrome, game: &StoredGame) -> Result<[Named; 2], StoreError> {
        let event = self.event_of(game)?;
        Ok([
            self.named(chrome, &game.white, event.as_ref())?,
            self.named(chrome, &game.black, event.as_ref())?,
        ])
    }

    /// How the pages name `address`: the name they entered `event` under, else the name
    /// their mail gives, else the name of their latest entry, else "Player" and their
    /// handle. Never the address.
    fn named(
        &mut self,
        chrome: &Chrome,
        address: &str,
        event: Option<&StoredEvent>,
    ) -> Result<Named, StoreError> {
        let key = handle(self.site.settings.page_key(), address);
        // The computer is named as such, with its level, on every page.
        if let Some(level) = crate::referee::computer::level_of(address) {
            return Ok(Named {
                name: t!(chrome.lang, "web-computer", level = level.number()),
                href: chrome.href(&format!("/players/{key}")),
            });
        }
        let from_event = event
            .and_then(|e| e.entry_of(address))
            .and_then(|e| public_name(Some(&e.name)));
        let name = match from_event {
            Some(n) => n,
            None => match self
                .player(address)?
                .and_then(|p| public_name(p.name.as_deref()))
            {
                Some(n) => n,
                None => match public_name(self.store.entry_name(address)?.as_deref()) {
                    Some(n) => n,
                    None => t!(chrome.lang, "web-unnamed", handle = key.clone()),
                },
            },
        };
        Ok(Named {
            name,
            href: chrome.href(&format!("/players/{key}")),
        })
    }

    /// Both clocks of `game` at `now`.
    fn clocks(
        &mut self,
        game: &StoredGame,
        now: Timestamp,
    ) -> Result<Option<view::ClockView>, StoreError> {
        if !game.clock.control.is_timed() {
            return Ok(None);
        }
        let outages = self.store.outages(game.created_at)?;
        let white = self.player(&game.white)?.cloned();
        let black = self.player(&game.black)?.cloned();
        let around = Circumstances::of(
            &self.site.settings.clock,
            game,
            |a| {
                if a == game.white {
                    white.as_ref()
                } else {
                    black.as_ref()
                }
            },
            &outages,
        );
        Ok(clock_view(game, &around, Side::White, now))
    }
}

/// A page's HTML (a template that fails to render is a bug: its error is the page).
fn render(page: &impl askama::Template) -> String {
    page.render()
        .unwrap_or_else(|e| format!("<!DOCTYPE html><title>error</title><p>{e}</p>"))
}
