//! A small installation for the tests of the public pages, built the way a director and
//! players build one: a round robin of four on Ataxx with a spectator delay of two moves
//! (created, entered and started with `arbitre tournament`), casual games created with
//! `arbitre new`, moves added to the store as the daemon stores them, a game decided with
//! `arbitre adjudicate`, and player records (one whose mail gives their address as their
//! name, one who hid their casual games). Then `arbitre web` serves it on a free port.

#![allow(dead_code)]

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbitre::referee::{Decision, PlayedMove, Player};
use arbitre::store::Store;
use arbitre::text::Lang;

/// The command line's helpers (a test crate that has site.rs takes them from here: a file
/// is loaded as one module only).
#[path = "cli.rs"]
pub mod cli;

// Each test crate uses part of these.
#[allow(unused_imports)]
pub use cli::{Scratch, arbitre, ok, write_config};

/// The entrants of the event: name, address, rating.
pub const ENTRANTS: &[(&str, &str, u32)] = &[
    ("Ada Lovelace", "ada@example.org", 2100),
    ("Blaise Pascal", "blaise@example.org", 2050),
    ("Carl Gauss", "carl@example.org", 2000),
    ("Dora Marsden", "dora@example.org", 1950),
];
/// A casual player only, whose mail program gives their address as their name.
pub const ZOE: &str = "zoe@example.org";
/// The event's director.
pub const DIRECTOR: &str = "td@example.org";
/// The event's spectator delay, in moves.
pub const DELAY: usize = 2;

/// The computer's seat at level 4 (a director may seat it: a stand-in).
pub const COMPUTER: &str = "level-4@arbitre.invalid";

/// The installation.
pub struct Site {
    /// Its directory (the configuration; the store too, on SQLite).
    pub dir: Scratch,
    /// The configuration file.
    pub config: String,
    /// A casual Abalone game between Ada and Zoe, 12 moves played.
    pub casual: i64,
    /// A casual Sauterelle game of Blaise (who hid his casual games) and Zoe.
    pub hidden: i64,
    /// An event game being played, 7 moves played (spectators see 5).
    pub live: i64,
    /// An event game with 4 moves, decided by the director.
    pub decided: i64,
    /// A casual Ataxx game of Ada against the computer at level 4, 6 moves played.
    pub computer: i64,
}

impl Site {
    /// Every address the installation knows: none may appear on a page.
    pub fn addresses(&self) -> Vec<String> {
        let mut all: Vec<String> = ENTRANTS.iter().map(|e| e.1.to_string()).collect();
        all.push(ZOE.to_string());
        all.push(DIRECTOR.to_string());
        all.push("arbitre@example.org".to_string());
        all.push(COMPUTER.to_string());
        all
    }

    /// The store, opened from the configuration.
    pub fn store(&self) -> Store {
        arbitre::config::open_store_of(Path::new(&self.config)).expect("the store opens")
    }
}

/// Builds the installation in a scratch directory named after `name`.
pub fn build(name: &str) -> Site {
    let dir = Scratch::new("web", name);
    let config = cli::write_config(
        &dir,
        "arbitre@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more-for-tests",
        "",
    )
    .display()
    .to_string();
    let c = config.as_str();
    start_event(&dir, c, "autumn", "Autumn Ataxx", "ataxx", ENTRANTS, DELAY);
    let mut store = arbitre::config::open_store_of(Path::new(c)).expect("the store opens");
    let round1 = event_games(&store, 1);
    let (live, decided) = (round1[0], round1[1]);
    let casual = new_game(&store, c, "abalone", None, ENTRANTS[0].1, ZOE);
    let hidden = new_game(&store, c, "sauterelle", None, ENTRANTS[1].1, ZOE);
    let computer = new_game(&store, c, "ataxx", None, COMPUTER, ENTRANTS[0].1);
    play(&mut store, live, 7);
    play(&mut store, decided, 4);
    play(&mut store, casual, 12);
    play(&mut store, hidden, 3);
    play(&mut store, computer, 6);
    ok(&[
        "adjudicate",
        "--config",
        c,
        &decided.to_string(),
        "--result",
        "white",
        "--reason",
        "test result",
    ]);
    let player = |address: &str, name: Option<&str>, public: bool| Player {
        name: name.map(str::to_string),
        public,
        ..Player::new(address, Lang::EN)
    };
    let decision = Decision {
        players: vec![
            player(ENTRANTS[0].1, Some("Ada L."), true),
            player(ENTRANTS[1].1, Some("Blaise"), false),
            player(ZOE, Some(ZOE), true),
        ],
        ..Default::default()
    };
    store.commit(&decision, None, 1).unwrap();
    Site {
        dir,
        config,
        casual,
        hidden,
        live,
        decided,
        computer,
    }
}

