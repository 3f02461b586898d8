//! Maximum weight matching: hand-made classic cases, and random graphs checked against brute
//! force (i64 and bnum I512 weights); warm starts (a `Matcher` solving again after weight
//! changes at a few vertices) checked against solves from scratch and brute force.

use arbitre::tournament::matching::{
    DenseWeights, Matcher, Weight, bits_needed_for, matching_weight, maximum_weight_matching,
};
use bnum::cast::As;
use bnum::types::{I512, I1024};
use proptest::prelude::*;

/// A type wide enough to add up the weights of a whole matching of `Self` without overflow.
trait Wide: Weight {
    type Sum: Weight;
    fn widen(self) -> Self::Sum;
}

impl Wide for i64 {
    type Sum = i128;
    fn widen(self) -> i128 {
        i128::from(self)
    }
}

impl Wide for I512 {
    type Sum = I1024;
    fn widen(self) -> I1024 {
        self.as_::<I1024>()
    }
}

/// The total weight of a matching, in the wide type.
fn total<W: Wide>(g: &DenseWeights<W>, mates: &[Option<usize>]) -> W::Sum {
    let mut sum = W::Sum::ZERO;
    for (i, m) in mates.iter().enumerate() {
        if let Some(j) = *m
            && i < j
        {
            sum = sum.plus(g.get(i, j).widen());
        }
    }
    sum
}

/// The best total weight by exhaustive search (vertex 0..n, each either left alone or paired
/// with a later vertex of a positive edge).
fn brute_force<W: Wide>(g: &DenseWeights<W>) -> W::Sum {
    fn best<W: Wide>(g: &DenseWeights<W>, free: u32, memo: &mut [Option<W::Sum>]) -> W::Sum {
        if free == 0 {
            return W::Sum::ZERO;
        }
        if let Some(v) = memo[free as usize] {
            return v;
        }
        let i = free.trailing_zeros() as usize;
        let rest = free & !(1 << i);
        let mut result = best(g, rest, memo);
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            let w = g.get(i, j);
            if w > W::ZERO {
                let cand = w.widen().plus(best(g, rest & !(1 << j), memo));
                if cand > result {
                    result = cand;
                }
            }
        }
        memo[free as usize] = Some(result);
        result
    }
    let n = g.len();
    let mut memo = vec![None; 1 << n];
    best(g, (1u32 << n) - 1, &mut memo)
}

/// The result is a matching (symmetric), on positive edges only.
fn check_valid<W: Weight>(g: &DenseWeights<W>, mates: &[Option<usize>]) {
    assert_eq!(mates.len(), g.len());
    for (v, m) in mates.iter().enumerate() {
        if let Some(m) = *m {
            assert_ne!(m, v);
            assert_eq!(mates[m], Some(v), "mates not symmetric");
            assert!(g.get(v, m) > W::ZERO, "uses an edge of weight zero");
        }
    }
}

fn solve_and_check<W: Wide>(g: &DenseWeights<W>) -> Vec<Option<usize>> {
    let mates = maximum_weight_matching(g);
    check_valid(g, &mates);
    assert_eq!(
        total(g, &mates),
        brute_force(g),
        "not optimal: {g:?} -> {mates:?}"
    );
    mates
}

fn graph(n: usize, edges: &[(usize, usize, i64)]) -> DenseWeights<i64> {
    let mut g = DenseWeights::new(n);
    for &(i, j, w) in edges {
        g.set(i, j, w);
    }
    g
}

fn mates_of(pairs: &[(usize, usize)], n: usize) -> Vec<Option<usize>> {
    let mut m = vec![None; n];
    for &(a, b) in pairs {
        m[a] = Some(b);
        m[b] = Some(a);
    }
    m
}

