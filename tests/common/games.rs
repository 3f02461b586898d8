//! Many director-created Abalone games at once, for the tests and benchmarks that push
//! moves through the daemon in bulk (bursts, outages, crashes): the games, the move each
//! player will send, and each move's mail, addressed to the mover's own reply address as a
//! mail client's reply is (that address carries the key that proves the sender).

use std::time::{Duration, Instant};

use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::referee::RefereeConfig;
use arbitre::referee::token::{Seat, reply_address};

use super::{Daemon, MailEnv};

/// The games and the moves planned for each.
pub struct Games {
    /// The bot's address.
    pub bot: String,
    /// Game numbers, in creation order.
    pub ids: Vec<i64>,
    /// `(white, black)` of each game.
    pub players: Vec<(String, String)>,
    /// The planned moves of each game: `(move as sent, line as forwarded)`.
    pub plans: Vec<Vec<(String, String)>>,
    /// The daemon's reply-address keys (its name's secret).
    keys: RefereeConfig,
    /// The name the daemon's secret is made from (unique to the test).
    name: String,
}

/// `plies` legal Abalone moves from the start, a different line for each `seed`.
pub fn abalone_line(plies: usize, seed: usize) -> Vec<(String, String)> {
    let mut g = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let mut out = Vec::new();
    for ply in 0..plies {
        let legal = g.legal_moves();
        let mv = legal[(ply * 7 + seed * 13) % legal.len()].clone();
        let line = g.play(&mv).unwrap().line;
        out.push((mv, line));
    }
    out
}

/// Fresh player accounts for `games` games: `[w0, b0, w1, b1, ...]`.
pub async fn player_accounts(env: &MailEnv, games: usize) -> Vec<String> {
    let names: Vec<String> = (0..games)
        .flat_map(|g| [format!("w{g}"), format!("b{g}")])
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    env.accounts(&refs).await
}

/// Waits until each of `players` got `per_player` mails of distinct Message-IDs (the start
/// mail and one per move of their game) and returns how many copies came beyond one per
/// Message-ID, in all: a send repeated because its result could not be recorded (a crash,
/// a lost store session) goes again under the same Message-ID. `what` names the run in a
/// failure.
pub async fn extra_copies(
    env: &MailEnv,
    players: &[String],
    per_player: usize,
    what: &str,
) -> usize {
    let mut extra = 0;
    for p in players {
        let mails = env.wait_for(p, per_player, Duration::from_secs(120)).await;
        let mut ids: Vec<String> = mails.iter().map(super::Mail::message_id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(
            ids.len(),
            per_player,
            "{p}: every mail, once per Message-ID ({what})"
        );
        extra += mails.len() - ids.len();
    }
    extra
}

/// A size setting of a bulk test from the environment (`name`), or `default`.
pub fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small xorshift generator for a bulk test's random moments (when to kill, whom): they
/// vary from run to run, and the seed is printed so that a failing run can be repeated
/// with the seed's variable.
pub struct Moments(pub u64);

impl Moments {
    /// The generator seeded from the variable `name`, or from the clock; with its seed.
    pub fn seeded(name: &str) -> (Moments, u64) {
        let seed = std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
                    | 1
            });
        (Moments(seed), seed)
    }

    /// A number in `[low, high)`.
    pub fn next(&mut self, low: u64, high: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        low + self.0 % (high - low)
    }

    /// Where a burst of `total` moves is interrupted (its daemon killed, its store sessions
    /// cut), as counts of processed moves: `n` distinct points, sorted, within the first
    /// nine tenths of the burst, so that every interruption lands while moves still wait,
    /// however fast the daemon drains (one after a random delay could come after the end on
    /// a fast machine).
    pub fn progress_points(&mut self, n: usize, total: u64) -> Vec<u64> {
        let last = total * 9 / 10;
        assert!(
            (n as u64) < last,
            "{n} interruptions need a burst of more than {total} moves"
        );
        let mut points = Vec::with_capacity(n);
        while points.len() < n {
            let p = self.next(1, last + 1);
            if !points.contains(&p) {
                points.push(p);
            }
        }
        points.sort_unstable();
        points
    }
}

