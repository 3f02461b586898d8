//! Maximum weight matching in a general (non-bipartite) graph, with exact integer weights.
//!
//! The Swiss pairing (FIDE Dutch system, as bbpPairings applies it) reduces every decision to
//! "find a matching of maximum total weight" on a dense graph whose edge weights are huge packed
//! bit fields. This module solves exactly that problem and nothing else:
//!
//! - [`DenseWeights`]: a symmetric n×n matrix of non-negative weights, where zero means "no
//!   edge";
//! - [`maximum_weight_matching`]: a matching of maximum total weight (not of maximum
//!   cardinality; an edge of weight zero is never used);
//! - [`Weight`]: the exact integer types the solver computes with (`i64`, `i128` and the signed
//!   integers of the `bnum` crate, e.g. [`bnum::types::I512`]), and [`bits_needed_for`] to
//!   pick one.
//!
//! # Algorithm
//!
//! Edmonds' blossom algorithm in its primal-dual O(n³) form, as described by Z. Galil,
//! "Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18(1),
//! 1986, section 4 (after Gabow's 1974 thesis and Lawler's book): stages that each grow an
//! alternating forest from every exposed vertex until an augmenting path is found, with dual
//! adjustments between growth steps, blossoms shrunk when an odd cycle closes and T-blossoms
//! expanded when their dual variable reaches zero. The O(n³) bound comes from keeping, for every
//! vertex outside the S-blossoms, its least-slack edge to an S-vertex, and for every S-blossom
//! its least-slack edge to each other S-blossom.
//!
//! # Exactness and headroom
//!
//! There is no floating point. Internally every edge weight counts twice (the slack of an edge
//! `{i, j}` is `u(i) + u(j) − 2·w(i, j) + 2·Σ z(B)`, over the blossoms `B` containing both ends),
//! which keeps every dual variable and every dual adjustment integral. Vertex duals start at the
//! largest weight `W` and stay in `[0, 2W]`, blossom duals stay in `[0, W]`, and no
//! intermediate value exceeds `6W`. A signed type of `b + 4` bits is therefore enough for
//! weights below `2^b` ([`bits_needed_for`]); the matrix refuses a weight above
//! [`Weight::max_edge_weight`] (`MAX / 8`).
//!
//! With `debug_assertions` on, every solve also checks its own optimality certificate (dual
//! feasibility and complementary slackness), and panics if it does not hold.

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
    /// solver's intermediate values reach six times the largest weight (see
    /// [`bits_needed_for`]).
    fn max_edge_weight() -> Self {
        Self::MAX.half().half().half()
    }
}

/// How many bits the solver's weight type must have (sign bit included) when every edge weight
/// is below `2^max_weight_bits`: four more, one for the sign and three for the internal values,
/// which stay below eight times the largest weight `W`.
///
/// (Weights are stored doubled; a vertex dual stays in `[0, 2W]`, a blossom dual in `[0, W]`;
/// the total dual adjustment of a stage is at most `W`; the slack of an edge is at most `4W`,
/// and the stage-invariant keys of the least-slack edges add up to twice the adjustment to it,
/// at most `6W`.)
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

    /// The neighbours of `i` (the other ends of its edges of non-zero weight), in increasing
    /// order.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.edges[i * self.words..(i + 1) * self.words]
            .iter()
            .enumerate()
            .flat_map(|(k, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(k * 64 + b)
                })
            })
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
/// Time O(n³) in the worst case: at most n/2 + 1 stages (one per augmentation), each of
/// O(n²) additions and comparisons of weights. Extra memory O(n) typically, O(n²) at worst
/// (the least-slack edge lists of nested blossoms), besides the matrix, which is not copied.
#[must_use]
pub fn maximum_weight_matching<W: Weight>(weights: &DenseWeights<W>) -> Vec<Option<usize>> {
    let mut solver = Solver::new(weights);
    solver.solve();
    #[cfg(debug_assertions)]
    solver.verify_optimum();
    solver
        .mate
        .iter()
        .map(|&m| (m != NONE).then_some(m))
        .collect()
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
    /// A vertex dual reached zero: the matching is optimal.
    Done,
    /// An edge from an S-vertex to a free blossom became tight (the vertex in the free blossom).
    Grow(usize),
    /// An edge between two S-blossoms became tight.
    Tight(usize, usize),
    /// The dual of a T-blossom reached zero.
    Expand(usize),
}

