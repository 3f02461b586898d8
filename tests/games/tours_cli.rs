//! The command line with La Bataille des Tours: `games`, `board`, `legal`, `judge`, `perft`
//! and `replay`, run as a user would run them (the built binary), exit codes included.

use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/tours/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn games_lists_tours_with_its_aliases_variants_and_options() {
    let out = arbitre(&["games"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("tours  (also: bataille-des-tours, la-bataille-des-tours, battle-of-towers"),
        "{text}"
    );
    for words in [
        "light-corner",
        "rebound=on|off",
        "repetition=threefold|off",
        "no-progress=off|50|100",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
}

#[test]
fn board_shows_the_start_under_any_name_of_the_game() {
    for name in ["tours", "La Bataille des Tours", "battle-of-towers"] {
        let out = arbitre(&["board", "--game", name]);
        assert!(out.status.success(), "{name}");
        let text = stdout(&out);
        assert!(
            text.contains(" 8   r    s    r    s    r    s    r    s   8"),
            "{text}"
        );
        assert!(text.contains("White to move (ply 1)."), "{text}");
        assert!(
            text.ends_with("rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w\n"),
            "{text}"
        );
    }
    let out = arbitre(&["board", "-g", "tours", "--lang", "fr", "--moves", "b1-c2"]);
    let text = stdout(&out);
    assert!(
        text.contains("[RR ]") && text.contains("dernier coup"),
        "{text}"
    );
    assert!(
        text.contains("Au trait : les Noirs (demi-coup 2)."),
        "{text}"
    );
}

#[test]
fn legal_lists_the_36_first_actions() {
    let out = arbitre(&["legal", "-g", "tours"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 36);
    assert!(lines.contains(&"b1-c2") && lines.contains(&"a1-a2") && lines.contains(&"b2-b3"));
    let out = arbitre(&[
        "legal",
        "-g",
        "tours",
        "--position",
        "4s3/8/8/8/3(RRS)4/8/8/8 w",
    ]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "d4>d5,c6,b7"), "{text}");
    assert_eq!(text.lines().count(), 19);
}

#[test]
fn judge_accepts_a_move_and_answers_its_canonical_form() {
    let out = arbitre(&["judge", "-g", "tours", "B1 – C2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "b1-c2");
    assert_eq!(
        lines[1],
        "White's round moves from b1 to c2 and forms the stack (RR) there."
    );
    assert_eq!(lines[2], "Black to move (ply 2).");
}

#[test]
fn judge_refuses_with_err_and_the_reason_in_the_players_language() {
    let out = arbitre(&["judge", "-g", "tours", "b2-b4"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("ERR\nb4 is 2 steps from b2, but a simple square moves only one cell."),
        "{text}"
    );
    let out = arbitre(&["judge", "-g", "tours", "--lang", "fr", "b2-b4"]);
    let text = stdout(&out);
    assert!(
        text.starts_with("ERR\nb4 est à 2 pas de b2, mais un carré simple"),
        "{text}"
    );
    let out = arbitre(&["judge", "-g", "tours", "hello"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("ERR\n\"hello\" is not a move"));
}

#[test]
fn judge_announces_the_win_with_the_result_tokens() {
    let out = arbitre(&[
        "judge",
        "-g",
        "tours",
        "--position",
        "1s6/3(SS)4/8/8/8/8/8/8 w",
        "d7>d8,off",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("d7>d8,off WW\n"), "{text}");
    assert!(
        text.contains("White wins: a piece beyond the far edge."),
        "{text}"
    );
    let out = arbitre(&[
        "judge",
        "-g",
        "tours",
        "--position",
        "8/8/8/8/8/8/4s3/3R4 w",
        "d1-e2",
    ]);
    let text = stdout(&out);
    assert!(text.starts_with("d1xe2 WW\n"), "{text}");
    assert!(text.contains("every enemy piece captured"), "{text}");
}

#[test]
fn options_change_the_rules_and_bad_input_is_a_usage_error() {
    let position = "4s3/8/8/8/1(RR)6/8/8/8 w";
    let out = arbitre(&["judge", "-g", "tours", "--position", position, "b4-b6"]);
    assert_eq!(out.status.code(), Some(0));
    let out = arbitre(&[
        "judge",
        "-g",
        "tours",
        "--position",
        position,
        "-o",
        "rebound=off",
        "b4-b6",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let out = arbitre(&["board", "-g", "tours", "-o", "rebound=sometimes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("allowed: on, off"));
    let out = arbitre(&[
        "board",
        "-g",
        "tours",
        "--position",
        "8/8/8/8/8/8/8/(RRRS)7 w",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 3 pieces"));
}

#[test]
fn perft_from_the_start_gives_the_derived_figures() {
    for (depth, nodes) in [("1", "36"), ("2", "1296"), ("3", "53892")] {
        let out = arbitre(&["perft", "-g", "tours", depth]);
        assert!(out.status.success());
        assert_eq!(stdout(&out).trim(), nodes, "depth {depth}");
    }
}

#[test]
fn replay_checks_a_won_game_and_a_drawn_one() {
    let out = arbitre(&["replay", "-g", "tours", &data("edge-race.txt")]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "game 1: 13 plies, WW\n");
    let out = arbitre(&["replay", "-g", "tours", "--json", &data("edge-race.txt")]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["result"], "white");
    assert_eq!(json["reason"], "beyond-edge");
    assert_eq!(
        json["position"],
        "rsrsrsr1/1rsrsrs1/8/8/8/8/1SRSRSR1/sRSRSRSR b +S"
    );
    let out = arbitre(&["replay", "-g", "tours", "--json", &data("shuffle-draw.txt")]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["result"], "draw");
    assert_eq!(json["reason"], "repetition");
}

#[test]
fn replay_names_the_first_illegal_move_and_reads_standard_input() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["replay", "-g", "tours", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1. h2-h3\n1... a7-a6\n2. h3-h5\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("game 1: move 2 `h3-h5`: ERR (h5 is 2 steps from h3"),
        "{text}"
    );
}

/// A deployment that wins is still a deployment: it may not leave a stack of 4 (3.6), on the
/// command line as in the referee.
#[test]
fn a_winning_deployment_that_would_stack_four_is_refused() {
    let position = "4(RRR)3/5(RS)2/8/8/8/8/8/s7 w";
    let out = arbitre(&[
        "judge",
        "--game",
        "tours",
        "--position",
        position,
        "f7>e8,off",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("ERR\n"), "{text}");
    assert!(text.contains("e8 would then hold 4 pieces"), "{text}");
    let out = arbitre(&["legal", "--game", "tours", "--position", position]);
    let legal = stdout(&out);
    assert!(!legal.lines().any(|l| l == "f7>e8,off"), "{legal}");
    assert!(legal.lines().any(|l| l == "f7>g8,off"), "{legal}");
    let out = arbitre(&["perft", "--game", "tours", "--position", position, "1"]);
    assert_eq!(stdout(&out).trim(), "14");
}
