//! The pairing of one round, bracket by bracket from the top score down, as a sequence of
//! maximum weight matchings (the method of the reference engine, bbpPairings): a first
//! matching finds whether a complete pairing exists and the lowest score that can take the
//! bye; then, for each bracket, a matching with the bracket's weights fixes how many players
//! float and which, and further matchings with small bonuses choose, among the pairings
//! that are equally good by every criterion, the one the handbook's generation order reaches
//! first (the lowest moved-down players, the first transposition, the fewest and smallest
//! exchanges). Pure.

use std::ops::Range;

use super::player::Player;
use super::weights::{Context, Field, Layout, Place, TooNarrow};
use crate::tournament::matching::Matcher;
use crate::tournament::record::Points;

/// The result of the matchings: pairs of vertices (higher first) and the vertex left for the
/// bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The pairs, as positions in the pairing order (higher ranked first).
    pub pairs: Vec<(usize, usize)>,
    /// The player left over, who takes the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// Why a round was not paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unpaired {
    /// No pairing satisfies the absolute criteria.
    NoPairing,
    /// A bracket's score slots need more bits than the layout's score field: pair the
    /// round again with a wider one.
    TooNarrow(TooNarrow),
}

impl From<TooNarrow> for Unpaired {
    fn from(narrow: TooNarrow) -> Self {
        Unpaired::TooNarrow(narrow)
    }
}

struct Solver<'a, W: Field> {
    players: &'a [Player],
    layout: Layout,
    compatible: &'a [bool],
    /// The graph, with the last optimum, from which each solve starts.
    graph: Matcher<W>,
    base: Vec<W>,
    mate: Vec<Option<usize>>,
    matched: Vec<bool>,
    context: Context,
}

impl<'a, W: Field> Solver<'a, W> {
    fn n(&self) -> usize {
        self.players.len()
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.n() + b]
    }

    fn base(&self, a: usize, b: usize) -> W {
        self.base[a * self.n() + b]
    }

    fn set_base(&mut self, a: usize, b: usize, w: W) {
        let n = self.n();
        self.base[a * n + b] = w;
        self.base[b * n + a] = w;
    }

    fn edge(&self, a: usize, b: usize) -> W {
        self.graph.get(a, b)
    }

    fn set_edge(&mut self, a: usize, b: usize, w: W) {
        self.graph.set(a, b, w);
    }

    /// A maximum weight matching of the current weights, repairing the previous optimum where
    /// the weights changed since. Several matchings may be optimal, and a repaired solve may
    /// return another one than a solve from scratch would: every decision is read after the
    /// bonuses made it unique.
    fn solve(&mut self) {
        self.mate = self.graph.solve();
    }

    /// Pairs `v` with `o` in the current optimum by exchanging partners with `o`'s, when the
    /// result is an optimum too (see [`Matcher::swap_partners`]). Returns whether it did.
    fn swap_to(&mut self, v: usize, o: usize) -> bool {
        let (Some(mv), Some(mo)) = (self.mate[v], self.mate[o]) else {
            return false;
        };
        if !self.graph.swap_partners(v, o) {
            return false;
        }
        self.mate[v] = Some(o);
        self.mate[o] = Some(v);
        self.mate[mv] = Some(mo);
        self.mate[mo] = Some(mv);
        true
    }

    /// The base weight of `h` (higher) and `l` under the current context.
    fn weight(&self, h: usize, l: usize, place: Place) -> W {
        self.layout.base(
            &self.players[h],
            &self.players[l],
            place,
            self.compatible(h, l),
            &self.context,
        )
    }

    /// Pair `v` with its current mate for good: every other edge of both goes.
    fn freeze(&mut self, v: usize) {
        let partner = self.mate[v].expect("a frozen player has a partner");
        for x in 0..self.n() {
            for (a, b) in [(v, x), (partner, x)] {
                if a != b && !(x == v || x == partner) {
                    self.set_edge(a, b, W::zero());
                }
            }
        }
    }
}

