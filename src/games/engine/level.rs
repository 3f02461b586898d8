//! The nine levels of the computer opponent: each a fixed budget, and below the top a
//! chance of playing a weaker move.
//!
//! Levels 1 to 5 search every root move to a small depth and draw the move to play among
//! them, each weighed by `exp(-(best - score) / temperature)`: at level 1 a move a piece
//! worse than the best is still played often, at level 5 rarely. Levels 6 to 9 play the
//! best move they find, with more nodes each. The draw is made with a PCG generator
//! (rand_pcg) seeded by the caller, so a seed gives one move.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::search::{Budget, Thought};

/// A level of play, 1 (weakest) to 9 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// One level's settings: depth, nodes (Ataxx's), temperature (hundredths of the game's
/// unit of material, [`super::Engine::UNIT`]; 0: no draw).
const LEVELS: [(u32, u64, f64); 9] = [
    (1, 10_000, 250.0),
    (1, 10_000, 120.0),
    (2, 50_000, 60.0),
    (2, 50_000, 25.0),
    (3, 200_000, 10.0),
    (4, 40_000, 0.0),
    (64, 150_000, 0.0),
    (64, 450_000, 0.0),
    (64, 1_200_000, 0.0),
];

impl Level {
    /// The level players get when they name none.
    pub const DEFAULT: Level = Level(3);
    /// The strongest.
    pub const TOP: Level = Level(9);

    /// Level `n`, when it is one of 1 to 9.
    pub fn new(n: u8) -> Option<Level> {
        (1..=9).contains(&n).then_some(Level(n))
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=9).map(Level)
    }

    fn settings(self) -> (u32, u64, f64) {
        LEVELS[usize::from(self.0 - 1)]
    }

    /// What its search may do.
    pub fn budget(self) -> Budget {
        let (depth, nodes, _) = self.settings();
        Budget { depth, nodes }
    }

    /// Whether its search must score every root move (it draws among them).
    pub fn spread(self) -> bool {
        self.settings().2 > 0.0
    }

    /// The move to play from `thought`: the best, or one drawn by `seed` among the root
    /// moves at the levels that draw, scores read in units of `unit`.
    pub fn choose<M: Clone>(self, mut thought: Thought<M>, seed: u64, unit: i32) -> Thought<M> {
        let temperature = self.settings().2 * f64::from(unit) / 100.0;
        if temperature <= 0.0 || thought.root.len() < 2 {
            return thought;
        }
        let best = thought.root[0].score;
        let weights: Vec<f64> = thought
            .root
            .iter()
            .map(|s| (f64::from(s.score - best) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // 53 random bits, as a fraction of the total weight.
        let mut left = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let mut chosen = thought.root.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if left < *w {
                chosen = i;
                break;
            }
            left -= w;
        }
        let pick = thought.root[chosen].clone();
        thought.best = pick.mv;
        thought.score = pick.score;
        thought
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
