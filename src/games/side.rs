//! The two sides of a two-player game.
//!
//! Every game arbitre referees has two sides. They are called White and Black here whatever
//! the game calls them: each game says which side starts and how its sides are named
//! ([`crate::games::AnyGame::side_name`]): Ataxx's `x` is Black, Sauterelle's first player White.

use std::fmt;

/// One of the two sides.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White (moves first in Bulltricker, Sauterelle, La Bataille des Tours).
    White,
    /// Black (moves first in Abalone and Ataxx).
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index for per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// `white` or `black`, the name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The side as a sentence names it in `game`, in the reader's language: "White", "les
    /// Blancs", "x" (the catalogs' `side-name`).
    pub fn said(self, game: crate::games::GameKind) -> crate::text::Text {
        crate::tx!("side-name", game = game.name(), side = self.name())
    }

    /// The same at the start of a sentence: "White", "Les Blancs" (`side-name-start`).
    pub fn said_first(self, game: crate::games::GameKind) -> crate::text::Text {
        crate::tx!("side-name-start", game = game.name(), side = self.name())
    }

    /// Reads `white`/`black` (also `w`/`b`, `blanc`/`noir`, and the first-player marks
    /// `x`/`o` that Ataxx uses: `x` is Black, `o` is White), in any case.
    pub fn from_name(name: &str) -> Option<Side> {
        match name.trim().to_lowercase().as_str() {
            "white" | "w" | "blanc" | "blancs" | "blanche" | "o" => Some(Side::White),
            "black" | "b" | "noir" | "noirs" | "x" => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
