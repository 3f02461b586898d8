//! The message catalogs (`locales/<code>/*.ftl`) are complete and consistent: every
//! language has the same files and the same messages, each message takes the same
//! arguments in every language, every message is used by the code, and a language can be
//! added by adding a folder and nothing else.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use arbitre::games::GameKind;
use arbitre::text::Lang;
use arbitre::text::catalog::{Catalogs, FluentArgs};
use fluent_syntax::ast;
use fluent_syntax::parser;

/// Message id -> the variables it references (`$name`), for one `.ftl` source.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(source).unwrap_or_else(|(_, e)| panic!("{e:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            for a in &m.attributes {
                pattern_vars(&a.value, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars);
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        // A referenced message is formatted with the caller's arguments: its variables
        // are the caller's too (added by `with_references`).
        ast::InlineExpression::MessageReference { id, .. } => {
            vars.insert(format!("{REFERENCE}{}", id.name));
        }
        _ => {}
    }
}

/// Marks a message reference among the variables until [`with_references`] replaces it.
const REFERENCE: &str = "@";

/// Adds to each message the variables of the messages it references (in any file of the
/// same language), transitively, and drops the reference marks.
fn with_references(files: &mut BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) {
    let all: BTreeMap<String, BTreeSet<String>> = files
        .values()
        .flat_map(|ids| ids.iter().map(|(id, v)| (id.clone(), v.clone())))
        .collect();
    let resolve = |vars: &BTreeSet<String>| {
        let mut out = BTreeSet::new();
        let mut todo: Vec<String> = vars.iter().cloned().collect();
        let mut seen = BTreeSet::new();
        while let Some(v) = todo.pop() {
            match v.strip_prefix(REFERENCE) {
                Some(id) if seen.insert(id.to_string()) => {
                    todo.extend(all.get(id).into_iter().flatten().cloned());
                }
                Some(_) => {}
                None => {
                    out.insert(v);
                }
            }
        }
        out
    };
    for ids in files.values_mut() {
        for vars in ids.values_mut() {
            *vars = resolve(vars);
        }
    }
}

/// Every language's messages: code -> file -> id -> variables.
type Shape = BTreeMap<String, BTreeMap<String, BTreeMap<String, BTreeSet<String>>>>;

fn shape(catalogs: &Catalogs) -> Shape {
    catalogs
        .languages()
        .into_iter()
        .map(|lang| {
            let mut files = catalogs
                .sources(lang)
                .unwrap()
                .iter()
                .map(|(name, text)| (name.clone(), messages(text)))
                .collect();
            with_references(&mut files);
            (lang.code().to_string(), files)
        })
        .collect()
}

