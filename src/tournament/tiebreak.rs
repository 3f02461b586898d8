//! Tie-breaks: the final standings of an event, every entrant ranked by score and then by an
//! ordered list of tie-breaks, as FIDE's Tie-Break Regulations (Handbook C.07, the edition
//! effective from 1 August 2024, "C.07" below) and ICCF's tournament rules define them. Pure:
//! the [`Table`] in, the standings out.
//!
//! # What is computed
//!
//! [`standings`] ranks every entrant by score, then applies the tie-breaks of its list one after
//! the other to each group still tied (C.07 4.2). Entrants still tied after the whole list share
//! a rank, unless [`TieBreak::Lots`] is listed: it separates them by a deterministic draw made
//! from a seed ([`draw_lot`]). Every value is exact: counts, points in tenths, Sonneborn-Berger
//! in hundredths (an opponent's score in tenths times the points scored in tenths), ratings
//! rounded as C.07 10.1 says.
//!
//! Games still being played ([`RoundEntry::Pending`]) count nothing yet: no points, no
//! opponent for Buchholz or Sonneborn-Berger, no encounter, no rating. Rounds an entrant has no
//! entry for are ignored the same way; a withdrawal is recorded as [`RoundEntry::Absent`].
//!
//! # Round robin and Swiss
//!
//! C.07 treats unplayed rounds differently in events with pre-determined pairings (article
//! 15.2: a forfeit is the only possible unplayed round, and it counts as a regular game against
//! the scheduled opponent) and in Swiss events (article 16). [`Format::of`] tells the two apart
//! from the table: an event in which every pair of entrants is scheduled the same number of
//! times (at least once) is a round robin; anything else is a Swiss. [`standings_in`] takes the
//! format from the caller instead.
//!
//! In a Swiss event (C.07 16):
//!
//! - An entrant's *voluntary unplayed rounds* (VUR, 16.1) are the half-point and zero-point
//!   byes, the absences (every round after a withdrawal is a zero-point bye, 16.1.1) and the
//!   forfeit losses.
//! - When an entrant is someone else's opponent, its score is *adjusted* (16.3): its requested
//!   byes and absences after its last round that is not a VUR (category 16.2.5: a withdrawal, a
//!   bye in the last round) count as draws; every other round counts the points awarded.
//! - In the entrant's own Buchholz and Sonneborn-Berger, each of its own unplayed rounds (a
//!   bye of any kind, a forfeit won or lost, an absence) is a game against a *dummy opponent*
//!   whose score is the entrant's own final score, with the result that gave the points
//!   awarded (16.4).
//! - Buchholz Cut-1 and Median-1 cut, instead of the lowest value, the lowest value coming from
//!   a VUR when the entrant has one (16.5.1: the lowest VUR contribution is never below the
//!   least significant value, so it is the one cut).
//!
//! In a round robin, forfeits are games against the scheduled opponent (15.2), in Buchholz,
//! Sonneborn-Berger and direct encounter alike; byes (the rest round of an odd number of
//! players) and absences have no opponent and add nothing. Opponents' scores are their plain
//! scores. Buchholz is meant for Swiss events (the 2026 edition of C.07 forbids it in round
//! robins, article 8); it is computed all the same when listed.
//!
//! # Cancelled games (ICCF)
//!
//! A game cancelled under ICCF's withdrawal rule is recorded in the table as a forfeit lost by
//! both players (each side a [`RoundEntry::Forfeit`] with `won: false` against the other, in
//! the same round). C.07 names no such case. arbitre treats it as a game that never existed:
//!
//! - it scores what the table gives it (the point system's `absence`, normally nothing), it is
//!   not a win, and it is not an encounter for the direct encounter: the two players have not
//!   met, so a tied group holding both is ordered by C.07 6.3, their game counting as missing;
//! - it has no opponent for the average rating, and in a round robin it adds nothing to
//!   Buchholz or Sonneborn-Berger (where 15.2 would make a one-sided forfeit a game);
//! - in a Swiss it is an unplayed round of each player: a dummy opponent with the player's own
//!   score in Buchholz, nothing in Sonneborn-Berger (no points were scored). It is *not* a
//!   voluntary unplayed round, for either player: the table does not say which of the two
//!   withdrew, and the one who did not had no say in it. So Cut-1 and Median-1 never cut it
//!   first, and it counts as a round that is not a VUR when 16.3 looks for the player's last
//!   such round.
//!
//! # Readings of C.07
//!
//! - Direct encounter (6): forfeits count only in a round robin (6.1.1 excludes forfeits "not
//!   covered by 15.2"); two players who met more than once score the average of their games
//!   (6.1.2). When every tied entrant has met every other, they are ordered by these points and
//!   sub-groups still tied are ordered again by the games among themselves only (6.2). When not
//!   all have met (in a Swiss, or in a round robin whose games are still being played or were
//!   cancelled), an entrant is placed first only if its points exceed what any other could have
//!   with a win in each of its missing games, then the same for the next place; once that fails
//!   the remaining entrants are ordered again among themselves (6.3). The value reported is the
//!   place this gives inside the group that was tied when the tie-break was applied (1 first).
//! - Number of wins (7.1): rounds in which the entrant obtained a win's points with or without
//!   playing: games won, forfeits won, full-point byes, and the pairing-allocated bye when the
//!   point system makes it worth a win. ICCF's rule ("number of wins", rule 7.2.a, the
//!   Baumbach system) does not distinguish; games won over the board only are
//!   [`TieBreak::GamesWon`] (C.07 7.2).
//! - Average rating of opponents (10.1): the opponents of finished games played over the board
//!   (forfeits excluded, in a round robin too), each counted once per game (4.4); unrated
//!   opponents are left out, since C.07 10 leaves their handling to the event's regulations;
//!   the average is rounded to the nearest whole number, a half rounded up; 0 when there is no
//!   rated opponent.
//! - Median-1 (14.3) cuts the least significant value first (with the VUR rule of 16.5), then
//!   the most significant one among the rest.
//! - The dummy opponent has the entrant's final score as the table scores it; the caps on it
//!   that a later edition of C.07 added (16.4.1 and 16.4.2, effective from 1 March 2026) are not
//!   applied.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use super::record::{ByeKind, Entrant, GameResult, Points, RoundEntry, Table, Tpn};

