//! The whole command line for Ataxx: `games`, `board`, `legal`, `judge`, `perft`, `replay`,
//! run as a player or a tournament director would, through the built binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `arbitre ARGS` (with `input` on standard input); returns (exit code, stdout, stderr).
fn arbitre(args: &[&str], input: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(text) = input {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_lists_ataxx_with_its_aliases_starts_and_option() {
    let (code, out, _) = arbitre(&["games"], None);
    assert_eq!(code, 0);
    assert!(out.contains("ataxx  (also: attax, attaxx"), "{out}");
    for word in [
        "square",
        "quincunx",
        "cross",
        "fifty-move-rule=on|off  (default on)",
    ] {
        assert!(out.contains(word), "{word}: {out}");
    }
}

#[test]
fn board_shows_blocked_cells_counts_and_the_position_string() {
    let (code, out, _) = arbitre(&["board", "-g", "Attax", "--variant", "quinconce"], None);
    assert_eq!(code, 0);
    assert!(out.contains(" 4  . . . # . . .  4\n"), "{out}");
    assert!(out.contains("x: 2 pieces, o: 2 pieces."), "{out}");
    assert!(out.contains("x to move (ply 1)."), "{out}");
    assert!(
        out.ends_with("x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1\n"),
        "{out}"
    );
}

#[test]
fn legal_lists_the_sixteen_opening_moves() {
    let (code, out, _) = arbitre(&["legal", "-g", "ataxx"], None);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 16);
    assert!(moves.contains(&"f2") && moves.contains(&"g1e3") && moves.contains(&"a7c5"));
}

#[test]
fn judge_accepts_a_jump_and_explains_it() {
    let (code, out, _) = arbitre(&["judge", "-g", "ataxx", "G1-E3"], None);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "g1e3");
    assert_eq!(lines[1], "x jumps from g1 to e3 and converts nothing.");
    assert_eq!(lines[2], "o to move (ply 2).");
}

#[test]
fn judge_refuses_with_err_and_the_reason_in_french() {
    let (code, out, _) = arbitre(&["judge", "-g", "ataxx", "--lang", "fr", "a1b1"], None);
    assert_eq!(code, 1);
    assert_eq!(out, "ERR\nle pion en a1 est un pion o, pas un pion x\n");
    let (code, out, _) = arbitre(&["judge", "-g", "ataxx", "h9"], None);
    assert_eq!(code, 1);
    assert!(out.starts_with("ERR\n\"h9\" is not a move: "), "{out}");
}

