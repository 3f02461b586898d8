//! Whole games played by mail through the real servers: arbitre runs as a process
//! (`arbitre run`), players are real IMAP/SMTP accounts that reply to arbitre's mails the way
//! a mail client does (to the per-game Reply-To, threaded, the old mail quoted below).
//!
//! Covered: a Bulltricker game ending in MAT, an Abalone game ending at six marbles pushed
//! off (the end of a real recorded game), an illegal move (`ERR`), a missed compulsory
//! capture (`ERR !! ...`), a draw by agreement after a challenge, a resignation, a stranger,
//! an out-of-office auto-reply, a message delivered twice, a conditional move answered at
//! once, and a SIGKILL in the middle of a game. Without the mail servers (a developer who is not root) they print a note and pass;
//! under `CI=true` they fail instead (see `common::MailEnv::load`).

use crate::common;

use std::path::Path;
use std::time::Duration;

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::referee::{self, Context, Inbound, RefereeConfig};
use arbitre::text::Lang;
use common::{Daemon, MailEnv};

/// The Bulltricker position of spec case T-O4a: White mates with `b.h1 a.h1`.
const MAT_POSITION: &str =
    "W: Kg7 Qv1.1 Qv2.1 Qa.h2 Qb.h1 Qv8.5 Qv7.5; B: Ka1 Qv8.7 Qv7.7 Qv6.7 Qv5.7";
/// Spec case T-O5a: White's pawn e.h4 must take e.h5 (`e.h4 e.h6 !! e.h5`).
const CAPTURE_POSITION: &str =
    "W: Kd1 Pe.h4 Qv1.1 Qv2.1 Qv3.1 Pv8.2; B: Kd7 Pe.h5 Qv1.7 Qv2.7 Qv3.7";

/// Checks that this build has what the games need: the engines and a referee that answers.
fn assert_ready() {
    assert!(
        GameKind::from_name("bulltricker").is_some() && GameKind::from_name("abalone").is_some()
    );
    let config = RefereeConfig {
        address: "arbitre@example.org".into(),
        plus_addressing: true,
        keys: arbitre::keys::Keyring::new("0123456789abcdef0123"),
        default_lang: Lang::EN,
        max_replies_per_hour: 20,
        max_message_bytes: 100_000,
        authserv_id: None,
        domain_proof: Vec::new(),
        trust_unverified_senders: false,
        clock: Default::default(),
        sms: Default::default(),
        public_url: None,
    };
    let help = Inbound {
        message_id: "h@x".into(),
        from: "a@example.net".into(),
        subject: "HELP".into(),
        text: "HELP".into(),
        ..Inbound::default()
    };
    let answer = referee::handle(&config, &Context::default(), &help, 0);
    assert!(
        !answer.outbox.is_empty(),
        "the referee does not answer HELP"
    );
}

/// A bot and players, with arbitre running for the bot.
struct Table {
    env: MailEnv,
    daemon: Daemon,
    bot: String,
    players: Vec<String>,
}

impl Table {
    async fn open(name: &str, players: &[&str]) -> Option<Table> {
        assert_ready();
        let env = MailEnv::load()?;
        let mut names = vec!["bot"];
        names.extend_from_slice(players);
        let mut accounts = env.accounts(&names).await;
        let bot = accounts.remove(0);
        let daemon = Daemon::start(&env, &bot, name);
        Some(Table {
            env,
            daemon,
            bot,
            players: accounts,
        })
    }

