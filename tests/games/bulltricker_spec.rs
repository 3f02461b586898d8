//! The Bulltricker test cases of the rules spec (section 10) and the option cases, run
//! through the library: `tests/data/bulltricker/spec_cases.toml` and `option_cases.toml`.

use crate::bulltricker_support;

use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::text::Lang;
use bulltricker_support::{CASE_FILES, Case, read_cases, sorted};

/// Sets up the case's position and plays its moves.
fn game_of(case: &Case) -> AnyGame {
    let start = if case.position == "start" {
        Start::Default
    } else {
        Start::Position(case.position.clone())
    };
    let to_move = Side::from_name(&case.to_move);
    assert!(to_move.is_some(), "{}: bad to_move", case.id);
    let mut game = AnyGame::new(GameKind::Bulltricker, &start, to_move, &case.options)
        .unwrap_or_else(|e| panic!("{}: {e}", case.id));
    for m in &case.moves {
        game.play(m)
            .unwrap_or_else(|e| panic!("{}: move {m} refused: {e}", case.id));
    }
    game
}

fn check_case(case: &Case) {
    let id = &case.id;
    let game = game_of(case);
    let legal = game.legal_moves();
    if let Some(expected) = &case.legal {
        assert_eq!(sorted(&legal), sorted(expected), "{id}: legal moves");
    }
    if let Some(n) = case.legal_count {
        assert_eq!(legal.len(), n, "{id}: number of legal moves");
    }
    for m in &case.legal_includes {
        assert!(legal.contains(m), "{id}: {m} should be legal");
    }
    for m in &case.legal_excludes {
        assert!(
            !legal
                .iter()
                .any(|l| l.starts_with(&format!("{m} ")) || l == m),
            "{id}: {m} should be illegal"
        );
        assert!(game.judge(m).is_err(), "{id}: judge accepts {m}");
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
            "{id}: moves from {}",
            from.from
        );
    }
    for (depth, nodes) in &case.perft {
        assert_eq!(game.perft(*depth), *nodes, "{id}: perft {depth}");
    }
    if let Some(outcome) = &case.outcome {
        let got = game.outcome().result_name().unwrap_or("ongoing");
        assert_eq!(got, outcome, "{id}: outcome");
    }
    for j in &case.judge {
        let (line, en, fr) = match game.judge(&j.message) {
            Ok(judgement) => (
                judgement.line.clone(),
                judgement.effect.en().clone(),
                judgement.effect.fr().clone(),
            ),
            Err(refusal) => (
                refusal.line().to_string(),
                refusal.explain(Lang::EN),
                refusal.explain(Lang::FR),
            ),
        };
        assert_eq!(line, j.line, "{id}: judge `{}` ({en})", j.message);
        if let Some(words) = &j.explain {
            assert!(en.contains(words.as_str()), "{id}: `{}`: {en}", j.message);
        }
        if let Some(words) = &j.explain_fr {
            assert!(fr.contains(words.as_str()), "{id}: `{}`: {fr}", j.message);
        }
        assert!(
            !en.is_empty() && !fr.is_empty(),
            "{id}: explanation missing"
        );
    }
}

#[test]
fn every_section_10_case_passes() {
    let cases = read_cases(CASE_FILES[0]);
    assert!(cases.len() >= 30, "only {} cases read", cases.len());
    for case in &cases {
        check_case(case);
    }
}

#[test]
fn every_option_case_passes() {
    for case in &read_cases(CASE_FILES[1]) {
        check_case(case);
    }
}

#[test]
fn every_section_10_case_id_is_covered() {
    let ids: Vec<String> = read_cases(CASE_FILES[0])
        .into_iter()
        .map(|c| c.id)
        .collect();
    for id in [
        "T-O1", "T-O2", "T-O3", "T-O4a", "T-O4b", "T-O4c", "T-O5a", "T-O5b", "T-O5c", "T-O5d",
        "T-O5e", "T-O5f", "T-O5g", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10",
        "D11", "D12", "D13", "D14", "D23",
    ] {
        assert!(ids.iter().any(|i| i == id), "case {id} missing");
    }
}
