//! The named Ataxx starts (the standard one and the three blocked-cell layouts engines test
//! with) and the game's options.

use crate::games::{OptionSpec, Variant};

/// The standard start: `x` on a7 and g1, `o` on g7 and a1, `x` to move.
pub const STANDARD: &str = "x5o/7/7/7/7/7/o5x x 0 1";

/// The named starts; the first is the default. Any other layout (an Attax 2000 level, a
/// custom one) is given as a position string.
pub static VARIANTS: [Variant; 4] = [
    Variant {
        id: "standard",
        aliases: &["startpos", "classic", "classique", "arcade"],
        position: STANDARD,
    },
    Variant {
        id: "square",
        aliases: &["four-blocks", "carre", "quatre-cases"],
        position: "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    },
    Variant {
        id: "quincunx",
        aliases: &["five-blocks", "quinconce", "cinq-cases"],
        position: "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    },
    Variant {
        id: "cross",
        aliases: &["plus", "croix", "diamond", "losange"],
        position: "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    },
];

/// The option naming the fifty-move rule.
pub const FIFTY_MOVE_RULE: &str = "fifty-move-rule";

/// The options.
pub static OPTIONS: [OptionSpec; 1] = [OptionSpec {
    name: FIFTY_MOVE_RULE,
    values: &["on", "off"],
    default: "on",
}];
