//! One perft convention for every game: a position where the game is over has no moves, so
//! below its depth it adds nothing (0 at depth 1 and more), any position is 1 at depth 0,
//! and a forced pass is one move. Checked through [`AnyGame::perft`] (which runs each
//! game's own perft) on recorded games that end, at their last position and the one before.

use arbitre::games::{AnyGame, GameKind, Start};

/// A recorded game of `kind` that ends, replayed: every position from the start.
fn positions(kind: GameKind, file: &str) -> Vec<AnyGame> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let record = kind
        .read_records(&text)
        .unwrap()
        .into_iter()
        .next()
        .unwrap();
    let start = match (&record.position, &record.variant) {
        (Some(p), _) => Start::Position(p.clone()),
        (None, Some(v)) => Start::Variant(v.clone()),
        (None, None) => Start::Default,
    };
    let mut game = AnyGame::new(kind, &start, None, "").unwrap();
    let mut out = vec![game.clone()];
    for m in &record.moves {
        game.play(&m.text)
            .unwrap_or_else(|e| panic!("{file}: {}: {e:?}", m.text));
        out.push(game.clone());
    }
    assert!(game.outcome().is_over(), "{file} does not end");
    out
}

/// The leaves two plies below `g`, counted by hand from its moves.
fn by_hand_2(g: &AnyGame) -> u64 {
    g.legal_moves()
        .iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m).unwrap();
            if child.outcome().is_over() {
                0
            } else {
                child.legal_moves().len() as u64
            }
        })
        .sum()
}

#[test]
fn a_finished_game_adds_nothing_below_its_depth_in_every_game() {
    for (kind, file) in [
        (
            GameKind::Abalone,
            "tests/data/abalone/playout-seed1-belgian-daisy.txt",
        ),
        (GameKind::Ataxx, "tests/data/ataxx/games.pgn"),
        (
            GameKind::Bulltricker,
            "tests/data/bulltricker/games/fools_mat.txt",
        ),
        (
            GameKind::Sauterelle,
            "tests/data/sauterelle/random-game-seed7.txt",
        ),
        (GameKind::Tours, "tests/data/tours/edge-race.txt"),
    ] {
        let all = positions(kind, file);
        let end = all.last().unwrap();
        assert_eq!(end.perft(0), 1, "{file}: any position is 1 at depth 0");
        assert_eq!(end.perft(1), 0, "{file}: a finished game has no moves");
        assert_eq!(end.perft(2), 0, "{file}");
        let before = &all[all.len() - 2];
        assert_eq!(
            before.perft(1),
            before.legal_moves().len() as u64,
            "{file}: depth 1 counts the moves (a forced pass among them)"
        );
        assert_eq!(before.perft(2), by_hand_2(before), "{file}");
    }
}
