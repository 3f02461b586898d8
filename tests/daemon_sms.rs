//! A whole game with one player on SMS and the other on mail, through the real servers:
//! `arbitre run` with a real Kannel (bearerbox, smsbox, the fake SMSC standing for the
//! phones) and the real Dovecot and Postfix. Alice links her phone (the code comes by SMS
//! and goes back by SMS), plays her moves by SMS, has an illegal one refused, says STOP
//! (nothing more reaches her phone, mail goes on) and START, and the result reaches both.
//! On the way arbitre is killed with SIGKILL right after SMS moves: each is applied once,
//! its forward mailed once and its answer texted once; the gateway's delivery reports
//! reach the outbox.

mod common;

use std::time::Duration;

use common::sms::SmsEnv;
use common::{Daemon, MailEnv};

/// A number of our own for this run, in the allowed country.
fn number(n: u32) -> String {
    format!("+336{:08}", (std::process::id() * 10 + n) % 100_000_000)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_by_sms_against_mail_through_kannel_dovecot_and_postfix() {
    let Some(env) = MailEnv::load() else { return };
    let Some(g) = SmsEnv::load() else { return };
    let accounts = env.accounts(&["smsbot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let phone = number(1);
    let sections = g.sections();
    let mut daemon = Daemon::start_sections(&env, bot, "sms-game", "", &[], &sections);

    // Alice links her phone: PHONE by mail (confirmed by replying), the code by SMS, sent
    // back by SMS.
    let seen = g.received(&phone).len();
    let after = env.last_uid(alice).await;
    env.send(alice, bot, "phone", &format!("PHONE {phone}"), "")
        .await;
    env.wait_mail_after(alice, after, "the confirmation request", |m| {
        m.subject.contains("Confirm")
    })
    .await;
    env.reply_latest(alice, bot, "").await;
    let code_sms = g.texted(&phone, seen, "links this phone to").await;
    let code: String = code_sms
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| t.len() == 6)
        .unwrap()
        .to_string();
    let seen = g.received(&phone).len();
    g.phone_sends(&phone, &code);
    g.texted(&phone, seen, "this phone is linked").await;

    // Alice challenges Bob by mail; Bob accepts.
    let after = env.last_uid(alice).await;
    env.send(alice, bot, "new", &format!("NEW abalone VS {bob}"), "")
        .await;
    env.wait_mail_after(alice, after, "confirm", |m| m.subject.contains("Confirm"))
        .await;
    // Bob's mark is taken before Alice confirms: the invitation may reach him before
    // her reply's call returns.
    let after_bob = env.last_uid(bob).await;
    env.reply_latest(alice, bot, "").await;
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
    // NOTIFY changes her account: by SMS (a caller number can be forged) it is refused,
    // and nothing changes; by mail, from her reply address, it is done.
    let seen = g.received(&phone).len();
    let after = env.last_uid(alice).await;
    g.phone_sends(&phone, "NOTIFY SMS");
    g.texted(&phone, seen, "send this command by mail").await;
    env.wait_mail_after(alice, after, "the refusal by mail", |m| {
        m.body.contains("which came by SMS")
    })
    .await;
    let store = daemon.store();
    let notify = store.player(alice).unwrap().unwrap().notify;
    assert_eq!(notify.code(), "mail", "{notify:?}");
    let after = env.last_uid(alice).await;
    env.reply_latest(alice, bot, "NOTIFY SMS").await;
    env.wait_mail_after(alice, after, "NOTIFY SMS done", |m| {
        m.subject.contains("phone") || m.subject.contains("Phone")
    })
    .await;
    assert_eq!(store.player(alice).unwrap().unwrap().notify.code(), "sms");
    let mut moves_by_sms = 0;
    let plan = [("a1b2", "i5h5"), ("b2c3", "i6h6"), ("a2b3", "i7h7")];
    for (round, (mine, theirs)) in plan.iter().enumerate() {
        let seen = g.received(&phone).len();
        let after_bob = env.last_uid(bob).await;
        g.phone_sends(&phone, mine);
        moves_by_sms += 1;
        if round < 2 {
            // SIGKILL at a different moment each round: at once, or a little later.
            tokio::time::sleep(Duration::from_millis(300 * round as u64)).await;
            daemon.kill9();
            tokio::time::sleep(Duration::from_millis(300)).await;
            daemon.spawn();
        }
        let accepted = g.texted(&phone, seen, &format!("{mine} accepted")).await;
        assert_eq!(
            accepted,
            format!("#{game} {mine} accepted, passed on to your opponent.")
        );
        env.wait_mail_after(bob, after_bob, "the SMS move", |m| m.first_line() == *mine)
            .await;
        let seen = g.received(&phone).len();
        env.reply_latest(bob, bot, theirs).await;
        let yours = g.texted(&phone, seen, &format!("played {theirs}")).await;
        // The move, what it did (the engine's sentence, when it fits), whose turn.
        assert!(
            yours.starts_with(&format!(
                "#{game} Abalone, your opponent played {theirs}. White "
            )) && yours.ends_with(". Your move. Reply with yours."),
            "{yours}"
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
        let answers = g
            .received(&phone)
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
    let seen = g.received(&phone).len();
    g.phone_sends(&phone, "a1a9");
    let err = g.texted(&phone, seen, "ERR").await;
    assert!(err.starts_with(&format!("#{game} ERR a1a9: ")), "{err}");
    assert_eq!(daemon.store().game(game).unwrap().unwrap().moves.len(), 6);

    // STOP: confirmed once; Bob's next move reaches Alice by mail only.
    let seen = g.received(&phone).len();
    g.phone_sends(&phone, "STOP");
    g.texted(&phone, seen, "no more SMS").await;
    let after_bob = env.last_uid(bob).await;
    g.phone_sends(&phone, &format!("#{game} a4b5"));
    env.wait_mail_after(bob, after_bob, "a4b5", |m| m.first_line() == "a4b5")
        .await;
    let after = env.last_uid(alice).await;
    env.reply_latest(bob, bot, "i8h8").await;
    env.wait_mail_after(alice, after, "i8h8 by mail", |m| m.first_line() == "i8h8")
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let since_stop = &g.received(&phone)[seen..];
    assert_eq!(since_stop.len(), 1, "only the confirmation: {since_stop:?}");
    let (_, _, failed) = daemon.store().outbox_counts().unwrap();
    assert_eq!(
        failed, 2,
        "the answer to a4b5 and the news of i8h8, not sent"
    );

    // START: SMS again; Alice resigns by SMS, the result reaches both.
    let seen = g.received(&phone).len();
    g.phone_sends(&phone, "START");
    g.texted(&phone, seen, "SMS are back on").await;
    let after_bob = env.last_uid(bob).await;
    g.phone_sends(&phone, "RESIGN");
    let end = g.texted(&phone, seen, "You lose.").await;
    assert!(end.starts_with(&format!("#{game} Abalone: ")), "{end}");
    let result = env
        .wait_mail_after(bob, after_bob, "the result", |m| m.body.contains("resign"))
        .await;
    assert!(!result.first_line().is_empty());

    // The computer, by SMS: a challenge to it invites nobody, so it may come by SMS; it
    // starts at once, and Alice's move by SMS is answered by the computer's, by SMS.
    g.phone_sends(&phone, "NEW ataxx AS FIRST VS arbitre LEVEL 1");
    let mut against = None;
    common::eventually(
        "the game against the computer",
        Duration::from_secs(20),
        || {
            against = daemon.store().games().unwrap().into_iter().find(|g| {
                g.status == arbitre::referee::GameStatus::Active
                    && arbitre::referee::computer::seated(g).is_some()
            });
            against.is_some()
        },
    )
    .await;
    let against = against.unwrap().id;
    let seen = g.received(&phone).len();
    g.phone_sends(&phone, "f2");
    let answer = g.texted(&phone, seen, "played").await;
    let stored = daemon.store().game(against).unwrap().unwrap();
    assert_eq!(stored.moves.len(), 2, "{answer}");
    assert!(
        answer.contains(&stored.moves[1].text),
        "the computer's move by SMS: {answer}"
    );
    assert!(
        daemon.terminate(),
        "arbitre stops cleanly:\n{}",
        daemon.log()
    );
}