/// A tie-break, applied to entrants tied on score. The codes are those of C.07 article 5
/// (what [`fmt::Display`] writes and [`FromStr`] reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Number of wins (C.07 7.1, code `WIN`; ICCF's first tie-break, the Baumbach system):
    /// rounds in which the entrant obtained a win's points, with or without playing. Forfeit
    /// wins count, and so do full-point byes and a pairing-allocated bye worth a win: C.07 7.1
    /// says "with or without playing"; ICCF's rule 7.2.a says only "number of wins".
    Wins,
    /// Number of games won over the board (C.07 7.2, code `WON`): forfeits and byes excluded.
    GamesWon,
    /// Sonneborn-Berger (C.07 9.1, code `SB`): for each round, the opponent's score times the
    /// points scored against that opponent. In hundredths of a point.
    SonnebornBerger,
    /// Direct encounter (C.07 6, code `DE`): the points scored in the games among the tied
    /// entrants. Its value is a place inside the group it separates (1 first).
    DirectEncounter,
    /// Buchholz (C.07 8.1, code `BH`): the sum of the opponents' scores. In tenths.
    Buchholz,
    /// Buchholz Cut-1 (C.07 14.1, code `BH-C1`): Buchholz without its least significant value.
    BuchholzCut1,
    /// Buchholz Median-1 (C.07 14.3, code `BH-M1`): Buchholz without its least and its most
    /// significant values.
    BuchholzMedian1,
    /// Average rating of opponents (C.07 10.1, code `ARO`), rounded to the nearest integer.
    AverageRatingOfOpponents,
    /// Drawing of lots (C.07 4.2, code `LOTS`, which is arbitre's: C.07 has none), made from the
    /// seed given to [`standings`]: it separates every entrant still tied.
    Lots,
}

