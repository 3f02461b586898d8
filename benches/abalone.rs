//! Abalone speed: perft nodes per second from the Standard and Belgian-daisy starts, and the
//! replay of the whole MiGs corpus (parsing included) in moves per second.
//!
//! Run with `cargo bench --bench abalone` (set `ABALONE_BENCH_QUICK=1` for depth 4 only).
//! The corpus is read from ../shared/data/abalone when present.

use std::time::Instant;

use arbitre::games::abalone::Position;
use arbitre::games::record::replay;
use arbitre::games::{Game, GameKind, GameOptions, Start};

fn perft(variant: &str, depth: u32) {
    let v = Position::variants()
        .iter()
        .find(|v| v.id == variant)
        .expect("variant");
    let pos = Position::from_position(v.position, None, &GameOptions::default()).unwrap();
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft {variant} depth {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}

fn corpus() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/abalone/migs-2016-2017.apgn"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("MiGs corpus: {path} absent, skipped");
        return;
    };
    let mut best = f64::MAX;
    let mut plies = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let records = Position::read_records(&text).unwrap();
        plies = 0;
        for record in &records {
            let r = replay(GameKind::Abalone, record, &Start::Default, None, "").unwrap();
            assert!(r.problem.is_none(), "{}: {:?}", record.label, r.problem);
            plies += r.plies;
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "MiGs corpus replay (read + replay, best of 5): {plies} moves in {best:.3} s = {:.2} M moves/s",
        plies as f64 / best / 1e6
    );
}

fn main() {
    let quick = std::env::var_os("ABALONE_BENCH_QUICK").is_some();
    let depth = if quick { 4 } else { 5 };
    perft("standard", depth);
    perft("belgian-daisy", depth);
    corpus();
}
