//! A daemon on PostgreSQL whose database sessions the server ends again and again (what a
//! server restart or a network cut does to them) while a burst of moves is processed: it
//! opens a new session each time and plays on, without stopping. Every move is applied once
//! and in order, every mail it causes is delivered (a copy more only for a send whose
//! result could not be recorded, under the same Message-ID), and the outbox ends empty.
//!
//! Runs on the test PostgreSQL server whatever the pass (its subject is PostgreSQL's
//! sessions). The daemon's sessions are found by an application name of their own, so no
//! other test's session is touched.

use crate::common;

use std::time::{Duration, Instant};

use arbitre::store::{Location, Store};
use common::games::{self, Games};
use common::{Daemon, MailEnv};

const GAMES: usize = 8;
const PLIES: usize = 6;
const CUTS: usize = 6;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daemon_whose_store_sessions_are_cut_plays_on() {
    let Some(env) = MailEnv::load() else { return };
    let Some(server) = arbitre::store::testing::server() else {
        return;
    };
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(&env, GAMES).await;
    let Location::Postgres(plain) = server.fresh("store_lost") else {
        unreachable!("a PostgreSQL location")
    };
    let name = format!("arbitre-cut-{}", std::process::id());
    let mut cut = plain.clone();
    cut.url.push_str(&format!("&application_name={name}"));
    let daemon = Daemon::start_on(&env, &bot, "store-lost", &Location::Postgres(cut));
    let games = Games::create(&daemon, "store-lost", &players, PLIES);
    games
        .wait_outbox_empty(&daemon, Duration::from_secs(120))
        .await;
    // The test's own session has no such name: it is never cut.
    let store = Store::connect(&Location::Postgres(plain)).unwrap();
    games.append_moves(&env, 0..PLIES).await;

    let total = (games.len() * PLIES) as u64;
    let processed = || store.processed_count().unwrap();
    let mut ended = 0;
    let mut during = 0;
    let start = Instant::now();
    let sessions = || -> i64 {
        store
            .database()
            .query_row(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?1",
                arbitre::store_params![name],
                |r| r.get(0),
            )
            .unwrap()
    };
    // Each cut at a random point of the burst's progress (at least one move after the one
    // before), once the daemon has opened its session again.
    let (mut moments, seed) = games::Moments::seeded("ARBITRE_CUT_SEED");
    let what = format!("sessions cut, seed {seed}");
    let mut last = 0;
    for point in moments.progress_points(CUTS, total) {
        let at = point.max(last + 1).min(total);
        games::wait_processed(&store, at, Duration::from_secs(120), &what).await;
        while sessions() == 0 {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "the daemon never opened a session again to be cut ({what})"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let n: i64 = store
            .database()
            .query_row(
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE application_name = ?1) AS ended",
                arbitre::store_params![name],
                |r| r.get(0),
            )
            .unwrap();
        ended += n;
        if processed() < total || store.outbox_counts().unwrap().0 > 0 {
            during += 1;
        }
        last = processed();
    }
    games::wait_drained(&store, total, Duration::from_secs(300), &what).await;
    assert!(ended >= CUTS as i64, "each cut ended a session: {ended}");
    assert!(
        during * 2 >= CUTS,
        "most cuts came while moves or mails waited: {during} of {CUTS} ({what})"
    );
    let (pending, _, failed) = store.outbox_counts().unwrap();
    assert_eq!((pending, failed), (0, 0), "the outbox ends empty");
    for g in 0..games.len() {
        games.assert_played(&daemon, g, PLIES);
    }
    let extra = games::extra_copies(&env, &players, 1 + PLIES, "sessions cut").await;
    let log = daemon.log();
    let reopened = log.matches("a new one is open").count();
    eprintln!(
        "{total} moves in {} games; {CUTS} cuts ended {ended} sessions; the daemon opened \
         {reopened} new ones and sent {extra} extra copies",
        games.len()
    );
    assert!(reopened >= 1, "{log}");
    assert!(!log.contains("set aside"), "{log}");
    let status = daemon.command(&["status"]);
    assert_eq!(status.status.code(), Some(0), "the daemon still runs");
}
