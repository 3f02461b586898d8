//! Swiss pairing by the FIDE (Dutch) System, Handbook C.04.3 in its 2025 edition (applied
//! from 2026), giving the same boards, colours and bye as the reference engine bbpPairings
//! for the same input: the spec is `rules/swiss-dutch.md` in the shared notes. Pure: the
//! event table in, the pairing of the next round out, deterministic for the same input.
//!
//! - [`player`]: what the criteria need to know about each player.
//! - [`weights`]: the criteria packed into exact integer weights.
//! - [`brackets`]: the bracket-by-bracket sequence of maximum weight matchings.
//! - [`colour`]: who gets White in each pair.
//! - [`wide`]: the exact wide integers the weights are built in.

pub mod brackets;
pub mod colour;
pub mod player;
pub mod weights;
pub mod wide;

use std::collections::BTreeSet;

use self::brackets::Unpaired;
use self::player::{Player, TableError};
use self::weights::{Layout, TooNarrow};
use self::wide::Wide;
use super::matching;
use super::record::{Colour, Table, Tpn};

/// What is needed to pair the next round of a Swiss event.
#[derive(Clone, Debug)]
pub struct Round<'a> {
    /// The event so far (rounds after `played` are ignored).
    pub table: &'a Table,
    /// The number of rounds already played; the round paired is the next one.
    pub played: usize,
    /// The planned number of rounds (the last round relaxes the colour rules for
    /// topscorers).
    pub total_rounds: usize,
    /// The colour drawn for the top player of round 1.
    pub initial_colour: Colour,
    /// The players who do not play this round (byes they asked for, withdrawals).
    pub absent: BTreeSet<Tpn>,
    /// Pairs the organiser forbids in this round.
    pub forbidden: Vec<(Tpn, Tpn)>,
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player with the first move.
    pub white: Tpn,
    /// The other.
    pub black: Tpn,
}

/// The pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The boards, in the usual order (highest scores first).
    pub boards: Vec<Board>,
    /// The player who gets the pairing-allocated bye, if the number of players is odd.
    pub bye: Option<Tpn>,
}

impl Pairing {
    /// The same pairing with every player renumbered by `id` (a TRF's own ids).
    pub fn renumbered(&self, id: impl Fn(Tpn) -> Tpn) -> Pairing {
        Pairing {
            boards: self
                .boards
                .iter()
                .map(|b| Board {
                    white: id(b.white),
                    black: id(b.black),
                })
                .collect(),
            bye: self.bye.map(&id),
        }
    }

