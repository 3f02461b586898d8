//! A third language is one more folder of catalogs, nothing else: installed at start-up (as
//! an installation's own `locales` folder would be), its words are read as commands, they
//! tell the referee which language the player writes, and arbitre answers in it. A test
//! binary of its own, because the catalogs in use are chosen once per process.

use std::path::Path;

use arbitre::referee::command::{Command, parse};
use arbitre::text::Lang;
use arbitre::text::catalog::{Catalogs, install};

/// Copies `from` into `to`, changing each line that starts with a key of `replace`.
fn copy_dir(from: &Path, to: &Path, replace: &[(&str, &str)]) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target, replace);
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let text: Vec<String> = text
            .lines()
            .map(|l| {
                replace
                    .iter()
                    .find(|(key, _)| l.starts_with(&format!("{key} =")))
                    .map_or(l.to_string(), |(key, value)| format!("{key} = {value}"))
            })
            .collect();
        std::fs::write(target, text.join("\n") + "\n").unwrap();
    }
}

#[test]
fn the_words_of_a_third_language_folder_are_commands_in_that_language() {
    let locales = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let dir = std::env::temp_dir().join(format!("arbitre-third-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&locales, &dir, &[]);
    copy_dir(
        &locales.join("en"),
        &dir.join("xx"),
        &[
            ("language-words", "xx, testish"),
            ("words-accept", "akzeptieren, ich akzeptiere"),
            ("words-help", "hilfe"),
            ("words-chat", "plaudern"),
            ("words-off", "aus"),
            ("lang-set", "Testish from now on."),
        ],
    );
    install(Catalogs::from_dir(&dir).unwrap()).expect("nothing formatted yet");
    let xx = Lang::from_name("testish").expect("the new language is known");
    assert_eq!(parse("Ich akzeptiere!"), (Command::Accept, Some(xx)));
    assert_eq!(parse("HILFE"), (Command::Help(None), Some(xx)));
    assert_eq!(
        parse("plaudern aus"),
        (Command::Chat(Some(false)), Some(xx))
    );
    // The other languages keep their words.
    assert_eq!(parse("accepter"), (Command::Accept, Some(Lang::FR)));
    // `LANG` is a word of English and of the new folder (a copy of English): it names no
    // language of its own.
    assert_eq!(parse("LANG testish"), (Command::Lang(Some(xx)), None));
    assert_eq!(arbitre::t!(xx, "lang-set"), "Testish from now on.");
    let _ = std::fs::remove_dir_all(&dir);
}
