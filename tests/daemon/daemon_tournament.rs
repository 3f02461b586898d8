//! A whole correspondence event through real Dovecot and Postfix and a real `arbitre run`:
//! a double round robin of Abalone for six players. Five are entered by the director from a
//! file, the sixth enters by mail (`JOIN`, confirmed by the director). The event starts;
//! every player gets the pairings and ten game mails. The sixth player withdraws by mail
//! before playing (the ICCF rule cancels their ten games); one game is lost on time (the
//! director leaves the player five seconds); the players end every other game by mail,
//! resigning or agreeing draws; a player asks for the STANDINGS midway. When the last game
//! ends, the daemon sends every participant and the director the final crosstable, which
//! must be the expected table.

use crate::common;

use std::collections::BTreeMap;
use std::process::Command;

use arbitre::games::{AnyGame, GameKind, Start};
use common::{Daemon, Mail, MailEnv};

fn arbitre(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: std::process::Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

struct Event {
    env: MailEnv,
    daemon: Daemon,
    bot: String,
}

impl Event {
    fn cli(&self, args: &[&str]) -> String {
        ok(self.daemon.command(args))
    }

    /// `user` replies `text` to arbitre's latest mail about game `id`.
    async fn in_game(&self, user: &str, id: i64, text: &str) {
        let tag = format!("[arbitre #{id}]");
        self.env
            .reply_where(user, &self.bot, |m| m.subject.contains(&tag), text)
            .await;
    }

    /// Waits for `user` to get a mail about game `id` whose body contains `words`.
    async fn game_mail(&self, user: &str, id: i64, words: &str) -> Mail {
        let tag = format!("[arbitre #{id}]");
        self.env
            .wait_mail_after(user, 0, &format!("game #{id}: {words}"), |m| {
                m.subject.contains(&tag) && m.body.contains(words)
            })
            .await
    }
}

/// The games of the event, from `tournament show`: (id, first mover's name, other's name).
fn games_of(show: &str) -> Vec<(i64, String, String)> {
    show.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix('#')?;
            let (id, rest) = rest.split_once(": ")?;
            let (players, _) = rest.split_once(": ")?;
            let (a, b) = players.split_once(" - ")?;
            Some((id.parse().ok()?, a.to_string(), b.to_string()))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_round_robin_of_six_runs_by_mail_to_the_final_crosstable() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let names = ["bot", "ann", "ben", "cyd", "dee", "eve", "fay", "td"];
    let mut accounts = env.accounts(&names).await;
    let bot = accounts.remove(0);
    let td = accounts.pop().unwrap();
    let players = accounts; // ann ben cyd dee eve fay
    let daemon = Daemon::start(&env, &bot, "tournament");
    let e = Event { env, daemon, bot };
    let full = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"];
    let address_of: BTreeMap<&str, &String> = full.iter().copied().zip(players.iter()).collect();
    e.cli(&[
        "tournament",
        "create",
        "dbl",
        "--title",
        "Test Double",
        "--game",
        "abalone",
        "--system",
        "double-round-robin",
        "--time",
        "1h",
        "--director",
        &td,
        "--entry",
        "confirm",
    ]);
    // Five entered by the director, with ratings (Ann the top seed).
    let file = e.daemon.dir.join("entries.csv");
    let mut csv = String::from("name,address,rating,club\n");
    for (i, name) in full[..5].iter().enumerate() {
        csv.push_str(&format!(
            "{name},{},{},Club\n",
            address_of[name],
            2000 - 50 * i
        ));
    }
    std::fs::write(&file, csv).unwrap();
    e.cli(&[
        "tournament",
        "enter",
        "dbl",
        "--file",
        file.to_str().unwrap(),
    ]);
    // Fay enters by mail: unproven first (arbitre asks her to confirm by reply), then
    // pending until the director confirms.
    let fay = address_of["Fay"].clone();
    e.env
        .send(&fay, &e.bot, "entry", "JOIN dbl Fay\n", "")
        .await;
    e.env
        .wait_mail_after(&fay, 0, "the confirmation request", |m| {
            m.subject.contains("Confirm")
        })
        .await;
    e.env.reply_latest(&fay, &e.bot, "").await;
    e.env
        .wait_mail_after(&fay, 0, "the entry recorded", |m| {
            m.body
                .contains("Your entry to Test Double is recorded, as Fay")
        })
        .await;
    e.env
        .wait_mail_after(&td, 0, "the director's notice", |m| {
            m.body.contains("Fay asks to enter Test Double")
        })
        .await;
    e.cli(&["tournament", "enter", "dbl", "--confirm", &fay]);
    let started = e.cli(&["tournament", "start", "dbl"]);
    assert!(started.contains("6 players, 30 game(s)"), "{started}");
    // Every player gets one pairings mail listing ten games, and the ten game mails.
    for p in &players {
        let m = e
            .env
            .wait_mail_after(p, 0, "the pairings", |m| m.subject.contains("your games"))
            .await;
        assert_eq!(m.body.matches("against").count(), 10, "{}", m.body);
        assert!(m.body.contains("Take-backs (UNDO): no"), "{}", m.body);
    }
    let show = e.cli(&["tournament", "show", "dbl"]);
    let games = games_of(&show);
    assert_eq!(games.len(), 30, "{show}");
    // Fay withdraws before playing: none of her ten games over, so all are cancelled.
    e.env
        .wait_mail_after(&fay, 0, "her game mails", |m| {
            m.subject.contains("[arbitre #") && m.body.contains("Test Double, round")
        })
        .await;
    e.env
        .send(&fay, &e.bot, "leaving", "WITHDRAW dbl\n", "")
        .await;
    e.env
        .wait_mail_after(&fay, 0, "the confirmation request", |m| {
            m.subject.contains("Confirm") && m.body.contains("WITHDRAW")
        })
        .await;
    // To the request itself: her ten game mails may still be arriving after it.
    e.env
        .reply_where(
            &fay,
            &e.bot,
            |m| m.subject.contains("Confirm") && m.body.contains("WITHDRAW"),
            "",
        )
        .await;
    e.env
        .wait_mail_after(&fay, 0, "the withdrawal", |m| {
            m.body.contains("You have withdrawn from Test Double")
        })
        .await;
    // The results the others give each other: in each pair's first game (by number) the
    // higher seed wins, the second is drawn. Ann-Ben's first game is lost on time by Ben.
    let rank = |n: &str| full.iter().position(|x| *x == n).unwrap();
    let mut seen: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut timed_out = None;
    let mut plan = Vec::new();
    for (id, first, second) in &games {
        if first == "Fay" || second == "Fay" {
            continue;
        }
        let (a, b) = (rank(first).min(rank(second)), rank(first).max(rank(second)));
        let n = seen.entry((a, b)).or_default();
        *n += 1;
        let winner_first = *n == 1;
        if winner_first && (a, b) == (0, 1) {
            timed_out = Some((*id, first.clone(), second.clone()));
            continue;
        }
        plan.push((
            *id,
            first.clone(),
            second.clone(),
            winner_first,
            full[a],
            full[b],
        ));
    }
    let (slow_id, slow_first, _) = timed_out.expect("Ann and Ben play");
    // Ben loses on time: the director leaves the side to move five seconds. In Abalone
    // Black moves first; the first mover of the pairing sits in the Black seat.
    let config = e.daemon.config.to_str().unwrap().to_string();
    let to_move_is_ben = slow_first == "Ben";
    if to_move_is_ben {
        ok(arbitre(&[
            "clock",
            "--config",
            &config,
            "set",
            &slow_id.to_string(),
            "black",
            "5s",
            "--reason",
            "test",
        ]));
    } else {
        // Ann moves first: she plays a move, then Ben has five seconds.
        let ann = address_of["Ann"];
        let mut game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
        let first_move = game.legal_moves()[0].clone();
        let line = game.play(&first_move).unwrap().line;
        e.game_mail(ann, slow_id, "Position").await;
        e.in_game(ann, slow_id, &first_move).await;
        e.game_mail(address_of["Ben"], slow_id, &line).await;
        ok(arbitre(&[
            "clock",
            "--config",
            &config,
            "set",
            &slow_id.to_string(),
            "white",
            "5s",
            "--reason",
            "test",
        ]));
    }
    // The other games end by mail.
    for (id, _first, _second, decisive, high, low) in &plan {
        let (high, low) = (address_of[high], address_of[low]);
        if *decisive {
            e.in_game(low, *id, "RESIGN").await;
            e.game_mail(high, *id, "resigned.").await;
        } else {
            e.in_game(high, *id, "DRAW").await;
            e.game_mail(low, *id, "offers a draw").await;
            e.in_game(low, *id, "DRAW").await;
            e.game_mail(high, *id, "Drawn by agreement").await;
        }
    }
    // A player asks for the table by mail (the time-out may still be running).
    e.env
        .reply_where(&players[2], &e.bot, |_| true, "STANDINGS dbl")
        .await;
    let table = e
        .env
        .wait_mail_after(&players[2], 0, "the standings", |m| {
            // The standings now, or the final ones if the time-out came first.
            m.subject.contains("Tournaments") && m.body.contains("Test Double: the")
        })
        .await;
    assert!(!table.body.contains('@'), "{}", table.body);
    // The time-out ends the last game; the final crosstable goes to all seven.
    e.game_mail(address_of["Ben"], slow_id, "Your time ran out")
        .await;
    let mut finals = Vec::new();
    for p in players.iter().chain(std::iter::once(&td)) {
        finals.push(
            e.env
                .wait_mail_after(p, 0, "the final crosstable", |m| {
                    m.subject.contains("Test Double: final standings")
                })
                .await,
        );
    }
    // The expected table: Ann 4 wins (one on time) and 4 draws = 6, Ben 3 + 4 draws = 5,
    // Cyd 4, Dee 3, Eve 2, Fay 0 (her games cancelled).
    let body = &finals[0].body;
    let rows: Vec<(String, String, String)> = body
        .lines()
        .filter(|l| l.contains('|'))
        .skip(1)
        .map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            let points = l
                .rsplit('|')
                .next()
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap();
            (cols[0].to_string(), cols[1].to_string(), points.to_string())
        })
        .collect();
    let expected: Vec<(String, String, String)> = [
        ("1", "Ann", "6"),
        ("2", "Ben", "5"),
        ("3", "Cyd", "4"),
        ("4", "Dee", "3"),
        ("5", "Eve", "2"),
        ("6", "Fay", "0"),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect();
    assert_eq!(rows, expected, "{body}");
    assert!(!body.contains('@'), "{body}");
    for m in &finals {
        assert_eq!(m.body, *body, "every participant gets the same table");
    }
    // The event is over, and the records and the TRF can be exported.
    let show = e.cli(&["tournament", "show", "dbl"]);
    assert!(show.contains("(dbl), finished"), "{show}");
    let out = e.daemon.dir.join("export");
    let written = e.cli(&[
        "tournament",
        "export",
        "dbl",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(written.contains("30 game record(s)"), "{written}");
}
