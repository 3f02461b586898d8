//! Every path with the store of a real service: a store of 100,000 games (most finished,
//! a tenth running, 20,000 players, 50 events, one player with 2,000 games, one event of
//! 1,000 players) and the same shape at 1,000 games, each measured the same way, so that
//! what does not stay flat shows:
//!
//! 1. deciding one move message: the daemon's whole work on a fetched mail short of IMAP
//!    and SMTP (`daemon::inbound::handle_one`: parse, read the game, referee, commit with
//!    its two mails queued), p50 and p95;
//! 2. `arbitre games`, `arbitre clocks` and `arbitre ratings` (the process, start to end),
//!    and one month's rating period (Glicko-2 over that month's games);
//! 3. the public pages (`arbitre web`, as its own process, over one kept-alive connection):
//!    the front page, the statistics, the busiest player's page, the largest event's page;
//! 4. the daemon's start-up (spawned with a move waiting in its mailbox, until that move is
//!    committed) and its resident memory then: needs the mail servers
//!    (`bash scripts/mail-servers.sh start`);
//! 5. `arbitre store migrate` from the SQLite file to PostgreSQL: needs the test PostgreSQL
//!    server (`bash scripts/postgres.sh start`).
//!
//! The stores are built once, by this file, into `target/bench-stores/` (SQLite) and kept:
//! building the largest takes minutes. Each game is a random game of the five kinds (legal
//! moves from seeded games), the finished ones spread over the last twelve months with a
//! result; every move has its processed mail and its two sent mails in the store, as the
//! daemon leaves them (the mails' bodies shortened). Step 1 decides its moves in a copy of
//! the kept store, made for the run and removed after it: each run starts from the same
//! games (the figures drifted up as the kept games grew, run after run).
//!
//! Run: `cargo bench --bench store_scale` (`ARBITRE_BENCH_SIZES=1000,100000`, the default;
//! `ARBITRE_BENCH_REPEAT=N` decisions and requests per figure, default 1,000 and 200).
//! `-- --only decide,commands,ratings,pages,start-up,migrate` runs only those steps.
//! Without cargo's `--bench` argument (as under `cargo test --all-targets`) it is a smoke
//! test: a store of 300 games in a temporary directory, a few of each measurement, steps 4
//! and 5 left out.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbitre::clock::TimeControl;
use arbitre::clock::duration::DAY;
use arbitre::config::Config;
use arbitre::daemon::DaemonSettings;
use arbitre::daemon::inbound::{Handled, handle_one};
use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::mail::Fetched;
use arbitre::referee::token::{Seat, reply_address};
use arbitre::referee::{
    Decision, GameClock, GameResult, GameStatus, GameTerms, LangFrom, PlayedMove, Player,
    StoredGame,
};
use arbitre::store::{Location, MessageKey, Store};
use arbitre::text::Lang;
use arbitre::tournament::event::{
    Conditions, Entry, EntryPolicy, EntryStatus, EventStatus, Outcome, Pairing, StoredEvent, System,
};

/// The kept stores' format: a store built by an older shape of this file is built again.
const SHAPE_VERSION: u32 = 1;

/// The bot's address and secret in every store and configuration of this bench.
const BOT: &str = "arbitre@bench.example";
const SECRET: &str = "a-long-enough-secret-of-forty-three-characters-or-more-for-benches";

use common::bench::Rng;

/// What a store of `games` games holds.
#[derive(Clone, Copy, Debug)]
struct Shape {
    games: usize,
    players: usize,
    running: usize,
    events: usize,
    /// Entrants of the largest event (event 1).
    big_event: usize,
    /// Entrants of each other event.
    small_event: usize,
    /// Games of the busiest player (`p0`).
    busiest: usize,
}

impl Shape {
    fn of(games: usize) -> Shape {
        let players = (games / 5).max(60);
        Shape {
            games,
            players,
            running: games / 10,
            events: (games / 2000).max(1),
            big_event: 1000.min(players / 2 * 2),
            small_event: 40,
            busiest: 2000.min(games / 5),
        }
    }
}

