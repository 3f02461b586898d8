//! A whole game with one player on SMS and the other on mail, through the real servers:
//! `arbitre run` with a real Kannel (bearerbox, smsbox, the fake SMSC standing for the
//! phones) and the real Dovecot and Postfix. Alice links her phone (the code comes by SMS
//! and goes back by SMS), plays her moves by SMS, has an illegal one refused, says STOP
//! (nothing more reaches her phone, mail goes on) and START, and the result reaches both.
//! On the way arbitre is killed with SIGKILL right after SMS moves: each is applied once,
//! its forward mailed once and its answer texted once; the gateway's delivery reports
//! reach the outbox.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{Daemon, MailEnv, skip};

/// The SMS gateway's env file, or `None` (recorded as skipped) when it is not running.
fn gateway() -> Option<HashMap<String, String>> {
    let path = std::env::var_os("ARBITRE_SMS_ENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("var/sms/env"));
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(_) => {
            assert!(!ci, "the test SMS gateway is not set up");
            skip::skipped(&format!(
                "no test SMS gateway ({}); start it with `bash scripts/sms-gateway.sh start` (as root)",
                path.display()
            ));
            return None;
        }
    };
    let vars: HashMap<String, String> = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let port: u16 = vars["ARBITRE_SMS_MO_PORT"].parse().unwrap();
    if std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(!ci, "the test SMS gateway does not answer");
        skip::skipped("the test SMS gateway is stopped; `bash scripts/sms-gateway.sh start`");
        return None;
    }
    Some(vars)
}