    fn new_game(&self, args: &[&str]) -> i64 {
        let mut full = vec!["new"];
        full.extend_from_slice(args);
        let out = self.daemon.command(&full);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let id = text
            .split('#')
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|n| n.trim_end_matches(':').parse().ok());
        id.unwrap_or_else(|| panic!("no game number in {text:?}"))
    }

    fn show(&self, id: i64) -> String {
        let out = self.daemon.command(&["show", &id.to_string()]);
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// `player` replies `text` to arbitre's latest mail; waits for `opponent` to get a mail
    /// whose first line is `forwarded`, and returns it.
    async fn play(
        &self,
        player: &str,
        text: &str,
        opponent: &str,
        forwarded: &str,
    ) -> common::Mail {
        let mark = self.env.last_uid(opponent).await;
        self.env.reply_latest(player, &self.bot, text).await;
        self.env
            .wait_mail_after(opponent, mark, &format!("the move `{forwarded}`"), |m| {
                m.first_line() == forwarded
            })
            .await
    }

    /// `player` replies `text` to arbitre's latest mail and waits for arbitre's answer.
    async fn answer(&self, player: &str, text: &str, first_line: &str) -> common::Mail {
        let mark = self.env.last_uid(player).await;
        self.env.reply_latest(player, &self.bot, text).await;
        self.env
            .wait_mail_after(player, mark, &format!("an answer `{first_line}`"), |m| {
                m.first_line() == first_line
            })
            .await
    }

    /// Waits until both players have their game-start mail.
    async fn started(&self) {
        for p in &self.players[..2] {
            self.env
                .wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
                .await;
        }
    }

    /// How many mails `user` has whose first line is `line`.
    async fn count(&self, user: &str, line: &str) -> usize {
        self.env
            .inbox(user)
            .await
            .iter()
            .filter(|m| m.first_line() == line)
            .count()
    }
}

/// A Bulltricker game set up by a director from a constructed position, played to MAT.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulltricker_game_ends_in_mat() {
    let Some(t) = Table::open("bt-mat", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let id = t.new_game(&[
        "--game",
        "bulltricker",
        "--position",
        MAT_POSITION,
        "--white",
        alice,
        "--black",
        bob,
    ]);
    t.started().await;
    let m = t.play(alice, "v8.5 v8.4", bob, "v8.5 v8.4").await;
    assert!(m.subject.contains(&format!("#{id}")), "{}", m.subject);
    assert!(m.header("to").unwrap().contains(bob.as_str()));
    assert!(
        !m.body.contains(alice.as_str()),
        "opponents never see each other's address"
    );
    t.play(bob, "V8.7  v8.6", alice, "v8.7 v8.6").await;
    let end = t.play(alice, "b.h1 a.h1", bob, "b.h1 a.h1 WW MAT").await;
    assert!(
        end.body.contains("v8.5 v8.4"),
        "the end mail carries the record: {}",
        end.body
    );
    t.env
        .wait_mail_after(alice, 0, "the end mail", |m| {
            m.first_line() == "b.h1 a.h1 WW MAT"
        })
        .await;
    let show = t.show(id);
    assert!(show.contains("finished: WW MAT"), "{show}");
    assert!(show.contains("Moves (3)"), "{show}");
}

/// The end of a whole Abalone game (the project's own play-out record, seed 1: White wins
/// 6-5) set up from its position 8 plies before the end and played by mail until the sixth
/// marble is pushed off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abalone_game_ends_at_six_marbles_pushed_off() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/abalone/playout-seed1-belgian-daisy.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let Some(t) = Table::open("ab-six", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let record = GameKind::Abalone.read_records(&text).unwrap().remove(0);
    let start = match (&record.position, &record.variant) {
        (Some(p), _) => Start::Position(p.clone()),
        (None, Some(v)) => Start::Variant(v.clone()),
        (None, None) => Start::Default,
    };
    let mut game = AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    let before_end = record.moves.len() - 8;
    for m in &record.moves[..before_end] {
        game.play(&m.text).unwrap();
    }
    let position = game.position_string();
    // Black moves first in Abalone: alice plays Black.
    let id = t.new_game(&[
        "--game",
        "abalone",
        "--position",
        &position,
        "--white",
        bob,
        "--black",
        alice,
    ]);
    t.started().await;
    let mut last = None;
    for m in &record.moves[before_end..] {
        let judged = game.play(&m.text).unwrap();
        let (mover, other) = match judged.mover {
            arbitre::games::Side::Black => (alice, bob),
            arbitre::games::Side::White => (bob, alice),
        };
        last = Some(t.play(mover, &m.text, other, &judged.line).await);
    }
    let end = last.unwrap();
    assert!(
        end.body.contains("6-5") || end.body.contains("6 - 5"),
        "{}",
        end.body
    );
    let show = t.show(id);
    assert!(show.contains("finished"), "{show}");
}

