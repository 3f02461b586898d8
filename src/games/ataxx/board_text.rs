//! The Ataxx board as monospace text for a plain-text mail: the board is 22 columns wide, files and
//! ranks on every side, the last move's destination in `[ ]` and a jump's origin in `( )`.
//!
//! ```text
//!     a b c d e f g
//!  7  x . . . . . o  7
//!  6  . . . . . . .  6
//!  5  . . # . # . .  5
//!  4  . . . . . . .  4
//!  3  . . # .[x]# .  3
//!  2  . . . . . . .  2
//!  1  o . . . .(.)x  1
//!     a b c d e f g
//! x: 3 pieces, o: 2 pieces.
//! [ ] last move, ( ) jumped from, # blocked cell.
//! ```

use crate::games::Side;
use crate::games::ataxx::board::Content;
use crate::games::ataxx::cell::{Cell, SIDE};
use crate::games::ataxx::position::Position;
use crate::games::ataxx::rules::Move;
use crate::t;
use crate::text::Lang;

/// Renders `pos`, marking `last` if given.
pub fn render(pos: &Position, lang: Lang, last: Option<&Move>) -> String {
    let (to, from) = match last {
        Some(Move::Clone { to }) => (Some(*to), None),
        Some(Move::Jump { from, to }) => (Some(*to), Some(*from)),
        Some(Move::Pass) | None => (None, None),
    };
    let files = "    a b c d e f g\n";
    let mut out = String::from(files);
    for rank in (0..SIDE).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        let cells: Vec<Cell> = (0..SIDE).filter_map(|f| Cell::new(f, rank)).collect();
        for (i, cell) in cells.iter().enumerate() {
            let left = cells.get(i.wrapping_sub(1)).copied();
            out.push(separator(Some(*cell), left, to, from));
            out.push(match pos.board().content(*cell) {
                Content::Empty => '.',
                Content::Piece(Side::Black) => 'x',
                Content::Piece(Side::White) => 'o',
                Content::Blocked => '#',
            });
        }
        out.push(separator(None, cells.last().copied(), to, from));
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push_str(files);
    let (x, o) = (
        pos.board().count(Side::Black),
        pos.board().count(Side::White),
    );
    out.push_str(&t!(lang, "ataxx-board-count", x = x, o = o));
    out.push('\n');
    let mut legend = Vec::new();
    if to.is_some() {
        legend.push(t!(lang, "ataxx-legend-last"));
    }
    if from.is_some() {
        legend.push(t!(lang, "ataxx-legend-jumped"));
    }
    if last == Some(&Move::Pass) {
        legend.push(t!(lang, "ataxx-legend-pass"));
    }
    if pos.board().blocked() != 0 {
        legend.push(t!(lang, "ataxx-legend-blocked"));
    }
    if !legend.is_empty() {
        out.push_str(&legend.join(", "));
        out.push_str(".\n");
    }
    out
}

/// The character between `left` and `right` (either may be off the board): an opening
/// mark before a marked cell, a closing one after it, a space otherwise.
fn separator(
    right: Option<Cell>,
    left: Option<Cell>,
    to: Option<Cell>,
    from: Option<Cell>,
) -> char {
    if right.is_some() && right == to {
        '['
    } else if right.is_some() && right == from {
        '('
    } else if left.is_some() && left == to {
        ']'
    } else if left.is_some() && left == from {
        ')'
    } else {
        ' '
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Game, GameOptions};

    fn pos(fen: &str) -> Position {
        let options = GameOptions::defaults(Position::option_specs());
        Position::from_position(fen, None, &options).unwrap()
    }

    #[test]
    fn the_start_is_drawn_with_coordinates_and_counts() {
        let text = render(&pos("x5o/7/7/7/7/7/o5x x 0 1"), Lang::EN, None);
        let expected = "    a b c d e f g
 7  x . . . . . o  7
 6  . . . . . . .  6
 5  . . . . . . .  5
 4  . . . . . . .  4
 3  . . . . . . .  3
 2  . . . . . . .  2
 1  o . . . . . x  1
    a b c d e f g
x: 2 pieces, o: 2 pieces.
";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_jump_marks_its_destination_and_its_origin() {
        let mut p = pos("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
        let m = p
            .resolve(&Position::read_notation("g1e2").unwrap())
            .unwrap();
        p.apply(&m);
        let text = render(&p, Lang::FR, Some(&m));
        assert!(text.contains(" 2  . . . .[x]. .  2\n"), "{text}");
        assert!(text.contains(" 1  o . . . . .(.) 1\n"), "{text}");
        assert!(text.contains("[ ] dernier coup, ( ) départ du saut, # case bloquée."));
        assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
    }
}
