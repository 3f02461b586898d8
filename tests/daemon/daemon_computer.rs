//! Playing the computer by mail through the real servers: `arbitre run` referees and plays,
//! a player is a real IMAP/SMTP account. The challenge and its confirmation, the
//! computer's answers, a take-back, a hint, a resignation; and a SIGKILL while the
//! computer searches, which loses nothing and doubles nothing.

use crate::common;

use std::time::Duration;

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::referee::computer;
use common::{Daemon, MailEnv};

/// Alice challenges the computer by mail with `line` and confirms; returns the game-start
/// mail.
async fn challenge(env: &MailEnv, alice: &str, bot: &str, line: &str) -> common::Mail {
    env.send(alice, bot, "a game", line, "").await;
    env.wait_mail_after(alice, 0, "the request to confirm", |m| {
        m.subject.contains("Confirm: NEW")
    })
    .await;
    let mark = env.last_uid(alice).await;
    env.reply_latest(alice, bot, "").await;
    env.wait_mail_after(alice, mark, "the game start", |m| {
        m.body.contains("arbitre plays at level")
    })
    .await
}

/// The only game's number, as `arbitre games` lists it.
fn only_game(daemon: &Daemon) -> i64 {
    let games = daemon.store().games().unwrap();
    assert_eq!(games.len(), 1, "{games:#?}");
    games[0].id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_the_computer_by_mail() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice"]).await;
    let (bot, alice) = (accounts.remove(0), accounts.remove(0));
    let daemon = Daemon::start(&env, &bot, "computer-play");
    let start = challenge(&env, &alice, &bot, "NEW ataxx AS FIRST VS arbitre LEVEL 2").await;
    assert!(start.body.contains("It is your move"), "{}", start.body);
    let id = only_game(&daemon);
    let seat = computer::seat(arbitre::games::engine::Level::new(2).unwrap());

    // Alice's move; the computer's answer comes as a mail whose first line is its move,
    // legal in the position after hers.
    let mut live = AnyGame::new(GameKind::Ataxx, &Start::Default, None, "").unwrap();
    let mine = live.legal_moves()[3].clone();
    live.play(&mine).unwrap();
    let mark = env.last_uid(&alice).await;
    env.reply_latest(&alice, &bot, &mine).await;
    let answer = env
        .wait_mail_after(&alice, mark, "the computer's move", |m| {
            live.judge(m.first_line()).is_ok()
        })
        .await;
    let its = answer.first_line().to_string();
    assert!(
        !answer.body.contains(&seat),
        "the seat's address is never shown"
    );

    // A hint, then a take-back of both moves, then resignation.
    let mark = env.last_uid(&alice).await;
    env.reply_latest(&alice, &bot, "HINT").await;
    let hint = env
        .wait_mail_after(&alice, mark, "the hint", |m| {
            m.body.contains("arbitre suggests")
        })
        .await;
    live.play(&its).unwrap();
    assert!(
        live.legal_moves()
            .iter()
            .any(|m| hint.body.contains(&format!("suggests {m},"))),
        "{}",
        hint.body
    );
    let mark = env.last_uid(&alice).await;
    env.reply_latest(&alice, &bot, "UNDO").await;
    env.wait_mail_after(&alice, mark, "the take-back", |m| {
        m.body.contains(&format!("Taken back: {mine}, {its}."))
    })
    .await;
    let show =
        String::from_utf8_lossy(&daemon.command(&["show", &id.to_string()]).stdout).to_string();
    assert!(show.contains("Moves (0)"), "{show}");
    let mark = env.last_uid(&alice).await;
    env.reply_latest(&alice, &bot, "RESIGN").await;
    env.wait_mail_after(&alice, mark, "the result", |m| m.body.contains("Result:"))
        .await;

    // Nothing was ever queued to the seat; everything queued was sent.
    let store = daemon.store();
    let game = store.game(id).unwrap().unwrap();
    assert!(!game.terms.rated);
    assert_eq!(store.outbox_counts().unwrap().0, 0, "nothing left unsent");
    assert!(
        !daemon.log().contains(&format!("to={seat}")),
        "no mail to the seat"
    );
}

