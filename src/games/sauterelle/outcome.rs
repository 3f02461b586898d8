//! How a Sauterelle game ends ([`Termination`]s with stable codes) and the result tokens the
//! referee writes after the last move.
//!
//! Result tokens: the project's result words, then the points, White's first: `WW 2-1`
//! (White wins), `BW 3-4` (Black wins), `PAT 6-6` (drawn: nobody can move any more; the
//! points need not be equal).

use crate::games::{Outcome, Side, Termination};

/// A side scored two points in a row (no point of the opponent in between).
pub const TWO_IN_A_ROW: Termination = Termination {
    code: "two-in-a-row",
    words: "sauterelle-two-in-a-row",
};

/// Neither side can ever move again (typically lone checkers in 19-24 that can never
/// pair): drawn.
pub const NO_MOVE: Termination = Termination {
    code: "no-move",
    words: "sauterelle-no-move",
};

/// Every way a Sauterelle game can end by its rules.
pub const TERMINATIONS: [Termination; 2] = [TWO_IN_A_ROW, NO_MOVE];

/// The result tokens for a finished game: `WW 2-1`, `BW 1-2` or `PAT 4-3` (points, White
/// first).
pub fn result_tokens(outcome: &Outcome, score: [u8; 2]) -> Option<String> {
    let word = match outcome {
        Outcome::Ongoing => return None,
        Outcome::Won {
            winner: Side::White,
            ..
        } => "WW",
        Outcome::Won {
            winner: Side::Black,
            ..
        } => "BW",
        Outcome::Drawn { .. } => "PAT",
    };
    Some(format!("{word} {}-{}", score[0], score[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_name_the_winner_then_the_points() {
        let won = |winner| Outcome::Won {
            winner,
            how: TWO_IN_A_ROW,
        };
        assert_eq!(
            result_tokens(&won(Side::White), [2, 1]).as_deref(),
            Some("WW 2-1")
        );
        assert_eq!(
            result_tokens(&won(Side::Black), [3, 4]).as_deref(),
            Some("BW 3-4")
        );
        let drawn = Outcome::Drawn { why: NO_MOVE };
        assert_eq!(result_tokens(&drawn, [6, 6]).as_deref(), Some("PAT 6-6"));
        assert_eq!(result_tokens(&Outcome::Ongoing, [0, 0]), None);
        assert_ne!(TWO_IN_A_ROW.code, NO_MOVE.code);
    }
}
