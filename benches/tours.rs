//! Benchmark of La Bataille des Tours: perft nodes per second from the start and from a
//! middle-game position with stacks, and how many action texts per second the referee
//! reads and judges.
//!
//! Run with `cargo bench --bench tours`; the figures go in docs/benchmarks.md.

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbitre::games::tours::Position;
use arbitre::games::{Game, GameOptions};

const START: &str = "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w";
/// A middle game with stacks of two and three pieces on both sides.
const MIDDLE: &str = "r1r1rs1s/s(rr)1r1r2/2s1(rs)3/1s6/3(RR)4/2S1(RRS)2S/R1S1R3/S2R1S1R w";

/// Runs `f` until at least `budget` has passed (and at least `min_runs` times) and returns
/// the best time of one run.
fn best_of(budget: Duration, min_runs: u32, mut f: impl FnMut()) -> Duration {
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < min_runs || started.elapsed() < budget {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

/// How long each figure is measured: seconds under `cargo bench`, one run under `cargo
/// test` (which runs the bench as a smoke test, without `--bench`).
fn budget(seconds: u64) -> (Duration, u32) {
    if std::env::args().any(|a| a == "--bench") {
        (Duration::from_secs(seconds), 3)
    } else {
        (Duration::ZERO, 1)
    }
}

fn perft_line(name: &str, pos: &Position, depth: u32) {
    let mut nodes = 0;
    let (time, runs) = budget(3);
    let time = best_of(time, runs, || {
        nodes = black_box(pos).perft(depth);
    });
    let rate = nodes as f64 / time.as_secs_f64();
    println!(
        "perft {name:<7} depth {depth}: {nodes:>11} nodes  {:>9.3} s  {:>7.2} M nodes/s",
        time.as_secs_f64(),
        rate / 1e6
    );
}

fn main() {
    let options = GameOptions::defaults(Position::option_specs());
    let start = Position::from_position(START, None, &options).expect("start");
    let middle = Position::from_position(MIDDLE, None, &options).expect("middle");
    // Never time a broken generator: the spec's derived figures first.
    for (depth, nodes) in [(1, 36), (2, 1_296), (3, 53_892)] {
        assert_eq!(start.perft(depth), nodes, "perft {depth} from the start");
    }
    println!("La Bataille des Tours (cargo bench --bench tours)");
    for depth in 1..=5 {
        perft_line("start", &start, depth);
    }
    println!(
        "middle position: {} legal actions",
        middle.legal_moves().len()
    );
    for depth in 1..=4 {
        perft_line("middle", &middle, depth);
    }

    // Reading and judging every legal action's text, as the referee does for a message.
    let texts: Vec<String> = middle
        .legal_moves()
        .iter()
        .map(|m| middle.write_move(m))
        .collect();
    let (time, runs) = budget(2);
    let time = best_of(time, runs, || {
        for t in &texts {
            let n = Position::read_notation(black_box(t)).expect("reads");
            black_box(middle.resolve(&n).expect("legal"));
        }
    });
    println!(
        "judge middle: {} texts in {:.1} µs, {:.2} µs per text",
        texts.len(),
        time.as_secs_f64() * 1e6,
        time.as_secs_f64() * 1e6 / texts.len() as f64
    );
}
