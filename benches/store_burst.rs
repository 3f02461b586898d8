//! The 1,000-move burst drained on each store, side by side in one run: one daemon on
//! SQLite, one daemon on PostgreSQL, two daemons on PostgreSQL sharing the mailbox and the
//! store. For each: the time from the start of the daemons (every move already waiting in
//! the mailbox) until every move is committed and the outbox is empty, and moves per
//! second. Checks that each game holds its moves once and in order.
//!
//! Needs the mail servers and the test PostgreSQL server (`bash scripts/mail-servers.sh
//! start; bash scripts/postgres.sh start`, as root). Run: `cargo bench --bench store_burst`
//! (`ARBITRE_BENCH_GAMES`, default 100, and `ARBITRE_BENCH_PLIES`, default 10). Under
//! `cargo test` it does nothing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use arbitre::store::Location;
use common::bench::env_number;
use common::games::{self, Games};
use common::{Daemon, MailEnv};

/// One daemon or two on `location`: the seconds to drain `games × plies` waiting moves.
async fn drain(
    env: &MailEnv,
    name: &str,
    location: &Location,
    daemons: usize,
    games_n: usize,
    plies: usize,
) -> f64 {
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(env, games_n).await;
    let mut first = Daemon::start_on(env, &bot, name, location);
    let games = Games::create(&first, name, &players, plies);
    games
        .wait_outbox_empty(&first, Duration::from_secs(300))
        .await;
    first.kill9();
    games.append_moves(env, 0..plies).await;
    let store = first.store();
    let before = store.processed_count().unwrap();
    let total = (games.len() * plies) as u64;
    let start = Instant::now();
    first.spawn();
    let mut second = (daemons == 2).then(|| first.beside(&format!("{name}-b")));
    let deadline = Instant::now() + Duration::from_secs(900);
    while store.processed_count().unwrap() - before < total || store.outbox_counts().unwrap().0 > 0
    {
        assert!(Instant::now() < deadline, "{name}: not drained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seconds = start.elapsed().as_secs_f64();
    for g in 0..games.len() {
        games.assert_played(&first, g, plies);
    }
    first.kill9();
    if let Some(d) = second.as_mut() {
        d.kill9();
    }
    seconds
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "store_burst: run it with `cargo bench --bench store_burst` (needs the mail and PostgreSQL servers)"
        );
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let env = MailEnv::load().expect("start the servers: bash scripts/mail-servers.sh start");
        let server = arbitre::store::testing::server()
            .expect("start PostgreSQL: bash scripts/postgres.sh start");
        let games_n = env_number("ARBITRE_BENCH_GAMES", 100);
        let plies = env_number("ARBITRE_BENCH_PLIES", 10);
        let total = (games_n * plies) as f64;
        let dir = std::env::temp_dir().join(format!("arbitre-bench-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let runs = [
            (
                "one daemon, SQLite",
                "burst-sqlite",
                Location::Sqlite(dir.join("burst.sqlite")),
                1,
            ),
            (
                "one daemon, PostgreSQL",
                "burst-pg1",
                server.fresh("bench_pg1"),
                1,
            ),
            (
                "two daemons, PostgreSQL",
                "burst-pg2",
                server.fresh("bench_pg2"),
                2,
            ),
        ];
        println!(
            "machine: {} cores; {total} moves ({games_n} games of {plies}) waiting in the mailbox",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
        let mut rows = Vec::new();
        for (label, name, location, daemons) in &runs {
            let seconds = drain(&env, name, location, *daemons, games_n, plies).await;
            println!(
                "{label}: drained in {seconds:.1} s, {:.1} moves/s",
                total / seconds
            );
            rows.push((label, seconds));
        }
        println!("\n| store | drain | moves/s |\n|---|---|---|");
        for (label, seconds) in rows {
            println!("| {label} | {seconds:.1} s | {:.1} |", total / seconds);
        }
        std::fs::remove_dir_all(&dir).ok();
    });
}