impl TieBreak {
    /// Every tie-break, in the order of this enum.
    pub const ALL: [TieBreak; 9] = [
        TieBreak::Wins,
        TieBreak::GamesWon,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzMedian1,
        TieBreak::AverageRatingOfOpponents,
        TieBreak::Lots,
    ];

    /// The tie-break's code: C.07's acronym (`WIN`, `WON`, `SB`, `DE`, `BH`, `BH-C1`,
    /// `BH-M1`, `ARO`), or `LOTS`.
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::BuchholzMedian1 => "BH-M1",
            TieBreak::AverageRatingOfOpponents => "ARO",
            TieBreak::Lots => "LOTS",
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A tie-break code that [`TieBreak::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTieBreakError {
    /// The text that was read.
    pub input: String,
}

impl fmt::Display for ParseTieBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown tie-break {:?} (known: WIN, WON, SB, DE, BH, BH-C1, BH-M1, ARO, LOTS)",
            self.input
        )
    }
}

impl std::error::Error for ParseTieBreakError {}

impl FromStr for TieBreak {
    type Err = ParseTieBreakError;

    /// Reads a code, case-insensitively, with surrounding blanks ignored. The modifier may be
    /// written after `-` (C.07's spelling, `BH-C1`) or `/` (TRF-2026's, `BH/C1`).
    fn from_str(text: &str) -> Result<TieBreak, ParseTieBreakError> {
        let code = text.trim().to_ascii_uppercase().replace('/', "-");
        TieBreak::ALL
            .into_iter()
            .find(|tb| tb.code() == code)
            .ok_or_else(|| ParseTieBreakError {
                input: text.to_owned(),
            })
    }
}

/// The value of one tie-break for one entrant. Values of the same tie-break compare with
/// [`TieBreakValue::cmp_merit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreakValue {
    /// A number of rounds or games ([`TieBreak::Wins`], [`TieBreak::GamesWon`]); more is better.
    Count(u32),
    /// Points in tenths ([`TieBreak::Buchholz`] and its cuts); more is better.
    Tenths(u64),
    /// Points in hundredths ([`TieBreak::SonnebornBerger`]); more is better.
    Hundredths(u64),
    /// A rating ([`TieBreak::AverageRatingOfOpponents`]), 0 without a rated opponent; more is
    /// better.
    Rating(u32),
    /// A place inside the group the tie-break was applied to ([`TieBreak::DirectEncounter`]),
    /// 1 first; entrants it could not separate share a place. Less is better.
    Place(u32),
    /// The direct encounter did not apply: the entrant was tied with nobody, or its tied group
    /// could not be separated at all (a cycle, a drawn game, players who have not met). Shown
    /// as a dash, as the published tables do, rather than a place that says nothing.
    Unbroken,
    /// The entrant's draw ([`TieBreak::Lots`], see [`draw_lot`]); more is better.
    Lot(u64),
}

impl TieBreakValue {
    /// Compares two values of the same tie-break by merit: `Greater` when `self` ranks before
    /// `other`. Values of different kinds compare by kind, in the order of this enum (this
    /// never happens between entrants of one standings).
    pub fn cmp_merit(&self, other: &TieBreakValue) -> Ordering {
        use TieBreakValue::*;
        match (*self, *other) {
            (Count(a), Count(b)) | (Rating(a), Rating(b)) => a.cmp(&b),
            (Tenths(a), Tenths(b)) | (Hundredths(a), Hundredths(b)) | (Lot(a), Lot(b)) => a.cmp(&b),
            (Place(a), Place(b)) => b.cmp(&a),
            (a, b) => b.kind().cmp(&a.kind()),
        }
    }

    fn kind(&self) -> u8 {
        match self {
            TieBreakValue::Count(_) => 0,
            TieBreakValue::Tenths(_) => 1,
            TieBreakValue::Hundredths(_) => 2,
            TieBreakValue::Rating(_) => 3,
            TieBreakValue::Place(_) => 4,
            TieBreakValue::Unbroken => 5,
            TieBreakValue::Lot(_) => 6,
        }
    }
}

impl fmt::Display for TieBreakValue {
    /// Counts, ratings and places as integers, points with one or two decimals (`12.5`,
    /// `8.75`), draws in hexadecimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TieBreakValue::Count(n) | TieBreakValue::Rating(n) | TieBreakValue::Place(n) => {
                write!(f, "{n}")
            }
            TieBreakValue::Tenths(t) => write!(f, "{}.{}", t / 10, t % 10),
            TieBreakValue::Hundredths(h) => write!(f, "{}.{:02}", h / 100, h % 100),
            TieBreakValue::Lot(l) => write!(f, "{l:016x}"),
            TieBreakValue::Unbroken => f.write_str("-"),
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The entrant's pairing number.
    pub tpn: Tpn,
    /// The rank, 1 first; entrants tied on score and on every listed tie-break share the rank
    /// of the first of them (1, 2, 2, 4 ...).
    pub rank: u32,
    /// The score, in tenths, pending games not counted.
    pub score: Points,
    /// One value per tie-break, in the order they were listed.
    pub values: Vec<TieBreakValue>,
}

/// How the pairings of an event were made, which decides how unplayed rounds count (C.07 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Pre-determined pairings: a round robin, single or multiple (C.07 15.2).
    RoundRobin,
    /// Pairings made round by round: a Swiss (C.07 15.3 and 16).
    Swiss,
}

