//! The Bulltricker data-driven cases run through the command line: `arbitre judge`,
//! `arbitre legal` and `arbitre perft` on every case of
//! `tests/data/bulltricker/spec_cases.toml` and `option_cases.toml`.

use crate::bulltricker_support;

use std::process::{Command, Output};

use bulltricker_support::{CASE_FILES, Case, read_cases, sorted};

/// The arguments naming the case's game, position, side, options and moves.
fn setup_args(case: &Case) -> Vec<String> {
    let mut args = vec!["--game".to_string(), "bulltricker".to_string()];
    if case.position != "start" {
        args.push("--position".into());
        args.push(case.position.clone());
    }
    args.push("--to-move".into());
    args.push(case.to_move.clone());
    for option in case.options.split(',').filter(|o| !o.is_empty()) {
        args.push("--option".into());
        args.push(option.to_string());
    }
    if !case.moves.is_empty() {
        args.push("--moves".into());
        args.push(case.moves.join(";"));
    }
    args
}

fn run(command: &str, case: &Case, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg(command)
        .args(setup_args(case))
        .args(extra)
        .output()
        .expect("the arbitre binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn check_case(case: &Case) {
    let id = &case.id;
    let wants_legal = case.legal.is_some()
        || case.legal_count.is_some()
        || !case.legal_includes.is_empty()
        || !case.legal_excludes.is_empty()
        || !case.from.is_empty();
    if wants_legal {
        let out = run("legal", case, &[]);
        assert!(out.status.success(), "{id}: legal failed: {out:?}");
        let legal: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
        if let Some(expected) = &case.legal {
            assert_eq!(sorted(&legal), sorted(expected), "{id}: legal");
        }
        if let Some(n) = case.legal_count {
            assert_eq!(legal.len(), n, "{id}: legal count");
        }
        for m in &case.legal_includes {
            assert!(legal.contains(m), "{id}: {m} missing");
        }
        for m in &case.legal_excludes {
            assert!(
                !legal
                    .iter()
                    .any(|l| l == m || l.starts_with(&format!("{m} "))),
                "{id}: {m} listed"
            );
        }
        for from in &case.from {
            let prefix = format!("{} ", from.from);
            let mine: Vec<String> = legal
                .iter()
                .filter(|m| m.starts_with(&prefix))
                .cloned()
                .collect();
            assert_eq!(
                sorted(&mine),
                sorted(&from.legal),
                "{id}: from {}",
                from.from
            );
        }
    }
    for (depth, nodes) in &case.perft {
        let out = run("perft", case, &[&depth.to_string()]);
        assert!(out.status.success(), "{id}: perft failed");
        assert_eq!(
            stdout(&out).trim(),
            nodes.to_string(),
            "{id}: perft {depth}"
        );
    }
    for j in &case.judge {
        for (lang, words) in [("en", &j.explain), ("fr", &j.explain_fr)] {
            let out = run("judge", case, &["--lang", lang, "--", &j.message]);
            let text = stdout(&out);
            let mut lines = text.lines();
            let line = lines.next().unwrap_or("");
            assert_eq!(line, j.line, "{id}: judge `{}` ({lang}): {text}", j.message);
            let refused = j.line.starts_with("ERR");
            assert_eq!(
                out.status.code(),
                Some(if refused { 1 } else { 0 }),
                "{id}: exit code of `{}`",
                j.message
            );
            let explanation = lines.next().unwrap_or("");
            assert!(
                !explanation.is_empty(),
                "{id}: no explanation for `{}`",
                j.message
            );
            if let Some(words) = words {
                assert!(
                    explanation.contains(words.as_str()),
                    "{id}: `{}` ({lang}): {explanation}",
                    j.message
                );
            }
        }
    }
}

#[test]
fn the_section_10_cases_pass_on_the_command_line() {
    for case in &read_cases(CASE_FILES[0]) {
        check_case(case);
    }
}

#[test]
fn the_option_cases_pass_on_the_command_line() {
    for case in &read_cases(CASE_FILES[1]) {
        check_case(case);
    }
}

#[test]
fn a_bad_position_is_a_usage_error_with_the_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args([
            "board",
            "--game",
            "bulltricker",
            "--position",
            "W: Kd1 Qv4.h2; B: Kd7",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("butée"), "{err}");
}

#[test]
fn the_board_is_narrow_and_names_every_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["board", "--game", "bulltricker", "--moves", "b.h2 b.h4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let board: Vec<&str> = text.lines().take(19).collect();
    assert!(board.iter().all(|l| l.chars().count() <= 40), "{text}");
    for label in ["h1", "h8", " 1 ", " 7 ", "v a v b v c v d v e v f v g v"] {
        assert!(text.contains(label), "{label} missing: {text}");
    }
    assert!(text.contains("[P]"), "last move unmarked: {text}");
    assert!(text.contains("Last move: b.h2 b.h4"), "{text}");
}