#[test]
fn tiny_graphs() {
    assert!(maximum_weight_matching(&DenseWeights::<i64>::new(0)).is_empty());
    assert_eq!(
        maximum_weight_matching(&DenseWeights::<i64>::new(1)),
        vec![None]
    );
    assert_eq!(
        maximum_weight_matching(&DenseWeights::<i64>::new(2)),
        vec![None, None]
    );
    assert_eq!(
        maximum_weight_matching(&graph(2, &[(0, 1, 7)])),
        vec![Some(1), Some(0)]
    );
    assert_eq!(
        maximum_weight_matching(&DenseWeights::<I512>::new(7)),
        vec![None; 7]
    );
    // Odd n, one isolated vertex.
    assert_eq!(
        maximum_weight_matching(&graph(3, &[(0, 2, 1)])),
        vec![Some(2), None, Some(0)]
    );
}

#[test]
fn maximum_weight_not_maximum_cardinality() {
    // Path 0-1-2-3: the heavy middle edge beats the two light ends.
    let g = graph(4, &[(0, 1, 2), (1, 2, 5), (2, 3, 2)]);
    assert_eq!(solve_and_check(&g), mates_of(&[(1, 2)], 4));
    // ... but not when the ends add up to more.
    let g = graph(4, &[(0, 1, 3), (1, 2, 5), (2, 3, 3)]);
    let m = solve_and_check(&g);
    assert_eq!(m, mates_of(&[(0, 1), (2, 3)], 4));
    assert_eq!(matching_weight(&g, &m), 6);
}

#[test]
fn triangles() {
    let g = graph(3, &[(0, 1, 1), (1, 2, 1), (0, 2, 1)]);
    let m = solve_and_check(&g);
    assert_eq!(m.iter().filter(|m| m.is_some()).count(), 2);
    let g = graph(3, &[(0, 1, 5), (1, 2, 6), (0, 2, 4)]);
    assert_eq!(solve_and_check(&g), mates_of(&[(1, 2)], 3));
    // A triangle with a pendant edge: the blossom is shrunk and the augmenting path goes
    // through it.
    let g = graph(4, &[(0, 1, 8), (1, 2, 9), (0, 2, 10), (2, 3, 7)]);
    assert_eq!(solve_and_check(&g), mates_of(&[(0, 1), (2, 3)], 4));
}

#[test]
fn blossom_used_for_augmentation() {
    // Triangle 0-1-2 with stems at 0 (to 3) and 2 (to 4): shrink, then augment through it.
    let g = graph(
        6,
        &[
            (0, 1, 8),
            (0, 2, 9),
            (1, 2, 10),
            (0, 3, 5),
            (3, 4, 4),
            (0, 5, 3),
        ],
    );
    assert_eq!(solve_and_check(&g), mates_of(&[(0, 5), (1, 2), (3, 4)], 6));
    let g = graph(
        6,
        &[
            (0, 1, 8),
            (0, 2, 9),
            (1, 2, 10),
            (0, 3, 5),
            (3, 4, 3),
            (0, 5, 4),
        ],
    );
    assert_eq!(solve_and_check(&g), mates_of(&[(0, 5), (1, 2), (3, 4)], 6));
    // (1,2)+(0,3) = 15 = (0,1)+(2,5)+(3,4): either is optimal, checked by weight.
    let g = graph(
        6,
        &[
            (0, 1, 8),
            (0, 2, 9),
            (1, 2, 10),
            (0, 3, 5),
            (3, 4, 3),
            (2, 5, 4),
        ],
    );
    solve_and_check(&g);
}

#[test]
fn blossom_expanded_at_end_of_stage() {
    // Triangle 2-3-4 with a pendant edge 1-4: shrunk, augmented through, then expanded
    // (dual still zero) when the stage ends.
    let g = graph(5, &[(1, 4, 3), (2, 3, 6), (2, 4, 3), (3, 4, 6)]);
    assert_eq!(solve_and_check(&g), mates_of(&[(1, 4), (2, 3)], 5));
    let g = graph(
        6,
        &[
            (0, 2, 5),
            (0, 3, 4),
            (0, 5, 4),
            (1, 4, 6),
            (2, 3, 5),
            (4, 5, 3),
        ],
    );
    assert_eq!(solve_and_check(&g), mates_of(&[(0, 5), (1, 4), (2, 3)], 6));
}

