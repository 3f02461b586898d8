//! The guard of the layer table in the crate's top-level doc: reads every production file
//! of `src/`, finds the `crate::` paths it names, and fails when one points to a module in
//! the same row or a higher one. Test code (`#[cfg(test)]` modules and files) is left out:
//! a test may reach anywhere. It also holds the one decide path: outside `store/`, no
//! production file opens a write transaction or commits a decision but through
//! `Store::decide`; and the referee's one door for readers: outside `referee/`, no
//! production file names a part the referee keeps `pub(crate)` (pages and the command line
//! read through `referee::view`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The crate's macros, by the module that defines them (they are named `crate::t!`, ...).
const MACROS: [(&str, &str); 6] = [
    ("t", "text"),
    ("with_game", "games"),
    ("tx", "text"),
    ("out", "cli"),
    ("outln", "cli"),
    ("store_params", "store"),
];

/// The rows of the table in `lib.rs`'s doc: each top-level module with its row number
/// (0 at the bottom).
fn table(lib: &str) -> BTreeMap<String, usize> {
    let mut rows = BTreeMap::new();
    let mut row = 0;
    for line in lib.lines() {
        let Some(cells) = line.strip_prefix("//! |") else {
            continue;
        };
        let cells: Vec<&str> = cells.split('|').map(str::trim).collect();
        // `| 3 | `games` | ... |`: a number, then the modules.
        if cells.len() < 2 || cells[0].parse::<usize>().is_err() {
            continue;
        }
        for module in cells[1].split(',') {
            let module = module.trim().trim_matches('`');
            if !module.is_empty() {
                rows.insert(module.to_string(), row);
            }
        }
        row += 1;
    }
    rows
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The production part of a file: up to its first `#[cfg(test)]`, comments removed.
fn production(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files declared test-only by their parent (`#[cfg(test)] mod testing;`), as the
/// path of the module relative to `src/` without extension (`render/testing`).
fn test_only(root: &Path, all: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for path in all {
        let text = std::fs::read_to_string(path).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for pair in lines.windows(2) {
            if pair[0].trim() != "#[cfg(test)]" {
                continue;
            }
            let declared = pair[1]
                .trim()
                .trim_start_matches("pub ")
                .trim_start_matches("mod ");
            let Some(name) = declared.strip_suffix(';') else {
                continue;
            };
            let parent = path.parent().expect("inside src/");
            let rel = parent.strip_prefix(root).expect("under src/");
            out.push(rel.join(name).to_string_lossy().to_string());
        }
    }
    out
}

/// The production files under `root` (test-only files left out), each as its path
/// relative to `root` without extension (`referee/play`) and its production code.
fn production_files(root: &Path) -> Vec<(String, String)> {
    let mut all = Vec::new();
    files(root, &mut all);
    let tests = test_only(root, &all);
    all.iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(root).expect("under src/");
            let rel_text = rel.with_extension("").to_string_lossy().to_string();
            let test = tests
                .iter()
                .any(|t| rel_text == *t || rel_text.starts_with(&format!("{t}/")));
            (!test).then(|| {
                let code = production(&std::fs::read_to_string(path).expect("a source file"));
                (rel_text, code)
            })
        })
        .collect()
}

/// The first segment of every path `code` names after `prefix`: `crate::games::...` gives
/// `games`, `crate::{out, outln}` gives `out` and `outln`.
fn named_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        rest = &rest[at + prefix.len()..];
        match rest.strip_prefix('{') {
            Some(list) => names.extend(
                list.split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|item| {
                        item.trim()
                            .split("::")
                            .next()
                            .unwrap_or_default()
                            .to_string()
                    })
                    .filter(|n| !n.is_empty()),
            ),
            None => names.push(
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect(),
            ),
        }
    }
    names
}

