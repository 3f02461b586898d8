//! Reading and running the data files that drive the rules tests: rule-case files
//! (`tests/data/<game>/cases.txt`) and perft files (`tests/data/<game>/perft.txt`).
//!
//! A **case file** is a list of cases, each opened by `case ID` and followed by `key: value`
//! lines run in order against one game (through [`AnyGame`], as the command line does):
//!
//! | key | what it does |
//! |---|---|
//! | `position:` / `variant:` / `options:` / `to-move:` | set up the game (before anything else) |
//! | `play: m1; m2` | plays the moves; each must be accepted |
//! | `canonical: c1; c2` | the canonical forms of the moves of the last `play` |
//! | `forced-passes: N` | the passes the rules forced after the last move of the last `play` |
//! | `after:` | the position string now |
//! | `refuse: m` | judging `m` now must refuse it (`ERR`), with a reason in both languages |
//! | `because:` | words the English reason of the last `refuse` contains |
//! | `accept: m -> c` | judging `m` now accepts it as `c` (nothing is played) |
//! | `legal: m1; m2` | the exact list of legal moves now, in the game's order |
//! | `legal-count: N` | the number of legal moves now |
//! | `legal-has: m1; m2` | moves that are legal now |
//! | `outcome:` | `ongoing`, or the termination code |
//! | `winner:` | `white`, `black` or `draw` |
//! | `result:` | the result tokens, or `none` |
//!
//! A **perft file** has `position <string>` lines (or `variant <name>`), each followed by
//! `perft <depth> <nodes>` lines. `#` starts a comment in both.

// Each test crate uses part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use arbitre::games::{AnyGame, GameKind, Side, Start};
use arbitre::text::Lang;

/// The path of a test data file.
pub fn data(game: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(game)
        .join(file)
}

/// One case of a case file.
#[derive(Debug)]
pub struct Case {
    /// Its identifier (`A1`, `G10`).
    pub id: String,
    /// Its `key: value` lines, with their line numbers.
    pub lines: Vec<(usize, String, String)>,
}

/// Reads a case file.
pub fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(id) = line.strip_prefix("case ") {
            cases.push(Case {
                id: id.trim().to_string(),
                lines: Vec::new(),
            });
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{path:?} line {}: `{line}` is not key: value", i + 1));
        cases
            .last_mut()
            .unwrap_or_else(|| panic!("{path:?} line {}: no `case` before it", i + 1))
            .lines
            .push((i + 1, key.trim().to_string(), value.trim().to_string()));
    }
    cases
}

