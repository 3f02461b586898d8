//! Real Abalone records (../shared/data/abalone, read when present) replayed through the
//! `arbitre replay` command line, and APGN written by `abalone::apgn::write` read back and
//! replayed.

use std::path::PathBuf;
use std::process::Command;

use arbitre::games::abalone::Position;
use arbitre::games::abalone::apgn::{self, Ending, Record};
use arbitre::games::record::replay;
use arbitre::games::{DeclaredResult, Game, GameKind, Side, Start};
use serde_json::Value;

use crate::skip;

fn data_dir() -> Option<PathBuf> {
    skip::shared_data("abalone")
}

/// Runs `arbitre replay --game abalone --json FILE`: exit code and the JSON lines.
fn replay_json(file: &PathBuf) -> (i32, Vec<Value>) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "--game", "abalone", "--json"])
        .arg(file)
        .output()
        .unwrap();
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.code().unwrap_or(-1), lines)
}

/// The MiGs games tagged `Termination "Au score"` whose recorded moves stop before a sixth
/// ejection (the export gives them `Result "*"`), with the score where the moves stop.
/// Section 8.4 names 23629; the file holds five more of the same kind.
const SCORE_TAGGED_BUT_UNFINISHED: [(&str, u64, u64); 6] = [
    ("MIGS 23629", 5, 4),
    ("MIGS 25957", 5, 4),
    ("MIGS 24087", 5, 2),
    ("MIGS 38250", 1, 0),
    ("MIGS 28498", 0, 2),
    ("MIGS 28499", 0, 1),
];

#[test]
fn every_migs_game_replays_with_its_plies_and_result() {
    let Some(dir) = data_dir() else { return };
    let file = dir.join("migs-2016-2017.apgn");
    let (code, lines) = replay_json(&file);
    assert_eq!(code, 0);
    let summary = lines.last().unwrap();
    assert_eq!(
        summary,
        &serde_json::json!({"games": 2589, "plies": 262032, "failed": 0})
    );
    // Compare every game's replay with its own tags.
    let text = std::fs::read_to_string(&file).unwrap();
    let records = Position::read_records(&text).unwrap();
    assert_eq!(records.len(), 2589);
    let mut anomalies = Vec::new();
    let mut by_score = 0;
    for (record, line) in records.iter().zip(&lines) {
        let tag = |name: &str| {
            record
                .tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
                .unwrap()
        };
        assert_eq!(line["game"], tag("Event"));
        assert_eq!(line["ok"], true, "{line}");
        assert_eq!(line["plies"], tag("Plies").parse::<u64>().unwrap());
        let ended = line["reason"] == "six-ejected";
        match (tag("Termination"), tag("Result")) {
            ("Au score", "1-0") => assert!(ended && line["result"] == "black", "{line}"),
            ("Au score", "0-1") => assert!(ended && line["result"] == "white", "{line}"),
            ("Au score", "*") => anomalies.push((
                tag("Event").to_string(),
                line["score"]["black"].as_u64().unwrap(),
                line["score"]["white"].as_u64().unwrap(),
            )),
            (_, "*") => assert!(!ended && line["result"].is_null(), "{line}"),
            (t, r) => panic!(
                "{}: unexpected Termination {t} with Result {r}",
                tag("Event")
            ),
        }
        by_score += usize::from(ended);
        assert!(line["score"]["black"].as_u64().unwrap() <= 6);
    }
    assert_eq!(by_score, 1518);
    anomalies.sort();
    let mut expected: Vec<(String, u64, u64)> = SCORE_TAGGED_BUT_UNFINISHED
        .iter()
        .map(|(e, b, w)| (e.to_string(), *b, *w))
        .collect();
    expected.sort();
    assert_eq!(anomalies, expected);
}

