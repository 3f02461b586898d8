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
        en: "Standard (no blocked cell)",
        fr: "Standard (sans case bloquée)",
        position: STANDARD,
    },
    Variant {
        id: "square",
        aliases: &["four-blocks", "carre", "quatre-cases"],
        en: "Four blocked cells in a square (c3, e3, c5, e5)",
        fr: "Quatre cases bloquées en carré (c3, e3, c5, e5)",
        position: "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    },
    Variant {
        id: "quincunx",
        aliases: &["five-blocks", "quinconce", "cinq-cases"],
        en: "Five blocked cells in a quincunx (c3, e3, d4, c5, e5)",
        fr: "Cinq cases bloquées en quinconce (c3, e3, d4, c5, e5)",
        position: "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    },
    Variant {
        id: "cross",
        aliases: &["plus", "croix", "diamond", "losange"],
        en: "Four blocked cells in a cross (d3, c4, e4, d5)",
        fr: "Quatre cases bloquées en croix (d3, c4, e4, d5)",
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
    en: "on: 100 plies in a row without a clone (fifty moves each) end the game in a draw, as in modern Ataxx; off: no such limit, as in Attax 2000",
    fr: "on : 100 demi-coups de suite sans duplication (cinquante coups chacun) terminent la partie par une nulle, comme dans l'Ataxx moderne ; off : pas de limite, comme dans Attax 2000",
}];