/// The computer moves first at a level whose search takes a while in this build; arbitre
/// is killed while it searches, twice, and restarted: the move is played once, mailed
/// once, and is the move the same search finds from the stored game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_a_search_loses_and_doubles_nothing() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let mut accounts = env.accounts(&["bot", "alice"]).await;
    let (bot, alice) = (accounts.remove(0), accounts.remove(0));
    let mut daemon = Daemon::start(&env, &bot, "computer-kill");
    // The challenge and its confirmation; the kill comes as soon as the game is in the
    // store (its search starts with it), not when its first mail arrives.
    env.send(
        &alice,
        &bot,
        "a game",
        "NEW ataxx AS SECOND VS arbitre LEVEL 9",
        "",
    )
    .await;
    env.wait_mail_after(&alice, 0, "the request to confirm", |m| {
        m.subject.contains("Confirm: NEW")
    })
    .await;
    env.reply_latest(&alice, &bot, "").await;
    let mut id = None;
    common::eventually("the game in the store", Duration::from_secs(30), || {
        id = daemon.store().games().unwrap().first().map(|g| g.id);
        id.is_some()
    })
    .await;
    let id = id.unwrap();
    // Killed while the search runs, then again while the next daemon's search runs: each
    // kill as soon as that daemon has said it is searching (a fixed pause was too short
    // on a loaded machine, where a daemon took longer to start).
    for searching in [1, 2] {
        common::eventually("the daemon searching", Duration::from_secs(30), || {
            daemon.log().matches("searching").count() >= searching
        })
        .await;
        daemon.kill9();
        daemon.spawn();
    }
    let stored = daemon.store().game(id).unwrap().unwrap();
    let task = computer::pending(&stored).expect("the computer still owes its first move");
    let expected = computer::think(&stored, &task).expect("a move").text;
    // The search runs under the idle scheduling policy: it gets the CPU only when nothing
    // else wants it, and the test script runs other test processes beside this one (0.5 s
    // alone, it took 13 s there once, and more than 40 on a slower machine).
    let mail = env
        .wait_mail_after_within(
            &alice,
            0,
            Duration::from_secs(240),
            "the computer's first move",
            |m| m.first_line() == expected,
        )
        .await;
    assert!(
        mail.body.contains("your move") || mail.body.contains("Your move"),
        "{}",
        mail.body
    );
    // Time for a second search to finish, had one been started.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let moves = env
        .inbox(&alice)
        .await
        .iter()
        .filter(|m| m.first_line() == expected)
        .count();
    assert_eq!(moves, 1, "the move is mailed once");
    let game = daemon.store().game(id).unwrap().unwrap();
    assert_eq!(game.moves.len(), 1, "played once");
    assert_eq!(game.moves[0].text, expected);
    assert_eq!(daemon.store().outbox_counts().unwrap().0, 0);
    // The kills did land mid-search: three daemons each started it.
    let searches = daemon.log().matches("searching").count();
    assert!(
        searches >= 2,
        "searches started: {searches}\n{}",
        daemon.log()
    );
}

/// An external UAI engine behind the computer's seat (`[engines] ataxx`): arbitre's own
/// engine run as a separate process (`arbitre engine --game ataxx --uai`, through a small
/// script, as an installation would name any engine's program). Its moves reach the player;
/// a level below 6 keeps arbitre's own search.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_external_uai_engine_plays_behind_the_seat() {
    let Some(env) = MailEnv::load() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("arbitre-uai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec '{}' engine --game ataxx --uai\n",
            env!("CARGO_BIN_EXE_arbitre")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut accounts = env.accounts(&["bot", "alice"]).await;
    let (bot, alice) = (accounts.remove(0), accounts.remove(0));
    let daemon = Daemon::start_sections(
        &env,
        &bot,
        "computer-uai",
        "",
        &[],
        &format!("[engines]\nataxx = \"{}\"\n", script.display()),
    );
    challenge(&env, &alice, &bot, "NEW ataxx AS SECOND VS arbitre LEVEL 6").await;
    let live = AnyGame::new(GameKind::Ataxx, &Start::Default, None, "").unwrap();
    let first = env
        .wait_mail_after(&alice, 0, "the engine's first move", |m| {
            live.judge(m.first_line()).is_ok()
        })
        .await;
    let id = only_game(&daemon);
    let game = daemon.store().game(id).unwrap().unwrap();
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.moves[0].text, first.first_line());
    let log = daemon.log();
    assert!(log.contains("external engine"), "{log}");
    assert!(!log.contains("external engine failed"), "{log}");
}