/// An illegal move gets `ERR` and a missed compulsory capture `ERR !! e.h4`; nothing changes,
/// the opponent hears nothing, and the right move then goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_moves_and_missed_captures_are_refused() {
    let Some(t) = Table::open("bt-err", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let id = t.new_game(&[
        "--game",
        "bulltricker",
        "--position",
        CAPTURE_POSITION,
        "--white",
        alice,
        "--black",
        bob,
    ]);
    t.started().await;
    let bob_before = t.env.inbox(bob).await.len();
    let err = t.answer(alice, "z.h1 z.h2", "ERR").await;
    assert!(err.body.contains("Nothing was changed"), "{}", err.body);
    let missed = t.answer(alice, "v8.2 v8.3", "ERR !! e.h4").await;
    assert!(missed.body.contains("e.h4 e.h6 !! e.h5"), "{}", missed.body);
    assert_eq!(
        t.env.inbox(bob).await.len(),
        bob_before,
        "refused moves are not forwarded"
    );
    assert!(t.show(id).contains("Moves (0)"));
    t.play(alice, "e.h4 e.h6", bob, "e.h4 e.h6 !! e.h5").await;
    assert!(t.show(id).contains("Moves (1)"));
}

/// A challenge by mail (`NEW ... VS`), accepted, one move, then a draw offered and accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_ends_in_a_draw_by_agreement() {
    let Some(t) = Table::open("ab-draw", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    t.env
        .send(
            alice,
            &t.bot,
            "new game",
            &format!("NEW abalone VS {bob}"),
            "",
        )
        .await;
    // A fresh mail to arbitre's plain address proves nothing about its sender: alice is
    // asked to confirm, and confirms by replying with nothing written.
    t.env
        .wait_mail_after(alice, 0, "the request to confirm", |m| {
            m.subject.contains("Confirm: NEW abalone")
        })
        .await;
    t.env.reply_latest(alice, &t.bot, "").await;
    let invitation = t
        .env
        .wait_mail_after(bob, 0, "the invitation", |m| m.body.contains("ACCEPT"))
        .await;
    assert!(
        !invitation.body.contains(alice.as_str()),
        "the challenger's address stays private"
    );
    let mark = t.env.last_uid(alice).await;
    t.env.reply_latest(bob, &t.bot, "ACCEPT").await;
    t.env
        .wait_mail_after(alice, mark, "the game start", |m| {
            m.body.contains("your move")
        })
        .await;
    t.play(alice, "a1b2", bob, "a1b2").await;
    let mark = t.env.last_uid(alice).await;
    t.env.reply_latest(bob, &t.bot, "DRAW").await;
    t.env
        .wait_mail_after(alice, mark, "the draw offer", |m| {
            m.body.to_lowercase().contains("draw")
        })
        .await;
    let mark_bob = t.env.last_uid(bob).await;
    t.env.reply_latest(alice, &t.bot, "DRAW").await;
    let end = t
        .env
        .wait_mail_after(bob, mark_bob, "the end of the game", |m| {
            m.body.contains("Result: Drawn by agreement.")
        })
        .await;
    assert!(end.body.contains("a1b2"), "{}", end.body);
    let games = t.daemon.command(&["games"]);
    let list = String::from_utf8_lossy(&games.stdout);
    assert!(list.contains("finished"), "{list}");
}

/// A player resigns; both get the result and the record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_resigns() {
    let Some(t) = Table::open("ab-resign", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let id = t.new_game(&["--game", "abalone", "--white", bob, "--black", alice]);
    t.started().await;
    t.play(alice, "a1b2", bob, "a1b2").await;
    let mark = t.env.last_uid(alice).await;
    t.env.reply_latest(bob, &t.bot, "RESIGN").await;
    let end = t
        .env
        .wait_mail_after(alice, mark, "the resignation", |m| {
            m.body.contains("resigned")
        })
        .await;
    assert!(end.body.contains("a1b2"));
    let show = t.show(id);
    assert!(show.contains("finished"), "{show}");
}

