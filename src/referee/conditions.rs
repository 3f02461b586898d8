//! Conditional moves: lines of "if my opponent plays this, I answer that", stored ahead and
//! played by arbitre when the opponent's move matches (`IF e5e6 THEN a1b2 IF ... THEN ...`,
//! `SI ... ALORS ...`).
//!
//! - A line is read and checked when it is given ([`read_line`]): every move, theirs and
//!   mine, must be legal in the position it will be played in, from the position now (the
//!   opponent to move); the canonical notation is kept. A line cannot go on after a move
//!   that ends the game.
//! - Lines of one player form a tree ([`add`]): lines that start alike share their start;
//!   a new line that answers an expected move differently from a stored one replaces it
//!   (the player changed their mind), and the answer says which lines went.
//! - When the opponent moves ([`on_move`]): the lines that expected that move give the
//!   prepared answer and stay stored without their first step; if none did, every line is
//!   dropped.
//!
//! The commands that store, list and drop lines, and the moves they play, are in
//! [`crate::referee::conditional`].
//!
//! Pure.

use crate::games::{AnyGame, Refusal, Side};
use crate::referee::check::split_line;
use crate::referee::vocabulary::{self, Meaning, fold_word};

/// One step of a line: the opponent's expected move and the prepared answer, both in the
/// game's canonical notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The opponent's move that triggers the answer.
    pub theirs: String,
    /// The answer.
    pub mine: String,
}

/// A stored line of conditional moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its steps, in order, never none.
    pub steps: Vec<Step>,
    /// The Message-ID of the mail that stored it: its moves, once played, are recorded as
    /// carried by that mail.
    pub set_by: String,
}

/// The most steps (pairs of moves) in one line.
pub const MOST_STEPS: usize = 12;

/// Why a line cannot be stored.
#[derive(Clone, Debug, PartialEq)]
pub enum LineError {
    /// It is the sender's turn: conditions answer the opponent's next move.
    YourTurn,
    /// The text is not `<their move> THEN <my move> [IF <their move> THEN <my move> ...]`.
    Shape,
    /// Step `n` (from 1): the opponent's move is refused here.
    Theirs(usize, String, Refusal),
    /// Step `n`: the answer is refused here.
    Mine(usize, String, Refusal),
    /// Step `n`: the game is over before it (a move of the line ended it).
    AfterTheEnd(usize),
    /// More steps than [`MOST_STEPS`].
    TooLong(usize),
}

/// Reads and checks the words after `IF`: `<theirs> THEN <mine> [IF <theirs> THEN <mine>]...`
/// from the live position, where `side` (the sender) is not to move.
pub fn read_line(live: &AnyGame, side: Side, text: &str) -> Result<Vec<Step>, LineError> {
    if live.side_to_move() == side {
        return Err(LineError::YourTurn);
    }
    // Cut at the keywords: segments alternate theirs, mine, theirs, mine...
    let mut segments: Vec<Vec<&str>> = vec![Vec::new()];
    let mut expect_then = true;
    for word in text.split_whitespace() {
        let folded = fold_word(word);
        let keyword = if expect_then {
            Meaning::Then
        } else {
            Meaning::If
        };
        if vocabulary::is(&folded, keyword) {
            segments.push(Vec::new());
            expect_then = !expect_then;
        } else if let Some(last) = segments.last_mut() {
            last.push(word);
        }
    }
    if !segments.len().is_multiple_of(2) || segments.iter().any(Vec::is_empty) {
        return Err(LineError::Shape);
    }
    if segments.len() / 2 > MOST_STEPS {
        return Err(LineError::TooLong(segments.len() / 2));
    }
    let mut game = live.clone();
    let mut line = Vec::new();
    for (i, pair) in segments.chunks(2).enumerate() {
        let n = i + 1;
        if game.outcome().is_over() {
            return Err(LineError::AfterTheEnd(n));
        }
        let theirs = one_move(&game, &pair[0].join(" "));
        let played = game
            .play(&theirs)
            .map_err(|r| LineError::Theirs(n, theirs.clone(), r))?;
        if game.outcome().is_over() {
            return Err(LineError::AfterTheEnd(n));
        }
        let mine = one_move(&game, &pair[1].join(" "));
        let answer = game
            .play(&mine)
            .map_err(|r| LineError::Mine(n, mine.clone(), r))?;
        line.push(Step {
            theirs: played.canonical,
            mine: answer.canonical,
        });
    }
    Ok(line)
}

/// The words of one move as written (a game's notation may take several words).
fn one_move(game: &AnyGame, words: &str) -> String {
    split_line(game, words).join(" ")
}

/// Adds `new` to a player's `lines`, and returns the lines it replaced: those that answer
/// one of the moves `new` expects differently, at the same point of the tree. A stored line
/// that `new` extends, or that extends `new`, is kept as one line (the longer).
pub fn add(lines: &mut Vec<Line>, new: Line) -> Vec<Line> {
    let conflicts = |old: &Line| {
        old.steps
            .iter()
            .zip(&new.steps)
            .take_while(|(a, b)| a.theirs == b.theirs)
            .any(|(a, b)| a.mine != b.mine)
    };
    let (replaced, kept): (Vec<Line>, Vec<Line>) = lines.drain(..).partition(conflicts);
    *lines = kept;
    if lines.iter().any(|old| old.steps.starts_with(&new.steps)) {
        return replaced;
    }
    lines.retain(|old| !new.steps.starts_with(&old.steps));
    lines.push(new);
    replaced
}

