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
/// drawings are made for: one that reads on a phone). A picture whose drawing marks where
/// its board ends is drawn over that board, kept from an earlier picture
/// ([`super::layers`]): the same pixels, in a fraction of the time.
pub fn png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, PictureError> {
    let pixmap = match super::layers::split(svg) {
        Some(layers) => super::layers::raster(&layers, width)?,
        None => None,
    };
    let pixmap = match pixmap {
        Some(pixmap) => pixmap,
        None => raster(svg, width)?,
    };
    encode(&pixmap)
}

/// `svg` parsed, with the compiled-in fonts.
pub(super) fn tree(svg: &str) -> Result<usvg::Tree, PictureError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: super::svg::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| PictureError::Svg(e.to_string()))
}

/// The size in pixels of `tree` drawn `width` pixels wide (or one pixel per unit), and the
/// scale that draws it so.
pub(super) fn canvas(
    tree: &usvg::Tree,
    width: Option<u32>,
) -> Result<(tiny_skia::IntSize, tiny_skia::Transform), PictureError> {
    let size = tree.size();
    let width = width.unwrap_or(size.width().ceil() as u32);
    if width == 0 || width > MAX_WIDTH {
        return Err(PictureError::Size(width));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let pixels =
        tiny_skia::IntSize::from_wh(width, height.max(1)).ok_or(PictureError::Size(width))?;
    Ok((pixels, tiny_skia::Transform::from_scale(scale, scale)))
}

/// `svg` rasterised in one pass.
pub(super) fn raster(svg: &str, width: Option<u32>) -> Result<tiny_skia::Pixmap, PictureError> {
    let tree = tree(svg)?;
    let (pixels, transform) = canvas(&tree, width)?;
    let mut pixmap = tiny_skia::Pixmap::new(pixels.width(), pixels.height())
        .ok_or(PictureError::Size(pixels.width()))?;
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The picture as a PNG: a palette of its colours when it has 256 or fewer (every board
/// has: flat colours and the anti-aliased edges between them, 90 to 230 in all), RGB
/// otherwise; the pictures are opaque. A palette image is a third of the bytes to compress,
/// which at deflate's first level takes 2 to 4 ms where RGB at the highest took 9 to 16 ms
/// (docs/benchmarks.md), and comes out smaller still (10 to 20 KB).
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, PictureError> {
    let fail = |e: png::EncodingError| PictureError::Encode(e.to_string());
    // A picture of more colours (the anti-aliased edges of a mark crossing many others)
    // drops the lowest bits of each channel, at most 7 of 255: nothing the eye sees.
    let palette = [0, 3].into_iter().find_map(|bits| indexed(pixmap, bits));
    let (colour, data, palette, level) = match palette {
        Some((indices, palette)) => (png::ColorType::Indexed, indices, Some(palette), 1),
        // Three bytes a pixel compress poorly at the first level (twice the size): a
        // picture of more colours still is compressed hard.
        None => (png::ColorType::Rgb, rgb(pixmap), None, 9),
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(palette) = palette {
        encoder.set_palette(palette);
    }
    let mut writer = encoder.write_header().map_err(fail)?;
    writer
        .write_chunk(
            png::chunk::IDAT,
            &compressed(&data, pixmap.height(), level)?,
        )
        .map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// The image data of a PNG: each row unfiltered (a 0 before it), compressed in one stream
/// at `level`. Written here rather than by the encoder, which hands the compressor two
/// pieces a row, and the compressor clears its whole output buffer at each: a tenth of a
/// picture's time went to that.
fn compressed(pixels: &[u8], height: u32, level: u32) -> Result<Vec<u8>, PictureError> {
    use std::io::Write as _;
    let fail = |e: std::io::Error| PictureError::Encode(e.to_string());
    let row = pixels.len() / height.max(1) as usize;
    let mut rows = Vec::with_capacity(pixels.len() + height as usize);
    for line in pixels.chunks(row.max(1)) {
        rows.push(0);
        rows.extend_from_slice(line);
    }
    let mut zlib = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(rows.len() / 8),
        flate2::Compression::new(level),
    );
    zlib.write_all(&rows).map_err(fail)?;
    zlib.finish().map_err(fail)
}

/// The pixels as RGB.
fn rgb(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let p = p.demultiply();
            [p.red(), p.green(), p.blue()]
        })
        .collect()
}

/// The pixels as indices into a palette of their colours (RGB triples), the lowest `bits`
/// of each channel cleared, or `None` past 256 colours.
fn indexed(pixmap: &tiny_skia::Pixmap, bits: u32) -> Option<(Vec<u8>, Vec<u8>)> {
    let mask = 0xffu8 << bits;
    let (indices, palette) = palette_of(pixmap, |[r, g, b, a]| {
        let c = tiny_skia::PremultipliedColorU8::from_rgba(r, g, b, a)?.demultiply();
        Some([c.red() & mask, c.green() & mask, c.blue() & mask])
    })?;
    Some((indices, palette.concat()))
}

/// The pixels as indices into a palette of at most 256 entries, `entry` giving a pixel's
/// (from its premultiplied RGBA; several pixels may share one), or `None` past 256 entries
/// or when `entry` refuses a pixel. Neighbouring pixels are mostly alike, so the last one
/// is kept at hand; the others are found by their value in a [`Seen`] table, and only a
/// pixel value never seen before is given to `entry`.
pub(super) fn palette_of<E: PartialEq>(
    pixmap: &tiny_skia::Pixmap,
    entry: impl Fn([u8; 4]) -> Option<E>,
) -> Option<(Vec<u8>, Vec<E>)> {
    let mut seen = Seen::new();
    let mut palette: Vec<E> = Vec::new();
    let mut indices = Vec::with_capacity(pixmap.pixels().len());
    let mut last: Option<(u32, u8)> = None;
    for p in pixmap.data().chunks_exact(4) {
        let value = u32::from_le_bytes([p[0], p[1], p[2], p[3]]);
        let i = match last {
            Some((v, i)) if v == value => i,
            _ => {
                let i = match seen.get(value) {
                    Some(i) => i,
                    None => {
                        let e = entry([p[0], p[1], p[2], p[3]])?;
                        let i = match palette.iter().position(|known| *known == e) {
                            Some(i) => i as u8,
                            None => {
                                let i = u8::try_from(palette.len()).ok()?;
                                palette.push(e);
                                i
                            }
                        };
                        seen.insert(value, i);
                        i
                    }
                };
                last = Some((value, i));
                i
            }
        };
        indices.push(i);
    }
    Some((indices, palette))
}

/// The palette index of each pixel value met so far: an open-addressing table (a pixel value
/// and its index in each slot, 0 for a free one), kept under half full. A picture has a few
/// hundred pixel values, and this is looked up at every change of colour along a row, where
/// a general hash map's hashing was a tenth of a picture's time.
struct Seen {
    slots: Vec<u64>,
    used: usize,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            slots: vec![0; 1024],
            used: 0,
        }
    }

    fn slot(&self, value: u32) -> usize {
        (value.wrapping_mul(0x9e37_79b1) >> 16) as usize & (self.slots.len() - 1)
    }

    fn get(&self, value: u32) -> Option<u8> {
        let mut at = self.slot(value);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            if slot as u32 == value {
                return Some((slot >> 32) as u8);
            }
            at = (at + 1) & (self.slots.len() - 1);
        }
    }

    fn insert(&mut self, value: u32, index: u8) {
        if 2 * (self.used + 1) > self.slots.len() {
            let larger = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, larger);
            self.used = 0;
            for slot in old.into_iter().filter(|s| *s != 0) {
                self.insert(slot as u32, (slot >> 32) as u8);
            }
        }
        let mut at = self.slot(value);
        while self.slots[at] != 0 {
            at = (at + 1) & (self.slots.len() - 1);
        }
        // The bit above the index marks the slot used (a pixel value may be 0).
        self.slots[at] = (1 << 40) | (u64::from(index) << 32) | u64::from(value);
        self.used += 1;
    }
}

