//! The text board: a monospace hexagon for plain-text mail, in the orientation of section 1.2
//! (row A at the bottom, row letters on the left, diagonal digits along the bottom and the
//! lower right), with the last move marked and the score.
//!
//! ```text
//!         I   O   O   O   O   O
//!       H   O   O   O   O   O   O
//!     G   .   .   O   O   O   .   .
//!   F   .   .   .   .   .   .   .   .
//! E   .   .   .   .   .   .   .   .   .
//!   D   .   .   .  (@)  .   .   .   .   9
//!     C   .   .   @   @   @   .   .   8
//!       B   @   @   @   @   @   @   7
//!         A  (.)  @   @   @   @   6
//!               1   2   3   4   5
//! ```
//!
//! `@` is Black, `O` White, `.` an empty cell. After a move, the cells the mover's marbles
//! left and entered are shown in parentheses (for an in-line move, the tail's cell and the
//! cell beyond the front marble).

use super::board::Board;
use super::cell::Cell;
use super::moves::Move;
use super::notation;
use super::rules::score_text;
use crate::games::Side;
use crate::t;
use crate::text::Lang;

/// The column of cell (row, diag) in the drawing: one step east is 4 columns, one row up
/// moves 2 columns left.
fn column(row: i32, diag: i32) -> usize {
    (4 * diag - 2 * row + 10) as usize
}

fn symbol(side: Option<Side>) -> char {
    match side {
        Some(Side::Black) => '@',
        Some(Side::White) => 'O',
        None => '.',
    }
}

/// Draws `board`; `last`, the move that led to it, is marked.
pub fn draw(board: &Board, lang: Lang, last: Option<&Move>) -> String {
    let mut marked: Vec<Cell> = Vec::new();
    if let Some(m) = last {
        let from = m.marbles().unwrap_or_default();
        let to: Vec<Cell> = from.iter().filter_map(|c| c.step(m.dir())).collect();
        marked.extend(to.iter().filter(|c| !from.contains(c)));
        marked.extend(from.iter().filter(|c| !to.contains(c)));
    }
    let mut out = String::new();
    for row in (1..=9i32).rev() {
        let mut line = [' '; 44];
        let first = (row - 4).max(1);
        let last_diag = (row + 4).min(9);
        line[column(row, first) - 4] = char::from(b'A' + row as u8 - 1);
        for diag in first..=last_diag {
            let cell = Cell::new(row as u8, diag as u8).expect("on the board");
            let x = column(row, diag);
            line[x] = symbol(board.at(cell));
            if marked.contains(&cell) {
                line[x - 1] = '(';
                line[x + 1] = ')';
            }
        }
        // Diagonals 6 to 9 end at the right of rows A to D.
        if row <= 4 {
            let diag = row + 5;
            line[column(row, diag)] = char::from(b'0' + diag as u8);
        }
        out.push_str(line.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    let mut digits = [' '; 44];
    for diag in 1..=5 {
        digits[column(0, diag)] = char::from(b'0' + diag as u8);
    }
    out.push_str(digits.iter().collect::<String>().trim_end());
    out.push('\n');
    out.push_str(&t!(lang, "abalone-legend"));
    if let Some(m) = last {
        out.push_str("   ");
        out.push_str(&t!(lang, "abalone-legend-last", token = notation::write(m)));
    }
    out.push('\n');
    out.push_str(&score_text(board).get(lang));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::abalone::setup;

    #[test]
    fn the_standard_start_is_drawn_as_in_section_1_2() {
        let (board, _) = setup::read("0a12345b123456c345_0g567h456789i56789").unwrap();
        let text = draw(&board, Lang::EN, None);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "        I   O   O   O   O   O");
        assert_eq!(lines[4], "E   .   .   .   .   .   .   .   .   .");
        assert_eq!(lines[6], "    C   .   .   @   @   @   .   .   8");
        assert_eq!(lines[8], "        A   @   @   @   @   @   6");
        assert_eq!(lines[9], "              1   2   3   4   5");
        assert!(text.contains("Score: Black 0, White 0"));
    }

    #[test]
    fn the_last_move_is_marked_in_both_languages() {
        let (mut board, _) = setup::read("0a12345b123456c345_0g567h456789i56789").unwrap();
        let a1 = Cell::parse("a1").unwrap();
        let m = Move::in_line(a1, 3, crate::games::abalone::cell::Dir::NorthEast);
        board.apply(&m);
        let text = draw(&board, Lang::FR, Some(&m));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[5], "  D   .   .   .  (@)  .   .   .   .   9");
        assert_eq!(lines[8], "        A  (.)  @   @   @   @   6");
        assert!(text.contains("dernier coup : a1b2"), "{text}");
        assert!(text.contains("Score : Noirs 0, Blancs 0"));
    }
}
