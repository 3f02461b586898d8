//! What the Dutch system needs to know about each player before a round: the score, the
//! colour history and preference (C.04.3 article 1.6-1.7), the floats of the last two rounds
//! (1.4), whether the pairing-allocated bye may go to them (C2), and the order they are
//! paired in. Computed from the event table alone. Pure.

use std::collections::BTreeSet;

use crate::tournament::record::{ByeKind, Colour, PointSystem, Points, RoundEntry, Table, Tpn};

/// How strongly a player wants a colour (article 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: wants the other colour than last time.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A float of one earlier round (article 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Paired with a lower score, or scored without playing.
    Down,
    /// Paired with a higher score.
    Up,
    /// Neither.
    None,
}

/// One player to pair, with everything the criteria look at.
#[derive(Clone, Debug)]
pub struct Player {
    /// The pairing number.
    pub tpn: Tpn,
    /// The rank among the players who count for the order (see [`players_to_pair`]),
    /// 0-based: ties of score are broken by it, and colour rule 5 looks at its parity.
    pub rank: usize,
    /// The score before this round, in tenths.
    pub score: Points,
    /// Whites minus blacks over played games.
    pub colour_difference: i32,
    /// The colour wanted, if any.
    pub preference: Option<Colour>,
    /// How strongly.
    pub strength: Strength,
    /// The colour of the last two played games when they are the same.
    pub repeated: Option<Colour>,
    /// The colours of the played games, oldest first.
    pub history: Vec<Colour>,
    /// The number of games played over the board.
    pub played: usize,
    /// Whether the pairing-allocated bye may go to this player (C2).
    pub bye_eligible: bool,
    /// The float of the previous round.
    pub float_previous: Float,
    /// The float of the round before the previous one.
    pub float_before: Float,
}

impl Player {
    /// Whether the preference is absolute.
    pub fn absolute(&self) -> bool {
        self.strength == Strength::Absolute
    }

    /// Whether the preference is strong (and not absolute).
    pub fn strong(&self) -> bool {
        self.strength == Strength::Strong
    }
}

/// Why the table cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A game of an earlier round has no result yet.
    #[error("round {round} is not finished: player {tpn}'s game has no result yet")]
    Unfinished {
        /// The round.
        round: usize,
        /// A player of the unfinished game.
        tpn: Tpn,
    },
}

/// The score of every entrant after each of the first `rounds` rounds: `after[r][i]` is the
/// score of entrant `i` after `r` rounds.
fn running_scores(table: &Table, rounds: usize) -> Vec<Vec<Points>> {
    let points = &table.points;
    let mut after = vec![vec![0; table.entrants.len()]];
    for r in 0..rounds {
        let row: Vec<Points> = table
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| {
                after[r][i]
                    + e.rounds
                        .get(r)
                        .and_then(|entry| entry.points(points))
                        .unwrap_or(0)
            })
            .collect();
        after.push(row);
    }
    after
}

/// Whether this entry is a pairing (a game, a forfeit, a pairing-allocated bye).
fn took_part(entry: &RoundEntry) -> bool {
    entry.opponent().is_some() || matches!(entry, RoundEntry::Bye(ByeKind::PairingAllocated))
}

/// The float of `entry` for entrant `index` in round `r` (0-based).
fn float_of(
    table: &Table,
    scores: &[Vec<Points>],
    index: usize,
    r: usize,
    points: &PointSystem,
) -> Float {
    let Some(entry) = table.entrants[index].rounds.get(r) else {
        return Float::None;
    };
    match *entry {
        RoundEntry::Played { opponent, .. } => {
            let mine = scores[r][index];
            let theirs = scores[r][opponent as usize - 1];
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
        _ => match entry.points(points) {
            Some(p) if p > points.loss => Float::Down,
            _ => Float::None,
        },
    }
}

/// The players to pair for round `played + 1`, in pairing order (score descending, then
/// rank), with their facts. `absent` are those who do not play that round.
///
/// The rank is the position by pairing number among all entrants except those who are
/// absent this round and have never been paired (so that a late entrant who has not yet
/// come does not shift the others), as the reference engine counts it.
pub fn players_to_pair(
    table: &Table,
    played: usize,
    absent: &BTreeSet<Tpn>,
) -> Result<Vec<Player>, TableError> {
    let points = &table.points;
    for entrant in &table.entrants {
        for (r, entry) in entrant.rounds.iter().take(played).enumerate() {
            if matches!(entry, RoundEntry::Pending { .. }) {
                return Err(TableError::Unfinished {
                    round: r + 1,
                    tpn: entrant.tpn,
                });
            }
        }
    }
    let scores = running_scores(table, played);
    let mut players = Vec::new();
    let mut rank = 0;
    for (index, entrant) in table.entrants.iter().enumerate() {
        let rounds = &entrant.rounds[..entrant.rounds.len().min(played)];
        let is_absent = absent.contains(&entrant.tpn);
        let ever_paired = rounds.iter().any(took_part);
        if is_absent && !ever_paired {
            continue;
        }
        let my_rank = rank;
        rank += 1;
        if is_absent {
            continue;
        }
        let history: Vec<Colour> = rounds.iter().filter_map(|r| r.played_colour()).collect();
        let whites = history.iter().filter(|c| **c == Colour::White).count() as i32;
        let difference = whites - (history.len() as i32 - whites);
        let repeated = match history.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        };
        let last = history.last().copied();
        let (preference, strength) = if history.is_empty() {
            (None, Strength::None)
        } else if difference.abs() > 1 {
            let colour = if difference > 0 {
                Colour::Black
            } else {
                Colour::White
            };
            (Some(colour), Strength::Absolute)
        } else if let Some(colour) = repeated {
            (Some(colour.opposite()), Strength::Absolute)
        } else if difference == 1 {
            (Some(Colour::Black), Strength::Strong)
        } else if difference == -1 {
            (Some(Colour::White), Strength::Strong)
        } else {
            (last.map(Colour::opposite), Strength::Mild)
        };
        let bye_eligible = !rounds.iter().any(|r| match r {
            RoundEntry::Bye(ByeKind::PairingAllocated) => true,
            RoundEntry::Played { .. } => false,
            other => other.points(points).is_some_and(|p| p >= points.win),
        });
        let float_previous = if played >= 1 {
            float_of(table, &scores, index, played - 1, points)
        } else {
            Float::None
        };
        let float_before = if played >= 2 {
            float_of(table, &scores, index, played - 2, points)
        } else {
            Float::None
        };
        players.push(Player {
            tpn: entrant.tpn,
            rank: my_rank,
            score: scores[played][index],
            colour_difference: difference,
            preference,
            strength,
            repeated,
            played: history.len(),
            history,
            bye_eligible,
            float_previous,
            float_before,
        });
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    Ok(players)
}
