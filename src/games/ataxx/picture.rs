//! The Ataxx picture: the 7×7 grid with its blocked cells, x's pieces black and o's white,
//! files a-g and ranks 1-7 on every side, the last move marked (a solid ring where it
//! arrived, a dashed ring where a jump left, a dot on each piece it converted) and the
//! caption (the side to move, the counts) under the board. Pure.

use super::board::Content;
use super::cell::{Cell, SIDE};
use super::position::Position;
use super::rules::Move;
use crate::games::Side;
use crate::render::palette::{self, Colour};
use crate::render::svg::{Font, Paint, Svg};

/// The side of a cell, in the picture's units (one unit is one pixel of the mail's PNG).
pub const CELL: f32 = 64.0;
/// The margin around the grid, where the coordinates are written.
const MARGIN: f32 = 34.0;
/// The band under the board for the caption.
const CAPTION: f32 = 40.0;

/// The picture's width.
pub const WIDTH: f32 = 2.0 * MARGIN + SIDE as f32 * CELL;

/// The centre of `cell` in the picture.
pub fn centre(cell: Cell) -> (f32, f32) {
    let x = MARGIN + (f32::from(cell.file()) + 0.5) * CELL;
    let y = MARGIN + (f32::from(SIDE - 1 - cell.rank()) + 0.5) * CELL;
    (x, y)
}

/// The colour a piece of `side` is drawn in.
pub fn piece_colour(side: Side) -> Colour {
    match side {
        // x, who moves first, has the dark pieces.
        Side::Black => palette::BLACK_PIECE,
        Side::White => palette::WHITE_PIECE,
    }
}

