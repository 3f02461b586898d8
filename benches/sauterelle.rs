//! Sauterelle move-generation speed: perft from the start (the generic perft over the
//! position's legal moves, bulk counting at the last ply), in nodes per second. Depth 5 is
//! the rules note's figure (34,920); depths 6 to 8 were cross-checked with an independent
//! throwaway model of the rules written during development. Every count is checked.
//! Run with `cargo bench --bench sauterelle`.

use std::hint::black_box;
use std::time::Instant;

use arbitre::games::sauterelle::Position;
use arbitre::games::{Game, GameOptions};

fn main() {
    let options = GameOptions::defaults(Position::option_specs());
    let start_pos = Position::from_position("start", None, &options).expect("start");
    println!("sauterelle perft from the start");
    for (depth, expected) in [(5, 34_920), (6, 422_640), (7, 5_731_140), (8, 77_394_630)] {
        let start = Instant::now();
        let nodes = black_box(&start_pos).perft(black_box(depth));
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(nodes, expected, "depth {depth}");
        println!(
            "  depth {depth} {nodes:>12} nodes {secs:>8.3} s {:>8.2} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
}
