//! The Sauterelle picture: the track drawn as a backgammon board, as the text board lays it
//! out (points 13-24 along the top, 12-1 along the bottom, the quadrants 1-6 and 7-12, 13-18
//! and 19-24 either side of a middle band), each point a long triangle, BOARD and BOARD_DARK
//! in turn, its number on the edge. A lone checker is one disc on its point, a wall two
//! stacked discs. On the right, where the text board writes `-> off` and `<- bar`, two
//! trays: the bar (bottom) holds each side's waiting checkers, a few discs with the count
//! written on the top one; the off tray (top) holds the borne-off checkers as slabs, two per
//! point scored, and under them a checker carrying the points (framed for the side that
//! scored last: one more point in a row wins). The last move is marked: a dashed ring where
//! the checker left (on its point, or on the bar for an entry; a dashed outline round both
//! checkers of a wall borne off), a solid ring round the checker that arrived (or round the
//! points a bear-off raised). Nothing is
//! ever hit in Sauterelle, so nothing is crossed out. The caption (the side to move) goes
//! under the board. Pure.

use super::point::Point;
use super::position::Position;
use super::rules::Move;
use crate::games::Side;
use crate::render::palette::{self, Colour};
use crate::render::svg::{Anchor, Font, Paint, Svg};

/// The width of a point, in the picture's units (one unit is one pixel of the mail's PNG).
pub const POINT_WIDTH: f32 = 36.0;
/// The length of a point's triangle.
const TRIANGLE: f32 = 130.0;
/// The space between the top and bottom triangles.
const GAP: f32 = 50.0;
/// The band between the two halves of the track (between 18 and 19, 7 and 6).
const MIDDLE: f32 = 20.0;
/// The board's rim, and the band between the track and the trays.
const RIM: f32 = 6.0;
/// The margin left and right of the board.
const SIDE_MARGIN: f32 = 14.0;
/// The bands above and below the board, where the point numbers are written.
const NUMBERS: f32 = 32.0;
/// The width of the trays (the bar and the off tray).
const TRAY: f32 = 80.0;
/// The band under the board for the caption.
const CAPTION: f32 = 40.0;
/// A checker's radius.
pub const RADIUS: f32 = 14.5;
/// The distance between the centres of two stacked checkers.
const STEP: f32 = 31.0;
/// The most checkers drawn in one column of the bar.
const BAR_DISCS: u8 = 4;
/// The height of a borne-off checker's slab in the off tray.
const SLAB: f32 = 6.0;
/// The distance from one slab to the next.
const SLAB_STEP: f32 = 7.5;
/// The most slabs drawn per side (all fourteen checkers borne off).
const MOST_SLABS: u8 = 14;

/// The left edge of the points.
const TRACK_LEFT: f32 = SIDE_MARGIN + RIM;
/// The top edge of the points.
const TRACK_TOP: f32 = NUMBERS + RIM;
/// The bottom edge of the points.
const TRACK_BOTTOM: f32 = TRACK_TOP + 2.0 * TRIANGLE + GAP;
/// The left edge of the trays.
const TRAY_LEFT: f32 = TRACK_LEFT + 12.0 * POINT_WIDTH + MIDDLE + RIM;
/// Where the off tray ends and the bar begins (the band between them is `RIM` high).
const TRAY_SPLIT: f32 = (TRACK_TOP + TRACK_BOTTOM - RIM) / 2.0;

/// The picture's width.
pub const WIDTH: f32 = TRAY_LEFT + TRAY + RIM + SIDE_MARGIN;
/// The picture's height.
pub const HEIGHT: f32 = TRACK_BOTTOM + RIM + NUMBERS + CAPTION;

/// The colour a checker of `side` is drawn in.
pub fn piece_colour(side: Side) -> Colour {
    match side {
        Side::White => palette::WHITE_PIECE,
        Side::Black => palette::BLACK_PIECE,
    }
}

