//! The Ataxx rules checked against data files: the test cases of the rules note (section
//! 2.10, `tests/data/ataxx/cases.txt`) and the perft figures of section 2.9
//! (`tests/data/ataxx/perft.txt`; depth 6 of the start is left to the benchmark).

use crate::case_files;

use arbitre::games::GameKind;

#[test]
fn every_rule_case_passes() {
    let cases = case_files::read_cases(&case_files::data("ataxx", "cases.txt"));
    assert!(cases.len() >= 20, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| case_files::run_case(GameKind::Ataxx, c).err())
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn perft_figures_match_up_to_five_million_nodes() {
    let checked = case_files::check_perft(
        GameKind::Ataxx,
        &case_files::data("ataxx", "perft.txt"),
        5_000_000,
    );
    assert_eq!(checked, 48, "figures checked");
}
