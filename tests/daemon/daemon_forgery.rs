//! Forged mail through the real servers: messages that carry a seated player's address in
//! their From line, delivered the way any other domain's server would deliver them, change
//! no game and no player. Each forgery of the fault-injection run is here: a made-up reply
//! address of the right shape, another plus-address of the bot, a real reply address with
//! one character altered, a draw offered and agreed by two mails to the plain address, a
//! language change. Only the From address (the real player) hears of them, and the real
//! players play on. Without the mail servers these tests print a note and pass; under
//! `CI=true` they fail instead (see `common::MailEnv::load`).

use crate::common;

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

/// A daemon named `name` and the accounts bot, alice, bob; game #1, Abalone set up by a
/// director (bob White, alice Black), whose start mail both players have received.
async fn abalone_game(env: &MailEnv, name: &str) -> (Vec<String>, Daemon) {
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let daemon = Daemon::start(env, bot, name);
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    (accounts, daemon)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_mail_changes_no_game_and_no_player() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let (accounts, daemon) = abalone_game(&env, "forgery").await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let id = 1;
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
    let (accounts, daemon) = abalone_game(&env, "consent").await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let id = 1;
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

/// A message as it leaves a border server of the installation (`mx`), which the test plays
/// in front of Postfix: its own `Authentication-Results` (`verdict`) and `Received` on top
/// of the sender's header `sender_head`, which ends with the From line.
fn through_border(mx: &str, verdict: &str, sender_head: &str, n: usize, to: &str) -> String {
    format!(
        "Authentication-Results: {mx}; {verdict}\n\
         Received: from evil.example (evil.example [192.0.2.66]) by {mx} with ESMTP\n\
         {sender_head}\nTo: {to}\nSubject: Re: [arbitre #1] Abalone\n\
         Message-ID: <authres.{n}.{}@evil.example>\nDate: Mon, 3 Mar 2025 10:00:00 +0000\n\
         Content-Type: text/plain; charset=utf-8\n\na1b2\n",
        std::process::id()
    )
}

/// Issue 30, item 2: a sender's own `Authentication-Results` header with the installation's
/// authserv-id, under the one its server added, proves nothing through the real servers;
/// the server's own header at the top still does. The copy delivered to a bystander shows
/// what the daemon reads: Dovecot's and Postfix's trace lines, then the border server's
/// header, then the forged one below a `Received` line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_authentication_results_below_the_servers_own_proves_nothing() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let accounts = env.accounts(&["bot", "alice", "bob", "carol"]).await;
    let (bot, alice, bob, carol) = (&accounts[0], &accounts[1], &accounts[2], &accounts[3]);
    let mx = format!("mx.{}", env.domain());
    let daemon = Daemon::start_with(
        &env,
        bot,
        "authres",
        &format!(
            "trusted-authserv-id = \"{mx}\"\ndomain-proof = [\"{}\"]",
            env.domain()
        ),
    );
    let out = daemon.command(&["new", "--game", "abalone", "--white", bob, "--black", alice]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    let domain = env.domain();
    // Every pass a header can claim, with the installation's own id.
    let forged_head = format!(
        "Authentication-Results: {mx}; dmarc=pass header.from={domain}; dkim=pass \
         header.d={domain}; spf=pass smtp.mailfrom={alice}; auth=pass smtp.auth={alice}\n\
         From: {alice}"
    );
    let forged = through_border(
        &mx,
        &format!("dmarc=fail header.from={domain}"),
        &forged_head,
        1,
        bot,
    );
    // What a delivered copy looks like (sent to carol, who plays no part).
    let mark = env.last_uid(carol).await;
    env.deliver_from_outside("mallory@evil.example", carol, &forged)
        .await;
    let copy = env
        .wait_mail_after(carol, mark, "the copy", |m| m.first_line() == "a1b2")
        .await;
    let read = arbitre::mail::parse::parse(&copy.raw, bot, 0);
    let places: Vec<(&str, arbitre::referee::Above)> = read
        .auth_results
        .iter()
        .map(|h| (h.authserv_id.as_str(), h.above))
        .collect();
    use arbitre::referee::Above;
    assert_eq!(
        places,
        vec![(mx.as_str(), Above::Trace), (mx.as_str(), Above::Other)],
        "{}",
        String::from_utf8_lossy(&copy.raw)
    );
    let head = String::from_utf8_lossy(&copy.raw);
    let names: Vec<&str> = head
        .lines()
        .take_while(|l| !l.to_ascii_lowercase().starts_with("authentication-results"))
        .filter(|l| !l.starts_with([' ', '\t']))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| ["Return-Path", "Delivered-To", "Received"].contains(n)),
        "{names:?}"
    );

    // The forgery, to arbitre: nothing changes.
    env.deliver_from_outside("mallory@evil.example", bot, &forged)
        .await;
    let store = daemon.store();
    common::eventually("the forgery processed", Duration::from_secs(60), || {
        store.processed_count().unwrap() >= 1
    })
    .await;
    let game = store.game(1).unwrap().unwrap();
    assert!(game.moves.is_empty(), "{:?}", game.moves);
    assert_eq!(game.status, GameStatus::Active);

    // The server's own header at the top proves alice, and her move is played.
    let mark = env.last_uid(bob).await;
    let real = through_border(
        &mx,
        &format!("dmarc=pass header.from={domain}"),
        &format!("From: {alice}"),
        2,
        bot,
    );
    env.deliver_from_outside(alice, bot, &real).await;
    env.wait_mail_after(bob, mark, "the move a1b2", |m| m.first_line() == "a1b2")
        .await;
    assert_eq!(store.game(1).unwrap().unwrap().moves.len(), 1);
}
