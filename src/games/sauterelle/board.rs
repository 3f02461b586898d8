//! What stands on the 24 points (nothing, a lone checker, or a wall of two checkers of one
//! side) and on the bar, and the board field of the position string.
//!
//! Board field: the four quadrants separated by `/`, six cells each, point 1 first:
//! `.` empty, `w`/`b` a lone White/Black checker, `W`/`B` a White/Black wall.

use crate::games::Side;
use crate::games::sauterelle::point::{POINTS, Point};
use crate::text::Text;
use crate::tx;

/// What one point holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stack {
    /// Nothing.
    Empty,
    /// One checker of this side.
    Lone(Side),
    /// Two checkers of this side: a wall. Its top checker can leave and jump walls.
    Wall(Side),
}

impl Stack {
    /// The side owning the checkers here, if any.
    pub fn owner(self) -> Option<Side> {
        match self {
            Stack::Empty => None,
            Stack::Lone(s) | Stack::Wall(s) => Some(s),
        }
    }

    /// The number of checkers here (0, 1 or 2).
    pub fn height(self) -> u8 {
        match self {
            Stack::Empty => 0,
            Stack::Lone(_) => 1,
            Stack::Wall(_) => 2,
        }
    }

    /// Its letter in the position string.
    pub fn letter(self) -> char {
        match self {
            Stack::Empty => '.',
            Stack::Lone(Side::White) => 'w',
            Stack::Lone(Side::Black) => 'b',
            Stack::Wall(Side::White) => 'W',
            Stack::Wall(Side::Black) => 'B',
        }
    }
}

/// The checkers on the points and on the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    points: [Stack; POINTS as usize],
    bar: [u8; 2],
}

impl Board {
    /// An empty board with `on_bar` checkers for each side on the bar.
    pub fn with_bar(on_bar: [u8; 2]) -> Board {
        Board {
            points: [Stack::Empty; POINTS as usize],
            bar: on_bar,
        }
    }

    /// What point `p` holds.
    pub fn stack(&self, p: Point) -> Stack {
        self.points[p.index()]
    }

    /// Sets what point `p` holds.
    pub fn set(&mut self, p: Point, stack: Stack) {
        self.points[p.index()] = stack;
    }

    /// The checkers of `side` on the bar.
    pub fn bar(&self, side: Side) -> u8 {
        self.bar[side.index()]
    }

    /// Sets the checkers of `side` on the bar.
    pub fn set_bar(&mut self, side: Side, n: u8) {
        self.bar[side.index()] = n;
    }

    /// The checkers of `side` on the points.
    pub fn on_points(&self, side: Side) -> u32 {
        self.points
            .iter()
            .filter(|s| s.owner() == Some(side))
            .map(|s| u32::from(s.height()))
            .sum()
    }

    /// True if some point strictly between `from` and `to` holds a wall (of either side).
    pub fn wall_between(&self, from: Point, to: Point) -> bool {
        self.walls_between(from, to).next().is_some()
    }

    /// The points strictly between `from` and `to` holding a wall.
    pub fn walls_between(&self, from: Point, to: Point) -> impl Iterator<Item = Point> + '_ {
        (from.number() + 1..to.number())
            .filter_map(Point::new)
            .filter(|p| matches!(self.stack(*p), Stack::Wall(_)))
    }

    /// Reads the board field (bars are set to zero; the caller fills them in).
    pub fn from_field(field: &str) -> Result<Board, Text> {
        let quadrants: Vec<&str> = field.split('/').collect();
        let shape_error = || tx!("sauterelle-board-shape", board = field);
        if quadrants.len() != 4 || quadrants.iter().any(|q| q.chars().count() != 6) {
            return Err(shape_error());
        }
        let mut board = Board::with_bar([0, 0]);
        for (i, c) in quadrants.concat().chars().enumerate() {
            let stack = match c {
                '.' => Stack::Empty,
                'w' => Stack::Lone(Side::White),
                'b' => Stack::Lone(Side::Black),
                'W' => Stack::Wall(Side::White),
                'B' => Stack::Wall(Side::Black),
                _ => {
                    return Err(tx!("sauterelle-board-character", char = c));
                }
            };
            board.points[i] = stack;
        }
        Ok(board)
    }

    /// Writes the board field.
    pub fn field(&self) -> String {
        let mut out = String::with_capacity(27);
        for (i, stack) in self.points.iter().enumerate() {
            if i > 0 && i % 6 == 0 {
                out.push('/');
            }
            out.push(stack.letter());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_field_round_trips() {
        for field in ["....../....../....../......", ".w..b./bW..../.B.b../wwbb.."] {
            assert_eq!(Board::from_field(field).unwrap().field(), field);
        }
    }

    #[test]
    fn malformed_fields_are_refused() {
        assert!(Board::from_field("....../....../......").is_err());
        assert!(Board::from_field("...../....../....../.......").is_err());
        let e = Board::from_field("..x.../....../....../......").unwrap_err();
        assert!(e.en().contains("`x`"), "{}", e.en());
    }

    #[test]
    fn walls_between_two_points_are_found() {
        let board = Board::from_field(".w..b./bW..../.B.b../......").unwrap();
        let p = |n| Point::new(n).unwrap();
        assert!(board.wall_between(p(2), p(9)));
        assert!(!board.wall_between(p(2), p(8)));
        assert_eq!(
            board.walls_between(p(8), p(15)).collect::<Vec<_>>(),
            [p(14)]
        );
        assert_eq!(board.on_points(Side::White), 3);
        assert_eq!(board.on_points(Side::Black), 5);
    }
}
