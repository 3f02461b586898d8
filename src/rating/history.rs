//! Ratings from the record of rated games: one pool per game kind, one Glicko-2 rating
//! period per calendar month (UTC). Every game finished in a month is rated together, each
//! player against the ratings their opponents had when the month began, as Glicko-2
//! requires; a rated player without a game in a month only sees their deviation grow.
//! Ratings are recomputed from the games, never stored, so a game adjudicated later changes
//! them the next time they are computed. Pure.

use std::collections::BTreeMap;

use super::glicko::{self, Rating, Score};

/// One rated game, as the ratings need it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The pool (the game kind's name).
    pub pool: String,
    /// One player (the White seat).
    pub white: String,
    /// The other.
    pub black: String,
    /// The result, for `white`.
    pub score: Score,
    /// When it finished (Unix seconds).
    pub finished_at: i64,
}

/// A player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    /// The rating after the last period computed.
    pub rating: Rating,
    /// Rated games played, in all periods computed.
    pub games: u32,
}

/// The rating period (month) of an instant: months since year 0, UTC.
pub fn period_of(at: i64) -> i64 {
    let date = jiff::Timestamp::from_second(at)
        .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date())
        .unwrap_or(jiff::civil::date(1970, 1, 1));
    i64::from(date.year()) * 12 + i64::from(date.month()) - 1
}

/// The ratings of every pool after the periods up to `last` (inclusive): each player's
/// rating, deviation and volatility, and their number of rated games. `entered` gives the
/// figure a player brought (from an event's entry file) for a pool, taken as their starting
/// rating with a wider deviation.
pub fn ratings(
    games: &[RatedGame],
    entered: &BTreeMap<(String, String), f64>,
    last: i64,
) -> BTreeMap<String, BTreeMap<String, PlayerRating>> {
    let mut by_pool: BTreeMap<&str, BTreeMap<i64, Vec<&RatedGame>>> = BTreeMap::new();
    for g in games {
        let period = period_of(g.finished_at);
        if period <= last {
            by_pool
                .entry(g.pool.as_str())
                .or_default()
                .entry(period)
                .or_default()
                .push(g);
        }
    }
    let mut out = BTreeMap::new();
    for (pool, periods) in by_pool {
        let mut ratings: BTreeMap<String, Rating> = BTreeMap::new();
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        let first = *periods.keys().next().expect("a pool has a period");
        for period in first..=last {
            let played = periods.get(&period).map(Vec::as_slice).unwrap_or(&[]);
            // Newcomers start from their entered figure, or as complete newcomers.
            for g in played {
                for who in [&g.white, &g.black] {
                    if !ratings.contains_key(who.as_str()) {
                        let start = entered
                            .get(&(pool.to_string(), who.clone()))
                            .map(|f| Rating::entered(*f))
                            .unwrap_or_default();
                        ratings.insert(who.clone(), start);
                    }
                    *counts.entry(who.clone()).or_default() += 1;
                }
            }
            let results: Vec<(String, String, Score)> = played
                .iter()
                .map(|g| (g.white.clone(), g.black.clone(), g.score))
                .collect();
            ratings = glicko::period(&ratings, &results, glicko::TAU);
        }
        let pool_out: BTreeMap<String, PlayerRating> = ratings
            .into_iter()
            .map(|(who, rating)| {
                let games = counts.get(&who).copied().unwrap_or(0);
                (who, PlayerRating { rating, games })
            })
            .collect();
        out.insert(pool.to_string(), pool_out);
    }
    out
}

/// What ratings are worked out from, as the store keeps it: the rated games and the figures
/// players entered events with, by (pool, address).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RatingRecord {
    /// The rated games that count, oldest first.
    pub games: Vec<RatedGame>,
    /// The highest figure each player entered an event of the pool with.
    pub entered: BTreeMap<(String, String), f64>,
}

impl RatingRecord {
    /// Every pool's ratings after the periods up to `last` (see [`ratings`]).
    pub fn ratings(&self, last: i64) -> BTreeMap<String, BTreeMap<String, PlayerRating>> {
        ratings(&self.games, &self.entered, last)
    }

    /// Every player's rating in `pool` after the last complete month before `now`.
    pub fn pool(&self, pool: &str, now: i64) -> BTreeMap<String, Rating> {
        let games: Vec<RatedGame> = self
            .games
            .iter()
            .filter(|g| g.pool == pool)
            .cloned()
            .collect();
        if games.is_empty() {
            return BTreeMap::new();
        }
        ratings(&games, &self.entered, period_of(now) - 1)
            .remove(pool)
            .unwrap_or_default()
            .into_iter()
            .map(|(who, r)| (who, r.rating))
            .collect()
    }

