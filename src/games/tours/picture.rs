//! The picture of La Bataille des Tours: the 8×8 board with White at the bottom, files a-h
//! and ranks 1-8 on every side as the text board writes them, cells BOARD and BOARD_DARK in
//! turn. A round is a disc and a square a square, in its owner's colour; a stack is drawn as
//! a tower of its pieces seen from the front, each layer a little higher than the one under
//! it, read from the top down as the text board writes it (`RRS`: two rounds on a square),
//! with its height written on the top piece. A piece that went beyond the far edge stands
//! in a band past that edge. The last action is marked: a dashed outline on the cell it
//! started from, a solid outline on each cell it ended on (or a ring round the piece beyond
//! the edge), and a cross under the capturing piece where an enemy stack was taken. The
//! caption (the side to move) goes under the board. Pure.

use super::cell::{Cell, Target};
use super::moves::Move;
use super::position::Position;
use super::stack::{Kind, Stack};
use crate::games::Side;
use crate::render::palette::{self, Colour};
use crate::render::svg::{Anchor, Font, Paint, Svg};

/// The side of a cell, in the picture's units (one unit is one pixel of the mail's PNG).
pub const CELL: f32 = 68.0;
/// The margin around the board, where the coordinates are written.
const MARGIN: f32 = 34.0;
/// The band past a far edge, shown only when a piece went beyond it.
const BEYOND: f32 = 60.0;
/// The band under the board for the caption.
const CAPTION: f32 = 40.0;
/// A round's radius.
pub const ROUND: f32 = 19.5;
/// Half a square's side.
pub const SQUARE: f32 = 18.0;
/// The radius of a square's corners.
const CORNER: f32 = 4.0;
/// How much higher each piece of a stack is drawn than the one under it.
pub const LAYER: f32 = 10.0;
/// How far the outlines of the last action stand inside their cell.
const OUTLINE_INSET: f32 = 3.5;

/// The picture's width.
pub const WIDTH: f32 = 2.0 * MARGIN + 8.0 * CELL;

/// Where things are drawn: the board's top edge moves down when a White piece stands
/// beyond rank 8.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The top edge of the board (rank 8).
    pub top: f32,
    /// The picture's height.
    pub height: f32,
}

impl Layout {
    /// The layout of `pos`: a band above the board for a White piece beyond rank 8, below
    /// it for a Black piece beyond rank 1.
    pub fn of(pos: &Position) -> Layout {
        let beyond = pos.beyond().map(Stack::side);
        let above = if beyond == Some(Side::White) {
            BEYOND
        } else {
            0.0
        };
        let below = if beyond == Some(Side::Black) {
            BEYOND
        } else {
            0.0
        };
        let top = MARGIN + above;
        Layout {
            top,
            height: top + 8.0 * CELL + MARGIN + below + CAPTION,
        }
    }

    /// The centre of `cell`.
    pub fn centre(&self, cell: Cell) -> (f32, f32) {
        let x = MARGIN + (f32::from(cell.file()) + 0.5) * CELL;
        let y = self.top + (f32::from(7 - cell.rank()) + 0.5) * CELL;
        (x, y)
    }

    /// The centre of the piece of `side` beyond the far edge, above `file` (0 = a).
    pub fn beyond_centre(&self, side: Side, file: u8) -> (f32, f32) {
        let x = MARGIN + (f32::from(file) + 0.5) * CELL;
        let y = match side {
            Side::White => self.top - MARGIN - BEYOND / 2.0,
            Side::Black => self.top + 8.0 * CELL + MARGIN + BEYOND / 2.0,
        };
        (x, y)
    }
}

/// The colour a piece of `side` is drawn in.
pub fn piece_colour(side: Side) -> Colour {
    match side {
        Side::White => palette::WHITE_PIECE,
        Side::Black => palette::BLACK_PIECE,
    }
}

