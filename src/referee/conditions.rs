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
//! Not yet wired to the commands and the store: that, the privacy rules and the real-server
//! test are the rest of the issue.
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
pub type Line = Vec<Step>;

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
}

/// Reads and checks the words after `IF`: `<theirs> THEN <mine> [IF <theirs> THEN <mine>]...`
/// from the live position, where `side` (the sender) is not to move.
pub fn read_line(live: &AnyGame, side: Side, text: &str) -> Result<Line, LineError> {
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
        old.iter()
            .zip(&new)
            .take_while(|(a, b)| a.theirs == b.theirs)
            .any(|(a, b)| a.mine != b.mine)
    };
    let (replaced, kept): (Vec<Line>, Vec<Line>) = lines.drain(..).partition(conflicts);
    *lines = kept;
    if lines.iter().any(|old| old.starts_with(&new)) {
        return replaced;
    }
    lines.retain(|old| !new.starts_with(old));
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
        .filter(|l| l.first().is_some_and(|s| s.theirs == theirs))
        .collect();
    let Some(first) = matching.first().and_then(|l| l.first()) else {
        return Answer::Dropped(lines.to_vec());
    };
    let mine = first.mine.clone();
    let rest = matching
        .iter()
        .filter(|l| l[0].mine == mine)
        .map(|l| l[1..].to_vec())
        .filter(|l| !l.is_empty())
        .collect();
    Answer::Play { mine, rest }
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
        assert!(add(&mut lines, vec![step("i5h5", "b1c2")]).is_empty());
        assert!(add(&mut lines, vec![step("i6h6", "a2b3"), step("h5g5", "c3c4")]).is_empty());
        assert!(add(&mut lines, vec![step("i9h9", "b6c6")]).is_empty());
        assert_eq!(lines.len(), 3);
        match on_move(&lines, "i6h6") {
            Answer::Play { mine, rest } => {
                assert_eq!(mine, "a2b3");
                assert_eq!(rest, vec![vec![step("h5g5", "c3c4")]]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(on_move(&lines, "g5f5"), Answer::Dropped(lines.clone()));
        assert_eq!(on_move(&[], "g5f5"), Answer::Nothing);
    }

    #[test]
    fn a_different_answer_to_the_same_move_replaces_the_old_line() {
        let mut lines = vec![vec![step("i5h5", "b1c2"), step("h5g5", "c3c4")]];
        let replaced = add(&mut lines, vec![step("i5h5", "a2b3")]);
        assert_eq!(
            replaced,
            vec![vec![step("i5h5", "b1c2"), step("h5g5", "c3c4")]]
        );
        assert_eq!(lines, vec![vec![step("i5h5", "a2b3")]]);
        // A longer line that starts with a stored one takes its place; a shorter one adds
        // nothing.
        add(&mut lines, vec![step("i5h5", "a2b3"), step("g5f5", "b3c4")]);
        assert_eq!(lines.len(), 1);
        assert!(add(&mut lines, vec![step("i5h5", "a2b3")]).is_empty());
        assert_eq!(lines[0].len(), 2);
    }
}
