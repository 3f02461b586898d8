//! Perft for La Bataille des Tours, driven by `tests/data/tours/perft.txt`: the spec's
//! derived figures from the start (36, 1 296, 53 892) and the cases around them.

use arbitre::games::{AnyGame, GameKind, Start};

struct Entry {
    id: String,
    position: String,
    options: String,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (n, raw) in include_str!("../data/tours/perft.txt").lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            entries.push(Entry {
                id: value.to_string(),
                position: String::new(),
                options: String::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let entry = entries
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: `{key}` before any id", n + 1));
        match key {
            "position" => entry.position = value.to_string(),
            "options" => entry.options = value.to_string(),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                entry
                    .counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            _ => panic!("line {}: unknown key `{key}`", n + 1),
        }
    }
    entries
}

#[test]
fn perft_matches_every_figure_of_the_data_file() {
    let entries = entries();
    assert!(
        entries
            .iter()
            .any(|e| e.id == "start" && e.counts.len() >= 3)
    );
    for e in entries {
        let game = AnyGame::new(
            GameKind::Tours,
            &Start::Position(e.position.clone()),
            None,
            &e.options,
        )
        .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        for (depth, nodes) in &e.counts {
            assert_eq!(game.perft(*depth), *nodes, "{} perft {depth}", e.id);
        }
    }
}

#[test]
fn the_generic_perft_agrees_with_the_in_place_one() {
    use arbitre::games::Game;
    use arbitre::games::tours::Position;
    let start = Position::from_position(
        "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w",
        None,
        &arbitre::games::GameOptions::default(),
    )
    .unwrap();
    for depth in 1..=3 {
        assert_eq!(
            arbitre::games::perft::perft(&start, depth),
            Game::perft(&start, depth),
            "depth {depth}"
        );
    }
}