#[test]
fn the_other_records_replay_with_their_stated_results() {
    let Some(dir) = data_dir() else { return };
    let expected = [
        (
            "abalassembly-lot2-ap10-vs-ula12-belgian-daisy.txt",
            "white",
            1,
            6,
            66,
        ),
        ("kaah-2609281513-belgian-daisy.txt", "white", 5, 6, 204),
        ("kaah-2610010832-belgian-daisy.txt", "white", 3, 6, 84),
        ("kaah-2610051911-belgian-daisy.txt", "white", 3, 6, 66),
        ("migs-31299-marguerite-francaise.txt", "black", 6, 5, 31),
    ];
    for (name, winner, black, white, plies) in expected {
        let file = dir.join(name);
        let text = std::fs::read_to_string(&file).unwrap();
        let records = Position::read_records(&text).unwrap();
        let declared = match winner {
            "black" => DeclaredResult::Won(Side::Black),
            _ => DeclaredResult::Won(Side::White),
        };
        // The `# result:` line is read, so the replay checks it.
        assert_eq!(records[0].declared, Some(declared), "{name}");
        let (code, lines) = replay_json(&file);
        assert_eq!(code, 0, "{name}");
        let line = &lines[0];
        assert_eq!(line["ok"], true, "{name}: {line}");
        assert_eq!(line["result"], winner, "{name}");
        assert_eq!(line["reason"], "six-ejected", "{name}");
        assert_eq!(
            line["score"],
            serde_json::json!({"black": black, "white": white}),
            "{name}"
        );
        assert_eq!(line["plies"], plies, "{name}");
    }
}

#[test]
fn a_record_with_a_wrong_result_or_a_wrong_move_fails_the_replay() {
    let wrong_winner = "# variant: belgian\n# result: Black wins 6-3\n1.i9h8 a5b5\n";
    let records = Position::read_records(wrong_winner).unwrap();
    let r = replay(GameKind::Abalone, &records[0], &Start::Default, None, "").unwrap();
    assert!(
        r.problem
            .unwrap()
            .to_string()
            .contains("the record says black wins")
    );
    let illegal = "# variant: marguerite belge\n1.i9h8 a5b5 2.b1b2\n";
    let records = Position::read_records(illegal).unwrap();
    let r = replay(GameKind::Abalone, &records[0], &Start::Default, None, "").unwrap();
    let problem = r.problem.unwrap().to_string();
    assert!(problem.contains("move 2 `b1b2`"), "{problem}");
    assert_eq!(r.plies, 2);
}

fn finished_game() -> Vec<String> {
    // A short game: White is at five ejections and pushes off the sixth.
    vec!["e6e7".to_string()]
}