fn address(player: usize) -> String {
    format!("p{player}@bench.example")
}

fn player(i: usize) -> Player {
    Player {
        address: address(i),
        name: Some(format!("Player {i}")),
        name_chosen: true,
        name_told: true,
        lang: if i.is_multiple_of(2) {
            Lang::EN
        } else {
            Lang::FR
        },
        lang_from: LangFrom::Chosen,
        chat: true,
        zone: i.is_multiple_of(3).then(|| "Europe/Paris".to_string()),
        leave: Vec::new(),
        notify: Default::default(),
        phone: None,
        phone_claim: None,
        pictures: true,
        public: true,
        invitations: true,
        undeliverable: None,
    }
}

/// Seeded random games of each kind, played to their end or `MAX_PLIES`: every game of the
/// store is a prefix of one of them.
struct Templates {
    games: Vec<(GameKind, String, Vec<String>)>,
}

const MAX_PLIES: usize = 80;
const TEMPLATES_PER_KIND: usize = 24;

impl Templates {
    fn new(rng: &mut Rng) -> Templates {
        let mut games = Vec::new();
        for &kind in GameKind::ALL {
            for _ in 0..TEMPLATES_PER_KIND {
                let mut live = AnyGame::new(kind, &Start::Default, None, "").expect("the start");
                let start = live.position_string();
                let mut moves = Vec::new();
                while moves.len() < MAX_PLIES {
                    let legal = live.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.below(legal.len())].clone();
                    live.play(&m).expect("a legal move");
                    moves.push(m);
                }
                games.push((kind, start, moves));
            }
        }
        Templates { games }
    }

    /// A template whose game lasts at least `plies`.
    fn pick(&self, rng: &mut Rng, plies: usize) -> &(GameKind, String, Vec<String>) {
        loop {
            let t = &self.games[rng.below(self.games.len())];
            if t.2.len() >= plies {
                return t;
            }
        }
    }
}

/// A game between `white` and `black` from a template's first `plies` moves, its moves
/// received an hour apart from `from`.
fn game(
    id: i64,
    template: &(GameKind, String, Vec<String>),
    plies: usize,
    white: usize,
    black: usize,
    from: i64,
) -> StoredGame {
    let (kind, start, all) = template;
    let moves = all[..plies]
        .iter()
        .enumerate()
        .map(|(i, m)| PlayedMove {
            text: m.clone(),
            message_id: Some(format!("g{id}-{i}@players.bench.example")),
            received_at: from + (i as i64 + 1) * 3600,
        })
        .collect();
    StoredGame {
        id,
        kind: *kind,
        variant: None,
        start: start.clone(),
        to_move: None,
        options: String::new(),
        white: address(white),
        black: address(black),
        challenger: address(white),
        status: GameStatus::Active,
        moves,
        result: None,
        draw_offer: None,
        undo_request: None,
        hint_request: None,
        takebacks: Vec::new(),
        conditions: None,
        clock: GameClock::default(),
        terms: GameTerms {
            rated: true,
            ..Default::default()
        },
        created_at: from,
        updated_at: from + plies as i64 * 3600,
    }
}

fn finish(g: &mut StoredGame, rng: &mut Rng) {
    g.status = GameStatus::Finished;
    let winner = match rng.below(5) {
        0 => None,
        1 | 2 => Some(Side::White),
        _ => Some(Side::Black),
    };
    g.result = Some(GameResult {
        winner,
        termination: if winner.is_some() {
            "resignation".into()
        } else {
            "agreed-draw".into()
        },
        line: match winner {
            Some(Side::White) => "1-0".into(),
            Some(Side::Black) => "0-1".into(),
            None => "1/2-1/2".into(),
        },
    });
}