    /// The pairing as pairing programs exchange it: the number of boards (the bye counts as
    /// one), then `white black` per line, the bye as `id 0`.
    pub fn to_program_text(&self) -> String {
        let mut out = format!("{}\n", self.boards.len() + usize::from(self.bye.is_some()));
        for board in &self.boards {
            out.push_str(&format!("{} {}\n", board.white, board.black));
        }
        if let Some(bye) = self.bye {
            out.push_str(&format!("{bye} 0\n"));
        }
        out
    }
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The table is not ready.
    #[error(transparent)]
    Table(#[from] TableError),
    /// No pairing satisfies the absolute criteria (no repeated game, no second bye, no two
    /// players with the same absolute colour preference).
    #[error("no pairing of this round satisfies the absolute criteria")]
    NoPairing,
    /// The event is too large for the widest weights.
    #[error("too many players or score groups to pair ({0} bits of weight needed)")]
    TooLarge(u32),
}

/// Pairs the next round.
pub fn pair(round: &Round<'_>) -> Result<Pairing, PairingError> {
    pair_trying(round, None)
}

/// [`pair`], with the score-indexed fields of the weights tried first at `width` bits
/// instead of the width that fits ordinary brackets: the pairing is the same whatever the
/// width, since a round whose brackets do not fit is paired again with full fields. For
/// the tests of that fallback.
#[doc(hidden)]
pub fn pair_trying_score_field(round: &Round<'_>, width: u32) -> Result<Pairing, PairingError> {
    pair_trying(round, Some(width))
}

fn pair_trying(round: &Round<'_>, width: Option<u32>) -> Result<Pairing, PairingError> {
    let players = player::players_to_pair(round.table, round.played, &round.absent)?;
    let compatible = compatibility(round, &players);
    // The score-indexed fields sized for ordinary brackets first; a round with a bracket
    // that needs more is paired again with fields wide enough for any bracket.
    let full = Layout::new(&players, round.played);
    let usual = full
        .clone()
        .with_score_field(width.unwrap_or_else(|| Layout::usual_score_field(&players)));
    let matched = match pair_with(&players, usual, &compatible)? {
        Ok(matched) => matched,
        Err(_) => pair_with(&players, full, &compatible)?
            .expect("score fields as wide as every scoregroup fit any bracket"),
    };
    let mut boards: Vec<(usize, usize, Board)> = matched
        .pairs
        .iter()
        .map(|&(h, l)| {
            let (a, b) = (&players[h], &players[l]);
            let colour = colour::colour_of(a, b, true, round.initial_colour);
            let board = match colour {
                Colour::White => Board {
                    white: a.tpn,
                    black: b.tpn,
                },
                Colour::Black => Board {
                    white: b.tpn,
                    black: a.tpn,
                },
            };
            (h, l, board)
        })
        .collect();
    boards.sort_by(|x, y| {
        let (xh, xl) = (&players[x.0], &players[x.1]);
        let (yh, yl) = (&players[y.0], &players[y.1]);
        yh.score
            .cmp(&xh.score)
            .then(yl.score.cmp(&xl.score))
            .then(xh.rank.cmp(&yh.rank))
    });
    Ok(Pairing {
        boards: boards.into_iter().map(|(_, _, b)| b).collect(),
        bye: matched.bye.map(|v| players[v].tpn),
    })
}

/// Pairs the round with the weights of `layout`, in as few 64-bit limbs as they need (the
/// solver's time grows with them), or says that a bracket did not fit its score fields.
fn pair_with(
    players: &[Player],
    layout: Layout,
    compatible: &[bool],
) -> Result<Result<brackets::Matched, TooNarrow>, PairingError> {
    let bits = matching::bits_needed_for(layout.bits());
    let matched = match bits.div_ceil(64) {
        0..=4 => brackets::pair::<Wide<4>>(players, layout, compatible),
        5 => brackets::pair::<Wide<5>>(players, layout, compatible),
        6 => brackets::pair::<Wide<6>>(players, layout, compatible),
        7 => brackets::pair::<Wide<7>>(players, layout, compatible),
        8 => brackets::pair::<Wide<8>>(players, layout, compatible),
        9 => brackets::pair::<Wide<9>>(players, layout, compatible),
        10 => brackets::pair::<Wide<10>>(players, layout, compatible),
        11 => brackets::pair::<Wide<11>>(players, layout, compatible),
        12 => brackets::pair::<Wide<12>>(players, layout, compatible),
        13 | 14 => brackets::pair::<Wide<14>>(players, layout, compatible),
        15 | 16 => brackets::pair::<Wide<16>>(players, layout, compatible),
        17..=24 => brackets::pair::<Wide<24>>(players, layout, compatible),
        25..=32 => brackets::pair::<Wide<32>>(players, layout, compatible),
        33..=64 => brackets::pair::<Wide<64>>(players, layout, compatible),
        65..=128 => brackets::pair::<Wide<128>>(players, layout, compatible),
        _ => return Err(PairingError::TooLarge(bits)),
    };
    match matched {
        Ok(matched) => Ok(Ok(matched)),
        Err(Unpaired::TooNarrow(narrow)) => Ok(Err(narrow)),
        Err(Unpaired::NoPairing) => Err(PairingError::NoPairing),
    }
}

/// Which pairs may meet: not twice (played games only), not forbidden, and not two players
/// with the same absolute colour preference, unless one of them is a topscorer in the last
/// round.
fn compatibility(round: &Round<'_>, players: &[Player]) -> Vec<bool> {
    let n = players.len();
    let points = &round.table.points;
    let last_round = round.played + 1 >= round.total_rounds;
    let most = points.win.max(points.draw) * round.played as u32;
    let topscorer = |p: &Player| last_round && p.score > most / 2;
    let mut met: BTreeSet<(Tpn, Tpn)> = BTreeSet::new();
    for entrant in &round.table.entrants {
        for entry in entrant.rounds.iter().take(round.played) {
            if let (true, Some(opponent)) = (entry.is_played(), entry.opponent()) {
                met.insert((entrant.tpn.min(opponent), entrant.tpn.max(opponent)));
            }
        }
    }
    for &(a, b) in &round.forbidden {
        met.insert((a.min(b), a.max(b)));
    }
    let mut compatible = vec![false; n * n];
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            let (a, b) = (&players[i], &players[j]);
            let key = (a.tpn.min(b.tpn), a.tpn.max(b.tpn));
            let colour_clash = a.absolute()
                && b.absolute()
                && a.preference == b.preference
                && !(topscorer(a) || topscorer(b));
            compatible[i * n + j] = !met.contains(&key) && !colour_clash;
        }
    }
    compatible
}

