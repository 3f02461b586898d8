//! The 1,000-move burst drained on each store, side by side in one run, against a floor:
//!
//! - **The floor**: a relay that does only what arbitre must do for each move, with no store
//!   and no referee: fetch the message and submit two mails for it (the forward to the
//!   opponent and the confirmation to the mover), each as large as arbitre's move mails with
//!   their picture ([`common::floor::MAIL_BYTES`]). It uses the crates arbitre uses (async-imap, lettre) at
//!   their best: one `UID FETCH` for a batch of messages, the next batch fetched while the
//!   mails of this one are shared among SMTP connections opened beforehand (Nagle's
//!   algorithm off), one `UID STORE` for the batch.
//! - **arbitre**: one daemon on SQLite, one daemon on PostgreSQL, two daemons on PostgreSQL
//!   sharing the mailbox and the store.
//!
//! For each: the time from its start (every move already waiting in the mailbox) until every
//! move is committed and every mail accepted by the submission server (the outbox empty),
//! moves per second, and arbitre's time as a ratio to the floor's. Also the CPU each line
//! used, in milliseconds a move: the whole machine's (every process: the mail servers,
//! PostgreSQL, the bench) from its start until Postfix has delivered its mail, and the
//! relay's own (arbitre's daemons, or the floor's process); the machine's figure counts
//! whatever else runs, so nothing else should. Checks that each game holds its moves once
//! and in order, and that the floor's mails all arrived.
//!
//! Needs the mail servers and the test PostgreSQL server (`bash scripts/mail-servers.sh
//! start; bash scripts/postgres.sh start`, as root). Run: `cargo bench --bench store_burst`
//! (`ARBITRE_BENCH_GAMES`, default 100, `ARBITRE_BENCH_PLIES`, default 10, and
//! `ARBITRE_BENCH_SMTP_CONNECTIONS`, the floor's connections, default 32, the fastest of 1 to
//! 32 here; `ARBITRE_BENCH_ARBITRE_CONNECTIONS`, arbitre's `[smtp] connections`, its default
//! otherwise). `-- --floor-only`: only the floor, with 1 to 32 connections; `-- --only sqlite`
//! (or `pg1`, `pg2`): only that line, no floor (to profile it). Under `cargo test` it does
//! nothing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use futures::StreamExt;
use lettre::address::Envelope;

use arbitre::mail::imap::ImapSession;
use arbitre::store::Location;
use common::bench::env_number;
use common::floor::{floor_body, floor_connection};
use common::games::{self, Games};
use common::{Daemon, MailEnv};

