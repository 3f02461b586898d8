//! The `arbitre` command line on Abalone: judging a move (protocol line first, then the
//! explanation; exit 0 accepted, 1 refused), boards, legal moves, perft.

use std::process::{Command, Output};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn judge_accepts_a_legal_move_with_its_canonical_token_and_explanation() {
    let out = arbitre(&[
        "judge",
        "--game",
        "abalone",
        "--variant",
        "belgian-daisy",
        "a1b2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let l = lines(&out);
    assert_eq!(l[0], "a1b2");
    assert_eq!(
        l[1],
        "Black moves 3 marbles in line north-east (up right): A1 B2 C3 → B2 C3 D4."
    );
    assert_eq!(l[2], "White to move (ply 2).");
    // Another spelling, a French alias and French output.
    let out = arbitre(&[
        "judge",
        "--game",
        "abalone",
        "--variant",
        "Marguerite belge",
        "--lang",
        "fr",
        "C3 – C2 – D3",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let l = lines(&out);
    assert_eq!(l[0], "c2c3d2");
    assert!(
        l[1].starts_with("Les Noirs déplacent 2 billes en latéral"),
        "{}",
        l[1]
    );
}

#[test]
fn judge_refuses_an_illegal_move_with_err_and_the_reason() {
    let out = arbitre(&[
        "judge",
        "--game",
        "abalone",
        "--variant",
        "belgian-daisy",
        "b1b2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let l = lines(&out);
    assert_eq!(l[0], "ERR");
    assert!(
        l[1].contains("3 marbles cannot push 3 (White's B4 B5 B6)"),
        "{}",
        l[1]
    );
    let out = arbitre(&["judge", "-g", "abalone", "--lang", "fr", "a1d4"]);
    assert_eq!(out.status.code(), Some(1));
    let l = lines(&out);
    assert_eq!(l[0], "ERR");
    assert!(l[1].contains("Nacre"), "{}", l[1]);
    let out = arbitre(&["judge", "-g", "abalone", "a1b2 i5h5"]);
    assert_eq!(lines(&out)[0], "ERR");
    assert!(lines(&out)[1].contains("send one move per message"));
}

#[test]
fn a_winning_push_prints_the_score_as_result() {
    let out = arbitre(&[
        "judge",
        "-g",
        "abalone",
        "--position",
        "0e678i5_5e9a1",
        "e6e7",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let l = lines(&out);
    assert_eq!(l[0], "e6e7 6-0");
    assert_eq!(l.last().unwrap(), "Black wins: six marbles pushed off.");
}

#[test]
fn board_legal_and_perft_work_from_any_start_format() {
    let out = arbitre(&[
        "board",
        "-g",
        "abalone",
        "--position",
        "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let l = lines(&out);
    assert_eq!(l[0], "        I   O   O   O   O   O");
    assert_eq!(l.last().unwrap(), "0a12345b123456c345_0g567h456789i56789 w");
    let out = arbitre(&["legal", "-g", "abalone", "--variant", "standard"]);
    let l = lines(&out);
    assert_eq!(l.len(), 44);
    let mut sorted = l.clone();
    sorted.sort();
    assert_eq!(l, sorted);
    let out = arbitre(&["perft", "-g", "abalone", "--variant", "pyramide", "2"]);
    assert_eq!(lines(&out), vec!["3262"]);
    let out = arbitre(&[
        "board",
        "-g",
        "abalone",
        "--position",
        "0a12345b123456c3456_0i56789",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("15 marbles"));
}
