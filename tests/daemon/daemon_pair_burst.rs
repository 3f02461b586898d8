//! Two daemons on one PostgreSQL store and one mailbox: a burst of moves over many games
//! while one or the other is SIGKILLed at random moments and restarted. Every move is
//! applied once and in order, every mail it causes is sent once (a copy more only for a send
//! in flight at a kill, under the same Message-ID), the outbox ends empty, and both daemons
//! did part of the work.
//!
//! Runs on the test PostgreSQL server whatever the pass (two daemons cannot share a SQLite
//! store's outbox). The size is set by `ARBITRE_PAIR_GAMES` (default 20),
//! `ARBITRE_PAIR_PLIES` (default 10) and `ARBITRE_PAIR_KILLS` (default 10); the run the
//! PostgreSQL issue asks for is `ARBITRE_PAIR_GAMES=100 ARBITRE_PAIR_KILLS=20 cargo test
//! --test daemon daemon_pair_burst:: -- --nocapture` (1,000 moves).

use crate::common;

use std::time::{Duration, Instant};

use common::games::{self, Games};
use common::{Daemon, MailEnv, SEND_CONCURRENCY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_daemons_share_a_burst_through_random_sigkills() {
    let Some(env) = MailEnv::load() else { return };
    let Some(server) = arbitre::store::testing::server() else {
        return;
    };
    let games_n = games::env_number("ARBITRE_PAIR_GAMES", 20);
    let plies = games::env_number("ARBITRE_PAIR_PLIES", 10);
    let kills = games::env_number("ARBITRE_PAIR_KILLS", 10);
    let (mut moments, seed) = games::Moments::seeded("ARBITRE_PAIR_SEED");
    // Shown with a failure's output: the same kill moments again with ARBITRE_PAIR_SEED.
    eprintln!("daemon_pair_burst: seed {seed} (ARBITRE_PAIR_SEED={seed} repeats the kill moments)");
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(&env, games_n).await;
    let location = server.fresh("pair_burst");
    let connections = SEND_CONCURRENCY.to_string();
    let mut first = Daemon::start_full(
        &env,
        &bot,
        "pair-burst",
        "",
        &[("smtp", "connections", &connections)],
        "",
        Some(&location),
    );
    let games = Games::create(&first, "pair-burst", &players, plies);
    games
        .wait_outbox_empty(&first, Duration::from_secs(120))
        .await;

    // Every move, in order within each game, the games interleaved, appended while no
    // daemon runs, so that they all wait when both start.
    first.kill9();
    games.append_moves(&env, 0..plies).await;
    first.spawn();
    let mut second = first.beside("pair-burst-b");
    let start = Instant::now();
    let total = (games.len() * plies) as u64;
    let store = first.store();
    let processed = || store.processed_count().unwrap();

    // SIGKILL one of the two at random moments while the burst is processed or its mails
    // sent, and start it again.
    let waiting = || processed() < total || store.outbox_counts().unwrap().0 > 0;
    let mut during = 0;
    let mut victims = [0, 0];
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
        let which = moments.next(0, 2) as usize;
        victims[which] += 1;
        let daemon = if which == 0 { &mut first } else { &mut second };
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
        games.assert_played(&first, g, plies);
    }

    // Each player gets the start mail, one forward per opponent move and one confirmation
    // per own move: 1 + plies distinct Message-IDs; copies only for sends in flight at a
    // kill.
    let extra = games::extra_copies(&env, &players, 1 + plies, &format!("seed {seed}")).await;
    // Both took part: each committed some of the moves.
    let shares: Vec<usize> = [&first, &second]
        .iter()
        .map(|d| d.log().matches("inbound: processed uid=").count())
        .collect();
    eprintln!(
        "{total} moves in {} games, two daemons, {kills} SIGKILLs ({} of the first, {} of the \
         second; seed {seed}): all applied once and in order, every mail delivered, {:.1} s \
         after the append; {extra} extra copies; processed per daemon (log lines): {shares:?}",
        games.len(),
        victims[0],
        victims[1],
        drained.as_secs_f64()
    );
    assert!(
        shares.iter().all(|n| *n > 0),
        "both daemons processed moves: {shares:?} (seed {seed})"
    );
    assert!(
        extra <= kills * SEND_CONCURRENCY,
        "{extra} extra copies after {kills} kills (seed {seed})"
    );
    for d in [&first, &second] {
        assert!(
            !d.log().contains("set aside"),
            "a move was set aside as if it crashed a daemon (seed {seed})"
        );
    }
    first.kill9();
    second.kill9();
}