#[test]
fn written_apgn_reads_back_and_replays() {
    // A whole MiGs game that ended by six ejections, written again from its moves.
    let moves: Vec<String> = "i9h8 i6h6 i8h7 a5b5 h8g7 h6g5 h9g8 a4b4"
        .split(' ')
        .map(str::to_string)
        .collect();
    let cases = vec![
        Record {
            event: "arbitre #7".into(),
            date: "2026.05.01".into(),
            black: "Anne \"the hammer\"".into(),
            white: "Bob".into(),
            variant: Some("belgian-daisy".into()),
            start: String::new(),
            to_move: None,
            options: String::new(),
            moves: moves.clone(),
            ending: Ending::Decided {
                winner: Some(Side::White),
                termination: "resignation".into(),
            },
            tags: vec![("Source".into(), "arbitre".into())],
        },
        Record {
            event: "arbitre #8".into(),
            date: "yesterday".into(),
            black: "A".into(),
            white: "B".into(),
            variant: None,
            start: "5e9c1_4e678 w".into(),
            to_move: None,
            options: String::new(),
            moves: finished_game(),
            ending: Ending::Decided {
                winner: Some(Side::White),
                termination: "six-ejected".into(),
            },
            tags: Vec::new(),
        },
        Record {
            event: "arbitre #9".into(),
            date: "2026.??.??".into(),
            black: "A".into(),
            white: "B".into(),
            variant: Some("french-daisy".into()),
            start: "0b34c345d45f56g567h67_0d2367e234678f3478".into(),
            to_move: None,
            options: "repetition=3".into(),
            moves: vec!["h6g6".into(), "f8e7".into()],
            ending: Ending::Decided {
                winner: None,
                termination: "agreed-draw".into(),
            },
            tags: Vec::new(),
        },
        Record {
            event: "arbitre #10".into(),
            date: String::new(),
            black: "A".into(),
            white: "B".into(),
            variant: Some("standard".into()),
            start: String::new(),
            to_move: None,
            options: String::new(),
            moves: vec!["A1B2".into(), "i5 - h5".into()],
            ending: Ending::Unfinished,
            tags: Vec::new(),
        },
    ];
    let mut file = String::new();
    for record in &cases {
        file.push_str(&apgn::write(record).unwrap());
    }
    assert!(
        file.contains("[White \"B\"]\n[Variant \"custom\"]\n[Result \"0-1\"]"),
        "{file}"
    );
    assert!(file.contains("[Black \"Anne \\\"the hammer\\\"\"]"));
    assert!(file.contains("[Variant \"belgian\"]"));
    assert!(file.contains("[SetUp \"1\"]\n[Position \"5/6/7/8/5wwwb/8/b6/6/5-5b4w w\"]"));
    assert!(file.contains("[Date \"????.??.??\"]"));
    assert!(file.contains("1... e6e7 0-1"), "{file}");
    assert!(file.contains("1. a1b2 i5h5 *"), "{file}");
    let records = Position::read_records(&file).unwrap();
    assert_eq!(records.len(), 4);
    for (record, written) in records.iter().zip(&cases) {
        assert_eq!(record.label, written.event);
        let r = replay(GameKind::Abalone, record, &Start::Default, None, "").unwrap();
        assert!(r.problem.is_none(), "{}: {:?}", record.label, r.problem);
        assert_eq!(r.plies, written.moves.len());
        assert_eq!(record.declared_plies, Some(written.moves.len()));
    }
    // The six-ejection game replays to White's win.
    let r = replay(GameKind::Abalone, &records[1], &Start::Default, None, "").unwrap();
    assert_eq!(r.game.outcome().winner(), Some(Side::White));
    assert_eq!(r.game.result_tokens().as_deref(), Some("6-4"));
}

#[test]
fn apgn_write_refuses_records_that_disagree_with_the_rules() {
    let base = Record {
        event: "x".into(),
        date: String::new(),
        black: "A".into(),
        white: "B".into(),
        variant: None,
        start: "5e9c1_4e678 w".into(),
        to_move: None,
        options: String::new(),
        moves: finished_game(),
        ending: Ending::Unfinished,
        tags: Vec::new(),
    };
    let e = apgn::write(&base).unwrap_err().to_string();
    assert!(e.contains("the moves end the game"), "{e}");
    let wrong_winner = Record {
        ending: Ending::Decided {
            winner: Some(Side::Black),
            termination: "six-ejected".into(),
        },
        ..base.clone()
    };
    assert!(apgn::write(&wrong_winner).is_err());
    let not_over = Record {
        moves: Vec::new(),
        ending: Ending::Decided {
            winner: Some(Side::Black),
            termination: "six-ejected".into(),
        },
        ..base.clone()
    };
    let e = apgn::write(&not_over).unwrap_err().to_string();
    assert!(e.contains("do not end the game"), "{e}");
    let illegal = Record {
        moves: vec!["e6e7".into(), "c1c2".into()],
        ..base
    };
    let e = apgn::write(&illegal).unwrap_err().to_string();
    assert!(e.contains("move 2 `c1c2`"), "{e}");
}

/// The project's own Abalone records (`tests/data/abalone/playout-*.txt`): whole games to the
/// sixth ejection, written by [`greedy_playout`], so that the replay of whole games to their
/// end runs without the external corpus. `(variant, seed, winner, plies)`.
const OWN_RECORDS: [(&str, u64, &str, u64); 3] = [
    ("belgian-daisy", 1, "white", 132),
    ("belgian-daisy", 3, "black", 115),
    ("german-daisy", 2, "black", 169),
];

