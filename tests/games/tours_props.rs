//! Properties of La Bataille des Tours checked along seeded random playouts (the same games
//! on every run), and on arbitrary text with proptest:
//!
//! - every legal action's canonical text reads back to the same action, which `check`
//!   accepts and `describe` describes in both languages;
//! - `legal` lists exactly what `judge` accepts, among every syntactically possible action
//!   text: all from-to pairs with `-` and `x`, every `off`, and the deployments of the stacks
//!   present onto every nearby cell and `off`;
//! - position strings read back to the same position;
//! - games end: random playouts reach an outcome within a bound;
//! - no text, as a move or as a position, makes the referee panic.

use std::collections::BTreeSet;

use arbitre::games::tours::{Cell, Position};
use arbitre::games::{AnyGame, Game, GameKind, GameOptions, Refusal, Start};
use arbitre::text::Lang;
use proptest::prelude::*;

const START: &str = "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w";

/// SplitMix64: a small, seeded generator, so that every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random game from the start: the canonical actions and the positions before each.
fn playout(seed: u64, options: &str, limit: usize) -> (Vec<String>, Vec<Position>) {
    let options = GameOptions::parse(Position::option_specs(), options).unwrap();
    let mut pos = Position::from_position(START, None, &options).unwrap();
    let mut rng = Rng(seed);
    let (mut texts, mut seen) = (Vec::new(), Vec::new());
    while !pos.outcome().is_over() && texts.len() < limit {
        let moves = pos.legal_moves();
        assert!(
            !moves.is_empty(),
            "seed {seed}: no action in an ongoing game"
        );
        let m = moves[rng.below(moves.len())];
        texts.push(pos.write_move(&m));
        seen.push(pos.clone());
        pos.apply(&m);
    }
    seen.push(pos);
    (texts, seen)
}

#[test]
fn canonical_text_reads_back_to_the_same_action() {
    for seed in 0..12 {
        let (_, positions) = playout(seed, "", 400);
        for pos in &positions {
            for m in pos.legal_moves() {
                let text = pos.write_move(&m);
                let notation = Position::read_notation(&text)
                    .unwrap_or_else(|e| panic!("seed {seed}: `{text}` does not read: {e}"));
                assert_eq!(pos.resolve(&notation), Ok(m), "seed {seed}: `{text}`");
                assert_eq!(pos.check(&m), Ok(()), "seed {seed}: `{text}`");
                let said = pos.describe(&m);
                assert!(!said.en().is_empty() && !said.fr().is_empty(), "{text}");
                let upper = text.to_uppercase();
                assert_eq!(
                    Position::read_notation(&upper).map(|n| pos.resolve(&n)),
                    Ok(Ok(m))
                );
            }
        }
    }
}

