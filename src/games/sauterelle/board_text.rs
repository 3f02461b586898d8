//! The Sauterelle board as monospace text for a plain-text mail (at most 50 columns): the
//! backgammon layout, points 13-24 on top and 12-1 below, a wall drawn as two stacked
//! checkers, the last move's arriving checker in `[ ]` and the point it left in `( )`.
//!
//! ```text
//!  13 14 15 16 17 18 | 19 20 21 22 23 24  -> off
//!   .  .  b  .  .  . |  .  .  .  .  .  .
//!         b          |
//!                    |
//!      w             |
//!   . [w] .  .  .  . |  .  .  . (.) .  .
//!  12 11 10  9  8  7 |  6  5  4  3  2  1  <- bar
//! Bar: White 12, Black 12.
//! Points: White 0, Black 0.
//! [ ] last move, ( ) moved from.
//! ```

use crate::games::Side;
use crate::games::sauterelle::board::Stack;
use crate::games::sauterelle::point::Point;
use crate::games::sauterelle::position::Position;
use crate::games::sauterelle::rules::Move;
use crate::t;
use crate::text::Lang;

/// Renders `pos`, marking `last` if given.
pub fn render(pos: &Position, lang: Lang, last: Option<&Move>) -> String {
    let (to, from) = match last {
        Some(Move::Enter { to }) => (Some(*to), None),
        Some(Move::Advance { from, to }) => (Some(*to), Some(*from)),
        Some(Move::BearOff { from }) => (None, Some(*from)),
        Some(Move::Pass) | None => (None, None),
    };
    let top: Vec<u8> = (13..=24).collect();
    let bottom: Vec<u8> = (1..=12).rev().collect();
    let label = |n: &u8| format!("{n:>2} ");
    let cell = |n: &u8, level: u8| {
        let Some(p) = Point::new(*n) else {
            return "   ".to_string();
        };
        let stack = pos.board().stack(p);
        let glyph = match (stack, level) {
            (Stack::Empty, 1) => '.',
            (Stack::Lone(s) | Stack::Wall(s), 1) | (Stack::Wall(s), 2) => letter(s),
            _ => ' ',
        };
        if Some(p) == to && level == stack.height() {
            format!("[{glyph}]")
        } else if Some(p) == from && level == 1 {
            format!("({glyph})")
        } else {
            format!(" {glyph} ")
        }
    };
    let row = |points: &[u8], text: &dyn Fn(&u8) -> String, tail: &str| {
        let half = |ns: &[u8]| ns.iter().map(text).collect::<String>();
        let line = format!(" {}| {}{tail}", half(&points[..6]), half(&points[6..]));
        format!("{}\n", line.trim_end())
    };
    let mut out = String::new();
    out.push_str(&row(&top, &label, " -> off"));
    out.push_str(&row(&top, &|n| cell(n, 1), ""));
    out.push_str(&row(&top, &|n| cell(n, 2), ""));
    out.push_str(&row(&top, &|_| "   ".to_string(), ""));
    out.push_str(&row(&bottom, &|n| cell(n, 2), ""));
    out.push_str(&row(&bottom, &|n| cell(n, 1), ""));
    out.push_str(&row(&bottom, &label, " <- bar"));

    let (w, b) = (Side::White, Side::Black);
    let (bw, bb) = (pos.board().bar(w), pos.board().bar(b));
    let (pw, pb) = (pos.points(w), pos.points(b));
    out.push_str(&t!(lang, "sauterelle-board-bar", white = bw, black = bb));
    out.push('\n');
    out.push_str(&match pos.last_scorer() {
        None => t!(lang, "sauterelle-board-points", white = pw, black = pb),
        Some(s) => t!(
            lang,
            "sauterelle-board-points-last",
            white = pw,
            black = pb,
            scorer = s.name(),
        ),
    });
    out.push('\n');
    let legend = match last {
        Some(Move::Pass) => t!(lang, "sauterelle-legend-pass"),
        Some(Move::Enter { .. }) => t!(lang, "sauterelle-legend-enter"),
        Some(Move::Advance { .. }) => t!(lang, "sauterelle-legend-advance"),
        Some(Move::BearOff { .. }) => t!(lang, "sauterelle-legend-bear-off"),
        None => String::new(),
    };
    if !legend.is_empty() {
        out.push_str(&legend);
        out.push('\n');
    }
    out
}

fn letter(side: Side) -> char {
    match side {
        Side::White => 'w',
        Side::Black => 'b',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    fn pos(text: &str) -> Position {
        Position::parse(text, None, 14, Side::White).unwrap()
    }

    #[test]
    fn walls_are_drawn_as_two_stacked_checkers() {
        let text = render(
            &pos(".w..b./bW..../.B.b../...... 11 9 0-0 - w"),
            Lang::EN,
            None,
        );
        let expected = " 13 14 15 16 17 18 | 19 20 21 22 23 24  -> off
  .  b  .  b  .  . |  .  .  .  .  .  .
     b             |
                   |
              w    |
  .  .  .  .  w  b |  .  b  .  .  w  .
 12 11 10  9  8  7 |  6  5  4  3  2  1  <- bar
Bar: White 11, Black 9.
Points: White 0, Black 0.
";
        assert_eq!(text, expected);
    }

    #[test]
    fn the_last_move_is_marked_where_it_arrived_and_where_it_left() {
        let mut p = pos("....../..W.../.Bw.../...... 11 12 0-0 - w");
        let m = p
            .resolve(&Position::read_notation("9/15").unwrap())
            .unwrap();
        p.apply(&m);
        let text = render(&p, Lang::FR, Some(&m));
        assert!(text.contains("\n     b [w]"), "{text}");
        assert!(text.contains(" .  .  . (w) .  . |"), "{text}");
        assert!(
            text.ends_with("[ ] dernier coup, ( ) point de départ.\n"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 50), "{text}");
    }
}