/// The file of an own record.
fn own_record_path(variant: &str, seed: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!(
        "tests/data/abalone/playout-seed{seed}-{variant}.txt"
    ))
}

/// A whole game played by a seeded greedy play-out: each side pushes a marble off whenever
/// it can, and otherwise plays a random legal move (xorshift on `seed`). Returns the record
/// in the `# header` + numbered move list form `arbitre replay` reads.
fn greedy_playout(variant: &str, seed: u64) -> String {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let start = Start::Variant(variant.to_string());
    let mut game = arbitre::games::AnyGame::new(GameKind::Abalone, &start, None, "").unwrap();
    let ejected = |g: &arbitre::games::AnyGame| {
        let s = g.score().unwrap();
        s["black"].as_u64().unwrap() + s["white"].as_u64().unwrap()
    };
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        assert!(moves.len() < 2000, "the play-out does not end");
        let before = ejected(&game);
        let legal = game.legal_moves();
        let pushing_off: Vec<&String> = legal
            .iter()
            .filter(|m| {
                let mut after = game.clone();
                after.play(m).unwrap();
                ejected(&after) > before
            })
            .collect();
        let choices = if pushing_off.is_empty() {
            legal.iter().collect()
        } else {
            pushing_off
        };
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let chosen = choices[(rng % choices.len() as u64) as usize].clone();
        game.play(&chosen).unwrap();
        moves.push(chosen);
    }
    let winner = game.outcome().winner().expect("six ejected: a winner");
    let score = game.score().unwrap();
    let (won, lost) = match winner {
        Side::Black => (&score["black"], &score["white"]),
        _ => (&score["white"], &score["black"]),
    };
    let name = if winner == Side::Black {
        "Black"
    } else {
        "White"
    };
    let mut text = format!(
        "# A whole Abalone game played by arbitre's own seeded play-out (seed {seed}): each side\n\
         # pushes a marble off whenever it can, and otherwise plays a random legal move. A\n\
         # regression record written by tests/games/abalone_records.rs, not a human game.\n\
         # variant: {variant}\n\
         # result: {name} wins {won}-{lost}\n"
    );
    let mut line = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        let entry = format!("{}.{}", i + 1, pair.join(" "));
        if !line.is_empty() && line.len() + entry.len() + 1 > 90 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&entry);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Each own record is exactly what its play-out writes (so it is the project's own game);
/// `ARBITRE_WRITE_RECORDS=1` writes them again.
#[test]
fn the_own_records_are_what_the_playout_writes() {
    for (variant, seed, _, _) in OWN_RECORDS {
        let written = greedy_playout(variant, seed);
        let path = own_record_path(variant, seed);
        if std::env::var_os("ARBITRE_WRITE_RECORDS").is_some() {
            std::fs::write(&path, &written).unwrap();
        }
        let kept =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            kept,
            written,
            "{} differs from its play-out",
            path.display()
        );
    }
}

/// The own records replay through `arbitre replay` to the sixth ejection, with the result
/// their header states.
#[test]
fn the_own_records_replay_to_the_sixth_ejection() {
    for (variant, seed, winner, plies) in OWN_RECORDS {
        let path = own_record_path(variant, seed);
        let (code, lines) = replay_json(&path);
        assert_eq!(code, 0, "{}", path.display());
        let line = &lines[0];
        assert_eq!(line["ok"], true, "{}: {line}", path.display());
        assert_eq!(line["result"], winner, "{}", path.display());
        assert_eq!(line["reason"], "six-ejected", "{}", path.display());
        assert_eq!(line["plies"], plies, "{}", path.display());
        let score = &line["score"];
        let top = score["black"]
            .as_u64()
            .unwrap()
            .max(score["white"].as_u64().unwrap());
        assert_eq!(top, 6, "{}: {score}", path.display());
    }
}
