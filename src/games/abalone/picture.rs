//! The Abalone picture: the hexagon of 61 holes in the orientation of section 1.2 (row A at
//! the bottom), Black's and White's marbles, the row letters A-I at the left of each row and
//! the diagonal digits 1-9 past the lower end of each diagonal, where the text board
//! ([`super::board_text`]) writes them. Under the board, each side's tray holds the opponent's
//! marbles it has pushed off (six slots, after a marble of the side's colour), then the
//! caption.
//!
//! The last move is marked: a dashed ring on each hole the mover's marbles left and that
//! stays empty, a solid ring on each hole a moved marble now stands on, and a cross on the
//! newest marble of the mover's tray when the move pushed one off. Opponent marbles that
//! were only pushed (sumito) are drawn as they are: plain marbles. Pure.

use super::board::{Board, WINNING_EJECTIONS};
use super::cell::Cell;
use super::moves::Move;
use super::position::Position;
use crate::games::Side;
use crate::render::palette::{self, Colour};
use crate::render::svg::{Font, Paint, Svg};

/// The distance between the centres of two neighbouring holes, in the picture's units (one
/// unit is one pixel of the mail's PNG).
pub const CELL: f32 = 48.0;
/// The distance between two rows: the cell times cos 30° (41.6) rounded up to 42, so that
/// every hole lies on whole pixels and is rasterised alike, and the board's slanted edges
/// climb exactly 7 pixels every 4 (their pixels repeat every 7 rows). Both keep the PNG
/// small.
const ROW_STEP: f32 = 42.0;
/// How far the board's edge lies outside the centres of its outer holes.
const RIM: f32 = 29.0;
/// How far a row letter or a diagonal digit lies from its end hole, in steps.
const LABEL_STEP: f32 = 1.15;
/// The radius of a marble.
pub const MARBLE: f32 = 19.0;
/// The radius of an empty hole.
pub const HOLE: f32 = 7.0;
/// The radius of the solid ring where a moved marble arrived.
pub const TO_RING: f32 = 22.0;
/// The radius of the dashed ring where a moved marble left.
pub const FROM_RING: f32 = 21.0;

/// The picture's width.
pub const WIDTH: f32 = 530.0;
/// The height of the centre of row I.
const TOP: f32 = 44.0;
/// The height of the centre of row E (the board's centre).
const MIDDLE: f32 = TOP + 4.0 * ROW_STEP;
/// The height of the centre of the trays under the board.
pub const TRAY_Y: f32 = MIDDLE + 4.0 * ROW_STEP + 86.0;
/// The distance between two slots of a tray.
pub const SLOT: f32 = 24.0;
/// The radius of a marble in a tray.
pub const TRAY_MARBLE: f32 = 10.0;
/// The band under the trays for the caption.
const CAPTION: f32 = 44.0;
/// The picture's height.
pub const HEIGHT: f32 = TRAY_Y + 22.0 + CAPTION;

/// The point of row `row` (1 = A) and diagonal `diag`, also off the board (for labels):
/// one step east is one cell to the right, one row up is half a cell to the left.
fn point(row: f32, diag: f32) -> (f32, f32) {
    let x = WIDTH / 2.0 + (diag - 5.0 - (row - 5.0) / 2.0) * CELL;
    let y = MIDDLE - (row - 5.0) * ROW_STEP;
    (x, y)
}

/// The centre of `cell`'s hole in the picture.
pub fn centre(cell: Cell) -> (f32, f32) {
    point(f32::from(cell.row()), f32::from(cell.diag()))
}

/// The colour a marble of `side` is drawn in.
pub fn marble_colour(side: Side) -> Colour {
    match side {
        Side::Black => palette::BLACK_PIECE,
        Side::White => palette::WHITE_PIECE,
    }
}

/// The centre of slot `slot` (0 to 5) of the tray of `side`: the opponent's marbles `side`
/// has pushed off. Black's tray is on the left, White's on the right.
pub fn slot_centre(side: Side, slot: u8) -> (f32, f32) {
    let x = tray_x(side) - 2.5 * SLOT + f32::from(slot) * SLOT;
    (x, TRAY_Y)
}

/// The centre of the tray of `side`.
fn tray_x(side: Side) -> f32 {
    match side {
        Side::Black => 152.0,
        Side::White => 414.0,
    }
}

