//! The nine levels of the computer opponent: each a fixed budget, and below the top a
//! chance of playing a weaker move.
//!
//! In the standard table, levels 1 to 5 search every root move to a small depth and draw
//! the move to play among them, each weighed by `exp(-(best - score) / temperature)`: at
//! level 1 a move a piece worse than the best is still played often, at level 5 rarely.
//! The lowest levels also stray: now and then they play any move at all, the oversight of
//! a beginner, which costs as much in a game whose evaluation sees little difference
//! between its quiet moves as in one where it sees much. Levels 6 to 9 play the best move
//! they find, with more nodes each. The draw is made with a PCG generator (rand_pcg)
//! seeded by the caller, so a seed gives one move.
//!
//! A game whose neighbouring levels would not differ enough with these settings (each must
//! score 65 % against the one below, `cargo bench --bench engine`) has its own table
//! ([`super::Engine::STYLES`]).

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::search::{Budget, Thought};

/// A level of play, 1 (weakest) to 9 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level plays: what its search may do, and how it picks among the root moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Its nodes, counted in Ataxx's (each game scales them by its node cost).
    pub nodes: u64,
    /// The draw's temperature, in hundredths of the game's unit of material
    /// ([`super::Engine::UNIT`]); 0: no draw, the best move.
    pub temperature: f64,
    /// The chance, in thousandths, that the move is drawn uniformly among all the root
    /// moves instead: a beginner's oversight, as costly in every game, whatever its
    /// evaluation makes of the moves.
    pub stray: u32,
}

/// The nine levels, weakest first, as most games play them (a game may have its own:
/// [`super::Engine::STYLES`]).
pub const STANDARD: [Style; 9] = [
    Style::new(1, 10_000, 250.0, 500),
    Style::new(1, 10_000, 120.0, 150),
    Style::new(2, 50_000, 60.0, 0),
    Style::new(2, 50_000, 25.0, 0),
    Style::new(3, 200_000, 10.0, 0),
    Style::new(4, 40_000, 0.0, 0),
    Style::new(64, 150_000, 0.0, 0),
    Style::new(64, 450_000, 0.0, 0),
    Style::new(64, 1_200_000, 0.0, 0),
];

impl Style {
    /// A style of `depth` plies and `nodes` (Ataxx's), drawing at `temperature`, straying
    /// `stray` times in a thousand.
    pub const fn new(depth: u32, nodes: u64, temperature: f64, stray: u32) -> Style {
        Style {
            depth,
            nodes,
            temperature,
            stray,
        }
    }

    /// What its search may do.
    pub fn budget(self) -> Budget {
        Budget {
            depth: self.depth,
            nodes: self.nodes,
        }
    }

    /// Whether its search must score every root move (it draws among them).
    pub fn spread(self) -> bool {
        self.temperature > 0.0 || self.stray > 0
    }

    /// The move to play from `thought`: the best, or one drawn by `seed` among the root
    /// moves when the style draws, scores read in units of `unit`.
    pub fn choose<M: Clone>(self, mut thought: Thought<M>, seed: u64, unit: i32) -> Thought<M> {
        let temperature = self.temperature * f64::from(unit) / 100.0;
        if !self.spread() || thought.root.len() < 2 {
            return thought;
        }
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let chosen = if self.stray > 0 && (rng.next_u64() % 1000) < u64::from(self.stray) {
            (rng.next_u64() % thought.root.len() as u64) as usize
        } else if temperature > 0.0 {
            let best = thought.root[0].score;
            let weights: Vec<f64> = thought
                .root
                .iter()
                .map(|s| (f64::from(s.score - best) / temperature).exp())
                .collect();
            let total: f64 = weights.iter().sum();
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
            chosen
        } else {
            0
        };
        let pick = thought.root[chosen].clone();
        thought.best = pick.mv;
        thought.score = pick.score;
        thought
    }
}

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

    /// Its place in a table of nine styles (0 for level 1).
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// How it plays in the games that play the standard levels ([`STANDARD`]).
    pub fn style(self) -> Style {
        STANDARD[self.index()]
    }

    /// What its search may do, in the standard levels.
    pub fn budget(self) -> Budget {
        self.style().budget()
    }

    /// Whether its search must score every root move (it draws among them), in the
    /// standard levels.
    pub fn spread(self) -> bool {
        self.style().spread()
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::engine::search::Scored;

    /// Ten root moves, the first far the best (nine units ahead of the next).
    fn thought() -> Thought<u8> {
        let root: Vec<Scored<u8>> = (0..10u8)
            .map(|mv| Scored {
                mv,
                score: if mv == 0 { 1_000 } else { -i32::from(mv) },
            })
            .collect();
        Thought {
            best: 0,
            score: 1_000,
            depth: 1,
            nodes: 10,
            root,
        }
    }

    fn picks(style: Style) -> Vec<usize> {
        let mut count = vec![0; 10];
        for seed in 0..2_000 {
            count[usize::from(style.choose(thought(), seed, 100).best)] += 1;
        }
        count
    }

    #[test]
    fn a_style_strays_as_often_as_it_says_whatever_the_scores() {
        // No temperature, no straying: the best, always.
        assert_eq!(picks(Style::new(1, 1, 0.0, 0))[0], 2_000);
        // A low temperature alone never gives up nine units.
        assert_eq!(picks(Style::new(1, 1, 50.0, 0))[0], 2_000);
        // Straying half the time: every move, about a twentieth of the time each, and the
        // best for the rest.
        let half = picks(Style::new(1, 1, 0.0, 500));
        assert!(
            half[1..].iter().all(|&n| (60..=150).contains(&n)),
            "{half:?}"
        );
        assert!((1_000..=1_200).contains(&half[0]), "{half:?}");
        // Always straying: uniform.
        let always = picks(Style::new(1, 1, 0.0, 1_000));
        assert!(
            always.iter().all(|&n| (140..=260).contains(&n)),
            "{always:?}"
        );
    }

    /// Each level of `styles` searches at least as much as the one below, and errs less
    /// unless it searches deeper (Bulltricker's level 5 sees a ply further than level 4
    /// and strays from it a little more often).
    fn rise(styles: &[Style; 9]) {
        for pair in styles.windows(2) {
            let (low, high) = (pair[0], pair[1]);
            assert!(
                high.stray <= low.stray || high.depth > low.depth,
                "{low:?} {high:?}"
            );
            assert!(
                high.temperature <= low.temperature || low.temperature == 0.0,
                "{low:?} {high:?}"
            );
            assert!(
                high.depth >= low.depth || high.nodes > low.nodes,
                "{low:?} {high:?}"
            );
        }
        assert!(!styles[8].spread());
    }

    #[test]
    fn every_game_s_levels_search_more_and_err_less_as_they_rise() {
        use crate::games::engine::Engine;
        use crate::games::{abalone, ataxx, bulltricker, sauterelle, tours};
        rise(&STANDARD);
        rise(&ataxx::Position::STYLES);
        rise(&sauterelle::Position::STYLES);
        rise(&tours::Position::STYLES);
        rise(&abalone::Position::STYLES);
        rise(&bulltricker::Position::STYLES);
        assert!(!Level::TOP.spread());
        assert!(Level::new(1).unwrap().spread());
    }
}
