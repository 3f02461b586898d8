//! SVG to PNG, for mail: the picture is rasterised by resvg with the font compiled into
//! arbitre (DejaVu Sans, `src/render/fonts`), system fonts never loaded, so the same SVG
//! gives the same pixels on every machine. Pure (no IO: the fonts are in the binary).

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use super::palette::Colour;

/// The regular face.
const REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans-subset.ttf");
/// The bold face.
const BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold-subset.ttf");

/// A picture that could not be made.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PictureError {
    /// The SVG did not parse (a bug in a drawing).
    #[error("the board picture's SVG is not valid: {0}")]
    Svg(String),
    /// The size asked for is empty or too large.
    #[error("a board picture cannot be {0} pixels wide")]
    Size(u32),
    /// The PNG encoder failed.
    #[error("the board picture could not be encoded: {0}")]
    Encode(String),
}

/// The font database: the compiled-in faces only.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(REGULAR.to_vec());
            db.load_font_data(BOLD.to_vec());
            let family = super::svg::FAMILY;
            db.set_sans_serif_family(family);
            db.set_serif_family(family);
            db.set_monospace_family(family);
            Arc::new(db)
        })
        .clone()
}

/// The widest picture arbitre draws, in pixels.
pub const MAX_WIDTH: u32 = 2048;

/// Rasterises `svg` to a PNG `width` pixels wide (the height keeps the picture's
/// proportions), or one pixel per unit of the picture without a width (the size the
/// drawings are made for: one that reads on a phone).
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, PictureError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: super::svg::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PictureError::Svg(e.to_string()))?;
    let size = tree.size();
    let width = width.unwrap_or(size.width().ceil() as u32);
    if width == 0 || width > MAX_WIDTH {
        return Err(PictureError::Size(width));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height.max(1)).ok_or(PictureError::Size(width))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap)
}

/// The picture as an RGB PNG (the pictures are opaque), unfiltered and compressed hard:
/// flat colours compress best so, a third smaller than row filters give.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PictureError> {
    let fail = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let p = p.demultiply();
            [p.red(), p.green(), p.blue()]
        })
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(&rgb).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// A decoded picture, to read its pixels back (the tests of the drawings, the golden
/// pictures).
#[derive(Clone, Debug)]
pub struct Raster {
    pixmap: tiny_skia::Pixmap,
}

impl Raster {
    /// Decodes a PNG.
    pub fn decode(png: &[u8]) -> Result<Raster, PictureError> {
        tiny_skia::Pixmap::decode_png(png)
            .map(|pixmap| Raster { pixmap })
            .map_err(|e| PictureError::Encode(e.to_string()))
    }

    /// Its width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Its height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The colour at (`x`, `y`) (rounded to the pixel), or `None` outside the picture. The
    /// pictures are opaque: the alpha channel is left out.
    pub fn pixel(&self, x: f32, y: f32) -> Option<Colour> {
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let p = self.pixmap.pixel(x as u32, y as u32)?.demultiply();
        Some(Colour(p.red(), p.green(), p.blue()))
    }

    /// The largest difference of one channel between this picture and `other`, pixel by
    /// pixel, and how many pixels differ by more than `tolerance` in some channel; `None`
    /// when their sizes differ.
    pub fn compare(&self, other: &Raster, tolerance: u8) -> Option<(u8, usize)> {
        if self.width() != other.width() || self.height() != other.height() {
            return None;
        }
        let mut largest = 0;
        let mut beyond = 0;
        for (a, b) in self
            .pixmap
            .data()
            .chunks_exact(4)
            .zip(other.pixmap.data().chunks_exact(4))
        {
            let d = a
                .iter()
                .zip(b)
                .map(|(x, y)| x.abs_diff(*y))
                .max()
                .unwrap_or(0);
            largest = largest.max(d);
            if d > tolerance {
                beyond += 1;
            }
        }
        Some((largest, beyond))
    }
}

/// Whether two colours are within `tolerance` in every channel.
pub fn near(a: Colour, b: Colour, tolerance: u8) -> bool {
    a.0.abs_diff(b.0) <= tolerance
        && a.1.abs_diff(b.1) <= tolerance
        && a.2.abs_diff(b.2) <= tolerance
}
