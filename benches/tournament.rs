//! What tournaments cost when they are large: an event of 1,000 players and 10 rounds,
//! its past made of random pairings (no pair twice, a bye for an odd count, random
//! results with draws, a few forfeits and withdrawals), then
//!
//! 1. the standings with every tie-break arbitre knows (WIN, SB, DE, BH, BH-C1, BH-M1, ARO,
//!    lots) and the crosstable text: recomputed from scratch, as arbitre does after each
//!    game;
//! 2. pairing the next Swiss round (FIDE Dutch) of that event, and of smaller ones
//!    (100, 200, 500 players), for the time it takes as the field grows.
//!
//! Run: `cargo bench --bench tournament` (`ARBITRE_BENCH_PLAYERS=N` for another size,
//! `ARBITRE_BENCH_PAIR_SIZES=100,200` for the pairing sizes). Without cargo's `--bench`
//! argument (as under `cargo test --all-targets`) it is a smoke test: 60 players.

#[path = "../tests/common/bench.rs"]
mod bench;

use std::collections::BTreeSet;
use std::time::Instant;

use arbitre::tournament::crosstable::{self, Labels, Shape};
use arbitre::tournament::dutch::{self, Round};
use arbitre::tournament::record::{
    ByeKind, Colour, Entrant, GameResult, PointSystem, RoundEntry, Table, Tpn,
};
use arbitre::tournament::tiebreak::{self, TieBreak};

use bench::Rng;

/// An event of `players` after `rounds` random rounds.
fn event(players: usize, rounds: usize, seed: u64) -> Table {
    let mut rng = Rng(seed | 1);
    let mut entrants: Vec<Entrant> = (0..players)
        .map(|i| Entrant {
            tpn: i as Tpn + 1,
            name: format!("Player {}", i + 1),
            rating: Some(2400 - (i as u32 % 1200)),
            rounds: Vec::new(),
        })
        .collect();
    let mut met: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut withdrawn: BTreeSet<usize> = BTreeSet::new();
    for round in 0..rounds {
        // A few withdraw as the event goes on.
        if round > 2 && rng.below(3) == 0 {
            withdrawn.insert(rng.below(players));
        }
        let mut present: Vec<usize> = (0..players).filter(|i| !withdrawn.contains(i)).collect();
        for i in (1..present.len()).rev() {
            let j = rng.below(i + 1);
            present.swap(i, j);
        }
        for &w in &withdrawn {
            entrants[w].rounds.push(RoundEntry::Absent);
        }
        if present.len() % 2 == 1 {
            let p = present.pop().unwrap();
            entrants[p]
                .rounds
                .push(RoundEntry::Bye(ByeKind::PairingAllocated));
        }
        // Pair neighbours, skipping a pair that already met when another is at hand.
        while let Some(a) = present.pop() {
            let k = present
                .iter()
                .rposition(|&b| !met.contains(&(a.min(b), a.max(b))))
                .unwrap_or(present.len() - 1);
            let b = present.remove(k);
            met.insert((a.min(b), a.max(b)));
            let (white, black) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            let roll = rng.below(20);
            let (w, bl) = if roll == 0 {
                (
                    RoundEntry::Forfeit {
                        opponent: black as Tpn + 1,
                        colour: Some(Colour::White),
                        won: true,
                    },
                    RoundEntry::Forfeit {
                        opponent: white as Tpn + 1,
                        colour: Some(Colour::Black),
                        won: false,
                    },
                )
            } else {
                let result = match roll % 3 {
                    0 => GameResult::Win,
                    1 => GameResult::Draw,
                    _ => GameResult::Loss,
                };
                (
                    RoundEntry::Played {
                        opponent: black as Tpn + 1,
                        colour: Colour::White,
                        result,
                    },
                    RoundEntry::Played {
                        opponent: white as Tpn + 1,
                        colour: Colour::Black,
                        result: result.reversed(),
                    },
                )
            };
            entrants[white].rounds.push(w);
            entrants[black].rounds.push(bl);
        }
    }
    Table {
        entrants,
        points: PointSystem::default(),
    }
}

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let players = bench::env_number("ARBITRE_BENCH_PLAYERS", if bench { 1000 } else { 60 });
    let runs = if bench { 20 } else { 2 };
    let table = event(players, 10, 42);
    let order = [
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::BuchholzMedian1,
        TieBreak::AverageRatingOfOpponents,
        TieBreak::Lots,
    ];
    let labels = Labels {
        rank: "#".into(),
        name: "Name".into(),
        rating: "Rating".into(),
        current: "Glicko".into(),
        points: "Pts".into(),
        round: "Round".into(),
        first: "w".into(),
        second: "b".into(),
    };
    let mut ms = Vec::new();
    let mut size = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let standings = tiebreak::standings_in(&table, tiebreak::Format::Swiss, &order, 7);
        let text = crosstable::text(
            &table,
            &standings,
            &order,
            Shape::Rounds,
            &labels,
            &Default::default(),
        );
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
        size = text.len();
        assert_eq!(standings.len(), players);
    }
    bench::stats(
        &format!("standings + crosstable, {players} players x 10 rounds ({size} bytes of text)"),
        ms,
    );

    let sizes: Vec<usize> = std::env::var("ARBITRE_BENCH_PAIR_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .unwrap_or_else(|| {
            if bench {
                vec![100, 200, 500, players]
            } else {
                vec![players]
            }
        });
    for n in sizes {
        let table = event(n, 5, 7 + n as u64);
        let round = Round {
            table: &table,
            played: 5,
            total_rounds: 11,
            initial_colour: Colour::White,
            absent: table
                .entrants
                .iter()
                .filter(|e| e.rounds.last() == Some(&RoundEntry::Absent))
                .map(|e| e.tpn)
                .collect(),
            forbidden: Vec::new(),
        };
        let pair_runs = if n >= 500 { 1 } else { runs.min(5) };
        let mut ms = Vec::new();
        for _ in 0..pair_runs {
            let start = Instant::now();
            let pairing = dutch::pair(&round).expect("a pairing");
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
            assert!(pairing.boards.len() * 2 + usize::from(pairing.bye.is_some()) >= n - 10);
        }
        bench::stats(&format!("Swiss pairing of round 6, {n} players"), ms);
    }
}
