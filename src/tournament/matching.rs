//! Maximum weight matching in a general (non-bipartite) graph, with exact integer weights.
//!
//! The Swiss pairing (FIDE Dutch system, as bbpPairings applies it) reduces every decision to
//! "find a matching of maximum total weight" on a dense graph whose edge weights are huge packed
//! bit fields, solved again and again after small changes. This module solves exactly that
//! problem and nothing else:
//!
//! - [`DenseWeights`]: a symmetric n×n matrix of non-negative weights, where zero means "no
//!   edge";
//! - [`maximum_weight_matching`]: a matching of maximum total weight (not of maximum
//!   cardinality; an edge of weight zero is never used);
//! - [`Matcher`]: the same for a graph whose weights change between solves, each solve starting
//!   from the previous optimum;
//! - [`Weight`]: the exact integer types the solver computes with (`i64`, `i128` and the signed
//!   integers of the `bnum` crate, e.g. [`bnum::types::I512`]), and [`bits_needed_for`] to
//!   pick one.
//!
//! # Algorithm
//!
//! Edmonds' blossom algorithm in its primal-dual O(n³) form, as described by Z. Galil,
//! "Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18(1),
//! 1986, section 4 (after Gabow's 1974 thesis and Lawler's book): stages that each grow an
//! alternating forest from the exposed vertices until augmenting paths are found, with dual
//! adjustments between growth steps, blossoms shrunk when an odd cycle closes and T-blossoms
//! expanded when their dual variable reaches zero. The O(n³) bound comes from keeping, for every
//! vertex outside the S-blossoms, its least-slack edge to an S-vertex, and for every S-blossom
//! its least-slack edge to each other S-blossom.
//!
//! The duals are those of the linear program of maximum weight matching (a dual per vertex,
//! one per odd set); the solver keeps them feasible, every matched edge and every blossom's
//! edge tight, and stops when every exposed vertex has a zero dual, which proves the matching
//! optimal. Three departures from the textbook let it start from any such state, not only
//! from "no matching, every vertex dual equal":
//!
//! - the roots of a stage are the exposed vertices (bases of top-level blossoms) of *positive*
//!   dual; an exposed vertex of zero dual is already as it should be, and a tree reaching it
//!   along a tight edge augments to it;
//! - when the dual of a matched S-vertex reaches zero before its root's, the even alternating
//!   path from the root to it is flipped: the root gets matched, the vertex is left exposed
//!   with a zero dual (the matching keeps its weight, the root's constraint is met);
//! - the roots start a solve with duals of one parity, so that the slack between two
//!   S-vertices stays even and every dual adjustment integral.
//!
//! A stage does not end at its first augmentation: the trees it joins are dissolved, and the
//! others go on growing along tight edges (and augmenting) until nothing is left to scan;
//! only then does a new stage start (a dual adjustment needs the least-slack records rebuilt).
//! A start from scratch gives each vertex its largest incident weight as its dual (a feasible
//! start) and matches greedily along tight edges before the first stage.
//!
//! # Warm start
//!
//! A [`Matcher`] records which edges [`Matcher::set`] changed since its last solve. The
//! previous optimum stays valid except where a changed edge now has a negative slack, or was
//! matched or in a blossom's odd cycle and is no longer tight. For each such edge one end is
//! isolated (greedily, the ends of most such edges first): the blossoms containing it are
//! dissolved (a blossom's dual moved onto its vertices keeps the slack of every edge inside it,
//! and frees the matched edge at its base, whose ends become exposed), it is unmatched, and its
//! dual is set to the least that covers its edges. The exposed vertices then get the least
//! duals that cover their edges when they are not in a blossom, the exposed vertices are
//! matched greedily along tight edges, and the stages resume. A solve after the weights at
//! k vertices changed typically costs a few stages, O(k·n²), instead of O(n³).
//!
//! # Exactness and headroom
//!
//! There is no floating point. Internally every edge weight counts twice (the slack of an edge
//! `{i, j}` is `u(i) + u(j) − 2·w(i, j) + 2·Σ z(B)`, over the blossoms `B` containing both ends),
//! which keeps every dual variable and every dual adjustment integral. With `W` the largest
//! weight, a vertex dual stays in `[0, 2W]` (a matched or blossom edge is tight, and an exposed
//! vertex is given the least dual that covers its edges), a blossom dual in `[0, W]`, the dual
//! adjustment of a stage is at most `2W` (a root's dual), and no intermediate value exceeds
//! `8W`. A signed type of `b + 4` bits is therefore enough for weights below `2^b`
//! ([`bits_needed_for`]); the matrix refuses a weight above [`Weight::max_edge_weight`]
//! (`MAX / 8`).
//!
//! With `debug_assertions` on, every solve also checks its own optimality certificate (dual
//! feasibility and complementary slackness) and that every blossom's odd cycle is made of tight
//! edges (the state the next solve starts from), and panics if not.

use std::fmt::Debug;

/// An exact signed integer type the solver can compute with.
///
/// Implemented for `i64`, `i128` and every signed integer of the `bnum` crate
/// (`bnum::types::I256`, `I512`, `I1024`, `I2048`, `I4096`, ...). The arithmetic never overflows
/// as long as every edge weight is at most [`Weight::max_edge_weight`], which
/// [`DenseWeights::set`] enforces.
pub trait Weight: Copy + Ord + Debug {
    /// Zero, which as an edge weight means "no edge".
    const ZERO: Self;
    /// The largest value of the type.
    const MAX: Self;
    /// The width of the type in bits, sign bit included.
    const BITS: u32;

    /// `self + rhs`.
    fn plus(self, rhs: Self) -> Self;

    /// `self − rhs`.
    fn minus(self, rhs: Self) -> Self;

    /// `self / 2`, rounded down (an arithmetic shift right by one bit).
    fn half(self) -> Self;

    /// Whether `self` is zero.
    fn is_zero(&self) -> bool {
        *self == Self::ZERO
    }

    /// The largest edge weight the solver accepts with this type: `MAX / 8`, since the
    /// solver's intermediate values reach eight times the largest weight (see
    /// [`bits_needed_for`]).
    fn max_edge_weight() -> Self {
        Self::MAX.half().half().half()
    }
}

/// How many bits the solver's weight type must have (sign bit included) when every edge weight
/// is below `2^max_weight_bits`: four more, one for the sign and three for the internal values,
/// which stay within eight times the largest weight `W`.
///
/// (Weights are stored doubled; a vertex dual stays in `[0, 2W]`, a blossom dual in `[0, W]`;
/// the total dual adjustment of a stage is at most `2W`; the slack of an edge is at most `4W`,
/// and the stage-invariant keys of the least-slack edges add up to twice the adjustment to it,
/// at most `8W`.)
///
/// Pick any [`Weight`] type whose [`Weight::BITS`] is at least this; e.g. weights of up to 508
/// bits fit [`bnum::types::I512`].
#[must_use]
pub const fn bits_needed_for(max_weight_bits: u32) -> u32 {
    max_weight_bits + 4
}

macro_rules! primitive_weight {
    ($($t:ty),*) => {$(
        impl Weight for $t {
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;

            #[inline(always)]
            fn plus(self, rhs: Self) -> Self {
                self + rhs
            }

            #[inline(always)]
            fn minus(self, rhs: Self) -> Self {
                self - rhs
            }

            #[inline(always)]
            fn half(self) -> Self {
                self >> 1
            }
        }
    )*};
}

primitive_weight!(i64, i128);

