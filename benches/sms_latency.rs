//! End-to-end benchmark of a move played by SMS, against the real Kannel of
//! `scripts/sms-gateway.sh` and the real mail servers of `scripts/mail-servers.sh` (both must
//! be running):
//!
//! 1. arbitre: in a director-created Abalone game whose two players have linked phones and
//!    chose `NOTIFY SMS`, the time from a phone's SMS carrying a move (the fake SMSC started
//!    to inject it) to the opponent's phone receiving "... played <move>. Your move." (the
//!    fake SMSC's log line seen), over `ARBITRE_BENCH_MOVES` moves (default 50); median and
//!    95th percentile.
//! 2. The floor: the same path with an echo service in arbitre's place: smsbox's get-url
//!    reaches a small HTTP server that sends the text on to the other phone through
//!    smsbox's sendsms at once (no store, no referee, no mail).
//!
//! Run: `bash scripts/mail-servers.sh start && bash scripts/sms-gateway.sh start &&
//! cargo bench --bench sms_latency`. Under `cargo test` it does nothing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbitre::gateway::kannel::{self, KannelSettings};
use arbitre::referee::{Decision, Notify, Player};
use arbitre::sms::phone::Phone;
use arbitre::text::Lang;
use common::bench::{env_number, stats};
use common::games::abalone_line;
use common::sms::SmsEnv;
use common::{Daemon, MailEnv};

/// Two numbers of this run.
fn numbers() -> (String, String) {
    let base = std::process::id() % 1_000_000;
    (format!("+3361{base:06}0"), format!("+3361{base:06}1"))
}

/// One move: `from` sends `text`; returns the milliseconds until `to` has an SMS after its
/// first `seen` containing `expect`.
async fn one(g: &SmsEnv, from: &str, text: &str, to: &str, expect: &str) -> f64 {
    let seen = g.received(to).len();
    let start = Instant::now();
    let child = g.phone_starts(from, text);
    g.texted(to, seen, expect).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    g.sent(child);
    ms
}

async fn arbitre(env: &MailEnv, g: &SmsEnv, n: usize) -> (f64, f64) {
    let accounts = env.accounts(&["smsbench", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let (alice_phone, bob_phone) = numbers();
    // Two SMS a move: the daily caps are raised above the series.
    let sections = g.sections().replace(
        "quiet-hours = \"none\"",
        "quiet-hours = \"none\"\nper-player-per-day = 100000\nper-day = 100000",
    );
    let daemon = Daemon::start_sections(env, bot, "bench-sms", "", &[], &sections);
    // Both players' phones linked and NOTIFY SMS, written as the referee would.
    let players = [(alice, &alice_phone), (bob, &bob_phone)]
        .iter()
        .map(|(a, p)| Player {
            phone: Some(p.to_string()),
            notify: Notify::Sms,
            ..Player::new(a, Lang::EN)
        })
        .collect();
    let d = Decision {
        players,
        ..Decision::default()
    };
    daemon.store().commit(&d, None, 0).unwrap();
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env.wait_for(alice, 1, Duration::from_secs(30)).await;
    // The daemon's listener is up once the game's mails left.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut samples = Vec::new();
    for (ply, (mv, _)) in abalone_line(n, 0).into_iter().enumerate() {
        let (from, to) = if ply % 2 == 0 {
            (&alice_phone, &bob_phone)
        } else {
            (&bob_phone, &alice_phone)
        };
        let mine = g.received(from).len();
        let ms = one(g, from, &mv, to, &format!("played {mv}.")).await;
        samples.push(ms);
        // The mover's confirmation: wait for it so it never mixes with the next sample.
        g.texted(from, mine, &format!("{mv} accepted")).await;
    }
    drop(daemon);
    stats("arbitre, phone's SMS to the opponent's phone", samples)
}

async fn echo(g: &SmsEnv, n: usize) -> (f64, f64) {
    let (alice_phone, bob_phone) = numbers();
    let (a, b) = (alice_phone.clone() + "9", bob_phone.clone() + "9");
    let settings = KannelSettings {
        sendsms_url: g.var("ARBITRE_SMS_SENDSMS_URL").to_string(),
        username: g.var("ARBITRE_SMS_USER").to_string(),
        password: g.var("ARBITRE_SMS_PASSWORD").to_string(),
        sender: None,
        secret: String::new(),
        dlr_url: None,
    };
    let client = kannel::client();
    let pairs = Arc::new(HashMap::from([
        (a.clone(), b.clone()),
        (b.clone(), a.clone()),
    ]));
    let app = axum::Router::new().route(
        "/kannel/mo",
        axum::routing::get(
            move |axum::extract::Query(q): axum::extract::Query<HashMap<String, String>>| {
                let (client, settings, pairs) = (client.clone(), settings.clone(), pairs.clone());
                async move {
                    let from = q.get("from").cloned().unwrap_or_default();
                    if let Some(to) = pairs.get(&from) {
                        let to = Phone::read(to, &[]).unwrap();
                        let text = q.get("text").cloned().unwrap_or_default();
                        kannel::send(&client, &settings, &to, &format!("echo {text}"), None)
                            .await
                            .unwrap();
                    }
                    ""
                }
            },
        ),
    );
    let socket = tokio::net::TcpListener::bind(g.var("ARBITRE_SMS_LISTEN"))
        .await
        .unwrap();
    let server = tokio::spawn(async move { axum::serve(socket, app).await.unwrap() });
    let mut samples = Vec::new();
    for (i, (mv, _)) in abalone_line(n, 0).into_iter().enumerate() {
        let (from, to) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
        samples.push(one(g, from, &mv, to, &format!("echo {mv}")).await);
    }
    server.abort();
    stats("echo service, phone's SMS to the other phone", samples)
}

fn main() {
    let Some((rt, env)) =
        common::MailEnv::for_bench("sms_latency", "the mail servers and the SMS gateway")
    else {
        return;
    };
    rt.block_on(async {
        let g = SmsEnv::load().expect("start the gateway: bash scripts/sms-gateway.sh start");
        let n = env_number("ARBITRE_BENCH_MOVES", 50);
        println!(
            "machine: {} cores; {n} moves per series",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
        let (floor_median, floor_p95) = echo(&g, n).await;
        let (median, p95) = arbitre(&env, &g, n).await;
        println!(
            "arbitre adds {:.1} ms (median) and {:.1} ms (p95) to the echo service",
            median - floor_median,
            p95 - floor_p95
        );
    });
}
