//! How an Ataxx game ends ([`Termination`]s with stable codes) and the result tokens the
//! referee writes after the last move.
//!
//! Result tokens: the PGN result from `x`'s point of view (`1-0` x wins, `0-1` o wins,
//! `1/2-1/2` draw), then the final piece count, `x` first: `1-0 30-19`, `1/2-1/2 24-24`.

use crate::games::{Outcome, Side, Termination};

/// A side has no piece left (the other wins).
pub const NO_PIECES: Termination = Termination {
    code: "no-pieces",
    words: "ataxx-no-pieces",
};

/// Nobody can move any more (board full, or no empty cell within reach); more pieces win.
pub const MORE_PIECES: Termination = Termination {
    code: "more-pieces",
    words: "ataxx-more-pieces",
};

/// Nobody can move any more and both sides have as many pieces.
pub const EQUAL_PIECES: Termination = Termination {
    code: "equal-pieces",
    words: "ataxx-equal-pieces",
};

/// The fifty-move rule: 100 plies in a row without a clone.
pub const FIFTY_MOVES: Termination = Termination {
    code: "fifty-moves",
    words: "ataxx-fifty-moves",
};

/// Every way an Ataxx game can end by its rules.
pub const TERMINATIONS: [Termination; 4] = [NO_PIECES, MORE_PIECES, EQUAL_PIECES, FIFTY_MOVES];

/// The result tokens for a finished game: `1-0 30-19` (PGN result, then x's and o's pieces).
pub fn result_tokens(outcome: &Outcome, x: u32, o: u32) -> Option<String> {
    let pgn = match outcome {
        Outcome::Ongoing => return None,
        Outcome::Won {
            winner: Side::Black,
            ..
        } => "1-0",
        Outcome::Won {
            winner: Side::White,
            ..
        } => "0-1",
        Outcome::Drawn { .. } => "1/2-1/2",
    };
    Some(format!("{pgn} {x}-{o}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;

    #[test]
    fn codes_are_distinct_and_both_languages_are_written() {
        for (i, a) in TERMINATIONS.iter().enumerate() {
            let (en, fr) = (a.text().get(Lang::EN), a.text().get(Lang::FR));
            assert!(en != a.words && fr != a.words && en != fr, "{}", a.words);
            for b in &TERMINATIONS[i + 1..] {
                assert_ne!(a.code, b.code);
            }
        }
    }

    #[test]
    fn tokens_give_the_pgn_result_then_the_piece_count() {
        let won = Outcome::Won {
            winner: Side::White,
            how: MORE_PIECES,
        };
        assert_eq!(result_tokens(&won, 24, 25).as_deref(), Some("0-1 24-25"));
        let drawn = Outcome::Drawn { why: FIFTY_MOVES };
        assert_eq!(result_tokens(&drawn, 5, 3).as_deref(), Some("1/2-1/2 5-3"));
        assert_eq!(result_tokens(&Outcome::Ongoing, 2, 2), None);
    }
}
