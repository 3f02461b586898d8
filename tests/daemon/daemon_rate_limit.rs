//! The reply rate limit through the real servers, with a daemon limited to 3 answers an
//! hour: a sender of junk gets 3 answers and one notice, then nothing; a brisk game played
//! by the same players in the same hour gets every confirmation and forward. Without the
//! mail servers the test prints a note and passes; under `CI=true` it fails instead
//! (`common::MailEnv::load`).

use crate::common;

use std::time::Duration;

use arbitre::games::{AnyGame, GameKind, Outcome, Side, Start};
use common::{Daemon, MailEnv};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_is_limited_with_one_notice_while_game_mail_always_flows() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (&accounts[0], &accounts[1], &accounts[2]);
    let daemon = Daemon::start_with(&env, bot, "rate-limit", "max-replies-per-hour = 3");
    let out = daemon.command(&["new", "--game", "ataxx", "--white", alice, "--black", bob]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for p in [alice, bob] {
        env.wait_mail_after(p, 0, "the game-start mail", |m| m.body.contains("Position"))
            .await;
    }
    // Six junk mails from alice: three answers, then one notice, then silence.
    let mark = env.last_uid(alice).await;
    for i in 0..6 {
        env.send(
            alice,
            bot,
            &format!("hello {i}"),
            &format!("hello there {i}"),
            "",
        )
        .await;
    }
    let store = daemon.store();
    common::eventually("the junk processed", Duration::from_secs(60), || {
        store.processed_count().unwrap() >= 6 && store.outbox_counts().unwrap().0 == 0
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let answers: Vec<_> = env
        .inbox(alice)
        .await
        .into_iter()
        .filter(|m| m.uid > mark)
        .collect();
    assert_eq!(
        answers.len(),
        4,
        "{:#?}",
        answers.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    let notices = answers
        .iter()
        .filter(|m| m.body.contains("will not answer such messages again until"))
        .count();
    assert_eq!(notices, 1);
    // A brisk game in the same hour: 30 plies, every one confirmed to its player and
    // forwarded to the other; an illegal move among them gets its ERR.
    let mut live = AnyGame::new(
        GameKind::from_name("ataxx").unwrap(),
        &Start::Default,
        None,
        "",
    )
    .unwrap();
    let mut turn = 0;
    for ply in 0..30 {
        let (mover, other) = if live.side_to_move() == Side::White {
            (alice, bob)
        } else {
            (bob, alice)
        };
        if ply == 11 {
            let mark = env.last_uid(mover).await;
            env.reply_latest(mover, bot, "a1a1").await;
            env.wait_mail_after(mover, mark, "the ERR", |m| {
                m.first_line().starts_with("ERR")
            })
            .await;
        }
        let legal = live.legal_moves();
        let mv = legal[(ply * 5 + 3) % legal.len()].clone();
        let (mark_mover, mark_other) = (env.last_uid(mover).await, env.last_uid(other).await);
        env.reply_latest(mover, bot, &mv).await;
        let judged = live.play(&mv).expect("a legal move");
        let shown = judged.line.clone();
        env.wait_mail_after(other, mark_other, "the forwarded move", |m| {
            m.first_line() == shown
        })
        .await;
        env.wait_mail_after(mover, mark_mover, "the confirmation", |m| {
            m.body.contains("is accepted")
        })
        .await;
        turn += 1;
        if live.outcome() != Outcome::Ongoing {
            break;
        }
    }
    assert!(turn >= 20, "the game went on ({turn} plies)");
}