/// A stranger writing about someone else's game changes nothing and gets a polite refusal;
/// an out-of-office reply from a player changes nothing and gets no answer at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_and_auto_replies_change_nothing() {
    let Some(t) = Table::open("strangers", &["alice", "bob", "carol"]).await else {
        return;
    };
    let (alice, bob, carol) = (&t.players[0], &t.players[1], &t.players[2]);
    let id = t.new_game(&["--game", "abalone", "--white", bob, "--black", alice]);
    t.started().await;
    t.env
        .send(
            carol,
            &t.bot,
            &format!("Re: [arbitre #{id}] Abalone"),
            "a1b2",
            "",
        )
        .await;
    let refusal = t.env.wait_mail_after(carol, 0, "a refusal", |_| true).await;
    assert!(
        !refusal.body.contains(alice.as_str()) && !refusal.body.contains(bob.as_str()),
        "{}",
        refusal.body
    );
    // bob's mail client answers arbitre's game-start mail with an out-of-office notice.
    let bob_mail = t.env.inbox(bob).await;
    let to = bob_mail
        .last()
        .unwrap()
        .header("reply-to")
        .unwrap()
        .to_string();
    let to = to.trim_start_matches('<').trim_end_matches('>').to_string();
    let raw = format!(
        "From: {bob}\nTo: {to}\nSubject: Automatic reply: [arbitre #{id}] Abalone\nAuto-Submitted: auto-replied\nMessage-ID: <ooo-{id}-{}@test>\n\nI am away until Monday.\n",
        std::process::id()
    );
    t.env.send_raw(bob, Some(bob), &to, &raw).await;
    let store = t.daemon.store();
    common::eventually("both processed", Duration::from_secs(30), || {
        store.processed_count().unwrap() >= 2
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        t.env.inbox(bob).await.len(),
        bob_mail.len(),
        "no answer to an auto-reply"
    );
    assert_eq!(t.env.inbox(carol).await.len(), 1, "one refusal");
    assert!(t.show(id).contains("Moves (0)"));
    // The game goes on as if nothing happened.
    t.play(alice, "a1b2", bob, "a1b2").await;
}

/// The decision that produced one of arbitre's mails: its Message-ID's `<h>` part
/// (`arbitre.<h>.<n>...@domain`, one `<h>` per inbound message).
fn decided_by(mail: &common::Mail) -> String {
    let id = mail.message_id();
    id.split('.').nth(1).unwrap_or_default().to_string()
}