impl<const N: usize, const B: usize, const OM: u8> Weight for bnum::Integer<true, N, B, OM> {
    const ZERO: Self = Self::from_bytes([0; N]);
    const MAX: Self = Self::MAX;
    const BITS: u32 = Self::BITS;

    #[inline(always)]
    fn plus(self, rhs: Self) -> Self {
        self + rhs
    }

    #[inline(always)]
    fn minus(self, rhs: Self) -> Self {
        self - rhs
    }

    #[inline(always)]
    fn half(self) -> Self {
        self >> 1u32
    }

    #[inline(always)]
    fn is_zero(&self) -> bool {
        Self::is_zero(self)
    }
}

/// A dense symmetric n×n matrix of edge weights on the vertices `0..n`.
///
/// Weight zero means "no edge" (every edge starts so); a matching never uses it. Weights are
/// stored once, in both orientations so that a row of the matrix is contiguous, and doubled
/// (the form in which the solver uses them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseWeights<W> {
    n: usize,
    /// Row-major, `2·w(i, j)` at `i·n + j`.
    cells: Vec<W>,
    /// Which weights are not zero: row `i` is the bit set `edges[i·words..(i + 1)·words]`.
    edges: Vec<u64>,
    /// Words per row of `edges`.
    words: usize,
}

impl<W: Weight> DenseWeights<W> {
    /// A graph of `n` vertices and no edge.
    #[must_use]
    pub fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        Self {
            n,
            cells: vec![W::ZERO; n * n],
            edges: vec![0; n * words],
            words,
        }
    }

    /// The number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The weight of the edge `{i, j}` (zero: no edge).
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a vertex.
    #[must_use]
    pub fn get(&self, i: usize, j: usize) -> W {
        assert!(i < self.n && j < self.n, "vertex out of range");
        self.cells[i * self.n + j].half()
    }

    /// Sets the weight of the edge `{i, j}` (both orientations); zero removes the edge.
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a vertex, if `i == j` and `weight` is not zero, if `weight` is
    /// negative, or if it exceeds [`Weight::max_edge_weight`] (the solver's headroom: use a
    /// wider type, see [`bits_needed_for`]).
    pub fn set(&mut self, i: usize, j: usize, weight: W) {
        assert!(i < self.n && j < self.n, "vertex out of range");
        assert!(weight >= W::ZERO, "negative edge weight");
        assert!(
            weight <= W::max_edge_weight(),
            "edge weight {weight:?} leaves no headroom in a {}-bit type (see bits_needed_for)",
            W::BITS
        );
        assert!(
            i != j || weight == W::ZERO,
            "a vertex cannot be matched to itself"
        );
        let doubled = weight.plus(weight);
        self.cells[i * self.n + j] = doubled;
        self.cells[j * self.n + i] = doubled;
        let present = !weight.is_zero();
        for (a, b) in [(i, j), (j, i)] {
            let word = &mut self.edges[a * self.words + b / 64];
            if present {
                *word |= 1 << (b % 64);
            } else {
                *word &= !(1 << (b % 64));
            }
        }
    }

    /// The largest edge weight (zero when there is no edge).
    #[must_use]
    pub fn max_weight(&self) -> W {
        self.cells.iter().copied().max().unwrap_or(W::ZERO).half()
    }
}

/// The total weight of a matching given as each vertex's mate (as returned by
/// [`maximum_weight_matching`]).
///
/// The total must fit in `W` (an overflow panics when overflow checks are on, and wraps
/// otherwise).
///
/// # Panics
///
/// If `mates` does not have one entry per vertex of `weights`, or names a vertex out of range.
#[must_use]
pub fn matching_weight<W: Weight>(weights: &DenseWeights<W>, mates: &[Option<usize>]) -> W {
    assert_eq!(mates.len(), weights.len(), "one mate entry per vertex");
    let mut total = W::ZERO;
    for (i, mate) in mates.iter().enumerate() {
        if let Some(j) = *mate
            && i < j
        {
            total = total.plus(weights.get(i, j));
        }
    }
    total
}

/// A matching of maximum total weight of the graph `weights`: entry `v` is `v`'s mate, or
/// `None` when `v` stays unmatched.
///
/// Maximum total weight, not maximum cardinality: a vertex may stay unmatched when that pays.
/// An edge of weight zero is never used. When several matchings reach the optimum, any one of
/// them may be returned (deterministically: the same input gives the same output).
///
/// Time O(n³) in the worst case: at most n stages (each ends at least one tree: an
/// augmentation, or an exposed vertex's dual reaching zero), each of O(n²) additions and
/// comparisons of weights. Extra memory O(n) typically, O(n²) at worst (the least-slack edge
/// lists of nested blossoms), besides a copy of the matrix. A caller that solves the same graph
/// again after changing a few weights should keep a [`Matcher`] instead, which starts from the
/// previous optimum.
#[must_use]
pub fn maximum_weight_matching<W: Weight>(weights: &DenseWeights<W>) -> Vec<Option<usize>> {
    Matcher::from_weights(weights.clone()).solve()
}

