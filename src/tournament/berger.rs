//! Round-robin schedules by the Berger tables (FIDE Handbook C.05, Annex 1): who meets whom in
//! each round, with which colour, on which board, for a single or a double round robin. Pure.
//!
//! # The tables
//!
//! The published tables go up to 16 players; the rule below reproduces every one of them
//! (pairs, colours and board order; `tests/tournament/tournament_berger.rs` checks that against the
//! transcribed tables in `tests/data/berger/`) and extends them to any even number `n`:
//!
//! - round `r` (1 to `n − 1`) pairs player `n` with `k = (r − 1)·n/2 mod (n − 1) + 1`, on
//!   board 1; in an odd round `k` has White, in an even round `n` has White;
//! - board `b` (2 to `n/2`) pairs `k + (b − 1)`, with White, against `k − (b − 1)`, both
//!   counted round the circle 1 to `n − 1`.
//!
//! For an odd number of players the tables add one more number, the highest, and "the highest
//! number counts as a bye": whoever is paired with it has the round off ([`Round::bye`]), and
//! board 1, where that pairing always sits, is left out of [`Round::games`].
//!
//! # Double round robin
//!
//! The second cycle repeats the first with the colours reversed. For a double round robin FIDE
//! recommends "to reverse the order of the last two rounds of the first cycle. This is to avoid
//! three consecutive games with the same colour" (C.05 Annex 1, in the wording quoted by the
//! sources listed in `tests/data/berger/README.md`; Fox's page,
//! <http://c.w.fox.tripod.com/chess/berger.html>, says "the last two rounds of the first half
//! of the schedule be switched"). Without it, players 1 and `n/2 + 1` would play three games
//! running with one colour where the cycles meet.
//!
//! Our reading, which [`double`] follows: the exchange is made in the first cycle only; the
//! second cycle mirrors the table in its published order (rounds 1 to `n − 1`, colours
//! reversed), not the exchanged one. Both texts name the first cycle alone, and Vega's manual
//! draws the "adjusted" double table that way (for 10 players the rounds run 1–7, 9, 8, then
//! 10–18 unchanged: <https://viewer.joomag.com/manual-de-vega-chess-2016/0285652001480692392/p50>).
//! With 2 players there is one round per cycle and nothing to exchange.

use super::record::{Colour, Tpn};

/// The most players a schedule is made for. A correspondence section has a dozen or so; far
/// above this a request is a mistake, and the schedule would grow as the square of it.
pub const MAX_PLAYERS: u32 = 1000;

/// Why no schedule could be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    /// Fewer than two players: there is no one to pair.
    #[error("a round robin needs at least 2 players, not {0}")]
    TooFewPlayers(u32),
    /// More than [`MAX_PLAYERS`] players.
    #[error(
        "a round robin of {0} players is more than the {MAX_PLAYERS} this schedule is made for"
    )]
    TooManyPlayers(u32),
}

/// One game of a round: the two players by their pairing numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The player with White (the side that moves first).
    pub white: Tpn,
    /// The player with Black.
    pub black: Tpn,
}

impl Game {
    /// The colour `player` has in this game, or `None` when they do not play in it.
    pub fn colour_of(&self, player: Tpn) -> Option<Colour> {
        if player == self.white {
            Some(Colour::White)
        } else if player == self.black {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// The same pairing with the colours exchanged.
    fn reversed(self) -> Game {
        Game {
            white: self.black,
            black: self.white,
        }
    }
}

/// One round of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    /// The games, board 1 first, in the order the published tables print them.
    pub games: Vec<Game>,
    /// The player without an opponent this round (odd number of players only).
    pub bye: Option<Tpn>,
}

impl Round {
    /// The game `player` plays in this round, if any.
    pub fn game_of(&self, player: Tpn) -> Option<&Game> {
        self.games
            .iter()
            .find(|game| game.white == player || game.black == player)
    }

    /// The colour `player` has in this round, or `None` for the bye (or a stranger).
    pub fn colour_of(&self, player: Tpn) -> Option<Colour> {
        self.game_of(player).and_then(|game| game.colour_of(player))
    }

    fn reversed(&self) -> Round {
        Round {
            games: self.games.iter().map(|game| game.reversed()).collect(),
            bye: self.bye,
        }
    }
}

/// The single round robin of `players` players (numbered 1 to `players`): `players − 1`
/// rounds for an even number, `players` rounds for an odd one.
pub fn single(players: u32) -> Result<Vec<Round>, BergerError> {
    check(players)?;
    // The table used: the next even number; its highest number is the bye for odd `players`.
    let n = players + players % 2;
    Ok((1..n).map(|r| round(players, n, r)).collect())
}

/// The double round robin of `players` players: the first cycle is [`single`] with its last
/// two rounds exchanged, the second cycle is [`single`] in its own order with every colour
/// reversed (see the module documentation for the source of that reading).
pub fn double(players: u32) -> Result<Vec<Round>, BergerError> {
    let table = single(players)?;
    let mut first = table.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = table.iter().map(Round::reversed);
    Ok(first.into_iter().chain(second).collect())
}

fn check(players: u32) -> Result<(), BergerError> {
    if players < 2 {
        Err(BergerError::TooFewPlayers(players))
    } else if players > MAX_PLAYERS {
        Err(BergerError::TooManyPlayers(players))
    } else {
        Ok(())
    }
}

/// Round `r` (1-based) of the table for `n` (even) numbers, of which `players` are real.
fn round(players: u32, n: u32, r: u32) -> Round {
    let m = n - 1;
    // Counts round the circle of 1..=m.
    let circle = |x: u32| (x - 1) % m + 1;
    let k = ((r - 1) * (n / 2)) % m + 1;
    let first = if r % 2 == 1 {
        Game { white: k, black: n }
    } else {
        Game { white: n, black: k }
    };
    let mut games = Vec::with_capacity((n / 2) as usize);
    let mut bye = None;
    if n > players {
        bye = Some(k);
    } else {
        games.push(first);
    }
    for b in 1..n / 2 {
        // k + b and k − b on the circle; adding m keeps the subtraction above zero.
        games.push(Game {
            white: circle(k + b),
            black: circle(k + m - b),
        });
    }
    Round { games, bye }
}
