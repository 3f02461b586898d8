//! The test cases of the spec (rules/other-games.md 3.9), read from
//! `tests/data/tours/cases.toml` and judged through [`AnyGame`] exactly as the referee and the
//! command line judge a player's message.

use arbitre::games::{AnyGame, GameKind, Outcome, Refusal, Start};
use arbitre::text::Lang;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
struct Case {
    id: String,
    position: String,
    #[serde(default)]
    options: String,
    actions: Vec<String>,
    legal: bool,
    line: Option<String>,
    after: Option<String>,
    winner: Option<String>,
    reason: Option<String>,
    because: Option<String>,
    count: Option<usize>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/tours/cases.toml");
    let cases: Cases = toml::from_str(text).expect("cases.toml is valid TOML");
    cases.case
}

fn game(case: &Case) -> AnyGame {
    let start = if case.position == "start" {
        Start::Variant("standard".to_string())
    } else {
        Start::Position(case.position.clone())
    };
    AnyGame::new(GameKind::Tours, &start, None, &case.options)
        .unwrap_or_else(|e| panic!("{}: the position does not set up: {e}", case.id))
}

fn check(case: &Case) {
    let game = game(case);
    if let Some(count) = case.count {
        assert_eq!(
            game.legal_moves().len(),
            count,
            "{}: legal actions",
            case.id
        );
    }
    let single = case.actions.len() == 1;
    for action in &case.actions {
        let judged = game.judge(action);
        if !case.legal {
            let refusal = judged.expect_err(&format!("{}: `{action}` must be refused", case.id));
            assert!(
                matches!(refusal, Refusal::Illegal(_)),
                "{}: {refusal:?}",
                case.id
            );
            assert_eq!(refusal.line(), "ERR", "{}", case.id);
            let (en, fr) = (refusal.explain(Lang::EN), refusal.explain(Lang::FR));
            // The referee's sentence ends with its own full stop ("Your move was not
            // accepted: ....").
            for why in [&en, &fr] {
                assert!(!why.ends_with('.'), "{}: `{why}`", case.id);
            }
            if let Some(words) = &case.because {
                assert!(en.contains(words), "{}: `{en}` lacks `{words}`", case.id);
            }
            assert!(
                !fr.is_empty() && fr != en,
                "{}: French reason `{fr}`",
                case.id
            );
            assert!(
                !game.legal_moves().iter().any(|m| m == action),
                "{}: `{action}` is listed as legal",
                case.id
            );
            continue;
        }
        let j = judged.unwrap_or_else(|r| {
            panic!(
                "{}: `{action}` must be legal, refused: {}",
                case.id,
                r.explain(Lang::EN)
            )
        });
        assert!(
            game.legal_moves().contains(&j.canonical),
            "{}: `{}` missing from the legal list",
            case.id,
            j.canonical
        );
        if !single {
            continue;
        }
        if let Some(line) = &case.line {
            assert_eq!(&j.line, line, "{}: protocol line", case.id);
        }
        let mut after = game.clone();
        after.play(action).expect("judged legal");
        if let Some(position) = &case.after {
            assert_eq!(
                &after.position_string(),
                position,
                "{}: position after",
                case.id
            );
        }
        match (&case.winner, &j.outcome) {
            (None, Outcome::Ongoing) => {}
            (Some(w), Outcome::Won { winner, how }) => {
                assert_eq!(winner.name(), w, "{}: winner", case.id);
                assert_eq!(
                    Some(how.code),
                    case.reason.as_deref(),
                    "{}: reason",
                    case.id
                );
                assert!(
                    after.legal_moves().is_empty(),
                    "{}: moves after a win",
                    case.id
                );
            }
            (w, o) => panic!("{}: expected winner {w:?}, got {o:?}", case.id),
        }
    }
}

#[test]
fn every_case_of_the_spec_table_is_judged_as_the_spec_says() {
    let cases = cases();
    assert!(cases.len() >= 31, "the table has 31 cases");
    for case in &cases {
        check(case);
    }
}

#[test]
fn the_data_file_holds_every_case_of_the_spec() {
    let ids: Vec<String> = cases().into_iter().map(|c| c.id).collect();
    for n in 1..=31 {
        assert!(ids.contains(&format!("T{n}")), "T{n} is missing");
    }
}

#[test]
fn accepted_positions_read_back_unchanged() {
    for case in cases() {
        let game = game(&case);
        let again = AnyGame::new(
            GameKind::Tours,
            &Start::Position(game.position_string()),
            None,
            &case.options,
        )
        .expect("a written position reads back");
        assert_eq!(
            again.position_string(),
            game.position_string(),
            "{}",
            case.id
        );
        assert_eq!(again.legal_moves(), game.legal_moves(), "{}", case.id);
    }
}
