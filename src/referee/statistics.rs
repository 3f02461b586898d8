//! The statistics of finished games, by game and variant: how many were played, the wins
//! of each side and the draws, the average length, the most played openings and the
//! longest games. What the statistics page and `arbitre stats` show (their words are
//! [`super::statistics_text`]'s). Pure: the store reads one [`Finished`] line per
//! finished game, never its moves past the second; this file decides which games count
//! and what they add up to.
//!
//! Which games count:
//! - only those the public pages show, by [`super::spectators::listed_by`], the rule of
//!   the front page and the lists: a casual game when neither player hid their casual
//!   games (`PUBLIC OFF`), every tournament game. A finished game shows all its moves, so
//!   no spectator delay holds anything back here;
//! - only games that were played: a game that ended before its first move (cancelled
//!   because the first move never came, resigned or adjudicated at once) is not a finished
//!   game here, and neither is a game that counts for nobody whatever its moves (cancelled
//!   by a director, or by an event when a player withdrew:
//!   [`Termination::counts_for_nobody`]). A declined challenge never started;
//! - only games between people: a game against the computer says nothing of how people
//!   play the game (its openings are the computer's).
//!
//! Lengths are in moves as the pages count them: each player's move counts one, a forced
//! pass too (the referee stores it as a move).

use std::collections::{BTreeMap, HashMap};

use crate::base::GameId;
use crate::games::{AnyGame, GameKind, Side, Start, Termination};
use crate::referee::GameStatus;

use super::spectators::listed_by;

/// How many openings the figures keep, the most played first.
pub const OPENINGS: usize = 10;
/// How many of the longest games the figures keep.
pub const LONGEST: usize = 5;
/// How many moves make an opening.
pub const OPENING_MOVES: usize = 2;

/// One finished game as the statistics read it: its result, whether the pages show it,
/// its length and its first two moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Its number.
    pub id: GameId,
    /// Which game.
    pub kind: GameKind,
    /// Its variant, when it started from a named one.
    pub variant: Option<String>,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// How it ended (the termination code), `None` when the store holds no result.
    pub termination: Option<String>,
    /// Whether it belongs to an event.
    pub tournament: bool,
    /// Whether each player (White, Black) shows their casual games.
    pub public: [bool; 2],
    /// How many moves it has.
    pub moves: usize,
    /// Its first moves as stored (canonical notation), at most [`OPENING_MOVES`].
    pub opening: Vec<String>,
    /// Whether the computer played in it (`NEW ... VS arbitre`).
    pub computer: bool,
}

impl Finished {
    /// Whether the statistics count this game (see the module's doc).
    pub fn counts(&self) -> bool {
        listed_by(GameStatus::Finished, self.tournament, self.public)
            && !self.computer
            && self.moves > 0
            && self
                .termination
                .as_deref()
                .is_some_and(|t| !Termination::counts_for_nobody(t))
    }
}

/// An opening and how many games began with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Its moves, in the game's canonical notation.
    pub moves: Vec<String>,
    /// How many games.
    pub games: u32,
}

/// One of the longest games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongGame {
    /// Its number.
    pub id: GameId,
    /// How many moves.
    pub moves: usize,
    /// Its winner, `None` for a draw.
    pub winner: Option<Side>,
}

/// A number with one decimal, held as tenths (`333` is 33.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tenths(pub u64);

impl Tenths {
    /// `part / whole` in tenths, rounded half up; 0 when `whole` is 0.
    pub fn ratio(part: u64, whole: u64) -> Tenths {
        if whole == 0 {
            return Tenths(0);
        }
        Tenths((part * 20 + whole) / (2 * whole))
    }

    /// The share of `part` in `whole`, in per cent.
    pub fn percent(part: u64, whole: u64) -> Tenths {
        Tenths::ratio(part * 100, whole)
    }
}

/// The figures of one game and variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The game.
    pub kind: GameKind,
    /// The variant (`None`: games started from a position of their own).
    pub variant: Option<String>,
    /// How many games count.
    pub games: u32,
    /// The wins of each side, the side that opens the game first.
    pub wins: [(Side, u32); 2],
    /// The draws.
    pub draws: u32,
    /// Their moves, all added up.
    pub moves: u64,
    /// The most played openings (games of at least two moves), at most [`OPENINGS`]: the
    /// most games first, then by their moves' text.
    pub openings: Vec<Opening>,
    /// The longest games, at most [`LONGEST`]: the most moves first, then the lowest
    /// number.
    pub longest: Vec<LongGame>,
}

