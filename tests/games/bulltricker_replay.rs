//! Recorded Bulltricker games (`tests/data/bulltricker/games/`) replayed through the
//! library and through `arbitre replay --json`: each ends as its header says (MAT, TRICK,
//! PAT by material, PAT for lack of a move), and a record with an illegal move is refused
//! at that move with the reason.

use std::path::PathBuf;
use std::process::Command;

use arbitre::games::record::replay;
use arbitre::games::{GameKind, Start};

/// Each record with its expected `result`, `reason` and number of plies.
const GAMES: [(&str, &str, &str, usize); 6] = [
    ("promotion_mat.txt", "white", "MAT", 7),
    ("fools_mat.txt", "black", "MAT", 6),
    ("long_mat.txt", "white", "MAT", 59),
    ("bait_trick.txt", "white", "TRICK", 4),
    ("material_pat.txt", "draw", "PAT", 179),
    ("no_move_pat.txt", "draw", "PAT", 199),
];

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/bulltricker/games")
        .join(name)
}

#[test]
fn every_recorded_game_replays_to_its_stated_end() {
    for (name, result, reason, plies) in GAMES {
        let text = std::fs::read_to_string(path(name)).unwrap();
        let records = GameKind::Bulltricker.read_records(&text).unwrap();
        assert_eq!(records.len(), 1, "{name}");
        let record = &records[0];
        assert!(record.declared.is_some(), "{name}: no `# result:` header");
        let replayed = replay(GameKind::Bulltricker, record, &Start::Default, None, "").unwrap();
        assert_eq!(replayed.problem, None, "{name}");
        assert_eq!(replayed.plies, plies, "{name}");
        let outcome = replayed.game.outcome();
        assert_eq!(outcome.result_name(), Some(result), "{name}");
        assert_eq!(
            outcome.termination().map(|t| t.code),
            Some(reason),
            "{name}"
        );
        let tokens = replayed.game.result_tokens().unwrap();
        assert!(tokens.ends_with(reason), "{name}: {tokens}");
    }
}

#[test]
fn a_record_with_an_illegal_move_stops_there() {
    let text = std::fs::read_to_string(path("illegal_move.txt")).unwrap();
    let record = &GameKind::Bulltricker.read_records(&text).unwrap()[0];
    let replayed = replay(GameKind::Bulltricker, record, &Start::Default, None, "").unwrap();
    assert_eq!(replayed.plies, 2);
    let problem = replayed.problem.expect("a problem").to_string();
    assert!(problem.contains("move 2 `d1 d2`"), "{problem}");
    assert!(problem.contains("cannot cross d.h2"), "{problem}");
}

#[test]
fn replay_json_reports_result_and_reason() {
    for (name, result, reason, plies) in GAMES {
        let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .args(["replay", "--game", "bulltricker", "--json"])
            .arg(path(name))
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {out:?}");
        let line = String::from_utf8(out.stdout).unwrap();
        let json: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
        assert_eq!(json["result"], result, "{name}");
        assert_eq!(json["reason"], reason, "{name}");
        assert_eq!(json["plies"], plies, "{name}");
        assert_eq!(json["ok"], true, "{name}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "--game", "bulltricker", "--json"])
        .arg(path("illegal_move.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert_eq!(json["ok"], false);
    assert!(json["result"].is_null());
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("cannot cross d.h2")
    );
}

#[test]
fn a_game_played_message_by_message_ends_with_the_result_on_the_move_line() {
    let text = std::fs::read_to_string(path("promotion_mat.txt")).unwrap();
    let record = &GameKind::Bulltricker.read_records(&text).unwrap()[0];
    let mut game =
        arbitre::games::AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
    let mut last = String::new();
    for m in &record.moves {
        last = game.play(&m.text).unwrap().line;
    }
    assert_eq!(last, "b.h8 d.h8 WW MAT");
    assert!(
        game.play("v1.1 a.h1").is_err(),
        "a finished game takes no more moves"
    );
}
