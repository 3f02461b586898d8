//! The computer opponent: a search on each game's own move generator, at nine levels.
//!
//! A game that can be played against arbitre implements [`Engine`] beside [`Game`]: what a
//! position is worth to the side to move, a key for the transposition table, and a guess of
//! each move's worth so that the good ones are searched first. [`think`] does the rest, the
//! same for every game:
//!
//! - **alpha-beta** (negamax) with iterative deepening and a transposition table
//!   ([`search`]). The games are all two-player, perfect-information and short of chance,
//!   and each has a cheap, telling evaluation (material first). Where the branching factor
//!   is high (Ataxx: up to about 150 moves), depth gained by pruning and good move order
//!   matters more than anything else. Monte Carlo tree search would spend its budget on
//!   random playouts, which say little in games where one move turns many pieces (Ataxx)
//!   or a single push decides (Abalone), and it needs no evaluation only where none is
//!   known; each of these games has one.
//! - **levels** ([`Level`]): each level is a fixed budget of nodes and depth, never of time,
//!   so the same position, level and seed always give the same move, on any machine. The
//!   nodes are counted in Ataxx's: each game says what its node costs against Ataxx's
//!   ([`Engine::NODE_COST`]), so that level 9 takes about a second a move in every game. Below
//!   the top levels the move is drawn among the root moves, each weighed by how much worse
//!   it scores than the best (a softmax whose temperature falls with the level), so that a
//!   beginner can win; the draw uses the seed.
//!
//! Pure: no clock, no threads, no IO. The daemon runs searches on its own threads.

pub mod level;
pub mod search;
pub mod uai;

pub use level::{Level, Style};
pub use search::{Budget, Scored, Thought};

use std::hash::{BuildHasher, Hash};

use crate::games::Game;

/// A score meaning "the side to move has won" (less the plies it takes).
pub const WIN: i32 = 1_000_000;

/// The transposition table's key of a position, hashed from its parts (`(board, side)`): the
/// same in every run, since the seed is fixed, so that a search is a function of its
/// position and budget alone. Foldhash rather than the standard library's SipHash: its
/// sponge takes a board's many small fields several at a time, and its quality variant
/// mixes the result as a 64-bit key needs.
pub fn key_of(parts: impl Hash) -> u64 {
    foldhash::quality::FixedState::with_seed(0x6172_6269_7472_6521).hash_one(parts)
}

/// What the search needs of a game beyond its rules.
pub trait Engine: Game {
    /// What the position (where the game goes on) is worth to the side to move, in
    /// hundredths of a piece: positive when it stands better.
    fn evaluate(&self) -> i32;

    /// A key of the position for the transposition table: equal positions, equal keys.
    fn key(&self) -> u64;

    /// A guess of how good `m` is, before searching it: higher is searched first.
    fn guess(&self, m: &Self::Move) -> i32 {
        let _ = m;
        0
    }

    /// Whether the search orders each ply's moves by the killer heuristic (the moves that
    /// last cut the search off at that ply, tried right after the table's) and proves the
    /// moves after the first with a null window (principal variation search). Off by
    /// default: the ladders of the games that do without were measured without them, their
    /// levels bounded by nodes would play other moves with them, and where the game's
    /// guess already orders the moves well they cost more than they save (Ataxx, four
    /// plies over 12 positions: 78,441 nodes with them, 69,260 without).
    const KILLERS: bool = false;

    /// Whether a level bounded by nodes plays the best of the root moves that its last,
    /// unfinished iteration searched to the end (the previous best among them, searched
    /// first), rather than the move of the last finished iteration. The deeper look finds
    /// the refutation that a shallower one missed: Bulltricker's level 9, six plies within
    /// its nodes, played five plies' move when the sixth ran out and lost two games in a
    /// hundred to the greedy player that way. Off by default: the other games' ladders were
    /// measured without it, and their levels bounded by nodes would play other moves.
    const UNFINISHED: bool = false;

    /// What one node of this game's search costs, in hundredths of an Ataxx node (100): a
    /// level's node budget (counted in Ataxx's) is scaled by it, so that a level takes about
    /// as long in every game. Measured by `cargo bench --bench engine` (docs/benchmarks.md).
    const NODE_COST: u64 = 100;

    /// What [`Engine::evaluate`] counts as one unit of material (a piece, a point): the low
    /// levels' draws are weighed in these units, so a beginner level errs as much in every
    /// game.
    const UNIT: i32 = 100;

    /// How each level plays this game, level 1 first: the standard levels unless the
    /// ladder (`cargo bench --bench engine`) showed that the game needs its own.
    const STYLES: [Style; 9] = level::STANDARD;
}

/// The move `position`'s side to move plays at `level`, with `seed` for the low levels'
/// draw; `None` when the game is over.
pub fn think<G: Engine>(position: &G, level: Level, seed: u64) -> Option<Thought<G::Move>> {
    think_in(position, style::<G>(level), seed)
}

/// How `level` plays `G`.
pub fn style<G: Engine>(level: Level) -> Style {
    G::STYLES[level.index()]
}

/// The move `position`'s side to move plays in `style` (a level's, or one a benchmark
/// tries), with `seed` for the draw; `None` when the game is over.
pub fn think_in<G: Engine>(position: &G, style: Style, seed: u64) -> Option<Thought<G::Move>> {
    let thought = search::search(position, budget_in::<G>(style), style.spread())?;
    Some(style.choose(thought, seed, G::UNIT))
}

/// What `level`'s search may do in `G`: its budget, its nodes (counted in Ataxx's) scaled
/// by the game's [`Engine::NODE_COST`].
pub fn budget<G: Engine>(level: Level) -> Budget {
    budget_in::<G>(style::<G>(level))
}

/// What a search in `style` may do in `G` (see [`budget`]).
pub fn budget_in<G: Engine>(style: Style) -> Budget {
    let budget = style.budget();
    Budget {
        nodes: (budget.nodes * 100 / G::NODE_COST.max(1)).max(1),
        ..budget
    }
}
