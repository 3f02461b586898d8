//! Forged mail through the real servers: messages that carry a seated player's address in
//! their From line, delivered the way any other domain's server would deliver them, change
//! no game and no player. Each forgery of the fault-injection run is here: a made-up reply
//! address of the right shape, another plus-address of the bot, a real reply address with
//! one character altered, a draw offered and agreed by two mails to the plain address, a
//! language change. Only the From address (the real player) hears of them, and the real
//! players play on. Without the mail servers these tests print a note and pass; under
//! `CI=true` they fail instead (see `common::MailEnv::load`).

mod common;

use std::time::Duration;

use arbitre::referee::GameStatus;
use arbitre::text::Lang;
use common::{Daemon, MailEnv};

/// A forged message: `from` in the From line, delivered from outside to `to`.
async fn forge(env: &MailEnv, n: usize, from: &str, to: &str, subject: &str, body: &str) {
    let raw = format!(
        "From: {from}\nTo: {to}\nSubject: {subject}\nMessage-ID: <forged.{n}.{}@evil.example>\n\
         Date: Mon, 3 Mar 2025 10:00:00 +0000\nContent-Type: text/plain; charset=utf-8\n\n{body}\n",
        std::process::id()
    );
    env.deliver_from_outside("mallory@evil.example", to, &raw)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_mail_changes_no_game_and_no_player() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let daemon = Daemon::start(&env, bot, "forgery");
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id = 1;
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    let alice_start = env.inbox(alice).await.len();
    let bob_start = env.inbox(bob).await.len();
    let bob_key = env.inbox(bob).await[0]
        .header("reply-to")
        .expect("a reply address")
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string();
    let (local, domain) = bot.split_once('@').unwrap();
    let subject = format!("Re: [arbitre #{id}] Abalone");
    let forgeries = [
        (
            alice.as_str(),
            format!("{local}+g{id}-b-abcdefghijklmnop@{domain}"),
            "a1b2",
        ),
        (bob.as_str(), format!("{local}+zz0@{domain}"), "RESIGN"),
        (bob.as_str(), common::altered(&bob_key), "RESIGN"),
        (alice.as_str(), bot.clone(), "DRAW"),
        (bob.as_str(), bot.clone(), "DRAW"),
        (bob.as_str(), bot.clone(), "LANG FR"),
        (alice.as_str(), bot.clone(), "a1b2"),
        (alice.as_str(), bob_key.clone(), "a1b2"),
    ];
    for (n, (from, to, text)) in forgeries.iter().enumerate() {
        forge(&env, n, from, to, &subject, text).await;
    }
    let store = daemon.store();
    common::eventually("every forgery processed", Duration::from_secs(60), || {
        store.processed_count().unwrap() >= forgeries.len() as u64
    })
    .await;
    let game = store.game(id).unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Active);
    assert!(game.moves.is_empty(), "{:?}", game.moves);
    assert_eq!(game.draw_offer, None);
    assert_eq!(store.player(bob).unwrap().map(|p| p.lang), Some(Lang::EN));
    // Each From address heard of the forgeries in its name, and nothing else reached
    // anyone: alice 4 notes (two forged moves, a draw offer, her opponent's key), bob 4.
    let alice_mail = env
        .wait_for(alice, alice_start + 4, Duration::from_secs(30))
        .await;
    let bob_mail = env
        .wait_for(bob, bob_start + 4, Duration::from_secs(30))
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(env.inbox(alice).await.len(), alice_start + 4);
    assert_eq!(env.inbox(bob).await.len(), bob_start + 4);
    for m in alice_mail[alice_start..]
        .iter()
        .chain(&bob_mail[bob_start..])
    {
        assert!(
            m.body.contains("arbitre did nothing with your message")
                || m.body.contains("not a reply address arbitre gave you"),
            "{}",
            m.body
        );
    }
    // The real players play on: alice replies to her own mail, bob gets the move in English.
    let mark = env.last_uid(bob).await;
    env.reply_latest(alice, bot, "a1b2").await;
    let forwarded = env
        .wait_mail_after(bob, mark, "the move a1b2", |m| m.first_line() == "a1b2")
        .await;
    assert!(
        forwarded.body.contains("To play, reply"),
        "{}",
        forwarded.body
    );
    assert_eq!(store.game(id).unwrap().unwrap().moves.len(), 1);
}

