//! A game position with the rules it is played under: the board, the plies played since the
//! start string, the optional end-of-game rules, and how the game stands.
//!
//! The official rules end a game only when a side has pushed off six marbles (section 2.1).
//! Section 2.5 adds rules some servers use; they are options, off by default:
//!
//! * `repetition` (`off`, `2` … `5`): the game is drawn when the same position (marbles,
//!   ejection counts and side to move) has occurred that many times;
//! * `move-limit` (`none`, `100` … `500`) and `move-limit-result` (`draw`, or
//!   `most-ejections`: the side that pushed off more marbles wins, equal is a draw): the game
//!   ends after that many plies counted from the start position.
//!
//! The rules have no pass. When the side to move has no legal move (it practically never
//! happens), the game ends drawn, as PlayStrategy treats it (termination `no-legal-move`).

use super::board::Board;
use super::movegen;
use crate::games::{GameOptions, OptionSpec, Outcome, Side, Termination};

/// Six marbles pushed off: the one way the rules end a game.
pub const SIX_EJECTED: Termination = Termination {
    code: "six-ejected",
    words: "abalone-six-ejected",
};

/// The side to move has no legal move (drawn).
pub const NO_LEGAL_MOVE: Termination = Termination {
    code: "no-legal-move",
    words: "abalone-no-legal-move",
};

/// The same position occurred the number of times set by the `repetition` option (drawn).
pub const REPETITION: Termination = Termination {
    code: "repetition",
    words: "abalone-repetition",
};

/// The `move-limit` option's number of plies was reached.
pub const MOVE_LIMIT: Termination = Termination {
    code: "move-limit",
    words: "abalone-move-limit",
};

/// The options of Abalone.
pub static OPTION_SPECS: [OptionSpec; 3] = [
    OptionSpec {
        name: "repetition",
        values: &["off", "2", "3", "4", "5"],
        default: "off",
    },
    OptionSpec {
        name: "move-limit",
        values: &[
            "none", "100", "150", "200", "250", "300", "350", "400", "500",
        ],
        default: "none",
    },
    OptionSpec {
        name: "move-limit-result",
        values: &["draw", "most-ejections"],
        default: "draw",
    },
];

/// The end-of-game rules beyond six ejections, read from the options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Draw at this many occurrences of a position (0: off).
    pub repetition: u8,
    /// End after this many plies (0: none).
    pub move_limit: u32,
    /// At the move limit, the side with more ejections wins (else a draw).
    pub limit_to_most_ejections: bool,
}

impl Rules {
    /// Reads the rules from validated options.
    pub fn from_options(options: &GameOptions) -> Rules {
        Rules {
            repetition: options_get(options, "repetition").parse().unwrap_or(0),
            move_limit: options_get(options, "move-limit").parse().unwrap_or(0),
            limit_to_most_ejections: options_get(options, "move-limit-result") == "most-ejections",
        }
    }

    /// True when only the official rules apply.
    pub fn is_official(&self) -> bool {
        *self == Rules::default()
    }
}

/// The value of option `name`, or its default when `options` does not declare it.
fn options_get(options: &GameOptions, name: &str) -> &'static str {
    let declared = options.canonical();
    if declared
        .split(',')
        .any(|item| item.split('=').next() == Some(name))
    {
        options.get(name)
    } else {
        OPTION_SPECS
            .iter()
            .find(|s| s.name == name)
            .map_or("", |s| s.default)
    }
}

/// A position of a game of Abalone, with its rules.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) ply: u32,
    pub(crate) rules: Rules,
    /// Every position reached since the start, when the repetition rule is on.
    pub(crate) seen: Vec<Board>,
}