/// The six corners of the board: the corner holes pushed outwards by the rim.
fn corners() -> Vec<(f32, f32)> {
    let (cx, cy) = point(5.0, 5.0);
    // A corner lies further out than an edge's middle: the rim over cos 30°.
    let scale = 1.0 + RIM / 0.866_025_4 / (4.0 * CELL);
    [
        (5.0, 1.0),
        (1.0, 1.0),
        (1.0, 5.0),
        (5.0, 9.0),
        (9.0, 9.0),
        (9.0, 5.0),
    ]
    .into_iter()
    .map(|(row, diag)| {
        let (x, y) = point(row, diag);
        (cx + (x - cx) * scale, cy + (y - cy) * scale)
    })
    .collect()
}

/// The holes the last move's marbles left (and that stay empty), and those they entered.
fn moved(m: &Move) -> (Vec<Cell>, Vec<Cell>) {
    let from = m.marbles().unwrap_or_default();
    let to: Vec<Cell> = from.iter().filter_map(|c| c.step(m.dir())).collect();
    let left = from.iter().filter(|c| !to.contains(c)).copied().collect();
    (left, to)
}

/// Draws `pos`; `last` is the last move with the position before it; `caption` goes under
/// the board.
pub fn draw(pos: &Position, last: Option<(&Position, &Move)>, caption: &str) -> String {
    let board = pos.board();
    let mut svg = Svg::new(WIDTH, HEIGHT, palette::PAPER, caption);
    svg.polygon(
        &corners(),
        Paint::both(palette::BOARD, palette::BOARD_LINE, 3.0),
    );
    for cell in Cell::all() {
        let (x, y) = centre(cell);
        svg.circle(x, y, HOLE, Paint::fill(palette::BOARD_DARK));
    }
    coordinates(&mut svg);
    svg.position();
    let (left, entered) = last.map(|(_, m)| moved(m)).unwrap_or_default();
    for cell in &left {
        let (x, y) = centre(*cell);
        svg.circle(
            x,
            y,
            FROM_RING,
            Paint::stroke(palette::MARK_FROM, 4.0).dashed(7.0),
        );
    }
    for cell in Cell::all() {
        if let Some(side) = board.at(cell) {
            let (x, y) = centre(cell);
            svg.circle(
                x,
                y,
                MARBLE,
                Paint::both(marble_colour(side), palette::PIECE_EDGE, 2.0),
            );
        }
    }
    for cell in &entered {
        let (x, y) = centre(*cell);
        svg.circle(x, y, TO_RING, Paint::stroke(palette::MARK_TO, 4.0));
    }
    trays(&mut svg, board, last.map(|(before, _)| before.board()));
    svg.text(
        WIDTH / 2.0,
        HEIGHT - CAPTION / 2.0 - 4.0,
        Font::centred(18.0, false),
        caption,
    );
    svg.finish()
}

/// The row letters, one step west of each row's first hole, and the diagonal digits, one
/// step south-east of each diagonal's lowest hole: where the text board writes them.
fn coordinates(svg: &mut Svg) {
    let font = Font::centred(17.0, true);
    for row in 1..=9u8 {
        let first = row.saturating_sub(4).max(1);
        let (x, y) = point(f32::from(row), f32::from(first) - LABEL_STEP);
        svg.text(x, y, font, &char::from(b'A' + row - 1).to_string());
    }
    for diag in 1..=9u8 {
        let lowest = diag.saturating_sub(4).max(1);
        let (x, y) = point(f32::from(lowest) - LABEL_STEP, f32::from(diag));
        svg.text(x, y, font, &diag.to_string());
    }
}