impl Figures {
    /// The average length, in moves.
    pub fn average(&self) -> Tenths {
        Tenths::ratio(self.moves, u64::from(self.games))
    }

    /// The share of `count` games among all, in per cent.
    pub fn share(&self, count: u32) -> Tenths {
        Tenths::percent(u64::from(count), u64::from(self.games))
    }
}

/// The figures of each game and variant that has games counting among `games`, in the
/// order of [`GameKind::ALL`], then of the game's variants (a variant the game no longer
/// knows after them, by name; games of a position of their own last).
pub fn statistics(games: impl IntoIterator<Item = Finished>) -> Vec<Figures> {
    let mut groups: BTreeMap<(usize, usize, Option<String>), Tally> = BTreeMap::new();
    for game in games.into_iter().filter(Finished::counts) {
        let key = order(game.kind, game.variant.as_deref());
        groups.entry(key).or_default().add(game);
    }
    groups.into_values().filter_map(Tally::figures).collect()
}

/// Where the section of `kind`'s `variant` goes.
fn order(kind: GameKind, variant: Option<&str>) -> (usize, usize, Option<String>) {
    let of_kind = GameKind::ALL
        .iter()
        .position(|k| *k == kind)
        .unwrap_or(usize::MAX);
    let known = kind.variants().len();
    let of_variant = match variant {
        Some(v) => kind
            .variants()
            .iter()
            .position(|known| known.id == v)
            .unwrap_or(known),
        None => known + 1,
    };
    (of_kind, of_variant, variant.map(str::to_string))
}

/// The side that moves first from `kind`'s `variant` (White when the start cannot be
/// set up).
fn opener(kind: GameKind, variant: Option<&str>) -> Side {
    let start = match variant {
        Some(v) => Start::Variant(v.to_string()),
        None => Start::Default,
    };
    AnyGame::new(kind, &start, None, "")
        .or_else(|_| AnyGame::new(kind, &Start::Default, None, ""))
        .map_or(Side::White, |g| g.side_to_move())
}

/// The games of one game and variant, as they are read.
#[derive(Default)]
struct Tally {
    first: Option<Finished>,
    wins: [u32; 2],
    draws: u32,
    moves: u64,
    openings: HashMap<Vec<String>, u32>,
    lengths: Vec<LongGame>,
}

impl Tally {
    fn add(&mut self, game: Finished) {
        match game.winner {
            Some(side) => self.wins[side.index()] += 1,
            None => self.draws += 1,
        }
        self.moves += game.moves as u64;
        self.lengths.push(LongGame {
            id: game.id,
            moves: game.moves,
            winner: game.winner,
        });
        if game.opening.len() == OPENING_MOVES {
            *self.openings.entry(game.opening.clone()).or_default() += 1;
        }
        if self.first.is_none() {
            self.first = Some(game);
        }
    }