impl Position {
    /// A position from a board, with no history.
    pub(crate) fn new(board: Board, rules: Rules) -> Position {
        let seen = if rules.repetition > 0 {
            vec![board]
        } else {
            Vec::new()
        };
        Position {
            board,
            ply: 0,
            rules,
            seen,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plies played since the start position string.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        if let Some(winner) = self.board.winner_by_score() {
            return Outcome::Won {
                winner,
                how: SIX_EJECTED,
            };
        }
        if self.rules.repetition > 0 {
            let times = self.seen.iter().filter(|b| **b == self.board).count();
            if times >= usize::from(self.rules.repetition) {
                return Outcome::Drawn { why: REPETITION };
            }
        }
        if self.rules.move_limit > 0 && self.ply >= self.rules.move_limit {
            let (b, w) = (
                self.board.ejected_by(Side::Black),
                self.board.ejected_by(Side::White),
            );
            if self.rules.limit_to_most_ejections && b != w {
                let winner = if b > w { Side::Black } else { Side::White };
                return Outcome::Won {
                    winner,
                    how: MOVE_LIMIT,
                };
            }
            return Outcome::Drawn { why: MOVE_LIMIT };
        }
        if !movegen::has_any(&self.board) {
            return Outcome::Drawn { why: NO_LEGAL_MOVE };
        }
        Outcome::Ongoing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    fn position(text: &str, options: &str) -> Position {
        let options = GameOptions::parse(&OPTION_SPECS, options).unwrap();
        Position::from_position(text, None, &options).unwrap()
    }

    fn play(pos: &mut Position, token: &str) {
        let n = Position::read_notation(token).unwrap();
        let m = pos.resolve(&n).unwrap();
        pos.apply(&m);
    }

    #[test]
    fn a_side_without_a_legal_move_draws() {
        let pos = position("0a1_0a2b12", "");
        assert_eq!(pos.outcome(), Outcome::Drawn { why: NO_LEGAL_MOVE });
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.result_tokens().as_deref(), Some("DRAW 0-0"));
        // White, to move in the same position, has moves.
        let pos = position("0a1_0a2b12 w", "");
        assert_eq!(pos.outcome(), Outcome::Ongoing);
    }

    #[test]
    fn repetition_is_off_by_default_and_draws_at_the_chosen_count() {
        let moves = ["a1b2", "i5h5", "d4c3", "f5g5"];
        for (options, expected) in [
            ("", Outcome::Ongoing),
            ("repetition=2", Outcome::Drawn { why: REPETITION }),
        ] {
            let mut pos = position("0a12345b123456c345_0g567h456789i56789", options);
            for m in moves {
                assert_eq!(pos.outcome(), Outcome::Ongoing);
                play(&mut pos, m);
            }
            assert_eq!(pos.outcome(), expected, "{options}");
        }
        // Three times needs one more round trip.
        let mut pos = position("0a12345b123456c345_0g567h456789i56789", "repetition=3");
        for m in moves.iter().chain(moves.iter()) {
            assert_eq!(pos.outcome(), Outcome::Ongoing);
            play(&mut pos, m);
        }
        assert_eq!(pos.outcome(), Outcome::Drawn { why: REPETITION });
    }

    #[test]
    fn the_move_limit_ends_the_game_as_chosen() {
        let start = "0a12345b123456c345_2g567h456789i56789";
        let mut pos = position(start, "move-limit=100");
        for i in 0..100 {
            assert_eq!(pos.outcome(), Outcome::Ongoing, "ply {i}");
            let m = pos.legal_moves()[0];
            pos.apply(&m);
        }
        assert_eq!(pos.outcome(), Outcome::Drawn { why: MOVE_LIMIT });
        assert!(pos.legal_moves().is_empty());
        let mut pos = position(start, "move-limit=100,move-limit-result=most-ejections");
        for _ in 0..100 {
            let m = pos.legal_moves()[0];
            pos.apply(&m);
        }
        // White started two down and no marble left the board in this shuffle.
        assert_eq!(
            pos.outcome(),
            Outcome::Won {
                winner: Side::Black,
                how: MOVE_LIMIT
            }
        );
        assert_eq!(pos.result_tokens().as_deref(), Some("2-0"));
    }

    #[test]
    fn perft_with_options_uses_the_rules_it_is_played_under() {
        let mut plain = position("0a12345b123456c345_0g567h456789i56789", "");
        let mut rep = position("0a12345b123456c345_0g567h456789i56789", "repetition=2");
        for m in ["a1b2", "i5h5", "d4c3"] {
            play(&mut plain, m);
            play(&mut rep, m);
        }
        assert_eq!(plain.perft(1), rep.perft(1));
        // f5g5 gives the start again: with the rule, that line ends there (no leaf below it,
        // instead of 44).
        assert_eq!(rep.perft(2), plain.perft(2) - 44);
        assert_eq!(rep.perft(2), crate::games::perft::perft(&rep, 2));
    }
}
