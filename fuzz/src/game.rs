//! One game's text interface under fuzzing: position strings, options and move texts.
//!
//! # Input
//!
//! The bytes are read as UTF-8 (invalid sequences replaced) and split at `\n`:
//!
//! - line 1: the start. Empty: the game's default start; `variant NAME`: a named variant;
//!   anything else: a position string. A start that does not read falls back to the default.
//! - line 2: the options, as `arbitre new` takes them (`name=value,...`); empty or unreadable:
//!   the defaults.
//! - every further line (at most [`MAX_MOVES`]): a move text, judged and played as a player's
//!   mail would be; `@N` plays legal move number `N` (modulo their count) instead, so that the
//!   fuzzer can walk deep into a game without guessing the notation.
//!
//! # Invariants
//!
//! - Nothing panics: not reading a position, options or a move, not judging, not playing, not
//!   writing the board.
//! - `judge` and `play` agree: the same judgement, or the same refusal; a refused move changes
//!   nothing.
//! - An accepted move is one of the legal moves listed before it, by its canonical text, and
//!   the judgement names the side that was to move and the right ply.
//! - After every move the position string reads back (same options) to a position that writes
//!   the same string, has the same side to move and, while the game goes on, the same legal
//!   moves. (A game that is over may refuse its final position as a start.)
//! - Every legal move listed judges OK, with itself as canonical text (a sample of at most
//!   [`JUDGED_PER_PLY`] after each move, all of them (at most [`JUDGED_AT_END`]) at the end).
//! - At the end, `perft(1)` counts the legal moves (none once the game is over).

use arbitre::games::{AnyGame, GameKind, Start};
use arbitre::text::Lang;

/// Move lines read per input; the rest is ignored.
pub const MAX_MOVES: usize = 40;
/// Legal moves judged after each move (an even sample of them).
pub const JUDGED_PER_PLY: usize = 16;
/// Legal moves judged in the final position.
pub const JUDGED_AT_END: usize = 400;

/// Runs one input for `kind` (see the module documentation).
pub fn run(kind: GameKind, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let start_line = lines.next().unwrap_or("");
    let options_line = lines.next().unwrap_or("");
    let mut game = set_up(kind, start_line, options_line);
    check_reads_back(&game);
    for line in lines.take(MAX_MOVES) {
        let legal = game.legal_moves();
        let text = match line.strip_prefix('@').map(str::parse::<usize>) {
            Some(Ok(n)) if !legal.is_empty() => legal[n % legal.len()].clone(),
            Some(Ok(_)) => continue,
            _ => line.to_string(),
        };
        if play_one(&mut game, &text, &legal) {
            check_reads_back(&game);
            check_legal_moves_judge(&game, JUDGED_PER_PLY);
        }
    }
    check_legal_moves_judge(&game, JUDGED_AT_END);
    let moves = if game.outcome().is_over() {
        0
    } else {
        game.legal_moves().len() as u64
    };
    assert_eq!(
        game.perft(1),
        moves,
        "perft(1) is not the number of legal moves in {}",
        game.position_string()
    );
    let _ = (game.board(Lang::EN), game.board(Lang::FR), game.score());
    let _ = game.result_tokens();
}

/// The game the first two lines describe, falling back to the default start and options.
fn set_up(kind: GameKind, start_line: &str, options_line: &str) -> AnyGame {
    let start = match start_line.trim() {
        "" => Start::Default,
        s => match s.strip_prefix("variant ") {
            Some(name) => Start::Variant(name.to_string()),
            None => Start::Position(s.to_string()),
        },
    };
    for (start, options) in [
        (&start, options_line),
        (&Start::Default, options_line),
        (&Start::Default, ""),
    ] {
        if let Ok(game) = AnyGame::new(kind, start, None, options) {
            return game;
        }
    }
    panic!("{kind}: the default start with the default options does not set up");
}

/// Judges then plays `text`; checks that both agree. True when the move was played.
fn play_one(game: &mut AnyGame, text: &str, legal: &[String]) -> bool {
    let before = game.position_string();
    let plies = game.moves().len();
    let to_move = game.side_to_move();
    let judged = game.judge(text);
    assert_eq!(
        game.position_string(),
        before,
        "judging {text:?} changed the position"
    );
    let played = game.play(text);
    assert_eq!(
        judged, played,
        "judge and play disagree on {text:?} in {before}"
    );
    match played {
        Ok(j) => {
            assert!(
                legal.contains(&j.canonical),
                "{text:?} was accepted as {:?}, not one of the legal moves of {before}: {legal:?}",
                j.canonical
            );
            assert_eq!(j.mover, to_move, "{text:?} in {before}: wrong mover");
            assert_eq!(j.ply, plies + 1, "{text:?} in {before}: wrong ply");
            true
        }
        Err(_) => {
            assert_eq!(
                game.position_string(),
                before,
                "refused {text:?} changed the position"
            );
            assert_eq!(game.moves().len(), plies, "refused {text:?} was recorded");
            false
        }
    }
}

/// The position string reads back, with the game's options, to the same position.
fn check_reads_back(game: &AnyGame) {
    let written = game.position_string();
    let options = game.options().canonical();
    let again = match AnyGame::new(
        game.kind(),
        &Start::Position(written.clone()),
        None,
        &options,
    ) {
        Ok(again) => again,
        // A game may refuse to start from a position where it is already over (Bulltricker
        // refuses a king already shut in).
        Err(_) if game.outcome().is_over() => return,
        Err(e) => panic!("position string {written:?} ({options}) does not read back: {e}"),
    };
    assert_eq!(
        again.position_string(),
        written,
        "position string does not read back the same ({options})"
    );
    assert_eq!(
        again.side_to_move(),
        game.side_to_move(),
        "side to move changed reading back {written:?}"
    );
    if !game.outcome().is_over() && !again.outcome().is_over() {
        let mut a = game.legal_moves();
        let mut b = again.legal_moves();
        a.sort();
        b.sort();
        assert_eq!(
            a, b,
            "legal moves differ after reading back {written:?} ({options})"
        );
    }
}

/// At most `max` legal moves, evenly spread over the list, each judge OK as themselves.
fn check_legal_moves_judge(game: &AnyGame, max: usize) {
    let legal = game.legal_moves();
    let step = legal.len().div_ceil(max).max(1);
    for m in legal.iter().step_by(step) {
        match game.judge(m) {
            Ok(j) => assert_eq!(
                &j.canonical,
                m,
                "legal move {m:?} of {} judges as another move",
                game.position_string()
            ),
            Err(e) => panic!(
                "legal move {m:?} of {} is refused: {e}",
                game.position_string()
            ),
        }
    }
}
