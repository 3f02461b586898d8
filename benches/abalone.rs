//! Abalone speed: perft nodes per second from the Standard and Belgian-daisy starts, and the
//! replay of the whole MiGs corpus (parsing included) in moves per second.
//!
//! Run with `cargo bench --bench abalone`. Without cargo's `--bench` argument (as under
//! `cargo test --all-targets`), or with `ABALONE_BENCH_QUICK=1`, it only runs a quick smoke
//! pass (perft 3, one corpus replay). The corpus is read from ../shared/data/abalone when
//! present.

use std::time::Instant;

use arbitre::games::abalone::Position;
use arbitre::games::record::replay;
use arbitre::games::{Game, GameKind, GameOptions, Start};

/// CPU time of this thread so far (Linux), to tell the work from the waiting on a shared
/// machine.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Runs `f`, returning its result, the wall time and the CPU time (wall when unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu = cpu_seconds();
    let start = Instant::now();
    let out = f();
    let wall = start.elapsed().as_secs_f64();
    let used = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    (out, wall, used)
}

fn perft(variant: &str, depth: u32) {
    let v = Position::variants()
        .iter()
        .find(|v| v.id == variant)
        .expect("variant");
    let pos = Position::from_position(v.position, None, &GameOptions::default()).unwrap();
    let (nodes, wall, cpu) = timed(|| pos.perft(depth));
    println!(
        "perft {variant} depth {depth}: {nodes} nodes in {wall:.3} s wall, {cpu:.3} s CPU = {:.1} M nodes/s (CPU)",
        nodes as f64 / cpu.max(1e-6) / 1e6
    );
}

fn corpus(rounds: usize) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/abalone/migs-2016-2017.apgn"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("MiGs corpus: {path} absent, skipped");
        return;
    };
    let (mut best_wall, mut best_cpu) = (f64::MAX, f64::MAX);
    let mut plies = 0;
    for _ in 0..rounds {
        let (count, wall, cpu) = timed(|| {
            let records = Position::read_records(&text).unwrap();
            let mut plies = 0;
            for record in &records {
                let r = replay(GameKind::Abalone, record, &Start::Default, None, "").unwrap();
                assert!(r.problem.is_none(), "{}: {:?}", record.label, r.problem);
                plies += r.plies;
            }
            plies
        });
        plies = count;
        best_wall = best_wall.min(wall);
        best_cpu = best_cpu.min(cpu);
    }
    println!(
        "MiGs corpus replay (read + replay, best of {rounds}): {plies} moves in {best_wall:.3} s wall, {best_cpu:.3} s CPU = {:.2} M moves/s (CPU)",
        plies as f64 / best_cpu.max(1e-6) / 1e6
    );
}

fn main() {
    let quick = std::env::var_os("ABALONE_BENCH_QUICK").is_some()
        || !std::env::args().any(|a| a == "--bench");
    let depth = if quick { 3 } else { 5 };
    perft("standard", depth);
    perft("belgian-daisy", depth);
    corpus(if quick { 1 } else { 5 });
}