/// A running game's clock: 30 days a move, each turn started when the move before it came.
fn timed(g: &mut StoredGame, now: i64) {
    g.clock.control = TimeControl::read("30d").expect("a time control");
    g.clock.started.insert(0, g.created_at);
    for (i, m) in g.moves.iter().enumerate() {
        g.clock.started.insert(i + 1, m.received_at);
    }
    g.clock.next_due = Some(now + 20 * DAY);
}

fn event(id: i64, entrants: &[usize], name: &str, now: i64) -> StoredEvent {
    StoredEvent {
        id,
        name: name.to_string(),
        title: format!("Bench event {id}"),
        conditions: Conditions {
            game: "ataxx".into(),
            variant: None,
            options: String::new(),
            system: System::Swiss { rounds: 7 },
            time: "30d".into(),
            conditional_moves: true,
            takebacks: false,
            draw_offers: None,
            tie_breaks: vec!["BH-C1".into(), "BH".into(), "SB".into()],
            spectator_delay: 0,
            directors: vec!["director@bench.example".into()],
            entry: EntryPolicy::Confirm,
            rated: true,
            variant_pool: false,
        },
        status: EventStatus::Running,
        round: 2,
        lots: id as u64,
        entries: entrants
            .iter()
            .enumerate()
            .map(|(i, &p)| Entry {
                address: address(p),
                name: format!("Player {p}"),
                rating: Some(1200 + (p % 800) as u32),
                club: String::new(),
                status: EntryStatus::Confirmed,
                tpn: Some(i as u32 + 1),
                withdrawn_after: None,
            })
            .collect(),
        pairings: Vec::new(),
        created_at: now - 90 * DAY,
        updated_at: now,
        stuck: None,
    }
}

/// Builds the store of `shape` at `path` (SQLite), with `now` as the present.
fn build(path: &Path, shape: Shape, now: i64) {
    let t = Instant::now();
    let _ = std::fs::remove_file(path);
    let mut store = Store::open(path).unwrap();
    let mut rng = Rng(0x5eed_0000 + shape.games as u64);
    let templates = Templates::new(&mut rng);
    let year = 365 * DAY;
    let ataxx: Vec<usize> = (0..templates.games.len())
        .filter(|&i| templates.games[i].0 == GameKind::Ataxx)
        .collect();
    // The players, then the events with their games (two rounds: the first over, the
    // second being played), then the casual games.
    store
        .immediate(|s| {
            let players: Vec<Player> = (0..shape.players).map(player).collect();
            s.commit(
                &Decision {
                    players,
                    ..Default::default()
                },
                None,
                now - year,
            )?;
            Ok(())
        })
        .unwrap();
    let mut next_id = 1i64;
    let mut running = 0;
    let mut pending: Vec<StoredGame> = Vec::new();
    let mut events = Vec::new();
    for e in 0..shape.events {
        let count = if e == 0 {
            shape.big_event
        } else {
            shape.small_event
        };
        // Event 1 takes the first players; each other one a window further on.
        let first = if e == 0 {
            0
        } else {
            (shape.big_event + e * count) % (shape.players - count)
        };
        let entrants: Vec<usize> = (first..first + count).collect();
        let mut ev = event(e as i64 + 1, &entrants, &format!("bench-{}", e + 1), now);
        for round in 1..=2u32 {
            let started = now - if round == 1 { 60 * DAY } else { 20 * DAY };
            for board in 0..count / 2 {
                // Round 1: 1 v 2, 3 v 4...; round 2: 1 v 3, 2 v 4...
                let (a, b) = if round == 1 {
                    (2 * board, 2 * board + 1)
                } else {
                    let pair = board / 2 * 4 + board % 2;
                    (pair, pair + 2)
                };
                if b >= count {
                    continue;
                }
                let template = &templates.games[ataxx[rng.below(ataxx.len())]];
                let plies = if round == 1 {
                    (20 + rng.below(40)).min(template.2.len())
                } else {
                    (2 + rng.below(15) * 2).min(template.2.len() / 2 * 2)
                };
                let mut g = game(next_id, template, plies, entrants[a], entrants[b], started);
                g.terms.event = Some((ev.id, round));
                if round == 1 {
                    finish(&mut g, &mut rng);
                } else {
                    timed(&mut g, now);
                    running += 1;
                }
                ev.pairings.push(Pairing {
                    round,
                    board: board as u32 + 1,
                    white: a as u32 + 1,
                    black: Some(b as u32 + 1),
                    outcome: Outcome::Game(next_id),
                });
                pending.push(g);
                next_id += 1;
            }
        }
        events.push(ev);
    }
    store
        .immediate(|s| {
            s.commit(
                &Decision {
                    events,
                    ..Default::default()
                },
                None,
                now,
            )?;
            Ok(())
        })
        .unwrap();
    let events_running = running;
    let mut busiest = 0;
    while (next_id as usize) <= shape.games {
        let id = next_id;
        next_id += 1;
        // The busiest player's games first, then everyone's.
        let white = if busiest < shape.busiest {
            busiest += 1;
            0
        } else {
            1 + rng.below(shape.players - 1)
        };
        let mut black = 1 + rng.below(shape.players - 1);
        if black == white {
            black = (black % (shape.players - 1)) + 1;
        }
        let (white, black) = if id % 2 == 0 {
            (white, black)
        } else {
            (black, white)
        };
        // At least a twentieth of the games running casually, whatever the events hold.
        if running < shape.running.max(events_running + shape.games / 20) {
            running += 1;
            let template = templates.pick(&mut rng, 4);
            let plies = (2 + rng.below(20) * 2).min(template.2.len() / 2 * 2 - 2);
            let mut g = game(id, template, plies, white, black, now - 30 * DAY);
            if id % 4 == 0 {
                timed(&mut g, now);
            }
            pending.push(g);
        } else {
            let template = templates.pick(&mut rng, 10);
            let plies = 10 + rng.below(template.2.len() - 9);
            let from = now - year + (rng.below(360) as i64) * DAY;
            let mut g = game(id, template, plies, white, black, from);
            finish(&mut g, &mut rng);
            pending.push(g);
        }
        if pending.len() >= 2000 {
            save(&mut store, &mut pending, now);
        }
    }
    save(&mut store, &mut pending, now);
    drop(store);
    println!(
        "  built {} games ({} running), {} players, {} event(s) in {:.1} s: {}",
        shape.games,
        running,
        shape.players,
        shape.events,
        t.elapsed().as_secs_f64(),
        path.display()
    );
}

