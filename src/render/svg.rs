//! A small SVG writer for the board pictures: rectangles, circles, polygons, lines and text,
//! written as a string with one decimal per coordinate. Each game draws with it; the page
//! shows the string inline and [`super::png`](mod@super::png) rasterises it for mail. Pure.

use std::fmt::Write as _;

use super::palette::Colour;

/// How a shape is painted: a fill, an outline, or both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    /// The inside's colour, if filled.
    pub fill: Option<Colour>,
    /// The outline's colour and width, if outlined.
    pub stroke: Option<(Colour, f32)>,
    /// Dashes of this length along the outline (a dashed mark reads without colour).
    pub dash: Option<f32>,
}

impl Paint {
    /// Filled, no outline.
    pub fn fill(colour: Colour) -> Paint {
        Paint {
            fill: Some(colour),
            stroke: None,
            dash: None,
        }
    }

    /// Outlined, not filled.
    pub fn stroke(colour: Colour, width: f32) -> Paint {
        Paint {
            fill: None,
            stroke: Some((colour, width)),
            dash: None,
        }
    }

    /// Filled and outlined.
    pub fn both(fill: Colour, stroke: Colour, width: f32) -> Paint {
        Paint {
            fill: Some(fill),
            stroke: Some((stroke, width)),
            dash: None,
        }
    }

    /// The same outline, dashed.
    #[must_use]
    pub fn dashed(mut self, length: f32) -> Paint {
        self.dash = Some(length);
        self
    }

    fn write(&self, out: &mut String) {
        match self.fill {
            Some(c) => {
                let _ = write!(out, " fill=\"{c}\"");
            }
            None => out.push_str(" fill=\"none\""),
        }
        if let Some((c, w)) = self.stroke {
            let _ = write!(out, " stroke=\"{c}\" stroke-width=\"{}\"", num(w));
        }
        if let Some(d) = self.dash {
            let _ = write!(out, " stroke-dasharray=\"{} {}\"", num(d), num(d * 0.7));
        }
    }
}

/// Where a text's anchor point is along its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// A text's style: size, weight, colour, anchor. The baseline is moved so that the point
/// given is the middle of the text's height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Font {
    /// The size, in the picture's units.
    pub size: f32,
    /// Bold when set.
    pub bold: bool,
    /// The colour.
    pub colour: Colour,
    /// Where the point is along the line.
    pub anchor: Anchor,
}

impl Font {
    /// Ink, centred on its point: coordinates and captions.
    pub fn centred(size: f32, bold: bool) -> Font {
        Font {
            size,
            bold,
            colour: super::palette::INK,
            anchor: Anchor::Middle,
        }
    }
}

/// An SVG picture being written.
#[derive(Clone, Debug)]
pub struct Svg {
    width: f32,
    height: f32,
    out: String,
    /// Whether [`Svg::position`] was called: the position's group is open.
    in_position: bool,
}

/// Where a picture's board ends and its position begins: the group that [`Svg::position`]
/// opens. What comes before it is the same for every position of a game (the board, its
/// coordinates), so the rasteriser draws it once and keeps it (`super::layers`).
pub const POSITION: &str = "<g class=\"position\">";

/// The family every text of a picture is written in: the font compiled into arbitre
/// (see `src/render/fonts`).
pub const FAMILY: &str = "DejaVu Sans";

