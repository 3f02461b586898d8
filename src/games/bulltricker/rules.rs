//! The points the rules leave open (spec §11), as named per-game options with the
//! recommended defaults, and their typed form used by the engine.
//!
//! | option | values | default | spec |
//! |--------|--------|---------|------|
//! | `king-separation` | `strict`, `orthogonal-only`, `app-compatible` | `strict` | §3.5, §11-Q2 |
//! | `end-to-end-capture` | `off`, `on` | `off` | §11-Q1 |
//! | `capture-notation` | `list`, `count` | `list` | §8.5 |
//! | `double-enclosure` | `mover-wins`, `app-scan-order` | `mover-wins` | §6.2, §11-Q4 |

use crate::games::{GameOptions, OptionSpec};

/// The option declarations, in the order they are recorded with a game.
pub static OPTION_SPECS: [OptionSpec; 4] = [
    OptionSpec {
        name: "king-separation",
        values: &["strict", "orthogonal-only", "app-compatible"],
        default: "strict",
    },
    OptionSpec {
        name: "end-to-end-capture",
        values: &["off", "on"],
        default: "off",
    },
    OptionSpec {
        name: "capture-notation",
        values: &["list", "count"],
        default: "list",
    },
    OptionSpec {
        name: "double-enclosure",
        values: &["mover-wins", "app-scan-order"],
        default: "mover-wins",
    },
];

/// How far apart the two Kings must stay (§3.5, §11-Q2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KingSeparation {
    /// No orthogonal nor diagonal contact (the spec's decision).
    #[default]
    Strict,
    /// No orthogonal contact; diagonal contact allowed.
    OrthogonalOnly,
    /// As the official app: a King may not step to a square whose front square or two
    /// front-diagonal squares (in the direction of the step) hold the enemy King.
    AppCompatible,
}

/// What happens when one move encloses both Kings (§6.2, §11-Q4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DoubleEnclosure {
    /// The side that moved wins by MAT.
    #[default]
    MoverWins,
    /// As the official app: the King met first scanning from the h8 edge, left to right,
    /// loses.
    AppScanOrder,
}

/// How captures are written in canonical replies (§8.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CaptureNotation {
    /// `!! e.h5 e.h7`.
    #[default]
    List,
    /// `!! 2`.
    Count,
}

/// The rules a game is played under, read from its options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// King separation.
    pub king_separation: KingSeparation,
    /// The optional end-to-end capture by replacement.
    pub end_to_end_capture: bool,
    /// Capture notation in replies.
    pub capture_notation: CaptureNotation,
    /// Both Kings enclosed by one move.
    pub double_enclosure: DoubleEnclosure,
}

impl Rules {
    /// The rules named by validated options of this game.
    pub fn from_options(options: &GameOptions) -> Rules {
        // Options built for another game (or empty ones) fall back to the defaults.
        let get =
            |name: &str, default: &'static str| options_value(options, name).unwrap_or(default);
        Rules {
            king_separation: match get("king-separation", "strict") {
                "orthogonal-only" => KingSeparation::OrthogonalOnly,
                "app-compatible" => KingSeparation::AppCompatible,
                _ => KingSeparation::Strict,
            },
            end_to_end_capture: get("end-to-end-capture", "off") == "on",
            capture_notation: match get("capture-notation", "list") {
                "count" => CaptureNotation::Count,
                _ => CaptureNotation::List,
            },
            double_enclosure: match get("double-enclosure", "mover-wins") {
                "app-scan-order" => DoubleEnclosure::AppScanOrder,
                _ => DoubleEnclosure::MoverWins,
            },
        }
    }
}

/// The value of option `name` if `options` declares it (without panicking otherwise).
fn options_value(options: &GameOptions, name: &str) -> Option<&'static str> {
    let canonical = options.canonical();
    let wanted = canonical
        .split(',')
        .filter_map(|item| item.split_once('='))
        .find(|(n, _)| *n == name)?
        .1
        .to_string();
    OPTION_SPECS
        .iter()
        .find(|s| s.name == name)?
        .values
        .iter()
        .copied()
        .find(|v| *v == wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_spec_recommendations() {
        let rules = Rules::from_options(&GameOptions::defaults(&OPTION_SPECS));
        assert_eq!(rules, Rules::default());
        assert_eq!(rules.king_separation, KingSeparation::Strict);
        assert!(!rules.end_to_end_capture);
        assert_eq!(rules.capture_notation, CaptureNotation::List);
    }

    #[test]
    fn every_option_value_is_read() {
        let options = GameOptions::parse(
            &OPTION_SPECS,
            "king-separation=app-compatible,end-to-end-capture=on,count,double-enclosure=app-scan-order",
        )
        .unwrap();
        let rules = Rules::from_options(&options);
        assert_eq!(rules.king_separation, KingSeparation::AppCompatible);
        assert!(rules.end_to_end_capture);
        assert_eq!(rules.capture_notation, CaptureNotation::Count);
        assert_eq!(rules.double_enclosure, DoubleEnclosure::AppScanOrder);
        let options = GameOptions::parse(&OPTION_SPECS, "orthogonal-only").unwrap();
        assert_eq!(
            Rules::from_options(&options).king_separation,
            KingSeparation::OrthogonalOnly
        );
    }

    #[test]
    fn options_of_another_game_give_the_defaults_without_panicking() {
        assert_eq!(
            Rules::from_options(&GameOptions::default()),
            Rules::default()
        );
    }
}
