//! A correspondence event as arbitre keeps it: its conditions (written once, shown to every
//! participant, like an ICCF event page), its entrants, and its pairings round by round.
//! The store saves and loads it whole; the referee reads it to start rounds and answer
//! players; the pure functions of this module turn it into the table the pairing and the
//! tie-breaks read. Pure.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::{ByeKind, Colour, Entrant, GameResult, PointSystem, RoundEntry, Table, Tpn};

/// How the event pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "system")]
pub enum System {
    /// Everyone plays everyone once (`double`: twice, colours reversed), all games at once.
    RoundRobin {
        /// Two cycles.
        double: bool,
    },
    /// Swiss, FIDE Dutch system, `rounds` rounds, each paired when the previous one is over.
    Swiss {
        /// The planned number of rounds.
        rounds: u32,
    },
    /// Knock-out by mini-matches of two games.
    Knockout {
        /// A tied mini-match: another pair of games (`true`) or the higher seed goes on.
        replay_ties: bool,
    },
}

impl System {
    /// The word used on the command line and in the conditions.
    pub fn name(&self) -> &'static str {
        match self {
            System::RoundRobin { double: false } => "round-robin",
            System::RoundRobin { double: true } => "double-round-robin",
            System::Swiss { .. } => "swiss",
            System::Knockout { .. } => "knockout",
        }
    }
}

/// How players enter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "entry")]
pub enum EntryPolicy {
    /// Entries by mail wait for a director to confirm them.
    Confirm,
    /// Entries by mail are accepted at once until this date (`YYYY-MM-DD`, inclusive, in
    /// UTC), then refused.
    OpenUntil {
        /// The last day.
        date: String,
    },
    /// Only the director enters players.
    Closed,
}

/// The conditions of an event: everything a participant should know before entering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Conditions {
    /// The game (its canonical name: `abalone`, `bulltricker`, ...).
    pub game: String,
    /// The named start, if any.
    #[serde(default)]
    pub variant: Option<String>,
    /// The game options (`name=value,...`).
    #[serde(default)]
    pub options: String,
    /// The system.
    pub system: System,
    /// The time control, as `arbitre new --time` reads it.
    pub time: String,
    /// Whether conditional moves (`IF ... THEN ...`) are allowed.
    pub conditional_moves: bool,
    /// Whether take-backs by agreement (`UNDO`) are allowed.
    pub takebacks: bool,
    /// The most draw offers each player may make per game, if limited.
    #[serde(default)]
    pub draw_offers: Option<u32>,
    /// The tie-breaks, in order (C.07 codes: `WIN`, `SB`, `DE`, `BH`, `BH-C1`, `BH-M1`,
    /// `ARO`, `LOTS`).
    pub tie_breaks: Vec<String>,
    /// Other participants and spectators see a game this many moves late.
    #[serde(default)]
    pub spectator_delay: u32,
    /// The directors' addresses.
    pub directors: Vec<String>,
    /// How players enter.
    pub entry: EntryPolicy,
    /// Whether the games are rated.
    pub rated: bool,
    /// Whether the games are rated in a pool of their own variant (`abalone/belgian-daisy`)
    /// rather than the game's.
    #[serde(default)]
    pub variant_pool: bool,
}

impl Conditions {
    /// The rating pool of the event's games: the game, or the game and its variant.
    pub fn pool(&self) -> String {
        match (&self.variant, self.variant_pool) {
            (Some(v), true) => format!("{}/{v}", self.game),
            _ => self.game.clone(),
        }
    }
}

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventStatus {
    /// Taking entries.
    Entry,
    /// Started.
    Running,
    /// Every game is over; the final crosstable was sent.
    Finished,
}

impl EventStatus {
    /// The code stored.
    pub fn code(self) -> &'static str {
        match self {
            EventStatus::Entry => "entry",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }

    /// Reads a stored code.
    pub fn from_code(code: &str) -> Option<EventStatus> {
        Some(match code {
            "entry" => EventStatus::Entry,
            "running" => EventStatus::Running,
            "finished" => EventStatus::Finished,
            _ => return None,
        })
    }
}