    /// `address`'s ratings after the last complete month before `now`, one per pool they
    /// have played a rated game in (`address` in lower case, as stored).
    pub fn of(&self, address: &str, now: i64) -> Vec<(String, PlayerRating)> {
        if !self
            .games
            .iter()
            .any(|g| g.white.eq_ignore_ascii_case(address) || g.black.eq_ignore_ascii_case(address))
        {
            return Vec::new();
        }
        self.ratings(period_of(now) - 1)
            .into_iter()
            .filter_map(|(pool, players)| players.get(address).map(|r| (pool, *r)))
            .collect()
    }
}

/// A rating as shown: `1523 ±87`.
pub fn shown(r: &Rating) -> String {
    format!("{:.0} ±{:.0}", r.rating, r.deviation)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str, score: Score, at: &str) -> RatedGame {
        let at: jiff::Timestamp = at.parse().unwrap();
        RatedGame {
            pool: "abalone".into(),
            white: white.into(),
            black: black.into(),
            score,
            finished_at: at.as_second(),
        }
    }

    #[test]
    fn a_month_is_rated_together_and_the_next_month_decays() {
        let games = vec![
            game("a", "b", Score::Win, "2027-01-10T00:00:00Z"),
            game("a", "c", Score::Win, "2027-01-20T00:00:00Z"),
        ];
        let jan = period_of(games[0].finished_at);
        let after = ratings(&games, &BTreeMap::new(), jan);
        let pool = &after["abalone"];
        // Both of a's games are rated against 1500/350 opponents, together.
        let expected = glicko::period(
            &BTreeMap::new(),
            &[
                ("a".to_string(), "b".to_string(), Score::Win),
                ("a".to_string(), "c".to_string(), Score::Win),
            ],
            glicko::TAU,
        );
        assert_eq!(pool["a"].rating, expected["a"]);
        assert_eq!(pool["a"].games, 2);
        assert!(pool["a"].rating.rating > 1500.0 && pool["b"].rating.rating < 1500.0);
        // A month without games only widens the deviation.
        let feb = ratings(&games, &BTreeMap::new(), jan + 1);
        let a = feb["abalone"]["a"].rating;
        assert_eq!(a.rating, pool["a"].rating.rating);
        assert!(a.deviation > pool["a"].rating.deviation);
        // A game of a later month does not count before its month.
        let later = vec![game("b", "c", Score::Draw, "2027-03-01T00:00:00Z")];
        let all: Vec<RatedGame> = games.iter().cloned().chain(later).collect();
        assert_eq!(ratings(&all, &BTreeMap::new(), jan), after);
    }

    #[test]
    fn an_entered_figure_is_the_start_with_a_wider_deviation() {
        let games = vec![game("a", "b", Score::Draw, "2027-05-02T00:00:00Z")];
        let mut entered = BTreeMap::new();
        entered.insert(("abalone".to_string(), "a".to_string()), 1900.0);
        let after = ratings(&games, &entered, period_of(games[0].finished_at));
        let a = after["abalone"]["a"].rating;
        // A draw against a 1500 newcomer costs a 1900 player a little.
        assert!(a.rating < 1900.0 && a.rating > 1800.0, "{a:?}");
        assert!(a.deviation < glicko::ENTERED_DEVIATION);
        assert!(after["abalone"]["b"].rating.rating > 1500.0);
    }

    #[test]
    fn a_record_answers_by_pool_and_by_player_after_the_last_complete_month() {
        let mut other = game("a", "d", Score::Loss, "2027-01-12T00:00:00Z");
        other.pool = "ataxx".into();
        let record = RatingRecord {
            games: vec![
                game("a", "b", Score::Win, "2027-01-10T00:00:00Z"),
                other,
                // In the month of `now`: not rated yet.
                game("c", "b", Score::Win, "2027-02-03T00:00:00Z"),
            ],
            entered: BTreeMap::new(),
        };
        let now: jiff::Timestamp = "2027-02-15T00:00:00Z".parse().unwrap();
        let now = now.as_second();
        let all = record.ratings(period_of(now) - 1);
        let pool = record.pool("abalone", now);
        assert_eq!(pool.len(), 2, "{pool:?}");
        assert_eq!(pool["a"], all["abalone"]["a"].rating);
        assert!(!pool.contains_key("c"), "February is not over");
        let a = record.of("a", now);
        assert_eq!(
            a.iter()
                .map(|(p, r)| (p.as_str(), r.games))
                .collect::<Vec<_>>(),
            vec![("abalone", 1), ("ataxx", 1)]
        );
        assert!(record.of("nobody", now).is_empty());
        assert!(record.pool("tours", now).is_empty());
    }
}