#[test]
fn position_strings_read_back_to_the_same_position() {
    for seed in 100..110 {
        let (_, positions) = playout(seed, "", 400);
        for pos in &positions {
            let text = pos.position_string();
            let back = Position::from_position(&text, None, &GameOptions::default())
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}`: {e}"));
            assert_eq!(back.position_string(), text);
            assert_eq!(
                back.legal_moves(),
                pos.legal_moves(),
                "seed {seed}: `{text}`"
            );
            if pos.outcome().is_over()
                && pos
                    .outcome()
                    .termination()
                    .is_some_and(|t| t.code != "repetition")
            {
                assert_eq!(back.outcome(), pos.outcome(), "seed {seed}: `{text}`");
            }
        }
    }
}

/// Every syntactically possible action text in `game`'s position.
fn candidate_texts(game: &AnyGame, pos: &Position) -> Vec<String> {
    let mut texts = Vec::new();
    let cells: Vec<Cell> = Cell::all().collect();
    for from in &cells {
        for to in &cells {
            if from != to {
                texts.push(format!("{from}-{to}"));
                texts.push(format!("{from}x{to}"));
            }
        }
        texts.push(format!("{from}-off"));
        texts.push(format!("{from}xoff"));
    }
    let side = game.side_to_move();
    for from in &cells {
        let Some(stack) = pos.board().get(*from) else {
            continue;
        };
        // Every drop of a deployment lies within 3 files and 0 to 3 ranks ahead of the stack.
        let mut near: Vec<String> = cells
            .iter()
            .filter(|c| {
                let ahead = c.ahead_of(*from, side);
                c.across_from(*from).abs() <= 3 && (0..=3).contains(&ahead)
            })
            .map(ToString::to_string)
            .collect();
        near.push("off".to_string());
        let mut lists: Vec<Vec<String>> = near.iter().map(|t| vec![t.clone()]).collect();
        let mut frontier = lists.clone();
        for _ in 1..stack.height() {
            let mut next = Vec::new();
            for list in &frontier {
                for t in &near {
                    let mut longer = list.clone();
                    longer.push(t.clone());
                    next.push(longer);
                }
            }
            lists.extend(next.iter().cloned());
            frontier = next;
        }
        for list in lists {
            texts.push(format!("{from}>{}", list.join(",")));
        }
    }
    texts
}

fn legal_equals_what_judge_accepts(seed: u64, options: &str, every: usize) {
    let (texts, positions) = playout(seed, options, 300);
    let (mut judged, mut deployments, mut checked) = (0, 0, 0);
    for (ply, pos) in positions.iter().enumerate().step_by(every) {
        let mut game = AnyGame::new(
            GameKind::Tours,
            &Start::Variant("standard".to_string()),
            None,
            options,
        )
        .unwrap();
        for t in &texts[..ply] {
            game.play(t).unwrap();
        }
        let legal: BTreeSet<String> = game.legal_moves().into_iter().collect();
        let mut accepted = BTreeSet::new();
        checked += 1;
        for text in candidate_texts(&game, pos) {
            judged += 1;
            match game.judge(&text) {
                Ok(j) => {
                    let plain = |s: &str| s.replacen('x', "-", 1);
                    assert_eq!(plain(&j.canonical), plain(&text), "seed {seed} ply {ply}");
                    if text.contains('x') {
                        assert_eq!(
                            j.canonical, text,
                            "seed {seed} ply {ply}: x on a non-capture"
                        );
                    }
                    deployments += usize::from(text.contains('>'));
                    accepted.insert(j.canonical);
                }
                Err(Refusal::Illegal(i)) => {
                    assert!(
                        !i.reason.en().is_empty() && !i.reason.fr().is_empty(),
                        "{text}"
                    );
                }
                Err(Refusal::GameOver(_)) => assert!(legal.is_empty()),
                Err(Refusal::NotAMove(e)) => {
                    panic!("seed {seed} ply {ply}: `{text}` is well formed, yet: {e}")
                }
            }
        }
        assert_eq!(
            accepted,
            legal,
            "seed {seed} ply {ply}: {}",
            game.position_string()
        );
    }
    println!(
        "seed {seed} ({options}): {checked} positions of a {}-ply game, {judged} texts judged, {deployments} deployments accepted",
        texts.len()
    );
    assert!(deployments > 0, "the playout must reach stacks that deploy");
}

#[test]
fn legal_equals_what_judge_accepts_with_the_recommended_rules() {
    for seed in [7, 17] {
        legal_equals_what_judge_accepts(seed, "", 4);
    }
}

#[test]
fn legal_equals_what_judge_accepts_without_rebounds() {
    legal_equals_what_judge_accepts(8, "rebound=off", 5);
}

#[test]
fn random_games_end_within_a_bound() {
    let bound = 1000;
    let mut longest = 0;
    for seed in 1000..1200 {
        let (texts, positions) = playout(seed, "", bound);
        let last = positions.last().unwrap();
        assert!(
            last.outcome().is_over(),
            "seed {seed}: no outcome after {bound} plies"
        );
        longest = longest.max(texts.len());
    }
    println!("longest of 200 random games: {longest} plies");
}

#[test]
fn the_no_progress_limit_ends_shuffling_games() {
    // Two squares that can only shuffle sideways (their forward cells are blocked).
    let options =
        GameOptions::parse(Position::option_specs(), "repetition=off,no-progress=50").unwrap();
    let mut pos = Position::from_position("8/8/8/8/s7/S7/8/8 w", None, &options).unwrap();
    let mut rng = Rng(3);
    let mut plies = 0;
    while !pos.outcome().is_over() {
        // Only sideways moves: never capture, never step forward.
        let quiet: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let text = pos.write_move(m);
                text.len() == 5 && !text.contains('x') && text.as_bytes()[1] == text.as_bytes()[4]
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let m = quiet[rng.below(quiet.len())];
        pos.apply(&m);
        plies += 1;
    }
    assert_eq!(plies, 100, "50 moves each");
    assert_eq!(
        pos.outcome().termination().map(|t| t.code),
        Some("no-progress")
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_text_makes_the_move_reader_panic(text in "\\PC{0,24}") {
        let _ = Position::read_notation(&text);
    }

    #[test]
    fn move_like_text_is_judged_without_panic(text in "[a-j][0-9][-x>]?[a-j0-9,offx -]{0,12}") {
        let game = AnyGame::new(GameKind::Tours, &Start::Default, None, "").unwrap();
        if let Err(refusal) = game.judge(&text) {
            prop_assert!(!refusal.explain(Lang::FR).is_empty());
        }
    }

    #[test]
    fn no_text_makes_the_position_reader_panic(text in "[rsRS1-9()/ +wbx]{0,80}") {
        if let Ok(pos) = Position::from_position(&text, None, &GameOptions::default()) {
            let again = Position::from_position(&pos.position_string(), None, &GameOptions::default());
            prop_assert_eq!(again.map(|p| p.position_string()), Ok(pos.position_string()));
        }
    }
}
