//! `arbitre store migrate`: an installation plays on SQLite, is copied to PostgreSQL with
//! `arbitre store migrate`, and plays on there to the end of every game: no move lost or
//! repeated, no mail missing, the second copy refused.
//!
//! Runs on the test PostgreSQL server whatever the pass (its subject is the move from one
//! store to the other).

use crate::common;

use std::time::Duration;

use arbitre::store::Location;
use common::games::{self, Games};
use common::{Daemon, MailEnv};

const GAMES: usize = 6;
const PLIES: usize = 8;
const BEFORE: usize = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_moved_to_postgresql_plays_on_to_the_end() {
    let Some(env) = MailEnv::load() else { return };
    let Some(server) = arbitre::store::testing::server() else {
        return;
    };
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(&env, GAMES).await;
    // Both daemons are named "migrate": the name gives the secret the players' reply
    // addresses are made with. The SQLite file lives apart from their directories.
    let dir = std::env::temp_dir().join(format!("arbitre-it-migrate-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = dir.join("before.sqlite");
    let mut before = Daemon::start_on(&env, &bot, "migrate", &Location::Sqlite(sqlite.clone()));
    let games = Games::create(&before, "migrate", &players, PLIES);
    games.append_moves(&env, 0..BEFORE).await;
    games
        .wait_played(&before, BEFORE, Duration::from_secs(180))
        .await;
    games
        .wait_outbox_empty(&before, Duration::from_secs(120))
        .await;
    assert!(before.terminate(), "the SQLite daemon stops cleanly");

    let Location::Postgres(target) = server.fresh("migrate") else {
        unreachable!("a PostgreSQL location")
    };
    let migrate = |extra: &[&str]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"));
        cmd.args(["store", "migrate", "--from"])
            .arg(&sqlite)
            .args(["--to", &target.url, "--password-command"])
            .arg(format!("echo {}", target.password.clone().unwrap()))
            .arg("--ca-file")
            .arg(target.ca_file.clone().unwrap())
            .args(extra);
        cmd.output().unwrap()
    };
    let out = migrate(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("every table counts and sums the same in both stores"),
        "{text}"
    );
    let moves_line = text.lines().find(|l| l.starts_with("moves ")).unwrap();
    assert!(
        moves_line.contains(&format!(" {} rows", GAMES * BEFORE)),
        "{moves_line}"
    );
    let again = migrate(&[]);
    assert_eq!(again.status.code(), Some(1), "a second copy is refused");
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains("nothing copied: the target store is not empty"),
        "{err}"
    );

    // The same bot, mailbox and players, now on PostgreSQL.
    let mut after = Daemon::start_on(&env, &bot, "migrate", &Location::Postgres(target));
    games.append_moves(&env, BEFORE..PLIES).await;
    games
        .wait_played(&after, PLIES, Duration::from_secs(180))
        .await;
    games
        .wait_outbox_empty(&after, Duration::from_secs(120))
        .await;
    for g in 0..games.len() {
        games.assert_played(&after, g, PLIES);
    }
    // Every player got the start mail and one mail per move of their game, each once.
    let extra = games::extra_copies(&env, &players, 1 + PLIES, "migrated").await;
    assert_eq!(extra, 0, "each mail once: no daemon was killed");
    assert!(
        !after.log().contains("set aside"),
        "a move was set aside\n{}",
        after.log()
    );
    after.kill9();
    std::fs::remove_dir_all(&dir).ok();
}
