//! The Bulltricker picture: the 15x15 lattice as the physical board looks, seen from White
//! (as the text board is): the 49 royal squares as large squares, the transversal and
//! longitudinal rectangles as long thin tracks between them, the 64 butées as small dark
//! squares where the tracks cross. The alphanumeric inscriptions of the board are written
//! on all four edges: the columns of royal squares `a`-`g` and the vertical lines `v1`-`v8`
//! above and below, the rows `1`-`7` and the horizontal lines `h1`-`h8` left and right.
//!
//! Pieces stand on the cells they occupy: a pawn is a rounded bar filling most of its
//! rectangle; a queen is the same bar with pointed ends and a diamond ("crown") of the
//! other tone at its middle, so that it differs from a pawn by shape and not by colour
//! alone; a King is a disc with a crown on its royal square. The last move is marked: a
//! dashed outline around the cell it left, a solid outline around the cell it reached and
//! a cross on every cell whose piece it took (found by comparing the board before and
//! after, so a whole capture chain is marked). The caption (the side to move) goes under
//! the board. Pure.

use super::board::{Kind, Piece};
use super::geometry::{Cell, CellKind, SIZE};
use super::moves::Move;
use super::position::Position;
use crate::games::Side;
use crate::render::palette::{self, Colour};
use crate::render::svg::{Font, Paint, Svg};

/// The side of a royal square, in the picture's units (one unit is one pixel of the mail's
/// PNG); also the length of a rectangle.
pub const ROYAL: f32 = 50.0;
/// The width of a rectangle, and the side of a butée.
pub const TRACK: f32 = 24.0;
/// The margin around the lattice, where the inscriptions are written.
const MARGIN: f32 = 36.0;
/// The band under the board for the caption.
const CAPTION: f32 = 40.0;
/// The groove left between neighbouring cells, in the board's line colour.
const GROOVE: f32 = 1.5;
/// How far a piece's bar stays inside its rectangle, on every side.
const BAR_INSET: f32 = 4.0;
/// The radius of a King's disc.
pub const KING_RADIUS: f32 = ROYAL * 0.36;

/// The side of the lattice: seven royal squares and eight tracks.
const LATTICE: f32 = 7.0 * ROYAL + 8.0 * TRACK;

/// The picture's width.
pub const WIDTH: f32 = 2.0 * MARGIN + LATTICE;

/// Where lattice line `i` (0..15, counted from the picture's left or top) starts, and how
/// wide it is: even lines are tracks, odd lines royal squares.
fn band(i: i8) -> (f32, f32) {
    let pairs = f32::from(i / 2) * (ROYAL + TRACK);
    if i % 2 == 0 {
        (MARGIN + pairs, TRACK)
    } else {
        (MARGIN + pairs + TRACK, ROYAL)
    }
}

/// The rectangle `cell` covers in the picture: left, top, width, height.
pub fn bounds(cell: Cell) -> (f32, f32, f32, f32) {
    let (left, width) = band(cell.x());
    let (top, height) = band(SIZE - 1 - cell.y());
    (left, top, width, height)
}

/// The centre of `cell` in the picture.
pub fn centre(cell: Cell) -> (f32, f32) {
    let (left, top, width, height) = bounds(cell);
    (left + width / 2.0, top + height / 2.0)
}

/// The colour a piece of `side` is drawn in.
pub fn piece_colour(side: Side) -> Colour {
    match side {
        Side::White => palette::WHITE_PIECE,
        Side::Black => palette::BLACK_PIECE,
    }
}

/// The colour of the marks drawn on a piece of `side` (its crown): the other tone.
fn mark_colour(side: Side) -> Colour {
    piece_colour(side.opponent())
}

/// The board's tone for a cell of `kind`.
pub fn cell_colour(kind: CellKind) -> Colour {
    match kind {
        CellKind::Royal => palette::BOARD_DARK,
        CellKind::Transversal | CellKind::Longitudinal => palette::BOARD,
        CellKind::Butee => palette::BOARD_LINE,
    }
}

