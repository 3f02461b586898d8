//! The games: a closed registry ([`GameKind`]), the trait every game implements ([`Game`]),
//! and the run-time wrapper the command line and the referee use ([`AnyGame`]).
//!
//! One module per game holds its position type, rules, notation and board.

mod any;
pub mod engine;
mod game;
mod kind;
mod options;
mod outcome;
pub mod perft;
pub mod record;
mod side;

pub mod abalone;
pub mod ataxx;
pub mod bulltricker;
pub mod sauterelle;
pub mod tours;

pub use any::{Advice, AnyGame, Judgement, Refusal, SetupError, Start};
pub use game::{
    DeclaredResult, Game, Illegal, NotationError, PositionError, RecordedGame, RecordedMove,
};
pub use kind::{GameKind, Variant, fold_name};
pub use options::{GameOptions, OptionError, OptionSpec};
pub use outcome::{Outcome, Termination};
pub use side::Side;

/// Runs `$body` with the type alias `$G` bound to the position type of game `$kind`.
///
/// This is the one place that maps a [`GameKind`] to its implementation.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::Bulltricker => {
                type $G = $crate::games::bulltricker::Position;
                $body
            }
            $crate::games::GameKind::Abalone => {
                type $G = $crate::games::abalone::Position;
                $body
            }
            $crate::games::GameKind::Ataxx => {
                type $G = $crate::games::ataxx::Position;
                $body
            }
            $crate::games::GameKind::Sauterelle => {
                type $G = $crate::games::sauterelle::Position;
                $body
            }
            $crate::games::GameKind::Tours => {
                type $G = $crate::games::tours::Position;
                $body
            }
        }
    };
}

impl GameKind {
    /// The game's named starting positions; the first is the default.
    pub fn variants(self) -> &'static [Variant] {
        with_game!(self, G => <G as Game>::variants())
    }

    /// The game's options.
    pub fn option_specs(self) -> &'static [OptionSpec] {
        with_game!(self, G => <G as Game>::option_specs())
    }

    /// The player's guide (rules summary and notation with examples), as HELP sends it.
    /// It lives in the catalogs (`locales/<lang>/guides/<game>.txt`), in English when `lang`
    /// has none.
    pub fn guide(self, lang: crate::text::Lang) -> &'static str {
        crate::text::catalog::catalogs().guide(lang, self.name())
    }

    /// Reads a file of recorded games of this kind.
    pub fn read_records(self, text: &str) -> Result<Vec<RecordedGame>, String> {
        with_game!(self, G => <G as Game>::read_records(text))
    }
}
