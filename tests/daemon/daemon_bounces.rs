//! Mail that fails, through the real servers: a director's Abalone game whose Black player
//! (who moves first) has an address with no mailbox. Postfix refuses the start mail
//! (`5.1.1`, at submission or by a delivery report to the mail's own envelope sender);
//! arbitre records it, stops Black's clock, tells White and the director, and lists the
//! address as undeliverable. After `arbitre player address OLD NEW`, the new address gets
//! the start mail and the clock runs again. Every mail arbitre sends leaves under its own
//! envelope sender (VERP) and with its own envelope identifier (`ENVID`), which Postfix's
//! report quotes and the recipient never sees: a report the player writes about their own
//! turn notice, to the bounce address they read in its `Return-Path`, quotes none, and stops
//! no clock.

use crate::common;

use std::time::Duration;

use arbitre::games::{AnyGame, GameKind, Start};
use common::{Daemon, MailEnv};

fn text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Runs `arbitre <args>` until its output holds `wanted` (the daemon decides in its own
/// time), at most 60 seconds; the last output.
async fn until(daemon: &Daemon, args: &[&str], wanted: &str) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let out = text(&daemon.command(args));
        if out.contains(wanted) || std::time::Instant::now() > deadline {
            return out;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_notice_to_a_missing_mailbox_stops_the_clock_until_a_new_address_gets_it() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice", "td", "carol"]).await;
    let (bot, alice, td, carol) = (
        accounts.remove(0),
        accounts.remove(0),
        accounts.remove(0),
        accounts.remove(0),
    );
    // An address of the test domain that no account has.
    let nobody = format!("nobody-{}", alice.replacen("alice-", "", 1));
    let daemon = Daemon::start(&env, &bot, "bounces");
    let out = daemon.command(&[
        "new", "--game", "abalone", "--white", &alice, "--black", &nobody, "--by", &td, "--time",
        "3d",
    ]);
    assert!(out.status.success(), "{}", text(&out));

    // White hears that Black cannot be reached, the director what failed and how to mend it.
    let told = env
        .wait_mail_after(&alice, 0, "the notice that Black cannot be reached", |m| {
            m.subject.contains("cannot be reached")
        })
        .await;
    assert!(told.body.contains("clock is stopped"), "{}", told.body);
    let director = env
        .wait_mail_after(&td, 0, "the director's notice", |m| {
            m.subject.contains(&format!("mail to {nobody} failed"))
        })
        .await;
    assert!(director.body.contains("5.1.1"), "{}", director.body);
    assert!(
        director
            .body
            .contains(&format!("arbitre player address {nobody} NEW-ADDRESS")),
        "{}",
        director.body
    );
    // Every mail of arbitre left under its own envelope sender, which a report names.
    let (local, domain) = bot.split_once('@').unwrap();
    let return_path = told.headers.get("return-path").cloned().unwrap_or_default();
    assert!(
        return_path.contains(&format!("{local}+b-")) && return_path.contains(domain),
        "Return-Path: {return_path}"
    );

    // The address is listed, the clock stopped.
    let status = until(&daemon, &["status"], &nobody).await;
    assert!(status.contains("Undeliverable addresses"), "{status}");
    assert!(status.contains(&nobody), "{status}");
    let show = daemon.command(&["show", "1"]);
    let show = text(&show);
    assert!(
        show.contains("Clock stopped: black's turn notice failed at") && show.contains("still"),
        "{show}"
    );
    // Postfix's report quoted the mail's envelope id: confirmed.
    assert!(
        show.contains("Mail failed: to") && !show.contains("unconfirmed"),
        "{show}"
    );

    // A report that forges a failure (sent to the bot's plain address, or to a bounce
    // address with a made-up key) changes nothing: Alice is not told twice.
    let forged = format!(
        "From: MAILER-DAEMON@{domain}\r\nTo: {local}+b-1-aaaaaaaaaaaaaaaa-1@{domain}\r\n\
         Subject: Undelivered Mail Returned to Sender\r\nAuto-Submitted: auto-replied\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"F\"\r\n\r\n\
         --F\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--F\r\n\
         Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\n\
         Final-Recipient: rfc822; {alice}\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--F--\r\n"
    );
    env.deliver_from_outside(
        &alice,
        &format!("{local}+b-1-aaaaaaaaaaaaaaaa-1@{domain}"),
        &forged,
    )
    .await;

    // The director gives Black a new address: it gets the start mail, and the clock runs.
    let mark = env.last_uid(&alice).await;
    let out = daemon.command(&[
        "player",
        "address",
        &nobody,
        &carol,
        "--reason",
        "a typo in the entry form",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let moved = env
        .wait_mail_after(&carol, 0, "the new address's notice", |m| {
            m.subject.contains("Your address has changed")
        })
        .await;
    assert!(moved.body.contains(&nobody), "{}", moved.body);
    let start = env
        .wait_mail_after(&carol, 0, "the start mail, sent again", |m| {
            m.body.contains("Your move must reach arbitre before")
        })
        .await;
    assert!(start.subject.contains("#1"), "{}", start.subject);
    let show = until(&daemon, &["show", "1"], "until").await;
    assert!(
        show.contains(&format!("Black:    {carol}")) && show.contains(", until "),
        "{show}"
    );
    // The envelope id went with the mail to Postfix, not into Carol's mailbox.
    let config = arbitre::config::Config::load(&daemon.config).unwrap();
    let keys = config.bot.keyring().unwrap();
    let start_rp = start
        .headers
        .get("return-path")
        .cloned()
        .unwrap_or_default();
    let start_id: i64 = start_rp
        .split("+b-")
        .nth(1)
        .and_then(|t| t.split('-').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("Return-Path: {start_rp}"));
    let envid = arbitre::referee::token::envelope_id(keys.current(), start_id);
    let raw = String::from_utf8_lossy(&start.raw).to_lowercase();
    assert!(
        !raw.contains(&envid),
        "the envelope id {envid} reached the mailbox"
    );

    // Carol, whose turn it is, writes a report about her own start mail to the bounce
    // address she reads in its Return-Path: it names the mail but quotes no envelope id, so
    // it stops no clock; the director is told, to judge it.
    let bounce = start_rp.trim_matches(['<', '>', ' ']).to_string();
    let own = format!(
        "From: MAILER-DAEMON@{domain}\r\nTo: {bounce}\r\n\
         Subject: Undelivered Mail Returned to Sender\r\nAuto-Submitted: auto-replied\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=\"F\"\r\n\r\n\
         --F\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--F\r\n\
         Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\
         Original-Envelope-Id: e-{start_id}-aaaaaaaaaaaaaaaa-1\r\n\r\n\
         Final-Recipient: rfc822; {carol}\r\nAction: failed\r\nStatus: 5.2.2\r\n\r\n--F--\r\n"
    );
    env.deliver_from_outside(&carol, &bounce, &own).await;
    let judged = env
        .wait_mail_after(&td, 0, "the director's unconfirmed report", |m| {
            m.subject
                .contains(&format!("a report says mail to {carol} failed"))
        })
        .await;
    assert!(judged.body.contains("the clock runs"), "{}", judged.body);
    let show = until(&daemon, &["show", "1"], "unconfirmed").await;
    assert!(
        show.contains(&format!("Mail failed: to {carol}"))
            && show.contains("5.2.2")
            && show.contains("unconfirmed: no clock stopped"),
        "{show}"
    );
    assert_eq!(
        show.matches(", still").count(),
        0,
        "no clock stopped again: {show}"
    );

    let status = text(&daemon.command(&["status"]));
    assert!(!status.contains(&nobody), "{status}");
    let audit = text(&daemon.command(&["audit"]));
    assert!(audit.contains("player-address"), "{audit}");

    // Nothing more reached Alice: the forged report changed nothing.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let more: Vec<_> = env
        .inbox(&alice)
        .await
        .into_iter()
        .filter(|m| m.uid > mark && m.subject.contains("cannot be reached"))
        .collect();
    assert!(more.is_empty(), "{more:?}");
}

/// A destination that defers: Postfix keeps the start mail and, after 15 seconds (the test
/// stack's `delay_warning_time`), sends a "delayed" report to its envelope sender. arbitre records it for the directors (`arbitre show`) and stops no
/// clock; nobody is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delayed_delivery_is_recorded_without_stopping_the_clock() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice", "td"]).await;
    let (bot, alice, td) = (accounts.remove(0), accounts.remove(0), accounts.remove(0));
    // The test stack's Postfix defers every mail to this domain (scripts/mail-servers.sh).
    let slow = format!(
        "{}@defer.{}",
        alice
            .split('@')
            .next()
            .unwrap()
            .replacen("alice", "slow", 1),
        env.domain()
    );
    let daemon = Daemon::start(&env, &bot, "delayed");
    let out = daemon.command(&[
        "new", "--game", "abalone", "--white", &alice, "--black", &slow, "--by", &td, "--time",
        "3d",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let show = until(&daemon, &["show", "1"], "Mail delayed").await;
    assert!(show.contains(&format!("Mail delayed: to {slow}")), "{show}");
    assert!(
        show.contains("4.4.1") && !show.contains("unconfirmed"),
        "{show}"
    );
    assert!(!show.contains("Clock stopped"), "{show}");
    let status = text(&daemon.command(&["status"]));
    assert!(!status.contains(&slow), "{status}");
    // Alice got her start mail and nothing about her opponent.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let told: Vec<_> = env
        .inbox(&alice)
        .await
        .into_iter()
        .filter(|m| m.subject.contains("cannot be reached"))
        .collect();
    assert!(told.is_empty(), "{told:?}");
}

/// A spam complaint (ARF) from the player's provider, sent to the bot's own address and naming
/// the mail by its original envelope sender: arbitre sends that address no more mail and tells
/// the director. The turn notice then not sent stops no clock: the player asked for no mail,
/// and a complaint (which only ever stops mail to the complainer) is no way to stop one's own
/// clock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spam_complaint_stops_mail_to_the_address_and_tells_the_director() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice", "bob", "td"]).await;
    let (bot, alice, bob, td) = (
        accounts.remove(0),
        accounts.remove(0),
        accounts.remove(0),
        accounts.remove(0),
    );
    let daemon = Daemon::start(&env, &bot, "complaint");
    // Bob plays Black, who moves first in Abalone.
    let out = daemon.command(&[
        "new", "--game", "abalone", "--white", &alice, "--black", &bob, "--by", &td, "--time", "3d",
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let start = env
        .wait_mail_after(&bob, 0, "the start mail", |m| {
            m.body.contains("Your move must reach arbitre before")
        })
        .await;
    let verp = start
        .headers
        .get("return-path")
        .cloned()
        .unwrap_or_default()
        .trim_matches(['<', '>', ' '])
        .to_string();
    assert!(verp.contains("+b-"), "Return-Path: {verp}");

    // Bob's provider reports his start mail as spam, to the bot's address.
    let domain = env.domain().to_string();
    let arf = format!(
        "From: feedback@{domain}\r\nTo: {bot}\r\nSubject: complaint about a message\r\n\
         MIME-Version: 1.0\r\n\
         Content-Type: multipart/report; report-type=feedback-report; boundary=\"A\"\r\n\r\n\
         --A\r\nContent-Type: text/plain\r\n\r\nA user reported this message as spam.\r\n\
         --A\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n\
         User-Agent: FBL/1.0\r\nVersion: 1\r\nOriginal-Mail-From: <{verp}>\r\n\r\n\
         --A\r\nContent-Type: message/rfc822\r\n\r\nReturn-Path: <{verp}>\r\nFrom: {bot}\r\n\
         Subject: [arbitre #1] your move\r\n\r\nYour move.\r\n--A--\r\n"
    );
    env.deliver_from_outside(&format!("feedback@{domain}"), &bot, &arf)
        .await;
    let told = env
        .wait_mail_after(&td, 0, "the director's complaint notice", |m| {
            m.subject
                .contains(&format!("spam complaint about mail to {bob}"))
        })
        .await;
    assert!(told.body.contains("#1"), "{}", told.body);
    let status = until(&daemon, &["status"], &bob).await;
    assert!(
        status.contains("Undeliverable addresses") && status.contains(&bob),
        "{status}"
    );

    // Bob still plays (his mail reaches arbitre); Alice answers; the notice of Bob's turn is
    // not sent, and his clock runs.
    let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let first = game.legal_moves()[0].clone();
    env.reply_latest(&bob, &bot, &first).await;
    env.wait_mail_after(&alice, 0, "Bob's move", |m| m.first_line() == first)
        .await;
    let mut after = game.clone();
    after.play(&first).unwrap();
    let second = after.legal_moves()[0].clone();
    // Mail to Bob that failed so far (his move's confirmation, if any): the notice of his
    // next turn must add one.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = text(&daemon.command(&["show", "1"]))
        .matches("not sent")
        .count();
    env.reply_latest(&alice, &bot, &second).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let show = loop {
        let show = text(&daemon.command(&["show", "1"]));
        if show.matches("not sent").count() > before || std::time::Instant::now() > deadline {
            break show;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    assert!(show.matches("not sent").count() > before, "{show}");
    assert!(
        show.contains(&format!("Mail failed: to {bob}")) && show.contains("not sent"),
        "{show}"
    );
    assert!(
        show.contains(&format!("Mail complained: to {bob}")),
        "{show}"
    );
    assert!(!show.contains("Clock stopped"), "{show}");
    let bobs: Vec<_> = env
        .inbox(&bob)
        .await
        .into_iter()
        .filter(|m| m.first_line() == second)
        .collect();
    assert!(
        bobs.is_empty(),
        "mail reached an address that complained: {bobs:?}"
    );
    let alices: Vec<_> = env
        .inbox(&alice)
        .await
        .into_iter()
        .filter(|m| m.subject.contains("cannot be reached"))
        .collect();
    assert!(alices.is_empty(), "{alices:?}");
}