/// Waits until at least `count` inbound messages were processed, at most `within`; `what`
/// names the run in a failure.
pub async fn wait_processed(
    store: &arbitre::store::Store,
    count: u64,
    within: Duration,
    what: &str,
) {
    let deadline = Instant::now() + within;
    while store.processed_count().unwrap() < count {
        assert!(
            Instant::now() < deadline,
            "{} of the {count} moves to wait for were processed ({what})",
            store.processed_count().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Waits until `total` inbound messages were processed and the outbox is empty, at most
/// `within`; `what` names the run in a failure.
pub async fn wait_drained(store: &arbitre::store::Store, total: u64, within: Duration, what: &str) {
    let deadline = Instant::now() + within;
    while store.processed_count().unwrap() < total || store.outbox_counts().unwrap().0 > 0 {
        assert!(
            Instant::now() < deadline,
            "not drained ({what}): {} of {total} processed, outbox {:?}",
            store.processed_count().unwrap(),
            store.outbox_counts().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

impl Games {
    /// Creates `players.len() / 2` games with `arbitre new` (the daemon `name`'s secret is
    /// the one [`Daemon::start`] writes) and plans `plies` moves for each. Does not wait for
    /// the start mails.
    pub fn create(daemon: &Daemon, name: &str, players: &[String], plies: usize) -> Games {
        let mut games = Games {
            bot: daemon.bot.clone(),
            ids: Vec::new(),
            players: Vec::new(),
            plans: Vec::new(),
            keys: RefereeConfig {
                address: daemon.bot.clone(),
                plus_addressing: true,
                keys: arbitre::keys::Keyring::new(&format!(
                    "integration-test-secret-long-enough-for-any-check-{name}"
                )),
                default_lang: arbitre::text::Lang::EN,
                max_replies_per_hour: 1000,
                max_message_bytes: 1 << 20,
                authserv_id: None,
                domain_proof: Vec::new(),
                trust_unverified_senders: false,
                clock: Default::default(),
                sms: Default::default(),
                public_url: None,
            },
            name: name.to_string(),
        };
        for pair in players.chunks(2) {
            games.add(daemon, &pair[0], &pair[1], plies);
        }
        games
    }

    /// Creates one more game between `white` and `black` and plans its moves; returns its
    /// index.
    pub fn add(&mut self, daemon: &Daemon, white: &str, black: &str, plies: usize) -> usize {
        let out = daemon.command(&[
            "new", "--game", "abalone", "--white", white, "--black", black,
        ]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let id: i64 = text
            .split('#')
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.trim_end_matches(':').parse().ok())
            .unwrap_or_else(|| panic!("no game number in {text:?}"));
        self.ids.push(id);
        self.players.push((white.to_string(), black.to_string()));
        self.plans.push(abalone_line(plies, self.ids.len() - 1));
        self.ids.len() - 1
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// The player who makes move `ply` of game `g` (Black opens in Abalone).
    pub fn mover(&self, g: usize, ply: usize) -> &str {
        let (w, b) = &self.players[g];
        if ply.is_multiple_of(2) { b } else { w }
    }

    /// The player who receives move `ply` of game `g`.
    pub fn receiver(&self, g: usize, ply: usize) -> &str {
        self.mover(g, ply + 1)
    }

    /// The Message-ID (without brackets) of the mail carrying move `ply` of game `g` (by
    /// the game's number, so that games planned later for the same daemon have their own).
    pub fn message_id(&self, g: usize, ply: usize) -> String {
        format!(
            "move-{}-{}-{ply}-{}@test",
            self.name,
            self.ids[g],
            std::process::id()
        )
    }

    /// The whole mail carrying move `ply` of game `g`: `(from, to, raw)`.
    pub fn move_mail(&self, g: usize, ply: usize) -> (String, String, String) {
        let side = if ply.is_multiple_of(2) {
            Side::Black
        } else {
            Side::White
        };
        let seat = Seat {
            game: self.ids[g],
            side,
        };
        let to = reply_address(&self.keys, seat).expect("plus-addressing");
        let from = self.mover(g, ply).to_string();
        let raw = format!(
            "From: {from}\r\nTo: {to}\r\nSubject: Re: [arbitre #{}] Abalone\r\nMessage-ID: <{}>\r\n\r\n{}\r\n",
            self.ids[g],
            self.message_id(g, ply),
            self.plans[g][ply].0
        );
        (from, to, raw)
    }

    /// Waits until the outbox has nothing pending (the start mails, the forwards).
    pub async fn wait_outbox_empty(&self, daemon: &Daemon, within: Duration) {
        let store = daemon.store();
        let deadline = Instant::now() + within;
        while store.outbox_counts().unwrap().0 > 0 {
            assert!(Instant::now() < deadline, "the outbox was not emptied");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Appends the planned moves `plies` of every game to the bot's mailbox over IMAP, in
    /// order, the games interleaved.
    pub async fn append_moves(&self, env: &MailEnv, plies: std::ops::Range<usize>) {
        let mut session = arbitre::mail::imap::connect(&env.imap_settings(&self.bot))
            .await
            .unwrap();
        for ply in plies {
            for g in 0..self.len() {
                let (_, _, raw) = self.move_mail(g, ply);
                session
                    .append("INBOX", None, None, raw.as_bytes())
                    .await
                    .unwrap();
            }
        }
        session.logout().await.ok();
    }

    /// Waits until every game holds at least its first `plies` moves.
    pub async fn wait_played(&self, daemon: &Daemon, plies: usize, within: Duration) {
        let store = daemon.store();
        let deadline = Instant::now() + within;
        loop {
            let short = self.ids.iter().find(|id| {
                store
                    .game(**id)
                    .unwrap()
                    .is_none_or(|g| g.moves.len() < plies)
            });
            let Some(id) = short else { return };
            assert!(
                Instant::now() < deadline,
                "game #{id} has fewer than {plies} moves\n{}",
                daemon.log()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Asserts that game `g` holds exactly its first `plies` planned moves, in order.
    pub fn assert_played(&self, daemon: &Daemon, g: usize, plies: usize) {
        let game = daemon.store().game(self.ids[g]).unwrap().unwrap();
        let got: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        let want: Vec<&str> = self.plans[g][..plies]
            .iter()
            .map(|(m, _)| m.as_str())
            .collect();
        assert_eq!(
            got, want,
            "game #{}: each move applied once, in order",
            self.ids[g]
        );
    }
}