/// A conditional exchange end to end, each player replying to whichever of arbitre's mails
/// arrived last: Alice stores `IF i6h6 THEN a2b3 IF h5g5 THEN c3c4`; when Bob's `i6h6`
/// arrives, the prepared answer reaches him in the same delivery cycle, in one mail with the
/// confirmation of his own move, from one decision, with no other message processed. Bob
/// answers that newest mail, and so on: no move is ever refused as stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_answer_reaches_the_opponent_with_the_move_that_triggered_it() {
    let Some(t) = Table::open("conditional", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let id = t.new_game(&["--game", "abalone", "--white", bob, "--black", alice]);
    t.started().await;
    t.play(alice, "a1b2", bob, "a1b2").await;
    let mark = t.env.last_uid(alice).await;
    t.env
        .reply_latest(
            alice,
            &t.bot,
            "IF i5h5 THEN b1c2\nIF i6h6 THEN a2b3 IF h5g5 THEN c3c4",
        )
        .await;
    let stored = t
        .env
        .wait_mail_after(alice, mark, "the line stored", |m| {
            m.body.starts_with("Your conditional line is stored")
        })
        .await;
    assert!(
        stored.body.contains(
            "Your 2 conditional lines in this game:\n  IF i5h5 THEN b1c2\n  IF i6h6 THEN a2b3 \
             IF h5g5 THEN c3c4\n"
        ),
        "{}",
        stored.body
    );
    let store = t.daemon.store();
    let processed = store.processed_count().unwrap();
    let (mark_alice, mark_bob) = (t.env.last_uid(alice).await, t.env.last_uid(bob).await);
    let answered = t.play(bob, "i6h6", bob, "a2b3").await;
    assert!(
        answered.body.contains("Your move 1 is accepted.")
            && answered
                .body
                .contains("This move was prepared in advance (a conditional move)"),
        "{}",
        answered.body
    );
    let owner = t
        .env
        .wait_mail_after(alice, mark_alice, "the news of both moves", |m| {
            m.first_line() == "i6h6"
        })
        .await;
    assert!(
        owner
            .body
            .contains("Your conditional moves answered it at once: move 2, a2b3."),
        "{}",
        owner.body
    );
    assert!(
        !answered.body.contains("i5h5 THEN"),
        "the other line stays private"
    );
    let cycle = decided_by(&answered);
    assert!(!cycle.is_empty(), "{}", answered.message_id());
    assert_eq!(decided_by(&owner), cycle, "one decision");
    assert_eq!(
        store.processed_count().unwrap(),
        processed + 1,
        "only Bob's move was processed"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let to_bob: Vec<common::Mail> = t
        .env
        .inbox(bob)
        .await
        .into_iter()
        .filter(|m| m.uid > mark_bob)
        .collect();
    assert_eq!(
        to_bob.len(),
        1,
        "one mail to Bob for his move and its answer"
    );
    assert!(t.show(id).contains("Moves (3)"));
    // Each player now answers whichever mail arrived last: the second step of the line
    // answers Bob at once again, and Bob's next move is played.
    let answered = t.play(bob, "h5g5", bob, "c3c4").await;
    assert!(
        answered.body.contains("Your move 2 is accepted."),
        "{}",
        answered.body
    );
    t.play(bob, "i8h8", alice, "i8h8").await;
    t.play(alice, "b2c3", bob, "b2c3").await;
    let show = t.show(id);
    assert!(show.contains("Moves (7)"), "{show}");
    for player in [alice, bob] {
        let refused: Vec<String> = t
            .env
            .inbox(player)
            .await
            .iter()
            .filter(|m| m.first_line() == "ERR")
            .map(|m| m.body.clone())
            .collect();
        assert!(refused.is_empty(), "{player} was refused: {refused:?}");
    }
}

/// The same move mail delivered twice (same Message-ID) is applied once, forwarded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_delivered_twice_is_applied_once() {
    let Some(t) = Table::open("twice", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (&t.players[0], &t.players[1]);
    let id = t.new_game(&["--game", "abalone", "--white", bob, "--black", alice]);
    t.started().await;
    let start = t.env.inbox(alice).await;
    let last = start.last().unwrap();
    let to = last
        .header("reply-to")
        .unwrap()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string();
    let raw = format!(
        "From: {alice}\nTo: {to}\nSubject: Re: {}\nIn-Reply-To: <{}>\nMessage-ID: <dup-{id}-{}@test>\n\na1b2\n",
        last.subject,
        last.message_id(),
        std::process::id()
    );
    t.env.send_raw(alice, Some(alice), &to, &raw).await;
    t.env.send_raw(alice, Some(alice), &to, &raw).await;
    let store = t.daemon.store();
    common::eventually("both copies processed", Duration::from_secs(30), || {
        store.processed_count().unwrap() == 2
    })
    .await;
    t.env
        .wait_mail_after(bob, 0, "the move", |m| m.first_line() == "a1b2")
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(t.count(bob, "a1b2").await, 1, "forwarded once");
    assert!(t.show(id).contains("Moves (1)"));
}

/// arbitre is killed (SIGKILL) right after a move arrives, several times during a game, and
/// restarted: every move is applied once and forwarded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_in_the_middle_of_a_game_loses_and_repeats_nothing() {
    let Some(mut t) = Table::open("sigkill", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (t.players[0].clone(), t.players[1].clone());
    let id = t.new_game(&["--game", "abalone", "--white", &bob, "--black", &alice]);
    t.started().await;
    let mut game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let mut played = Vec::new();
    for i in 0..4 {
        let (mover, other) = if i % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let mv = game.legal_moves()[i * 7].clone();
        let line = game.play(&mv).unwrap().line;
        let mark = t.env.last_uid(other).await;
        t.env.reply_latest(mover, &t.bot, &mv).await;
        // Kill at varying moments: before, during or after the move is processed.
        tokio::time::sleep(Duration::from_millis(150 * i as u64)).await;
        t.daemon.kill9();
        tokio::time::sleep(Duration::from_millis(200)).await;
        t.daemon.spawn();
        t.env
            .wait_mail_after(other, mark, &format!("the move {line}"), |m| {
                m.first_line() == line
            })
            .await;
        played.push((line, other.clone()));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (line, other) in &played {
        assert_eq!(
            t.count(other, line).await,
            1,
            "{line} forwarded exactly once"
        );
    }
    let show = t.show(id);
    assert!(show.contains("Moves (4)"), "{show}");
    assert_eq!(
        t.daemon.store().outbox_counts().unwrap().0,
        0,
        "nothing left unsent"
    );
}

/// A mail larger than the limit is not downloaded (headers only) and gets a short answer
/// giving its real size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_mail_gets_a_short_answer() {
    let Some(t) = Table::open("oversized", &["alice"]).await else {
        return;
    };
    let alice = &t.players[0];
    let big = "x".repeat(76);
    let body: String = std::iter::repeat_n(big.as_str(), 4000)
        .collect::<Vec<_>>()
        .join("\n");
    t.env
        .send(alice, &t.bot, "HELP", &format!("HELP\n{body}"), "")
        .await;
    let answer = t
        .env
        .wait_mail_after(alice, 0, "the answer", |_| true)
        .await;
    assert!(answer.body.contains("too large"), "{}", answer.body);
    assert!(
        answer.body.contains("the limit is 262144"),
        "{}",
        answer.body
    );
    assert!(t.daemon.log().contains("processed"), "{}", t.daemon.log());
}

/// The words a player writes under the move, in a real reply (the old mail quoted below),
/// reach the opponent through the real servers, without the quote; `CHAT OFF` sent by
/// reply stops them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_written_with_a_move_reach_the_opponent_by_mail() {
    let Some(t) = Table::open("chat", &["alice", "bob"]).await else {
        return;
    };
    let (alice, bob) = (t.players[0].clone(), t.players[1].clone());
    t.new_game(&["--game", "abalone", "--white", &bob, "--black", &alice]);
    t.started().await;
    let mut game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let first = game.legal_moves()[3].clone();
    let line = game.play(&first).unwrap().line;
    let forward = t
        .play(
            &alice,
            &format!("{first}\n\nGood luck!\nI'm away next week."),
            &bob,
            &line,
        )
        .await;
    assert!(
        forward
            .body
            .contains("wrote with the move:\nGood luck!\nI'm away next week.\n"),
        "{}",
        forward.body
    );
    assert!(!forward.body.contains("arbitre wrote:"), "{}", forward.body);

    // Bob answers, then turns the words off by reply; Alice's next words stay with her.
    let second = game.legal_moves()[5].clone();
    let line2 = game.play(&second).unwrap().line;
    t.play(&bob, &second, &alice, &line2).await;
    let mark = t.env.last_uid(&bob).await;
    t.env.reply_latest(&bob, &t.bot, "CHAT OFF").await;
    t.env
        .wait_mail_after(&bob, mark, "the answer to CHAT OFF", |m| {
            m.body.contains("CHAT ON brings them back")
        })
        .await;
    let third = game.legal_moves()[2].clone();
    let line3 = game.play(&third).unwrap().line;
    let forward = t
        .play(
            &alice,
            &format!("{third} thanks for the game so far"),
            &bob,
            &line3,
        )
        .await;
    assert!(
        !forward.body.contains("thanks for the game"),
        "{}",
        forward.body
    );
}