/// Where an entry stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryStatus {
    /// Asked by mail, waiting for a director.
    Pending,
    /// In the event.
    Confirmed,
    /// Withdrew, or was withdrawn, after the start.
    Withdrawn,
}

impl EntryStatus {
    /// The code stored.
    pub fn code(self) -> &'static str {
        match self {
            EntryStatus::Pending => "pending",
            EntryStatus::Confirmed => "confirmed",
            EntryStatus::Withdrawn => "withdrawn",
        }
    }

    /// Reads a stored code.
    pub fn from_code(code: &str) -> Option<EntryStatus> {
        Some(match code {
            "pending" => EntryStatus::Pending,
            "confirmed" => EntryStatus::Confirmed,
            "withdrawn" => EntryStatus::Withdrawn,
            _ => return None,
        })
    }
}

/// One entrant of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Their address (never shown to other players).
    pub address: String,
    /// The name shown in tables.
    pub name: String,
    /// The rating they entered with, if any (an Elo-like figure).
    pub rating: Option<u32>,
    /// Federation or club, free text.
    pub club: String,
    /// Where the entry stands.
    pub status: EntryStatus,
    /// Their pairing number, given at the start (by rating, then name).
    pub tpn: Option<Tpn>,
    /// The round after which they withdrew (they play no later round).
    pub withdrawn_after: Option<u32>,
}

/// What a pairing of an event became.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A game is being played (or was: its result is the game's).
    Game(i64),
    /// A bye of the given kind (no game).
    Bye(ByeKind),
}

/// One board of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The round, 1 first.
    pub round: u32,
    /// The board in the round, 1 first.
    pub board: u32,
    /// The first mover (or the player with the bye).
    pub white: Tpn,
    /// The second mover; `None` for a bye.
    pub black: Option<Tpn>,
    /// The game, or the bye.
    pub outcome: Outcome,
}

/// A game's result as the event sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    /// Not over.
    Pending,
    /// Over the board (including a loss on time or a resignation), from White's side.
    Played(GameResult),
    /// Decided without play: White (`true`) or Black won by forfeit.
    Forfeit {
        /// Whether White won.
        white_won: bool,
    },
    /// Cancelled: counts for nobody.
    Cancelled,
}

/// An event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// Its number.
    pub id: i64,
    /// Its short name (`spring-2027`), used in commands: `JOIN spring-2027`.
    pub name: String,
    /// Its title, shown.
    pub title: String,
    /// The conditions.
    pub conditions: Conditions,
    /// Where it stands.
    pub status: EventStatus,
    /// The rounds paired so far.
    pub round: u32,
    /// The colour drawn for the top player of round 1, and the seed of the lots.
    pub lots: u64,
    /// The entrants.
    pub entries: Vec<Entry>,
    /// Every pairing so far.
    pub pairings: Vec<Pairing>,
    /// When it was created.
    pub created_at: i64,
    /// When it last changed.
    pub updated_at: i64,
    /// Why the event cannot move on, as its directors were last told (cleared when it
    /// moves on again).
    pub stuck: Option<String>,
}

impl StoredEvent {
    /// The colour of the top player in round 1 (drawn from the lots).
    pub fn initial_colour(&self) -> Colour {
        if self.lots & 1 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// The entrant with this pairing number.
    pub fn entrant(&self, tpn: Tpn) -> Option<&Entry> {
        self.entries.iter().find(|e| e.tpn == Some(tpn))
    }

    /// The entry of `address`, if any.
    pub fn entry_of(&self, address: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.address.eq_ignore_ascii_case(address))
    }

    /// The players in the event (confirmed or withdrawn after the start), by pairing number.
    pub fn players(&self) -> Vec<&Entry> {
        let mut players: Vec<&Entry> = self.entries.iter().filter(|e| e.tpn.is_some()).collect();
        players.sort_by_key(|e| e.tpn);
        players
    }