/// One daemon or two on `location`: the seconds to drain `games × plies` waiting moves
/// (every mail accepted by the submission server), and until Postfix has delivered them.
async fn drain(
    env: &MailEnv,
    name: &str,
    location: &Location,
    daemons: usize,
    games_n: usize,
    plies: usize,
) -> Line {
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = games::player_accounts(env, games_n).await;
    // `[smtp] connections` for arbitre, when the run sets it (its default otherwise).
    let connections = std::env::var("ARBITRE_BENCH_ARBITRE_CONNECTIONS").ok();
    let tuning: Vec<(&str, &str, &str)> = connections
        .as_deref()
        .map(|c| vec![("smtp", "connections", c)])
        .unwrap_or_default();
    let mut first = Daemon::start_full(env, &bot, name, "", &tuning, "", Some(location));
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
    let machine = machine_cpu();
    first.spawn();
    let mut second = (daemons == 2).then(|| first.beside(&format!("{name}-b")));
    let deadline = Instant::now() + Duration::from_secs(900);
    while store.processed_count().unwrap() - before < total || store.outbox_counts().unwrap().0 > 0
    {
        assert!(Instant::now() < deadline, "{name}: not drained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seconds = start.elapsed().as_secs_f64();
    let delivered = delivered_since(start).await;
    let machine = machine_cpu() - machine;
    let own = [Some(&first), second.as_ref()]
        .into_iter()
        .flatten()
        .map(|d| process_cpu(d.pid().expect("a running daemon")))
        .sum();
    for g in 0..games.len() {
        games.assert_played(&first, g, plies);
    }
    first.kill9();
    if let Some(d) = second.as_mut() {
        d.kill9();
    }
    Line {
        seconds,
        delivered,
        machine,
        own,
    }
}

/// What one line of the bench measured.
#[derive(Clone, Copy, Debug)]
struct Line {
    /// From its start until every mail was accepted.
    seconds: f64,
    /// From its start until Postfix had delivered them.
    delivered: f64,
    /// The CPU seconds the whole machine used meanwhile (until delivered).
    machine: f64,
    /// The CPU seconds of the relay itself: arbitre's daemons, or the floor's process.
    own: f64,
}

impl Line {
    /// One line of the run's log, for `moves` moves.
    fn describe(&self, moves: f64) -> String {
        format!(
            "drained in {:.1} s, {:.1} moves/s; delivered in {:.1} s; CPU {:.2} ms a move \
             (the machine), {:.2} ms (the relay)",
            self.seconds,
            moves / self.seconds,
            self.delivered,
            1000.0 * self.machine / moves,
            1000.0 * self.own / moves
        )
    }
}

/// The CPU seconds every core of the machine has spent out of idle since it started (user,
/// nice, system, interrupts, stolen), from `/proc/stat`.
fn machine_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/stat").expect("/proc/stat");
    let ticks: u64 = stat
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("cpu "))
        .expect("the cpu line of /proc/stat")
        .split_whitespace()
        .map(|t| t.parse::<u64>().expect("a number of ticks"))
        .enumerate()
        // user, nice, system, idle, iowait, irq, softirq, steal: all but idle and iowait.
        .filter(|(i, _)| ![3, 4].contains(i) && *i < 8)
        .map(|(_, t)| t)
        .sum();
    ticks as f64 / ticks_per_second()
}

/// The CPU seconds (user and system) process `pid` has used, from `/proc/PID/stat`.
fn process_cpu(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the process's stat");
    // The fields after the command's name (in parentheses, which may hold spaces): the
    // state is the first, utime the twelfth and stime the thirteenth.
    let fields: Vec<&str> = stat[stat.rfind(')').expect("a stat line") + 2..]
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    ticks as f64 / ticks_per_second()
}

/// The clock ticks a second in which `/proc` counts CPU time: Linux's `USER_HZ`, 100 on
/// x86-64 and ARM (what `getconf CLK_TCK` prints).
fn ticks_per_second() -> f64 {
    100.0
}

/// Mail the test Postfix has accepted and not yet tried to deliver: the files in its
/// queues, the deferred one left out (mail other tests left there to fail).
fn queued() -> usize {
    let env = std::env::var_os("ARBITRE_MAIL_ENV")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("var/mail/env"));
    let spool = std::fs::canonicalize(&env)
        .ok()
        .and_then(|e| e.parent().map(|d| d.join("postfix/spool")))
        .expect("the mail servers' state");
    fn files(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries
                .flatten()
                .map(|e| match e.file_type() {
                    Ok(t) if t.is_dir() => files(&e.path()),
                    Ok(_) => 1,
                    Err(_) => 0,
                })
                .sum()
        })
    }
    ["maildrop", "incoming", "active"]
        .iter()
        .map(|q| files(&spool.join(q)))
        .sum()
}

