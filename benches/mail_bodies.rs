//! What the worst mail bodies cost to read: each hostile mail of `tests/common/bodies.rs`
//! (as large as the default `max-message-bytes` allows) is read by the mail edge
//! (`mail::parse`: mail-parser, HTML to text, `mail::body`) and by the referee's readers of
//! a text (candidate lines, every body line, the moves, the words written with a move),
//! many times each; the median and 95th percentile of each, in milliseconds.
//!
//! Run: `cargo bench --bench mail_bodies` (`ARBITRE_BENCH_REPEAT=N` for another number of
//! readings per mail). Without cargo's `--bench` argument (as under
//! `cargo test --all-targets`) it is a smoke test: each mail read twice.

#[path = "../tests/common/bench.rs"]
mod bench;
#[path = "../tests/common/bodies.rs"]
mod bodies;

use std::time::Instant;

use arbitre::games::GameKind;
use arbitre::mail::parse::parse;
use arbitre::referee::{chat, command, read};

const BOT: &str = "arbitre@bench.example";

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let repeat = bench::env_number("ARBITRE_BENCH_REPEAT", if bench_mode { 30 } else { 2 });
    let mails = bodies::worst_mails(
        "alice@a.example",
        BOT,
        "Re: [arbitre #1] Abalone",
        bodies::MAX_MESSAGE_BYTES,
    );
    println!(
        "hostile bodies of at most {} bytes: each read {repeat} times (edge = mail::parse; \
         referee = candidates, body lines, moves, words after the move)",
        bodies::MAX_MESSAGE_BYTES
    );
    let reads = |t: &str| command::kind_reads(GameKind::Abalone, t);
    for mail in &mails {
        let mut edge_ms = Vec::new();
        let mut referee_ms = Vec::new();
        for _ in 0..repeat {
            let at = Instant::now();
            let m = parse(mail.raw.as_bytes(), BOT, 0);
            edge_ms.push(at.elapsed().as_secs_f64() * 1000.0);
            let at = Instant::now();
            let candidates = read::candidates(&m);
            let lines = read::body_lines(&m).count();
            let moves = read::moves_in(&candidates, &reads);
            let said = chat::words_after(&m.text, "a1b2", &reads);
            std::hint::black_box((lines, moves, said));
            referee_ms.push(at.elapsed().as_secs_f64() * 1000.0);
        }
        bench::stats(
            &format!("{} ({} bytes), edge", mail.name, mail.raw.len()),
            edge_ms,
        );
        bench::stats(&format!("{}, referee", mail.name), referee_ms);
    }
}
