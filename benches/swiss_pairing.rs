//! What pairing a large Swiss round costs (FIDE Dutch system): a generated event of 1,000
//! players and 9 rounds (ratings falling with the pairing number; each game drawn one time
//! in four, else won by the higher rated player with a probability that grows with the
//! rating gap; a fixed seed), its rounds 2 to 9 each paired from the rounds before them,
//! several times; the median time of each round and over all of them.
//!
//! Run: `cargo bench --bench swiss_pairing` (`ARBITRE_BENCH_PLAYERS=N` for another number of
//! players, `ARBITRE_BENCH_ROUNDS=N` for another number of rounds, `ARBITRE_BENCH_REPEAT=N`
//! for another number of pairings per round). Without cargo's `--bench` argument (as under
//! `cargo test --all-targets`) it is a smoke test: 100 players, 5 rounds, each paired once.

#[path = "../tests/common/bench.rs"]
mod bench;

use std::collections::BTreeSet;
use std::time::Instant;

use arbitre::tournament::dutch::{self, Round};
use arbitre::tournament::record::{
    ByeKind, Colour, Entrant, GameResult, PointSystem, RoundEntry, Table,
};

/// A small deterministic generator (xorshift64), so that every run measures the same event.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The results of a round's boards, drawn by rating.
fn play(table: &mut Table, pairing: &dutch::Pairing, rng: &mut Rng) {
    let mut entries = vec![None; table.entrants.len()];
    for board in &pairing.boards {
        let (w, b) = (board.white as usize - 1, board.black as usize - 1);
        let gap = i64::from(table.entrants[w].rating.unwrap_or(0))
            - i64::from(table.entrants[b].rating.unwrap_or(0));
        let favourite_wins = 50 + (gap.abs() / 20).min(45) as u64;
        let white = if rng.below(4) == 0 {
            GameResult::Draw
        } else if (rng.below(100) < favourite_wins) == (gap >= 0) {
            GameResult::Win
        } else {
            GameResult::Loss
        };
        entries[w] = Some(RoundEntry::Played {
            opponent: board.black,
            colour: Colour::White,
            result: white,
        });
        entries[b] = Some(RoundEntry::Played {
            opponent: board.white,
            colour: Colour::Black,
            result: white.reversed(),
        });
    }
    if let Some(bye) = pairing.bye {
        entries[bye as usize - 1] = Some(RoundEntry::Bye(ByeKind::PairingAllocated));
    }
    for (entrant, entry) in table.entrants.iter_mut().zip(entries) {
        entrant
            .rounds
            .push(entry.expect("every player is paired or has the bye"));
    }
}

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let players = bench::env_number("ARBITRE_BENCH_PLAYERS", if bench { 1_000 } else { 100 });
    let repeat = bench::env_number("ARBITRE_BENCH_REPEAT", if bench { 3 } else { 1 }).max(1);
    let rounds = bench::env_number("ARBITRE_BENCH_ROUNDS", if bench { 9 } else { 5 }).max(2);
    let mut table = Table {
        entrants: (0..players)
            .map(|i| Entrant {
                tpn: i as u32 + 1,
                name: format!("Player {}", i + 1),
                rating: Some(2700 - (1500 * i / players) as u32),
                rounds: Vec::new(),
            })
            .collect(),
        points: PointSystem::default(),
    };
    let mut rng = Rng(0x5eed_0f5a_1e20_2026);
    let mut all = Vec::new();
    println!("swiss_pairing: {players} players, rounds 2-{rounds} each paired {repeat} time(s)");
    for round in 1..=rounds {
        let input = Round {
            table: &table,
            played: round - 1,
            total_rounds: rounds,
            initial_colour: Colour::White,
            absent: BTreeSet::new(),
            forbidden: Vec::new(),
        };
        let mut pairing = None;
        let mut times = Vec::new();
        for _ in 0..if round == 1 { 1 } else { repeat } {
            let start = Instant::now();
            let p = dutch::pair(&input).expect("the round can be paired");
            times.push(start.elapsed().as_secs_f64() * 1e3);
            if let Some(previous) = &pairing {
                assert_eq!(previous, &p, "the same round gives the same pairing");
            }
            pairing = Some(p);
        }
        let pairing = pairing.expect("paired");
        if round >= 2 {
            all.extend_from_slice(&times);
            bench::stats(&format!("round {round}"), times);
        }
        play(&mut table, &pairing, &mut rng);
    }
    bench::stats(&format!("rounds 2-{rounds}"), all);
}