/// The seconds from `start` until Postfix has delivered everything it accepted (its queues
/// empty): the drain's end when the mail servers' own work counts too.
async fn delivered_since(start: Instant) -> f64 {
    let deadline = Instant::now() + Duration::from_secs(600);
    while queued() > 0 {
        assert!(Instant::now() < deadline, "Postfix's queue did not empty");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    start.elapsed().as_secs_f64()
}

/// How many messages the floor fetches in one `UID FETCH`.
const FLOOR_BATCH: usize = 100;

/// The raw messages of `uids`, in one `UID FETCH`.
async fn fetch_all(session: &mut ImapSession, uids: &[u32]) -> Vec<Vec<u8>> {
    if uids.is_empty() {
        return Vec::new();
    }
    let raws: Vec<Vec<u8>> = session
        .uid_fetch(uid_list(uids), "BODY.PEEK[]")
        .await
        .unwrap()
        .filter_map(|f| async move { f.ok().and_then(|f| f.body().map(<[u8]>::to_vec)) })
        .collect()
        .await;
    assert_eq!(raws.len(), uids.len(), "every message of the batch fetched");
    raws
}

fn uid_list(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The floor: `games_n × plies` move mails waiting in a relay's mailbox; the seconds until
/// the relay has fetched each and had two mails for it accepted by the submission server,
/// over `connections` connections opened beforehand. Each batch's mails are shared among
/// the connections while the next batch is fetched. Then checks that every player got their
/// `plies` mails.
async fn floor(env: &MailEnv, games_n: usize, plies: usize, connections: usize) -> Line {
    let relay = env.accounts(&["relay"]).await.remove(0);
    let players = games::player_accounts(env, games_n).await;
    let mut session = arbitre::mail::imap::connect(&env.imap_settings(&relay))
        .await
        .unwrap();
    for ply in 0..plies {
        for g in 0..games_n {
            let (mover, other) = (&players[2 * g + ply % 2], &players[2 * g + 1 - ply % 2]);
            let raw = format!(
                "From: {mover}\r\nTo: {relay}\r\nX-Opponent: {other}\r\nSubject: Re: game {g}\r\n\
                 Message-ID: <floor-{g}-{ply}@bench>\r\n\r\nmove {ply}\r\n"
            );
            session
                .append("INBOX", None, None, raw.as_bytes())
                .await
                .unwrap();
        }
    }
    session.logout().await.ok();
    let mut conns = Vec::new();
    for _ in 0..connections.max(1) {
        conns.push(floor_connection(env, &relay).await);
    }
    let body = floor_body();

    let start = Instant::now();
    let machine = machine_cpu();
    let own = process_cpu(std::process::id());
    let mut session = arbitre::mail::imap::connect(&env.imap_settings(&relay))
        .await
        .unwrap();
    session.select("INBOX").await.unwrap();
    let mut uids: Vec<u32> = session
        .uid_search("UNSEEN")
        .await
        .unwrap()
        .into_iter()
        .collect();
    uids.sort_unstable();
    let batches: Vec<&[u32]> = uids.chunks(FLOOR_BATCH).collect();
    let mut relayed = 0;
    let mut raws = fetch_all(&mut session, batches.first().copied().unwrap_or_default()).await;
    for (i, batch) in batches.iter().enumerate() {
        let mut mails = Vec::new();
        for raw in &raws {
            let text = String::from_utf8_lossy(raw);
            let header = |name: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(name))
                    .map(|v| v.trim().to_string())
                    .unwrap()
            };
            let (mover, other, subject) =
                (header("From:"), header("X-Opponent:"), header("Subject:"));
            for to in [other, mover] {
                let envelope =
                    Envelope::new(Some(relay.parse().unwrap()), vec![to.parse().unwrap()]).unwrap();
                let raw = format!(
                    "From: {relay}\r\nTo: {to}\r\nSubject: {subject}\r\n\
                     Message-ID: <{relayed}-{to}@floor>\r\n\r\n{body}"
                );
                mails.push((envelope, raw));
            }
            relayed += 1;
        }
        // The mails shared among the connections, each sending its share in turn, while
        // the next batch is fetched.
        let n = conns.len();
        let sends = futures::future::join_all(conns.iter_mut().enumerate().map(|(k, conn)| {
            let share: Vec<_> = mails.iter().skip(k).step_by(n).collect();
            async move {
                for (envelope, raw) in share {
                    conn.send(envelope, raw.as_bytes()).await.unwrap();
                }
            }
        }));
        let next = batches.get(i + 1).copied().unwrap_or_default();
        let (_, fetched) = tokio::join!(sends, fetch_all(&mut session, next));
        session
            .uid_store(uid_list(batch), "+FLAGS.SILENT (\\Seen)")
            .await
            .unwrap()
            .collect::<Vec<_>>()
            .await;
        raws = fetched;
    }
    let seconds = start.elapsed().as_secs_f64();
    let delivered = delivered_since(start).await;
    let machine = machine_cpu() - machine;
    let own = process_cpu(std::process::id()) - own;
    session.logout().await.ok();
    for mut conn in conns {
        conn.quit().await.ok();
    }
    assert_eq!(relayed, games_n * plies, "every move relayed");
    for p in &players {
        let got = env.wait_for(p, plies, Duration::from_secs(300)).await.len();
        assert_eq!(got, plies, "{p}: one mail for each move of their game");
    }
    Line {
        seconds,
        delivered,
        machine,
        own,
    }
}

