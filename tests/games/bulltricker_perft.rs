//! Bulltricker perft from `tests/data/bulltricker/perft.txt`: the spec's figures from the
//! initial position (50, 2,500, 133,547) and regression figures of this engine.

use arbitre::games::{AnyGame, GameKind, Start};

/// Entries above this many nodes are skipped, to keep `cargo test` quick.
const NODE_LIMIT: u64 = 8_000_000;

#[derive(Debug, Default)]
struct Entry {
    id: String,
    source: String,
    options: String,
    position: String,
    perft: Vec<(u32, u64)>,
}

fn read_entries() -> Vec<Entry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/bulltricker/perft.txt"
    );
    let text = std::fs::read_to_string(path).expect("perft data");
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            entries.push(Entry {
                id: value.to_string(),
                ..Entry::default()
            });
            continue;
        }
        let entry = entries.last_mut().expect("an `id` line first");
        match key {
            "source" => entry.source = value.to_string(),
            "options" => entry.options = value.to_string(),
            "position" => entry.position = value.to_string(),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                entry
                    .perft
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("unknown key `{other}` in {path}"),
        }
    }
    entries
}

#[test]
fn perft_matches_the_data_file() {
    let entries = read_entries();
    assert!(entries.len() >= 3);
    let mut checked = 0;
    for e in &entries {
        let start = if e.position == "start" {
            Start::Default
        } else {
            Start::Position(e.position.clone())
        };
        let game = AnyGame::new(GameKind::Bulltricker, &start, None, &e.options)
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        for &(depth, nodes) in &e.perft {
            if nodes > NODE_LIMIT {
                println!("{}: perft {depth} skipped ({nodes} nodes)", e.id);
                continue;
            }
            assert_eq!(
                game.perft(depth),
                nodes,
                "{} ({}): perft {depth}",
                e.id,
                e.source
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} perft figures checked");
}

#[test]
fn the_spec_figures_are_in_the_file() {
    let entries = read_entries();
    let initial = entries
        .iter()
        .find(|e| e.id == "initial" && e.source == "spec")
        .expect("the spec's initial-position perft");
    assert_eq!(initial.perft, vec![(1, 50), (2, 2_500), (3, 133_547)]);
}

#[test]
fn the_bulltricker_perft_equals_the_generic_one() {
    use arbitre::games::Game;
    use arbitre::games::bulltricker::Position;
    let game = AnyGame::new(GameKind::Bulltricker, &Start::Default, None, "").unwrap();
    let pos = Position::from_position(
        &game.position_string(),
        None,
        &arbitre::games::GameOptions::parse(Position::option_specs(), "").unwrap(),
    )
    .unwrap();
    for depth in 1..=3 {
        assert_eq!(
            arbitre::games::perft::perft(&pos, depth),
            Game::perft(&pos, depth)
        );
    }
}