/// Draws `pos`; `last` is the last move with the position before it; `caption` goes under
/// the board.
pub fn draw(pos: &Position, last: Option<(&Position, &Move)>, caption: &str) -> String {
    let side = SIDE as f32 * CELL;
    let mut svg = Svg::new(WIDTH, WIDTH + CAPTION, palette::PAPER, caption);
    svg.rect(
        MARGIN,
        MARGIN,
        side,
        side,
        0.0,
        Paint::both(palette::BOARD, palette::BOARD_LINE, 2.0),
    );
    for cell in Cell::all() {
        let (x, y) = centre(cell);
        let content = pos.board().content(cell);
        let (left, top) = (x - CELL / 2.0, y - CELL / 2.0);
        if content == Content::Blocked {
            svg.rect(left, top, CELL, CELL, 0.0, Paint::fill(palette::BLOCKED));
            // Two diagonals: blocked reads without colour too.
            svg.line(
                (left + 10.0, top + 10.0),
                (left + CELL - 10.0, top + CELL - 10.0),
                palette::BOARD_DARK,
                3.0,
            );
            svg.line(
                (left + 10.0, top + CELL - 10.0),
                (left + CELL - 10.0, top + 10.0),
                palette::BOARD_DARK,
                3.0,
            );
        }
    }
    for i in 1..SIDE {
        let at = MARGIN + f32::from(i) * CELL;
        svg.line((at, MARGIN), (at, MARGIN + side), palette::BOARD_LINE, 1.5);
        svg.line((MARGIN, at), (MARGIN + side, at), palette::BOARD_LINE, 1.5);
    }
    let coordinate = Font::centred(18.0, true);
    for i in 0..SIDE {
        let file = char::from(b'a' + i).to_string();
        let x = MARGIN + (f32::from(i) + 0.5) * CELL;
        svg.text(x, MARGIN / 2.0, coordinate, &file);
        svg.text(x, MARGIN + side + MARGIN / 2.0, coordinate, &file);
        let rank = (i + 1).to_string();
        let y = MARGIN + (f32::from(SIDE - 1 - i) + 0.5) * CELL;
        svg.text(MARGIN / 2.0, y, coordinate, &rank);
        svg.text(MARGIN + side + MARGIN / 2.0, y, coordinate, &rank);
    }
    svg.position();
    let (to, from) = match last.map(|(_, m)| m) {
        Some(Move::Clone { to }) => (Some(*to), None),
        Some(Move::Jump { from, to }) => (Some(*to), Some(*from)),
        Some(Move::Pass) | None => (None, None),
    };
    if let Some(from) = from {
        let (x, y) = centre(from);
        svg.circle(
            x,
            y,
            CELL * 0.42,
            Paint::stroke(palette::MARK_FROM, 4.0).dashed(7.0),
        );
    }
    for cell in Cell::all() {
        if let Content::Piece(owner) = pos.board().content(cell) {
            let (x, y) = centre(cell);
            svg.circle(
                x,
                y,
                CELL * 0.36,
                Paint::both(piece_colour(owner), palette::PIECE_EDGE, 2.0),
            );
        }
    }
    if let Some(to) = to {
        let (x, y) = centre(to);
        svg.circle(x, y, CELL * 0.44, Paint::stroke(palette::MARK_TO, 5.0));
    }
    // The pieces the move converted: the mover's now, the other side's before.
    if let Some((before, _)) = last {
        for cell in Cell::all() {
            let now = pos.board().content(cell);
            let was = before.board().content(cell);
            if let (Content::Piece(a), Content::Piece(b)) = (now, was)
                && a != b
            {
                let (x, y) = centre(cell);
                svg.circle(
                    x,
                    y,
                    CELL * 0.11,
                    Paint::both(palette::MARK_TAKEN, palette::PIECE_EDGE, 1.0),
                );
            }
        }
    }
    svg.text(
        WIDTH / 2.0,
        WIDTH + CAPTION / 2.0 - 6.0,
        Font::centred(19.0, false),
        caption,
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::near;
    use crate::render::testing::{mailed, play};

    /// Every cell of the picture shows what the position holds there, read back from the
    /// PNG at the cell's centre; the last move's rings are where it went.
    #[test]
    fn the_png_shows_every_cell_and_the_last_move() {
        let mut pos = Position::parse("x5o/7/2-1-2/7/2-1-2/7/o5x x", None, true).expect("valid");
        let last = play(&mut pos, &["f2", "b2", "e2", "b2d3"]);
        let svg = draw(&pos, last.as_ref().map(|(p, m)| (p, m)), "x to move");
        let raster = mailed(&svg);
        for cell in Cell::all() {
            let (x, y) = centre(cell);
            // Off the centre: a converted piece carries a dot there, a blocked cell a cross.
            let seen = raster.pixel(x, y + CELL * 0.25).expect("inside");
            let expected = match pos.board().content(cell) {
                Content::Piece(side) => piece_colour(side),
                Content::Blocked => palette::BLOCKED,
                Content::Empty => palette::BOARD,
            };
            assert!(near(seen, expected, 30), "{cell:?}: {seen} for {expected}");
        }
        // d3 came from b2: a dashed ring around b2 (empty now), a solid one around d3, and
        // e2 was converted.
        assert_eq!(
            pos.board().content(Cell::parse("e2").expect("a cell")),
            Content::Piece(Side::White)
        );
        let ring = |cell: &str, r: f32| {
            let (x, y) = centre(Cell::parse(cell).expect("a cell"));
            (0..36).map(move |i| {
                let a = i as f32 * std::f32::consts::TAU / 36.0;
                (x + r * a.cos(), y + r * a.sin())
            })
        };
        let on = |cell, r, colour| {
            ring(cell, r)
                .filter(|(x, y)| raster.pixel(*x, *y).is_some_and(|c| near(c, colour, 40)))
                .count()
        };
        assert!(on("d3", CELL * 0.44, palette::MARK_TO) > 30);
        let dashes = on("b2", CELL * 0.42, palette::MARK_FROM);
        assert!(
            (10..34).contains(&dashes),
            "{dashes} of 36 points on the dashed ring"
        );
        assert_eq!(on("f2", CELL * 0.44, palette::MARK_TO), 0);
        let (x, y) = centre(Cell::parse("e2").expect("a cell"));
        assert!(near(
            raster.pixel(x, y).expect("inside"),
            palette::MARK_TAKEN,
            40
        ));
        let (x, y) = centre(Cell::parse("f2").expect("a cell"));
        assert!(!near(
            raster.pixel(x, y).expect("inside"),
            palette::MARK_TAKEN,
            40
        ));
    }
}