#[test]
fn blossom_relabelled_t_and_expanded() {
    // A 5-cycle 1..5 shrunk as an S-blossom, later reached as a T-blossom through a non-base
    // vertex and expanded when its dual reaches zero.
    let g = graph(
        8,
        &[
            (1, 2, 8),
            (1, 3, 8),
            (2, 3, 10),
            (3, 4, 12),
            (2, 5, 12),
            (4, 5, 14),
            (4, 6, 12),
            (5, 7, 12),
            (6, 7, 14),
            (0, 6, 3),
        ],
    );
    solve_and_check(&g);
    let g = graph(
        8,
        &[
            (1, 2, 23),
            (1, 5, 22),
            (1, 6, 15),
            (2, 3, 25),
            (3, 4, 22),
            (4, 5, 25),
            (4, 7, 14),
            (5, 6, 13),
            (0, 7, 6),
        ],
    );
    solve_and_check(&g);
    let g = graph(
        9,
        &[
            (1, 2, 19),
            (1, 3, 20),
            (1, 8, 8),
            (2, 3, 25),
            (2, 4, 18),
            (3, 5, 18),
            (4, 5, 13),
            (4, 7, 7),
            (5, 6, 7),
            (0, 8, 1),
        ],
    );
    solve_and_check(&g);
}

#[test]
fn nested_blossoms() {
    // A triangle inside a 5-cycle inside a bigger odd structure, with stems so that the outer
    // blossom is expanded and the inner ones are augmented through.
    let g = graph(
        10,
        &[
            (0, 1, 40),
            (0, 2, 40),
            (1, 2, 60),
            (1, 3, 55),
            (3, 4, 55),
            (2, 5, 55),
            (4, 5, 50),
            (0, 7, 30),
            (4, 8, 35),
            (5, 9, 35),
            (8, 9, 10),
            (7, 6, 26),
            (6, 9, 5),
        ],
    );
    solve_and_check(&g);
    let g = graph(
        11,
        &[
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 10, 35),
            (5, 9, 36),
            (7, 10, 26),
            (9, 10, 5),
            (0, 8, 2),
        ],
    );
    solve_and_check(&g);
}

#[test]
fn headroom_rule() {
    assert_eq!(bits_needed_for(60), 64);
    assert_eq!(bits_needed_for(508), 512);
    assert_eq!(i64::max_edge_weight(), i64::MAX >> 3);
    assert_eq!(<i64 as Weight>::BITS, 64);
    assert_eq!(<I512 as Weight>::BITS, 512);
    assert_eq!(I512::max_edge_weight(), I512::MAX >> 3u32);
    // Weights at the limit: two edges sharing a vertex, the solver must pick the heavier.
    let top = I1024::max_edge_weight();
    let one = 1u8.as_::<I1024>();
    let mut g = DenseWeights::new(3);
    g.set(0, 1, top);
    g.set(1, 2, top - one);
    g.set(0, 2, top - one - one);
    assert_eq!(maximum_weight_matching(&g), mates_of(&[(0, 1)], 3));
}

#[test]
#[should_panic(expected = "headroom")]
fn weight_above_headroom_is_refused() {
    let mut g = DenseWeights::new(2);
    g.set(0, 1, i64::max_edge_weight() + 1);
}

#[test]
#[should_panic(expected = "negative")]
fn negative_weight_is_refused() {
    let mut g = DenseWeights::new(2);
    g.set(0, 1, -1i64);
}

/// One edge's weight: a choice among "no edge", a few small values (many ties), and values
/// within a few units of the type's limit.
#[derive(Clone, Copy, Debug)]
enum Pick {
    Zero,
    Small(u8),
    NearTop(u8),
    Bits(u64),
}

fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        4 => Just(Pick::Zero),
        4 => (1u8..6).prop_map(Pick::Small),
        2 => (0u8..6).prop_map(Pick::NearTop),
        1 => any::<u64>().prop_map(Pick::Bits),
    ]
}