/// Consent through the real servers: three commands forged in alice's name, each answered
/// the way a person who never sent it answers (the mail client quoting the request below),
/// carry out nothing; `NOT ME` cancels one; alice's explicit `YES` to another carries it out
/// once, and a second `YES` does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_victims_no_carries_out_nothing_and_only_an_explicit_yes_confirms() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let daemon = Daemon::start(&env, bot, "consent");
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id = 1;
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    // Bob's real draw offer stands, so that a forged DRAW would agree to it.
    let mark = env.last_uid(alice).await;
    env.reply_latest(bob, bot, "DRAW").await;
    env.wait_mail_after(alice, mark, "bob's draw offer", |m| m.body.contains("DRAW"))
        .await;
    let store = daemon.store();
    let subject = format!("Re: [arbitre #{id}] Abalone");
    let answers = [
        ("RESIGN", "No! I never sent this. I am playing on."),
        ("DRAW", "No thanks, I did not write that."),
        ("a1b2", "Who sent this? Not me."),
    ];
    for (n, (command, answer)) in answers.iter().enumerate() {
        let mark = env.last_uid(alice).await;
        forge(&env, 100 + n, alice, bot, &subject, command).await;
        let ask = env
            .wait_mail_after(alice, mark, "the request to confirm", |m| {
                m.subject.contains(&format!("Confirm: {command}"))
            })
            .await;
        let reply_to = ask.header("reply-to").unwrap_or_default().to_string();
        assert!(reply_to.contains("+c-"), "{reply_to}");
        let mark = env.last_uid(alice).await;
        env.reply_latest(alice, bot, answer).await;
        let told = env
            .wait_mail_after(alice, mark, "nothing was done", |m| {
                m.body.contains("Nothing was done")
            })
            .await;
        assert!(told.body.contains("reply YES"), "{}", told.body);
    }
    let game = store.game(id).unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Active);
    assert!(game.moves.is_empty(), "{:?}", game.moves);
    assert!(game.result.is_none());
    // NOT ME to the latest request (the move): cancelled; YES to it afterwards does nothing.
    let mark = env.last_uid(alice).await;
    env.reply_where(
        alice,
        bot,
        |m| m.subject.contains("Confirm: a1b2"),
        "NOT ME",
    )
    .await;
    env.wait_mail_after(alice, mark, "the cancellation", |m| {
        m.body.contains("Cancelled")
    })
    .await;
    let mark = env.last_uid(alice).await;
    env.reply_latest(alice, bot, "YES").await;
    env.wait_mail_after(alice, mark, "already cancelled", |m| {
        m.body.contains("cancelled with NOT ME")
    })
    .await;
    assert!(store.game(id).unwrap().unwrap().moves.is_empty());
    // A command alice really sent from elsewhere: her YES plays it, once.
    let mark = env.last_uid(alice).await;
    forge(&env, 200, alice, bot, &subject, "a1b2").await;
    env.wait_mail_after(alice, mark, "the request", |m| {
        m.subject.contains("Confirm: a1b2")
    })
    .await;
    let mark_bob = env.last_uid(bob).await;
    env.reply_latest(alice, bot, "Yes").await;
    env.wait_mail_after(bob, mark_bob, "the move a1b2", |m| m.first_line() == "a1b2")
        .await;
    assert_eq!(store.game(id).unwrap().unwrap().moves.len(), 1);
    let mark = env.last_uid(alice).await;
    env.reply_where(alice, bot, |m| m.subject.contains("Confirm: a1b2"), "YES")
        .await;
    env.wait_mail_after(alice, mark, "already used", |m| {
        m.body.contains("already answered")
    })
    .await;
    assert_eq!(store.game(id).unwrap().unwrap().moves.len(), 1);
}