fn main() {
    let Some((rt, env)) =
        common::MailEnv::for_bench("store_burst", "the mail and PostgreSQL servers")
    else {
        return;
    };
    rt.block_on(async {
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
        let connections = env_number("ARBITRE_BENCH_SMTP_CONNECTIONS", 32);
        let args: Vec<String> = std::env::args().collect();
        if let Some(only) = args.iter().position(|a| a == "--only").map(|i| &args[i + 1]) {
            let (label, name, location, daemons) = runs
                .iter()
                .find(|r| r.1 == format!("burst-{only}"))
                .expect("--only sqlite, pg1 or pg2");
            let line = drain(&env, name, location, *daemons, games_n, plies).await;
            println!("{label}: {}", line.describe(total));
            return;
        }
        if args.iter().any(|a| a == "--floor-only") {
            for pool in [1, 2, 4, 8, 16, 32] {
                let line = floor(&env, games_n, plies, pool).await;
                println!("floor, {pool} SMTP connections: {}", line.describe(total));
            }
            return;
        }
        let before = floor(&env, games_n, plies, connections).await;
        println!(
            "floor ({connections} SMTP connections): {}",
            before.describe(total)
        );
        let mut rows = Vec::new();
        for (label, name, location, daemons) in &runs {
            let line = drain(&env, name, location, *daemons, games_n, plies).await;
            println!("{label}: {}", line.describe(total));
            rows.push((label.to_string(), line));
        }
        // The floor again after: how much it moved during the run.
        let after = floor(&env, games_n, plies, connections).await;
        println!("floor again: {}", after.describe(total));
        let floor = (before.seconds + after.seconds) / 2.0;
        let floor_delivered = (before.delivered + after.delivered) / 2.0;
        let ms = |cpu: f64| 1000.0 * cpu / total;
        println!(
            "\n| run | accepted (drain) | moves/s | against the floor | delivered | against the floor's | CPU a move: machine / relay |\n|---|---|---|---|---|---|---|"
        );
        println!(
            "| the floor: fetch, two mails a move, no store ({connections} SMTP connections; before, after) | {:.1} s, {:.1} s | {:.1} | 1 | {:.1} s, {:.1} s | 1 | {:.2} / {:.2} ms, {:.2} / {:.2} ms |",
            before.seconds,
            after.seconds,
            total / floor,
            before.delivered,
            after.delivered,
            ms(before.machine),
            ms(before.own),
            ms(after.machine),
            ms(after.own)
        );
        for (label, line) in rows {
            println!(
                "| arbitre: {label} | {:.1} s | {:.1} | {:.2} | {:.1} s | {:.2} | {:.2} / {:.2} ms |",
                line.seconds,
                total / line.seconds,
                line.seconds / floor,
                line.delivered,
                line.delivered / floor_delivered,
                ms(line.machine),
                ms(line.own)
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    });
}
