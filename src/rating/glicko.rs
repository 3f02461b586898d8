//! One rating period of Glicko-2 (Glickman, "Example of the Glicko-2 system"): every game
//! finished in the period is rated together, each player against the ratings their
//! opponents had when the period began; a player without a game in the period only sees
//! their deviation grow. The arithmetic is the `skillratings` crate's (its Glicko-2 is
//! tested against Glickman's worked example, and so is this module); arbitre decides what a
//! period holds and what a new player starts with. Pure.

use std::collections::BTreeMap;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2_rating_period};

/// A player's rating, its deviation and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (Glicko scale, 1500 for a newcomer).
    pub rating: f64,
    /// How uncertain it is (350 for a newcomer).
    pub deviation: f64,
    /// How erratic the player's results are.
    pub volatility: f64,
}

impl Default for Rating {
    /// A newcomer: 1500, 350, 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

impl Rating {
    /// A player who arrives with a rating from elsewhere (an entry file's Elo-like figure):
    /// that figure, with a deviation wide enough for a few games to correct it.
    pub fn entered(figure: f64) -> Rating {
        Rating {
            rating: figure,
            deviation: ENTERED_DEVIATION,
            ..Rating::default()
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

/// The deviation given to a rating brought from elsewhere.
pub const ENTERED_DEVIATION: f64 = 250.0;

/// The system constant Glickman's example uses, and the crate's default.
pub const TAU: f64 = 0.5;

/// A game's result for the first player named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    /// The same game seen by the other player.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// One player's period: their rating before it and their games in it (each opponent's
/// rating before the period, and the result).
pub fn rate(player: Rating, games: &[(Rating, Score)], tau: f64) -> Rating {
    let config = Glicko2Config {
        tau,
        ..Glicko2Config::default()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(r, s)| (r.glicko(), s.outcome()))
        .collect();
    if results.is_empty() {
        return Rating::from_glicko(decay_deviation(&player.glicko()));
    }
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &results, &config))
}

/// A whole period: `ratings` before it (players absent start as newcomers), and the games
/// finished in it (first player, second player, result for the first). Returns every
/// player's rating after the period: those who played are rated on all their games at
/// once, the others' deviation grows.
pub fn period<K: Ord + Clone>(
    ratings: &BTreeMap<K, Rating>,
    games: &[(K, K, Score)],
    tau: f64,
) -> BTreeMap<K, Rating> {
    let before = |k: &K| ratings.get(k).copied().unwrap_or_default();
    let mut played: BTreeMap<K, Vec<(Rating, Score)>> = BTreeMap::new();
    for (a, b, score) in games {
        played
            .entry(a.clone())
            .or_default()
            .push((before(b), *score));
        played
            .entry(b.clone())
            .or_default()
            .push((before(a), score.reversed()));
    }
    let mut after: BTreeMap<K, Rating> = ratings
        .iter()
        .map(|(k, r)| (k.clone(), rate(*r, &[], tau)))
        .collect();
    for (k, games) in &played {
        after.insert(k.clone(), rate(before(k), games, tau));
    }
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system": 1500/200/0.06 plays 1400/30 (win),
        // 1550/100 (loss) and 1700/300 (loss) with tau 0.5: 1464.05 / 151.52 / 0.05999.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = rate(
            player,
            &[
                (opponent(1400.0, 30.0), Score::Win),
                (opponent(1550.0, 100.0), Score::Loss),
                (opponent(1700.0, 300.0), Score::Loss),
            ],
            TAU,
        );
        assert!(close(after.rating, 1464.05, 0.005), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.005), "{after:?}");
        // The paper prints the volatility cut to five decimals (0.0599960 here).
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
        assert_eq!((after.volatility * 1e5).floor() / 1e5, 0.05999);
    }

    #[test]
    fn a_period_rates_every_game_against_the_ratings_before_it() {
        let mut ratings = BTreeMap::new();
        ratings.insert("a", Rating::default());
        ratings.insert("idle", Rating::entered(1800.0));
        let games = [
            ("a", "b", Score::Win),
            ("b", "c", Score::Draw),
            ("a", "c", Score::Win),
        ];
        let after = period(&ratings, &games, TAU);
        // Two wins against newcomers: up; their opponents down or level.
        assert!(after["a"].rating > 1500.0);
        assert!(after["b"].rating < 1500.0 && after["c"].rating < 1500.0);
        // The order of the games in the period changes nothing.
        let reversed: Vec<_> = games.iter().rev().copied().collect();
        assert_eq!(period(&ratings, &reversed, TAU), after);
        // A player who did not play keeps the rating, less sure of it.
        assert_eq!(after["idle"].rating, 1800.0);
        assert!(after["idle"].deviation > ENTERED_DEVIATION);
        // Each result is seen from both sides.
        assert_eq!(Score::Win.reversed(), Score::Loss);
    }
}