/// Pairs `players` (in pairing order) with the weights of `layout`.
pub fn pair<W: Field>(
    players: &[Player],
    layout: Layout,
    compatible: &[bool],
) -> Result<Matched, Unpaired> {
    let n = players.len();
    let mut solver = Solver::<W> {
        players,
        layout,
        compatible,
        graph: Matcher::new(n),
        base: vec![W::zero(); n * n],
        mate: vec![None; n],
        matched: vec![false; n],
        context: Context {
            bye_score: 0,
            c9: false,
            played_rank: Default::default(),
        },
    };
    let groups = scoregroups(players);
    first_step(&mut solver, &groups)?;
    brackets(&mut solver, &groups)?;
    let mut pairs = Vec::new();
    let mut bye = None;
    for v in 0..n {
        match solver.mate[v] {
            Some(p) if v < p => pairs.push((v, p)),
            Some(_) => {}
            None => bye = Some(v),
        }
    }
    Ok(Matched { pairs, bye })
}

/// The scoregroups, as ranges of positions, highest score first.
fn scoregroups(players: &[Player]) -> Vec<Range<usize>> {
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 1..=players.len() {
        if i == players.len() || players[i].score != players[start].score {
            groups.push(start..i);
            start = i;
        }
    }
    groups
}

/// Step 0: is a complete pairing possible, which score takes the bye, does C9 apply to the
/// first bracket.
fn first_step<W: Field>(s: &mut Solver<'_, W>, groups: &[Range<usize>]) -> Result<(), Unpaired> {
    let n = s.n();
    if n == 0 {
        return Ok(());
    }
    let top = groups[0].clone();
    let odd = n % 2 == 1;
    for l in 0..n {
        for h in 0..l {
            let w = if odd {
                s.layout.first_step(
                    &s.players[h],
                    &s.players[l],
                    top.contains(&l),
                    s.compatible(h, l),
                )
            } else {
                s.weight(
                    h,
                    l,
                    Place {
                        cur: false,
                        nxt: false,
                    },
                )
            };
            s.set_edge(h, l, w);
        }
    }
    s.solve();
    let unmatched: Vec<usize> = (0..n).filter(|v| s.mate[*v].is_none()).collect();
    match unmatched.as_slice() {
        [] => {}
        [v] if s.players[*v].bye_eligible => {}
        _ => return Err(Unpaired::NoPairing),
    }
    if odd {
        let bye = unmatched[0];
        let bs = s.players[bye].score;
        let top_score = s.players[0].score;
        let c9 = bs >= top_score
            && top
                .clone()
                .all(|v| s.mate[v].is_none_or(|p| top.contains(&p)));
        let mut counts: Vec<usize> = s
            .players
            .iter()
            .filter(|p| p.score == bs)
            .map(|p| p.played)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let mut played_rank = std::collections::BTreeMap::new();
        for &g in &counts {
            let at_least = counts.iter().filter(|c| **c >= g).count() as u64;
            played_rank.insert(g, at_least - 1);
        }
        s.context.bye_score = bs;
        s.context.c9 = c9;
        s.context.played_rank = played_rank;
        for l in 0..n {
            for h in 0..l {
                let w = s.weight(
                    h,
                    l,
                    Place {
                        cur: false,
                        nxt: false,
                    },
                );
                s.set_edge(h, l, w);
            }
        }
    }
    Ok(())
}

/// The remainder bonus of the pair at remainder positions `ip < io`.
fn remainder_bonus<W: Field>(base: W, ip: usize, pairs: usize, sb: u32) -> W {
    if base.is_zero() {
        return W::zero();
    }
    let big = if ip < pairs {
        W::small(2) << (2 * sb)
    } else {
        W::zero()
    };
    base + big - W::small(2 * ip as u64)
}

/// Moves the score slots to the bracket now in `bracket` (its moved-down players first).
/// The pairs of two moved-down players are the only weights of the bracket that are not
/// built again: they keep what the brackets before gave them (they were built as pairs in
/// a bracket, possibly with a bonus of one since), so only their slots move, from the
/// layout before to this one.
fn enter_bracket<W: Field>(
    s: &mut Solver<'_, W>,
    bracket: &[usize],
    movers: usize,
) -> Result<(), TooNarrow> {
    let before = s.layout.clone();
    s.layout
        .enter_bracket(bracket.iter().map(|&v| s.players[v].score))?;
    let place = Place {
        cur: true,
        nxt: false,
    };
    for j in 1..movers {
        for i in 0..j {
            let (h, l) = (bracket[i], bracket[j]);
            let (edge, base) = (s.edge(h, l), s.base(h, l));
            if edge.is_zero() && base.is_zero() {
                continue;
            }
            let (hp, lp) = (&s.players[h], &s.players[l]);
            let compatible = s.compatible(h, l);
            let old: W = before.base(hp, lp, place, compatible, &s.context);
            let new: W = s.layout.base(hp, lp, place, compatible, &s.context);
            if !edge.is_zero() {
                s.set_edge(h, l, edge - old + new);
            }
            if !base.is_zero() {
                s.set_base(h, l, base - old + new);
            }
        }
    }
    Ok(())
}

