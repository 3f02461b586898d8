//! Knock-out events by mini-matches: two games with colours swapped, the winner of the
//! mini-match goes on. Players are seeded by rating into a bracket whose size is the next
//! power of two (the top seeds meet the missing places, i.e. get a bye), placed so that the
//! two top seeds can only meet in the final. A tied mini-match is decided by the rule the
//! event's conditions name: another pair of games, or the higher seed. Pure.

use super::record::{GameResult, Tpn};

/// How a tied mini-match is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieRule {
    /// Play another pair of games (colours swapped again), as often as needed.
    Replay,
    /// The higher seed goes on.
    HigherSeed,
}

/// One mini-match of a round: the higher seed and the lower one (none for a bye).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tie {
    /// The higher-seeded player (the seed order's earlier one).
    pub higher: Tpn,
    /// The other player; `None` when `higher` has a bye.
    pub lower: Option<Tpn>,
}

/// Where a mini-match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieState {
    /// Games are still being played.
    Playing,
    /// Tied after every pair of games played: another pair is needed.
    NeedsAnotherPair,
    /// Decided: this player goes on.
    Won(Tpn),
}

/// The order of the seeds in a bracket of `size` places (a power of two): seed 1 and seed 2
/// in opposite halves, 1 and 4 ... so that, with results by seeding, the last four are the
/// top four.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let next = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, next + 1 - s]).collect();
    }
    order
}

/// The first round for `seeds` (players, best seed first): pairs of the bracket, a bye for
/// a place without a player.
pub fn first_round(seeds: &[Tpn]) -> Vec<Tie> {
    if seeds.is_empty() {
        return Vec::new();
    }
    let size = seeds.len().next_power_of_two().max(2);
    let order = bracket_order(size);
    order
        .chunks(2)
        .map(|pair| {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            Tie {
                higher: seeds[a - 1],
                lower: seeds.get(b - 1).copied(),
            }
        })
        .collect()
}

/// The next round from the winners of the previous one, in bracket order (the winner of
/// tie 1 meets the winner of tie 2, ...). `seed_of` gives each player's seed (1 = best).
pub fn next_round(winners: &[Tpn], seed_of: impl Fn(Tpn) -> usize) -> Vec<Tie> {
    winners
        .chunks(2)
        .map(|pair| match pair {
            [a, b] => {
                let (higher, lower) = if seed_of(*a) <= seed_of(*b) {
                    (*a, *b)
                } else {
                    (*b, *a)
                };
                Tie {
                    higher,
                    lower: Some(lower),
                }
            }
            [a] => Tie {
                higher: *a,
                lower: None,
            },
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// The colours of game `index` (0-based) of a mini-match: the higher seed has the first
/// move in even games, the lower seed in odd ones. Returns (first mover, second).
pub fn game_colours(tie: &Tie, index: usize) -> Option<(Tpn, Tpn)> {
    let lower = tie.lower?;
    Some(if index.is_multiple_of(2) {
        (tie.higher, lower)
    } else {
        (lower, tie.higher)
    })
}

/// Where a mini-match stands, from its games' results seen from the higher seed (`None`
/// for a game not finished yet), in the order they were played.
pub fn state(tie: &Tie, results: &[Option<GameResult>], rule: TieRule) -> TieState {
    let Some(lower) = tie.lower else {
        return TieState::Won(tie.higher);
    };
    let pairs_started = results.len().div_ceil(2).max(1);
    let expected = pairs_started * 2;
    if results.len() < expected || results.iter().any(Option::is_none) {
        return TieState::Playing;
    }
    let score: i32 = results
        .iter()
        .flatten()
        .map(|r| match r {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        })
        .sum();
    let half = results.len() as i32;
    if score > half {
        TieState::Won(tie.higher)
    } else if score < half {
        TieState::Won(lower)
    } else {
        match rule {
            TieRule::Replay => TieState::NeedsAnotherPair,
            TieRule::HigherSeed => TieState::Won(tie.higher),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bracket_keeps_the_top_seeds_apart() {
        assert_eq!(bracket_order(2), vec![1, 2]);
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    }

    #[test]
    fn missing_places_are_byes_for_the_top_seeds() {
        let ties = first_round(&[11, 12, 13, 14, 15, 16]);
        assert_eq!(
            ties[0],
            Tie {
                higher: 11,
                lower: None
            }
        );
        assert_eq!(
            ties[1],
            Tie {
                higher: 14,
                lower: Some(15)
            }
        );
        assert_eq!(
            ties[2],
            Tie {
                higher: 12,
                lower: None
            }
        );
        assert_eq!(
            ties[3],
            Tie {
                higher: 13,
                lower: Some(16)
            }
        );
    }

    #[test]
    fn a_mini_match_is_two_games_with_colours_swapped() {
        let tie = Tie {
            higher: 1,
            lower: Some(2),
        };
        assert_eq!(game_colours(&tie, 0), Some((1, 2)));
        assert_eq!(game_colours(&tie, 1), Some((2, 1)));
        use GameResult::*;
        assert_eq!(
            state(&tie, &[Some(Win)], TieRule::Replay),
            TieState::Playing
        );
        assert_eq!(
            state(&tie, &[Some(Win), None], TieRule::Replay),
            TieState::Playing
        );
        assert_eq!(
            state(&tie, &[Some(Win), Some(Draw)], TieRule::Replay),
            TieState::Won(1)
        );
        assert_eq!(
            state(&tie, &[Some(Loss), Some(Draw)], TieRule::Replay),
            TieState::Won(2)
        );
        assert_eq!(
            state(&tie, &[Some(Win), Some(Loss)], TieRule::Replay),
            TieState::NeedsAnotherPair
        );
        assert_eq!(
            state(&tie, &[Some(Win), Some(Loss)], TieRule::HigherSeed),
            TieState::Won(1)
        );
        assert_eq!(
            state(
                &tie,
                &[Some(Win), Some(Loss), Some(Draw), Some(Loss)],
                TieRule::Replay
            ),
            TieState::Won(2)
        );
        assert_eq!(
            state(&tie, &[Some(Win), Some(Loss), Some(Draw)], TieRule::Replay),
            TieState::Playing
        );
    }

    #[test]
    fn winners_meet_in_bracket_order_higher_seed_first() {
        let seed = |t: Tpn| t as usize;
        let ties = next_round(&[5, 2, 3, 4], seed);
        assert_eq!(
            ties[0],
            Tie {
                higher: 2,
                lower: Some(5)
            }
        );
        assert_eq!(
            ties[1],
            Tie {
                higher: 3,
                lower: Some(4)
            }
        );
    }
}