/// A coordinate, with at most one decimal and no trailing zeros.
fn num(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// `text` with the characters XML gives a meaning to escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The description an SVG written by [`Svg`] gives of itself (its `aria-label`), unescaped.
pub fn label(svg: &str) -> Option<String> {
    let start = svg.find("aria-label=\"")? + "aria-label=\"".len();
    let end = start + svg[start..].find('"')?;
    Some(
        svg[start..end]
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

impl Svg {
    /// A picture of `width` × `height` units on a `background`, described by `label` for
    /// readers that cannot see it (the caption under the board, say).
    pub fn new(width: f32, height: f32, background: Colour, label: &str) -> Svg {
        let mut out = String::with_capacity(8 * 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{label}\" \
             font-family=\"{FAMILY}\">",
            w = num(width),
            h = num(height),
            label = escape(label),
        );
        let _ = write!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"{background}\"/>",
            num(width),
            num(height)
        );
        Svg {
            width,
            height,
            out,
            in_position: false,
        }
    }

    /// The board is drawn: everything from here on (pieces, marks of the last move, the
    /// caption) shows the position. What was drawn before must not depend on it, except
    /// through the picture's size or the variant's fixed cells: a mail's rasteriser keeps
    /// the board's pixels and draws only the position over them. Once per picture.
    pub fn position(&mut self) {
        if !self.in_position {
            self.out.push_str(POSITION);
            self.in_position = true;
        }
    }

    /// The picture's width, in its units.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// The picture's height, in its units.
    pub fn height(&self) -> f32 {
        self.height
    }

    /// A rectangle, corners rounded by `radius` (0 for square).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, radius: f32, paint: Paint) {
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            num(x),
            num(y),
            num(w),
            num(h)
        );
        if radius > 0.0 {
            let _ = write!(self.out, " rx=\"{}\"", num(radius));
        }
        paint.write(&mut self.out);
        self.out.push_str("/>");
    }

    /// A circle. One filled and outlined (a piece) is written as two filled discs, the
    /// outline's colour out to the outline's outer edge and the fill's within its inner
    /// edge: the same picture, and a rasteriser fills two discs faster than it strokes an
    /// outline (a tenth of an Ataxx or Abalone picture's time, docs/benchmarks.md).
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, paint: Paint) {
        if let (Some(fill), Some((edge, width)), None) = (paint.fill, paint.stroke, paint.dash) {
            self.circle(cx, cy, r + width / 2.0, Paint::fill(edge));
            if r > width / 2.0 {
                self.circle(cx, cy, r - width / 2.0, Paint::fill(fill));
            }
            return;
        }
        let _ = write!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
            num(cx),
            num(cy),
            num(r)
        );
        paint.write(&mut self.out);
        self.out.push_str("/>");
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f32, f32)], paint: Paint) {
        self.out.push_str("<polygon points=\"");
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            let _ = write!(self.out, "{},{}", num(*x), num(*y));
        }
        self.out.push('"');
        paint.write(&mut self.out);
        self.out.push_str("/>");
    }

    /// A straight line with round ends.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), colour: Colour, width: f32) {
        let _ = write!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" \
             stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1),
            num(width)
        );
    }

    /// An arrow from `from` to `to`: a line and a head at `to`.
    pub fn arrow(&mut self, from: (f32, f32), to: (f32, f32), colour: Colour, width: f32) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt();
        if length < 1.0 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let head = (width * 3.5).min(length * 0.6);
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(from, base, colour, width);
        let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
        self.polygon(
            &[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
            Paint::fill(colour),
        );
    }

    /// A cross (×) of half-size `r` centred on (`cx`, `cy`): a captured or ejected piece.
    pub fn cross(&mut self, cx: f32, cy: f32, r: f32, colour: Colour, width: f32) {
        self.line((cx - r, cy - r), (cx + r, cy + r), colour, width);
        self.line((cx - r, cy + r), (cx + r, cy - r), colour, width);
    }

    /// A line of text whose middle height is at `y`.
    pub fn text(&mut self, x: f32, y: f32, font: Font, text: &str) {
        let anchor = match font.anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        // The baseline sits about a third of the size under the middle of a capital.
        let baseline = y + font.size * 0.36;
        let _ = write!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" fill=\"{}\"{}>{}</text>",
            num(x),
            num(baseline),
            num(font.size),
            font.colour,
            if font.bold {
                " font-weight=\"bold\""
            } else {
                ""
            },
            escape(text)
        );
    }

    /// The finished SVG document.
    pub fn finish(mut self) -> String {
        if self.in_position {
            self.out.push_str("</g>");
        }
        self.out.push_str("</svg>");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;

    #[test]
    fn numbers_keep_one_decimal_and_drop_trailing_zeros() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(3.04), "3");
        assert_eq!(num(3.06), "3.1");
        assert_eq!(num(-0.24), "-0.2");
        assert_eq!(num(12.5), "12.5");
    }

    #[test]
    fn text_is_escaped_inside_elements_and_attributes() {
        let mut svg = Svg::new(10.0, 10.0, palette::PAPER, "a \"b\" <c>");
        svg.text(
            1.0,
            1.0,
            Font {
                size: 4.0,
                bold: false,
                colour: palette::INK,
                anchor: Anchor::Start,
            },
            "x & <y>",
        );
        let out = svg.finish();
        assert!(
            out.contains("aria-label=\"a &quot;b&quot; &lt;c&gt;\""),
            "{out}"
        );
        assert!(out.contains(">x &amp; &lt;y&gt;</text>"), "{out}");
        assert!(out.ends_with("</svg>"));
        assert_eq!(label(&out).as_deref(), Some("a \"b\" <c>"));
    }
}
