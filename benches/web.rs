//! What the public pages cost: `arbitre web` (this build, as its own process) serving a
//! store of long games, one per game that reaches 300 plies playing each side's first legal
//! move. Each page is fetched many times in turn over one kept-alive connection on loopback
//! (median and 95th percentile of the whole request); then, when `wrk` is installed, a
//! bounded load on the 300-ply game's page (2 threads, 32 connections, 10 seconds): requests
//! per second, latency, and the memory the server holds before, after and at its peak.
//!
//! Run: `cargo bench --bench web` (`ARBITRE_BENCH_REPEAT=N` requests per page,
//! `ARBITRE_BENCH_LOAD_SECONDS=S`). Without cargo's `--bench` argument (as under
//! `cargo test --all-targets`) it is a smoke test: each page fetched twice, no load.

#[path = "../tests/common/bench.rs"]
mod bench;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::referee::{Decision, GameStatus, PlayedMove, StoredGame};
use arbitre::store::Store;

/// The plies of the long games.
const PLIES: usize = 300;

/// A game of `kind` with up to `plies` moves, each side playing its first legal move.
fn long_game(id: i64, kind: GameKind, plies: usize) -> StoredGame {
    let mut live = AnyGame::new(kind, &Start::Default, None, "").expect("the usual start");
    let start = live.position_string();
    let mut moves = Vec::new();
    for i in 0..plies {
        let Some(m) = live.legal_moves().into_iter().next() else {
            break;
        };
        live.play(&m).expect("a legal move");
        moves.push(PlayedMove {
            text: m,
            message_id: Some(format!("bench-{id}-{i}@players.example")),
            received_at: 1_700_000_000 + i as i64 * 3600,
        });
    }
    StoredGame {
        id,
        kind,
        variant: None,
        start,
        to_move: None,
        options: String::new(),
        white: format!("white{id}@example.org"),
        black: format!("black{id}@example.org"),
        challenger: format!("white{id}@example.org"),
        status: GameStatus::Active,
        moves,
        result: None,
        draw_offer: None,
        undo_request: None,
        hint_request: None,
        takebacks: Vec::new(),
        conditions: None,
        clock: Default::default(),
        created_at: 1_700_000_000,
        updated_at: 1_700_000_000 + PLIES as i64 * 3600,
        terms: Default::default(),
    }
}

/// The server's resident memory and its peak, in KiB (`/proc/PID/status`).
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::main]
async fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let repeat = bench::env_number("ARBITRE_BENCH_REPEAT", if bench_mode { 300 } else { 2 });
    let load_seconds = bench::env_number("ARBITRE_BENCH_LOAD_SECONDS", 10);
    let dir = std::env::temp_dir().join(format!("arbitre-bench-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store_path = dir.join("s.sqlite");
    let mut store = Store::open(&store_path).unwrap();
    let mut long = Vec::new();
    for (i, kind) in GameKind::ALL.iter().enumerate() {
        let game = long_game(i as i64 + 1, *kind, PLIES);
        if game.moves.len() == PLIES {
            long.push((game.id, kind.name(), game.moves.len()));
        }
        let decision = Decision {
            games: vec![game],
            ..Default::default()
        };
        store.commit(&decision, None, 1_700_000_000).unwrap();
    }
    drop(store);
    let config = dir.join("arbitre.toml");
    std::fs::write(
        &config,
        format!(
            "[bot]\naddress = \"arbitre@example.org\"\nplus-addressing = true\n\
             secret.raw = \"a-long-enough-secret-of-forty-three-characters-or-more-for-benches\"\n[store]\npath = \"{}\"\n\
             [imap]\nhost = \"imap.example.org\"\nuser = \"u\"\npassword.raw = \"p\"\n\
             [smtp]\nhost = \"smtp.example.org\"\n[log]\nlevel = \"warn\"\n",
            store_path.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o600)).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let server = Server(
        Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .args([
                "web",
                "--config",
                config.to_str().unwrap(),
                "--listen",
                &listen,
            ])
            .stdout(Stdio::null())
            .spawn()
            .expect("arbitre web starts"),
    );
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&listen).is_err() {
        assert!(Instant::now() < until, "arbitre web does not answer");
        std::thread::sleep(Duration::from_millis(50));
    }
    let base = format!("http://{listen}");
    let client = reqwest::Client::new();
    let (rss_start, _) = memory(server.0.id());
    println!("web: {repeat} requests per page, one connection, on loopback");
    let mut pages = vec![("front page".to_string(), "/".to_string())];
    for (id, name, plies) in &long {
        pages.push((
            format!("{name} game of {plies} plies"),
            format!("/games/{id}"),
        ));
        pages.push((
            format!("{name} game of {plies} plies at ply 150"),
            format!("/games/{id}?ply=150"),
        ));
        pages.push((format!("{name} record"), format!("/games/{id}/record")));
    }
    for (label, path) in &pages {
        let mut ms = Vec::with_capacity(repeat);
        let mut size = 0;
        for _ in 0..repeat {
            let at = Instant::now();
            let response = client.get(format!("{base}{path}")).send().await.unwrap();
            assert!(response.status().is_success(), "{path}");
            size = response.bytes().await.unwrap().len();
            ms.push(at.elapsed().as_secs_f64() * 1000.0);
        }
        bench::stats(&format!("{label} ({:.1} KB)", size as f64 / 1024.0), ms);
    }
    let (rss_after, peak) = memory(server.0.id());
    println!(
        "server memory: {rss_start} KiB at start, {rss_after} KiB after the pages, peak {peak} KiB"
    );
    if !bench_mode {
        return;
    }
    let Some((id, name, plies)) = long.first() else {
        return;
    };
    let wrk = Command::new("wrk")
        .args([
            "-t2",
            "-c32",
            &format!("-d{load_seconds}s"),
            "--latency",
            &format!("{base}/games/{id}"),
        ])
        .output();
    match wrk {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            println!("load: wrk -t2 -c32 -d{load_seconds}s on the {name} game of {plies} plies");
            for line in text.lines() {
                let l = line.trim();
                if l.starts_with("Requests/sec")
                    || l.starts_with("Latency")
                    || l.starts_with("50%")
                    || l.starts_with("99%")
                    || l.contains("requests in")
                    || l.starts_with("Non-2xx")
                    || l.starts_with("Socket errors")
                {
                    println!("  {l}");
                }
            }
            let (rss_end, peak) = memory(server.0.id());
            println!("server memory after the load: {rss_end} KiB, peak {peak} KiB");
        }
        _ => println!("load: wrk is not installed (apt-get install wrk): no load test"),
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
