//! Clocks through the real servers: a game set up by a director under `20s` per move,
//! where a player lets the time run out. arbitre (a real `arbitre run` process, real
//! Dovecot and Postfix) sends the reminder, is SIGKILLed and restarted between the reminder
//! and the deadline, then sends both players the time-out result: no mail missing, none
//! doubled. Without the mail servers (a developer who is not root) the test prints a note
//! and passes; under `CI=true` it fails instead (see `common::MailEnv::load`).

use crate::common;

use std::time::Duration;

use arbitre::games::{AnyGame, GameKind, Start};
use common::{Daemon, MailEnv};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_second_move_is_reminded_then_lost_on_time_across_a_sigkill() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice", "bob"]).await;
    let (bot, alice, bob) = (accounts.remove(0), accounts.remove(0), accounts.remove(0));
    let mut daemon = Daemon::start(&env, &bot, "clock-20s");
    let out = daemon.command(&[
        "new", "--game", "abalone", "--white", &bob, "--black", &alice, "--time", "20s",
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let start = env
        .wait_mail_after(&alice, 0, "the game-start mail", |m| {
            m.body.contains("Time control: 20s (20 seconds per move).")
        })
        .await;
    assert!(
        start.body.contains("Your move must reach arbitre before"),
        "{}",
        start.body
    );

    // Alice (Black) moves at once; Bob, to move next, never answers.
    let game = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
    let mv = game.legal_moves()[0].clone();
    let mark = env.last_uid(&bob).await;
    env.reply_latest(&alice, &bot, &mv).await;
    let forward = env
        .wait_mail_after(&bob, mark, "Alice's move", |m| m.first_line() == mv)
        .await;
    assert!(forward.body.contains("Your move must reach arbitre before"));

    // The reminder (80 % of the 20 seconds used) reaches Bob; arbitre is then killed and
    // restarted before the deadline.
    let reminder = env
        .wait_mail_after(&bob, forward.uid, "the reminder", |m| {
            m.body.starts_with("Reminder: game #1")
        })
        .await;
    daemon.kill9();
    tokio::time::sleep(Duration::from_millis(300)).await;
    daemon.spawn();

    // Both players get the result, once.
    let lost = env
        .wait_mail_after(&bob, reminder.uid, "the time-out result", |m| {
            m.body.contains("Your time ran out")
        })
        .await;
    assert!(lost.body.contains("You lose on time."), "{}", lost.body);
    let won = env
        .wait_mail_after(&alice, 0, "the time-out result", |m| {
            m.body.contains("ran out of time")
        })
        .await;
    assert!(won.body.contains("You win on time."), "{}", won.body);

    // Nothing more comes, and nothing came twice.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let bob_mails = env.inbox(&bob).await;
    let alice_mails = env.inbox(&alice).await;
    let count =
        |mails: &[common::Mail], what: &str| mails.iter().filter(|m| m.body.contains(what)).count();
    assert_eq!(count(&bob_mails, "Reminder: game #1"), 1, "one reminder");
    assert_eq!(
        count(&bob_mails, "Your time ran out"),
        1,
        "one result to Bob"
    );
    assert_eq!(
        count(&alice_mails, "ran out of time"),
        1,
        "one result to Alice"
    );
    assert_eq!(
        count(&alice_mails, "Reminder: game #1"),
        0,
        "Alice moved in time: no reminder"
    );
    let show = String::from_utf8_lossy(&daemon.command(&["show", "1"]).stdout).to_string();
    assert!(show.contains("finished"), "{show}");
    assert_eq!(
        daemon.store().outbox_counts().unwrap().0,
        0,
        "nothing left unsent"
    );
    let log = daemon.log();
    assert!(log.contains("clock"), "the clock's decisions are logged");
}