/// The pieces of `stack` from the top down, as the text board writes them (rounds first).
pub fn layers(stack: Stack) -> impl Iterator<Item = Kind> {
    let rounds = stack.count(Kind::Round);
    let squares = stack.count(Kind::Square);
    std::iter::repeat_n(Kind::Round, usize::from(rounds))
        .chain(std::iter::repeat_n(Kind::Square, usize::from(squares)))
}

/// The centre of the `depth`th piece from the top (0 = the top piece) of a stack of
/// `height` pieces standing at `(x, y)`.
pub fn layer_centre((x, y): (f32, f32), height: u8, depth: u8) -> (f32, f32) {
    let up = f32::from(height.saturating_sub(1)) * LAYER / 2.0;
    (x, y - up + f32::from(depth) * LAYER)
}

/// True for the light cells: those the rounds stand on. Rounds move only diagonally, so
/// they never change colour; the standard start has them on the light cells with a1 dark,
/// the light-corner start on the other colour. A board without rounds (or as many on both)
/// is coloured as the standard one.
fn light_parity(pos: &Position) -> u8 {
    let mut on = [0u32; 2];
    for cell in Cell::all() {
        if let Some(stack) = pos.board().get(cell) {
            let parity = usize::from((cell.file() + cell.rank()) % 2);
            on[parity] += u32::from(stack.count(Kind::Round));
        }
    }
    if on[0] > on[1] { 0 } else { 1 }
}

/// One simple piece of `side` and `kind` centred at `(x, y)`. A black piece has a thin
/// mid-tone rim inside its edge, so that the layers of a black stack stay apart.
fn piece(svg: &mut Svg, (x, y): (f32, f32), side: Side, kind: Kind) {
    let paint = Paint::both(piece_colour(side), palette::PIECE_EDGE, 1.5);
    let shape = |svg: &mut Svg, inset: f32, paint: Paint| match kind {
        Kind::Round => svg.circle(x, y, ROUND - inset, paint),
        Kind::Square => {
            let half = SQUARE - inset;
            let corner = CORNER - inset;
            svg.rect(x - half, y - half, 2.0 * half, 2.0 * half, corner, paint);
        }
    };
    shape(svg, 0.0, paint);
    if side == Side::Black {
        shape(svg, 2.0, Paint::stroke(palette::BOARD_DARK, 1.2));
    }
}

/// A stack centred at `at`: its pieces from the bottom up, its height on the top one when
/// it has more than one.
fn tower(svg: &mut Svg, at: (f32, f32), stack: Stack) {
    let height = stack.height();
    let kinds: Vec<Kind> = layers(stack).collect();
    for (depth, kind) in kinds.iter().enumerate().rev() {
        let depth = u8::try_from(depth).unwrap_or(0);
        piece(svg, layer_centre(at, height, depth), stack.side(), *kind);
    }
    if height > 1 {
        let (x, y) = layer_centre(at, height, 0);
        let colour = match stack.side() {
            Side::White => palette::INK,
            Side::Black => palette::WHITE_PIECE,
        };
        let font = Font {
            size: 18.0,
            bold: true,
            colour,
            anchor: Anchor::Middle,
        };
        svg.text(x, y, font, &height.to_string());
    }
}

/// The cells the last action started from and ended on, and whether it sent a piece
/// beyond the edge.
fn touched(m: &Move) -> (Cell, Vec<Cell>, bool) {
    match m {
        Move::Shift { from, to } => match to {
            Target::Cell(c) => (*from, vec![*c], false),
            Target::Off => (*from, Vec::new(), true),
        },
        Move::Deploy { from, drops } => {
            let mut cells = Vec::with_capacity(3);
            let mut off = false;
            for target in drops.as_slice() {
                match target {
                    Target::Cell(c) => cells.push(*c),
                    Target::Off => off = true,
                }
            }
            (*from, cells, off)
        }
    }
}