fn list(value: &str) -> Vec<String> {
    value
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Runs one case; the error says which line failed and why.
pub fn run_case(kind: GameKind, case: &Case) -> Result<(), String> {
    let mut start = Start::Default;
    let mut options = String::new();
    let mut to_move = None;
    let mut game: Option<AnyGame> = None;
    let mut last_played: Vec<String> = Vec::new();
    let mut last_passes = 0;
    let mut last_refusal: Option<String> = None;
    for (line, key, value) in &case.lines {
        let fail = |what: String| Err(format!("case {} line {line} ({key}): {what}", case.id));
        match key.as_str() {
            "position" => start = Start::Position(value.clone()),
            "variant" => start = Start::Variant(value.clone()),
            "options" => options = value.clone(),
            "to-move" => to_move = Side::from_name(value),
            _ => {
                if game.is_none() {
                    game = Some(
                        AnyGame::new(kind, &start, to_move, &options)
                            .map_err(|e| format!("case {}: set-up failed: {e}", case.id))?,
                    );
                }
            }
        }
        let Some(g) = game.as_mut() else { continue };
        match key.as_str() {
            "position" | "variant" | "options" | "to-move" => {
                return fail("set-up lines come first".to_string());
            }
            "play" => {
                last_played.clear();
                for m in list(value) {
                    match g.play(&m) {
                        Ok(j) => {
                            last_played.push(j.canonical);
                            last_passes = j.forced_passes.len();
                        }
                        Err(r) => {
                            return fail(format!(
                                "`{m}` refused: {} ({})",
                                r.line(),
                                r.explain(Lang::EN)
                            ));
                        }
                    }
                }
            }
            "canonical" => {
                if last_played != list(value) {
                    return fail(format!("played as {last_played:?}"));
                }
            }
            "forced-passes" => {
                if value.parse() != Ok(last_passes) {
                    return fail(format!("{last_passes} forced passes"));
                }
            }
            "after" => {
                if g.position_string() != *value {
                    return fail(format!("position is `{}`", g.position_string()));
                }
            }
            "refuse" => match g.judge(value) {
                Ok(j) => return fail(format!("accepted as `{}`", j.line)),
                Err(r) => {
                    let (en, fr) = (r.explain(Lang::EN), r.explain(Lang::FR));
                    if r.line() != "ERR" || en.is_empty() || fr.is_empty() || en == fr {
                        return fail(format!("refusal `{}`: `{en}` / `{fr}`", r.line()));
                    }
                    last_refusal = Some(en);
                }
            },
            "because" => {
                let reason = last_refusal.as_deref().unwrap_or("");
                if !reason.contains(value.as_str()) {
                    return fail(format!("the reason was `{reason}`"));
                }
            }
            "accept" => {
                let (text, canonical) = value.split_once("->").unwrap_or((value, value));
                match g.judge(text.trim()) {
                    Ok(j) if j.canonical == canonical.trim() => {}
                    Ok(j) => return fail(format!("accepted as `{}`", j.canonical)),
                    Err(r) => return fail(format!("refused: {}", r.explain(Lang::EN))),
                }
            }
            "legal" => {
                let legal = g.legal_moves();
                if legal != list(value) {
                    return fail(format!("the legal moves are {legal:?}"));
                }
            }
            "legal-count" => {
                let legal = g.legal_moves();
                if value.parse() != Ok(legal.len()) {
                    return fail(format!("{} legal moves: {legal:?}", legal.len()));
                }
            }
            "legal-has" => {
                let legal = g.legal_moves();
                if let Some(m) = list(value).iter().find(|m| !legal.contains(m)) {
                    return fail(format!("`{m}` is not among {legal:?}"));
                }
            }
            "outcome" => {
                let code = g.outcome().termination().map_or("ongoing", |t| t.code);
                if code != value {
                    return fail(format!("outcome is `{code}`"));
                }
            }
            "winner" => {
                let result = g.outcome().result_name().unwrap_or("ongoing");
                if result != value {
                    return fail(format!("result is `{result}`"));
                }
            }
            "result" => {
                let tokens = g.result_tokens().unwrap_or_else(|| "none".to_string());
                if tokens != *value {
                    return fail(format!("result tokens are `{tokens}`"));
                }
            }
            other => return fail(format!("unknown key `{other}`")),
        }
    }
    Ok(())
}

/// One perft reference figure.
#[derive(Debug)]
pub struct PerftLine {
    /// The start.
    pub start: Start,
    /// The depth.
    pub depth: u32,
    /// The expected number of nodes.
    pub nodes: u64,
    /// Its line in the file.
    pub line: usize,
}

/// Reads a perft file.
pub fn read_perft(path: &Path) -> Vec<PerftLine> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut start = None;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if let Some(p) = line.strip_prefix("position ") {
            start = Some(Start::Position(p.trim().to_string()));
        } else if let Some(v) = line.strip_prefix("variant ") {
            start = Some(Start::Variant(v.trim().to_string()));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest
                .split_once(' ')
                .unwrap_or_else(|| panic!("line {}: perft DEPTH NODES", i + 1));
            out.push(PerftLine {
                start: start.clone().expect("a position before perft lines"),
                depth: depth.trim().parse().expect("depth"),
                nodes: nodes.trim().replace('_', "").parse().expect("nodes"),
                line: i + 1,
            });
        } else if !line.is_empty() {
            panic!("{path:?} line {}: `{line}` is not understood", i + 1);
        }
    }
    out
}

/// Checks every perft figure of `path` with at most `node_limit` nodes; returns how many
/// figures were checked.
pub fn check_perft(kind: GameKind, path: &Path, node_limit: u64) -> usize {
    let mut checked = 0;
    for p in read_perft(path) {
        if p.nodes > node_limit {
            continue;
        }
        let game = AnyGame::new(kind, &p.start, None, "")
            .unwrap_or_else(|e| panic!("line {}: {e}", p.line));
        assert_eq!(
            game.perft(p.depth),
            p.nodes,
            "line {}: perft {} from {:?}",
            p.line,
            p.depth,
            p.start
        );
        checked += 1;
    }
    checked
}
