//! The end of the game: the ways it ends (spec 3.7 and T-Q10), and the protocol tokens
//! written after the last move.
//!
//! A player wins by putting a piece beyond the opponent's back edge, or by capturing every
//! enemy piece. No source defines a draw; as the spec recommends, the third occurrence of a
//! position with the same side to move is a draw (option `repetition`), and an optional
//! no-progress limit (option `no-progress`) draws a game where nobody captures or steps
//! forward for that many moves. A player always has a move while he has a piece, so there is
//! no stalemate and never a forced pass.

use crate::games::{Outcome, Side, Termination};

/// A piece went beyond the opponent's back edge.
pub const BEYOND_EDGE: Termination = Termination {
    code: "beyond-edge",
    words: "tours-beyond-edge",
};

/// Every enemy piece was captured.
pub const ALL_CAPTURED: Termination = Termination {
    code: "all-captured",
    words: "tours-all-captured",
};

/// The same position occurred for the third time with the same side to move.
pub const REPETITION: Termination = Termination {
    code: "repetition",
    words: "tours-repetition",
};

/// The no-progress limit was reached: no capture and no forward step for that many moves.
pub const NO_PROGRESS: Termination = Termination {
    code: "no-progress",
    words: "tours-no-progress",
};

/// The result tokens of the protocol: `WW` (White wins), `BW` (Black wins) or `PAT` (draw),
/// as in Bulltricker; `None` while the game goes on.
pub fn result_tokens(outcome: &Outcome) -> Option<String> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Won {
            winner: Side::White,
            ..
        } => Some("WW".to_string()),
        Outcome::Won {
            winner: Side::Black,
            ..
        } => Some("BW".to_string()),
        Outcome::Drawn { .. } => Some("PAT".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn termination_codes_are_distinct_and_described_in_both_languages() {
        let all = [BEYOND_EDGE, ALL_CAPTURED, REPETITION, NO_PROGRESS];
        for (i, t) in all.iter().enumerate() {
            let (en, fr) = (t.text().get(Lang::EN), t.text().get(Lang::FR));
            assert!(en != t.words && fr != t.words && en != fr, "{}", t.words);
            assert!(all[i + 1..].iter().all(|u| u.code != t.code));
        }
    }

    #[test]
    fn wins_and_draws_have_their_tokens() {
        let won = Outcome::Won {
            winner: Side::Black,
            how: ALL_CAPTURED,
        };
        assert_eq!(result_tokens(&won).as_deref(), Some("BW"));
        let drawn = Outcome::Drawn { why: REPETITION };
        assert_eq!(result_tokens(&drawn).as_deref(), Some("PAT"));
        assert_eq!(result_tokens(&Outcome::Ongoing), None);
    }
}
