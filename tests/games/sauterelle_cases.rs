//! The Sauterelle rules checked against data files: the test cases of the rules note
//! (section 1.8, `tests/data/sauterelle/cases.txt`) and the derived perft figures of case
//! G25 and one more depth (`tests/data/sauterelle/perft.txt`; deeper figures are left to
//! the benchmark).

use crate::case_files;

use arbitre::games::GameKind;

#[test]
fn every_rule_case_passes() {
    let cases = case_files::read_cases(&case_files::data("sauterelle", "cases.txt"));
    assert!(cases.len() >= 24, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| case_files::run_case(GameKind::Sauterelle, c).err())
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn perft_from_the_start_matches_the_derived_figures() {
    let checked = case_files::check_perft(
        GameKind::Sauterelle,
        &case_files::data("sauterelle", "perft.txt"),
        1_000_000,
    );
    assert_eq!(checked, 11);
}
