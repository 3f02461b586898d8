//! The named Sauterelle start and the game's options (rules note 1.9: who starts, G-Q1;
//! how many checkers, G-Q11).

use crate::games::{OptionSpec, Variant};

/// The named starts: the empty board with every checker on the bar. The position `start`
/// is read under the options `checkers` and `first-player`.
pub static VARIANTS: [Variant; 1] = [Variant {
    id: "standard",
    aliases: &["race", "course", "brainking"],
    position: "start",
}];

/// The option giving the number of checkers each player has.
pub const CHECKERS: &str = "checkers";

/// The option naming the side that moves first.
pub const FIRST_PLAYER: &str = "first-player";

/// The options.
pub static OPTIONS: [OptionSpec; 2] = [
    OptionSpec {
        name: CHECKERS,
        values: &["14", "12", "10", "8", "6", "4", "2"],
        default: "14",
    },
    OptionSpec {
        name: FIRST_PLAYER,
        values: &["white", "black"],
        default: "white",
    },
];