/// Each edge that points up or sideways: `file -> module`.
fn violations(root: &Path) -> Vec<String> {
    let lib = std::fs::read_to_string(root.join("lib.rs")).expect("src/lib.rs");
    let rows = table(&lib);
    assert!(rows.len() > 10, "the layer table in lib.rs was not found");
    let macros: BTreeMap<&str, &str> = MACROS.into_iter().collect();
    let mut out = Vec::new();
    for (rel_text, code) in production_files(root) {
        let top = rel_text.split('/').next().unwrap_or_default().to_string();
        if matches!(top.as_str(), "lib" | "main") {
            continue;
        }
        let Some(&from) = rows.get(&top) else {
            out.push(format!(
                "{rel_text}: module `{top}` is missing from the layer table"
            ));
            continue;
        };
        for name in named_after(&code, "crate::") {
            let module = macros.get(name.as_str()).copied().unwrap_or(&name);
            if module == top {
                continue;
            }
            match rows.get(module) {
                Some(&to) if to < from => {}
                Some(_) => out.push(format!("{rel_text} -> {module}")),
                None => out.push(format!("{rel_text} -> {module}: not in the layer table")),
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The production files outside `store/` that open a write transaction or commit a
/// decision themselves, instead of going through `Store::decide`.
fn decisions_outside_decide(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for (rel_text, code) in production_files(root) {
        if rel_text.starts_with("store/") || rel_text == "layering" {
            continue;
        }
        for call in [".immediate(", ".commit(&"] {
            if code.contains(call) {
                out.push(format!("{rel_text}: {call}"));
            }
        }
    }
    out
}

/// The referee's crate-private parts (`pub(crate) mod x;` in `referee/mod.rs`) that a
/// production file outside `referee/` names: `file -> referee::x`.
fn referee_parts_named_outside(root: &Path) -> Vec<String> {
    let referee = std::fs::read_to_string(root.join("referee/mod.rs")).expect("referee/mod.rs");
    let private: Vec<&str> = referee
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub(crate) mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .collect();
    assert!(
        !private.is_empty(),
        "referee/mod.rs keeps no part crate-private"
    );
    let mut out = Vec::new();
    for (rel_text, code) in production_files(root) {
        if rel_text.starts_with("referee/") || rel_text == "layering" {
            continue;
        }
        for name in named_after(&code, "referee::") {
            if private.contains(&name.as_str()) {
                out.push(format!("{rel_text} -> referee::{name}"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn pages_and_the_command_line_read_the_referee_through_its_view() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = referee_parts_named_outside(&root);
    assert!(
        wrong.is_empty(),
        "the referee's crate-private parts named outside it (read through referee::view):\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn every_decision_takes_the_one_decide_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = decisions_outside_decide(&root);
    assert!(
        wrong.is_empty(),
        "decided and committed outside Store::decide (src/store/decide.rs):\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn no_module_names_one_in_its_own_row_or_above() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = violations(&root);
    assert!(
        wrong.is_empty(),
        "imports against the layer table of src/lib.rs:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn the_guards_see_an_edge_that_points_up_and_a_decision_made_aside() {
    // A copy of src/ where the games name the referee: the guard must say so.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let scratch = std::env::temp_dir().join(format!("arbitre-layering-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(scratch.join("games")).unwrap();
    std::fs::copy(root.join("lib.rs"), scratch.join("lib.rs")).unwrap();
    std::fs::write(
        scratch.join("games/mod.rs"),
        "//! A game.\nuse crate::referee::GameId;\n#[cfg(test)]\nmod tests {\n    use crate::daemon::now;\n}\n",
    )
    .unwrap();
    std::fs::write(
        scratch.join("referee.rs"),
        "//! The referee.\nuse crate::games::Side;\n",
    )
    .unwrap();
    std::fs::create_dir_all(scratch.join("referee")).unwrap();
    std::fs::write(
        scratch.join("referee/mod.rs"),
        "//! The referee.\npub(crate) mod clocks;\npub mod view;\n",
    )
    .unwrap();
    std::fs::create_dir_all(scratch.join("pages")).unwrap();
    std::fs::write(
        scratch.join("pages/game.rs"),
        "//! A page.\nuse crate::referee::{view, clocks::read};\n",
    )
    .unwrap();
    std::fs::create_dir_all(scratch.join("daemon")).unwrap();
    std::fs::write(
        scratch.join("daemon/clock.rs"),
        "//! A tick.\nfn tick(s: &mut Store) { s.immediate(|s| s.commit(&d, None, 0)); }\n",
    )
    .unwrap();
    let wrong = violations(&scratch);
    let outside = decisions_outside_decide(&scratch);
    let private = referee_parts_named_outside(&scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    assert_eq!(wrong, vec!["games/mod -> referee".to_string()]);
    assert_eq!(private, vec!["pages/game -> referee::clocks".to_string()]);
    assert_eq!(
        outside,
        vec![
            "daemon/clock: .immediate(".to_string(),
            "daemon/clock: .commit(&".to_string()
        ]
    );
}
