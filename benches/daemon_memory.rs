//! Resident memory that stays flat: one daemon (this build's `arbitre run`, on SQLite) reads
//! rounds of mixed messages through the real mail servers, and its resident memory (VmRSS)
//! and peak (VmHWM) are read from `/proc` after each round, once every message of the round
//! is decided and every mail it caused has been accepted by the submission server.
//!
//! Each round of 10,000 messages: 150 new Abalone games between the same 300 players, 40
//! legal moves each by reply (6,000 moves, 12,000 mails with their pictures), and 4,000 of
//! the hostile stream (`tests/common/hostile.rs`: forged commands, broken MIME, nested
//! multiparts, automatic mail, bodies of 1 to 4 MB, headers of thousands of lines), in the
//! players' names, mixed in among the moves. Every message is appended to the mailbox over
//! IMAP, a round at a time, while the daemon reads. After the last round: every game holds
//! its 40 moves once and in order.
//!
//! What to compare: the resident memory after the first round (10,000 messages) and after
//! the last (50,000 by default). A cache keyed by sender or game, a renderer's buffers, or
//! allocator arenas that kept what large messages left would show as growth between them.
//!
//! Needs the mail servers (`bash scripts/mail-servers.sh start`). Run: `cargo bench --bench
//! daemon_memory` (`ARBITRE_BENCH_ROUNDS`, default 5; `ARBITRE_BENCH_AFTER_PROCESSING`, the
//! daemon's `[imap] after-processing`, default `move`: with `flag` the INBOX keeps every
//! message, and the rounds slow down as Dovecot works through it). The mailboxes it fills
//! take about 600 MB a round. Under `cargo test` it does nothing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::Daemon;
use common::bench::env_number;
use common::games::{self, Games};
use common::hostile::{Dice, Targets, hostile};

/// Games started in each round.
const GAMES: usize = 150;

/// Moves played in each game.
const PLIES: usize = 40;

/// Hostile messages in each round.
const HOSTILE: usize = 4_000;

fn main() {
    let Some((rt, env)) = common::MailEnv::for_bench("daemon_memory", "the mail servers") else {
        return;
    };
    rt.block_on(async {
        let rounds = env_number("ARBITRE_BENCH_ROUNDS", 5);
        let accounts = env.accounts(&["bot", "robot"]).await;
        let (bot, robot) = (&accounts[0], &accounts[1]);
        let players = games::player_accounts(&env, GAMES).await;
        // What becomes of each message once decided: "move" (to a folder) by default, as
        // docs/scale.md advises a large installation; with "flag" the INBOX holds every
        // message read, and Dovecot's work on it grows round by round.
        let after = std::env::var("ARBITRE_BENCH_AFTER_PROCESSING").unwrap_or("move".into());
        let after = format!("\"{after}\"");
        let daemon = Daemon::start_tuned(
            &env,
            bot,
            "memory",
            "",
            &[("imap", "after-processing", &after)],
        );
        println!("after processing: {after}");
        let store = daemon.store();
        let mut dice = Dice(0x0005_EED0_FA7B_17E5);
        let mut hostile_n = 0;
        let mut all_games = Vec::new();
        let per_round = GAMES * PLIES + HOSTILE;
        println!(
            "machine: {} cores; {rounds} rounds of {per_round} messages ({GAMES} games of \
             {PLIES} moves, {HOSTILE} hostile messages)",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
        println!("| messages read | VmRSS | VmHWM | round's time |");
        println!("|---|---|---|---|");
        let started = Instant::now();
        for round in 0..rounds {
            let round_start = Instant::now();
            let games = Games::create(&daemon, "memory", &players, PLIES);
            games
                .wait_outbox_empty(&daemon, Duration::from_secs(300))
                .await;
            // The real reply addresses of the round's first game: forged mail goes to them too.
            let targets = Targets {
                bot: bot.clone(),
                alice: games.mover(0, 0).to_string(),
                bob: games.mover(0, 1).to_string(),
                robot: robot.clone(),
                keys: vec![games.move_mail(0, 0).1, games.move_mail(0, 1).1],
            };
            let before = store.processed_count().unwrap();
            let mut session = arbitre::mail::imap::connect(&env.imap_settings(bot))
                .await
                .unwrap();
            // The hostile messages spread among the plies: a share after each one's moves.
            for ply in 0..PLIES {
                for g in 0..games.len() {
                    let (_, _, raw) = games.move_mail(g, ply);
                    session
                        .append("INBOX", None, None, raw.as_bytes())
                        .await
                        .unwrap();
                }
                let share = HOSTILE * (ply + 1) / PLIES - HOSTILE * ply / PLIES;
                for _ in 0..share {
                    let (_, _, raw) = hostile(hostile_n, &mut dice, &targets);
                    hostile_n += 1;
                    let raw = raw.replace("\r\n", "\n").replace('\n', "\r\n");
                    session
                        .append("INBOX", None, None, raw.as_bytes())
                        .await
                        .unwrap();
                }
            }
            session.logout().await.ok();
            games::wait_drained(
                &store,
                before + per_round as u64,
                Duration::from_secs(1800),
                &format!("round {}", round + 1),
            )
            .await;
            let rss = daemon.memory_kb("VmRSS").expect("the daemon is alive");
            let hwm = daemon.memory_kb("VmHWM").unwrap_or(0);
            println!(
                "| {} | {:.1} MB | {:.1} MB | {:.0} s |",
                per_round * (round + 1),
                rss as f64 / 1024.0,
                hwm as f64 / 1024.0,
                round_start.elapsed().as_secs_f64()
            );
            all_games.push(games);
        }
        for games in &all_games {
            for g in 0..games.len() {
                games.assert_played(&daemon, g, PLIES);
            }
        }
        println!(
            "all {} messages read in {:.0} s; every game holds its {PLIES} moves once and in order",
            per_round * rounds,
            started.elapsed().as_secs_f64()
        );
    });
}
