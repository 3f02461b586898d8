//! Perft of the Abalone move generator against the published counts (tests/data/abalone):
//! table 8.1 of the rules (every start, depth 3 always, depth 4 for Standard and Belgian
//! daisy; the ignored test goes to depth 4 everywhere) and PlayStrategy's counts (8.2).
//! Every named variant is also counted to depth 3 twice, by the bulk-counting perft and by
//! the generic perft that plays every move through the `Game` trait, which must agree.

use arbitre::games::abalone::{Position, movegen, setup, variants};
use arbitre::games::{Game, GameOptions, perft};

/// One `id` block of a `.perft` file.
#[derive(Debug, Default)]
struct Case {
    id: String,
    position: String,
    unchecked: bool,
    counts: Vec<(u32, u64)>,
}

fn read_cases(file: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/abalone/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                ..Case::default()
            }),
            "position" => cases.last_mut().unwrap().position = value.to_string(),
            "unchecked" => cases.last_mut().unwrap().unchecked = true,
            "perft" => {
                let (depth, nodes) = value.split_once(' ').unwrap();
                cases
                    .last_mut()
                    .unwrap()
                    .counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("{file}: unknown line `{other}`"),
        }
    }
    assert!(!cases.is_empty());
    cases
}

fn run(file: &str, deep: impl Fn(&Case, u32) -> bool) -> usize {
    let mut checked = 0;
    for case in read_cases(file) {
        let board = if case.unchecked {
            assert!(
                setup::read(&case.position).is_err(),
                "{}: marked unchecked but valid",
                case.id
            );
            setup::read_unchecked(&case.position).unwrap().0
        } else {
            *Position::from_position(&case.position, None, &GameOptions::default())
                .unwrap_or_else(|e| panic!("{}: {e}", case.id))
                .board()
        };
        for &(depth, nodes) in &case.counts {
            if depth <= 3 || deep(&case, depth) {
                assert_eq!(
                    movegen::perft(&board, depth),
                    nodes,
                    "{} perft {depth}",
                    case.id
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn table_8_1_to_depth_3_and_depth_4_for_standard_and_belgian_daisy() {
    let checked = run("variants.perft", |case, depth| {
        depth == 4 && ["standard", "belgian-daisy"].contains(&case.id.as_str())
    });
    assert_eq!(checked, 17 * 3 + 7 + 2);
}

#[test]
#[ignore = "430 M leaves, seconds of CPU: cargo test --test games abalone_perft:: -- --ignored"]
fn table_8_1_to_depth_4_everywhere() {
    run("variants.perft", |_, depth| depth == 4);
}

#[test]
fn playstrategy_counts_of_section_8_2() {
    assert_eq!(run("playstrategy.perft", |_, _| false), 7);
}

#[test]
fn the_perft_file_positions_are_the_named_variants() {
    for case in read_cases("variants.perft") {
        let v = variants::find(&case.id).unwrap_or_else(|| panic!("no variant {}", case.id));
        assert_eq!(v.position, case.position, "{}", case.id);
    }
    // Every variant has a row.
    assert_eq!(read_cases("variants.perft").len(), variants::VARIANTS.len());
}

#[test]
fn every_variant_to_depth_3_by_bulk_counting_and_by_playing_every_move() {
    for v in Position::variants() {
        let pos = Position::from_position(v.position, None, &GameOptions::default()).unwrap();
        let fast = pos.perft(3);
        let slow = perft::perft(&pos, 3);
        assert_eq!(fast, slow, "{}", v.id);
        assert!(fast > 10_000, "{}", v.id);
    }
}