/// Commits `games` and what the daemon left for each of their moves: the processed mail,
/// the forward and the confirmation sent.
fn save(store: &mut Store, games: &mut Vec<StoredGame>, now: i64) {
    store
        .immediate(|s| {
            s.commit(
                &Decision {
                    games: games.clone(),
                    ..Default::default()
                },
                None,
                now,
            )?;
            let conn = s.database().sqlite_conn().expect("the bench builds on SQLite");
            let mut processed = conn
                .prepare_cached(
                    "INSERT INTO processed (mailbox, uidvalidity, uid, message_id, processed_at, summary)
                     VALUES ('INBOX', 1, ?1, ?2, ?3, 'move')",
                )
                .unwrap();
            let mut outbox = conn
                .prepare_cached(
                    "INSERT INTO outbox (message_id, recipient, subject, body, refs, game_id, auto,
                                         created_at, status, attempts, next_attempt_at, sent_at)
                     VALUES (?1, ?2, ?3, 'the move, the board, the moves so far', '', ?4, 'move',
                             ?5, 'sent', 1, ?5, ?5)",
                )
                .unwrap();
            for g in games.iter() {
                for (i, m) in g.moves.iter().enumerate() {
                    let uid = g.id * 1000 + i as i64;
                    let id = m.message_id.as_deref().unwrap_or_default();
                    processed
                        .execute(rusqlite::params![uid, id, m.received_at])
                        .unwrap();
                    let subject = format!("[arbitre #{}] {}", g.id, g.kind.name());
                    let (mover, other) = if i % 2 == 0 {
                        (&g.white, &g.black)
                    } else {
                        (&g.black, &g.white)
                    };
                    for (n, to) in [(0, other), (1, mover)] {
                        outbox
                            .execute(rusqlite::params![
                                format!("g{}-{i}-{n}@{BOT}", g.id),
                                to,
                                subject,
                                g.id,
                                m.received_at
                            ])
                            .unwrap();
                    }
                }
            }
            Ok(())
        })
        .unwrap();
    games.clear();
}

