//! The weight of a pair: every criterion of the Dutch system packed into one exact integer,
//! most important first, so that a maximum weight matching satisfies the criteria in their
//! order (C4 completion and C5 bye first, then C6 … C21), and the lowest field is left free
//! for the bonuses that choose among equally good pairings in generation order. Field widths
//! are chosen so that a sum over any matching never carries into the next field. Pure.

use std::collections::BTreeMap;

use super::player::{Float, Player};
use crate::tournament::record::Points;

/// The integer type the weights are built in: exact, wide enough for the event (see
/// [`Layout::bits`]).
pub trait Field:
    crate::tournament::matching::Weight
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Shl<u32, Output = Self>
{
    /// A small value.
    fn small(value: u64) -> Self;

    /// Zero.
    fn zero() -> Self {
        Self::small(0)
    }

    /// `self + value·2^position`.
    fn add_at(self, position: u32, value: u64) -> Self {
        self + (Self::small(value) << position)
    }
}

impl Field for i128 {
    fn small(value: u64) -> Self {
        value as i128
    }
}

/// A weight written field by field, most significant first, each field at its place: the
/// same number as shifting the weight left and adding each field in turn, without a shift of
/// the whole weight per field.
struct Fields<W> {
    weight: W,
    /// Where the last field written starts (its lowest bit).
    at: u32,
}

impl<W: Field> Fields<W> {
    /// A weight of `low` bits under a top field holding `top`.
    fn new(top: u64, low: u32) -> Self {
        Fields {
            weight: W::zero().add_at(low, top),
            at: low,
        }
    }

    /// The next field: `width` bits holding `value`.
    fn put(&mut self, width: u32, value: u64) {
        self.at -= width;
        if value != 0 {
            self.weight = self.weight.add_at(self.at, value);
        }
    }

    /// The next field: `width` bits holding `2^bit` for each of `bits` (a sum).
    fn put_powers(&mut self, width: u32, bits: &[Option<u32>]) {
        self.at -= width;
        for bit in bits.iter().flatten() {
            self.weight = self.weight.add_at(self.at + bit, 1);
        }
    }

    /// The weight, once every field is written.
    fn done(self) -> W {
        debug_assert_eq!(self.at, 0, "the fields fill the weight");
        self.weight
    }
}

/// The number of binary digits of `x` (at least 1).
pub fn bits(x: usize) -> u32 {
    (usize::BITS - x.leading_zeros()).max(1)
}

/// The field widths of one round's pairing.
///
/// Six fields (C7, C8, C18-C21) hold one slot per score, `bits(size)` wide, so that a sum
/// over a matching never carries from one score's slot into the next. Only the scores of
/// the bracket being paired (its moved-down players, its residents, the next scoregroup) are
/// ever set in them while that bracket is paired, so their slots are laid out per bracket
/// ([`Layout::enter_bracket`]) inside a field of fixed width ([`Layout::score_field`]) for
/// the whole round: the other fields keep their places, and the weights of the pairs outside
/// the bracket do not change from one bracket to the next.
#[derive(Clone, Debug)]
pub struct Layout {
    /// bits(size of the largest scoregroup).
    pub sb: u32,
    /// Σ bits(size) over all scoregroups.
    pub sg: u32,
    /// For each score, Σ bits(size) over the lower scores (all the scoregroups).
    pub offset: BTreeMap<Points, u32>,
    /// The width of each score-indexed field: at most `sg`.
    score_field: u32,
    /// For each score of the bracket being paired, where its slot starts in the
    /// score-indexed fields.
    bracket: BTreeMap<Points, u32>,
    /// Rounds already played.
    pub played: usize,
    /// The number of players to pair.
    pub players: usize,
}

impl Layout {
    /// The layout for `players` (in pairing order) after `played` rounds.
    pub fn new(players: &[Player], played: usize) -> Layout {
        let mut sizes: BTreeMap<Points, usize> = BTreeMap::new();
        for p in players {
            *sizes.entry(p.score).or_default() += 1;
        }
        let mut offset = BTreeMap::new();
        let mut running = 0;
        for (score, size) in &sizes {
            offset.insert(*score, running);
            running += bits(*size);
        }
        let largest = sizes.values().copied().max().unwrap_or(1);
        Layout {
            sb: bits(largest),
            sg: running,
            bracket: offset.clone(),
            offset,
            score_field: running,
            played,
            players: players.len(),
        }
    }

