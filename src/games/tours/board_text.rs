//! The monospace text board sent in plain-text mail: 44 columns wide, coordinates on all four
//! sides, each stack written out in full (`RRS`), the cells of the last action in brackets,
//! and a two-line legend in the reader's language.
//!
//! ```text
//!      a    b    c    d    e    f    g    h
//!  8   r    s    r    s    r    s    r    s   8
//!  7   s    r    s    r    s    r    s    r   7
//!  6   .    .    .    .    .    .    .    .   6
//!  5   .    .    .    .    .    .    .    .   5
//!  4   .    .    .    .    .    .    .    .   4
//!  3   .    .    .    .    .    .    .    .   3
//!  2   R    S  [RR ]  S    R    S    R    S   2
//!  1   S  [ . ]  S    R    S    R    S    R   1
//!      a    b    c    d    e    f    g    h
//! ```

use std::fmt::Write;

use crate::games::Side;
use crate::games::tours::cell::{Cell, Target};
use crate::games::tours::moves::Move;
use crate::games::tours::position::Position;
use crate::t;
use crate::text::Lang;

impl Position {
    /// The text board, the cells of `last` marked.
    pub fn board_text(&self, lang: Lang, last: Option<&Move>) -> String {
        let marked = marked_cells(last);
        let files = "     a    b    c    d    e    f    g    h\n";
        let mut out = String::with_capacity(1024);
        let beyond_line = self.beyond().map(|b| {
            let label = t!(
                lang,
                "tours-board-beyond",
                piece = b.letters(),
                owner = b.side().name()
            );
            format!("   {label}\n")
        });
        if let Some(line) = beyond_line
            .as_ref()
            .filter(|_| self.beyond().is_some_and(|b| b.side() == Side::White))
        {
            out.push_str(line);
        }
        out.push_str(files);
        for rank in (0..8u8).rev() {
            let _ = write!(out, " {} ", rank + 1);
            for file in 0..8u8 {
                let Some(cell) = Cell::new(file, rank) else {
                    continue;
                };
                let content = self
                    .board()
                    .get(cell)
                    .map_or_else(|| ".".to_string(), |s| s.letters());
                if marked.contains(&cell) {
                    let _ = write!(out, "[{content:^3}]");
                } else {
                    let _ = write!(out, " {content:^3} ");
                }
            }
            let _ = writeln!(out, " {}", rank + 1);
        }
        out.push_str(files);
        if let Some(line) =
            beyond_line.filter(|_| self.beyond().is_some_and(|b| b.side() == Side::Black))
        {
            out.push_str(&line);
        }
        out.push_str(&t!(lang, "tours-board-legend"));
        out.push('\n');
        out.push_str(&t!(lang, "tours-board-stack"));
        if last.is_some() {
            out.push(' ');
            out.push_str(&t!(lang, "tours-board-last"));
        }
        out.push('\n');
        out
    }
}

/// The cells an action touched: its origin and every cell it ended on.
fn marked_cells(last: Option<&Move>) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(4);
    match last {
        None => {}
        Some(Move::Shift { from, to }) => {
            cells.push(*from);
            if let Target::Cell(c) = to {
                cells.push(*c);
            }
        }
        Some(Move::Deploy { from, drops }) => {
            cells.push(*from);
            cells.extend(drops.as_slice().iter().filter_map(|t| match t {
                Target::Cell(c) => Some(*c),
                Target::Off => None,
            }));
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use crate::games::tours::Position;
    use crate::games::{Game, GameOptions};
    use crate::text::Lang;

    #[test]
    fn the_board_marks_the_last_move_and_stays_narrow() {
        let mut pos = Position::from_position(
            "rsrsrsrs/srsrsrsr/8/8/8/8/RSRSRSRS/SRSRSRSR w",
            None,
            &GameOptions::default(),
        )
        .unwrap();
        let m = pos
            .resolve(&Position::read_notation("b1-c2").unwrap())
            .unwrap();
        pos.apply(&m);
        let text = pos.board_text(Lang::EN, Some(&m));
        assert!(
            text.contains(" 2   R    S  [RR ]  S    R    S    R    S   2\n"),
            "{text}"
        );
        assert!(text.contains(" 1   S  [ . ]  S    R"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 72), "{text}");
        let fr = pos.board_text(Lang::FR, Some(&m));
        assert!(fr.contains("dernier coup"));
    }

    #[test]
    fn a_piece_beyond_the_edge_is_shown_on_its_side() {
        let mut pos =
            Position::from_position("8/8/8/8/8/8/8/(ss)3S3 b", None, &GameOptions::default())
                .unwrap();
        let m = pos
            .resolve(&Position::read_notation("a1-off").unwrap())
            .unwrap();
        pos.apply(&m);
        let text = pos.board_text(Lang::EN, Some(&m));
        let last_board_line = text.lines().position(|l| l.contains("beyond the far edge"));
        assert_eq!(last_board_line, Some(10), "{text}");
        assert!(text.contains("beyond the far edge: ss (Black)"));
    }
}