/// The colour of point `p`'s triangle: odd points light, even points dark, so that
/// neighbours and the points facing each other (13 over 12, …) differ.
pub fn point_colour(p: Point) -> Colour {
    if p.number() % 2 == 1 {
        palette::BOARD
    } else {
        palette::BOARD_DARK
    }
}

/// True for the points drawn along the top (13-24).
fn on_top(p: Point) -> bool {
    p.number() >= 13
}

/// The left edge of point `p`'s column.
fn column_left(p: Point) -> f32 {
    let n = p.number();
    let column = if on_top(p) { n - 13 } else { 12 - n };
    let middle = if column >= 6 { MIDDLE } else { 0.0 };
    TRACK_LEFT + f32::from(column) * POINT_WIDTH + middle
}

/// The centre of the `level`th checker (1 at the edge of the board, 2 above it for a wall)
/// on point `p`.
pub fn centre(p: Point, level: u8) -> (f32, f32) {
    let x = column_left(p) + POINT_WIDTH / 2.0;
    let from_edge = RADIUS + 2.0 + f32::from(level.saturating_sub(1)) * STEP;
    let y = if on_top(p) {
        TRACK_TOP + from_edge
    } else {
        TRACK_BOTTOM - from_edge
    };
    (x, y)
}

/// The centre of the column of `side` in the trays.
fn tray_column(side: Side) -> f32 {
    let left = match side {
        Side::White => TRAY_LEFT,
        Side::Black => TRAY_LEFT + TRAY / 2.0,
    };
    left + TRAY / 4.0
}

/// The centre of the `slot`th checker (0 at the bottom) of `side`'s column on the bar.
pub fn bar_centre(side: Side, slot: u8) -> (f32, f32) {
    let y = TRACK_BOTTOM - RADIUS - 3.0 - f32::from(slot) * STEP;
    (tray_column(side), y)
}

/// The centre of the `slot`th slab (0 at the top) of `side`'s borne-off checkers.
pub fn slab_centre(side: Side, slot: u8) -> (f32, f32) {
    let y = TRACK_TOP + 4.0 + SLAB / 2.0 + f32::from(slot) * SLAB_STEP;
    (tray_column(side), y)
}

/// The centre of the disc under `side`'s slabs that carries the points it has scored.
pub fn points_centre(side: Side) -> (f32, f32) {
    (tray_column(side), TRAY_SPLIT - RADIUS - 3.0)
}

/// A checker: a disc in its side's colour with a dark edge.
fn checker(svg: &mut Svg, (x, y): (f32, f32), side: Side) {
    svg.circle(
        x,
        y,
        RADIUS,
        Paint::both(piece_colour(side), palette::PIECE_EDGE, 1.5),
    );
}

/// A count written on a checker of `side`, in the colour that reads on it.
fn count_on(svg: &mut Svg, (x, y): (f32, f32), side: Side, count: u8) {
    let colour = match side {
        Side::White => palette::INK,
        Side::Black => palette::WHITE_PIECE,
    };
    let font = Font {
        size: 17.0,
        bold: true,
        colour,
        anchor: Anchor::Middle,
    };
    svg.text(x, y, font, &count.to_string());
}