    /// The same layout with score-indexed fields of `width` bits (narrower than `sg`), which
    /// is enough while each bracket's slots fit in it (see [`Layout::enter_bracket`]).
    pub fn with_score_field(mut self, width: u32) -> Layout {
        self.score_field = width.min(self.sg);
        self
    }

    /// A width of the score-indexed fields that fits the brackets of an ordinary round: the
    /// slots of two neighbouring scoregroups and room for moved-down players of a few more
    /// scores. A bracket that needs more makes the round be paired again with `sg`.
    pub fn usual_score_field(players: &[Player]) -> u32 {
        let mut sizes: Vec<usize> = Vec::new();
        for (i, p) in players.iter().enumerate() {
            if i == 0 || players[i - 1].score != p.score {
                sizes.push(0);
            }
            *sizes.last_mut().expect("pushed") += 1;
        }
        let neighbours = sizes
            .windows(2)
            .map(|w| bits(w[0]) + bits(w[1]))
            .chain(sizes.first().map(|s| bits(*s)))
            .max()
            .unwrap_or(1);
        neighbours + 8
    }

    /// Lays out the score slots for the bracket whose players have these scores (each score
    /// once per player). Fails with the width the slots need when it is more than the
    /// round's score field.
    pub fn enter_bracket(&mut self, scores: impl Iterator<Item = Points>) -> Result<(), TooNarrow> {
        let mut sizes: BTreeMap<Points, usize> = BTreeMap::new();
        for score in scores {
            *sizes.entry(score).or_default() += 1;
        }
        let mut bracket = BTreeMap::new();
        let mut running = 0;
        for (score, size) in &sizes {
            bracket.insert(*score, running);
            running += bits(*size);
        }
        if running > self.score_field {
            return Err(TooNarrow(running));
        }
        self.bracket = bracket;
        Ok(())
    }

    fn off(&self, score: Points) -> u32 {
        self.offset.get(&score).copied().unwrap_or(0)
    }

    fn slot(&self, score: Points) -> u32 {
        self.bracket.get(&score).copied().unwrap_or(0)
    }

    /// Bits under the top field of a base weight.
    fn low_bits(&self) -> u32 {
        let (sb, sg) = (self.sb, self.score_field);
        let mut total = sb + sg + sb + sg + 2 * sb + 4 * sb;
        if self.played >= 1 {
            total += 2 * sb + 2 * sg;
        }
        if self.played >= 2 {
            total += 2 * sb + 2 * sg;
        }
        total + 3 * sb + 1
    }

    /// Bits a weight needs, top field included (before any headroom the solver wants).
    pub fn bits(&self) -> u32 {
        // The top field holds at most 3 per pair.
        let top = bits(3 * self.players + 3);
        self.low_bits().max(self.first_step_bits()) + top
    }

    /// Bits under the top field of the first step's weights for an odd number of players.
    fn first_step_bits(&self) -> u32 {
        self.sg + bits(self.players) + 1 + self.sb
    }

    /// The weight of the first step (an odd number of players): complete the pairing,
    /// leave out a player who may take the bye, with the lowest score possible.
    pub fn first_step<W: Field>(
        &self,
        h: &Player,
        l: &Player,
        l_in_top_group: bool,
        compatible: bool,
    ) -> W {
        if !compatible {
            return W::zero();
        }
        let top = 1 + u64::from(!h.bye_eligible) + u64::from(!l.bye_eligible);
        let mut w = Fields::<W>::new(top, self.first_step_bits());
        w.put(
            self.sg + bits(self.players) + 1,
            u64::from(self.off(h.score)) + u64::from(self.off(l.score)),
        );
        w.put(self.sb, u64::from(l_in_top_group));
        w.done()
    }
}

/// A bracket's score slots do not fit the round's score field: the width they need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooNarrow(pub u32);

/// What the base weight depends on beyond the two players.
#[derive(Clone, Debug)]
pub struct Context {
    /// The score of the bye (the lowest score that can take it), or 0.
    pub bye_score: Points,
    /// Whether C9 applies to the bracket being paired.
    pub c9: bool,
    /// For players of the bye score: their rank by played games, indexed by that number.
    pub played_rank: BTreeMap<usize, u64>,
}

/// The pair's flags: is the lower player a resident of the bracket (`cur`), or of the next
/// scoregroup (`nxt`)?
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The lower player is in the bracket being paired.
    pub cur: bool,
    /// The lower player is in the next scoregroup.
    pub nxt: bool,
}

