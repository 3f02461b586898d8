//! A burst of moves over many games while arbitre is SIGKILLed again and again at random
//! moments and restarted: every move is applied once and in order, every mail it causes is
//! delivered (a copy more only for a send in flight at a kill, under the same Message-ID),
//! and the outbox ends empty.
//!
//! The size is set by `ARBITRE_CRASH_GAMES` (default 20), `ARBITRE_CRASH_PLIES` (default 10)
//! and `ARBITRE_CRASH_KILLS` (default 8); the long run the robustness issue asks for is
//! `ARBITRE_CRASH_GAMES=100 ARBITRE_CRASH_KILLS=20 cargo test --test daemon daemon_crash_burst:: --
//! --nocapture` (1,000 moves, 20 kills). It kills only its own daemon, but keeps the
//! servers busy.

use crate::common;

use std::time::{Duration, Instant};

use common::games::{self, Games};
use common::{Daemon, MailEnv, SEND_CONCURRENCY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_survives_random_sigkills() {
    let Some(env) = MailEnv::load() else { return };
    let games_n = games::env_number("ARBITRE_CRASH_GAMES", 20);
    let plies = games::env_number("ARBITRE_CRASH_PLIES", 10);
    let kills = games::env_number("ARBITRE_CRASH_KILLS", 8);
    let (mut moments, seed) = games::Moments::seeded("ARBITRE_CRASH_SEED");
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(&env, games_n).await;
    let connections = SEND_CONCURRENCY.to_string();
    let mut daemon = Daemon::start_tuned(
        &env,
        &bot,
        "crash-burst",
        "",
        &[("smtp", "connections", &connections)],
    );
    let games = Games::create(&daemon, "crash-burst", &players, plies);
    games
        .wait_outbox_empty(&daemon, Duration::from_secs(120))
        .await;

    // Every move, in order within each game, the games interleaved, appended while the
    // daemon is down, so that they all wait when it starts.
    daemon.kill9();
    games.append_moves(&env, 0..plies).await;
    daemon.spawn();
    let start = Instant::now();
    let total = (games.len() * plies) as u64;
    let store = daemon.store();
    let processed = || store.processed_count().unwrap();

    // SIGKILL at random moments while the burst is being processed and its mails sent.
    let waiting = || processed() < total || store.outbox_counts().unwrap().0 > 0;
    let mut during = 0;
    // Each kill at a random point of the burst's progress (and at least one move after the
    // one before), then a few milliseconds more, so that some land between a commit and
    // its sends.
    let mut last = 0;
    for point in moments.progress_points(kills, total) {
        let at = point.max(last + 1).min(total);
        games::wait_processed(
            &store,
            at,
            Duration::from_secs(120),
            &format!("seed {seed}"),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(moments.next(0, 20))).await;
        if waiting() {
            during += 1;
        }
        daemon.kill9();
        last = processed();
        daemon.spawn();
    }
    games::wait_drained(
        &store,
        total,
        Duration::from_secs(600),
        &format!("seed {seed}"),
    )
    .await;
    let drained = start.elapsed();
    assert_eq!(
        during, kills,
        "every kill came while moves or mails were waiting (seed {seed})"
    );
    let (pending, _, failed) = store.outbox_counts().unwrap();
    assert_eq!((pending, failed), (0, 0), "the outbox ends empty");
    for g in 0..games.len() {
        games.assert_played(&daemon, g, plies);
    }

    // Each player gets the start mail, one forward per opponent move and one confirmation per
    // own move: 1 + plies distinct Message-IDs; copies only for sends in flight at a kill.
    let extra = games::extra_copies(&env, &players, 1 + plies, &format!("seed {seed}")).await;
    eprintln!(
        "{total} moves in {} games, {kills} SIGKILLs (seed {seed}): \
         all applied in order and every mail delivered {:.1} s after the append; {extra} extra copies",
        games.len(),
        drained.as_secs_f64()
    );
    assert!(
        extra <= kills * SEND_CONCURRENCY,
        "{extra} extra copies after {kills} kills (seed {seed})"
    );
    let log = daemon.log();
    assert!(
        !log.contains("set aside"),
        "a move was set aside as if it crashed the daemon (seed {seed})"
    );
    daemon.kill9();
}
