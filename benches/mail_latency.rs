//! End-to-end benchmark of the daemon against the real mail servers of
//! `scripts/mail-servers.sh` (which must be running):
//!
//! 1. Latency: in a director-created Abalone game, the time from a player's SMTP submission
//!    of a move to the forwarded move being visible in the opponent's IMAP inbox, over
//!    `ARBITRE_BENCH_MOVES` moves (default 60); median and 95th percentile.
//! 2. The floor: the same two hops without arbitre: a relay built from arbitre's own IMAP
//!    edge (IDLE) submits, for each mail it reads, the two mails of a move (to the opponent,
//!    then to the mover, each of a move mail's median size) over one SMTP connection opened
//!    beforehand with Nagle's algorithm off; no parsing, no store, no picture.
//! 3. Burst: `ARBITRE_BENCH_GAMES` games (default 100) of `ARBITRE_BENCH_PLIES` moves each
//!    (default 10, so 1,000 moves) appended at once to arbitre's mailbox: the time until every
//!    move is committed and every forwarded move delivered; checks that nothing is lost and
//!    nothing doubled.
//! 4. The daemon's resident memory (VmRSS now, VmHWM peak) after the burst.
//! 5. The computer's searches off the referee's path: the latency series again while
//!    `ARBITRE_BENCH_SEARCHING_GAMES` games (default 10) between computers (level 9 against
//!    level 8, Ataxx, set up by the director) keep the computer searching, first with the
//!    default cap on searches at once (half the cores), then with the cap at one per game.
//!
//! Run: `bash scripts/mail-servers.sh start && cargo bench --bench mail_latency`.
//! Under `cargo test` it does nothing (the servers and minutes it needs are the bench's).

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use lettre::address::Envelope;

use arbitre::mail::Inbox;
use arbitre::mail::imap::{ImapInbox, ImapSession, connect};
use common::bench::{env_number, stats};
use common::floor::{floor_body, floor_connection};
use common::games::{Games, abalone_line};
use common::{Daemon, MailEnv};

/// Watches one mailbox with a NOOP poll every 2 ms (Dovecot shows new mail to NOOP within a
/// few milliseconds), so the observer adds almost nothing to what is measured.
struct Watcher {
    session: ImapSession,
    last: u32,
}

impl Watcher {
    async fn new(env: &MailEnv, user: &str) -> Watcher {
        let mut session = connect(&env.imap_settings(user)).await.unwrap();
        session.select("INBOX").await.unwrap();
        let uids = session.uid_search("ALL").await.unwrap();
        Watcher {
            session,
            last: uids.into_iter().max().unwrap_or(0),
        }
    }