    fn figures(self) -> Option<Figures> {
        let first = self.first?;
        let opens = opener(first.kind, first.variant.as_deref());
        let mut openings: Vec<Opening> = self
            .openings
            .into_iter()
            .map(|(moves, games)| Opening { moves, games })
            .collect();
        openings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.moves.cmp(&b.moves)));
        openings.truncate(OPENINGS);
        let mut longest = self.lengths;
        longest.sort_by(|a, b| b.moves.cmp(&a.moves).then(a.id.cmp(&b.id)));
        longest.truncate(LONGEST);
        Some(Figures {
            kind: first.kind,
            variant: first.variant,
            games: self.wins[0] + self.wins[1] + self.draws,
            wins: [opens, opens.opponent()].map(|side| (side, self.wins[side.index()])),
            draws: self.draws,
            moves: self.moves,
            openings,
            longest,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counting casual game of Abalone: `moves` long, opened with `opening`.
    fn game(id: GameId, winner: Option<Side>, moves: usize, opening: &[&str]) -> Finished {
        Finished {
            id,
            kind: GameKind::Abalone,
            variant: Some("standard".into()),
            winner,
            termination: Some("resignation".into()),
            tournament: false,
            public: [true, true],
            moves,
            opening: opening.iter().map(|m| m.to_string()).collect(),
            computer: false,
        }
    }

    #[test]
    fn only_played_games_the_pages_show_count() {
        let shown = game(1, Some(Side::White), 10, &["a1b2", "i5h5"]);
        assert!(shown.counts());
        let hidden = Finished {
            public: [true, false],
            ..shown.clone()
        };
        assert!(!hidden.counts(), "a player hid their casual games");
        let event = Finished {
            tournament: true,
            ..hidden.clone()
        };
        assert!(event.counts(), "tournament games are public");
        let unplayed = Finished {
            moves: 0,
            opening: Vec::new(),
            ..shown.clone()
        };
        assert!(!unplayed.counts(), "ended before its first move");
        let against_computer = Finished {
            computer: true,
            ..shown.clone()
        };
        assert!(!against_computer.counts(), "a game against the computer");
        for nobody in ["cancelled", "cancelled-by-director", "withdrawal"] {
            let g = Finished {
                termination: Some(nobody.into()),
                ..shown.clone()
            };
            assert!(!g.counts(), "{nobody} counts for nobody");
        }
        let no_result = Finished {
            termination: None,
            ..shown
        };
        assert!(!no_result.counts());
    }

    #[test]
    fn the_figures_add_up_by_game_and_variant() {
        let mut games = vec![
            game(1, Some(Side::White), 10, &["a1b2", "i5h5"]),
            game(2, Some(Side::Black), 30, &["a1b2", "i5h5"]),
            game(3, None, 21, &["a1b1", "i5h5"]),
            game(4, Some(Side::Black), 1, &["a1b1"]),
            Finished {
                public: [false, true],
                ..game(5, Some(Side::White), 99, &["a1b1", "i5h5"])
            },
        ];
        games.push(Finished {
            kind: GameKind::Ataxx,
            variant: Some("standard".into()),
            ..game(6, None, 4, &["f2", "b1"])
        });
        games.push(Finished {
            variant: Some("belgian-daisy".into()),
            ..game(7, Some(Side::White), 8, &["a1a2", "i9h9"])
        });
        let all = statistics(games);
        let sections: Vec<(GameKind, Option<&str>, u32)> = all
            .iter()
            .map(|f| (f.kind, f.variant.as_deref(), f.games))
            .collect();
        assert_eq!(
            sections,
            [
                (GameKind::Abalone, Some("standard"), 4),
                (GameKind::Abalone, Some("belgian-daisy"), 1),
                (GameKind::Ataxx, Some("standard"), 1),
            ]
        );
        let abalone = &all[0];
        // Black opens Abalone: its wins come first.
        assert_eq!(abalone.wins, [(Side::Black, 2), (Side::White, 1)]);
        assert_eq!(abalone.draws, 1);
        assert_eq!(abalone.moves, 62);
        assert_eq!(abalone.average(), Tenths(155));
        assert_eq!(abalone.share(2), Tenths(500));
        assert_eq!(abalone.share(1), Tenths(250));
        // The one-move game has no opening; the hidden game is left out.
        assert_eq!(
            abalone.openings,
            [
                Opening {
                    moves: vec!["a1b2".into(), "i5h5".into()],
                    games: 2
                },
                Opening {
                    moves: vec!["a1b1".into(), "i5h5".into()],
                    games: 1
                },
            ]
        );
        let longest: Vec<(GameId, usize)> =
            abalone.longest.iter().map(|l| (l.id, l.moves)).collect();
        assert_eq!(longest, [(2, 30), (3, 21), (1, 10), (4, 1)]);
        assert_eq!(all[2].wins, [(Side::Black, 0), (Side::White, 0)]);
        assert_eq!(all[2].draws, 1);
    }

    #[test]
    fn only_the_most_played_openings_and_the_longest_games_are_kept() {
        let games = (1..=30).map(|id| {
            let i = id as usize;
            game(id, None, i, &[&format!("m{}", i % 12), "x"])
        });
        let f = &statistics(games)[0];
        assert_eq!(f.openings.len(), OPENINGS);
        // m1 to m6 open three games each (m1: games 1, 13 and 25), the others two.
        assert_eq!(f.openings[0].games, 3);
        assert_eq!(f.openings[0].moves[0], "m1");
        let longest: Vec<GameId> = f.longest.iter().map(|l| l.id).collect();
        assert_eq!(longest, [30, 29, 28, 27, 26]);
        // Ties: the lower number first.
        let tied = statistics([game(9, None, 5, &[]), game(3, None, 5, &[])]);
        assert_eq!(tied[0].longest[0].id, 3);
    }

    #[test]
    fn shares_and_averages_round_half_up_to_a_tenth() {
        assert_eq!(Tenths::percent(1, 3), Tenths(333));
        assert_eq!(Tenths::percent(2, 3), Tenths(667));
        assert_eq!(Tenths::percent(1, 8), Tenths(125));
        assert_eq!(Tenths::percent(1, 16), Tenths(63));
        assert_eq!(Tenths::ratio(7, 2), Tenths(35));
        assert_eq!(Tenths::ratio(1, 0), Tenths(0));
    }
}
