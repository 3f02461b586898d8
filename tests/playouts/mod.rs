//! Seeded random playouts and the properties checked at every position they visit, shared
//! by the games' playout tests (`tests/<game>_playouts.rs`).
//!
//! A playout plays random legal moves through [`AnyGame`] (as the referee does, forced
//! passes included) while following the same game with the typed position, and checks:
//!
//! - every legal move's canonical text reads back, in any case, to the same move, and
//!   [`Game::check`] accepts it;
//! - the moves that every syntactically possible text resolves to are exactly the legal
//!   moves (through [`Game::resolve`] at every ply, through [`AnyGame::judge`] at some);
//! - the position string reads back to the same position;
//! - a forced pass is offered exactly when the pass is the only legal move;
//! - the game ends within `max_plies`, with a result the rules know;
//! - the referee's own move list (forced passes included) replays to the same end.

// Each test crate uses part of this module.
#![allow(dead_code)]

use std::collections::BTreeSet;

use arbitre::games::record::{read_line_per_move, replay};
use arbitre::games::{AnyGame, Game, GameOptions, Start, Termination};
use arbitre::text::Lang;

/// A small seeded generator (splitmix64): the same seed, the same games.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How a playout is run.
pub struct Playout<'a> {
    /// The start.
    pub start: Start,
    /// The options, `name=value,...`.
    pub options: &'a str,
    /// The seed.
    pub seed: u64,
    /// Every syntactically possible move text of the game.
    pub texts: &'a [String],
    /// Check the texts through [`AnyGame::judge`] every this many plies (0: never).
    pub judge_every: usize,
    /// The rules' bound on the length of a game.
    pub max_plies: usize,
    /// Every termination the game knows.
    pub terminations: &'a [Termination],
    /// The canonical text of the pass.
    pub pass: &'a str,
}

/// What a playout ended with.
pub struct Ended {
    /// The game as the referee holds it.
    pub game: AnyGame,
    /// The plies played, forced passes included.
    pub plies: usize,
}

/// Plays one random game, checking the properties at every position; `extra` is called
/// on every position for game-specific checks.
pub fn play<G: Game>(run: &Playout<'_>, mut extra: impl FnMut(&G, usize)) -> Ended {
    let kind = G::KIND;
    let mut game = AnyGame::new(kind, &run.start, None, run.options).expect("start");
    let options = GameOptions::parse(G::option_specs(), run.options).expect("options");
    let mut pos = G::from_position(game.start_position(), None, &options).expect("start");
    let mut rng = Rng::new(run.seed);
    let mut ply = 0;
    loop {
        check_position(&pos, &options, run.texts, run.pass);
        extra(&pos, ply);
        if run.judge_every > 0 && ply % run.judge_every == 0 {
            judge_matches_legal(&game, run.texts);
        }
        assert_eq!(game.position_string(), pos.position_string());
        if pos.outcome().is_over() {
            break;
        }
        assert!(
            ply < run.max_plies,
            "seed {}: no end after {ply} plies",
            run.seed
        );
        let moves = pos.legal_moves();
        let m = &moves[rng.below(moves.len())];
        let text = pos.write_move(m);
        let judged = game.play(&text).unwrap_or_else(|r| {
            panic!(
                "seed {}: legal `{text}` refused: {}",
                run.seed,
                r.explain(Lang::EN)
            )
        });
        assert_eq!(judged.canonical, text);
        assert!(!judged.effect.en().is_empty() && !judged.effect.fr().is_empty());
        pos.apply(m);
        ply += 1;
        for (side, pass) in &judged.forced_passes {
            assert_eq!(*side, pos.side_to_move());
            let forced = pos
                .forced_pass()
                .expect("the referee passed: the rules must force it");
            assert_eq!(pos.write_move(&forced), *pass);
            pos.apply(&forced);
            ply += 1;
        }
    }
    let outcome = pos.outcome();
    let how = outcome.termination().expect("over");
    assert!(
        run.terminations.contains(&how),
        "seed {}: unknown termination {how:?}",
        run.seed
    );
    assert!(game.result_tokens().is_some());
    assert_eq!(game.moves().len(), ply);
    replay_matches(&game);
    Ended { game, plies: ply }
}

/// The per-position properties.
pub fn check_position<G: Game>(pos: &G, options: &GameOptions, texts: &[String], pass: &str) {
    let legal = pos.legal_moves();
    let mut canonical = BTreeSet::new();
    for m in &legal {
        assert_eq!(pos.check(m), Ok(()), "{m:?}");
        let text = pos.write_move(m);
        for written in [text.clone(), text.to_uppercase(), format!("  {text} ")] {
            let notation = G::read_notation(&written)
                .unwrap_or_else(|e| panic!("`{written}` does not read: {e}"));
            assert_eq!(pos.resolve(&notation).as_ref(), Ok(m), "`{written}`");
        }
        assert!(canonical.insert(text), "two legal moves write the same");
    }
    let mut accepted = BTreeSet::new();
    for text in texts {
        let Ok(notation) = G::read_notation(text) else {
            continue;
        };
        match pos.resolve(&notation) {
            Ok(m) => {
                assert!(legal.contains(&m), "`{text}` resolves to an illegal {m:?}");
                accepted.insert(pos.write_move(&m));
            }
            Err(illegal) => {
                assert!(!illegal.reason.en().is_empty() && !illegal.reason.fr().is_empty());
            }
        }
    }
    assert_eq!(accepted, canonical, "\n{}", pos.position_string());
    let written = pos.position_string();
    let again = G::from_position(&written, None, options)
        .unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
    assert_eq!(again.position_string(), written);
    let only_pass = legal.len() == 1 && pos.write_move(&legal[0]) == pass;
    match pos.forced_pass() {
        Some(forced) => assert_eq!(legal, [forced], "forced pass in {written}"),
        None => assert!(!only_pass, "no forced pass in {written}"),
    }
    for lang in Lang::ALL {
        assert!(!pos.board_text(lang, legal.first()).is_empty());
    }
}

/// What [`AnyGame::judge`] accepts among `texts` is exactly the legal list.
pub fn judge_matches_legal(game: &AnyGame, texts: &[String]) {
    let legal: BTreeSet<String> = game.legal_moves().into_iter().collect();
    let accepted: BTreeSet<String> = texts
        .iter()
        .filter_map(|t| game.judge(t).ok().map(|j| j.canonical))
        .collect();
    assert_eq!(accepted, legal, "\n{}", game.position_string());
}

/// The referee's move list, written one move per line, replays to the same end.
pub fn replay_matches(game: &AnyGame) {
    let mut text = format!("# position: {}\n", game.start_position());
    for (i, m) in game.moves().iter().enumerate() {
        text.push_str(&format!("{}. {m}\n", i + 1));
    }
    let record = read_line_per_move(&text);
    let replayed = replay(
        game.kind(),
        &record,
        &Start::Default,
        None,
        &game.options().canonical(),
    )
    .expect("replay set-up");
    assert_eq!(replayed.problem, None, "{text}");
    assert_eq!(replayed.plies, game.moves().len());
    assert_eq!(replayed.game.position_string(), game.position_string());
    assert_eq!(replayed.game.outcome(), game.outcome());
}
