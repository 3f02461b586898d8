//! The computer opponent's time per move, level by level, and a short match between
//! neighbouring levels: `cargo bench --bench engine [-- GAMES]` (GAMES per pair, default 20,
//! sides alternated, each pair of games from one opening of four random plies).
//!
//! Ataxx only for now: the other games have no engine yet. The figures go in
//! docs/benchmarks.md; the ladder of issue 34 (200 games a pair) is this run with
//! `-- 200`.

use std::time::{Duration, Instant};

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use arbitre::games::ataxx::Position;
use arbitre::games::engine::{Level, think};
use arbitre::games::{Game, GameOptions, Outcome, Side};

/// The openings: the standard start after `plies` moves drawn by `seed`.
fn opening(seed: u64, plies: usize) -> Position {
    let options = GameOptions::defaults(Position::option_specs());
    let mut p = Position::from_position("x5o/7/7/7/7/7/o5x x 0 1", None, &options).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        p.apply(&m);
    }
    p
}

/// Plays one game; returns the winner, if any, and the time of each move by level.
fn play(
    start: &Position,
    black: Level,
    white: Level,
    seed: u64,
    times: &mut [Vec<Duration>; 9],
) -> Option<Side> {
    let mut p = start.clone();
    let mut ply = 0u64;
    while p.outcome() == Outcome::Ongoing && ply < 400 {
        let level = match p.side_to_move() {
            Side::Black => black,
            Side::White => white,
        };
        let t0 = Instant::now();
        let thought = think(&p, level, seed ^ (ply << 32)).expect("the game goes on");
        times[usize::from(level.number() - 1)].push(t0.elapsed());
        p.apply(&thought.best);
        ply += 1;
    }
    match p.outcome() {
        Outcome::Won { winner, .. } => Some(winner),
        _ => None,
    }
}

fn main() {
    // `cargo test` runs this without `--bench`, as a smoke test: two games a pair of the
    // three lowest levels.
    let full = std::env::args().any(|a| a == "--bench");
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(if full { 20 } else { 2 });
    let mut times: [Vec<Duration>; 9] = Default::default();
    println!("Ataxx, neighbouring levels, {games} games a pair (sides alternated):");
    let levels: Vec<Level> = Level::all().take(if full { 9 } else { 3 }).collect();
    for pair in levels.windows(2) {
        let (low, high) = (pair[0], pair[1]);
        let mut score = 0.0;
        for g in 0..games {
            let start = opening(g / 2, 4);
            let high_black = g % 2 == 0;
            let (black, white) = if high_black { (high, low) } else { (low, high) };
            let high_side = if high_black { Side::Black } else { Side::White };
            score += match play(&start, black, white, g, &mut times) {
                Some(w) if w == high_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        println!(
            "  level {high} against level {low}: {score} / {games} ({:.0} %)",
            100.0 * score / games as f64
        );
    }
    println!("Time per move (this build, this machine):");
    for (i, t) in times.iter().enumerate() {
        if t.is_empty() {
            continue;
        }
        let total: Duration = t.iter().sum();
        let worst = t.iter().max().copied().unwrap_or_default();
        println!(
            "  level {}: {} moves, mean {:.1} ms, worst {:.1} ms",
            i + 1,
            t.len(),
            total.as_secs_f64() * 1000.0 / t.len() as f64,
            worst.as_secs_f64() * 1000.0
        );
    }
}