/// The differences between each language and English, one line each.
fn differences(shape: &Shape) -> Vec<String> {
    let reference = &shape["en"];
    let mut problems = Vec::new();
    for (code, files) in shape {
        for (file, ids) in reference {
            let Some(theirs) = files.get(file) else {
                problems.push(format!("{code}: no {file}"));
                continue;
            };
            for (id, vars) in ids {
                // A translation may use more of the arguments the code passes (French
                // needs the game to elide "de"), never fewer than English.
                match theirs.get(id) {
                    None => problems.push(format!("{code}/{file}: no message `{id}`")),
                    Some(v) if !vars.is_subset(v) => problems.push(format!(
                        "{code}/{file}: `{id}` leaves out {:?}, which English uses",
                        vars.difference(v).collect::<Vec<_>>()
                    )),
                    Some(_) => {}
                }
            }
            for id in theirs.keys().filter(|id| !ids.contains_key(*id)) {
                problems.push(format!("{code}/{file}: `{id}` is not in English"));
            }
        }
        for file in files.keys().filter(|f| !reference.contains_key(*f)) {
            problems.push(format!("{code}: {file} has no English counterpart"));
        }
    }
    problems
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let catalogs = Catalogs::embedded().unwrap();
    let languages = catalogs.languages();
    assert!(languages.contains(&Lang::EN) && languages.contains(&Lang::FR));
    let problems = differences(&shape(&catalogs));
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn every_language_has_a_guide_to_every_game() {
    let catalogs = Catalogs::from_dir(&locales()).unwrap();
    let mut games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    games.sort();
    for lang in catalogs.languages() {
        assert_eq!(catalogs.guides(lang), games, "{lang}: guides/");
        for game in &games {
            let guide = catalogs.guide(lang, game);
            assert!(guide.lines().count() > 10, "{lang}: {game}");
            assert!(
                guide.lines().all(|l| l.chars().count() <= 78),
                "{lang}: {game}"
            );
        }
    }
    // Each language's guide is its own, not a copy of the English one.
    let fr = catalogs.guide(Lang::FR, "abalone");
    assert_ne!(fr, catalogs.guide(Lang::EN, "abalone"));
    assert_eq!(GameKind::Abalone.guide(Lang::FR), fr);
}

#[test]
fn a_missing_message_or_argument_is_caught() {
    // The check above is only worth something if it fails: take French, drop a message
    // and an argument, and look.
    let dir = scratch("broken");
    copy_dir(&locales(), &dir);
    let fr = dir.join("fr/trust.ftl");
    let text = std::fs::read_to_string(&fr).unwrap();
    let text = text
        .lines()
        .filter(|l| !l.starts_with("unproven-resend"))
        .map(|l| l.replace("{ $address }", "cette adresse"))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&fr, text).unwrap();
    let problems = differences(&shape(&Catalogs::from_dir(&dir).unwrap()));
    assert!(
        problems
            .iter()
            .any(|p| p.contains("no message `unproven-resend`")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("`invalid-address` leaves out [\"address\"]")),
        "{problems:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every `t!(lang, "id", name = value, ...)` (the referee's) and `tx!("id", name = value,
/// ...)` (the engines') in the code: id -> the argument names of each call.
fn call_sites() -> BTreeMap<String, Vec<BTreeSet<String>>> {
    let mut sites: BTreeMap<String, Vec<BTreeSet<String>>> = BTreeMap::new();
    for file in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")) {
        let code = std::fs::read_to_string(&file).unwrap();
        for (mac, id_at) in [("t!(", 1), ("tx!(", 0)] {
            call_sites_of(&code, mac, id_at, &mut sites);
        }
    }
    sites
}

/// The calls of macro `mac` (`t!(` or `tx!(`) in `code`, whose message id is item `id_at`.
fn call_sites_of(
    code: &str,
    mac: &str,
    id_at: usize,
    sites: &mut BTreeMap<String, Vec<BTreeSet<String>>>,
) {
    let mut rest = code;
    while let Some(at) = rest.find(mac) {
        let before = rest[..at].chars().last();
        rest = &rest[at + mac.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let items = macro_items(rest);
        let Some(id) = items.get(id_at).and_then(|i| i.trim().strip_prefix('"')) else {
            continue;
        };
        let id = id.trim_end_matches('"').to_string();
        let names = items[id_at + 1..]
            .iter()
            .filter_map(|i| i.split_once('='))
            .map(|(n, _)| n.trim().to_string())
            .collect();
        sites.entry(id).or_default().push(names);
    }
}

/// The top-level comma-separated items of a macro call, up to its closing parenthesis.
fn macro_items(text: &str) -> Vec<String> {
    let (mut items, mut current, mut depth, mut quoted) = (Vec::new(), String::new(), 0, false);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if quoted => {
                current.push(c);
                if let Some(n) = chars.next() {
                    current.push(n);
                }
                continue;
            }
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted && depth == 0 => break,
            ')' | ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    items.push(current);
    items
}

#[test]
fn the_call_reader_splits_arguments_at_the_top_level_only() {
    let items = macro_items(r#"lang, "x-y", a = f(1, 2), b = "c, d\")", c = [1, 2])tail"#);
    assert_eq!(items.len(), 5, "{items:?}");
    assert_eq!(items[1].trim(), "\"x-y\"");
    assert_eq!(items[3].trim(), r#"b = "c, d\")""#);
}

#[test]
fn every_call_gives_every_argument_its_message_uses() {
    let sites = call_sites();
    assert!(
        sites.len() > 20,
        "the call sites were found: {}",
        sites.len()
    );
    let catalogs = Catalogs::embedded().unwrap();
    let mut problems = Vec::new();
    for (code, files) in shape(&catalogs) {
        for ids in files.values() {
            for (id, vars) in ids {
                for passed in sites.get(id).into_iter().flatten() {
                    let missing: Vec<_> = vars.difference(passed).collect();
                    if !missing.is_empty() {
                        problems.push(format!(
                            "{code}: `{id}` needs {missing:?}, a call gives {passed:?}"
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn every_message_is_used_by_the_code() {
    let catalogs = Catalogs::embedded().unwrap();
    let mut code = String::new();
    for file in rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .into_iter()
        .chain(template_files())
    {
        code.push_str(&std::fs::read_to_string(file).unwrap());
    }
    let mut unused = Vec::new();
    for files in shape(&catalogs).get("en").into_iter() {
        for (file, ids) in files {
            for id in ids.keys() {
                if !code.contains(&format!("\"{id}\"")) {
                    unused.push(format!("{file}: {id}"));
                }
            }
        }
    }
    assert!(
        unused.is_empty(),
        "messages no code uses:\n{}",
        unused.join("\n")
    );
}

#[test]
fn a_third_language_is_one_more_folder() {
    // A copy of the English folder under a new code, with its own words to choose it, is a
    // language: found, chosen by name, complete, and every message formats in it.
    let dir = scratch("third");
    copy_dir(&locales(), &dir);
    copy_dir(&locales().join("en"), &dir.join("xx"));
    let words = dir.join("xx/language.ftl");
    let text = std::fs::read_to_string(&words).unwrap();
    let text: String = text
        .lines()
        .map(|l| {
            if l.starts_with("language-words") {
                "language-words = xx, testish".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&words, text).unwrap();
    let catalogs = Catalogs::from_dir(&dir).unwrap();
    let xx = catalogs
        .language_named("Testish")
        .expect("the new language is found");
    assert_eq!(xx.code(), "xx");
    assert_eq!(catalogs.languages().len(), 3);
    assert!(differences(&shape(&catalogs)).is_empty());
    assert_eq!(catalogs.guides(xx), catalogs.guides(Lang::EN));
    let (ours, english) = (
        catalogs.guide(xx, "tours"),
        catalogs.guide(Lang::EN, "tours"),
    );
    assert!(!ours.is_empty() && ours == english);
    let shape = shape(&catalogs);
    for (file, ids) in &shape["xx"] {
        for (id, vars) in ids {
            let mut args = FluentArgs::new();
            for v in vars {
                args.set(v.as_str(), "1");
            }
            let (text, problems) = catalogs.format(xx, id, &args);
            assert!(problems.is_empty(), "{file}: {id}: {problems:?}");
            assert!(!text.trim().is_empty(), "{file}: {id}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("locales")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbitre-catalogs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    files_ending(dir, "rs")
}

/// The public pages' templates (they name the messages without arguments they show).
fn template_files() -> Vec<PathBuf> {
    files_ending(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pages/templates"),
        "html",
    )
}

fn files_ending(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files_ending(&path, extension));
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
    out
}

#[test]
fn every_message_a_template_names_exists_in_every_language_without_arguments() {
    let catalogs = Catalogs::embedded().unwrap();
    let shapes = shape(&catalogs);
    let mut named = 0;
    let mut problems = Vec::new();
    for file in template_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for part in text.split("tr(\"").skip(1) {
            let id = part.split('"').next().unwrap();
            named += 1;
            for (code, files) in &shapes {
                match files.values().find_map(|ids| ids.get(id)) {
                    None => problems.push(format!("{}: `{id}` is not in {code}", file.display())),
                    Some(vars) if !vars.is_empty() => problems.push(format!(
                        "{}: `{id}` needs {vars:?}, which a template cannot give",
                        file.display()
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    assert!(named > 10, "the templates name their words: {named}");
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// French reads as French with any name and any side: every French message that names a
/// person or an event, formatted with names that start with a vowel, elides (`d'Alice`,
/// `qu'Émile`, never `de Alice`), and no side, always plural in French (`les Noirs`,
/// `les o`), is given a singular verb.
#[test]
fn french_elides_before_vowels_and_its_sides_are_plural() {
    const NAMES: [&str; 7] = [
        "opponent",
        "who",
        "name",
        "title",
        "player",
        "director",
        "challenger",
    ];
    const SINGULAR: [&str; 9] = [
        "a", "est", "doit", "peut", "joue", "gagne", "va", "prend", "perd",
    ];
    let catalogs = Catalogs::embedded().unwrap();
    let sources = catalogs.sources(Lang::FR).expect("French catalogs");
    let mut wrong = Vec::new();
    let mut named = 0;
    for (file, source) in sources {
        for (id, vars) in messages(source) {
            let vars: Vec<&String> = vars.iter().filter(|v| !v.starts_with(REFERENCE)).collect();
            let names: Vec<&&String> = vars
                .iter()
                .filter(|v| NAMES.contains(&v.as_str()))
                .collect();
            if !names.is_empty() {
                named += 1;
            }
            for (name, side) in [
                ("Alice Martin", "les Noirs"),
                ("Émile", "les o"),
                ("Bob", "Blancs"),
            ] {
                let mut args = FluentArgs::new();
                for v in &vars {
                    let value = if NAMES.contains(&v.as_str()) {
                        name
                    } else if v.as_str() == "side" || v.as_str() == "winner" {
                        side
                    } else {
                        "7"
                    };
                    args.set(v.to_string(), value);
                }
                let (text, _) = catalogs.format(Lang::FR, &id, &args);
                let lower = text.to_lowercase();
                for word in ["de", "que", "le", "la"] {
                    let first = name.split(' ').next().unwrap().to_lowercase();
                    if first.starts_with(['a', 'e', 'é', 'i', 'o', 'u'])
                        && lower.contains(&format!(" {word} {first}"))
                    {
                        wrong.push(format!("{file}: {id}: not elided: {text}"));
                    }
                }
                for side in ["les noirs", "les blancs", "les x", "les o"] {
                    for verb in SINGULAR {
                        if lower.contains(&format!("{side} {verb} ")) {
                            wrong.push(format!("{file}: {id}: {side} {verb}: {text}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        named > 20,
        "only {named} French messages name someone: the reader is broken"
    );
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