impl Format {
    /// The format of `table`: a round robin when there are at least two entrants and every
    /// pair of them is scheduled (a game finished, pending or forfeited) the same number of
    /// times, at least once; a Swiss otherwise. A round robin whose later rounds are not in the
    /// table yet reads as a Swiss: give the format to [`standings_in`] then.
    pub fn of(table: &Table) -> Format {
        let n = table.entrants.len();
        if n < 2 {
            return Format::Swiss;
        }
        let mut times = None;
        for entrant in &table.entrants {
            let mut counts = vec![0u32; n];
            for entry in &entrant.rounds {
                if let Some(index) = entry.opponent().and_then(|tpn| index_of(table, tpn)) {
                    counts[index] += 1;
                }
            }
            let own = index_of(table, entrant.tpn);
            for (index, &count) in counts.iter().enumerate() {
                if Some(index) == own {
                    if count != 0 {
                        return Format::Swiss;
                    }
                    continue;
                }
                if count == 0 || *times.get_or_insert(count) != count {
                    return Format::Swiss;
                }
            }
        }
        Format::RoundRobin
    }
}

/// The draw of [`TieBreak::Lots`] for entrant `tpn`: the `tpn`-th output of a SplitMix64
/// generator seeded with `seed`, that is the SplitMix64 finaliser applied to
/// `seed + tpn × 0x9E3779B97F4A7C15` (wrapping). The higher draw ranks first. Two entrants
/// with the same draw (one chance in 2⁶⁴) would stay tied.
pub fn draw_lot(seed: u64, tpn: Tpn) -> u64 {
    let mut z = seed.wrapping_add(u64::from(tpn).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The standings of `table`: every entrant, sorted by score and then by the tie-breaks of
/// `order`, each applied to the groups still tied by the ones before it (C.07 4.2). The format
/// (round robin or Swiss) is read from the table ([`Format::of`]); `lots_seed` seeds
/// [`TieBreak::Lots`] when it is listed. Entrants still tied at the end share a rank and are
/// listed by pairing number.
pub fn standings(table: &Table, order: &[TieBreak], lots_seed: u64) -> Vec<Standing> {
    standings_in(table, Format::of(table), order, lots_seed)
}

/// [`standings`] with the format given rather than read from the table.
pub fn standings_in(
    table: &Table,
    format: Format,
    order: &[TieBreak],
    lots_seed: u64,
) -> Vec<Standing> {
    let event = Event::new(table, format);
    let n = table.entrants.len();
    let mut values: Vec<Vec<TieBreakValue>> = vec![Vec::with_capacity(order.len()); n];

    let mut by_score: Vec<usize> = (0..n).collect();
    by_score.sort_by(|&a, &b| {
        event.scores[b]
            .cmp(&event.scores[a])
            .then(table.entrants[a].tpn.cmp(&table.entrants[b].tpn))
    });
    let mut groups = split_equal(&by_score, |&a, &b| event.scores[a] == event.scores[b]);

    for &tie_break in order {
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if tie_break == TieBreak::DirectEncounter {
                let blocks = if group.len() > 1 {
                    event.direct_encounter(&group)
                } else {
                    vec![group]
                };
                if let [whole] = blocks.as_slice() {
                    for &i in whole {
                        values[i].push(TieBreakValue::Unbroken);
                    }
                    next.extend(blocks);
                    continue;
                }
                let mut place = 1u32;
                for block in blocks {
                    for &i in &block {
                        values[i].push(TieBreakValue::Place(place));
                    }
                    place = place.saturating_add(u32::try_from(block.len()).unwrap_or(u32::MAX));
                    next.push(block);
                }
            } else {
                let mut members: Vec<(usize, TieBreakValue)> = group
                    .iter()
                    .map(|&i| (i, event.value(tie_break, i, lots_seed)))
                    .collect();
                members.sort_by(|(a, va), (b, vb)| {
                    vb.cmp_merit(va)
                        .then(table.entrants[*a].tpn.cmp(&table.entrants[*b].tpn))
                });
                for &(i, value) in &members {
                    values[i].push(value);
                }
                for block in split_equal(&members, |(_, a), (_, b)| a == b) {
                    next.push(block.into_iter().map(|(i, _)| i).collect());
                }
            }
        }
        groups = next;
    }

    let mut result = Vec::with_capacity(n);
    let mut ahead = 0u32;
    for mut group in groups {
        group.sort_by_key(|&i| table.entrants[i].tpn);
        let size = u32::try_from(group.len()).unwrap_or(u32::MAX);
        for i in group {
            result.push(Standing {
                tpn: table.entrants[i].tpn,
                rank: ahead.saturating_add(1),
                score: event.scores[i],
                values: std::mem::take(&mut values[i]),
            });
        }
        ahead = ahead.saturating_add(size);
    }
    result
}

/// Cuts `items` (already sorted) into runs of equal elements.
fn split_equal<T: Clone>(items: &[T], equal: impl Fn(&T, &T) -> bool) -> Vec<Vec<T>> {
    let mut runs: Vec<Vec<T>> = Vec::new();
    for item in items {
        match runs.last_mut() {
            Some(run) if equal(&run[0], item) => run.push(item.clone()),
            _ => runs.push(vec![item.clone()]),
        }
    }
    runs
}

/// The index in `table.entrants` of the entrant with pairing number `tpn`.
fn index_of(table: &Table, tpn: Tpn) -> Option<usize> {
    let index = usize::try_from(tpn).ok()?.checked_sub(1)?;
    (table.entrants.get(index)?.tpn == tpn).then_some(index)
}

/// One round of one entrant, as the tie-breaks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    /// A game finished over the board.
    Game { opponent: usize, result: GameResult },
    /// A game not finished yet (or one against a pairing number missing from the table): it
    /// counts nothing.
    Pending,
    /// A forfeit won (`won`) or lost, against a known scheduled opponent.
    Forfeit { opponent: usize, won: bool },
    /// A game cancelled under the withdrawal rule: both players lost it by forfeit.
    Cancelled,
    /// A bye.
    Bye(ByeKind),
    /// Not paired (withdrawn, or not entered yet).
    Absent,
}

