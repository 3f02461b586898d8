//! `CHECK` (`VERIFIER`): a dry run of a move, or of a line of moves, on a copy of the game.
//! Nothing is stored and the opponent is not told; the answer says what each move would do
//! and shows the board after the legal ones.
//!
//! - A line is read move by move with the game's own notation ([`split_line`]): a move may
//!   be several words (Bulltricker's `b.h2 b.h4`), so the longest run of words that reads
//!   as one move is taken each time.
//! - The moves alternate sides as the game does (forced passes included), starting with
//!   the sender's: when it is not the sender's turn, the line is checked from the same
//!   position with the sender to move, and the answer says so.
//! - The run stops at the first move refused, or when a move ends the game.
//!
//! Pure: it works on a clone of the live game.

use crate::games::{AnyGame, Judgement, Refusal, Side, Start};
use crate::referee::command::kind_reads;

/// The most words one move may take (Bulltricker: `e.h4 e.h6 !! e.h5 WW MAT`).
const MOST_WORDS: usize = 8;

/// The most moves checked in one message.
pub const MOST_MOVES: usize = 20;

/// One move of a checked line.
#[derive(Clone, Debug)]
pub enum Step {
    /// Legal: what it does.
    Legal(Judgement),
    /// Refused: the move as written, and why.
    Refused(String, Refusal),
}

/// The result of a dry run.
#[derive(Clone, Debug)]
pub struct DryRun {
    /// The moves checked, in order; the last may be the refused one.
    pub steps: Vec<Step>,
    /// The position after the legal moves.
    pub after: AnyGame,
    /// The line was checked as if it were the sender's turn (it is not).
    pub as_if: bool,
    /// Moves written after the one that ended the game or was refused, not checked.
    pub unchecked: usize,
}

/// Why nothing could be checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoRun {
    /// No move was written after the keyword.
    Empty,
    /// More moves than [`MOST_MOVES`].
    TooLong(usize),
    /// The position cannot be set up with the sender to move (the rules of the game do
    /// not allow it), so an off-turn check is impossible.
    NotFromHere,
}

/// The moves of `text`, read with `game`'s notation: each time the longest run of words
/// (up to [`MOST_WORDS`]) that reads as one move; a word that starts no move stands alone
/// (it will be refused, stopping the run). Commas and semicolons between moves are skipped.
pub fn split_line(game: &AnyGame, text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';')
        .map(|w| w.trim_end_matches(','))
        .filter(|w| !w.is_empty())
        .collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let longest = (i + 1..=words.len().min(i + MOST_WORDS))
            .rev()
            .find(|&j| kind_reads(game.kind(), &words[i..j].join(" ")))
            .unwrap_or(i + 1);
        moves.push(words[i..longest].join(" "));
        i = longest;
    }
    moves
}

/// Checks `moves` from the live position, the first one played by `side`.
pub fn dry_run(live: &AnyGame, side: Side, moves: &[String]) -> Result<DryRun, NoRun> {
    if moves.is_empty() {
        return Err(NoRun::Empty);
    }
    if moves.len() > MOST_MOVES {
        return Err(NoRun::TooLong(moves.len()));
    }
    let as_if = live.side_to_move() != side;
    let mut game = if as_if {
        let start = Start::Position(live.position_string());
        AnyGame::new(live.kind(), &start, Some(side), &live.options().canonical())
            .map_err(|_| NoRun::NotFromHere)?
    } else {
        live.clone()
    };
    let mut steps = Vec::new();
    let mut unchecked = 0;
    for (i, text) in moves.iter().enumerate() {
        let left = moves.len() - i - 1;
        match game.play(text) {
            Ok(j) => {
                let over = j.outcome.is_over();
                steps.push(Step::Legal(j));
                if over {
                    unchecked = left;
                    break;
                }
            }
            Err(refusal) => {
                steps.push(Step::Refused(text.clone(), refusal));
                unchecked = left;
                break;
            }
        }
    }
    Ok(DryRun {
        steps,
        after: game,
        as_if,
        unchecked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    fn start(kind: GameKind) -> AnyGame {
        AnyGame::new(kind, &Start::Default, None, "").unwrap()
    }

    #[test]
    fn a_line_is_split_with_the_games_own_notation() {
        let bt = start(GameKind::Bulltricker);
        assert_eq!(
            split_line(&bt, "b.h2 b.h4 b.h7 b.h5, v4.2 c.h3"),
            ["b.h2 b.h4", "b.h7 b.h5", "v4.2 c.h3"]
        );
        let ab = start(GameKind::Abalone);
        assert_eq!(split_line(&ab, "a1b2 i5h5; zz9"), ["a1b2", "i5h5", "zz9"]);
        let tours = start(GameKind::Tours);
        assert_eq!(
            split_line(&tours, "b1-c2 d4>d5,c6,b7"),
            ["b1-c2", "d4>d5,c6,b7"]
        );
    }

    #[test]
    fn the_run_stops_at_the_first_refused_move_and_changes_nothing() {
        let live = start(GameKind::Abalone);
        let before = live.position_string();
        let line: Vec<String> = ["a1b2", "i5h5", "a1a2", "b1b2"].map(String::from).to_vec();
        let run = dry_run(&live, Side::Black, &line).unwrap();
        assert!(!run.as_if);
        assert_eq!(run.steps.len(), 3);
        assert!(matches!(run.steps[0], Step::Legal(_)));
        assert!(matches!(run.steps[1], Step::Legal(_)));
        assert!(matches!(&run.steps[2], Step::Refused(t, _) if t == "a1a2"));
        assert_eq!(run.unchecked, 1);
        assert_eq!(run.after.moves(), ["a1b2", "i5h5"]);
        assert_eq!(live.position_string(), before);
    }

    #[test]
    fn off_turn_the_line_starts_with_the_senders_move() {
        let live = start(GameKind::Abalone); // Black to move
        let run = dry_run(&live, Side::White, &["i5h5".to_string()]).unwrap();
        assert!(run.as_if);
        assert!(matches!(&run.steps[0], Step::Legal(j) if j.mover == Side::White));
        assert_eq!(live.side_to_move(), Side::Black);
    }

    #[test]
    fn a_move_that_ends_the_game_ends_the_run() {
        let start = Start::Position("xo5/7/7/7/7/7/7 x 0 1".to_string());
        let live = AnyGame::new(GameKind::Ataxx, &start, None, "").unwrap();
        let line: Vec<String> = ["a6", "b6", "c6"].map(String::from).to_vec();
        let run = dry_run(&live, Side::Black, &line).unwrap();
        assert_eq!(run.steps.len(), 1);
        assert!(matches!(&run.steps[0], Step::Legal(j) if j.outcome.is_over()));
        assert_eq!(run.unchecked, 2);
        assert!(!live.outcome().is_over());
    }

    #[test]
    fn nothing_or_too_much_is_said_so() {
        let live = start(GameKind::Ataxx);
        assert_eq!(dry_run(&live, Side::Black, &[]).unwrap_err(), NoRun::Empty);
        let many = vec!["f2".to_string(); MOST_MOVES + 1];
        assert_eq!(
            dry_run(&live, Side::Black, &many).unwrap_err(),
            NoRun::TooLong(MOST_MOVES + 1)
        );
    }
}
