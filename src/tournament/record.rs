//! What a player did in one round of an event, as a tournament report file (TRF) records it:
//! a game with its result, a game still being played, a forfeit, a bye, or nothing. The
//! pairing engines and the tie-breaks read events only through this table. Pure.
//!
//! Points are counted in tenths (a win is 10, a draw 5), so that every sum is exact.

/// A player's pairing number in the event: 1, 2, 3 ... in the order of the initial ranking
/// (the TRF's starting rank).
pub type Tpn = u32;

/// Points, in tenths of a point.
pub type Points = u32;

/// The two colours. In arbitre's games the side that moves first plays "White".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result of a game, for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost (including a loss on time).
    Loss,
}

impl GameResult {
    /// The same game seen from the opponent.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// The kinds of bye (a round without an opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// The pairing-allocated bye of a Swiss round with an odd number of players (TRF `U`).
    PairingAllocated,
    /// A full-point bye (TRF `F`).
    Full,
    /// A half-point bye (TRF `H`).
    Half,
    /// A zero-point bye, or an absence (TRF `Z`).
    Zero,
}

/// One player's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundEntry {
    /// A game played against `opponent` with `colour`, finished with `result`.
    Played {
        /// The opponent.
        opponent: Tpn,
        /// This player's colour.
        colour: Colour,
        /// This player's result.
        result: GameResult,
    },
    /// A game paired but not finished yet.
    Pending {
        /// The opponent.
        opponent: Tpn,
        /// This player's colour.
        colour: Colour,
    },
    /// A game scheduled against `opponent` and not played: won (`won`) or lost by forfeit.
    /// A game cancelled under the withdrawal rule is a forfeit lost by both players.
    Forfeit {
        /// The scheduled opponent.
        opponent: Tpn,
        /// The scheduled colour, when one was given.
        colour: Option<Colour>,
        /// Whether this player won by forfeit.
        won: bool,
    },
    /// No opponent this round.
    Bye(ByeKind),
    /// Not paired this round (withdrawn, or entered later): nothing scored.
    Absent,
}

impl RoundEntry {
    /// The opponent met or scheduled, if any.
    pub fn opponent(&self) -> Option<Tpn> {
        match *self {
            RoundEntry::Played { opponent, .. }
            | RoundEntry::Pending { opponent, .. }
            | RoundEntry::Forfeit { opponent, .. } => Some(opponent),
            RoundEntry::Bye(_) | RoundEntry::Absent => None,
        }
    }

    /// Whether a game was played over the board (the only rounds that count as having met
    /// and that enter the colour history).
    pub fn is_played(&self) -> bool {
        matches!(self, RoundEntry::Played { .. })
    }

    /// The colour of a game played over the board.
    pub fn played_colour(&self) -> Option<Colour> {
        match *self {
            RoundEntry::Played { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// The points this round is worth under `points`; `None` while the game is pending.
    pub fn points(&self, points: &PointSystem) -> Option<Points> {
        Some(match *self {
            RoundEntry::Played { result, .. } => match result {
                GameResult::Win => points.win,
                GameResult::Draw => points.draw,
                GameResult::Loss => points.loss,
            },
            RoundEntry::Pending { .. } => return None,
            RoundEntry::Forfeit { won: true, .. } => points.win,
            RoundEntry::Forfeit { won: false, .. } => points.absence,
            RoundEntry::Bye(ByeKind::PairingAllocated) => points.pairing_bye,
            RoundEntry::Bye(ByeKind::Full) => points.win,
            RoundEntry::Bye(ByeKind::Half) => points.draw,
            RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent => points.absence,
        })
    }
}

/// What each kind of round is worth, in tenths (TRF record `162`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointSystem {
    /// A win, a forfeit win, a full-point bye.
    pub win: Points,
    /// A draw, a half-point bye.
    pub draw: Points,
    /// A loss over the board.
    pub loss: Points,
    /// A forfeit loss, a zero-point bye, an absence.
    pub absence: Points,
    /// The pairing-allocated bye.
    pub pairing_bye: Points,
}

impl Default for PointSystem {
    /// 1, ½, 0; a pairing-allocated bye is worth a win.
    fn default() -> PointSystem {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            absence: 0,
            pairing_bye: 10,
        }
    }
}

/// One player of an event, as the pairing and the tie-breaks need them.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The pairing number.
    pub tpn: Tpn,
    /// The name shown in tables ("Last, First" in a TRF; any name in arbitre).
    pub name: String,
    /// The rating at the start of the event, if any (for ARO and seeding).
    pub rating: Option<u32>,
    /// One entry per round, round 1 first. Rounds not reached yet are simply missing.
    pub rounds: Vec<RoundEntry>,
}

impl Entrant {
    /// The score after the finished rounds (pending games count nothing yet).
    pub fn score(&self, points: &PointSystem) -> Points {
        self.rounds.iter().filter_map(|r| r.points(points)).sum()
    }
}

/// The whole table of an event: every entrant in pairing-number order (entrant `i` has
/// `tpn == i + 1`), and the point system.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    /// The entrants, by pairing number.
    pub entrants: Vec<Entrant>,
    /// What rounds are worth.
    pub points: PointSystem,
}

impl Table {
    /// The entrant with pairing number `tpn`.
    pub fn entrant(&self, tpn: Tpn) -> Option<&Entrant> {
        let index = usize::try_from(tpn).ok()?.checked_sub(1)?;
        self.entrants.get(index)
    }

    /// The number of rounds any entrant has an entry for.
    pub fn rounds(&self) -> usize {
        self.entrants
            .iter()
            .map(|e| e.rounds.len())
            .max()
            .unwrap_or(0)
    }
}