#[test]
fn judge_writes_the_result_after_the_last_move() {
    let (code, out, _) = arbitre(
        &[
            "judge",
            "-g",
            "ataxx",
            "--position",
            "7/7/7/2xoo2/7/7/7 x 0 1",
            "d3",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("d3 1-0 4-0\n"), "{out}");
    assert!(
        out.contains("x wins: the opponent has no piece left."),
        "{out}"
    );
}

#[test]
fn judge_announces_the_pass_the_rules_force() {
    let (code, out, _) = arbitre(
        &[
            "judge",
            "-g",
            "ataxx",
            "--position",
            "7/7/7/7/4xxx/4xxx/4xxo x 0 1",
            "d1",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("o has no move and passes (0000)."), "{out}");
    assert!(out.contains("x to move (ply 3)."), "{out}");
}

#[test]
fn the_fifty_move_rule_is_an_option() {
    let position = "x5o/7/7/7/7/7/o5x x 99 1";
    let (_, out, _) = arbitre(
        &["judge", "-g", "ataxx", "--position", position, "g1e3"],
        None,
    );
    assert!(out.starts_with("g1e3 1/2-1/2 2-2\n"), "{out}");
    let (_, out, _) = arbitre(
        &[
            "judge",
            "-g",
            "ataxx",
            "--position",
            position,
            "-o",
            "fifty-move-rule=off",
            "g1e3",
        ],
        None,
    );
    assert!(out.starts_with("g1e3\n"), "{out}");
    let (code, _, err) = arbitre(
        &["board", "-g", "ataxx", "-o", "fifty-move-rule=maybe"],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("on, off"), "{err}");
}

#[test]
fn perft_counts_the_tree() {
    let (code, out, _) = arbitre(&["perft", "-g", "ataxx", "4"], None);
    assert_eq!((code, out.as_str()), (0, "155888\n"));
    let (_, out, _) = arbitre(&["perft", "-g", "ataxx", "--variant", "cross", "3"], None);
    assert_eq!(out, "5948\n");
}

#[test]
fn bad_positions_are_usage_errors_with_a_reason() {
    let (code, _, err) = arbitre(&["board", "-g", "ataxx", "--position", "x5o/7/7 x"], None);
    assert_eq!(code, 2);
    assert!(err.contains("3 ranks"), "{err}");
}

#[test]
fn replay_reads_a_pgn_file_with_passes_and_results() {
    let (code, out, _) = arbitre(
        &["replay", "-g", "ataxx", "tests/data/ataxx/games.pgn"],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "5 games, 23 plies, 0 failed\n");
    let (code, out, _) = arbitre(
        &[
            "replay",
            "-g",
            "ataxx",
            "--json",
            "tests/data/ataxx/games.pgn",
        ],
        None,
    );
    assert_eq!(code, 0);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(first["result"], "black");
    assert_eq!(first["reason"], "no-pieces");
    assert_eq!(first["score"]["x"], 5);
    assert_eq!(first["position"], "x6/7/7/2x4/2x4/3xx2/7 o 4 4");
}

#[test]
fn replay_reports_a_record_whose_result_is_wrong() {
    let pgn =
        "[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n1. g1e3 a1c1 2. d2 g7e6 3. c1e2 e6c4 4. e3c3 0-1\n";
    let (code, out, _) = arbitre(&["replay", "-g", "ataxx", "-"], Some(pgn));
    assert_eq!(code, 1);
    assert!(out.contains("the record says o wins"), "{out}");
    let lines = "g1e3\na1c1\ng1f1\n";
    let (code, out, _) = arbitre(&["replay", "-g", "ataxx", "-"], Some(lines));
    assert_eq!(code, 1);
    assert!(out.contains("move 3 `g1f1`"), "{out}");
}

/// One reading of a move list everywhere: a forced pass written in `--moves` (as the referee
/// stores it) is taken as played, in `legal`, `judge` and `perft` as in `replay`; a pass
/// written when a move exists is refused with the reason.
#[test]
fn moves_lists_accept_the_forced_passes_written_in_them_in_every_command() {
    // o, walled in on g1, must pass after each of x's moves.
    let position = "7/7/7/7/4xxx/4xxx/4xxo x 0 1";
    let with_passes = "d1;0000;c1;0000";
    let (code, legal, err) = arbitre(
        &[
            "legal",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            with_passes,
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let (_, without, _) = arbitre(
        &[
            "legal",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            "d1;c1",
        ],
        None,
    );
    assert_eq!(legal, without, "the written passes change nothing");
    let (code, out, err) = arbitre(
        &[
            "judge",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            with_passes,
            "b2",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("b2\n"), "{out}");
    let (code, perft, err) = arbitre(
        &[
            "perft",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            with_passes,
            "2",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let (_, perft_without, _) = arbitre(
        &[
            "perft",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            "d1;c1",
            "2",
        ],
        None,
    );
    assert_eq!(perft, perft_without);
    // The same list as a record replays.
    let record = format!("[FEN \"{position}\"]\n\n1. d1 0000 2. c1 0000 *\n");
    let (code, out, err) = arbitre(&["replay", "--game", "ataxx", "-"], Some(&record));
    assert_eq!(code, 0, "{out}{err}");
    // A pass is not a move when a move exists.
    let (code, _, err) = arbitre(
        &[
            "legal",
            "--game",
            "ataxx",
            "--position",
            position,
            "--moves",
            "d1;0000;0000",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--moves: move 3 `0000` is refused: ERR (x has"),
        "{err}"
    );
}

/// A position string that starts with `-` (a blocked a7) is taken as it is after
/// `--position`, and last after `--`, in every command; the answer is the same as with
/// `--position=`.
#[test]
fn positions_that_start_with_a_dash_are_read_in_the_usual_ways() {
    let position = "-5o/7/7/7/7/7/o5x x";
    let (code, with_equals, err) = arbitre(
        &[
            "legal",
            "--game",
            "ataxx",
            &format!("--position={position}"),
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        !with_equals.lines().any(|l| l.ends_with("a7")),
        "a7 is blocked"
    );
    for args in [
        vec!["legal", "--game", "ataxx", "--position", position],
        vec!["legal", "--game", "ataxx", "--", position],
    ] {
        let (code, out, err) = arbitre(&args, None);
        assert_eq!(
            (code, out.as_str()),
            (0, with_equals.as_str()),
            "{args:?}: {err}"
        );
    }
    let (code, perft, err) = arbitre(&["perft", "-g", "ataxx", "2", "--", position], None);
    assert_eq!(code, 0, "{err}");
    let (_, perft_equals, _) = arbitre(
        &[
            "perft",
            "-g",
            "ataxx",
            "2",
            &format!("--position={position}"),
        ],
        None,
    );
    assert_eq!(perft, perft_equals);
    let (code, out, err) = arbitre(&["judge", "-g", "ataxx", "g2", "--", position], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("g2\n"), "{out}");
    let (code, out, _) = arbitre(&["board", "-g", "ataxx", "--position", position], None);
    assert_eq!(code, 0);
    assert!(out.contains('-') || out.contains('#'), "{out}");
    let (_, help, _) = arbitre(&["legal", "--help"], None);
    assert!(help.contains("-- '-5o/7/7/7/7/7/o5x x'"), "{help}");
}