/// Draws `pos`; `last` is the last move with the position before it; `caption` goes under
/// the board.
pub fn draw(pos: &Position, last: Option<(&Position, &Move)>, caption: &str) -> String {
    let mut svg = Svg::new(WIDTH, WIDTH + CAPTION, palette::PAPER, caption);
    // The grooves and butées: the lattice's ground, the cells laid on it.
    svg.rect(
        MARGIN - 2.0,
        MARGIN - 2.0,
        LATTICE + 4.0,
        LATTICE + 4.0,
        0.0,
        Paint::fill(palette::BOARD_LINE),
    );
    for cell in Cell::all() {
        let kind = cell.kind();
        if kind == CellKind::Butee {
            continue;
        }
        let (left, top, width, height) = bounds(cell);
        svg.rect(
            left + GROOVE,
            top + GROOVE,
            width - 2.0 * GROOVE,
            height - 2.0 * GROOVE,
            0.0,
            Paint::fill(cell_colour(kind)),
        );
    }
    inscriptions(&mut svg);
    svg.position();
    let from = last.map(|(_, m)| m.from());
    let to = last.map(|(_, m)| m.to());
    if let Some(from) = from {
        outline(
            &mut svg,
            from,
            Paint::stroke(palette::MARK_FROM, 4.0).dashed(6.0),
        );
    }
    for (cell, piece) in pos.board().pieces() {
        draw_piece(&mut svg, cell, piece);
    }
    if let Some(to) = to {
        outline(&mut svg, to, Paint::stroke(palette::MARK_TO, 4.0));
    }
    if let Some((before, _)) = last {
        for cell in taken(before, pos, from) {
            let (x, y) = centre(cell);
            let r = TRACK * 0.38;
            svg.cross(x, y, r, palette::MARK_TAKEN, 4.5);
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

/// The cells whose piece the move took: occupied before, empty now, and not the cell the
/// mover left.
fn taken(before: &Position, after: &Position, from: Option<Cell>) -> Vec<Cell> {
    Cell::all()
        .filter(|&cell| Some(cell) != from)
        .filter(|&cell| before.piece(cell).is_some() && after.piece(cell).is_none())
        .collect()
}

/// The inscriptions of the four edges.
fn inscriptions(svg: &mut Svg) {
    let royal = Font::centred(18.0, true);
    let line = Font {
        size: 16.0,
        bold: false,
        ..royal
    };
    let near = MARGIN / 2.0;
    let far = MARGIN + LATTICE + MARGIN / 2.0;
    for i in 0..SIZE {
        let (start, width) = band(i);
        let along = start + width / 2.0;
        // Across the top and bottom: columns a-g and vertical lines v1-v8, left to right.
        let (font, column) = if i % 2 == 1 {
            (royal, char::from(b'a' + (i / 2) as u8).to_string())
        } else {
            (line, format!("v{}", i / 2 + 1))
        };
        svg.text(along, near, font, &column);
        svg.text(along, far, font, &column);
        // Down the sides: lattice row `y` from the top is row 14 - y from White's edge.
        let y = SIZE - 1 - i;
        let (font, row) = if y % 2 == 1 {
            (royal, ((y + 1) / 2).to_string())
        } else {
            (line, format!("h{}", y / 2 + 1))
        };
        svg.text(near, along, font, &row);
        svg.text(far, along, font, &row);
    }
}

/// An outline around `cell` (a mark of the last move).
fn outline(svg: &mut Svg, cell: Cell, paint: Paint) {
    let (left, top, width, height) = bounds(cell);
    svg.rect(left, top, width, height, 3.0, paint);
}

/// Draws `piece` on `cell`: a bar on a rectangle (a queen's with pointed ends and a crown
/// at its middle), a crowned disc on a royal square.
fn draw_piece(svg: &mut Svg, cell: Cell, piece: Piece) {
    let colour = piece_colour(piece.side);
    let (x, y) = centre(cell);
    let body = Paint::both(colour, palette::PIECE_EDGE, 2.0);
    let crown = Paint::both(mark_colour(piece.side), palette::PIECE_EDGE, 1.0);
    match (cell.kind(), piece.kind) {
        (CellKind::Royal, _) | (_, Kind::King) => {
            svg.circle(x, y, KING_RADIUS, body);
            let r = KING_RADIUS;
            svg.polygon(
                &[
                    (x - 0.55 * r, y + 0.3 * r),
                    (x + 0.55 * r, y + 0.3 * r),
                    (x + 0.62 * r, y - 0.45 * r),
                    (x + 0.28 * r, y - 0.1 * r),
                    (x, y - 0.58 * r),
                    (x - 0.28 * r, y - 0.1 * r),
                    (x - 0.62 * r, y - 0.45 * r),
                ],
                crown,
            );
        }
        (kind, piece_kind) => {
            // Along and across the rectangle, as a unit vector pair.
            let horizontal = kind == CellKind::Transversal;
            let long = ROYAL / 2.0 - BAR_INSET;
            let thick = TRACK / 2.0 - BAR_INSET;
            let at = |along: f32, across: f32| {
                if horizontal {
                    (x + along, y + across)
                } else {
                    (x + across, y - along)
                }
            };
            if piece_kind == Kind::Queen {
                // Pointed ends: an elongated hexagon, then the crown at its middle.
                let tip = thick * 0.9;
                let points = [
                    at(-long, 0.0),
                    at(-long + tip, -thick),
                    at(long - tip, -thick),
                    at(long, 0.0),
                    at(long - tip, thick),
                    at(-long + tip, thick),
                ];
                svg.polygon(&points, body);
                let (a, b) = (thick * 1.0, thick * 0.62);
                svg.polygon(&[at(-a, 0.0), at(0.0, -b), at(a, 0.0), at(0.0, b)], crown);
            } else {
                let (w, h) = if horizontal {
                    (2.0 * long, 2.0 * thick)
                } else {
                    (2.0 * thick, 2.0 * long)
                };
                svg.rect(x - w / 2.0, y - h / 2.0, w, h, thick, body);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::testing::{mailed, play};

    use crate::games::bulltricker::rules::Rules;
    use crate::games::bulltricker::setup::{INITIAL, read};
    use crate::render::{Raster, near};

    fn cell(name: &str) -> Cell {
        Cell::parse(name).expect("a cell")
    }

    /// Draws and rasterises `pos`, checking the PNG's size.
    fn raster(pos: &Position, last: Option<&(Position, Move)>) -> Raster {
        let svg = draw(pos, last.map(|(p, m)| (p, m)), "White to move (ply 4).");
        let raster = mailed(&svg);
        assert_eq!(raster.width(), WIDTH as u32);
        raster
    }

    /// Every lattice point shows what the position holds there: a piece's colour (read on
    /// the bar away from a queen's crown, or low on a King's disc under its crown), or the
    /// board's tone of the cell.
    fn assert_cells(raster: &Raster, pos: &Position) {
        for c in Cell::all() {
            let (x, y) = centre(c);
            let (sx, sy) = match c.kind() {
                CellKind::Royal => (x, y + KING_RADIUS * 0.7),
                CellKind::Transversal => (x + ROYAL * 0.25, y),
                CellKind::Longitudinal => (x, y - ROYAL * 0.25),
                CellKind::Butee => (x, y),
            };
            let seen = raster.pixel(sx, sy).expect("inside");
            let expected = pos
                .piece(c)
                .map_or(cell_colour(c.kind()), |p| piece_colour(p.side));
            assert!(near(seen, expected, 30), "{c}: {seen} for {expected}");
        }
    }

    /// How many of 60 points around `c`'s outline are in `colour`.
    fn on_outline(raster: &Raster, c: Cell, colour: Colour) -> usize {
        let (left, top, width, height) = bounds(c);
        let perimeter = 2.0 * (width + height);
        // Walk the outline clockwise from the top-left corner: top, right, bottom, left.
        let point = |d: f32| {
            if d < width {
                (left + d, top)
            } else if d < width + height {
                (left + width, top + d - width)
            } else if d < 2.0 * width + height {
                (left + 2.0 * width + height - d, top + height)
            } else {
                (left, top + perimeter - d)
            }
        };
        (0..60)
            .map(|i| point(i as f32 / 60.0 * perimeter))
            .filter(|&(x, y)| {
                raster
                    .pixel(x, y)
                    .is_some_and(|seen| near(seen, colour, 40))
            })
            .count()
    }

    fn crossed(raster: &Raster, c: Cell) -> bool {
        let (x, y) = centre(c);
        raster
            .pixel(x, y)
            .is_some_and(|seen| near(seen, palette::MARK_TAKEN, 40))
    }

    #[test]
    fn the_start_shows_every_piece_on_its_cell_and_no_mark() {
        let pos = read(INITIAL, None, Rules::default()).expect("valid");
        let raster = raster(&pos, None);
        assert_cells(&raster, &pos);
        for c in Cell::all() {
            assert_eq!(on_outline(&raster, c, palette::MARK_TO), 0, "{c}");
            assert_eq!(on_outline(&raster, c, palette::MARK_FROM), 0, "{c}");
            assert!(!crossed(&raster, c), "{c}");
        }
        // A queen's crown and a King's crown are in the other tone, a pawn has none.
        let tone = |name| {
            let (x, y) = centre(cell(name));
            raster.pixel(x, y).expect("inside")
        };
        assert!(near(tone("v1.1"), palette::BLACK_PIECE, 30));
        assert!(near(tone("v1.7"), palette::WHITE_PIECE, 30));
        assert!(near(tone("d1"), palette::BLACK_PIECE, 30));
        assert!(near(tone("d7"), palette::WHITE_PIECE, 30));
        assert!(near(tone("a.h2"), palette::WHITE_PIECE, 30));
        assert!(near(tone("a.h7"), palette::BLACK_PIECE, 30));
    }

    #[test]
    fn a_pawn_capture_is_marked_where_it_left_arrived_and_took() {
        let mut pos = read(INITIAL, None, Rules::default()).expect("valid");
        let last = play(&mut pos, &["e.h2 e.h4", "e.h7 e.h5", "e.h4 e.h6"]);
        assert_eq!(pos.piece(cell("e.h5")), None);
        let raster = raster(&pos, last.as_ref());
        assert_cells(&raster, &pos);
        assert!(on_outline(&raster, cell("e.h6"), palette::MARK_TO) > 50);
        let dashes = on_outline(&raster, cell("e.h4"), palette::MARK_FROM);
        assert!(
            (15..55).contains(&dashes),
            "{dashes} of 60 on the dashed outline"
        );
        assert!(crossed(&raster, cell("e.h5")));
        for other in ["e.h7", "b.h4", "c.h2", "d4", "v2.5"] {
            assert_eq!(
                on_outline(&raster, cell(other), palette::MARK_TO),
                0,
                "{other}"
            );
            assert_eq!(
                on_outline(&raster, cell(other), palette::MARK_FROM),
                0,
                "{other}"
            );
            assert!(!crossed(&raster, cell(other)), "{other}");
        }
    }

    #[test]
    fn every_piece_of_a_capture_chain_is_crossed() {
        let mut pos = read(
            "W: Kd1 Pb.h3 Qv5.1 Qv6.1 Qv7.1; B: Kf7 Pb.h4 Pb.h6 Qv8.7 Qv7.6 Qv6.5",
            None,
            Rules::default(),
        )
        .expect("valid");
        let last = play(&mut pos, &["b.h3 b.h7"]);
        let raster = raster(&pos, last.as_ref());
        assert_cells(&raster, &pos);
        assert!(crossed(&raster, cell("b.h4")));
        assert!(crossed(&raster, cell("b.h6")));
        assert!(!crossed(&raster, cell("b.h5")));
        assert!(!crossed(&raster, cell("b.h3")));
        assert!(on_outline(&raster, cell("b.h7"), palette::MARK_TO) > 50);
        let dashes = on_outline(&raster, cell("b.h3"), palette::MARK_FROM);
        assert!(
            (15..55).contains(&dashes),
            "{dashes} of 60 on the dashed outline"
        );
        assert_eq!(on_outline(&raster, cell("b.h5"), palette::MARK_TO), 0);
    }

    #[test]
    fn a_king_step_is_marked_on_the_royal_squares() {
        let mut pos = read(
            "W: Kc5 Qv8.1 Qv7.1 Qv6.1 Pv1.2; B: Kf1 Qv8.7 Qv7.6 Qv6.5 Pa.h7",
            None,
            Rules::default(),
        )
        .expect("valid");
        let last = play(&mut pos, &["c5 b5"]);
        let raster = raster(&pos, last.as_ref());
        assert_cells(&raster, &pos);
        assert!(on_outline(&raster, cell("b5"), palette::MARK_TO) > 50);
        let dashes = on_outline(&raster, cell("c5"), palette::MARK_FROM);
        assert!(
            (15..55).contains(&dashes),
            "{dashes} of 60 on the dashed outline"
        );
        assert!(Cell::all().all(|c| !crossed(&raster, c)));
        assert_eq!(on_outline(&raster, cell("f1"), palette::MARK_TO), 0);
    }
}