/// Each side's tray: a marble of its colour, then six slots holding the opponent's marbles
/// it has pushed off. A cross on the newest one if the last move pushed it off.
fn trays(svg: &mut Svg, board: &Board, before: Option<&Board>) {
    // On whole pixels: the tray's straight edges are then crisp (and cheap in the PNG).
    let width = f32::from(WINNING_EJECTIONS) * SLOT + 6.0;
    let height = SLOT + 6.0;
    for side in Side::BOTH {
        let x = tray_x(side);
        let ejected = board.ejected_by(side);
        svg.rect(
            x - width / 2.0,
            TRAY_Y - height / 2.0,
            width,
            height,
            8.0,
            Paint::both(palette::BOARD, palette::BOARD_LINE, 2.0),
        );
        svg.circle(
            x - width / 2.0 - 24.0,
            TRAY_Y,
            14.0,
            Paint::both(marble_colour(side), palette::PIECE_EDGE, 2.0),
        );
        for slot in 0..WINNING_EJECTIONS {
            let (sx, sy) = slot_centre(side, slot);
            if slot < ejected {
                svg.circle(
                    sx,
                    sy,
                    TRAY_MARBLE,
                    Paint::both(marble_colour(side.opponent()), palette::PIECE_EDGE, 1.5),
                );
            } else {
                svg.circle(sx, sy, 5.0, Paint::fill(palette::BOARD_DARK));
            }
        }
        let pushed_off = before.is_some_and(|b| b.ejected_by(side) < ejected);
        if pushed_off && ejected > 0 {
            let (sx, sy) = slot_centre(side, ejected.min(WINNING_EJECTIONS) - 1);
            svg.cross(sx, sy, TRAY_MARBLE, palette::MARK_TAKEN, 4.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameOptions};
    use crate::render::testing::{mailed, on_ring, play};
    use crate::render::{Raster, near};

    fn position(text: &str) -> Position {
        let options = GameOptions::defaults(&super::super::position::OPTION_SPECS);
        Position::from_position(text, None, &options).expect("a valid position")
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).expect("a cell")
    }

    /// Draws `pos` after `last`, checks the PNG's size and decodes it.
    fn raster(pos: &Position, last: Option<&(Position, Move)>) -> Raster {
        let caption = "Au trait : les Blancs (demi-coup 2).";
        let svg = draw(pos, last.map(|(p, m)| (p, m)), caption);
        mailed(&svg)
    }

    /// Every hole shows what the position holds there: at its centre a marble's colour or
    /// the hole's, and off the centre a marble's colour or the board's.
    fn assert_holes(raster: &Raster, pos: &Position) {
        for cell in Cell::all() {
            let (x, y) = centre(cell);
            let at_centre = raster.pixel(x, y).expect("inside");
            let aside = raster.pixel(x, y + CELL * 0.3).expect("inside");
            let (centre_colour, aside_colour) = match pos.board().at(cell) {
                Some(side) => (marble_colour(side), marble_colour(side)),
                None => (palette::BOARD_DARK, palette::BOARD),
            };
            assert!(near(at_centre, centre_colour, 30), "{cell:?}: {at_centre}");
            assert!(near(aside, aside_colour, 30), "{cell:?}: {aside}");
        }
    }

    fn solid(raster: &Raster, name: &str) -> bool {
        on_ring(raster, centre(cell(name)), TO_RING, palette::MARK_TO) > 30
    }

    fn dashed(raster: &Raster, name: &str) -> bool {
        (10..34).contains(&on_ring(
            raster,
            centre(cell(name)),
            FROM_RING,
            palette::MARK_FROM,
        ))
    }

    fn unmarked(raster: &Raster, name: &str) -> bool {
        let at = centre(cell(name));
        on_ring(raster, at, TO_RING, palette::MARK_TO) == 0
            && on_ring(raster, at, FROM_RING, palette::MARK_FROM) == 0
    }

    /// Whether any pixel of the band from `top` to `bottom` shows `colour`.
    fn any_in_band(raster: &Raster, top: f32, bottom: f32, colour: Colour) -> bool {
        let mut y = top;
        while y < bottom {
            let mut x = 0.0;
            while x < WIDTH {
                if raster.pixel(x, y).is_some_and(|c| near(c, colour, 30)) {
                    return true;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        false
    }

    /// Slot `slot` of `side`'s tray holds a marble of `colour`, or is empty.
    fn slot_shows(raster: &Raster, side: Side, slot: u8, colour: Option<Colour>) -> bool {
        let (x, y) = slot_centre(side, slot);
        // Off the centre, clear of a cross.
        let seen = raster.pixel(x, y + TRAY_MARBLE * 0.8).expect("inside");
        near(seen, colour.unwrap_or(palette::BOARD), 30)
    }

    #[test]
    fn the_starts_show_every_marble_and_no_mark() {
        for variant in ["standard", "belgian-daisy"] {
            let text = Position::variants()
                .iter()
                .find(|v| v.id == variant)
                .expect("a variant")
                .position;
            let pos = position(text);
            let raster = raster(&pos, None);
            assert_holes(&raster, &pos);
            for colour in [palette::MARK_TO, palette::MARK_FROM, palette::MARK_TAKEN] {
                assert!(
                    !any_in_band(&raster, 0.0, HEIGHT, colour),
                    "{variant}: {colour}"
                );
            }
            for side in Side::BOTH {
                for slot in 0..WINNING_EJECTIONS {
                    assert!(
                        slot_shows(&raster, side, slot, None),
                        "{variant} {side:?} {slot}"
                    );
                }
            }
        }
    }

    /// A broadside move in a scattered position (every marble on a row of its own colour's
    /// neighbours is dearer in the PNG), both trays nearly full: three dashed rings where
    /// the marbles were, three solid ones where they are, and still under 40 KB.
    #[test]
    fn a_broadside_move_rings_the_holes_it_left_and_entered() {
        let mut pos = position("5a1b246c15d37e159f456_5c37d26e48f237g8h79i6 b");
        let last = play(&mut pos, &["f4f6g4"]);
        let raster = raster(&pos, last.as_ref());
        assert_holes(&raster, &pos);
        for name in ["f4", "f5", "f6"] {
            assert!(dashed(&raster, name), "{name}");
        }
        for name in ["g4", "g5", "g6"] {
            assert!(solid(&raster, name), "{name}");
        }
        for name in ["e5", "f3", "f7", "g3", "g7", "h5", "e4"] {
            assert!(unmarked(&raster, name), "{name}");
        }
        assert!(!any_in_band(&raster, 0.0, HEIGHT, palette::MARK_TAKEN));
        for slot in 0..WINNING_EJECTIONS {
            let black = (slot < 5).then_some(palette::WHITE_PIECE);
            assert!(
                slot_shows(&raster, Side::Black, slot, black),
                "Black's {slot}"
            );
            let white = (slot < 5).then_some(palette::BLACK_PIECE);
            assert!(
                slot_shows(&raster, Side::White, slot, white),
                "White's {slot}"
            );
        }
    }

    /// A sumito that pushes a marble without ejecting it: the pushed marble is drawn plain.
    #[test]
    fn a_pushed_marble_stays_a_plain_marble() {
        let mut pos = position("0a1e345_0e6i9");
        let last = play(&mut pos, &["e3e4"]);
        let raster = raster(&pos, last.as_ref());
        assert_holes(&raster, &pos);
        assert_eq!(pos.board().at(cell("e7")), Some(Side::White));
        assert!(dashed(&raster, "e3"));
        for name in ["e4", "e5", "e6"] {
            assert!(solid(&raster, name), "{name}");
        }
        for name in ["e7", "a1", "i9", "e2"] {
            assert!(unmarked(&raster, name), "{name}");
        }
        assert!(!any_in_band(&raster, 0.0, HEIGHT, palette::MARK_TAKEN));
    }

    /// Black pushes its third white marble off: it lands in Black's tray with a cross; the
    /// white marble pushed to the edge stays plain.
    #[test]
    fn an_ejection_fills_the_tray_and_is_crossed() {
        let mut pos = position("1a1e345_2e12i9 b");
        let last = play(&mut pos, &["e5e4"]);
        assert_eq!(pos.board().ejected_by(Side::Black), 3);
        let raster = raster(&pos, last.as_ref());
        assert_holes(&raster, &pos);
        assert!(dashed(&raster, "e5"));
        for name in ["e2", "e3", "e4"] {
            assert!(solid(&raster, name), "{name}");
        }
        for name in ["e1", "a1", "i9", "e6"] {
            assert!(unmarked(&raster, name), "{name}");
        }
        // The trays: Black has three white marbles, the newest crossed; White has one black.
        for slot in 0..WINNING_EJECTIONS {
            let black = (slot < 3).then_some(palette::WHITE_PIECE);
            assert!(
                slot_shows(&raster, Side::Black, slot, black),
                "Black's {slot}"
            );
            let white = (slot < 1).then_some(palette::BLACK_PIECE);
            assert!(
                slot_shows(&raster, Side::White, slot, white),
                "White's {slot}"
            );
        }
        let crossed = |side, slot| {
            let (x, y) = slot_centre(side, slot);
            raster
                .pixel(x, y)
                .is_some_and(|c| near(c, palette::MARK_TAKEN, 40))
        };
        assert!(crossed(Side::Black, 2));
        assert!(!crossed(Side::Black, 1));
        assert!(!crossed(Side::White, 0));
        // No cross on the board itself.
        assert!(!any_in_band(
            &raster,
            0.0,
            TRAY_Y - 30.0,
            palette::MARK_TAKEN
        ));
    }
}