/// The solver's state. Ids `0..n` are the vertices (trivial blossoms), ids `n..2n` are
/// available for nontrivial blossoms. An edge `(x, y)` is stored as an ordered pair of
/// vertices; its orientation is given where it matters.
struct Solver<'a, W> {
    n: usize,
    /// The graph.
    g: &'a DenseWeights<W>,
    /// Row-major n×n doubled weights.
    w2: &'a [W],
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
    /// Marks for the search of a common ancestor in the forest.
    mark: Vec<u32>,
    stamp: u32,
    /// Scratch buffers.
    scratch: Vec<usize>,
    pending: Vec<(usize, usize)>,
}

impl<'a, W: Weight> Solver<'a, W> {
    fn new(weights: &'a DenseWeights<W>) -> Self {
        let n = weights.n;
        let ids = 2 * n;
        let maxw = weights.max_weight();
        let mut dual = vec![W::ZERO; ids];
        dual[..n].fill(maxw);
        let mut base = vec![NONE; ids];
        let mut leaves = vec![Vec::new(); ids];
        for v in 0..n {
            base[v] = v;
            leaves[v].push(v);
        }
        Solver {
            n,
            g: weights,
            w2: &weights.cells,
            mate: vec![NONE; n],
            parent: vec![NONE; ids],
            top: (0..n).collect(),
            base,
            children: vec![Vec::new(); ids],
            cycle: vec![Vec::new(); ids],
            leaves,
            dual,
            label: vec![FREE; ids],
            label_edge: vec![NO_EDGE; ids],
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
        }
    }

