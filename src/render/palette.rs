//! The colours of the board pictures, shared by every game so that a player who knows one
//! picture reads the others. Chosen to read in grey scale and for colour-blind players:
//! pieces are near-white and near-black on a mid-tone board (they differ by lightness, not
//! hue); the marks of the last move use the Okabe-Ito colours that stay distinct under
//! the common colour-vision deficiencies, and differ by shape as well (a dashed ring where
//! a piece came from, a solid ring where it arrived, a cross where one was taken), so that
//! a picture printed or seen in grey still says everything. Pure.

use std::fmt;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour(pub u8, pub u8, pub u8);

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

impl Colour {
    /// Its relative luminance (0 black … 1 white), as WCAG defines it.
    pub fn luminance(self) -> f32 {
        let channel = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(self.0) + 0.7152 * channel(self.1) + 0.0722 * channel(self.2)
    }

    /// The WCAG contrast ratio of two colours (1 … 21).
    pub fn contrast(self, other: Colour) -> f32 {
        let (a, b) = (self.luminance(), other.luminance());
        let (hi, lo) = if a > b { (a, b) } else { (b, a) };
        (hi + 0.05) / (lo + 0.05)
    }
}

/// Around the board: the page.
pub const PAPER: Colour = Colour(0xfa, 0xf8, 0xf3);
/// Coordinates and captions.
pub const INK: Colour = Colour(0x22, 0x22, 0x22);
/// The board's surface: a mid-tone wood.
pub const BOARD: Colour = Colour(0xc9, 0xa2, 0x6b);
/// A second board tone (alternate squares, holes, tracks).
pub const BOARD_DARK: Colour = Colour(0x9a, 0x74, 0x43);
/// The board's lines and edges.
pub const BOARD_LINE: Colour = Colour(0x5a, 0x40, 0x22);
/// White's pieces.
pub const WHITE_PIECE: Colour = Colour(0xf7, 0xf5, 0xee);
/// Black's pieces.
pub const BLACK_PIECE: Colour = Colour(0x23, 0x23, 0x23);
/// The outline of every piece (keeps a white piece visible on a light square).
pub const PIECE_EDGE: Colour = Colour(0x11, 0x11, 0x11);
/// A cell nobody may enter.
pub const BLOCKED: Colour = Colour(0x4b, 0x4f, 0x58);
/// Where the last move arrived: Okabe-Ito orange, drawn as a solid ring.
pub const MARK_TO: Colour = Colour(0xe6, 0x9f, 0x00);
/// Where the last move came from: Okabe-Ito blue, drawn as a dashed ring.
pub const MARK_FROM: Colour = Colour(0x00, 0x72, 0xb2);
/// What the last move captured or pushed off: Okabe-Ito vermilion, drawn as a cross.
pub const MARK_TAKEN: Colour = Colour(0xd5, 0x5e, 0x00);

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces must stand out from the board and from each other by lightness alone.
    #[test]
    fn pieces_and_board_differ_in_grey() {
        assert!(WHITE_PIECE.contrast(BLACK_PIECE) > 12.0);
        assert!(
            WHITE_PIECE.contrast(BOARD) > 1.9,
            "{}",
            WHITE_PIECE.contrast(BOARD)
        );
        assert!(
            BLACK_PIECE.contrast(BOARD) > 5.0,
            "{}",
            BLACK_PIECE.contrast(BOARD)
        );
        assert!(INK.contrast(PAPER) > 12.0);
    }

    #[test]
    fn colours_are_written_as_hex() {
        assert_eq!(MARK_TO.to_string(), "#e69f00");
    }
}