/// The configuration of the daemon, the pages and the commands on `location`.
fn config_text(location: &Location) -> String {
    format!(
        "[bot]\naddress = \"{BOT}\"\nplus-addressing = true\ntrust-unverified-senders = true\n\
         max-replies-per-hour = 1000000\nsecret.raw = \"{SECRET}\"\n\
         [store]\n{store}\n\
         [imap]\nhost = \"imap.bench.example\"\nuser = \"u\"\npassword.raw = \"p\"\n\
         [smtp]\nhost = \"smtp.bench.example\"\n[log]\nlevel = \"warn\"\n",
        store = arbitre::store::testing::store_toml(location),
    )
}

fn write_config(dir: &Path, location: &Location) -> PathBuf {
    let path = dir.join("arbitre.toml");
    std::fs::write(&path, config_text(location)).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    path
}

/// Step 1, deciding move messages: `repeat` running casual games, each sent its next move from
/// the player to move, decided one after the other.
fn decide_moves(path: &Path, in_events: bool, repeat: usize, rt: &tokio::runtime::Runtime) {
    let location = Location::Sqlite(path.to_path_buf());
    let config = Config::parse(&config_text(&location)).unwrap();
    let settings = DaemonSettings::from_config(&config).unwrap();
    let store = Store::open(path).unwrap();
    let ids: Vec<i64> = store
        .database()
        .query_map(
            if in_events {
                "SELECT id FROM games WHERE status = 'active' AND event_id IS NOT NULL ORDER BY id"
            } else {
                "SELECT id FROM games WHERE status = 'active' AND event_id IS NULL ORDER BY id"
            },
            arbitre::store_params![],
            |r| r.get(0),
        )
        .unwrap();
    assert!(!ids.is_empty(), "the store has running games");
    let shared = Arc::new(Mutex::new(store));
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as u32;
    let mut rng = Rng(u64::from(run) | 1);
    let mut ms = Vec::with_capacity(repeat);
    let mut committed = 0;
    // The two series of a run (casual games, events' games) under other mail names.
    let series = u32::from(in_events);
    let mut n = 0;
    while committed < repeat {
        n += 1;
        assert!(n < repeat * 10 + 100, "too few running games take a move");
        let id = ids[rng.below(ids.len())];
        let game = shared.lock().unwrap().game(id).unwrap().expect("the game");
        if game.status != GameStatus::Active {
            continue;
        }
        let live = game.rebuild().expect("a stored game rebuilds");
        let legal = live.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let side = live.side_to_move();
        let from = match side {
            Side::White => &game.white,
            Side::Black => &game.black,
        };
        let to = reply_address(&settings.referee, Seat { game: id, side }).expect("plus");
        let raw = format!(
            "From: {from}\r\nTo: {to}\r\nSubject: Re: [arbitre #{id}] {}\r\n\
             Message-ID: <scale-{run}-{series}-{n}@players.bench.example>\r\n\
             Date: Sun, 29 Nov 2026 12:00:00 +0000\r\n\r\n{}\r\n",
            game.kind.name(),
            legal[rng.below(legal.len())]
        );
        let fetched = Fetched {
            key: MessageKey {
                mailbox: "INBOX".into(),
                uidvalidity: run,
                uid: series * 1_000_000 + n as u32,
            },
            size: raw.len(),
            raw: raw.into_bytes(),
            received_at: arbitre::daemon::now(),
        };
        let at = Instant::now();
        let handled = rt
            .block_on(handle_one(&settings, &shared, &fetched))
            .unwrap();
        ms.push(at.elapsed().as_secs_f64() * 1000.0);
        match handled {
            Handled::Committed { mails, summary, .. } => {
                assert!(mails >= 1, "a move sends its mails: {summary}");
                committed += 1;
            }
            other => panic!("a move in game {id} was not committed: {other:?}"),
        }
    }
    let what = if in_events {
        "a move of an event's game"
    } else {
        "a move of a casual game"
    };
    common::bench::stats(&format!("  decide {what} ({committed} moves)"), ms);
}