    /// The event's table for pairing and tie-breaks: every pairing so far with the result
    /// `score` gives for its game. Rounds after a withdrawal are absences.
    pub fn table(&self, score: impl Fn(i64) -> GameScore) -> Table {
        let players = self.players();
        let (columns, rounds) = self.columns();
        let mut entrants: Vec<Entrant> = players
            .iter()
            .map(|e| Entrant {
                tpn: e.tpn.unwrap_or(0),
                name: e.name.clone(),
                rating: e.rating,
                rounds: vec![RoundEntry::Absent; rounds],
            })
            .collect();
        let slot = |tpn: Tpn| (tpn as usize).wrapping_sub(1);
        for pairing in &self.pairings {
            let Some(&r) = columns.get(&(pairing.round, pairing.board)) else {
                continue;
            };
            if r >= rounds {
                continue;
            }
            match (pairing.outcome, pairing.black) {
                (Outcome::Bye(kind), _) => {
                    if let Some(e) = entrants.get_mut(slot(pairing.white)) {
                        e.rounds[r] = RoundEntry::Bye(kind);
                    }
                }
                (Outcome::Game(id), Some(black)) => {
                    let white = pairing.white;
                    let (w, b) = match score(id) {
                        GameScore::Pending => (
                            RoundEntry::Pending {
                                opponent: black,
                                colour: Colour::White,
                            },
                            RoundEntry::Pending {
                                opponent: white,
                                colour: Colour::Black,
                            },
                        ),
                        GameScore::Played(result) => (
                            RoundEntry::Played {
                                opponent: black,
                                colour: Colour::White,
                                result,
                            },
                            RoundEntry::Played {
                                opponent: white,
                                colour: Colour::Black,
                                result: result.reversed(),
                            },
                        ),
                        GameScore::Forfeit { white_won } => (
                            RoundEntry::Forfeit {
                                opponent: black,
                                colour: Some(Colour::White),
                                won: white_won,
                            },
                            RoundEntry::Forfeit {
                                opponent: white,
                                colour: Some(Colour::Black),
                                won: !white_won,
                            },
                        ),
                        GameScore::Cancelled => (
                            RoundEntry::Forfeit {
                                opponent: black,
                                colour: Some(Colour::White),
                                won: false,
                            },
                            RoundEntry::Forfeit {
                                opponent: white,
                                colour: Some(Colour::Black),
                                won: false,
                            },
                        ),
                    };
                    if let Some(e) = entrants.get_mut(slot(white)) {
                        e.rounds[r] = w;
                    }
                    if let Some(e) = entrants.get_mut(slot(black)) {
                        e.rounds[r] = b;
                    }
                }
                (Outcome::Game(_), None) => {}
            }
        }
        Table {
            entrants,
            points: PointSystem::default(),
        }
    }

    /// The table's column of each pairing, and the number of columns. A round is one
    /// column, except in a knock-out, where each game of a mini-match (two, or more after
    /// a tie) has a column of its own.
    fn columns(&self) -> (BTreeMap<(u32, u32), usize>, usize) {
        let mut columns = BTreeMap::new();
        let knockout = matches!(self.conditions.system, System::Knockout { .. });
        let mut offset = 0;
        for round in 1..=self.round {
            let mut ties: Vec<((Tpn, Option<Tpn>), usize)> = Vec::new();
            let mut width = 1;
            let mut boards: Vec<&Pairing> =
                self.pairings.iter().filter(|p| p.round == round).collect();
            boards.sort_by_key(|p| p.board);
            for p in boards {
                let sub = if knockout {
                    let key = match p.black {
                        Some(b) => (p.white.min(b), Some(p.white.max(b))),
                        None => (p.white, None),
                    };
                    match ties.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, n)) => {
                            *n += 1;
                            *n - 1
                        }
                        None => {
                            ties.push((key, 1));
                            0
                        }
                    }
                } else {
                    0
                };
                width = width.max(sub + 1);
                columns.insert((round, p.board), offset + sub);
            }
            offset += width;
        }
        (columns, offset)
    }
}