/// Draws `pos`; `last` is the last move with the position before it; `caption` goes under
/// the board.
pub fn draw(pos: &Position, last: Option<(&Position, &Move)>, caption: &str) -> String {
    let mut svg = Svg::new(WIDTH, HEIGHT, palette::PAPER, caption);
    let board_height = TRACK_BOTTOM - TRACK_TOP + 2.0 * RIM;
    // The rim, then the track's surface, then the two trays on it.
    svg.rect(
        SIDE_MARGIN,
        NUMBERS,
        WIDTH - 2.0 * SIDE_MARGIN,
        board_height,
        3.0,
        Paint::fill(palette::BOARD_LINE),
    );
    let half = 6.0 * POINT_WIDTH;
    for left in [TRACK_LEFT, TRACK_LEFT + half + MIDDLE] {
        svg.rect(
            left,
            TRACK_TOP,
            half,
            TRACK_BOTTOM - TRACK_TOP,
            0.0,
            Paint::fill(palette::PAPER),
        );
    }
    for (top, bottom) in [(TRACK_TOP, TRAY_SPLIT), (TRAY_SPLIT + RIM, TRACK_BOTTOM)] {
        svg.rect(
            TRAY_LEFT,
            top,
            TRAY,
            bottom - top,
            0.0,
            Paint::fill(palette::BOARD),
        );
    }
    // The points, and their numbers on the edges.
    let number = Font::centred(18.0, true);
    for p in Point::all() {
        let left = column_left(p);
        let (edge, apex) = if on_top(p) {
            (TRACK_TOP, TRACK_TOP + TRIANGLE)
        } else {
            (TRACK_BOTTOM, TRACK_BOTTOM - TRIANGLE)
        };
        svg.polygon(
            &[
                (left, edge),
                (left + POINT_WIDTH, edge),
                (left + POINT_WIDTH / 2.0, apex),
            ],
            Paint::fill(point_colour(p)),
        );
        let y = if on_top(p) {
            NUMBERS / 2.0
        } else {
            TRACK_BOTTOM + RIM + NUMBERS / 2.0
        };
        svg.text(left + POINT_WIDTH / 2.0, y, number, &p.to_string());
    }
    let tray_middle = TRAY_LEFT + TRAY / 2.0;
    svg.text(tray_middle, NUMBERS / 2.0, number, "off");
    svg.text(
        tray_middle,
        TRACK_BOTTOM + RIM + NUMBERS / 2.0,
        number,
        "bar",
    );

    svg.position();
    // The checkers on the points: one for a lone checker, two stacked for a wall.
    for p in Point::all() {
        let stack = pos.board().stack(p);
        if let Some(owner) = stack.owner() {
            for level in 1..=stack.height() {
                checker(&mut svg, centre(p, level), owner);
            }
        }
    }
    // The bar: a few checkers per side, the count on the top one; an empty bar is an
    // outline with 0 in it.
    for side in Side::BOTH {
        let count = pos.board().bar(side);
        if count == 0 {
            let (x, y) = bar_centre(side, 0);
            svg.circle(x, y, RADIUS, Paint::stroke(palette::PIECE_EDGE, 1.5));
            count_on(&mut svg, (x, y), Side::White, 0);
            continue;
        }
        let shown = count.min(BAR_DISCS);
        for slot in 0..shown {
            checker(&mut svg, bar_centre(side, slot), side);
        }
        count_on(&mut svg, bar_centre(side, shown - 1), side, count);
    }
    // The off tray: a slab per borne-off checker, and under them a checker carrying the
    // points scored, framed for the side that scored last.
    for side in Side::BOTH {
        let points = pos.points(side);
        let slabs = points.saturating_mul(2).min(MOST_SLABS);
        for slot in 0..slabs {
            let (x, y) = slab_centre(side, slot);
            svg.rect(
                x - RADIUS,
                y - SLAB / 2.0,
                2.0 * RADIUS,
                SLAB,
                2.0,
                Paint::both(piece_colour(side), palette::PIECE_EDGE, 1.2),
            );
        }
        let (x, y) = points_centre(side);
        checker(&mut svg, (x, y), side);
        count_on(&mut svg, (x, y), side, points);
        if pos.last_scorer() == Some(side) {
            let r = RADIUS + 7.0;
            svg.rect(
                x - r,
                y - r,
                2.0 * r,
                2.0 * r,
                3.0,
                Paint::stroke(palette::INK, 2.0),
            );
        }
    }

    // The last move: a dashed ring where the checker left, a solid one where it arrived.
    if let Some((before, m)) = last {
        let mover = before.to_move();
        let from_ring = Paint::stroke(palette::MARK_FROM, 3.5).dashed(6.0);
        let to_ring = Paint::stroke(palette::MARK_TO, 4.0);
        let ring = |svg: &mut Svg, (x, y): (f32, f32), paint: Paint| {
            svg.circle(x, y, RADIUS + 4.0, paint);
        };
        match *m {
            Move::Enter { to } => {
                let was = before.board().bar(mover).clamp(1, BAR_DISCS);
                ring(&mut svg, bar_centre(mover, was - 1), from_ring);
                let level = pos.board().stack(to).height().max(1);
                ring(&mut svg, centre(to, level), to_ring);
            }
            Move::Advance { from, to } => {
                let level = before.board().stack(from).height().max(1);
                ring(&mut svg, centre(from, level), from_ring);
                let level = pos.board().stack(to).height().max(1);
                ring(&mut svg, centre(to, level), to_ring);
            }
            Move::BearOff { from } => {
                // One dashed outline round both checkers of the wall that left.
                let r = RADIUS + 4.0;
                let (x, a) = centre(from, 1);
                let (_, b) = centre(from, 2);
                svg.rect(
                    x - r,
                    a.min(b) - r,
                    2.0 * r,
                    (a - b).abs() + 2.0 * r,
                    r,
                    from_ring,
                );
                // The wall arrived in the off tray as a point: a ring round the count.
                ring(&mut svg, points_centre(mover), to_ring);
            }
            Move::Pass => {}
        }
    }
    svg.text(
        WIDTH / 2.0,
        HEIGHT - CAPTION / 2.0 - 2.0,
        Font::centred(19.0, false),
        caption,
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::testing::{mailed, on_ring, play};

    use crate::games::sauterelle::board::Stack;
    use crate::render::{Raster, near};

    /// What a point shows at `level` in the picture: a checker's colour or the triangle's.
    fn shown_at(pos: &Position, p: Point, level: u8) -> Colour {
        match pos.board().stack(p) {
            Stack::Lone(side) if level == 1 => piece_colour(side),
            Stack::Wall(side) => piece_colour(side),
            _ => point_colour(p),
        }
    }

    fn picture(pos: &Position, last: Option<&(Position, Move)>) -> Raster {
        let svg = draw(pos, last.map(|(p, m)| (p, m)), "White to move (ply 9).");
        mailed(&svg)
    }

    /// Both levels of every point show what the position holds there.
    fn assert_points(raster: &Raster, pos: &Position) {
        for p in Point::all() {
            for level in 1..=2 {
                let (x, y) = centre(p, level);
                let seen = raster.pixel(x, y).expect("inside");
                let expected = shown_at(pos, p, level);
                assert!(
                    near(seen, expected, 30),
                    "point {p} level {level}: {seen} for {expected}"
                );
            }
        }
    }

    #[test]
    fn the_start_shows_an_empty_track_and_full_bars() {
        let pos = Position::parse("start", None, 14, Side::White).expect("valid");
        let raster = picture(&pos, None);
        assert_points(&raster, &pos);
        for side in Side::BOTH {
            // Below the count written on the top checker.
            for slot in 0..BAR_DISCS {
                let (x, y) = bar_centre(side, slot);
                let seen = raster.pixel(x, y + RADIUS * 0.6).expect("inside");
                assert!(
                    near(seen, piece_colour(side), 30),
                    "{side:?} bar {slot}: {seen}"
                );
            }
            let (x, y) = slab_centre(side, 0);
            assert!(near(
                raster.pixel(x, y).expect("inside"),
                palette::BOARD,
                30
            ));
        }
        for p in Point::all() {
            let (x, y) = centre(p, 1);
            assert_eq!(on_ring(&raster, (x, y), RADIUS + 4.0, palette::MARK_TO), 0);
            assert_eq!(
                on_ring(&raster, (x, y), RADIUS + 4.0, palette::MARK_FROM),
                0
            );
        }
    }

    /// The top checker of the wall on 9 jumps the wall on 14 and builds one on 15: a dashed
    /// ring where it stood on 9 (over the checker left there), a solid one round it on 15.
    #[test]
    fn a_top_checker_jumping_a_wall_is_marked_where_it_left_and_arrived() {
        let mut pos = Position::parse(
            "....../..W.../.Bw.../...... 11 12 0-0 - w",
            None,
            14,
            Side::White,
        )
        .expect("valid");
        let last = play(&mut pos, &["9/15"]);
        let raster = picture(&pos, last.as_ref());
        assert_points(&raster, &pos);
        let p = |n| Point::new(n).expect("a point");
        let r = RADIUS + 4.0;
        assert!(on_ring(&raster, centre(p(15), 2), r, palette::MARK_TO) > 30);
        let dashes = on_ring(&raster, centre(p(9), 2), r, palette::MARK_FROM);
        assert!(
            (8..34).contains(&dashes),
            "{dashes} of 36 on the dashed ring"
        );
        for (n, level) in [(9, 1), (14, 1), (16, 1), (10, 1), (3, 1)] {
            assert_eq!(
                on_ring(&raster, centre(p(n), level), r, palette::MARK_TO),
                0
            );
        }
        assert_eq!(on_ring(&raster, centre(p(14), 2), r, palette::MARK_FROM), 0);
    }

    /// An entry is marked on the bar (dashed) and on its point (solid); a bear-off round
    /// the wall's point (dashed) and round the scorer's points in the off tray (solid).
    #[test]
    fn entries_and_bear_offs_are_marked_on_the_trays() {
        let mut pos = Position::parse("start", None, 14, Side::White).expect("valid");
        let last = play(&mut pos, &["bar/3"]);
        let raster = picture(&pos, last.as_ref());
        assert_points(&raster, &pos);
        let p = |n| Point::new(n).expect("a point");
        let r = RADIUS + 4.0;
        assert!(on_ring(&raster, centre(p(3), 1), r, palette::MARK_TO) > 30);
        let dashes = on_ring(
            &raster,
            bar_centre(Side::White, BAR_DISCS - 1),
            r,
            palette::MARK_FROM,
        );
        assert!(
            (8..34).contains(&dashes),
            "{dashes} of 36 on the dashed ring"
        );
        assert_eq!(
            on_ring(
                &raster,
                bar_centre(Side::Black, BAR_DISCS - 1),
                r,
                palette::MARK_FROM
            ),
            0
        );

        let mut pos = Position::parse(
            "....../....../....../.W..b. 10 11 1-1 b w",
            None,
            14,
            Side::White,
        )
        .expect("valid");
        let last = play(&mut pos, &["20/off"]);
        let raster = picture(&pos, last.as_ref());
        assert_points(&raster, &pos);
        // The dashed outline runs down both sides of point 20's two slots, not 23's.
        let dashes = |n: u8| {
            let (x, top) = centre(p(n), 1);
            let (_, bottom) = centre(p(n), 2);
            (0..=20)
                .flat_map(|i| {
                    let y = top + (bottom - top) * i as f32 / 20.0;
                    [(x - r, y), (x + r, y)]
                })
                .filter(|(x, y)| {
                    raster
                        .pixel(*x, *y)
                        .is_some_and(|c| near(c, palette::MARK_FROM, 40))
                })
                .count()
        };
        assert!((6..40).contains(&dashes(20)), "{} of 42", dashes(20));
        assert_eq!(dashes(23), 0);
        // Two slabs a side in the off tray, under them the points.
        for side in Side::BOTH {
            for slot in 0..4 {
                let (x, y) = slab_centre(side, slot);
                let seen = raster.pixel(x, y).expect("inside");
                let expected = if slot < 2 * pos.points(side) {
                    piece_colour(side)
                } else {
                    palette::BOARD
                };
                assert!(near(seen, expected, 30), "{side:?} slab {slot}: {seen}");
            }
        }
        // The point scored: a solid ring round White's count, none round Black's.
        assert!(on_ring(&raster, points_centre(Side::White), r, palette::MARK_TO) > 30);
        assert_eq!(
            on_ring(&raster, points_centre(Side::Black), r, palette::MARK_TO),
            0
        );
    }
}