/// Step 2, the director's commands: each a process from start to end (the median of `runs`).
fn commands(config: &Path, runs: usize) {
    for args in [&["games"][..], &["clocks"], &["ratings"]] {
        let mut ms = Vec::new();
        let mut lines = 0;
        for _ in 0..runs {
            let at = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
                .args(args)
                .arg("--config")
                .arg(config)
                .output()
                .unwrap();
            ms.push(at.elapsed().as_secs_f64() * 1000.0);
            assert!(
                out.status.success(),
                "arbitre {args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
        }
        common::bench::stats(&format!("  arbitre {} ({lines} lines)", args[0]), ms);
    }
}

/// Step 2, the ratings: the rated games read from the store, every pool's periods worked out
/// (what `arbitre ratings` and the pages do), and the busiest month of one pool alone.
fn ratings(path: &Path, now: i64) {
    use arbitre::rating::glicko;
    use arbitre::rating::history::period_of;
    let store = Store::open(path).unwrap();
    let at = Instant::now();
    let record = store.rating_record().unwrap();
    let read = at.elapsed();
    let at = Instant::now();
    let all = record.ratings(period_of(now) - 1);
    let worked = at.elapsed();
    let rated: usize = all.values().map(|p| p.len()).sum();
    let mut months: std::collections::BTreeMap<(&str, i64), Vec<_>> = Default::default();
    for g in &record.games {
        months
            .entry((g.pool.as_str(), period_of(g.finished_at)))
            .or_default()
            .push((g.white.clone(), g.black.clone(), g.score));
    }
    let ((pool, _), busiest) = months
        .iter()
        .max_by_key(|(_, games)| games.len())
        .expect("rated games");
    let at = Instant::now();
    let after = glicko::period(&Default::default(), busiest, glicko::TAU);
    let month = at.elapsed();
    println!(
        "  ratings: {} rated games read in {:.1} ms; every period of every pool ({rated} \
         ratings) in {:.1} ms; one month of {pool} ({} games, {} players) in {:.1} ms",
        record.games.len(),
        read.as_secs_f64() * 1000.0,
        worked.as_secs_f64() * 1000.0,
        busiest.len(),
        after.len(),
        month.as_secs_f64() * 1000.0
    );
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Step 3, the public pages: `repeat` requests each over one connection.
fn pages(config: &Path, shape: Shape, repeat: usize, rt: &tokio::runtime::Runtime) {
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
    let until = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&listen).is_err() {
        assert!(Instant::now() < until, "arbitre web does not answer");
        std::thread::sleep(Duration::from_millis(50));
    }
    let key = Config::load(config).unwrap().page_keys().unwrap().remove(0);
    let busiest = arbitre::web::handle::handle(&key, &address(0));
    let pages = [
        ("front page".to_string(), "/".to_string()),
        ("statistics".to_string(), "/stats".to_string()),
        (
            format!("busiest player's page ({} games)", shape.busiest),
            format!("/players/{busiest}"),
        ),
        (
            format!("largest event's page ({} players)", shape.big_event),
            "/events/bench-1".to_string(),
        ),
    ];
    let client = reqwest::Client::new();
    rt.block_on(async {
        for (label, path) in &pages {
            let mut ms = Vec::with_capacity(repeat);
            let mut size = 0;
            for _ in 0..repeat {
                let at = Instant::now();
                let response = client
                    .get(format!("http://{listen}{path}"))
                    .send()
                    .await
                    .unwrap();
                assert!(
                    response.status().is_success(),
                    "{path}: {}",
                    response.status()
                );
                size = response.bytes().await.unwrap().len();
                ms.push(at.elapsed().as_secs_f64() * 1000.0);
            }
            common::bench::stats(&format!("  {label}, {:.0} KB", size as f64 / 1024.0), ms);
        }
    });
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", server.0.id())).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    println!(
        "  the pages' server: {} resident, peak {}",
        field("VmRSS:"),
        field("VmHWM:")
    );
}