impl Round {
    /// A voluntary unplayed round (C.07 16.1): a requested bye, an absence, a forfeit lost.
    fn is_vur(self) -> bool {
        matches!(
            self,
            Round::Bye(ByeKind::Half | ByeKind::Zero)
                | Round::Absent
                | Round::Forfeit { won: false, .. }
        )
    }

    /// A requested bye (an absence included), the rounds C.07 16.2.3 and 16.2.5 speak of.
    fn is_requested_bye(self) -> bool {
        matches!(
            self,
            Round::Bye(ByeKind::Half | ByeKind::Zero) | Round::Absent
        )
    }
}

/// One term of Buchholz and Sonneborn-Berger: a round with an opponent, real or dummy.
#[derive(Clone, Copy, Debug)]
struct Term {
    /// The opponent's score (adjusted, or the dummy's), in tenths.
    score: u64,
    /// The points the entrant scored in that round, in tenths.
    points: u64,
    /// Whether the round is one of the entrant's voluntary unplayed rounds.
    vur: bool,
}

/// What the tie-breaks need of the table, computed once.
struct Event<'a> {
    table: &'a Table,
    /// Each entrant's rounds, classified.
    rounds: Vec<Vec<(Round, Points)>>,
    /// Each entrant's score.
    scores: Vec<Points>,
    /// Each entrant's Buchholz terms.
    terms: Vec<Vec<Term>>,
    format: Format,
}