/// C11: false when one of two absolute players with the same preference would get the
/// same colour a third time.
fn third_colour_avoided(l: &Player, h: &Player) -> bool {
    if !(l.absolute() && h.absolute() && l.preference == h.preference) {
        return true;
    }
    let (cl, ch) = (l.colour_difference.abs(), h.colour_difference.abs());
    if cl == ch {
        return !(l.repeated.is_some() && l.repeated == h.repeated);
    }
    let smaller = if cl < ch { l } else { h };
    let against = h.preference.map(|c| c.opposite());
    !(smaller.repeated.is_some() && smaller.repeated == against)
}

impl Layout {
    /// The base weight of the pair `h` (higher in the order) and `l` (B3 of the spec).
    pub fn base<W: Field>(
        &self,
        h: &Player,
        l: &Player,
        place: Place,
        compatible: bool,
        context: &Context,
    ) -> W {
        if !compatible {
            return W::zero();
        }
        let (sb, sg) = (self.sb, self.score_field);
        let Place { cur, nxt } = place;
        let bs = context.bye_score;
        let candidate = |p: &Player| p.bye_eligible && p.score <= bs;
        let top = 1 + u64::from(!candidate(h)) + u64::from(!candidate(l));
        let mut w = Fields::<W>::new(top, self.low_bits());
        let at_h = Some(self.slot(h.score));
        // C6, C7.
        w.put(sb, u64::from(cur));
        w.put_powers(sg, &[at_h.filter(|_| cur)]);
        // C8.
        w.put(sb, u64::from(nxt));
        w.put_powers(sg, &[at_h.filter(|_| nxt)]);
        // C9.
        let c9 = if context.c9 {
            let rank = |p: &Player| {
                if p.score == bs {
                    context.played_rank.get(&p.played).copied().unwrap_or(0)
                } else {
                    0
                }
            };
            rank(h) + rank(l)
        } else {
            0
        };
        w.put(2 * sb, c9);
        // C10: two players beyond ±1 with the same preference.
        let both_beyond = h.colour_difference.abs() > 1
            && l.colour_difference.abs() > 1
            && h.preference == l.preference;
        w.put(sb, u64::from(cur && !both_beyond));
        // C11.
        w.put(sb, u64::from(cur && third_colour_avoided(l, h)));
        // C12: preferences granted.
        let granted = h.preference != l.preference || h.preference.is_none();
        w.put(sb, u64::from(cur && granted));
        // C13: strong preferences granted.
        let strong_or_absolute = |p: &Player| p.strong() || p.absolute();
        let strong_denied = h.preference == l.preference
            && h.preference.is_some()
            && strong_or_absolute(h)
            && strong_or_absolute(l)
            && !(h.absolute() && l.absolute());
        w.put(sb, u64::from(cur && !strong_denied));
        // C14-C17: floats of the last two rounds.
        let floats = |round: fn(&Player) -> Float, w: &mut Fields<W>| {
            let down = |p: &Player| round(p) == Float::Down;
            let up = |p: &Player| round(p) == Float::Up;
            let resident = if cur {
                u64::from(down(l)) + u64::from(h.score <= l.score && down(h))
            } else {
                0
            };
            w.put(sb, resident);
            w.put(sb, u64::from(cur && !(h.score > l.score && up(l))));
        };
        if self.played >= 1 {
            floats(|p| p.float_previous, &mut w);
        }
        if self.played >= 2 {
            floats(|p| p.float_before, &mut w);
        }
        // C18-C21: the same, weighted by score.
        let scored = |round: fn(&Player) -> Float, w: &mut Fields<W>| {
            let down = |p: &Player| round(p) == Float::Down;
            let up = |p: &Player| round(p) == Float::Up;
            let at_l = Some(self.slot(l.score));
            w.put_powers(
                sg,
                &[
                    at_l.filter(|_| cur && down(l)),
                    at_h.filter(|_| cur && down(h)),
                ],
            );
            w.put_powers(sg, &[at_h.filter(|_| cur && !(up(l) && h.score > l.score))]);
        };
        if self.played >= 1 {
            scored(|p| p.float_previous, &mut w);
        }
        if self.played >= 2 {
            scored(|p| p.float_before, &mut w);
        }
        // Room for the ordering bonuses.
        w.put(3 * sb + 1, 0);
        w.done()
    }
}