fn graphs() -> impl Strategy<Value = (usize, Vec<Pick>)> {
    (0usize..=10).prop_flat_map(|n| (Just(n), proptest::collection::vec(pick(), n * n)))
}

fn build<W: Weight>(
    n: usize,
    picks: &[Pick],
    small: impl Fn(u8) -> W,
    near_top: impl Fn(u8) -> W,
    bits: impl Fn(u64) -> W,
) -> DenseWeights<W> {
    let mut g = DenseWeights::new(n);
    for i in 0..n {
        for j in i + 1..n {
            let w = match picks[i * n + j] {
                Pick::Zero => W::ZERO,
                Pick::Small(k) => small(k),
                Pick::NearTop(k) => near_top(k),
                Pick::Bits(b) => bits(b),
            };
            g.set(i, j, w);
        }
    }
    g
}

/// Larger graphs, beyond brute force: each solve checks its own optimality certificate in
/// debug builds (dual feasibility and complementary slackness), and the same graph must give
/// the same total with i64 and with I512 weights.
#[test]
fn larger_random_graphs_agree_across_types() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..60 {
        let n = 20 + (next() % 41) as usize;
        let density = next() % 101;
        let range = [2, 10, 1000, 1 << 40][round % 4];
        let mut small = DenseWeights::<i64>::new(n);
        let mut big = DenseWeights::<I512>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if next() % 100 < density {
                    let w = next() % range + 1;
                    small.set(i, j, w as i64);
                    big.set(i, j, w.as_::<I512>());
                }
            }
        }
        let a = maximum_weight_matching(&small);
        let b = maximum_weight_matching(&big);
        check_valid(&small, &a);
        check_valid(&big, &b);
        assert_eq!(
            matching_weight(&small, &a).as_::<I512>(),
            matching_weight(&big, &b)
        );
        assert_eq!(maximum_weight_matching(&small), a, "deterministic");
    }
}

fn i512(v: u64) -> I512 {
    v.as_::<I512>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_i64((n, picks) in graphs()) {
        let top = i64::max_edge_weight();
        let g = build(n, &picks, i64::from, |k| top - i64::from(k), |b| (b >> 4) as i64);
        solve_and_check(&g);
    }

    #[test]
    fn random_i512((n, picks) in graphs()) {
        let top = I512::max_edge_weight();
        // Small values, values near the limit, and "packed fields": a random 64-bit pattern
        // spread over the high bits.
        let g = build(
            n,
            &picks,
            |k| i512(u64::from(k)),
            |k| top - i512(u64::from(k)),
            |b| (i512(b >> 8) << 440u32) + i512(b & 0xff),
        );
        solve_and_check(&g);
    }

    #[test]
    fn random_ties_i64((n, picks) in graphs()) {
        // Only values 1..=2: the heaviest ties.
        let g = build(n, &picks, |k| i64::from(k % 2 + 1), |_| 2, |b| (b % 2 + 1) as i64);
        solve_and_check(&g);
    }
}

// ---------------------------------------------------------------------------------------------
// Warm starts: a `Matcher` re-solving after the weights at a few vertices changed.

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// How the weights of a sequence are drawn.
#[derive(Clone, Copy, Debug)]
enum Flavour {
    /// 1..=4: many ties.
    Ties,
    /// 1..=1000.
    Spread,
    /// Within a few units of the type's limit, and small ones.
    NearTop,
    /// Packed fields: a coarse part shifted up, plus a small bonus (as the Swiss pairing
    /// builds them).
    Packed,
}

fn draw(rng: &mut Rng, flavour: Flavour, top: i64) -> i64 {
    match flavour {
        Flavour::Ties => 1 + rng.below(4) as i64,
        Flavour::Spread => 1 + rng.below(1000) as i64,
        Flavour::NearTop => {
            if rng.below(3) == 0 {
                1 + rng.below(5) as i64
            } else {
                top - rng.below(6) as i64
            }
        }
        Flavour::Packed => ((1 + rng.below(6) as i64) << 20) + rng.below(40) as i64,
    }
}