/// Draws `pos`; `last` is the last action with the position before it; `caption` goes
/// under the board.
pub fn draw(pos: &Position, last: Option<(&Position, &Move)>, caption: &str) -> String {
    let layout = Layout::of(pos);
    let side = 8.0 * CELL;
    let mut svg = Svg::new(WIDTH, layout.height, palette::PAPER, caption);
    let light = light_parity(pos);
    for cell in Cell::all() {
        let (x, y) = layout.centre(cell);
        let colour = if (cell.file() + cell.rank()) % 2 == light {
            palette::BOARD
        } else {
            palette::BOARD_DARK
        };
        svg.rect(
            x - CELL / 2.0,
            y - CELL / 2.0,
            CELL,
            CELL,
            0.0,
            Paint::fill(colour),
        );
    }
    svg.rect(
        MARGIN,
        layout.top,
        side,
        side,
        0.0,
        Paint::stroke(palette::BOARD_LINE, 2.0),
    );
    let coordinate = Font::centred(18.0, true);
    for i in 0..8u8 {
        let file = char::from(b'a' + i).to_string();
        let x = MARGIN + (f32::from(i) + 0.5) * CELL;
        svg.text(x, layout.top - MARGIN / 2.0, coordinate, &file);
        svg.text(x, layout.top + side + MARGIN / 2.0, coordinate, &file);
        let rank = (i + 1).to_string();
        let y = layout.top + (f32::from(7 - i) + 0.5) * CELL;
        svg.text(MARGIN / 2.0, y, coordinate, &rank);
        svg.text(MARGIN + side + MARGIN / 2.0, y, coordinate, &rank);
    }

    svg.position();
    // What the last action took: a cross under the piece now standing where it was.
    if let Some((before, _)) = last {
        let mover = before.side_to_move();
        for cell in Cell::all() {
            let was = before.board().get(cell).map(Stack::side);
            let now = pos.board().get(cell).map(Stack::side);
            if was == Some(mover.opponent()) && now != was {
                let (x, y) = layout.centre(cell);
                let r = CELL / 2.0 - 9.0;
                svg.cross(x, y, r, palette::MARK_TAKEN, 6.0);
            }
        }
    }
    for cell in Cell::all() {
        if let Some(stack) = pos.board().get(cell) {
            tower(&mut svg, layout.centre(cell), stack);
        }
    }
    let touched = last.map(|(_, m)| touched(m));
    // The piece beyond the far edge, above the file it left from.
    if let Some(stack) = pos.beyond() {
        let file = match &touched {
            Some((from, cells, _)) => cells.last().unwrap_or(from).file(),
            None => 3,
        };
        let at = layout.beyond_centre(stack.side(), file);
        tower(&mut svg, at, stack);
        if touched.as_ref().is_some_and(|(_, _, off)| *off) {
            let (x, y) = at;
            let r = ROUND + f32::from(stack.height().saturating_sub(1)) * LAYER / 2.0 + 5.0;
            svg.circle(x, y, r, Paint::stroke(palette::MARK_TO, 4.0));
        }
    }
    if let Some((from, cells, _)) = touched {
        let outline = |svg: &mut Svg, cell: Cell, paint: Paint| {
            let (x, y) = layout.centre(cell);
            let half = CELL / 2.0 - OUTLINE_INSET;
            svg.rect(x - half, y - half, 2.0 * half, 2.0 * half, 3.0, paint);
        };
        for cell in cells {
            outline(&mut svg, cell, Paint::stroke(palette::MARK_TO, 4.0));
        }
        outline(
            &mut svg,
            from,
            Paint::stroke(palette::MARK_FROM, 4.0).dashed(8.0),
        );
    }
    svg.text(
        WIDTH / 2.0,
        layout.height - CAPTION / 2.0 - 4.0,
        Font::centred(19.0, false),
        caption,
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameOptions;
    use crate::render::testing::{mailed, play};
    use crate::render::{Raster, near};

    fn position(text: &str) -> Position {
        Position::from_position(text, None, &GameOptions::default()).expect("valid")
    }

    fn picture(pos: &Position, last: Option<&(Position, Move)>) -> Raster {
        let svg = draw(pos, last.map(|(p, m)| (p, m)), "Black to move (ply 2).");
        mailed(&svg)
    }

    fn cell(text: &str) -> Cell {
        Cell::parse(text).expect("a cell")
    }

    fn cell_colour(pos: &Position, cell: Cell) -> Colour {
        if (cell.file() + cell.rank()) % 2 == light_parity(pos) {
            palette::BOARD
        } else {
            palette::BOARD_DARK
        }
    }

    /// Every cell shows what the position holds: the top piece in its owner's colour (read
    /// beside the height written on it), or the cell's colour; and for White, whose pieces
    /// have no inner rim, the bottom piece's shape: a square fills the corner a disc leaves
    /// empty.
    fn assert_cells(raster: &Raster, pos: &Position) {
        let layout = Layout::of(pos);
        for cell in Cell::all() {
            let at = layout.centre(cell);
            let Some(stack) = pos.board().get(cell) else {
                let seen = raster.pixel(at.0, at.1).expect("inside");
                assert!(near(seen, cell_colour(pos, cell), 30), "{cell}: {seen}");
                continue;
            };
            let height = stack.height();
            let (x, y) = layer_centre(at, height, 0);
            let seen = raster.pixel(x + 10.0, y - 9.0).expect("inside");
            let expected = piece_colour(stack.side());
            assert!(near(seen, expected, 30), "{cell}: {seen} for {expected}");
            if stack.side() == Side::White {
                let (x, y) = layer_centre(at, height, height - 1);
                let corner = raster.pixel(x + 15.5, y + 15.5).expect("inside");
                let bottom = layers(stack).last();
                let expected = if bottom == Some(Kind::Square) {
                    palette::WHITE_PIECE
                } else {
                    cell_colour(pos, cell)
                };
                assert!(near(corner, expected, 30), "{cell} corner: {corner}");
            }
        }
    }

    /// How many of 40 points along the outline of `cell` are near `colour`.
    fn on_outline(raster: &Raster, pos: &Position, cell: Cell, colour: Colour) -> usize {
        let (x, y) = Layout::of(pos).centre(cell);
        let half = CELL / 2.0 - OUTLINE_INSET;
        (0..40)
            .map(|i| {
                let t = -half + 2.0 * half * (i % 10) as f32 / 10.0;
                match i / 10 {
                    0 => (x + t, y - half),
                    1 => (x + half, y + t),
                    2 => (x - t, y + half),
                    _ => (x - half, y - t),
                }
            })
            .filter(|(x, y)| raster.pixel(*x, *y).is_some_and(|c| near(c, colour, 40)))
            .count()
    }

    /// True if the corners of `cell` show the cross of a capture.
    fn crossed(raster: &Raster, pos: &Position, cell: Cell) -> bool {
        let (x, y) = Layout::of(pos).centre(cell);
        [(22.0, 22.0), (-22.0, 22.0), (22.0, -22.0), (-22.0, -22.0)]
            .iter()
            .all(|(dx, dy)| {
                raster
                    .pixel(x + dx, y + dy)
                    .is_some_and(|c| near(c, palette::MARK_TAKEN, 40))
            })
    }

    #[test]
    fn the_start_shows_every_piece_and_no_mark() {
        let pos = position("rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w");
        let raster = picture(&pos, None);
        assert_cells(&raster, &pos);
        for cell in Cell::all() {
            assert_eq!(on_outline(&raster, &pos, cell, palette::MARK_TO), 0);
            assert_eq!(on_outline(&raster, &pos, cell, palette::MARK_FROM), 0);
            assert!(!crossed(&raster, &pos, cell));
        }
        // a1 is dark, and holds a square; b1 a round.
        let (x, y) = Layout::of(&pos).centre(cell("a1"));
        assert!(near(
            raster.pixel(x + 31.0, y + 31.0).expect("inside"),
            palette::BOARD_DARK,
            10
        ));
    }

    /// Stacks of every composition: the top piece's colour, the bottom piece's shape.
    #[test]
    fn stacks_show_their_top_and_bottom_pieces() {
        let pos = position("4s3/8/3(rss)4/8/3(RRS)4/2(RS)(SS)(RR)3/8/(sss)2(RSS)4 w");
        let raster = picture(&pos, None);
        assert_cells(&raster, &pos);
    }

    /// A double round captures on e6 (T9): a dashed outline on c4, a solid one on e6, the
    /// cross of the captured square in e6's corners, and nothing elsewhere.
    #[test]
    fn a_capture_is_marked_from_to_and_crossed() {
        let mut pos = position("4s3/8/4s3/8/2(RR)5/8/8/8 w");
        let last = play(&mut pos, &["c4xe6"]);
        let raster = picture(&pos, last.as_ref());
        assert_cells(&raster, &pos);
        assert!(on_outline(&raster, &pos, cell("e6"), palette::MARK_TO) > 36);
        let dashes = on_outline(&raster, &pos, cell("c4"), palette::MARK_FROM);
        assert!(
            (10..38).contains(&dashes),
            "{dashes} of 40 on the dashed outline"
        );
        assert!(crossed(&raster, &pos, cell("e6")));
        for other in ["d5", "e8", "c4", "d4", "f7"] {
            assert_eq!(on_outline(&raster, &pos, cell(other), palette::MARK_TO), 0);
            assert!(!crossed(&raster, &pos, cell(other)), "{other}");
        }
        assert_eq!(on_outline(&raster, &pos, cell("e6"), palette::MARK_FROM), 0);
    }

    /// The RRS stack on d4 deploys to d5, c6 and b7 (T13): the origin dashed, every drop
    /// solid, nothing crossed (a deployment never captures).
    #[test]
    fn a_deployment_marks_every_drop() {
        let mut pos = position("4s3/8/8/8/3(RRS)4/8/8/8 w");
        let last = play(&mut pos, &["d4>d5,c6,b7"]);
        let raster = picture(&pos, last.as_ref());
        assert_cells(&raster, &pos);
        for drop in ["d5", "c6", "b7"] {
            assert!(
                on_outline(&raster, &pos, cell(drop), palette::MARK_TO) > 36,
                "{drop}"
            );
        }
        let dashes = on_outline(&raster, &pos, cell("d4"), palette::MARK_FROM);
        assert!(
            (10..38).contains(&dashes),
            "{dashes} of 40 on the dashed outline"
        );
        for cell in Cell::all() {
            assert!(!crossed(&raster, &pos, cell));
        }
        for other in ["e5", "c5", "b6", "e8"] {
            assert_eq!(on_outline(&raster, &pos, cell(other), palette::MARK_TO), 0);
        }
    }

    /// A square steps off the far edge (T20): it stands in a band above rank 8, ringed.
    #[test]
    fn a_piece_beyond_the_edge_stands_past_it() {
        let mut pos = position("4S3/8/8/8/8/8/8/s7 w");
        let last = play(&mut pos, &["e8-off"]);
        let layout = Layout::of(&pos);
        assert_eq!(layout.top, MARGIN + BEYOND);
        let raster = picture(&pos, last.as_ref());
        assert_eq!(raster.height() as f32, layout.height.ceil());
        assert_cells(&raster, &pos);
        let (x, y) = layout.beyond_centre(Side::White, 4);
        assert!(near(
            raster.pixel(x, y).expect("inside"),
            palette::WHITE_PIECE,
            30
        ));
        let r = ROUND + 5.0;
        let ring = (0..36)
            .filter(|i| {
                let a = *i as f32 * std::f32::consts::TAU / 36.0;
                raster
                    .pixel(x + r * a.cos(), y + r * a.sin())
                    .is_some_and(|c| near(c, palette::MARK_TO, 40))
            })
            .count();
        assert!(ring > 30, "{ring} of 36 on the ring");
        let dashes = on_outline(&raster, &pos, cell("e8"), palette::MARK_FROM);
        assert!(
            (10..38).contains(&dashes),
            "{dashes} of 40 on the dashed outline"
        );
    }
}