/// A phone sends `text`: one run of the fake SMSC, stopped once it has sent.
fn phone_sends(g: &HashMap<String, String>, from: &str, text: &str) {
    let mut child = std::process::Command::new(&g["ARBITRE_SMS_FAKESMSC"])
        .args([
            "-H",
            "127.0.0.1",
            "-r",
            &g["ARBITRE_SMS_MO_PORT"],
            "-i",
            "0",
            "-m",
            "1",
        ])
        .arg(format!("{from} 36100 text {text}"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // It says "sent message 1" on its log, then waits for replies: give it a moment.
    std::thread::sleep(Duration::from_millis(700));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let log =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        log.contains("sent message 1"),
        "the fake SMSC did not send: {log}"
    );
}

/// The SMS the phones received for `number`, in order (7-bit texts as written).
fn received(g: &HashMap<String, String>, number: &str) -> Vec<String> {
    let log = std::fs::read_to_string(&g["ARBITRE_SMS_PHONES_LOG"]).unwrap_or_default();
    let prefix = format!("36100 {number} text ");
    log.lines()
        .filter_map(|l| {
            let at = l.find(&prefix)?;
            Some(l[at + prefix.len()..].trim_end_matches('>').to_string())
        })
        .collect()
}

/// Waits until the phone `number` has an SMS after the first `seen` that contains `what`.
async fn texted(g: &HashMap<String, String>, number: &str, seen: usize, what: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let all = received(g, number);
        if let Some(t) = all.iter().skip(seen).find(|t| t.contains(what)) {
            return t.clone();
        }
        assert!(
            Instant::now() < deadline,
            "{number} never got an SMS with {what:?}; after {seen}: {:?}",
            &all[seen.min(all.len())..]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A number of our own for this run, in the allowed country.
fn number(n: u32) -> String {
    format!("+336{:08}", (std::process::id() * 10 + n) % 100_000_000)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_by_sms_against_mail_through_kannel_dovecot_and_postfix() {
    let Some(env) = MailEnv::load() else { return };
    let Some(g) = gateway() else { return };
    let accounts = env.accounts(&["smsbot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let phone = number(1);
    let sections = format!(
        r#"
[sms]
gateway = "kannel"
countries = ["33"]
quiet-hours = "none"

[sms.kannel]
sendsms-url = "{url}"
username = "{user}"
password.raw = "{password}"
listen = "{listen}"
secret.raw = "{secret}"
"#,
        url = g["ARBITRE_SMS_SENDSMS_URL"],
        user = g["ARBITRE_SMS_USER"],
        password = g["ARBITRE_SMS_PASSWORD"],
        listen = g["ARBITRE_SMS_LISTEN"],
        secret = g["ARBITRE_SMS_SECRET"],
    );
    let mut daemon = Daemon::start_sections(&env, bot, "sms-game", "", &[], &sections);

    // Alice links her phone: PHONE by mail (confirmed by replying), the code by SMS, sent
    // back by SMS.
    let seen = received(&g, &phone).len();
    let after = env.last_uid(alice).await;
    env.send(alice, bot, "phone", &format!("PHONE {phone}"), "")
        .await;
    env.wait_mail_after(alice, after, "the confirmation request", |m| {
        m.subject.contains("Confirm")
    })
    .await;
    env.reply_latest(alice, bot, "").await;
    let code_sms = texted(&g, &phone, seen, "your code is").await;
    let code: String = code_sms
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| t.len() == 6)
        .unwrap()
        .to_string();
    let seen = received(&g, &phone).len();
    phone_sends(&g, &phone, &code);
    texted(&g, &phone, seen, "this phone is linked").await;

    // Alice challenges Bob by mail; Bob accepts.
    let after = env.last_uid(alice).await;
    env.send(alice, bot, "new", &format!("NEW abalone VS {bob}"), "")
        .await;
    env.wait_mail_after(alice, after, "confirm", |m| m.subject.contains("Confirm"))
        .await;
    env.reply_latest(alice, bot, "").await;
    let after_bob = env.last_uid(bob).await;
    env.wait_mail_after(bob, after_bob, "the invitation", |m| {
        m.subject.contains("invitation")
    })
    .await;
    env.reply_latest(bob, bot, "ACCEPT").await;
    let game = {
        let mail = env
            .wait_mail_after(alice, after, "the game's start", |m| {
                m.subject.contains("your move")
            })
            .await;
        let at = mail.subject.find('#').unwrap();
        mail.subject[at + 1..]
            .split(']')
            .next()
            .unwrap()
            .parse::<i64>()
            .unwrap()
    };

    // Alice asks for the moves to play by SMS, then plays by SMS; arbitre is killed right
    // after the SMS arrives (smsbox hands it over again once arbitre is back).
    let seen = received(&g, &phone).len();
    phone_sends(&g, &phone, "NOTIFY SMS");
    texted(&g, &phone, seen, "answered you by mail").await;
    let mut moves_by_sms = 0;
    let plan = [("a1b2", "i5h5"), ("b2c3", "i6h6"), ("a2b3", "i7h7")];
    for (round, (mine, theirs)) in plan.iter().enumerate() {
        let seen = received(&g, &phone).len();
        let after_bob = env.last_uid(bob).await;
        phone_sends(&g, &phone, mine);
        moves_by_sms += 1;
        if round < 2 {
            // SIGKILL at a different moment each round: at once, or a little later.
            tokio::time::sleep(Duration::from_millis(300 * round as u64)).await;
            daemon.kill9();
            tokio::time::sleep(Duration::from_millis(300)).await;
            daemon.spawn();
        }
        let accepted = texted(&g, &phone, seen, &format!("{mine} accepted")).await;
        assert_eq!(
            accepted,
            format!("#{game} {mine} accepted, passed on to your opponent.")
        );
        env.wait_mail_after(bob, after_bob, "the SMS move", |m| m.first_line() == *mine)
            .await;
        let seen = received(&g, &phone).len();
        env.reply_latest(bob, bot, theirs).await;
        let yours = texted(&g, &phone, seen, &format!("played {theirs}")).await;
        assert_eq!(
            yours,
            format!("#{game} Abalone, your opponent played {theirs}. Your move. Reply with yours.")
        );
    }
    // Each move applied once, each forward mailed once, each answer texted once.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let store = daemon.store();
    let stored = store.game(game).unwrap().unwrap();
    let texts: Vec<&str> = stored.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["a1b2", "i5h5", "b2c3", "i6h6", "a2b3", "i7h7"]);
    let bob_mails = env.inbox(bob).await;
    for (mine, _) in plan {
        let forwards = bob_mails.iter().filter(|m| m.first_line() == mine).count();
        assert_eq!(forwards, 1, "{mine} forwarded once");
        let answers = received(&g, &phone)
            .iter()
            .filter(|t| t.contains(&format!("{mine} accepted")))
            .count();
        assert_eq!(answers, 1, "{mine} answered once by SMS");
    }
    assert_eq!(moves_by_sms, 3);
    // The gateway's delivery reports reach the outbox.
    common::eventually("delivery reports", Duration::from_secs(20), || {
        let counts = daemon.store().sms_delivery_counts().unwrap();
        counts
            .iter()
            .any(|(word, n)| word.as_deref() == Some("delivered") && *n >= 6)
    })
    .await;

    // An illegal move by SMS: ERR by SMS, nothing changes.
    let seen = received(&g, &phone).len();
    phone_sends(&g, &phone, "a1a9");
    let err = texted(&g, &phone, seen, "ERR").await;
    assert!(err.starts_with(&format!("#{game} ERR a1a9: ")), "{err}");
    assert_eq!(daemon.store().game(game).unwrap().unwrap().moves.len(), 6);

    // STOP: confirmed once; Bob's next move reaches Alice by mail only.
    let seen = received(&g, &phone).len();
    phone_sends(&g, &phone, "STOP");
    texted(&g, &phone, seen, "no more SMS").await;
    let after_bob = env.last_uid(bob).await;
    phone_sends(&g, &phone, &format!("#{game} a4b5"));
    env.wait_mail_after(bob, after_bob, "a4b5", |m| m.first_line() == "a4b5")
        .await;
    let after = env.last_uid(alice).await;
    env.reply_latest(bob, bot, "i8h8").await;
    env.wait_mail_after(alice, after, "i8h8 by mail", |m| m.first_line() == "i8h8")
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let since_stop = &received(&g, &phone)[seen..];
    assert_eq!(since_stop.len(), 1, "only the confirmation: {since_stop:?}");
    let (_, _, failed) = daemon.store().outbox_counts().unwrap();
    assert_eq!(
        failed, 2,
        "the answer to a4b5 and the news of i8h8, not sent"
    );

    // START: SMS again; Alice resigns by SMS, the result reaches both.
    let seen = received(&g, &phone).len();
    phone_sends(&g, &phone, "START");
    texted(&g, &phone, seen, "SMS are back on").await;
    let after_bob = env.last_uid(bob).await;
    phone_sends(&g, &phone, "RESIGN");
    let end = texted(&g, &phone, seen, "You lose.").await;
    assert!(end.starts_with(&format!("#{game} Abalone: ")), "{end}");
    let result = env
        .wait_mail_after(bob, after_bob, "the result", |m| m.body.contains("resign"))
        .await;
    assert!(!result.first_line().is_empty());
    assert!(
        daemon.terminate(),
        "arbitre stops cleanly:\n{}",
        daemon.log()
    );
}