/// Why a tournament report file does not say enough to pair its next round.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfRoundError {
    /// The file gives no number of rounds.
    #[error("the file does not say how many rounds the event has (record 142 or XXR)")]
    NoRounds,
    /// Every round is already paired.
    #[error("all {0} rounds are already paired")]
    Over(usize),
    /// Round 1 needs the colour drawn for the top player.
    #[error("the first round needs the initial colour (record 152 W|B, or XXC white1|black1)")]
    NoInitialColour,
    /// A forbidden-pairs record names a player who does not exist.
    #[error("a forbidden pair names player {0}, who is not in the file")]
    UnknownPlayer(Tpn),
    /// Every player is absent from the round.
    #[error("nobody to pair in round {0}: every player has a bye or is absent")]
    NobodyToPair(usize),
}

impl<'a> Round<'a> {
    /// The next round of the event a TRF describes: the rounds with a pairing are played,
    /// the byes announced for the next one make their players absent, and the colour drawn
    /// for round 1 comes from the file (or, failing a record, from the colours of the first
    /// round that has any).
    pub fn from_trf(trf: &'a super::trf::Trf) -> Result<Round<'a>, TrfRoundError> {
        let total_rounds = trf.total_rounds.ok_or(TrfRoundError::NoRounds)?;
        let played = trf.paired_rounds();
        if played >= total_rounds {
            return Err(TrfRoundError::Over(total_rounds));
        }
        let round = played + 1;
        let initial_colour = match trf.initial_colour {
            Some(colour) => colour,
            None => inferred_initial_colour(&trf.table).ok_or(TrfRoundError::NoInitialColour)?,
        };
        let count = trf.table.entrants.len() as Tpn;
        let mut forbidden = Vec::new();
        for record in trf.forbidden.iter().filter(|f| f.applies_to(round)) {
            if let Some(&unknown) = record.players.iter().find(|&&p| p == 0 || p > count) {
                return Err(TrfRoundError::UnknownPlayer(unknown));
            }
            for (i, &a) in record.players.iter().enumerate() {
                for &b in &record.players[i + 1..] {
                    forbidden.push((a, b));
                }
            }
        }
        let absent = trf.absent_in(round);
        if trf.table.entrants.iter().all(|e| absent.contains(&e.tpn)) {
            return Err(TrfRoundError::NobodyToPair(round));
        }
        Ok(Round {
            table: &trf.table,
            played,
            total_rounds,
            initial_colour,
            absent,
            forbidden,
        })
    }
}

/// The colour drawn for round 1, read back from the first round where some colour is
/// recorded: the first player (by pairing number) with a colour there, counted among those
/// who took part in a pairing up to that round, had the initial colour if their position is
/// even, the other if odd.
fn inferred_initial_colour(table: &Table) -> Option<Colour> {
    use super::record::{ByeKind, RoundEntry};
    let rounds = table.rounds();
    for r in 0..rounds {
        let mut position = 0usize;
        for entrant in &table.entrants {
            let took_part = entrant.rounds.iter().take(r + 1).any(|e| {
                e.opponent().is_some() || matches!(e, RoundEntry::Bye(ByeKind::PairingAllocated))
            });
            if !took_part {
                continue;
            }
            let colour = match entrant.rounds.get(r) {
                Some(RoundEntry::Played { colour, .. } | RoundEntry::Pending { colour, .. }) => {
                    Some(*colour)
                }
                Some(RoundEntry::Forfeit { colour, .. }) => *colour,
                _ => None,
            };
            if let Some(colour) = colour {
                return Some(if position.is_multiple_of(2) {
                    colour
                } else {
                    colour.opposite()
                });
            }
            position += 1;
        }
    }
    None
}
