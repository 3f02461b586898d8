//! The round-robin schedule ([`arbitre::tournament::berger`]) against the Berger tables as
//! published (FIDE Handbook C.05, Annex 1), transcribed in `tests/data/berger/` (see the README
//! there for the sources), and its properties for sizes the tables do not reach.

use std::collections::{BTreeMap, BTreeSet};

use arbitre::tournament::berger::{self, BergerError, Game, MAX_PLAYERS, Round};
use arbitre::tournament::record::{Colour, Tpn};

/// A published table: for each round, the games `(white, black)` in board order.
type Table = Vec<Vec<(Tpn, Tpn)>>;

/// The published table for `size` (even) numbers, read from `tests/data/berger/{size}.txt`.
fn published(size: u32) -> Table {
    let path = format!(
        "{}/tests/data/berger/{size}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            line.split_whitespace()
                .map(|game| {
                    let (white, black) = game
                        .split_once('-')
                        .unwrap_or_else(|| panic!("{path}: bad game {game:?}"));
                    (white.parse().unwrap(), black.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// A round of a published table as the schedule of `players` players must give it: with an
/// odd number the game against the highest number becomes that opponent's bye.
fn expected_round(row: &[(Tpn, Tpn)], players: u32, size: u32) -> Round {
    let mut games = Vec::new();
    let mut bye = None;
    for &(white, black) in row {
        if players < size && (white == size || black == size) {
            bye = Some(if white == size { black } else { white });
        } else {
            games.push(Game { white, black });
        }
    }
    Round { games, bye }
}

fn reversed(round: &Round) -> Round {
    Round {
        games: round
            .games
            .iter()
            .map(|g| Game {
                white: g.black,
                black: g.white,
            })
            .collect(),
        bye: round.bye,
    }
}

#[test]
fn the_transcribed_tables_are_round_robins() {
    // A check of the transcription itself, independent of the generator.
    for size in (4..=16).step_by(2) {
        let table = published(size);
        assert_eq!(table.len(), size as usize - 1, "{size}: rounds");
        let mut met = BTreeSet::new();
        for (r, row) in table.iter().enumerate() {
            assert_eq!(row.len(), size as usize / 2, "{size}: round {}", r + 1);
            let mut seen = BTreeSet::new();
            for &(white, black) in row {
                assert!((1..=size).contains(&white) && (1..=size).contains(&black));
                assert!(
                    seen.insert(white) && seen.insert(black),
                    "{size} r{}",
                    r + 1
                );
                assert!(met.insert((white.min(black), white.max(black))));
            }
        }
        assert_eq!(met.len(), (size * (size - 1) / 2) as usize);
    }
}

#[test]
fn single_equals_the_published_tables() {
    for players in 3..=16 {
        let size = players + players % 2;
        let table = published(size);
        let schedule = berger::single(players).unwrap();
        assert_eq!(schedule.len(), table.len(), "{players} players: rounds");
        for (r, (round, row)) in schedule.iter().zip(&table).enumerate() {
            assert_eq!(
                *round,
                expected_round(row, players, size),
                "{players} players, round {}",
                r + 1
            );
        }
    }
}

#[test]
fn double_exchanges_the_last_two_rounds_of_the_first_cycle_only() {
    // Against the published tables: first cycle = rounds 1 .. n-3, n-1, n-2; second cycle =
    // rounds 1 .. n-1 in the published order, colours reversed.
    for players in 3..=16 {
        let size = players + players % 2;
        let table = published(size);
        let len = table.len();
        let mut order: Vec<usize> = (0..len).collect();
        order.swap(len - 2, len - 1);
        let mut expected: Vec<Round> = order
            .iter()
            .map(|&i| expected_round(&table[i], players, size))
            .collect();
        expected.extend(
            table
                .iter()
                .map(|row| reversed(&expected_round(row, players, size))),
        );
        assert_eq!(
            berger::double(players).unwrap(),
            expected,
            "{players} players"
        );
    }
}

#[test]
fn double_is_built_from_single() {
    for players in 2..=40 {
        let single = berger::single(players).unwrap();
        let double = berger::double(players).unwrap();
        let len = single.len();
        assert_eq!(double.len(), 2 * len);
        let mut first = single.clone();
        if len >= 2 {
            first.swap(len - 2, len - 1);
        }
        assert_eq!(double[..len], first[..], "{players}: first cycle");
        let second: Vec<Round> = single.iter().map(reversed).collect();
        assert_eq!(double[len..], second[..], "{players}: second cycle");
    }
}

/// Each player's colours, game after game (byes skipped).
fn colour_runs(rounds: &[Round], players: u32) -> BTreeMap<Tpn, Vec<Colour>> {
    let mut runs: BTreeMap<Tpn, Vec<Colour>> = (1..=players).map(|p| (p, Vec::new())).collect();
    for round in rounds {
        for game in &round.games {
            runs.get_mut(&game.white).unwrap().push(Colour::White);
            runs.get_mut(&game.black).unwrap().push(Colour::Black);
        }
    }
    runs
}

fn three_running(colours: &[Colour]) -> bool {
    colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2])
}

#[test]
fn the_exchange_prevents_three_games_running_with_one_colour() {
    for players in 2..=40 {
        let double = berger::double(players).unwrap();
        for (player, colours) in colour_runs(&double, players) {
            assert!(
                !three_running(&colours),
                "{players} players: {player} {colours:?}"
            );
        }
        // Without the exchange, for an even number from 4, players 1 and n/2 + 1 would have
        // three running where the cycles meet: the reason for the published advice.
        let single = berger::single(players).unwrap();
        let plain: Vec<Round> = single
            .iter()
            .cloned()
            .chain(single.iter().map(reversed))
            .collect();
        let hit: Vec<Tpn> = colour_runs(&plain, players)
            .into_iter()
            .filter(|(_, c)| three_running(c))
            .map(|(p, _)| p)
            .collect();
        let expected = if players % 2 == 0 && players >= 4 {
            vec![1, players / 2 + 1]
        } else {
            vec![]
        };
        assert_eq!(hit, expected, "{players} players without the exchange");
    }
}

/// The properties of one cycle of `players` players.
fn check_cycle(rounds: &[Round], players: u32, what: &str) {
    let odd = players % 2 == 1;
    let expected_rounds = if odd { players } else { players - 1 };
    assert_eq!(rounds.len(), expected_rounds as usize, "{what}: rounds");
    let mut met = BTreeSet::new();
    let mut byes: BTreeMap<Tpn, u32> = BTreeMap::new();
    for (r, round) in rounds.iter().enumerate() {
        let here = format!("{what}, round {}", r + 1);
        assert_eq!(round.games.len(), (players / 2) as usize, "{here}: games");
        let mut seen = BTreeSet::new();
        for game in &round.games {
            for p in [game.white, game.black] {
                assert!((1..=players).contains(&p), "{here}: {p} out of range");
                assert!(seen.insert(p), "{here}: {p} plays twice");
            }
            assert_eq!(round.colour_of(game.white), Some(Colour::White));
            assert_eq!(round.colour_of(game.black), Some(Colour::Black));
            let pair = (game.white.min(game.black), game.white.max(game.black));
            assert!(met.insert(pair), "{here}: {pair:?} meet again");
        }
        match round.bye {
            Some(p) => {
                assert!(odd, "{here}: a bye with an even number");
                assert!(
                    (1..=players).contains(&p) && !seen.contains(&p),
                    "{here}: bye {p}"
                );
                assert_eq!(round.colour_of(p), None);
                *byes.entry(p).or_default() += 1;
            }
            None => assert!(!odd, "{here}: no bye with an odd number"),
        }
    }
    assert_eq!(
        met.len(),
        (players * (players - 1) / 2) as usize,
        "{what}: everyone meets everyone"
    );
    if odd {
        assert!(
            (1..=players).all(|p| byes.get(&p) == Some(&1)),
            "{what}: one bye each: {byes:?}"
        );
    }
    for (player, colours) in colour_runs(rounds, players) {
        let whites = colours.iter().filter(|c| **c == Colour::White).count();
        let blacks = colours.len() - whites;
        assert_eq!(
            colours.len(),
            players as usize - 1,
            "{what}: {player} games"
        );
        // n − 1 games: one colour more for an even number; with an odd number (an even
        // number of games) the tables give exactly as many Whites as Blacks.
        let allowed = if odd { 0 } else { 1 };
        assert!(
            whites.abs_diff(blacks) <= allowed,
            "{what}: {player} has {whites} W and {blacks} B"
        );
    }
}

#[test]
fn properties_of_single_and_double() {
    for players in 2..=40 {
        let single = berger::single(players).unwrap();
        check_cycle(&single, players, &format!("single {players}"));
        let double = berger::double(players).unwrap();
        let (first, second) = double.split_at(single.len());
        check_cycle(first, players, &format!("double {players}, first cycle"));
        check_cycle(second, players, &format!("double {players}, second cycle"));
        // Each pair has each colour once over the two cycles.
        let mut games = BTreeSet::new();
        for game in double.iter().flat_map(|r| &r.games) {
            assert!(
                games.insert((game.white, game.black)),
                "{players}: {game:?} twice"
            );
        }
    }
}

#[test]
fn sizes_out_of_range_are_refused() {
    for players in [0, 1] {
        assert_eq!(
            berger::single(players),
            Err(BergerError::TooFewPlayers(players))
        );
        assert_eq!(
            berger::double(players),
            Err(BergerError::TooFewPlayers(players))
        );
    }
    assert_eq!(
        berger::single(MAX_PLAYERS + 1),
        Err(BergerError::TooManyPlayers(MAX_PLAYERS + 1))
    );
    assert_eq!(
        berger::double(u32::MAX),
        Err(BergerError::TooManyPlayers(u32::MAX))
    );
    assert_eq!(berger::single(2).unwrap().len(), 1);
    assert_eq!(berger::double(3).unwrap().len(), 6);
}

#[test]
fn the_largest_schedule_is_made() {
    let rounds = berger::single(MAX_PLAYERS).unwrap();
    assert_eq!(rounds.len(), MAX_PLAYERS as usize - 1);
    assert!(
        rounds
            .iter()
            .all(|r| r.games.len() == 500 && r.bye.is_none())
    );
    let rounds = berger::single(MAX_PLAYERS - 1).unwrap();
    assert_eq!(rounds.len(), MAX_PLAYERS as usize - 1);
    assert!(
        rounds
            .iter()
            .all(|r| r.games.len() == 499 && r.bye.is_some())
    );
}