/// Creates the round robin `name` titled `title` on `game` (10 days a move, directed by
/// [`DIRECTOR`], entries closed, spectators `delay` moves late) in the installation of
/// `config` (in `dir`), enters `entrants` (name, address, rating) and starts it: the games
/// of its first round exist.
pub fn start_event(
    dir: &Path,
    config: &str,
    name: &str,
    title: &str,
    game: &str,
    entrants: &[(&str, &str, u32)],
    delay: usize,
) {
    ok(&[
        "tournament",
        "create",
        "--config",
        config,
        name,
        "--title",
        title,
        "--game",
        game,
        "--system",
        "round-robin",
        "--time",
        "10d",
        "--director",
        DIRECTOR,
        "--entry",
        "closed",
        "--spectator-delay",
        &delay.to_string(),
    ]);
    let entries = dir.join(format!("{name}-entries.csv"));
    let mut text = String::from("name,address,rating,club\n");
    for (name, address, rating) in entrants {
        text.push_str(&format!("\"{name}\",{address},{rating},FRA\n"));
    }
    std::fs::write(&entries, text).unwrap();
    ok(&[
        "tournament",
        "enter",
        "--config",
        config,
        name,
        "--file",
        entries.to_str().unwrap(),
    ]);
    ok(&["tournament", "start", "--config", config, name]);
}

/// The games of the event's round `round`, by number.
pub fn event_games(store: &Store, round: u32) -> Vec<i64> {
    store
        .games()
        .unwrap()
        .into_iter()
        .filter(|g| g.terms.event.is_some_and(|(_, r)| r == round))
        .map(|g| g.id)
        .collect()
}

/// A casual game set up by the director's command (on `config`, which names `store`), from
/// `variant` when given, its number.
pub fn new_game(
    store: &Store,
    config: &str,
    game: &str,
    variant: Option<&str>,
    white: &str,
    black: &str,
) -> i64 {
    let mut args = vec![
        "new", "--config", config, "-g", game, "--white", white, "--black", black,
    ];
    if let Some(v) = variant {
        args.extend(["--variant", v]);
    }
    let out = ok(&args);
    let id = store.next_game_id().unwrap() - 1;
    assert!(out.contains(&id.to_string()), "{out}");
    id
}

/// Plays `plies` more moves in game `id` (each side its first legal move), stored as the
/// daemon stores moves.
pub fn play(store: &mut Store, id: i64, plies: usize) {
    play_opening(store, id, &[], plies);
}

/// Plays `plies` more moves in game `id`: the moves of `opening` first (in canonical
/// notation), then each side its first legal move; stored as the daemon stores moves.
pub fn play_opening(store: &mut Store, id: i64, opening: &[&str], plies: usize) {
    let mut game = store.game(id).unwrap().expect("the game");
    let mut live = game.rebuild().expect("the game replays");
    for i in 0..plies {
        let m = match opening.get(i) {
            Some(m) => m.to_string(),
            None => live.legal_moves().into_iter().next().expect("a legal move"),
        };
        live.play(&m)
            .unwrap_or_else(|e| panic!("game {id}: `{m}`: {e:?}"));
        game.moves.push(PlayedMove {
            text: m,
            message_id: Some(format!("move-{id}-{i}@players.example")),
            received_at: 1_700_000_000 + i as i64,
        });
    }
    game.updated_at += 1;
    let decision = Decision {
        games: vec![game],
        ..Default::default()
    };
    store.commit(&decision, None, 1_700_000_100).unwrap();
}

/// `arbitre web` serving an installation, stopped when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `arbitre web` on a free port of 127.0.0.1 and waits until it answers.
pub fn serve(config: &str) -> Served {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["web", "--config", config, "--listen", &listen])
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let served = Served {
        child,
        base: format!("http://{listen}"),
    };
    let until = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(&listen).is_err() {
        assert!(
            Instant::now() < until,
            "arbitre web did not start on {listen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    served
}
