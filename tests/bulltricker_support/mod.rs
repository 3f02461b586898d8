//! Shared by the Bulltricker tests: reading the data-driven test cases of
//! `tests/data/bulltricker/*.toml` (the spec's section 10 and the option cases).

#![allow(dead_code)]

use std::path::PathBuf;

use serde::Deserialize;

/// One file of cases.
#[derive(Debug, Deserialize)]
pub struct Cases {
    /// The cases, in file order.
    pub case: Vec<Case>,
}

/// One test case: a position, what is legal there, and how messages are judged.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// The spec's id (`T-O5e`, `D7`, ...).
    pub id: String,
    /// What it checks.
    pub what: String,
    /// `start` or a position string.
    pub position: String,
    /// `white` or `black`.
    pub to_move: String,
    /// Game options, `name=value,...`.
    #[serde(default)]
    pub options: String,
    /// Moves played first.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The complete set of legal moves.
    pub legal: Option<Vec<String>>,
    /// The number of legal moves.
    pub legal_count: Option<usize>,
    /// Moves that must be legal.
    #[serde(default)]
    pub legal_includes: Vec<String>,
    /// Moves (FROM TO) that must not be legal.
    #[serde(default)]
    pub legal_excludes: Vec<String>,
    /// `[depth, nodes]` pairs.
    #[serde(default)]
    pub perft: Vec<(u32, u64)>,
    /// `ongoing`, `white`, `black` or `draw`.
    pub outcome: Option<String>,
    /// Complete sets of legal moves from one cell.
    #[serde(default)]
    pub from: Vec<FromCell>,
    /// Messages and their expected answers.
    #[serde(default)]
    pub judge: Vec<Judged>,
}

/// The complete set of legal moves from one cell.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FromCell {
    /// The cell.
    pub from: String,
    /// Its legal moves.
    pub legal: Vec<String>,
}

/// A message and the referee's expected answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Judged {
    /// The move message.
    pub message: String,
    /// The exact protocol line.
    pub line: String,
    /// Words the English explanation must contain.
    pub explain: Option<String>,
    /// Words the French explanation must contain.
    pub explain_fr: Option<String>,
}

/// The data folder of the Bulltricker tests.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/bulltricker")
}

/// Reads a cases file of the data folder.
pub fn read_cases(name: &str) -> Vec<Case> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let cases: Cases = toml::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    cases.case
}

/// The case files.
pub const CASE_FILES: [&str; 2] = ["spec_cases.toml", "option_cases.toml"];

/// Sorted copy of a move list.
pub fn sorted(moves: &[String]) -> Vec<String> {
    let mut v = moves.to_vec();
    v.sort();
    v
}