/// A PNG's width and height, read from its header (`None` when it is not a PNG).
pub fn size(png: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if png.len() < 24 || &png[..8] != SIGNATURE || &png[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    Some((word(16), word(20)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of `colours` vertical stripes, each a shade of its own, one pixel wide.
    fn stripes(colours: u32) -> String {
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{colours}\" height=\"8\" \
             viewBox=\"0 0 {colours} 8\">"
        );
        for i in 0..colours {
            svg.push_str(&format!(
                "<rect x=\"{i}\" y=\"0\" width=\"1\" height=\"8\" fill=\"rgb({},{},{})\"/>",
                i % 256,
                (i / 256) * 40,
                255 - i % 256
            ));
        }
        svg.push_str("</svg>");
        svg
    }

    fn colour_type(png: &[u8]) -> u8 {
        // IHDR: width, height, bit depth, then the colour type.
        png[25]
    }

    #[test]
    fn a_picture_of_few_colours_is_a_palette_png_and_reads_back_alike() {
        let svg = stripes(200);
        let bytes = png(&svg, None).unwrap();
        assert_eq!(colour_type(&bytes), 3, "indexed");
        assert_eq!(size(&bytes), Some((200, 8)));
        let back = Raster::decode(&bytes).unwrap();
        for x in [0u32, 57, 199] {
            let c = back.pixel(x as f32, 4.0).unwrap();
            assert_eq!(c, Colour((x % 256) as u8, 0, 255 - (x % 256) as u8), "{x}");
        }
    }

    #[test]
    fn past_256_colours_the_lowest_bits_go_then_the_picture_is_rgb() {
        // 300 colours, 40 once the three lowest bits of each channel are cleared: a
        // palette still, each channel within 7 of the drawing.
        let bytes = png(&stripes(300), None).unwrap();
        assert_eq!(colour_type(&bytes), 3, "indexed");
        let back = Raster::decode(&bytes).unwrap();
        let c = back.pixel(299.0, 1.0).unwrap();
        assert!(near(c, Colour(43, 40, 212), 7), "{c:?}");
        assert_eq!((c.0 % 8, c.1 % 8, c.2 % 8), (0, 0, 0));
        // 300 colours 8 apart: too many either way, and RGB keeps them exact.
        let mut svg =
            String::from("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"2\">");
        for i in 0..300u32 {
            svg.push_str(&format!(
                "<rect x=\"{i}\" width=\"1\" height=\"2\" fill=\"rgb({},{},9)\"/>",
                (i % 32) * 8,
                (i / 32) * 8
            ));
        }
        svg.push_str("</svg>");
        let bytes = png(&svg, None).unwrap();
        assert_eq!(colour_type(&bytes), 2, "RGB");
        assert_eq!(size(&bytes), Some((300, 2)));
        let back = Raster::decode(&bytes).unwrap();
        assert_eq!(back.pixel(299.0, 1.0), Some(Colour(88, 72, 9)));
    }

    #[test]
    fn the_table_of_pixel_values_finds_each_one_it_was_given_as_it_grows() {
        let mut seen = Seen::new();
        assert_eq!(seen.get(0), None);
        // Values that fall on the same slots, zero among them, past several growths.
        let values: Vec<u32> = (0..3000u32).map(|i| i.wrapping_mul(65_536)).collect();
        for (n, v) in values.iter().enumerate() {
            seen.insert(*v, (n % 256) as u8);
        }
        for (n, v) in values.iter().enumerate() {
            assert_eq!(seen.get(*v), Some((n % 256) as u8), "{v}");
        }
        assert_eq!(seen.get(1), None);
        assert!(seen.slots.len() >= 2 * values.len());
    }

    #[test]
    fn the_size_is_read_only_from_a_png_header() {
        assert_eq!(size(b""), None);
        assert_eq!(size(b"GIF89a and more than twenty-four bytes"), None);
        let mut fake = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        fake.extend_from_slice(&[0, 0, 2, 0, 0, 0, 1, 44]);
        assert_eq!(size(&fake), Some((512, 300)));
    }
}
