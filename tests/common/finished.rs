//! An installation of finished games for the tests of the statistics (the page and
//! `arbitre stats`), built from `tests/data/stats/games.csv` the way `site.rs` builds the
//! pages' installation: an Ataxx round robin started with `arbitre tournament`, casual
//! games set up with `arbitre new`, moves stored as the daemon stores them, results
//! decided with `arbitre adjudicate`, and a player who hid their casual games. What the
//! statistics must show is `tests/data/stats/expected.txt`, read by [`Games::expected`].

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arbitre::referee::{Decision, Player};
use arbitre::text::Lang;

use crate::site::{self, ENTRANTS, Scratch, ZOE, ok};

/// The installation.
pub struct Games {
    /// Its directory (the configuration; the store too, on SQLite).
    pub dir: Scratch,
    /// The configuration file.
    pub config: String,
    /// The number of each game of games.csv, by label.
    pub numbers: BTreeMap<String, i64>,
}

/// The folder of the data files.
fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stats")
}

/// The lines of a data file but its comments.
fn data_lines(file: &str) -> Vec<String> {
    std::fs::read_to_string(data().join(file))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The address of a player of games.csv (`ada`, `blaise`, `carl`, `dora`, `zoe`).
fn address(who: &str) -> &'static str {
    ENTRANTS
        .iter()
        .map(|e| e.1)
        .chain([ZOE])
        .find(|a| a.starts_with(&format!("{who}@")))
        .unwrap_or_else(|| panic!("no player `{who}` in games.csv's cast"))
}

/// Builds the installation of games.csv in a scratch directory named after `name`.
pub fn build(prefix: &str, name: &str) -> Games {
    let dir = Scratch::new(prefix, name);
    let config = site::write_config(
        &dir,
        "arbitre@example.org",
        "a-long-enough-secret-of-forty-three-characters-or-more-for-tests",
        "",
    )
    .display()
    .to_string();
    let c = config.as_str();
    site::start_event(&dir, c, "spring", "Spring Ataxx", "ataxx", ENTRANTS, 0);
    let mut store = arbitre::config::open_store_of(Path::new(c)).expect("the store opens");
    let mut paired = site::event_games(&store, 1).into_iter();
    let mut numbers = BTreeMap::new();
    let mut results = Vec::new();
    for line in data_lines("games.csv").iter().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let [
            label,
            seat,
            game,
            variant,
            white,
            black,
            opening,
            moves,
            result,
        ] = f[..]
        else {
            panic!("games.csv: `{line}` does not have 9 fields");
        };
        let id = match seat {
            "event" => {
                assert_eq!(game, "ataxx", "{label}: the event plays Ataxx");
                paired.next().expect("a game of the first round left")
            }
            "casual" => site::new_game(
                &store,
                c,
                game,
                (!variant.is_empty()).then_some(variant),
                address(white),
                address(black),
            ),
            other => panic!("{label}: unknown seat `{other}`"),
        };
        let opening: Vec<&str> = opening.split(';').filter(|m| !m.is_empty()).collect();
        site::play_opening(&mut store, id, &opening, moves.parse().unwrap());
        numbers.insert(label.to_string(), id);
        results.push((id, result.to_string()));
    }
    for (id, result) in results {
        if result != "playing" {
            ok(&[
                "adjudicate",
                "--config",
                c,
                &id.to_string(),
                "--result",
                &result,
                "--reason",
                "test result",
            ]);
        }
    }
    // Blaise hides his casual games; Zoe has no player record at all.
    let decision = Decision {
        players: ENTRANTS
            .iter()
            .map(|(_, address, _)| Player {
                public: !address.starts_with("blaise@"),
                ..Player::new(address, Lang::EN)
            })
            .collect(),
        ..Default::default()
    };
    store.commit(&decision, None, 1).unwrap();
    Games {
        dir,
        config,
        numbers,
    }
}

impl Games {
    /// What the statistics must show (expected.txt), game numbers filled in: the sections,
    /// each as its lines, the rule of which games count first.
    pub fn expected(&self) -> Vec<Vec<String>> {
        let mut text = data_lines("expected.txt").join("\n");
        for (label, id) in &self.numbers {
            text = text.replace(&format!("{{{label}}}"), &id.to_string());
        }
        assert!(
            !text.contains("#{"),
            "a label expected.txt names is not in games.csv"
        );
        text.split("\n\n").map(lines).collect()
    }
}

/// The lines of `text` with their blanks collapsed, blank lines left out.
pub fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}
