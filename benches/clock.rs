//! What clocks cost with many games running: a store (an SQLite file) holding 100,000 timed
//! games, each with its turn started, then
//!
//! 1. finding the next due clock (the daemon's one lookup before it sleeps),
//! 2. deciding one tick: loading the due game with its players, `referee::tick` (here a
//!    reminder with its mail), and committing it,
//! 3. the clock task idle (every clock due in days) for ten seconds: the process's CPU time.
//!
//! Run: `cargo bench --bench clock` (`ARBITRE_BENCH_GAMES=N` for another number of games).
//! Without cargo's `--bench` argument (as under `cargo test --all-targets`) it is a smoke
//! test: 1,000 games and one idle second.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitre::clock::TimeControl;
use arbitre::clock::duration::DAY;
use arbitre::games::{GameKind, Start};
use arbitre::referee::{self, NewGameRequest, Player, RefereeConfig};
use arbitre::store::Store;
use arbitre::text::Lang;

/// The bench's games start a year from now: their clocks are due in the real clock's
/// future, so the idle clock task has nothing to do.
fn base() -> i64 {
    arbitre::daemon::now() + 365 * DAY
}

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let games: usize = std::env::var("ARBITRE_BENCH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if bench { 100_000 } else { 1_000 });
    let idle = Duration::from_secs(if bench { 10 } else { 1 });
    let config = RefereeConfig {
        address: "arbitre@bench.example".into(),
        plus_addressing: true,
        keys: arbitre::keys::Keyring::new("bench secret"),
        default_lang: Lang::EN,
        max_replies_per_hour: 1_000_000,
        max_message_bytes: 1 << 20,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    };
    let dir = std::env::temp_dir().join(format!("arbitre-bench-clock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("clock.sqlite");
    let mut store = Store::open(&path).unwrap();

    let t = Instant::now();
    let base = base();
    fill(&mut store, &config, games, base);
    println!(
        "store: {games} timed games (3 days per move), set up in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    // 1. The next due clock.
    let mut times = Vec::new();
    let mut first = None;
    for _ in 0..2000 {
        let t = Instant::now();
        first = store.next_clock_due().unwrap();
        times.push(t.elapsed());
    }
    let first = first.expect("clocks are due");
    report("next due clock (indexed min)", &mut times);

    // 2. Ticks: each decides one reminder and commits it.
    let mut times = Vec::new();
    let mut deciding = Vec::new();
    let mut committing = Vec::new();
    let mut mails = 0;
    for _ in 0..300 {
        let at = store.next_clock_due().unwrap().unwrap();
        let t = Instant::now();
        let ctx = store.clock_context(at, 1).unwrap();
        let decision = referee::tick(&config, &ctx, at);
        let decided = t.elapsed();
        store.commit(&decision, None, at).unwrap();
        times.push(t.elapsed());
        deciding.push(decided);
        committing.push(t.elapsed() - decided);
        mails += decision.outbox.len();
    }
    assert!(mails >= 300, "every tick sends its reminder ({mails})");
    report(
        "one tick (load due game + players, decide, commit)",
        &mut times,
    );
    report("  of which load and decide", &mut deciding);
    report("  of which commit (SQLite, WAL)", &mut committing);
    assert!(store.next_clock_due().unwrap().unwrap() >= first);

    // 3. The clock task idle: every clock is due in days (the bench's games are in the
    // future of the real clock), so it must sleep.
    drop(store);
    let store = Arc::new(Mutex::new(Store::open(&path).unwrap()));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let before = cpu_ticks();
    let wall = Instant::now();
    runtime.block_on(async {
        let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
        let (_read_tx, read_rx) = tokio::sync::watch::channel(i64::MAX);
        let task = tokio::spawn(arbitre::daemon::deadlines::run(
            config.clone(),
            store.clone(),
            Arc::new(std::sync::atomic::AtomicBool::new(true)),
            read_rx,
            Arc::new(tokio::sync::Notify::new()),
            None,
            Arc::new(tokio::sync::Notify::new()),
            stop_rx,
        ));
        tokio::time::sleep(idle).await;
        stop_tx.send(true).unwrap();
        task.await.unwrap().unwrap();
    });
    let used = cpu_ticks() - before;
    println!(
        "idle clock task: {used} CPU ticks (1/100 s) in {:.1} s of wall time",
        wall.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fills the store: `games` games between 2,000 players, each with its first turn started
/// (the game-start mail left) at a different second.
fn fill(store: &mut Store, config: &RefereeConfig, games: usize, base: i64) {
    let players: Vec<Player> = (0..2000)
        .map(|i| Player {
            address: format!("p{i}@bench.example"),
            name: None,
            name_chosen: false,
            name_told: false,
            lang: if i % 2 == 0 { Lang::EN } else { Lang::FR },
            lang_from: referee::LangFrom::Chosen,
            chat: true,
            zone: (i % 3 == 0).then(|| "Europe/Paris".to_string()),
            leave: Vec::new(),
            notify: Default::default(),
            phone: None,
            phone_claim: None,
            pictures: true,
            public: true,
            invitations: true,
            undeliverable: None,
        })
        .collect();
    store
        .immediate(|s| {
            for i in 0..games {
                let white = &players[i % players.len()].address;
                let black = &players[(i * 7 + 1) % players.len()].address;
                let request = NewGameRequest {
                    kind: GameKind::ALL[i % GameKind::ALL.len()],
                    start: Start::Default,
                    options: String::new(),
                    white: white.clone(),
                    black: black.clone(),
                    created_by: config.address.clone(),
                    time: TimeControl::read("3d").unwrap(),
                };
                let mut d = referee::create_game(config, &request, &players, i as i64 + 1, base)
                    .expect("default start");
                d.players = if i < players.len() {
                    vec![players[i].clone()]
                } else {
                    Vec::new()
                };
                s.commit(&d, None, base)?;
            }
            Ok(())
        })
        .unwrap();
    // The game-start mails leave, one game a second.
    store
        .immediate(|s| {
            let mut left = 0;
            loop {
                let due = s.due(base, 1000)?;
                if due.is_empty() {
                    break;
                }
                for item in due {
                    s.mark_sent(item.id, base + (left / 2) as i64)?;
                    left += 1;
                }
            }
            Ok(())
        })
        .unwrap();
    // As the daemon does after a turn starts: each game's clock is looked at once.
    let ctx = store.clock_context(base + games as i64, games).unwrap();
    let decision = referee::tick(config, &ctx, base);
    store.commit(&decision, None, base).unwrap();
    assert!(
        store.next_clock_due().unwrap().unwrap() > base + 2 * DAY - 10,
        "every clock is due at its first reminder"
    );
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    let median = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    let max = times[times.len() - 1];
    println!(
        "{what}: median {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} runs)",
        median.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3,
        times.len()
    );
}

/// The process's user + system CPU time, in clock ticks (`/proc/self/stat`).
fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let get = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // After the command name: state is field 0, utime 11, stime 12.
    get(11) + get(12)
}
