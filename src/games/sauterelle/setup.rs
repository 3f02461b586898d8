//! The named Sauterelle start and the game's options (rules note 1.9: who starts, G-Q1;
//! how many checkers, G-Q11).

use crate::games::{OptionSpec, Variant};

/// The named starts: the empty board with every checker on the bar. The position `start`
/// is read under the options `checkers` and `first-player`.
pub static VARIANTS: [Variant; 1] = [Variant {
    id: "standard",
    aliases: &["race", "course", "brainking"],
    en: "Standard: every checker on the bar",
    fr: "Standard : tous les pions sur la barre",
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
        en: "the number of checkers each player has: 14 as on BrainKing; Molyneux lets beginners play with fewer, always an even number",
        fr: "le nombre de pions de chaque joueur : 14 comme sur BrainKing ; Molyneux permet aux débutants d'en prendre moins, toujours un nombre pair",
    },
    OptionSpec {
        name: FIRST_PLAYER,
        values: &["white", "black"],
        default: "white",
        en: "who moves first from the start: White as on BrainKing (Molyneux tosses a coin)",
        fr: "qui joue en premier au départ : Blanc comme sur BrainKing (Molyneux tire à pile ou face)",
    },
];