    /// The doubled weight of the edge `{x, y}`.
    #[inline(always)]
    fn weight2(&self, x: usize, y: usize) -> W {
        self.w2[x * self.n + y]
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

    fn solve(&mut self) {
        while self.start_stage() {
            if !self.run_stage() {
                return;
            }
            self.end_stage();
        }
    }

    /// Resets the forest and makes every top-level blossom with an exposed base a root.
    /// Returns false when every vertex is matched.
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
            if self.is_top(b) && self.mate[self.base[b]] == NONE {
                self.label[b] = LABEL_S;
                self.enqueue(b);
                any = true;
            }
        }
        any
    }

    /// Grows the forest and adjusts the duals until an augmentation (returns true) or until
    /// the matching is optimal (returns false).
    fn run_stage(&mut self) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan(v) {
                    return true;
                }
            }
            match self.adjust_duals() {
                Step::Done => return false,
                Step::Grow(y) => {
                    let x = self.best_s[y];
                    self.assign_t(self.top[y], x, y);
                }
                Step::Tight(x, y) => {
                    debug_assert_ne!(self.top[x], self.top[y]);
                    if self.tight_ss(x, y) {
                        return true;
                    }
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
        let g = self.g;
        let row = &self.w2[v * n..(v + 1) * n];
        self.clock += 1;
        if !self.has_list[self.top[v]] {
            self.durable_scan[v] = self.clock;
        }
        let since = self.s_since[v];
        let shift = self.shift;
        let pv = self.dual[v].plus(shift);
        for u in g.neighbours(v) {
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
            let key = pv.minus(row[u]);
            if is_s {
                // slack(v, u) + 2·shift; the edge is tight when this is 2·shift, which is at
                // most the key of any recorded edge.
                let ss_key = key.plus(self.dual[u]).plus(shift);
                let none = self.best_ss[bv] == NO_EDGE;
                if none || ss_key <= self.best_ss_key[bv] {
                    if ss_key.minus(shift) == shift {
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
                if self.label[bu] == FREE && key.plus(self.dual[u]) == shift {
                    self.assign_t(bu, v, u);
                }
            }
        }
        false
    }

    /// Labels the free top-level blossom `b` T through the edge `(x, y)`, `y` in `b`, and the
    /// blossom of its base's mate S.
    fn assign_t(&mut self, b: usize, x: usize, y: usize) {
        debug_assert_eq!(self.label[b], FREE);
        self.label[b] = LABEL_T;
        self.label_edge[b] = (x, y);
        let base = self.base[b];
        let m = self.mate[base];
        debug_assert_ne!(m, NONE, "a free blossom is matched");
        let bm = self.top[m];
        debug_assert_eq!(self.label[bm], FREE);
        self.label[bm] = LABEL_S;
        self.label_edge[bm] = (base, m);
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
                self.augment(x, y);
                true
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
        self.stamp += 1;
        let stamp = self.stamp;
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
        self.leaves[id] = leaves;

        // The least-slack edges from the new blossom to every other S-blossom: from the
        // children's lists where they have one, else from the full rows of their vertices.
        let mut list = std::mem::take(&mut self.ss_list[id]);
        list.clear();
        let g = self.g;
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
                    for q in g.neighbours(p) {
                        self.consider_ss(id, p, q, &mut list);
                    }
                }
                self.leaves[c] = child_leaves;
            }
            self.best_ss[c] = NO_EDGE;
        }
        let mut best = NO_EDGE;
        let mut best_slack = W::ZERO;
        for e in &mut list {
            let q = e.1;
            *e = self.pending[self.top[q]];
            self.pending[self.top[q]] = NO_EDGE;
            let s = self.slack(e.0, e.1);
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
        let cur = self.pending[bq];
        if cur == NO_EDGE {
            self.pending[bq] = (p, q);
            list.push((p, q));
        } else if self.slack(p, q) < self.slack(cur.0, cur.1) {
            self.pending[bq] = (p, q);
        }
    }

    /// Augments along the path through the tight edge `{x, y}` between two trees, from root to
    /// root.
    fn augment(&mut self, x: usize, y: usize) {
        for (mut s, mut t) in [(x, y), (y, x)] {
            // `s` is an S-vertex to be matched to `t`.
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
        self.label[entry] = LABEL_T;
        self.label_edge[entry] = (s, t);
        let mut idx = j;
        while idx != 0 {
            let (i1, e1) = self.cycle_step(b, idx, forward);
            let c1 = self.children[b][i1];
            self.label[c1] = LABEL_S;
            self.label_edge[c1] = e1;
            self.best_ss[c1] = NO_EDGE;
            self.enqueue(c1);
            let (i2, e2) = self.cycle_step(b, i1, forward);
            let c2 = self.children[b][i2];
            self.label[c2] = LABEL_T;
            self.label_edge[c2] = e2;
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

    /// After an augmentation: expands the top-level S-blossoms whose dual is zero, and
    /// recursively their sub-blossoms whose dual is zero.
    fn end_stage(&mut self) {
        self.scratch.clear();
        for b in self.n..2 * self.n {
            if self.is_top(b) && self.label[b] == LABEL_S && self.dual[b] == W::ZERO {
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
        // delta1: the least S-vertex dual (the exposed vertices' common dual).
        let mut step = Step::Done;
        let mut delta = W::MAX;
        for v in 0..n {
            if self.label[self.top[v]] == LABEL_S && self.dual[v] < delta {
                delta = self.dual[v];
            }
        }
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
                let mut b = self.parent[y];
                while b != NONE && mark[b] != x {
                    b = self.parent[b];
                }
                let z = if b == NONE { W::ZERO } else { zsum[b] };
                let s = self.dual[x].plus(self.dual[y]).minus(wt2).plus(z).plus(z);
                assert!(s >= W::ZERO, "negative slack on edge {x}-{y}");
                if self.mate[x] == y {
                    assert!(s == W::ZERO, "matched edge {x}-{y} not tight");
                }
            }
        }
    }
}
