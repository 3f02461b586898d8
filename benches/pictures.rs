//! What a board picture costs: for each game, the position of the golden pictures'
//! list (`tests/data/pictures/cases.txt`) drawn as SVG, and the same rasterised to the PNG
//! a mail carries, many times each; the median and 95th percentile, and the PNG's size.
//! The PNG twice: as a mail's picture is made, the position drawn over the game's kept
//! board (`src/render/layers.rs`), and drawn whole (the mark between board and position
//! taken out), which is also what the first picture of a board costs.
//!
//! Run: `cargo bench --bench pictures` (`ARBITRE_BENCH_REPEAT=N` for another number of
//! drawings per picture). Without cargo's `--bench` argument (as under
//! `cargo test --all-targets`) it is a smoke test: each picture drawn twice.

#[path = "../tests/common/bench.rs"]
mod bench;

use std::time::Instant;

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::render::png;
use arbitre::text::Lang;

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let repeat = bench::env_number("ARBITRE_BENCH_REPEAT", if bench_mode { 200 } else { 2 });
    let list = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pictures/cases.txt"),
    )
    .expect("the pictures' list");
    println!("pictures: each drawn {repeat} times");
    for line in list
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, game, start, moves, _] = fields[..] else {
            panic!("{line}");
        };
        let kind = GameKind::from_name(game).expect("a game");
        let start = match start.split_once(' ') {
            Some(("variant", v)) => Start::Variant(v.to_string()),
            Some(("position", p)) => Start::Position(p.to_string()),
            _ => Start::Default,
        };
        let mut live = AnyGame::new(kind, &start, None, "").expect("a start");
        for m in moves.split(';').map(str::trim).filter(|m| !m.is_empty()) {
            live.play(m).expect("a legal move");
        }
        let mut svg_ms = Vec::new();
        let mut png_ms = Vec::new();
        let mut whole_ms = Vec::new();
        let mut size = 0;
        for _ in 0..repeat {
            let at = Instant::now();
            let svg = live.picture(Lang::EN).expect("a picture");
            svg_ms.push(at.elapsed().as_secs_f64() * 1000.0);
            let at = Instant::now();
            let bytes = png(&svg, None).expect("a png");
            png_ms.push(at.elapsed().as_secs_f64() * 1000.0);
            size = bytes.len();
            let whole = svg
                .replacen(arbitre::render::svg::POSITION, "", 1)
                .replace("</g></svg>", "</svg>");
            let at = Instant::now();
            png(&whole, None).expect("a png");
            whole_ms.push(at.elapsed().as_secs_f64() * 1000.0);
        }
        bench::stats(&format!("{name}: SVG"), svg_ms);
        bench::stats(&format!("{name}: PNG ({size} bytes)"), png_ms);
        bench::stats(&format!("{name}: PNG drawn whole"), whole_ms);
    }
}
