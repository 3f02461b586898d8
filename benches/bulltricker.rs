//! Bulltricker benchmarks: perft nodes per second from the initial position and from a
//! middle-game position, and how many move messages a second the referee reads and judges.
//!
//! Run with `cargo bench --bench bulltricker` (add `-- --quick` to skip perft 5). The
//! figures go to docs/benchmarks.md. Run by `cargo test --all-targets`, it only checks
//! perft 3 and prints no figures.

use std::hint::black_box;
use std::time::{Duration, Instant};

use arbitre::games::bulltricker::Position;
use arbitre::games::{Game, GameOptions};

/// The position after 1. e.h2 e.h4 d.h7 d.h5 2. v5.2 e.h3 v4.6 v4.5 3. c.h2 c.h3 e.h7 e.h6.
const OPENING: &str = "W: Kd1 Qv1.1 Qv2.1 Qv3.1 Qv4.1 Qv5.1 Qv6.1 Qv7.1 Qv8.1 Pa.h2 Pb.h2 \
    Pd.h2 Pf.h2 Pg.h2 Pv1.2 Pv2.2 Pv3.2 Pv4.2 Pv6.2 Pv7.2 Pv8.2 Pc.h3 Pe.h3 Pe.h4; B: Kd7 \
    Qv1.7 Qv2.7 Qv3.7 Qv4.7 Qv5.7 Qv6.7 Qv7.7 Qv8.7 Pd.h5 Pv4.5 Pe.h6 Pv1.6 Pv2.6 Pv3.6 Pv5.6 \
    Pv6.6 Pv7.6 Pv8.6 Pa.h7 Pb.h7 Pc.h7 Pf.h7 Pg.h7; w";

fn position(text: &str) -> Position {
    let options = GameOptions::parse(Position::option_specs(), "").expect("default options");
    Position::from_position(text, None, &options).expect("valid position")
}

/// Runs `f` at least once and for at least `min`, returning the best time of one run.
fn best_of(min: Duration, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut result = 0;
    while start.elapsed() < min || best == Duration::MAX {
        let t = Instant::now();
        result = black_box(f());
        best = best.min(t.elapsed());
    }
    (result, best)
}

fn perft_line(name: &str, pos: &Position, depth: u32) {
    let min = if depth >= 5 {
        Duration::ZERO
    } else {
        Duration::from_secs(2)
    };
    let (nodes, time) = best_of(min, || pos.perft(depth));
    println!(
        "perft {name} depth {depth}: {nodes} nodes in {:.3} s = {:.1} M nodes/s",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64() / 1e6
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this file without it,
    // as a quick smoke test.
    let args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--bench") {
        let initial = position(Position::variants()[0].position);
        assert_eq!(initial.perft(3), 133_547);
        println!("smoke test only: run `cargo bench --bench bulltricker` for the figures");
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let initial = position(Position::variants()[0].position);
    let opening = position(OPENING);
    for depth in 3..=4 {
        perft_line("initial", &initial, depth);
    }
    if !quick {
        perft_line("initial", &initial, 5);
    }
    perft_line("opening", &opening, 4);

    // Judging: read and resolve the canonical text of every legal move of a position.
    let texts: Vec<String> = Game::legal_moves(&opening)
        .iter()
        .map(|m| opening.write_move(m))
        .collect();
    let (judged, time) = best_of(Duration::from_secs(2), || {
        let mut n = 0;
        for _ in 0..1000 {
            for t in &texts {
                let notation = Position::read_notation(black_box(t)).expect("reads");
                opening.resolve(&notation).expect("legal");
                n += 1;
            }
        }
        n
    });
    println!(
        "judge: {judged} messages in {:.3} s = {:.0} messages/s",
        time.as_secs_f64(),
        judged as f64 / time.as_secs_f64()
    );
}