/// The bracket loop (B5 of the spec).
fn brackets<W: Field>(s: &mut Solver<'_, W>, groups: &[Range<usize>]) -> Result<(), Unpaired> {
    let n = s.n();
    if n == 0 {
        return Ok(());
    }
    let sb = s.layout.sb;
    let mut bracket: Vec<usize> = groups[0].clone().collect();
    let mut next_group = 1;
    let mut movers = 0usize; // m: the moved-down players at the front of `bracket`.
    let mut first_resident = 0usize; // F
    while bracket.len() > 1 || next_group < groups.len() {
        // (a) Build.
        let c = bracket.len();
        let after = first_resident + c - movers; // G
        let next: Option<Range<usize>> = groups.get(next_group).cloned();
        if let Some(range) = &next {
            bracket.extend(range.clone());
            next_group += 1;
        }
        enter_bracket(s, &bracket, movers)?;
        for j in movers..bracket.len() {
            for i in 0..j {
                let (h, l) = (bracket[i], bracket[j]);
                let place = Place {
                    cur: j < c,
                    nxt: j >= c,
                };
                let w = s.weight(h, l, place);
                s.set_base(h, l, w);
                s.set_edge(h, l, w);
            }
        }
        s.solve();
        let residents: Vec<usize> = (first_resident..after).collect();
        let in_bracket = |mate: &[Option<usize>], v: usize| {
            mate[v].is_some_and(|p| first_resident <= p && p < after)
        };
        // (b) Which moved-down players are paired here.
        let movers_list: Vec<usize> = bracket[..movers].to_vec();
        let mut i = 0;
        while i < movers_list.len() {
            let score = s.players[movers_list[i]].score;
            let end = i + movers_list[i..]
                .iter()
                .take_while(|v| s.players[**v].score == score)
                .count();
            let mut k = end - i;
            let mut q = movers_list[i..end]
                .iter()
                .filter(|v| in_bracket(&s.mate, **v))
                .count();
            for &v in &movers_list[i..end] {
                if q == 0 {
                    continue;
                }
                if k <= q {
                    s.matched[v] = true;
                    continue;
                }
                k -= 1;
                if !in_bracket(&s.mate, v) {
                    for &r in &residents {
                        let e = s.edge(v, r);
                        if !e.is_zero() {
                            s.set_edge(v, r, e + W::small(1));
                        }
                    }
                    s.solve();
                }
                if in_bracket(&s.mate, v) {
                    s.matched[v] = true;
                    q -= 1;
                    let lock = W::small(residents.len() as u64 + 1);
                    for &r in &residents {
                        let b = s.base(v, r);
                        if !b.is_zero() {
                            s.set_edge(v, r, b + lock);
                        }
                    }
                }
            }
            i = end;
        }
        // (c) Their opponents: the first transposition.
        for &v in &movers_list {
            if !s.matched[v] {
                continue;
            }
            let mut bonus = bracket.len() as u64;
            for &r in residents.iter().rev() {
                if s.matched[r] {
                    continue;
                }
                let b = s.base(v, r);
                if !b.is_zero() {
                    s.set_edge(v, r, b + W::small(bonus));
                    bonus += 1;
                }
            }
            s.solve();
            let partner = s.mate[v].expect("a paired moved-down player has a partner");
            s.matched[partner] = true;
            s.freeze(v);
        }
        // (d) The remainder and its S1/S2 split.
        let remainder: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|&v| s.mate[v].is_none_or(|p| p >= first_resident))
            .collect();
        let pairs = remainder
            .iter()
            .filter(|&&v| s.mate[v].is_some_and(|p| p < v))
            .count();
        let set_remainder = |s: &mut Solver<'_, W>, ip: usize, delta: i64| {
            let p = remainder[ip];
            for &o in &remainder[ip + 1..] {
                let b = s.base(p, o);
                if b.is_zero() {
                    s.set_edge(p, o, W::zero());
                    continue;
                }
                let mut w = remainder_bonus(b, ip, pairs, sb);
                if delta > 0 {
                    w = w + W::small(delta as u64);
                } else if delta < 0 {
                    w = w - W::small((-delta) as u64);
                }
                s.set_edge(p, o, w);
            }
        };
        for ip in 0..remainder.len() {
            set_remainder(s, ip, 0);
        }
        s.solve();
        let s1_type =
            |mate: &[Option<usize>], v: usize| mate[v].is_some_and(|p| v < p && p < after);
        let exchanges = remainder[..pairs]
            .iter()
            .filter(|&&v| !s1_type(&s.mate, v))
            .count();
        // (e) Which S1 players leave: the lowest first.
        let mut x = exchanges;
        let mut ip = pairs;
        while x > 0 && ip > 0 {
            ip -= 1;
            let v = remainder[ip];
            if s1_type(&s.mate, v) {
                set_remainder(s, ip, -1);
                s.solve();
            }
            if !s1_type(&s.mate, v) {
                x -= 1;
                for &o in &remainder[ip + 1..] {
                    s.set_base(v, o, W::zero());
                }
            }
            set_remainder(s, ip, 0);
        }
        // (f) Which S2 players enter: the highest first.
        let mut x = exchanges;
        let mut ip = pairs;
        while x > 1 && ip < remainder.len() {
            let v = remainder[ip];
            let was = s1_type(&s.mate, v);
            if !was {
                set_remainder(s, ip, 1);
                s.solve();
            }
            if s1_type(&s.mate, v) {
                x -= 1;
                for &o in &remainder[..ip] {
                    s.set_base(v, o, W::zero());
                    s.set_edge(v, o, W::zero());
                }
                if let Some(range) = &next {
                    for o in range.clone() {
                        s.set_base(v, o, W::zero());
                        s.set_edge(v, o, W::zero());
                    }
                }
            }
            if !was {
                set_remainder(s, ip, 0);
            }
            ip += 1;
        }
        // (g) Fix the split.
        for ip in 0..remainder.len() {
            let p = remainder[ip];
            for &o in &remainder[ip + 1..] {
                if !s1_type(&s.mate, p) || s1_type(&s.mate, o) {
                    s.set_base(p, o, W::zero());
                }
                let b = s.base(p, o);
                s.set_edge(p, o, b);
            }
        }
        // (h) The partners of S1: the first transposition. Each S1 player in turn gets
        // bonuses that favour the highest S2 player still free, and keeps the partner of the
        // optimum. When the current optimum already pairs it with that player, or does after
        // exchanging two partners at no cost, that is the answer without a solve: with the
        // bonuses, no matching can beat it.
        s.solve();
        for ip in 0..remainder.len() {
            let v = remainder[ip];
            if !s1_type(&s.mate, v) {
                continue;
            }
            let favourite = remainder[ip + 1..]
                .iter()
                .copied()
                .find(|&o| !s.matched[o] && !s.base(v, o).is_zero());
            let settled = favourite.is_some_and(|o| s.mate[v] == Some(o) || s.swap_to(v, o));
            if !settled {
                let mut bonus = 0u64;
                for &o in remainder[ip + 1..].iter().rev() {
                    if s.matched[o] {
                        continue;
                    }
                    let b = s.base(v, o);
                    if !b.is_zero() {
                        s.set_edge(v, o, b + W::small(bonus));
                    }
                    bonus += 1;
                }
                s.solve();
            }
            let partner = s.mate[v].expect("an S1 player has a partner");
            s.matched[v] = true;
            s.matched[partner] = true;
            s.freeze(v);
        }
        // (i) The next bracket.
        if next.is_none() {
            break;
        }
        let floaters: Vec<usize> = bracket[..c]
            .iter()
            .copied()
            .filter(|&v| !s.matched[v])
            .collect();
        let mut new_bracket = floaters.clone();
        new_bracket.extend_from_slice(&bracket[c..]);
        bracket = new_bracket;
        movers = floaters.len();
        first_resident = after;
        s.context.c9 = match &next {
            Some(range) if n % 2 == 1 => {
                let score: Points = s.players[range.start].score;
                s.context.bye_score >= score
                    && bracket
                        .iter()
                        .all(|&v| s.mate[v].is_none_or(|p| s.players[p].score >= score))
            }
            _ => false,
        };
    }
    Ok(())
}