    /// Waits for the next new message; returns when it became visible.
    async fn next(&mut self) -> Instant {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            self.session.noop().await.unwrap();
            let q = format!("UID {}:*", self.last + 1);
            let uids = self.session.uid_search(&q).await.unwrap();
            if let Some(max) = uids.into_iter().filter(|u| *u > self.last).max() {
                self.last = max;
                return Instant::now();
            }
            assert!(Instant::now() < deadline, "no mail within 60 s");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}

/// The latency of a game between people while `load` games between computers (level 9
/// against level 8, set up by the director) keep the computer searching, at most
/// `searches` at once (`None`: the default, half the cores). Returns the median and p95,
/// and how many computer moves were played during the series.
async fn latency(
    env: &MailEnv,
    n: usize,
    load: usize,
    searches: Option<usize>,
) -> (f64, f64, usize) {
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let section = searches
        .map(|c| format!("[computer]\nsearches = {c}\n"))
        .unwrap_or_default();
    let name = format!("bench-latency-{load}-{}", searches.unwrap_or(0));
    let daemon = Daemon::start_sections(env, bot, &name, "", &[], &section);
    let seat = |level: u8| {
        arbitre::referee::computer::seat(arbitre::games::engine::Level::new(level).unwrap())
    };
    for _ in 0..load {
        let out = daemon.command(&[
            "new",
            "--game",
            "ataxx",
            "--white",
            &seat(9),
            "--black",
            &seat(8),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let computer_moves = |daemon: &Daemon| -> usize {
        daemon
            .store()
            .games()
            .unwrap()
            .iter()
            .filter(|g| arbitre::referee::computer::seated(g).is_some())
            .map(|g| g.moves.len())
            .sum()
    };
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env.wait_for(alice, 1, Duration::from_secs(30)).await;
    env.wait_for(bob, 1, Duration::from_secs(30)).await;
    let mut watch = HashMap::new();
    watch.insert(alice.clone(), Watcher::new(env, alice).await);
    watch.insert(bob.clone(), Watcher::new(env, bob).await);
    let mut samples = Vec::new();
    let before = computer_moves(&daemon);
    for (ply, (mv, line)) in abalone_line(n, 0).into_iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (alice, bob)
        } else {
            (bob, alice)
        };
        // Prepare the reply first: only the submission and what follows is measured.
        let mails = env.inbox(mover).await;
        let last = mails.last().unwrap();
        let to = last
            .header("reply-to")
            .unwrap()
            .trim_start_matches('<')
            .trim_end_matches('>')
            .to_string();
        let raw = format!(
            "From: {mover}\nTo: {to}\nSubject: Re: {}\nIn-Reply-To: <{}>\nMessage-ID: <bench-{ply}-{}@bench>\n\n{mv}\n",
            last.subject,
            last.message_id(),
            std::process::id()
        );
        let w = watch.get_mut(other.as_str()).unwrap();
        let start = Instant::now();
        env.send_raw(mover, Some(mover), &to, &raw).await;
        let seen = w.next().await;
        samples.push((seen - start).as_secs_f64() * 1000.0);
        let got = env.inbox(other).await;
        assert_eq!(got.last().unwrap().first_line(), line, "the forwarded move");
        // The mover's confirmation: wait for it so it never mixes with the next sample.
        watch.get_mut(mover.as_str()).unwrap().next().await;
    }
    let played = computer_moves(&daemon) - before;
    drop(daemon);
    let label = match (load, searches) {
        (0, _) => "arbitre, submission to opponent's inbox".to_string(),
        (_, None) => {
            format!("the same while {load} games keep the computer searching (default cap)")
        }
        (_, Some(c)) => format!(
            "the same while {load} games keep the computer searching ([computer] searches = {c})"
        ),
    };
    let (median, p95) = stats(&label, samples);
    (median, p95, played)
}

async fn floor(env: &MailEnv, n: usize) -> (f64, f64, f64) {
    let accounts = env.accounts(&["relay", "alice", "bob"]).await;
    let (relay, alice, bob) = (
        accounts[0].clone(),
        accounts[1].clone(),
        accounts[2].clone(),
    );
    // What arbitre does for a move, and no more: the move's two mails (to the opponent
    // first, then to the mover), each of a move mail's median size, over one SMTP
    // connection opened beforehand with Nagle's algorithm off, as arbitre's own.
    let mut smtp = floor_connection(env, &relay).await;
    let body = floor_body();
    let (env2, relay2, alice2, bob2) = (env.clone(), relay.clone(), alice.clone(), bob.clone());
    let relay_task = tokio::spawn(async move {
        let mut inbox = ImapInbox::new(env2.imap_settings(&relay2));
        let mut relayed = 0;
        loop {
            let batch = inbox.next().await.unwrap();
            for f in batch {
                for to in [&bob2, &alice2] {
                    let envelope =
                        Envelope::new(Some(relay2.parse().unwrap()), vec![to.parse().unwrap()])
                            .unwrap();
                    let raw = format!(
                        "From: {relay2}\r\nTo: {to}\r\nSubject: floor\r\n\
                         Message-ID: <{relayed}-{to}@floor>\r\n\r\n{body}"
                    );
                    smtp.send(&envelope, raw.as_bytes()).await.unwrap();
                }
                relayed += 1;
                inbox.done(std::slice::from_ref(&f.key)).await.unwrap();
            }
        }
    });
    let mut to_bob = Watcher::new(env, &bob).await;
    let mut to_relay = Watcher::new(env, &relay).await;
    let mut one_hop = Vec::new();
    let mut two_hops = Vec::new();
    // Let the relay connect and start its IDLE.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for i in 0..n {
        let raw = format!(
            "From: {alice}\nTo: {relay}\nSubject: floor {i}\nMessage-ID: <floor-{i}-{}@bench>\n\na1b2\n",
            std::process::id()
        );
        let start = Instant::now();
        env.send_raw(&alice, Some(&alice), &relay, &raw).await;
        let first = to_relay.next().await;
        let second = to_bob.next().await;
        one_hop.push((first - start).as_secs_f64() * 1000.0);
        two_hops.push((second - start).as_secs_f64() * 1000.0);
    }
    relay_task.abort();
    let (one, _) = stats(
        "floor, one hop (submission to inbox, seen by NOOP poll)",
        one_hop,
    );
    let (m, p) = stats(
        "floor, two hops through an IDLE relay (no arbitre)",
        two_hops,
    );
    (one, m, p)
}

// Games and plies are numbers used in names and to index several tables at once.
#[allow(clippy::needless_range_loop)]
async fn burst(env: &MailEnv, games: usize, plies: usize) {
    let bot = env.accounts(&["bot"]).await.remove(0);
    let players = common::games::player_accounts(env, games).await;
    let daemon = Daemon::start(env, &bot, "bench-burst");
    let settle = Instant::now();
    let plan = Games::create(&daemon, "bench-burst", &players, plies);
    plan.wait_outbox_empty(&daemon, Duration::from_secs(300))
        .await;
    println!(
        "burst: {games} games created, {} start mails sent in {:.1} s",
        2 * games,
        settle.elapsed().as_secs_f64()
    );
    let store = daemon.store();
    let before = store.processed_count().unwrap();
    let (_, sent_before, _) = store.outbox_counts().unwrap();

    // Every move mail, in order within each game, the games interleaved, each to the
    // mover's own reply address.
    let mut session = connect(&env.imap_settings(&bot)).await.unwrap();
    let start = Instant::now();
    for ply in 0..plies {
        for g in 0..games {
            let (_, _, raw) = plan.move_mail(g, ply);
            session
                .append("INBOX", None, None, raw.as_bytes())
                .await
                .unwrap();
        }
    }
    let appended = start.elapsed();
    session.logout().await.ok();
    let total = games * plies;
    let deadline = Instant::now() + Duration::from_secs(1200);
    loop {
        let done = store.processed_count().unwrap() - before;
        let (pending, _, _) = store.outbox_counts().unwrap();
        if done as usize >= total && pending == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "burst not drained: {done} processed, {pending} pending"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let committed = start.elapsed();
    // Every forwarded move delivered: each player's inbox holds its start mail, one
    // forward per opponent move and one confirmation per own move.
    let expected = 1 + plies;
    let mut delivered = 0;
    for a in &players {
        let d = Instant::now() + Duration::from_secs(300);
        loop {
            let n = env.inbox(a).await.len();
            if n >= expected {
                assert_eq!(n, expected, "{a}: nothing doubled");
                delivered += n;
                break;
            }
            assert!(Instant::now() < d, "{a} has {n} mails, expected {expected}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let drained = start.elapsed();
    for g in 0..games {
        plan.assert_played(&daemon, g, plies);
    }
    let (pending, sent, failed) = store.outbox_counts().unwrap();
    println!(
        "burst: {total} moves in {games} games appended in {:.1} s; all committed and sent after {:.1} s \
         ({:.0} moves/s); all {} mails visible after {:.1} s",
        appended.as_secs_f64(),
        committed.as_secs_f64(),
        total as f64 / committed.as_secs_f64(),
        delivered,
        drained.as_secs_f64()
    );
    println!(
        "burst: nothing lost, nothing doubled: {total} moves stored, {} mails sent for them, {pending} pending, {failed} failed",
        sent - sent_before
    );
    for field in ["VmRSS", "VmHWM"] {
        if let Some(kb) = daemon.memory_kb(field) {
            println!("daemon memory after the burst: {field}: {kb} kB");
        }
    }
}

fn main() {
    let Some((rt, env)) = common::MailEnv::for_bench("mail_latency", "the mail servers") else {
        return;
    };
    rt.block_on(async {
        let n = env_number("ARBITRE_BENCH_MOVES", 60);
        println!("machine: {} cores; {} moves per latency series", std::thread::available_parallelism().map_or(0, |n| n.get()), n);
        let (one_hop, floor_median, floor_p95) = floor(&env, n).await;
        let (median, p95, _) = latency(&env, n, 0, None).await;
        println!(
            "arbitre adds {:.1} ms (median) and {:.1} ms (p95) to the two-hop floor; one hop alone is {one_hop:.1} ms",
            median - floor_median,
            p95 - floor_p95
        );
        let load = env_number("ARBITRE_BENCH_SEARCHING_GAMES", 10);
        for cap in [None, Some(load)] {
            let (m, p, played) = latency(&env, n, load, cap).await;
            println!(
                "  with {load} games searching: median {:+.1} ms, p95 {:+.1} ms against no search; {played} computer moves played meanwhile",
                m - median,
                p - p95
            );
        }
        burst(&env, env_number("ARBITRE_BENCH_GAMES", 100), env_number("ARBITRE_BENCH_PLIES", 10)).await;
    });
}
