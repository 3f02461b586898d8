//! `arbitre stats` on the games of `tests/data/stats/games.csv` (built by
//! tests/common/finished.rs): it prints what `expected.txt` says, line for line, for every
//! game or one (`--game`, any of its names), in French with `--lang fr`, and reads the
//! store alone (the mail password is a command that fails, and is never run).

use crate::finished::{self, lines};
use crate::site::{arbitre, ok};

#[test]
fn stats_prints_the_figures_of_the_finished_games_the_pages_show() {
    let games = finished::build("cli", "stats");
    let c = games.config.as_str();
    let expected = games.expected();
    let all = ok(&["stats", "--config", c]);
    assert_eq!(lines(&all), expected.concat(), "{all}");
    // One game: the rule of which games count, then that game's variants.
    let ataxx = ok(&["stats", "--config", c, "--game", "attax"]);
    let wanted: Vec<String> = expected
        .iter()
        .enumerate()
        .filter(|(i, block)| *i == 0 || block[0].starts_with("Ataxx – "))
        .flat_map(|(_, block)| block.clone())
        .collect();
    assert_eq!(lines(&ataxx), wanted, "{ataxx}");
    // A game without finished games says so.
    let tours = ok(&["stats", "--config", c, "--game", "tours"]);
    assert_eq!(lines(&tours)[1], "No finished game yet.", "{tours}");
    // In French, the same figures in French words.
    let fr = lines(&ok(&["stats", "--config", c, "--lang", "fr"]));
    for line in [
        "Ataxx – Standard, sans case bloquée".to_string(),
        "3 parties terminées, 6,0 coups en moyenne.".to_string(),
        "Résultat Parties Part".to_string(),
        "Victoires des x 1 33,3 %".to_string(),
        "Victoires des Blancs 1 100,0 %".to_string(),
        "1. f2 1... b1 : 2 parties".to_string(),
        format!(
            "Partie n° {} : 8 coups, gagnée par les o",
            games.numbers["E1"]
        ),
        format!("Partie n° {} : 6 coups, nulle", games.numbers["A2"]),
    ] {
        assert!(fr.contains(&line), "`{line}` in {fr:#?}");
    }
    // No mail server is needed: a mail password that cannot be read is never read.
    let text = std::fs::read_to_string(c).unwrap();
    let offline = games.dir.join("offline.toml");
    std::fs::write(
        &offline,
        text.replace("password.raw = \"p\"", "password.command = \"exit 3\""),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&offline, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(
        ok(&["stats", "--config", offline.to_str().unwrap()]),
        all,
        "the same figures"
    );
    // An unknown game or language is a usage error.
    for args in [["--game", "chess"], ["--lang", "xx"]] {
        let out = arbitre(&["stats", "--config", c, args[0], args[1]]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