/// `arbitre status` lists the running daemon (its pid, what it does, how many messages it
/// processed) and exits 0; once it stopped, it lists it stopped and exits 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_shows_the_daemon_running_then_stopped() {
    let Some(env) = MailEnv::load() else { return };
    let [bot, alice] = <[String; 2]>::try_from(env.accounts(&["bot", "alice"]).await).unwrap();
    let mut daemon = Daemon::start(&env, &bot, "status");
    let pid = daemon.pid().unwrap().to_string();
    env.send(&alice, &bot, "HELP", "HELP", "").await;
    let status = |daemon: &Daemon| {
        let out = daemon.command(&["status"]);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let mut last = (None, String::new());
    common::eventually(
        "status: running, one message processed",
        Duration::from_secs(30),
        || {
            last = status(&daemon);
            last.0 == Some(0)
                && last.1.lines().any(|l| {
                    l.split_whitespace().nth(1) == Some(pid.as_str())
                        && l.contains(" running ")
                        && l.ends_with(" 1  reading the mailbox")
                })
        },
    )
    .await;
    assert!(last.1.contains("Games:     0 in play"), "{}", last.1);
    assert!(last.1.contains("1 running."), "{}", last.1);
    assert!(daemon.terminate(), "stops cleanly");
    let (code, out) = status(&daemon);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().nth(1) == Some(pid.as_str()) && l.contains(" stopped ")),
        "{out}"
    );
    assert!(out.contains("0 running."), "{out}");
}