/// What the opponent's move does to a player's lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The player has no lines.
    Nothing,
    /// A line expected the move: play `mine`; `rest` are the lines left (their first step
    /// gone, empty ones dropped).
    Play {
        /// The prepared answer.
        mine: String,
        /// The mail that stored it (the first line that did, when several share it).
        set_by: String,
        /// The lines left.
        rest: Vec<Line>,
    },
    /// No line expected it: every line is dropped (they are given back, to be listed).
    Dropped(Vec<Line>),
}

/// The lines after the opponent played `theirs` (canonical).
pub fn on_move(lines: &[Line], theirs: &str) -> Answer {
    if lines.is_empty() {
        return Answer::Nothing;
    }
    let matching: Vec<&Line> = lines
        .iter()
        .filter(|l| l.steps.first().is_some_and(|s| s.theirs == theirs))
        .collect();
    let Some(first) = matching.first() else {
        return Answer::Dropped(lines.to_vec());
    };
    let mine = first.steps[0].mine.clone();
    let set_by = first.set_by.clone();
    let rest = matching
        .iter()
        .filter(|l| l.steps[0].mine == mine && l.steps.len() > 1)
        .map(|l| Line {
            steps: l.steps[1..].to_vec(),
            set_by: l.set_by.clone(),
        })
        .collect();
    Answer::Play { mine, set_by, rest }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, Start};

    fn abalone_after(moves: &[&str]) -> AnyGame {
        let mut g = AnyGame::new(GameKind::Abalone, &Start::Default, None, "").unwrap();
        for m in moves {
            g.play(m).unwrap();
        }
        g
    }

    fn step(theirs: &str, mine: &str) -> Step {
        Step {
            theirs: theirs.into(),
            mine: mine.into(),
        }
    }

    fn line(set_by: &str, steps: Vec<Step>) -> Line {
        Line {
            steps,
            set_by: set_by.into(),
        }
    }

    #[test]
    fn a_line_is_read_in_either_language_and_checked_move_by_move() {
        // Black played a1b2; White (the sender of the line) is not to move.
        let live = abalone_after(&["a1b2"]);
        assert_eq!(
            read_line(&live, Side::Black, "i5h5 THEN b1c2 IF i6h6 THEN a2b3"),
            Ok(vec![step("i5h5", "b1c2"), step("i6h6", "a2b3")])
        );
        assert_eq!(
            read_line(&live, Side::Black, "i5h5 alors b1c2 si i6h6 alors a2b3").unwrap(),
            read_line(&live, Side::Black, "i5h5 then b1c2 if i6h6 then a2b3").unwrap()
        );
        assert_eq!(
            read_line(&live, Side::White, "a1b2 THEN i5h5"),
            Err(LineError::YourTurn)
        );
        assert_eq!(
            read_line(&live, Side::Black, "i5h5 b1c2"),
            Err(LineError::Shape)
        );
        assert!(matches!(
            read_line(&live, Side::Black, "i5h5 THEN b1c2 IF i5h5 THEN a2b3"),
            Err(LineError::Theirs(2, _, _))
        ));
        assert!(matches!(
            read_line(&live, Side::Black, "i5h5 THEN a1a2"),
            Err(LineError::Mine(1, _, _))
        ));
        assert!(live.moves().len() == 1, "reading a line plays nothing");
    }

    #[test]
    fn a_line_whose_move_ends_the_game_cannot_go_on() {
        // Ataxx: x to move takes o's last piece with a6; o (the sender) cannot answer it.
        let start = Start::Position("xo5/7/7/7/7/7/7 x 0 1".to_string());
        let live = AnyGame::new(GameKind::Ataxx, &start, None, "").unwrap();
        assert_eq!(
            read_line(&live, Side::White, "a6 THEN c6"),
            Err(LineError::AfterTheEnd(1))
        );
    }

    #[test]
    fn three_branches_share_their_start_and_the_second_is_played() {
        let mut lines = Vec::new();
        assert!(add(&mut lines, line("m1", vec![step("i5h5", "b1c2")])).is_empty());
        let second = vec![step("i6h6", "a2b3"), step("h5g5", "c3c4")];
        assert!(add(&mut lines, line("m2", second)).is_empty());
        assert!(add(&mut lines, line("m3", vec![step("i9h9", "b6c6")])).is_empty());
        assert_eq!(lines.len(), 3);
        match on_move(&lines, "i6h6") {
            Answer::Play { mine, set_by, rest } => {
                assert_eq!(mine, "a2b3");
                assert_eq!(
                    set_by, "m2",
                    "the mail that stored the branch carries the move"
                );
                assert_eq!(rest, vec![line("m2", vec![step("h5g5", "c3c4")])]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(on_move(&lines, "g5f5"), Answer::Dropped(lines.clone()));
        assert_eq!(on_move(&[], "g5f5"), Answer::Nothing);
    }

    #[test]
    fn a_different_answer_to_the_same_move_replaces_the_old_line() {
        let old = line("m1", vec![step("i5h5", "b1c2"), step("h5g5", "c3c4")]);
        let mut lines = vec![old.clone()];
        let replaced = add(&mut lines, line("m2", vec![step("i5h5", "a2b3")]));
        assert_eq!(replaced, vec![old]);
        assert_eq!(lines, vec![line("m2", vec![step("i5h5", "a2b3")])]);
        // A longer line that starts with a stored one takes its place; a shorter one adds
        // nothing.
        let longer = vec![step("i5h5", "a2b3"), step("g5f5", "b3c4")];
        add(&mut lines, line("m3", longer));
        assert_eq!(lines.len(), 1);
        assert!(add(&mut lines, line("m4", vec![step("i5h5", "a2b3")])).is_empty());
        assert_eq!((lines[0].steps.len(), lines[0].set_by.as_str()), (2, "m3"));
    }
}