/// One change of the weights at a few vertices, in the ways the Swiss pairing changes them.
fn change(rng: &mut Rng, m: &mut Matcher<i64>, flavour: Flavour, density: u64, top: i64) {
    let n = m.len();
    let mates = m.mates();
    let touched = 1 + rng.below(3.min(n as u64)) as usize;
    for _ in 0..touched {
        let v = rng.below(n as u64) as usize;
        match rng.below(7) {
            // A new row.
            0 => {
                for x in 0..n {
                    if x != v {
                        let w = if rng.below(100) < density {
                            draw(rng, flavour, top)
                        } else {
                            0
                        };
                        m.set(v, x, w);
                    }
                }
            }
            // A small bonus on some of its edges (or all).
            1 => {
                let all = rng.below(2) == 0;
                for x in 0..n {
                    let w = m.get(v, x);
                    if x != v && w > 0 && w < top && (all || rng.below(2) == 0) {
                        m.set(v, x, w + 1 + rng.below(((top - w) as u64).min(3)) as i64);
                    }
                }
            }
            // A small malus on some of its edges.
            2 => {
                for x in 0..n {
                    let w = m.get(v, x);
                    if x != v && w > 1 && rng.below(2) == 0 {
                        m.set(v, x, w - 1 - rng.below((w as u64 - 1).min(3)) as i64);
                    }
                }
            }
            // Freeze v with its mate: every other edge of both goes.
            3 => {
                if let Some(p) = mates[v] {
                    for x in 0..n {
                        if x != v && x != p {
                            m.set(v, x, 0);
                            m.set(p, x, 0);
                        }
                    }
                }
            }
            // One edge, anything.
            4 => {
                let x = rng.below(n as u64) as usize;
                if x != v {
                    let w = if rng.below(3) == 0 {
                        0
                    } else {
                        draw(rng, flavour, top)
                    };
                    m.set(v, x, w);
                }
            }
            // Its matched edge, up or down.
            5 => {
                if let Some(p) = mates[v] {
                    let w = m.get(v, p);
                    let w = if rng.below(2) == 0 {
                        (w - 1).max(0)
                    } else {
                        (w + 1).min(top)
                    };
                    m.set(v, p, w);
                }
            }
            // Remove every edge at v.
            _ => {
                for x in 0..n {
                    if x != v {
                        m.set(v, x, 0);
                    }
                }
            }
        }
    }
}

/// Random sequences of (weight changes at a few vertices, re-solve): the warm-started solve
/// must be a valid matching of the same total as a solve from scratch and, up to 10
/// vertices, as brute force; partners exchanged by `swap_partners` keep that total. (Each
/// solve also checks its own optimality certificate in debug builds.)
fn warm_sequences(
    seed: u64,
    sequences: usize,
    sizes: std::ops::RangeInclusive<usize>,
    brute: bool,
) {
    let mut rng = Rng(seed);
    let flavours = [
        Flavour::Ties,
        Flavour::Spread,
        Flavour::NearTop,
        Flavour::Packed,
    ];
    let (lo, hi) = (*sizes.start() as u64, *sizes.end() as u64);
    let mut swaps = 0;
    for sequence in 0..sequences {
        let n = (lo + rng.below(hi - lo + 1)) as usize;
        let flavour = flavours[sequence % flavours.len()];
        let top = i64::max_edge_weight();
        let density = 20 + rng.below(81);
        let mut m = Matcher::<i64>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if rng.below(100) < density {
                    m.set(i, j, draw(&mut rng, flavour, top));
                }
            }
        }
        for step in 0..12 {
            let mates = m.solve();
            let g = m.weights().clone();
            check_valid(&g, &mates);
            let cold = maximum_weight_matching(&g);
            assert_eq!(
                total(&g, &mates),
                total(&g, &cold),
                "sequence {sequence} ({flavour:?}, n = {n}), step {step}: warm start not optimal"
            );
            if brute {
                assert_eq!(
                    total(&g, &mates),
                    brute_force(&g),
                    "sequence {sequence}, step {step}"
                );
            }
            // Exchanging partners at no cost keeps an optimum, and the next solve starts from it.
            let x = rng.below(n as u64) as usize;
            for y in 0..n {
                let before = m.mates();
                if m.swap_partners(x, y) {
                    swaps += 1;
                    let after = m.mates();
                    check_valid(&g, &after);
                    assert_eq!(after[x], Some(y), "sequence {sequence}, step {step}");
                    assert_eq!(after[before[x].unwrap()], before[y]);
                    assert_eq!(total(&g, &after), total(&g, &cold));
                    break;
                } else {
                    assert_eq!(m.mates(), before, "a refused exchange changes nothing");
                }
            }
            change(&mut rng, &mut m, flavour, density, top);
        }
    }
    assert!(
        swaps > sequences / 20,
        "only {swaps} exchanges were made and checked"
    );
}