impl<'a> Event<'a> {
    fn new(table: &'a Table, format: Format) -> Event<'a> {
        let rounds: Vec<Vec<(Round, Points)>> = table
            .entrants
            .iter()
            .map(|entrant| classify(table, entrant))
            .collect();
        let scores: Vec<Points> = table
            .entrants
            .iter()
            .map(|e| e.score(&table.points))
            .collect();
        let adjusted = match format {
            Format::RoundRobin => scores.clone(),
            Format::Swiss => rounds
                .iter()
                .map(|own| adjusted_score(own, table.points.draw))
                .collect(),
        };
        let terms = rounds
            .iter()
            .zip(&scores)
            .map(|(own, &score)| match format {
                Format::Swiss => swiss_terms(own, score, &adjusted),
                Format::RoundRobin => round_robin_terms(own, &adjusted),
            })
            .collect();
        Event {
            table,
            rounds,
            scores,
            terms,
            format,
        }
    }

    /// The value of a tie-break other than the direct encounter for entrant `i`.
    fn value(&self, tie_break: TieBreak, i: usize, lots_seed: u64) -> TieBreakValue {
        let terms = &self.terms[i];
        match tie_break {
            TieBreak::Wins => TieBreakValue::Count(self.wins(i, false)),
            TieBreak::GamesWon => TieBreakValue::Count(self.wins(i, true)),
            TieBreak::SonnebornBerger => {
                TieBreakValue::Hundredths(terms.iter().map(|t| t.score * t.points).sum())
            }
            TieBreak::Buchholz => TieBreakValue::Tenths(buchholz(terms, 0, 0)),
            TieBreak::BuchholzCut1 => TieBreakValue::Tenths(buchholz(terms, 1, 0)),
            TieBreak::BuchholzMedian1 => TieBreakValue::Tenths(buchholz(terms, 1, 1)),
            TieBreak::AverageRatingOfOpponents => TieBreakValue::Rating(self.aro(i)),
            TieBreak::Lots => TieBreakValue::Lot(draw_lot(lots_seed, self.table.entrants[i].tpn)),
            // Computed per group by `direct_encounter`; never asked here.
            TieBreak::DirectEncounter => TieBreakValue::Unbroken,
        }
    }

    /// Rounds won (C.07 7.1), or games won over the board only (7.2).
    fn wins(&self, i: usize, over_the_board: bool) -> u32 {
        let points = &self.table.points;
        let won = |round: Round| match round {
            Round::Game { result, .. } => result == GameResult::Win,
            _ if over_the_board => false,
            Round::Forfeit { won, .. } => won,
            Round::Bye(ByeKind::Full) => true,
            Round::Bye(ByeKind::PairingAllocated) => points.pairing_bye == points.win,
            _ => false,
        };
        let count = self.rounds[i].iter().filter(|(r, _)| won(*r)).count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// The average rating of the rated opponents of finished games, rounded half up; 0 when
    /// there is none.
    fn aro(&self, i: usize) -> u32 {
        let ratings: Vec<u64> = self.rounds[i]
            .iter()
            .filter_map(|(round, _)| match *round {
                Round::Game { opponent, .. } => self.table.entrants[opponent].rating,
                _ => None,
            })
            .map(u64::from)
            .collect();
        if ratings.is_empty() {
            return 0;
        }
        let n = ratings.len() as u64;
        let sum: u64 = ratings.iter().sum();
        u32::try_from((2 * sum + n) / (2 * n)).unwrap_or(u32::MAX)
    }

    /// Whether round `round` between `i` and `opponent` is an encounter for the direct
    /// encounter, and the points `i` scored in it.
    fn encounter(&self, round: Round, points: Points) -> Option<(usize, Points)> {
        match round {
            Round::Game { opponent, .. } => Some((opponent, points)),
            Round::Forfeit { opponent, .. } if self.format == Format::RoundRobin => {
                Some((opponent, points))
            }
            _ => None,
        }
    }

    /// The direct encounter inside `group` (C.07 6): the group cut into ordered blocks, the
    /// entrants of a block still tied.
    fn direct_encounter(&self, group: &[usize]) -> Vec<Vec<usize>> {
        let position = |i: usize| group.iter().position(|&g| g == i);
        let size = group.len();
        // For each member, against each other member: the points scored and the games played.
        let mut sums = vec![vec![(0u64, 0u64); size]; size];
        for (a, &i) in group.iter().enumerate() {
            for &(round, points) in &self.rounds[i] {
                if let Some((opponent, points)) = self.encounter(round, points)
                    && let Some(b) = position(opponent)
                    && b != a
                {
                    sums[a][b].0 += u64::from(points);
                    sums[a][b].1 += 1;
                }
            }
        }
        // Average over repeated games (6.1.2), exactly: every pair's total is scaled to the
        // least common multiple of the numbers of games.
        let scale = sums
            .iter()
            .flatten()
            .filter(|&&(_, games)| games > 0)
            .fold(1u64, |l, &(_, games)| lcm(l, games));
        let mut de = vec![0u64; size];
        let mut missing = vec![0u64; size];
        for (a, row) in sums.iter().enumerate() {
            for (b, &(points, games)) in row.iter().enumerate() {
                match scale.checked_div(games) {
                    _ if a == b => {}
                    Some(factor) => de[a] += points * factor,
                    None => missing[a] += 1,
                }
            }
        }
        let mut sorted: Vec<usize> = (0..size).collect();
        let blocks: Vec<Vec<usize>> = if missing.iter().all(|&m| m == 0) {
            // 6.2: all have met.
            sorted.sort_by(|&a, &b| de[b].cmp(&de[a]));
            split_equal(&sorted, |&a, &b| de[a] == de[b])
        } else {
            // 6.3: an entrant goes first only if nobody could pass it with the missing games.
            let win = u64::from(self.table.points.win) * scale;
            let best: Vec<u64> = (0..size).map(|a| de[a] + missing[a] * win).collect();
            sorted.sort_by(|&a, &b| de[b].cmp(&de[a]).then(best[b].cmp(&best[a])));
            let mut blocks = Vec::new();
            let mut first = 0;
            while first + 1 < size {
                let challenger = sorted[first + 1..]
                    .iter()
                    .map(|&b| best[b])
                    .max()
                    .unwrap_or(0);
                if de[sorted[first]] <= challenger {
                    break;
                }
                blocks.push(vec![sorted[first]]);
                first += 1;
            }
            blocks.push(sorted[first..].to_vec());
            blocks
        };
        let blocks: Vec<Vec<usize>> = blocks
            .into_iter()
            .map(|block| block.into_iter().map(|a| group[a]).collect())
            .collect();
        if blocks.len() == 1 {
            return blocks;
        }
        // Reapply to every block still tied, on the games among its members only.
        blocks
            .into_iter()
            .flat_map(|block| {
                if block.len() > 1 {
                    self.direct_encounter(&block)
                } else {
                    vec![block]
                }
            })
            .collect()
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

/// Classifies the rounds of `entrant`, with the points each is worth (pending: none).
fn classify(table: &Table, entrant: &Entrant) -> Vec<(Round, Points)> {
    entrant
        .rounds
        .iter()
        .enumerate()
        .map(|(number, entry)| {
            let points = entry.points(&table.points).unwrap_or(0);
            let round = match *entry {
                RoundEntry::Played {
                    opponent, result, ..
                } => match index_of(table, opponent) {
                    Some(opponent) => Round::Game { opponent, result },
                    None => Round::Pending,
                },
                RoundEntry::Pending { .. } => Round::Pending,
                RoundEntry::Forfeit { opponent, won, .. } => {
                    let cancelled = !won
                        && table
                            .entrant(opponent)
                            .and_then(|o| o.rounds.get(number))
                            .is_some_and(|theirs| {
                                matches!(*theirs, RoundEntry::Forfeit { opponent, won: false, .. }
                                    if opponent == entrant.tpn)
                            });
                    match index_of(table, opponent) {
                        _ if cancelled => Round::Cancelled,
                        Some(opponent) => Round::Forfeit { opponent, won },
                        // An opponent missing from the table: an unplayed round all the same.
                        None if won => Round::Bye(ByeKind::Full),
                        None => Round::Bye(ByeKind::Zero),
                    }
                }
                RoundEntry::Bye(kind) => Round::Bye(kind),
                RoundEntry::Absent => Round::Absent,
            };
            (round, points)
        })
        .collect()
}

/// An entrant's score as its opponents see it in a Swiss (C.07 16.3): requested byes and
/// absences after its last round that is not a VUR count as draws.
fn adjusted_score(own: &[(Round, Points)], draw: Points) -> Points {
    let last_not_vur = own.iter().rposition(|(round, _)| !round.is_vur());
    own.iter()
        .enumerate()
        .map(|(number, &(round, points))| {
            let after = last_not_vur.is_none_or(|last| number > last);
            if after && round.is_requested_bye() {
                draw
            } else {
                points
            }
        })
        .sum()
}

/// Buchholz terms in a Swiss: opponents' adjusted scores, and a dummy opponent with the
/// entrant's own score for each of its unplayed rounds (C.07 16.4).
fn swiss_terms(own: &[(Round, Points)], score: Points, adjusted: &[Points]) -> Vec<Term> {
    own.iter()
        .filter_map(|&(round, points)| {
            let opponent_score = match round {
                Round::Pending => return None,
                Round::Game { opponent, .. } => adjusted[opponent],
                Round::Forfeit { .. } | Round::Cancelled | Round::Bye(_) | Round::Absent => score,
            };
            Some(Term {
                score: u64::from(opponent_score),
                points: u64::from(points),
                vur: round.is_vur(),
            })
        })
        .collect()
}

/// Buchholz terms in a round robin: games and forfeits against the scheduled opponent
/// (C.07 15.2); nothing else.
fn round_robin_terms(own: &[(Round, Points)], scores: &[Points]) -> Vec<Term> {
    own.iter()
        .filter_map(|&(round, points)| match round {
            Round::Game { opponent, .. } | Round::Forfeit { opponent, .. } => Some(Term {
                score: u64::from(scores[opponent]),
                points: u64::from(points),
                vur: false,
            }),
            _ => None,
        })
        .collect()
}

/// Buchholz without its `low` least significant values (a VUR's first, C.07 16.5) and then
/// its `high` most significant ones.
fn buchholz(terms: &[Term], low: usize, high: usize) -> u64 {
    let mut kept: Vec<Term> = terms.to_vec();
    for _ in 0..low {
        let cut = kept
            .iter()
            .enumerate()
            .filter(|(_, t)| t.vur)
            .min_by_key(|(_, t)| t.score)
            .or_else(|| kept.iter().enumerate().min_by_key(|(_, t)| t.score))
            .map(|(index, _)| index);
        if let Some(index) = cut {
            kept.swap_remove(index);
        }
    }
    for _ in 0..high {
        let cut = kept
            .iter()
            .enumerate()
            .max_by_key(|(_, t)| t.score)
            .map(|(index, _)| index);
        if let Some(index) = cut {
            kept.swap_remove(index);
        }
    }
    kept.iter().map(|t| t.score).sum()
}
