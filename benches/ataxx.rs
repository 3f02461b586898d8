//! Ataxx move-generation speed: perft from the start to depths 6 and 7 (141,865,520 and
//! 5,023,479,496 nodes, the figures of the rules note 2.9) and from the other starts of 2.9
//! to depth 5, in nodes per second (leaf nodes, bulk-counted at the last ply). Run with
//! `cargo bench --bench ataxx`; every count is checked.

use std::hint::black_box;
use std::time::Instant;

use arbitre::games::ataxx::Position;
use arbitre::games::{Game, GameOptions};

fn main() {
    let options = GameOptions::defaults(Position::option_specs());
    let runs = [
        (
            "standard start, depth 6",
            "x5o/7/7/7/7/7/o5x x 0 1",
            6,
            141_865_520,
        ),
        (
            "standard start, depth 7",
            "x5o/7/7/7/7/7/o5x x 0 1",
            7,
            5_023_479_496,
        ),
        (
            "square start, depth 5",
            "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
            5,
            2_266_352,
        ),
        (
            "quincunx start, depth 5",
            "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
            5,
            2_114_588,
        ),
        (
            "cross start, depth 5",
            "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
            5,
            3_639_856,
        ),
        (
            "centre start, depth 5",
            "7/7/7/2x1o2/7/7/7 x 0 1",
            5,
            4_266_992,
        ),
    ];
    println!("ataxx perft (bulk counting at the last ply)");
    for (name, fen, depth, expected) in runs {
        let pos = Position::from_position(fen, None, &options).expect("position");
        let start = Instant::now();
        let nodes = black_box(&pos).perft(black_box(depth));
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(nodes, expected, "{name}");
        println!(
            "  {name:<26} {nodes:>12} nodes {secs:>8.3} s {:>8.1} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
}
