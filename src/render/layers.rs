//! A board picture drawn in two layers: the board (its cells, lines and coordinates, the
//! same for every position of a game) rasterised once and kept, and the position (pieces,
//! marks, caption) drawn over a copy of it. The board is most of a picture's shapes and all
//! of its coordinates' text, so a move's picture costs a fraction of drawing it whole, and
//! the pixels are the same: the shapes are painted in the same order onto the same pixels.
//!
//! A drawing says where its board ends with [`Svg::position`](super::svg::Svg::position);
//! a picture without that mark is drawn whole. Pure: the kept boards are a cache of what
//! the drawing would give again.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia;

use super::png::{PictureError, canvas, palette_of, raster as whole, tree};
use super::svg::POSITION;

/// How many boards are kept: one per game and variant in play, about 400 KB each (a byte a
/// pixel). Six is every game of a busy server; a seventh board is drawn again when needed.
const KEPT: usize = 6;

/// A picture cut where its position begins: two SVG documents of the same size.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Layers {
    /// The board alone, without the picture's description (which names the position): the
    /// key of the kept boards.
    board: String,
    /// The position alone, on a transparent ground.
    position: String,
}

/// `svg` in its two layers, or `None` when it has no mark between them (a picture not
/// written by [`Svg`](super::svg::Svg)).
pub(super) fn split(svg: &str) -> Option<Layers> {
    if !svg.starts_with("<svg") {
        return None;
    }
    let open = svg.find('>')? + 1;
    let mark = svg.find(POSITION)?;
    if mark < open {
        return None;
    }
    let head = &svg[..open];
    let mut board = unlabelled(head);
    board.push_str(&svg[open..mark]);
    board.push_str("</svg>");
    let mut position = String::with_capacity(head.len() + svg.len() - mark);
    position.push_str(head);
    position.push_str(&svg[mark..]);
    Some(Layers { board, position })
}

/// The SVG's opening tag without the text of its `aria-label`.
fn unlabelled(head: &str) -> String {
    const LABEL: &str = "aria-label=\"";
    let Some(start) = head.find(LABEL).map(|at| at + LABEL.len()) else {
        return head.to_string();
    };
    let end = head[start..].find('"').map_or(head.len(), |at| start + at);
    let mut out = String::with_capacity(head.len());
    out.push_str(&head[..start]);
    out.push_str(&head[end..]);
    out
}

/// The picture's pixels: the kept board (drawn first if it is not kept) with the position
/// drawn over it; `None` when the board cannot be kept (more than 256 colours), and the
/// picture is to be drawn whole.
pub(super) fn raster(
    layers: &Layers,
    width: Option<u32>,
) -> Result<Option<tiny_skia::Pixmap>, PictureError> {
    let Some(board) = board(&layers.board, width)? else {
        return Ok(None);
    };
    let tree = tree(&layers.position)?;
    let (pixels, transform) = canvas(&tree, width)?;
    if pixels != board.size {
        return Ok(None);
    }
    let mut pixmap = board.pixmap().ok_or(PictureError::Size(pixels.width()))?;
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(Some(pixmap))
}

/// A board's pixels, as indices into its colours: a quarter of the pixmap's bytes.
#[derive(Debug)]
struct Board {
    /// The board's SVG.
    svg: Arc<str>,
    /// The width it was drawn at (`None`: one pixel per unit).
    width: Option<u32>,
    size: tiny_skia::IntSize,
    /// Premultiplied RGBA, as the pixmap holds them.
    colours: Vec<[u8; 4]>,
    pixels: Vec<u8>,
}

impl Board {
    /// The board drawn from `svg`, or `None` past 256 colours.
    fn draw(svg: &str, width: Option<u32>) -> Result<Option<Board>, PictureError> {
        let pixmap = whole(svg, width)?;
        let Some((pixels, colours)) = palette_of(&pixmap, Some) else {
            return Ok(None);
        };
        Ok(Some(Board {
            svg: svg.into(),
            width,
            size: tiny_skia::IntSize::from_wh(pixmap.width(), pixmap.height())
                .ok_or(PictureError::Size(pixmap.width()))?,
            colours,
            pixels,
        }))
    }

    /// A pixmap of the board, to draw a position on.
    fn pixmap(&self) -> Option<tiny_skia::Pixmap> {
        let mut data = vec![0; self.pixels.len() * 4];
        for (pixel, &i) in data.chunks_exact_mut(4).zip(&self.pixels) {
            pixel.copy_from_slice(&self.colours[usize::from(i)]);
        }
        tiny_skia::Pixmap::from_vec(data, self.size)
    }
}

/// The boards drawn lately, the most recently used last.
static BOARDS: Mutex<VecDeque<Arc<Board>>> = Mutex::new(VecDeque::new());