/// Maximum weight matchings of a graph whose weights change between solves: the graph (a
/// [`DenseWeights`] it owns and changes through [`Matcher::set`]) together with the solver's
/// last optimum, from which the next solve starts.
///
/// The first solve runs from scratch (as [`maximum_weight_matching`] does). Each later one
/// keeps the previous matching, blossoms and dual variables, and only repairs what the changed
/// edges broke (see the module doc, "Warm start"): a solve after the weights at k vertices
/// changed costs about O(k·n²) instead of O(n³). The result is a maximum weight matching of the
/// current weights, exactly as from scratch, but when several matchings are optimal it may be
/// a different one (deterministically: the same sequence of weights and solves gives the same
/// results).
///
/// ```
/// use arbitre::tournament::matching::Matcher;
///
/// let mut m = Matcher::<i64>::new(4);
/// m.set(0, 1, 5);
/// m.set(2, 3, 5);
/// m.set(1, 2, 8);
/// assert_eq!(m.solve(), vec![Some(1), Some(0), Some(3), Some(2)]);
/// m.set(1, 2, 11);
/// assert_eq!(m.solve(), vec![None, Some(2), Some(1), None]);
/// ```
#[derive(Clone, Debug)]
pub struct Matcher<W> {
    n: usize,
    /// The graph.
    g: DenseWeights<W>,
    /// The edges `{i, j}`, `i < j`, whose weight changed since the last solve (unless
    /// `stale`): bit `j` of row `i`, rows of `g.words` words.
    changed: Vec<u64>,
    /// The rows of `changed` with a bit set, each once.
    changed_rows: Vec<usize>,
    /// Whether the next solve must start from scratch (nothing solved yet).
    stale: bool,
    /// How many solves started from scratch and how many from the previous optimum.
    cold_solves: u64,
    warm_solves: u64,
    /// Mate of each vertex, or `NONE`.
    mate: Vec<usize>,
    /// Enclosing blossom of each blossom or vertex, `NONE` at top level.
    parent: Vec<usize>,
    /// Top-level blossom containing each vertex.
    top: Vec<usize>,
    /// Base vertex of each blossom (itself for a vertex), `NONE` for an unused blossom id.
    base: Vec<usize>,
    /// Sub-blossoms of a nontrivial blossom, around its odd cycle, the base's sub-blossom first.
    children: Vec<Vec<usize>>,
    /// `cycle[b][i] = (x, y)`: the edge from `x` in `children[b][i]` to `y` in the next child.
    cycle: Vec<Vec<(usize, usize)>>,
    /// The vertices of each blossom (`[v]` for a vertex).
    leaves: Vec<Vec<usize>>,
    /// Vertex duals (ids `0..n`) and blossom duals (ids `n..2n`).
    dual: Vec<W>,
    /// Label of each top-level blossom.
    label: Vec<u8>,
    /// The edge `(x, y)` that labelled a top-level blossom, `y` inside it, `x` in its parent in
    /// the forest (for an S-blossom: its matched edge, `y` its base); `NO_EDGE` for a root.
    label_edge: Vec<(usize, usize)>,
    /// The tree of each labelled top-level blossom: the id its root had when the stage began.
    tree: Vec<usize>,
    /// Total dual adjustment in this stage. An S-vertex's dual plus `shift` is constant while
    /// it stays S, which gives the least-slack edges below keys that do not age.
    shift: W,
    /// For a vertex outside the S-blossoms: the S-vertex of its least-slack edge to one.
    best_s: Vec<usize>,
    /// Key of that edge `{x, y}`: `u(x) + shift − 2·w(x, y)`, i.e. slack + shift − `u(y)`.
    best_s_key: Vec<W>,
    /// For a top-level S-blossom: its least-slack edge `(x, y)` to another S-blossom (`x` inside).
    best_ss: Vec<(usize, usize)>,
    /// Key of that edge: its slack + 2·shift.
    best_ss_key: Vec<W>,
    /// For an S-blossom formed in this stage: the least-slack edge to each other S-blossom
    /// that was known when it was formed (`x` inside).
    ss_list: Vec<Vec<(usize, usize)>>,
    /// Whether `ss_list` is valid (the blossom was formed in this stage).
    has_list: Vec<bool>,
    /// S-vertices waiting to be scanned.
    queue: Vec<usize>,
    /// Event counter of the stage: +1 at each scan.
    clock: u32,
    /// When each S-vertex became one (the clock then).
    s_since: Vec<u32>,
    /// When each S-vertex was scanned while its blossom had no `ss_list` (0: not so). Such a
    /// scan has recorded the edges to all S-vertices of the time durably: in `best_ss`, and in
    /// the full row scanned when the blossom is merged into a new one. A later scan of a vertex
    /// that was S by then may skip the edge.
    durable_scan: Vec<u32>,
    /// Unused blossom ids.
    free_ids: Vec<usize>,
    /// Marks for the search of a common ancestor (in the forest, or among blossoms).
    mark: Vec<u32>,
    stamp: u32,
    /// Scratch buffers.
    scratch: Vec<usize>,
    pending: Vec<(usize, usize)>,
    /// The slack of each `pending` edge.
    pending_slack: Vec<W>,
    broken: Vec<(usize, usize)>,
    /// Per vertex, during a repair: broken changed edges at it; whether it was isolated.
    degree: Vec<u32>,
    isolated: Vec<bool>,
    /// During a repair: the edges of every blossom's odd cycle, lower end first.
    cycle_edges: std::collections::HashSet<(usize, usize)>,
    /// During a repair: for each blossom, the sum of its dual and those of the blossoms
    /// around it; for a vertex in a blossom, the same sum for its smallest blossom.
    enclosing_dual: Vec<W>,
}

/// "No vertex" / "no blossom".
const NONE: usize = usize::MAX;
/// "No edge"; an edge is an ordered pair of vertices.
const NO_EDGE: (usize, usize) = (NONE, NONE);

/// Labels of top-level blossoms in the alternating forest of a stage.
const FREE: u8 = 0;
const LABEL_S: u8 = 1;
const LABEL_T: u8 = 2;

/// Which dual adjustment limited the last step.
#[derive(Clone, Copy)]
enum Step {
    /// The dual of an S-vertex reached zero: of an exposed vertex (`NONE`), whose tree is done,
    /// or of the given matched vertex, which the even path from its root can leave exposed.
    Zero(usize),
    /// An edge from an S-vertex to a free blossom became tight (the vertex in the free blossom).
    Grow(usize),
    /// An edge between two S-blossoms became tight.
    Tight(usize, usize),
    /// The dual of a T-blossom reached zero.
    Expand(usize),
}

