//! The whole command line for Sauterelle: `games`, `board`, `legal`, `judge`, `perft`,
//! `replay`, run as a player or a tournament director would, through the built binary.

use std::process::Command;

/// Runs `arbitre ARGS`; returns (exit code, stdout, stderr).
fn arbitre(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_lists_sauterelle_with_its_options() {
    let (code, out, _) = arbitre(&["games"]);
    assert_eq!(code, 0);
    assert!(out.contains("sauterelle  (also: grasshopper"), "{out}");
    assert!(
        out.contains("checkers=14|12|10|8|6|4|2  (default 14)"),
        "{out}"
    );
    assert!(
        out.contains("first-player=white|black  (default white)"),
        "{out}"
    );
}

#[test]
fn board_draws_the_start_and_names_the_side_to_move() {
    let (code, out, _) = arbitre(&["board", "-g", "grasshopper", "--lang", "fr"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(" 13 14 15 16 17 18 | 19 20 21 22 23 24  -> off\n"),
        "{out}"
    );
    assert!(out.contains("Barre : Blancs 14, Noirs 14.\n"), "{out}");
    assert!(
        out.contains("Au trait : les Blancs (demi-coup 1)."),
        "{out}"
    );
    assert!(
        out.ends_with("....../....../....../...... 14 14 0-0 - w\n"),
        "{out}"
    );
}

#[test]
fn legal_lists_the_six_entries() {
    let (_, out, _) = arbitre(&["legal", "-g", "sauterelle"]);
    assert_eq!(out, "bar/1\nbar/2\nbar/3\nbar/4\nbar/5\nbar/6\n");
}

#[test]
fn judge_accepts_and_explains_in_both_languages() {
    let (code, out, _) = arbitre(&["judge", "-g", "sauterelle", "BAR-3"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "bar/3\nWhite enters a checker on 3.\nBlack to move (ply 2).\n"
    );
    let position = ".w..b./bW..../.B.b../...... 11 9 0-0 - w";
    let (code, out, _) = arbitre(&[
        "judge",
        "-g",
        "sauterelle",
        "--position",
        position,
        "--lang",
        "fr",
        "8/15",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Les Blancs avancent le pion du dessus du mur de 8 en 15, en sautant le mur en 14."
        ),
        "{out}"
    );
}

#[test]
fn judge_refuses_with_the_reason() {
    let position = ".w..b./bW..../.B.b../...... 11 9 0-0 - w";
    let (code, out, _) = arbitre(&["judge", "-g", "sauterelle", "--position", position, "2/9"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "ERR\na single checker cannot cross the wall on 8; only the top checker of a wall jumps walls\n"
    );
}

#[test]
fn judge_writes_the_points_after_the_winning_move() {
    let position = "....../....../....../.W.... 10 12 1-1 w w";
    let (code, out, _) = arbitre(&[
        "judge",
        "-g",
        "sauterelle",
        "--position",
        position,
        "20/off",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("20/off WW 2-1\n"), "{out}");
    assert!(out.contains("White wins: two points in a row."), "{out}");
}

#[test]
fn options_change_the_start() {
    let (code, out, _) = arbitre(&[
        "board",
        "-g",
        "sauterelle",
        "-o",
        "checkers=10",
        "-o",
        "first-player=black",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("....../....../....../...... 10 10 0-0 - b\n"),
        "{out}"
    );
    // A position with 14 checkers each does not fit a 10-checker game.
    let (code, _, err) = arbitre(&[
        "board",
        "-g",
        "sauterelle",
        "-o",
        "checkers=10",
        "--position",
        "....../....../....../...... 14 14 0-0 - w",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("played with 10 each"), "{err}");
}

#[test]
fn perft_counts_the_tree() {
    let (code, out, _) = arbitre(&["perft", "-g", "sauterelle", "5"]);
    assert_eq!((code, out.as_str()), (0, "34920\n"));
}

#[test]
fn replay_reads_whole_games_with_their_forced_passes() {
    let (code, out, _) = arbitre(&[
        "replay",
        "-g",
        "sauterelle",
        "tests/data/sauterelle/random-game-seed11.txt",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "game 1: 75 plies, WW 2-0\n");
    let (code, out, _) = arbitre(&[
        "replay",
        "-g",
        "sauterelle",
        "--json",
        "tests/data/sauterelle/random-game-seed7.txt",
    ]);
    assert_eq!(code, 0, "{out}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["result"], "draw");
    assert_eq!(json["reason"], "no-move");
    assert_eq!(json["plies"], 78);
}