/// The board of `svg` at `width`, kept or drawn now (and kept); `None` when it cannot be
/// kept.
fn board(svg: &str, width: Option<u32>) -> Result<Option<Arc<Board>>, PictureError> {
    {
        let mut boards = BOARDS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = boards
            .iter()
            .position(|b| b.width == width && *b.svg == *svg)
        {
            let board = boards.remove(at).expect("found just now");
            boards.push_back(board.clone());
            return Ok(Some(board));
        }
    }
    // Drawn outside the lock: two threads may draw the same board at once, and keep one.
    let Some(board) = Board::draw(svg, width)? else {
        return Ok(None);
    };
    let board = Arc::new(board);
    let mut boards = BOARDS.lock().unwrap_or_else(|e| e.into_inner());
    if !boards
        .iter()
        .any(|b| b.width == width && *b.svg == *board.svg)
    {
        if boards.len() >= KEPT {
            boards.pop_front();
        }
        boards.push_back(board.clone());
    }
    Ok(Some(board))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette::{self, Colour};
    use crate::render::svg::{Paint, Svg};

    /// A board of four cells, a piece on the cell `at`, described by `label`.
    fn picture(at: usize, label: &str) -> String {
        let mut svg = Svg::new(40.0, 40.0, palette::PAPER, label);
        for (i, colour) in [palette::BOARD, palette::BOARD_DARK]
            .iter()
            .cycle()
            .take(4)
            .enumerate()
        {
            let (x, y) = ((i % 2) as f32 * 20.0, (i / 2) as f32 * 20.0);
            svg.rect(x, y, 20.0, 20.0, 0.0, Paint::fill(*colour));
        }
        svg.position();
        let (x, y) = ((at % 2) as f32 * 20.0 + 10.0, (at / 2) as f32 * 20.0 + 10.0);
        svg.circle(
            x,
            y,
            7.5,
            Paint::both(Colour(200, 30, 30), palette::PIECE_EDGE, 1.5),
        );
        svg.finish()
    }

    /// `svg` without the mark between its layers: drawn whole.
    fn unmarked(svg: &str) -> String {
        svg.replacen(POSITION, "", 1)
            .replace("</g></svg>", "</svg>")
    }

    #[test]
    fn the_layers_are_the_board_without_its_description_and_the_position_alone() {
        let one = split(&picture(0, "White to move")).unwrap();
        let other = split(&picture(3, "Black to move, \"a\" & b")).unwrap();
        assert_eq!(one.board, other.board, "one board for every position");
        assert!(one.board.contains("aria-label=\"\""), "{}", one.board);
        assert!(!one.board.contains("circle"), "{}", one.board);
        assert!(!one.position.contains("<rect"), "{}", one.position);
        assert!(one.position.contains("White to move"), "{}", one.position);
        assert!(one.position.ends_with("</g></svg>"), "{}", one.position);
        assert_eq!(split(&unmarked(&picture(0, "x"))), None);
        assert_eq!(split("<?xml version=\"1.0\"?><svg>..."), None);
    }

    #[test]
    fn a_picture_in_layers_has_the_pixels_of_the_whole() {
        for at in 0..4 {
            for width in [None, Some(97)] {
                let svg = picture(at, "a caption");
                let layered = raster(&split(&svg).unwrap(), width).unwrap().unwrap();
                let drawn = whole(&unmarked(&svg), width).unwrap();
                assert_eq!(
                    (layered.width(), layered.height()),
                    (drawn.width(), drawn.height())
                );
                assert!(
                    layered.data() == drawn.data(),
                    "piece on {at}, width {width:?}"
                );
            }
        }
    }

    #[test]
    fn a_board_is_drawn_once_and_kept_among_the_latest() {
        // A board of its own size, so that the other tests' boards do not count.
        let board_of = |n: u32| {
            let mut svg = Svg::new(30.0 + n as f32, 30.0, palette::PAPER, "");
            svg.rect(2.0, 2.0, 20.0, 20.0, 3.0, Paint::fill(palette::BOARD));
            svg.position();
            svg.finish()
        };
        let first = split(&board_of(1000)).unwrap();
        let a = board(&first.board, None).unwrap().unwrap();
        let b = board(&first.board, None).unwrap().unwrap();
        assert!(Arc::ptr_eq(&a, &b), "the second picture reuses the board");
        assert!(a.colours.len() < 256);
        assert_eq!(a.pixels.len(), 1030 * 30, "a byte a pixel");
        for n in 0..KEPT as u32 {
            board(&split(&board_of(2000 + n)).unwrap().board, None).unwrap();
        }
        let again = board(&first.board, None).unwrap().unwrap();
        assert!(!Arc::ptr_eq(&a, &again), "drawn again past the boards kept");
        assert_eq!(a.pixels, again.pixels);
        let kept = BOARDS.lock().unwrap_or_else(|e| e.into_inner()).len();
        assert!(kept <= KEPT, "{kept} boards kept");
    }
}