impl<W: Weight> Matcher<W> {
    /// A graph of `n` vertices and no edge.
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self::from_weights(DenseWeights::new(n))
    }

    /// The graph `weights`, not solved yet.
    #[must_use]
    pub fn from_weights(weights: DenseWeights<W>) -> Self {
        let n = weights.n;
        let ids = 2 * n;
        let mut base = vec![NONE; ids];
        let mut leaves = vec![Vec::new(); ids];
        for v in 0..n {
            base[v] = v;
            leaves[v].push(v);
        }
        Matcher {
            n,
            g: weights,
            changed: vec![0; n * n.div_ceil(64)],
            changed_rows: Vec::new(),
            stale: true,
            cold_solves: 0,
            warm_solves: 0,
            mate: vec![NONE; n],
            parent: vec![NONE; ids],
            top: (0..n).collect(),
            base,
            children: vec![Vec::new(); ids],
            cycle: vec![Vec::new(); ids],
            leaves,
            dual: vec![W::ZERO; ids],
            label: vec![FREE; ids],
            label_edge: vec![NO_EDGE; ids],
            tree: vec![NONE; ids],
            shift: W::ZERO,
            best_s: vec![NONE; n],
            best_s_key: vec![W::ZERO; n],
            best_ss: vec![NO_EDGE; ids],
            best_ss_key: vec![W::ZERO; ids],
            ss_list: vec![Vec::new(); ids],
            has_list: vec![false; ids],
            queue: Vec::with_capacity(n),
            clock: 0,
            s_since: vec![0; n],
            durable_scan: vec![0; n],
            free_ids: (n..ids).rev().collect(),
            mark: vec![0; ids],
            stamp: 0,
            scratch: Vec::with_capacity(n),
            pending: vec![NO_EDGE; ids],
            pending_slack: vec![W::ZERO; ids],
            broken: Vec::new(),
            degree: vec![0; n],
            isolated: vec![false; n],
            cycle_edges: std::collections::HashSet::new(),
            enclosing_dual: vec![W::ZERO; 2 * n],
        }
    }

    /// The number of vertices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph has no vertex.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The graph.
    #[must_use]
    pub fn weights(&self) -> &DenseWeights<W> {
        &self.g
    }

    /// The weight of the edge `{i, j}` (zero: no edge).
    ///
    /// # Panics
    ///
    /// If `i` or `j` is not a vertex.
    #[must_use]
    pub fn get(&self, i: usize, j: usize) -> W {
        self.g.get(i, j)
    }

    /// Sets the weight of the edge `{i, j}` (zero removes it), as [`DenseWeights::set`] does,
    /// and remembers the change for the next solve.
    ///
    /// # Panics
    ///
    /// As [`DenseWeights::set`].
    pub fn set(&mut self, i: usize, j: usize, weight: W) {
        let before = self.g.cells.get(i * self.n + j).copied();
        self.g.set(i, j, weight);
        if self.stale || before == Some(self.g.cells[i * self.n + j]) {
            return;
        }
        let (a, b) = (i.min(j), i.max(j));
        let words = self.g.words;
        let row = &mut self.changed[a * words..(a + 1) * words];
        if row.iter().all(|&w| w == 0) {
            self.changed_rows.push(a);
        }
        row[b / 64] |= 1 << (b % 64);
    }

    /// Forgets the changes recorded since the last solve.
    fn clear_changes(&mut self) {
        let words = self.g.words;
        for &a in &self.changed_rows {
            self.changed[a * words..(a + 1) * words].fill(0);
        }
        self.changed_rows.clear();
    }

    /// A matching of maximum total weight of the current weights, as
    /// [`maximum_weight_matching`] describes it, starting from the previous solve's optimum
    /// when there is one. Entry `v` is `v`'s mate, or `None`.
    pub fn solve(&mut self) -> Vec<Option<usize>> {
        if self.stale {
            self.reset();
            self.cold_solves += 1;
        } else {
            self.repair();
            self.warm_solves += 1;
        }
        self.clear_changes();
        self.stale = false;
        while self.start_stage() {
            self.run_stage();
            self.end_stage();
        }
        #[cfg(debug_assertions)]
        self.verify_optimum();
        self.mates()
    }

    /// The same as [`Matcher::solve`], but forgetting the previous optimum first (for
    /// comparisons; the result may be a different optimal matching).
    pub fn solve_from_scratch(&mut self) -> Vec<Option<usize>> {
        self.stale = true;
        self.clear_changes();
        self.solve()
    }

    /// The matching of the last solve (all `None` before the first).
    #[must_use]
    pub fn mates(&self) -> Vec<Option<usize>> {
        self.mate
            .iter()
            .map(|&m| (m != NONE).then_some(m))
            .collect()
    }

    /// Exchanges the partners of two pairs of the last optimum when that costs nothing: `x`
    /// and `y`, matched to `x'` and `y'`, become `x`–`y` and `x'`–`y'` when all four are
    /// vertices outside any blossom, both new edges exist, and the duals make both tight.
    /// The duals then prove the new matching optimal as they proved the old one, provided
    /// the weights changed since the last solve, if any, are unmatched edges made lighter
    /// (as freezing a pair does): other changes may leave it short of an optimum until the
    /// next solve repairs them as usual. Returns whether it exchanged them.
    pub fn swap_partners(&mut self, x: usize, y: usize) -> bool {
        if self.stale {
            return false;
        }
        let (mx, my) = (self.mate[x], self.mate[y]);
        if x == y || mx == NONE || my == NONE || mx == y {
            return false;
        }
        let outside = |v: usize| self.top[v] == v;
        if !(outside(x) && outside(y) && outside(mx) && outside(my)) {
            return false;
        }
        let tight =
            |a: usize, b: usize| !self.weight2(a, b).is_zero() && self.slack(a, b).is_zero();
        if !(tight(x, y) && tight(mx, my)) {
            return false;
        }
        self.mate[x] = y;
        self.mate[y] = x;
        self.mate[mx] = my;
        self.mate[my] = mx;
        true
    }

    /// How many solves ran from scratch, and how many started from the previous optimum.
    #[must_use]
    pub fn solve_counts(&self) -> (u64, u64) {
        (self.cold_solves, self.warm_solves)
    }

    /// The doubled weight of the edge `{x, y}`.
    #[inline(always)]
    fn weight2(&self, x: usize, y: usize) -> W {
        self.g.cells[x * self.n + y]
    }

    /// Slack of the edge `{x, y}`, for `x` and `y` in different top-level blossoms.
    #[inline(always)]
    fn slack(&self, x: usize, y: usize) -> W {
        self.dual[x].plus(self.dual[y]).minus(self.weight2(x, y))
    }

    #[inline(always)]
    fn is_top(&self, b: usize) -> bool {
        self.parent[b] == NONE && self.base[b] != NONE
    }

    /// The next mark stamp (marks are reset when the counter wraps).
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Forgets the previous optimum: no matching, no blossom, each vertex dual at the largest
    /// weight of its edges (which covers every edge, each weight counting twice); then a
    /// greedy matching along tight edges, and roots of one parity.
    fn reset(&mut self) {
        let n = self.n;
        self.mate.fill(NONE);
        self.parent.fill(NONE);
        for v in 0..n {
            self.top[v] = v;
        }
        for b in n..2 * n {
            self.base[b] = NONE;
            self.children[b].clear();
            self.cycle[b].clear();
            self.leaves[b].clear();
        }
        for v in 0..n {
            let row = &self.g.cells[v * n..(v + 1) * n];
            self.dual[v] = row.iter().copied().max().unwrap_or(W::ZERO).half();
        }
        self.dual[n..].fill(W::ZERO);
        self.free_ids.clear();
        self.free_ids.extend((n..2 * n).rev());
        self.greedy();
        self.even_roots();
    }

    /// Matches exposed top-level vertices in pairs along tight edges, in index order (each
    /// such edge is an augmenting path by itself), after lowering each one's dual to the
    /// least that covers its edges (which makes one of them tight).
    fn greedy(&mut self) {
        let n = self.n;
        let words = self.g.words;
        for r in 0..n {
            if self.top[r] != r || self.mate[r] != NONE || self.dual[r].is_zero() {
                continue;
            }
            self.dual[r] = self.least_dual(r);
            'row: for k in 0..words {
                let mut bits = self.g.edges[r * words + k];
                while bits != 0 {
                    let j = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.top[j] == j && self.mate[j] == NONE && self.slack(r, j).is_zero() {
                        self.mate[r] = j;
                        self.mate[j] = r;
                        break 'row;
                    }
                }
            }
        }
    }

    /// Resets the forest and makes every top-level blossom whose base is exposed with a
    /// positive dual a root. Returns false when there is none: every exposed vertex has a
    /// zero dual, and the matching is optimal.
    fn start_stage(&mut self) -> bool {
        self.label.fill(FREE);
        self.label_edge.fill(NO_EDGE);
        self.best_s.fill(NONE);
        self.best_ss.fill(NO_EDGE);
        for b in 0..2 * self.n {
            if self.has_list[b] {
                self.has_list[b] = false;
                self.ss_list[b].clear();
            }
        }
        self.queue.clear();
        self.clock = 0;
        self.durable_scan.fill(0);
        self.shift = W::ZERO;
        let mut any = false;
        for b in 0..2 * self.n {
            if self.is_top(b) {
                let base = self.base[b];
                if self.mate[base] == NONE && self.dual[base] > W::ZERO {
                    self.tree[b] = b;
                    self.label[b] = LABEL_S;
                    self.enqueue(b);
                    any = true;
                }
            }
        }
        any
    }

    /// Grows the forest and adjusts the duals until an augmentation, or until the dual of an
    /// S-vertex reaches zero (then the tree of an exposed vertex is done, or the even path
    /// from its root to a matched vertex is flipped).
    ///
    /// An augmentation only dissolves the trees it joins (their blossoms become free): the
    /// other trees go on growing along tight edges, and may augment too, until nothing is
    /// left to scan. There is no dual adjustment after an augmentation (the least-slack edges
    /// recorded no longer account for the freed vertices): the next stage starts afresh.
    fn run_stage(&mut self) {
        let mut augmented = false;
        loop {
            while let Some(v) = self.queue.pop() {
                // A vertex of a tree dissolved by an augmentation is no longer S.
                if self.label[self.top[v]] == LABEL_S && self.scan(v) {
                    augmented = true;
                }
            }
            if augmented {
                return;
            }
            match self.adjust_duals() {
                Step::Zero(v) => {
                    if v != NONE {
                        self.augment_path(v, NONE);
                    }
                    return;
                }
                Step::Grow(y) => {
                    let x = self.best_s[y];
                    augmented = self.grow(x, y);
                }
                Step::Tight(x, y) => {
                    debug_assert_ne!(self.top[x], self.top[y]);
                    augmented = self.tight_ss(x, y);
                }
                Step::Expand(b) => self.expand_t(b),
            }
        }
    }

    /// Queues the vertices of `b`, which have just become S-vertices.
    fn enqueue(&mut self, b: usize) {
        for &v in &self.leaves[b] {
            self.s_since[v] = self.clock;
        }
        self.queue.extend_from_slice(&self.leaves[b]);
    }

    /// Scans the edges of the S-vertex `v`. Returns true after an augmentation.
    fn scan(&mut self, v: usize) -> bool {
        let n = self.n;
        let words = self.g.words;
        self.clock += 1;
        if !self.has_list[self.top[v]] {
            self.durable_scan[v] = self.clock;
        }
        let since = self.s_since[v];
        let shift = self.shift;
        let pv = self.dual[v].plus(shift);
        for k in 0..words {
            let mut bits = self.g.edges[v * words + k];
            while bits != 0 {
                let u = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let bv = self.top[v];
                let bu = self.top[u];
                if bv == bu {
                    continue;
                }
                let is_s = self.label[bu] == LABEL_S;
                if is_s && self.durable_scan[u] > since {
                    // Already seen from u's side (see `durable_scan`).
                    continue;
                }
                // slack(v, u) = key + u(u) − shift.
                let key = pv.minus(self.g.cells[v * n + u]);
                if is_s {
                    // slack(v, u) + 2·shift; the edge is tight when this is 2·shift, which is
                    // at most the key of any recorded edge.
                    let ss_key = key.plus(self.dual[u]).plus(shift);
                    let none = self.best_ss[bv] == NO_EDGE;
                    if none || ss_key <= self.best_ss_key[bv] {
                        if ss_key.minus(shift).minus(shift).is_zero() {
                            if self.tight_ss(v, u) {
                                return true;
                            }
                        } else if none || ss_key < self.best_ss_key[bv] {
                            self.best_ss[bv] = (v, u);
                            self.best_ss_key[bv] = ss_key;
                        }
                    }
                } else if self.best_s[u] == NONE || key <= self.best_s_key[u] {
                    if self.best_s[u] == NONE || key < self.best_s_key[u] {
                        self.best_s[u] = v;
                        self.best_s_key[u] = key;
                    }
                    if self.label[bu] == FREE
                        && key.plus(self.dual[u]).minus(shift).is_zero()
                        && self.grow(v, u)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Handles the tight edge from the S-vertex `x` to `y` in a free blossom: augments when
    /// that blossom's base is exposed (its dual is zero, it is no root) and returns true, else
    /// labels it T.
    fn grow(&mut self, x: usize, y: usize) -> bool {
        let b = self.top[y];
        if self.mate[self.base[b]] == NONE {
            let tree = self.tree[self.top[x]];
            self.augment_blossom(b, y);
            self.mate[y] = x;
            self.augment_path(x, y);
            self.free_trees(tree, tree);
            true
        } else {
            self.assign_t(b, x, y);
            false
        }
    }

    /// Labels the free top-level blossom `b` T through the edge `(x, y)`, `y` in `b`, and the
    /// blossom of its base's mate S.
    fn assign_t(&mut self, b: usize, x: usize, y: usize) {
        debug_assert_eq!(self.label[b], FREE);
        let tree = self.tree[self.top[x]];
        self.label[b] = LABEL_T;
        self.label_edge[b] = (x, y);
        self.tree[b] = tree;
        let base = self.base[b];
        let m = self.mate[base];
        debug_assert_ne!(m, NONE, "a free blossom is matched");
        let bm = self.top[m];
        debug_assert_eq!(self.label[bm], FREE);
        self.label[bm] = LABEL_S;
        self.label_edge[bm] = (base, m);
        self.tree[bm] = tree;
        self.enqueue(bm);
    }

    /// Handles the tight edge `{x, y}` between two S-blossoms: shrinks a blossom when both are
    /// in the same tree, else augments (and returns true).
    fn tight_ss(&mut self, x: usize, y: usize) -> bool {
        match self.common_ancestor(x, y) {
            Some(lca) => {
                self.form_blossom(lca, x, y);
                false
            }
            None => {
                let (tx, ty) = (self.tree[self.top[x]], self.tree[self.top[y]]);
                self.augment_path(x, y);
                self.augment_path(y, x);
                self.free_trees(tx, ty);
                true
            }
        }
    }

    /// Unlabels the top-level blossoms of the trees `a` and `b`, just augmented.
    fn free_trees(&mut self, a: usize, b: usize) {
        for c in 0..2 * self.n {
            if self.label[c] != FREE && self.is_top(c) && (self.tree[c] == a || self.tree[c] == b) {
                self.label[c] = FREE;
                self.label_edge[c] = NO_EDGE;
            }
        }
    }

    /// The S-blossom above the S-blossom `b` in its tree, or `NONE` for a root.
    fn s_parent(&self, b: usize) -> usize {
        let e = self.label_edge[b];
        if e.0 == NONE {
            return NONE;
        }
        let t = self.top[e.0];
        self.top[self.label_edge[t].0]
    }

    /// The nearest common S-ancestor of the top-level blossoms of the S-vertices `x` and `y`,
    /// or `None` when they are in different trees. Walks both paths in turn, so that the cost
    /// is proportional to the blossom found (or to the augmenting path).
    fn common_ancestor(&mut self, x: usize, y: usize) -> Option<usize> {
        let stamp = self.next_stamp();
        let mut a = self.top[x];
        let mut b = self.top[y];
        while a != NONE || b != NONE {
            if a != NONE {
                if self.mark[a] == stamp {
                    return Some(a);
                }
                self.mark[a] = stamp;
                a = self.s_parent(a);
            }
            std::mem::swap(&mut a, &mut b);
        }
        None
    }

    /// Shrinks the odd cycle closed by the tight edge `{x, y}` between two S-blossoms of the
    /// same tree, whose nearest common ancestor is `lca`, into a new S-blossom.
    fn form_blossom(&mut self, lca: usize, x: usize, y: usize) {
        let id = self
            .free_ids
            .pop()
            .expect("at most n/2 nontrivial blossoms");
        let mut kids = std::mem::take(&mut self.children[id]);
        let mut edges = std::mem::take(&mut self.cycle[id]);
        kids.clear();
        edges.clear();
        kids.push(lca);
        // Down from the ancestor to x's blossom: the path up from x, reversed.
        self.scratch.clear();
        let mut b = self.top[x];
        while b != lca {
            self.scratch.push(b);
            b = self.top[self.label_edge[b].0];
        }
        for &c in self.scratch.iter().rev() {
            edges.push(self.label_edge[c]);
            kids.push(c);
        }
        edges.push((x, y));
        // Up from y's blossom to the ancestor.
        let mut b = self.top[y];
        while b != lca {
            kids.push(b);
            let (p, q) = self.label_edge[b];
            edges.push((q, p));
            b = self.top[p];
        }
        debug_assert_eq!(kids.len() % 2, 1);
        debug_assert_eq!(kids.len(), edges.len());

        let mut leaves = std::mem::take(&mut self.leaves[id]);
        leaves.clear();
        for &c in &kids {
            self.parent[c] = id;
            leaves.extend_from_slice(&self.leaves[c]);
            if self.label[c] == LABEL_T {
                // Its vertices become S-vertices.
                self.enqueue(c);
            }
        }
        for &v in &leaves {
            self.top[v] = id;
        }
        self.base[id] = self.base[lca];
        self.dual[id] = W::ZERO;
        self.label[id] = LABEL_S;
        self.label_edge[id] = self.label_edge[lca];
        self.tree[id] = self.tree[lca];
        self.leaves[id] = leaves;

        // The least-slack edges from the new blossom to every other S-blossom: from the
        // children's lists where they have one, else from the full rows of their vertices.
        let mut list = std::mem::take(&mut self.ss_list[id]);
        list.clear();
        let words = self.g.words;
        for &c in &kids {
            if self.has_list[c] {
                let child_list = std::mem::take(&mut self.ss_list[c]);
                for &(p, q) in &child_list {
                    self.consider_ss(id, p, q, &mut list);
                }
                self.ss_list[c] = child_list;
                self.ss_list[c].clear();
                self.has_list[c] = false;
            } else {
                let child_leaves = std::mem::take(&mut self.leaves[c]);
                for &p in &child_leaves {
                    for k in 0..words {
                        let mut bits = self.g.edges[p * words + k];
                        while bits != 0 {
                            let q = k * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            self.consider_ss(id, p, q, &mut list);
                        }
                    }
                }
                self.leaves[c] = child_leaves;
            }
            self.best_ss[c] = NO_EDGE;
        }
        let mut best = NO_EDGE;
        let mut best_slack = W::ZERO;
        for e in &mut list {
            let bq = self.top[e.1];
            *e = self.pending[bq];
            self.pending[bq] = NO_EDGE;
            let s = self.pending_slack[bq];
            if best == NO_EDGE || s < best_slack {
                best = *e;
                best_slack = s;
            }
        }
        self.ss_list[id] = list;
        self.has_list[id] = true;
        self.best_ss[id] = best;
        self.best_ss_key[id] = best_slack.plus(self.shift).plus(self.shift);
        self.children[id] = kids;
        self.cycle[id] = edges;
    }

    /// Candidate `(p, q)` for the least-slack edge from the new blossom `id` to the S-blossom
    /// of `q`: kept in `pending[top(q)]`, and `list` records which entries are in use.
    #[inline]
    fn consider_ss(&mut self, id: usize, p: usize, q: usize, list: &mut Vec<(usize, usize)>) {
        let bq = self.top[q];
        if bq == id || self.label[bq] != LABEL_S {
            return;
        }
        let slack = self.slack(p, q);
        if self.pending[bq] == NO_EDGE {
            self.pending[bq] = (p, q);
            self.pending_slack[bq] = slack;
            list.push((p, q));
        } else if slack < self.pending_slack[bq] {
            self.pending[bq] = (p, q);
            self.pending_slack[bq] = slack;
        }
    }

    /// Flips the alternating path from the S-vertex `s` up to the root of its tree, matching
    /// `s` to `t` (or leaving it exposed when `t` is `NONE`, which leaves the root matched).
    fn augment_path(&mut self, mut s: usize, mut t: usize) {
        loop {
            let bs = self.top[s];
            let up = self.label_edge[bs];
            self.augment_blossom(bs, s);
            self.mate[s] = t;
            if up.0 == NONE {
                break;
            }
            let bt = self.top[up.0];
            let (ns, nt) = self.label_edge[bt];
            self.augment_blossom(bt, nt);
            self.mate[nt] = ns;
            s = ns;
            t = nt;
        }
    }

    /// Makes the vertex `v` the base of the blossom `b` (v inside b), flipping the matched and
    /// unmatched edges along the even path from `v`'s sub-blossom to the old base's. The mate of
    /// `v` itself is left to the caller.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        if b < self.n {
            return;
        }
        let mut c = v;
        while self.parent[c] != b {
            c = self.parent[c];
        }
        self.augment_blossom(c, v);
        let k = self.children[b].len();
        let i = self.children[b]
            .iter()
            .position(|&x| x == c)
            .expect("child of its parent");
        if i != 0 {
            let forward = i % 2 == 1;
            let mut j = i;
            while j != 0 {
                // The first edge was matched and becomes unmatched; the second becomes matched.
                j = if forward { (j + 1) % k } else { j - 1 };
                let (j2, (p, q)) = self.cycle_step(b, j, forward);
                let cj = self.children[b][j];
                let cj2 = self.children[b][j2];
                self.augment_blossom(cj, p);
                self.augment_blossom(cj2, q);
                self.mate[p] = q;
                self.mate[q] = p;
                j = j2;
            }
            self.children[b].rotate_left(i);
            self.cycle[b].rotate_left(i);
        }
        self.base[b] = v;
    }

    /// One step around the cycle of `b` from child index `j`: the next index and the edge
    /// oriented from child `j` to it.
    #[inline]
    fn cycle_step(&self, b: usize, j: usize, forward: bool) -> (usize, (usize, usize)) {
        let k = self.children[b].len();
        if forward {
            ((j + 1) % k, self.cycle[b][j])
        } else {
            let j2 = (j + k - 1) % k;
            let (p, q) = self.cycle[b][j2];
            (j2, (q, p))
        }
    }

    /// Releases the blossom id `b` (its children must already be top-level).
    fn release(&mut self, b: usize) {
        self.children[b].clear();
        self.cycle[b].clear();
        self.leaves[b].clear();
        self.ss_list[b].clear();
        self.has_list[b] = false;
        self.base[b] = NONE;
        self.parent[b] = NONE;
        self.label[b] = FREE;
        self.label_edge[b] = NO_EDGE;
        self.best_ss[b] = NO_EDGE;
        self.dual[b] = W::ZERO;
        self.free_ids.push(b);
    }

    /// Makes the children of the top-level blossom `b` top-level.
    fn lift_children(&mut self, b: usize) {
        for i in 0..self.children[b].len() {
            let c = self.children[b][i];
            self.parent[c] = NONE;
            for j in 0..self.leaves[c].len() {
                let v = self.leaves[c][j];
                self.top[v] = c;
            }
        }
    }

    /// Expands the T-blossom `b`, whose dual reached zero, in the middle of a stage: the
    /// sub-blossoms on the even path from the entry to the base stay in the tree (T, S, ..., T),
    /// the others become free, or T when a tight edge from an S-vertex reaches them.
    fn expand_t(&mut self, b: usize) {
        let (s, t) = self.label_edge[b];
        let mut entry = t;
        while self.parent[entry] != b {
            entry = self.parent[entry];
        }
        self.lift_children(b);
        let k = self.children[b].len();
        for i in 0..k {
            let c = self.children[b][i];
            self.label[c] = FREE;
        }
        let j = self.children[b]
            .iter()
            .position(|&x| x == entry)
            .expect("entry child");
        let forward = j % 2 == 1;
        let tree = self.tree[b];
        self.label[entry] = LABEL_T;
        self.label_edge[entry] = (s, t);
        self.tree[entry] = tree;
        let mut idx = j;
        while idx != 0 {
            let (i1, e1) = self.cycle_step(b, idx, forward);
            let c1 = self.children[b][i1];
            self.label[c1] = LABEL_S;
            self.label_edge[c1] = e1;
            self.tree[c1] = tree;
            self.best_ss[c1] = NO_EDGE;
            self.enqueue(c1);
            let (i2, e2) = self.cycle_step(b, i1, forward);
            let c2 = self.children[b][i2];
            self.label[c2] = LABEL_T;
            self.label_edge[c2] = e2;
            self.tree[c2] = tree;
            idx = i2;
        }
        // The other sub-blossoms, in matched pairs.
        let mut idx = self.cycle_step(b, j, !forward).0;
        while idx != 0 {
            let c = self.children[b][idx];
            if self.label[c] == FREE {
                let mut reach = NO_EDGE;
                for &y in &self.leaves[c] {
                    let x = self.best_s[y];
                    if x != NONE && self.slack(x, y) == W::ZERO {
                        reach = (x, y);
                        break;
                    }
                }
                if reach != NO_EDGE {
                    self.assign_t(c, reach.0, reach.1);
                }
            }
            idx = self.cycle_step(b, idx, !forward).0;
        }
        self.release(b);
    }

    /// After a stage: expands the top-level blossoms whose dual is zero (S-blossoms, and
    /// those of the trees an augmentation dissolved), and recursively their sub-blossoms
    /// whose dual is zero.
    fn end_stage(&mut self) {
        self.scratch.clear();
        for b in self.n..2 * self.n {
            if self.is_top(b) && self.label[b] != LABEL_T && self.dual[b] == W::ZERO {
                self.scratch.push(b);
            }
        }
        let mut stack = std::mem::take(&mut self.scratch);
        while let Some(b) = stack.pop() {
            self.lift_children(b);
            for i in 0..self.children[b].len() {
                let c = self.children[b][i];
                if c >= self.n && self.dual[c] == W::ZERO {
                    stack.push(c);
                }
            }
            self.release(b);
        }
        self.scratch = stack;
    }

    /// Computes the largest dual adjustment that keeps the duals feasible, applies it, and says
    /// what limited it.
    fn adjust_duals(&mut self) -> Step {
        let n = self.n;
        // delta1: the least S-vertex dual; an exposed vertex first among equals (then its tree
        // is done, and nothing needs to change).
        let mut delta = W::MAX;
        let mut zero_at = NONE;
        for v in 0..n {
            if self.label[self.top[v]] == LABEL_S {
                let d = self.dual[v];
                if d < delta || (d == delta && self.mate[v] == NONE) {
                    delta = d;
                    zero_at = if self.mate[v] == NONE { NONE } else { v };
                }
            }
        }
        let mut step = Step::Zero(zero_at);
        // delta2: the least slack of an edge from an S-vertex to a free blossom.
        let mut best2 = NONE;
        let mut key2 = W::ZERO;
        for y in 0..n {
            if self.best_s[y] != NONE && self.label[self.top[y]] == FREE {
                let k = self.best_s_key[y].plus(self.dual[y]);
                if best2 == NONE || k < key2 {
                    best2 = y;
                    key2 = k;
                }
            }
        }
        if best2 != NONE {
            let d = key2.minus(self.shift);
            if d < delta {
                delta = d;
                step = Step::Grow(best2);
            }
        }
        // delta3: half the least slack of an edge between two S-blossoms; delta4: the least
        // dual of a T-blossom.
        let mut best3 = NONE;
        for b in 0..2 * n {
            if !self.is_top(b) {
                continue;
            }
            match self.label[b] {
                LABEL_S
                    if self.best_ss[b] != NO_EDGE
                        && (best3 == NONE || self.best_ss_key[b] < self.best_ss_key[best3]) =>
                {
                    best3 = b;
                }
                LABEL_T if b >= n && self.dual[b] < delta => {
                    delta = self.dual[b];
                    step = Step::Expand(b);
                }
                _ => {}
            }
        }
        if best3 != NONE {
            let slack = self.best_ss_key[best3].minus(self.shift).minus(self.shift);
            debug_assert!(slack.half().plus(slack.half()) == slack, "odd S-S slack");
            let d = slack.half();
            if d < delta {
                delta = d;
                let (x, y) = self.best_ss[best3];
                step = Step::Tight(x, y);
            }
        }
        debug_assert!(delta >= W::ZERO);
        for v in 0..n {
            match self.label[self.top[v]] {
                LABEL_S => self.dual[v] = self.dual[v].minus(delta),
                LABEL_T => self.dual[v] = self.dual[v].plus(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.is_top(b) {
                match self.label[b] {
                    LABEL_S => self.dual[b] = self.dual[b].plus(delta),
                    LABEL_T => self.dual[b] = self.dual[b].minus(delta),
                    _ => {}
                }
            }
        }
        self.shift = self.shift.plus(delta);
        step
    }

    // ---------------------------------------------------------------------------------------
    // Warm start.

    /// Restores the invariants of a stage start after weights changed since the last
    /// optimum: every changed edge that the duals no longer cover, or that was matched or in
    /// a blossom's cycle and is no longer tight, gets one end isolated (see [`Self::isolate`]);
    /// then the new roots are given duals of one parity.
    fn repair(&mut self) {
        let mut broken = std::mem::take(&mut self.broken);
        broken.clear();
        let words = self.g.words;
        self.index_blossoms();
        for r in 0..self.changed_rows.len() {
            let a = self.changed_rows[r];
            for k in 0..words {
                let mut bits = self.changed[a * words + k];
                while bits != 0 {
                    let b = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.is_broken(a, b) {
                        broken.push((a, b));
                    }
                }
            }
        }
        if broken.is_empty() {
            // The previous optimum is still one.
            self.broken = broken;
            return;
        }
        for &(a, b) in &broken {
            self.degree[a] += 1;
            self.degree[b] += 1;
        }
        // Cover the broken edges greedily, the ends with most broken edges first (a changed
        // row is a star: its centre covers it).
        let degree = std::mem::take(&mut self.degree);
        broken.sort_by_key(|&(a, b)| std::cmp::Reverse(degree[a].max(degree[b])));
        for &(a, b) in &broken {
            if self.isolated[a] || self.isolated[b] {
                continue;
            }
            let x = if degree[a] >= degree[b] { a } else { b };
            self.isolate(x);
            self.isolated[x] = true;
        }
        self.degree = degree;
        for &(a, b) in &broken {
            for v in [a, b] {
                self.degree[v] = 0;
                self.isolated[v] = false;
            }
        }
        self.broken = broken;
        self.greedy();
        self.even_roots();
    }

    /// Fills `cycle_edges` and `enclosing_dual` from the blossoms as they are.
    fn index_blossoms(&mut self) {
        let n = self.n;
        self.cycle_edges.clear();
        let mut stack = std::mem::take(&mut self.scratch);
        stack.clear();
        for b in n..2 * n {
            if self.is_top(b) {
                self.enclosing_dual[b] = self.dual[b];
                stack.push(b);
            }
        }
        while let Some(b) = stack.pop() {
            let cycle = &self.cycle[b];
            self.cycle_edges
                .extend(cycle.iter().map(|&(p, q)| (p.min(q), p.max(q))));
            let outer = self.enclosing_dual[b];
            for i in 0..self.children[b].len() {
                let c = self.children[b][i];
                if c >= n {
                    self.enclosing_dual[c] = outer.plus(self.dual[c]);
                    stack.push(c);
                } else {
                    self.enclosing_dual[c] = outer;
                }
            }
        }
        self.scratch = stack;
    }

    /// Whether the changed edge `{a, b}` (`a < b`) breaks the invariants: a positive edge of
    /// negative slack, or a matched edge or blossom-cycle edge that is no longer a tight
    /// positive edge. Needs `cycle_edges` filled.
    fn is_broken(&mut self, a: usize, b: usize) -> bool {
        let w = self.weight2(a, b);
        let t = self.top[a];
        let inside = t == self.top[b] && t >= self.n;
        let structural = self.mate[a] == b || (inside && self.cycle_edges.contains(&(a, b)));
        if structural && w.is_zero() {
            return true;
        }
        let slack = self.dual[a].plus(self.dual[b]).minus(w);
        if !structural && (w.is_zero() || slack >= W::ZERO) {
            // The blossom duals can only add to the slack.
            return false;
        }
        if !structural && inside {
            // The blossoms around both ends add at least the dual of the top one, and at most
            // all those around either end.
            let least = self.dual[t];
            if slack.plus(least).plus(least) >= W::ZERO {
                return false;
            }
            let most = self.enclosing_dual[a].min(self.enclosing_dual[b]);
            if slack.plus(most).plus(most) < W::ZERO {
                return true;
            }
        }
        let mut z = W::ZERO;
        if inside {
            // The smallest blossom containing both: its dual and those around it.
            let stamp = self.next_stamp();
            let mut c = self.parent[a];
            while c != NONE {
                self.mark[c] = stamp;
                c = self.parent[c];
            }
            let mut lca = self.parent[b];
            while self.mark[lca] != stamp {
                lca = self.parent[lca];
            }
            z = self.enclosing_dual[lca];
        }
        let slack = slack.plus(z).plus(z);
        if structural {
            slack != W::ZERO
        } else {
            slack < W::ZERO
        }
    }

    /// Makes `x` a top-level, exposed vertex whose dual covers its edges, with the least such
    /// dual: dissolves the blossoms containing `x`, unmatches it. Every edge at `x` is then
    /// feasible and neither matched nor in a blossom, and nothing else got worse.
    fn isolate(&mut self, x: usize) {
        while self.top[x] != x {
            self.dissolve(self.top[x]);
        }
        let m = self.mate[x];
        if m != NONE {
            self.mate[x] = NONE;
            self.mate[m] = NONE;
            self.lower_exposed(m);
        }
        self.dual[x] = self.least_dual(x);
    }

    /// Dissolves the top-level blossom `b` between stages. Its dual moves to its vertices (each
    /// gains `z(b)`), which keeps the slack of every edge inside `b` and raises that of the
    /// edges leaving it: the matched edge at its base is then loose, and is unmatched.
    fn dissolve(&mut self, b: usize) {
        let z = self.dual[b];
        let base = self.base[b];
        let positive = z > W::ZERO;
        let mut outside = NONE;
        if positive {
            for i in 0..self.leaves[b].len() {
                let v = self.leaves[b][i];
                self.dual[v] = self.dual[v].plus(z);
            }
            outside = self.mate[base];
            if outside != NONE {
                self.mate[base] = NONE;
                self.mate[outside] = NONE;
            }
        }
        self.lift_children(b);
        self.release(b);
        if positive {
            self.lower_exposed(base);
            if outside != NONE {
                self.lower_exposed(outside);
            }
        }
    }

    /// Gives the exposed vertex `v` the least dual that covers its edges, when it is a
    /// top-level vertex (in a blossom, its dual is tied to the blossom's tight edges).
    fn lower_exposed(&mut self, v: usize) {
        if self.top[v] == v {
            self.dual[v] = self.least_dual(v);
        }
    }

    /// The least non-negative dual of the top-level vertex `x` that keeps every edge at `x`
    /// feasible with the other duals as they are.
    fn least_dual(&self, x: usize) -> W {
        let n = self.n;
        let words = self.g.words;
        let mut best = W::ZERO;
        for k in 0..words {
            let mut bits = self.g.edges[x * words + k];
            while bits != 0 {
                let j = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let need = self.g.cells[x * n + j].minus(self.dual[j]);
                if need > best {
                    best = need;
                }
            }
        }
        best
    }

    /// Gives every root (a top-level blossom whose base is exposed with a positive dual) an
    /// even base dual, so that all the S-vertices of a stage share a parity and the slack of
    /// an edge between two of them is even (its half, a dual adjustment, is an integer). A
    /// vertex gains one; a blossom's vertices gain one and its dual loses one (which keeps the
    /// slacks inside it); a blossom of zero dual is dissolved instead and its base's part
    /// treated in turn.
    fn even_roots(&mut self) {
        let n = self.n;
        for b in 0..2 * n {
            if !self.is_top(b) {
                continue;
            }
            let base = self.base[b];
            if self.mate[base] != NONE || self.dual[base].is_zero() {
                continue;
            }
            let one = self.dual[base]
                .minus(self.dual[base].half())
                .minus(self.dual[base].half());
            if one.is_zero() {
                continue;
            }
            let mut c = b;
            loop {
                if c < n {
                    self.dual[c] = self.dual[c].plus(one);
                    break;
                }
                if self.dual[c] > W::ZERO {
                    for i in 0..self.leaves[c].len() {
                        let v = self.leaves[c][i];
                        self.dual[v] = self.dual[v].plus(one);
                    }
                    self.dual[c] = self.dual[c].minus(one);
                    break;
                }
                self.dissolve(c);
                c = self.top[base];
            }
        }
    }

    /// Checks the optimality certificate: a valid matching on positive edges, feasible duals
    /// (vertex and blossom duals non-negative, every edge's slack non-negative), and
    /// complementary slackness (matched edges tight, exposed vertices at dual zero, blossoms of
    /// positive dual full).
    #[cfg(debug_assertions)]
    fn verify_optimum(&self) {
        let n = self.n;
        for v in 0..n {
            let m = self.mate[v];
            if m == NONE {
                assert!(
                    self.dual[v] == W::ZERO,
                    "exposed vertex {v} has a positive dual"
                );
            } else {
                assert_eq!(self.mate[m], v, "mates are symmetric");
                assert!(self.weight2(v, m) > W::ZERO, "matched on a missing edge");
            }
            assert!(self.dual[v] >= W::ZERO, "negative vertex dual");
        }
        // Sum of the duals of the blossoms containing b, b included.
        let mut zsum = vec![W::ZERO; 2 * n];
        let mut order: Vec<usize> = (n..2 * n).filter(|&b| self.is_top(b)).collect();
        let mut i = 0;
        while i < order.len() {
            let b = order[i];
            assert!(self.dual[b] >= W::ZERO, "negative blossom dual");
            let above = if self.parent[b] == NONE {
                W::ZERO
            } else {
                zsum[self.parent[b]]
            };
            zsum[b] = above.plus(self.dual[b]);
            order.extend(self.children[b].iter().copied().filter(|&c| c >= n));
            i += 1;
            // The cycle's edges are tight positive edges (the next solve starts from here).
            let z = zsum[b];
            for &(p, q) in &self.cycle[b] {
                assert!(self.weight2(p, q) > W::ZERO, "blossom on a missing edge");
                let s = self.dual[p].plus(self.dual[q]).minus(self.weight2(p, q));
                assert!(
                    s.plus(z).plus(z) == W::ZERO,
                    "blossom edge {p}-{q} not tight"
                );
            }
            if self.dual[b] > W::ZERO {
                let inside = self.leaves[b]
                    .iter()
                    .filter(|&&v| {
                        let mut c = self.mate[v];
                        while c != NONE && c != b {
                            c = self.parent[c];
                        }
                        c == b
                    })
                    .count();
                assert_eq!(
                    inside + 1,
                    self.leaves[b].len(),
                    "blossom with positive dual not full"
                );
            }
        }
        let mut mark = vec![NONE; 2 * n];
        for x in 0..n {
            let mut b = self.parent[x];
            while b != NONE {
                mark[b] = x;
                b = self.parent[b];
            }
            for y in x + 1..n {
                let wt2 = self.weight2(x, y);
                if wt2.is_zero() {
                    continue;
                }
                let z = if self.top[x] != self.top[y] {
                    W::ZERO
                } else {
                    let mut b = self.parent[y];
                    while b != NONE && mark[b] != x {
                        b = self.parent[b];
                    }
                    if b == NONE { W::ZERO } else { zsum[b] }
                };
                let s = self.dual[x].plus(self.dual[y]).minus(wt2).plus(z).plus(z);
                assert!(s >= W::ZERO, "negative slack on edge {x}-{y}");
                if self.mate[x] == y {
                    assert!(s == W::ZERO, "matched edge {x}-{y} not tight");
                }
            }
        }
    }
}
