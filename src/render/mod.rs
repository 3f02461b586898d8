//! Board pictures: each game draws its position as SVG (the same drawing for the web page,
//! inline, and for mail, rasterised to PNG), coordinates on the edges as the game's notation
//! names them, the last move marked and the side to move named under the board. The drawing
//! is pure code; the rasteriser uses a font compiled into arbitre and never the system's,
//! so that a picture is the same on every machine, and keeps the latest boards so that a
//! move's picture draws only the position (`layers`). The rasteriser is behind the `edges`
//! feature, with the mail it is made for.

#[cfg(feature = "edges")]
mod layers;
pub mod palette;
#[cfg(feature = "edges")]
pub mod png;
pub mod svg;
#[cfg(test)]
pub mod testing;

#[cfg(feature = "edges")]
pub use png::{PictureError, Raster, near, png};