#[test]
fn warm_starts_agree_with_brute_force_on_small_graphs() {
    warm_sequences(0x1234_5678_9abc_def1, 5000, 2..=10, true);
}

#[test]
fn warm_starts_agree_with_cold_solves_on_larger_graphs() {
    warm_sequences(0x0f0f_1234_5555_aaa7, 500, 11..=60, false);
}

#[test]
fn warm_starts_with_wide_packed_weights() {
    // I512 weights near the limit and packed high fields: the warm start keeps its headroom.
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let top = I512::max_edge_weight();
    for _ in 0..200 {
        let n = 2 + rng.below(30) as usize;
        let mut m = Matcher::<I512>::new(n);
        let weight = |rng: &mut Rng| match rng.below(3) {
            0 => top - i512(rng.below(8)),
            1 => (i512(rng.below(1 << 20)) << 480u32) + i512(rng.below(50)),
            _ => i512(1 + rng.below(9)),
        };
        for i in 0..n {
            for j in i + 1..n {
                if rng.below(3) != 0 {
                    let w = weight(&mut rng);
                    m.set(i, j, w);
                }
            }
        }
        for _ in 0..10 {
            let mates = m.solve();
            let g = m.weights().clone();
            check_valid(&g, &mates);
            assert_eq!(total(&g, &mates), total(&g, &maximum_weight_matching(&g)));
            let v = rng.below(n as u64) as usize;
            for x in 0..n {
                if x != v && rng.below(2) == 0 {
                    let w = if rng.below(4) == 0 {
                        I512::ZERO
                    } else {
                        weight(&mut rng)
                    };
                    m.set(v, x, w);
                }
            }
        }
    }
}

#[test]
fn matcher_without_changes_keeps_its_matching() {
    let mut m = Matcher::<i64>::new(6);
    for (i, j, w) in [
        (0, 1, 5),
        (1, 2, 7),
        (2, 3, 5),
        (3, 4, 7),
        (4, 5, 5),
        (5, 0, 7),
    ] {
        m.set(i, j, w);
    }
    let first = m.solve();
    assert_eq!(m.solve(), first);
    // Setting a weight to its value is no change.
    m.set(1, 2, 7);
    assert_eq!(m.solve(), first);
    assert_eq!(m.solve_counts(), (1, 2));
    // Every weight changed: still repaired, and as good as from scratch.
    for i in 0..6 {
        for j in i + 1..6 {
            m.set(i, j, 1 + (i * j) as i64);
        }
    }
    let again = m.solve();
    assert_eq!(m.solve_counts(), (1, 3));
    let cold = m.solve_from_scratch();
    assert_eq!(m.solve_counts(), (2, 3));
    assert_eq!(
        matching_weight(m.weights(), &again),
        matching_weight(m.weights(), &cold)
    );
    assert_eq!(matching_weight(m.weights(), &cold), 21 + 7 + 1);
}