/// Step 4, the daemon's start-up: spawned on a copy of the store with one move waiting in its
/// mailbox, until that move is committed; its resident memory then.
fn start_up(path: &Path, dir: &Path, env: &common::MailEnv, rt: &tokio::runtime::Runtime) {
    let copy = dir.join("start-up.sqlite");
    std::fs::copy(path, &copy).unwrap();
    // With its write-ahead log: a step before may have left changes there (a migration's
    // new index), and the file alone would then name pages it does not hold.
    let wal = |p: &Path| PathBuf::from(format!("{}-wal", p.display()));
    if wal(path).exists() {
        std::fs::copy(wal(path), wal(&copy)).unwrap();
    }
    let bot = rt.block_on(env.accounts(&["scale"])).remove(0);
    let name = format!("scale-{}", std::process::id());
    let secret = format!("integration-test-secret-long-enough-for-any-check-{name}");
    // The daemon's own bot address and secret (those of `Daemon::start_on_with`): its
    // reply addresses.
    let text = config_text(&Location::Sqlite(copy.clone()))
        .replace(BOT, &bot)
        .replace(SECRET, &secret);
    let referee = Config::parse(&text).unwrap().referee().unwrap();
    let store = Store::open(&copy).unwrap();
    let id: i64 = store
        .database()
        .query_row(
            "SELECT max(id) FROM games WHERE status = 'active' AND event_id IS NULL",
            arbitre::store_params![],
            |r| r.get(0),
        )
        .unwrap();
    let game = store.game(id).unwrap().unwrap();
    drop(store);
    let live = game.rebuild().unwrap();
    let side = live.side_to_move();
    let from = match side {
        Side::White => &game.white,
        Side::Black => &game.black,
    };
    let to = reply_address(&referee, Seat { game: id, side }).unwrap();
    let message_id = format!("start-up-{name}@players.bench.example");
    let raw = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: [arbitre #{id}]\r\nMessage-ID: <{message_id}>\r\n\r\n{}\r\n",
        live.legal_moves()[0]
    );
    // Delivered through the mail servers (the new account has no mailbox folder before its
    // first mail), and waited for in the mailbox before the daemon starts.
    rt.block_on(async {
        env.deliver_from_outside(from, &to, &raw).await;
        env.wait_for(&bot, 1, Duration::from_secs(30)).await;
    });
    let at = Instant::now();
    let daemon = common::Daemon::start_on_with(
        env,
        &bot,
        &name,
        "trust-unverified-senders = true",
        &Location::Sqlite(copy.clone()),
    );
    let reader = Store::open(&copy).unwrap();
    loop {
        let done: i64 = reader
            .database()
            .query_row(
                "SELECT count(*) FROM processed WHERE message_id = ?1",
                arbitre::store_params![message_id],
                |r| r.get(0),
            )
            .unwrap();
        if done > 0 {
            break;
        }
        assert!(
            at.elapsed() < Duration::from_secs(120),
            "the waiting move was not decided:\n{}",
            daemon.log()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let started = at.elapsed();
    println!(
        "  daemon start-up, until the waiting move is committed: {:.0} ms; resident {} kB, peak {} kB",
        started.as_secs_f64() * 1000.0,
        daemon.memory_kb("VmRSS").unwrap_or(0),
        daemon.memory_kb("VmHWM").unwrap_or(0)
    );
    drop(daemon);
    let _ = std::fs::remove_file(&copy);
}

/// Step 5, `arbitre store migrate` into a fresh PostgreSQL schema.
fn migrate(path: &Path, server: &arbitre::store::testing::TestServer, label: &str) {
    let to = server.fresh(label);
    let Location::Postgres(pg) = &to else {
        panic!("a PostgreSQL location")
    };
    let at = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args([
            "store",
            "migrate",
            "--from",
            path.to_str().unwrap(),
            "--to",
            &pg.url,
        ])
        .arg("--password-command")
        .arg(format!("echo {}", pg.password.clone().unwrap_or_default()))
        .arg("--ca-file")
        .arg(pg.ca_file.clone().unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "arbitre store migrate: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    println!(
        "  arbitre store migrate, SQLite to PostgreSQL: {:.1} s ({} MB file)",
        at.elapsed().as_secs_f64(),
        std::fs::metadata(path).map_or(0, |m| m.len() >> 20)
    );
}

/// The kept store of `shape` (built when missing or of an older shape).
fn kept_store(dir: &Path, shape: Shape, now: i64) -> PathBuf {
    let path = dir.join(format!("scale-{}-v{SHAPE_VERSION}.sqlite", shape.games));
    if !path.exists() {
        let building = path.with_extension("building");
        build(&building, shape, now);
        std::fs::rename(&building, &path).unwrap();
    } else {
        println!("  kept store: {}", path.display());
    }
    path
}

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let sizes: Vec<usize> = if bench_mode {
        std::env::var("ARBITRE_BENCH_SIZES")
            .unwrap_or_else(|_| "1000,100000".into())
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect()
    } else {
        vec![300]
    };
    let repeat =
        common::bench::env_number("ARBITRE_BENCH_REPEAT", if bench_mode { 1000 } else { 5 });
    let page_repeat = if bench_mode { repeat / 5 } else { 2 };
    let runs = if bench_mode { 5 } else { 1 };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let scratch = std::env::temp_dir().join(format!("arbitre-bench-scale-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let kept = if bench_mode {
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../bench-stores")
    } else {
        scratch.clone()
    };
    std::fs::create_dir_all(&kept).unwrap();
    // The stores' present: the start of this day, so that a kept store's clocks and
    // months stay where they were when it was built (within a day).
    let now = arbitre::daemon::now() / DAY * DAY;
    let args: Vec<String> = std::env::args().collect();
    let only: Option<Vec<String>> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map(|steps| steps.split(',').map(str::to_string).collect());
    let step = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|s| s == name));
    let env = if bench_mode {
        common::MailEnv::load()
    } else {
        None
    };
    let pg = if bench_mode {
        arbitre::store::testing::server()
    } else {
        None
    };
    for &games in &sizes {
        let shape = Shape::of(games);
        println!("store of {games} games:");
        let path = kept_store(&kept, shape, now);
        let config = write_config(&scratch, &Location::Sqlite(path.clone()));
        if step("decide") {
            let copy = scratch.join("decide.sqlite");
            std::fs::copy(&path, &copy).expect("a copy of the kept store to decide in");
            decide_moves(&copy, false, repeat, &rt);
            decide_moves(&copy, true, (repeat / 5).max(3), &rt);
            for end in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{end}", copy.display()));
            }
        }
        if step("commands") {
            commands(&config, runs);
        }
        if step("ratings") {
            ratings(&path, arbitre::daemon::now());
        }
        if step("pages") {
            pages(&config, shape, page_repeat, &rt);
        }
        match &env {
            Some(env) if step("start-up") => start_up(&path, &scratch, env, &rt),
            None if bench_mode => println!(
                "  daemon start-up: not measured (start the mail servers: bash scripts/mail-servers.sh start)"
            ),
            _ => {}
        }
        match &pg {
            Some(server) if step("migrate") => migrate(&path, server, &format!("scale_{games}")),
            None if bench_mode => println!(
                "  store migrate: not measured (start PostgreSQL: bash scripts/postgres.sh start)"
            ),
            _ => {}
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
