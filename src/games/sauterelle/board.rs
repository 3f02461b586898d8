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

    /// Its byte in the board: 0 empty, 1 and 2 a lone White and Black checker, 3 and 4 a
    /// White and Black wall.
    pub fn code(self) -> u8 {
        match self {
            Stack::Empty => 0,
            Stack::Lone(s) => 1 + s.index() as u8,
            Stack::Wall(s) => 3 + s.index() as u8,
        }
    }

    /// The stack of byte `code` ([`Stack::code`]; any other byte reads as empty).
    fn from_code(code: u8) -> Stack {
        match code {
            1 => Stack::Lone(Side::White),
            2 => Stack::Lone(Side::Black),
            3 => Stack::Wall(Side::White),
            4 => Stack::Wall(Side::Black),
            _ => Stack::Empty,
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
    /// Each point's [`Stack::code`]: a byte a point, so that the computer's position key
    /// reads the points as they are stored.
    points: [u8; POINTS as usize],
    bar: [u8; 2],
}

impl Board {
    /// An empty board with `on_bar` checkers for each side on the bar.
    pub fn with_bar(on_bar: [u8; 2]) -> Board {
        Board {
            points: [0; POINTS as usize],
            bar: on_bar,
        }
    }

    /// What point `p` holds.
    pub fn stack(&self, p: Point) -> Stack {
        Stack::from_code(self.points[p.index()])
    }

    /// Sets what point `p` holds.
    pub fn set(&mut self, p: Point, stack: Stack) {
        self.points[p.index()] = stack.code();
    }

    /// Every point's [`Stack::code`], point 1 first.
    pub fn codes(&self) -> [u8; POINTS as usize] {
        self.points
    }

    /// Every point's stack, point 1 first.
    fn stacks(&self) -> impl Iterator<Item = Stack> + '_ {
        self.points.iter().map(|&c| Stack::from_code(c))
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
        self.stacks()
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
            board.points[i] = stack.code();
        }
        Ok(board)
    }

    /// Writes the board field.
    pub fn field(&self) -> String {
        let mut out = String::with_capacity(27);
        for (i, stack) in self.stacks().enumerate() {
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
    fn every_stack_reads_back_from_its_code_and_no_two_share_one() {
        let all = [
            Stack::Empty,
            Stack::Lone(Side::White),
            Stack::Lone(Side::Black),
            Stack::Wall(Side::White),
            Stack::Wall(Side::Black),
        ];
        for stack in all {
            assert_eq!(Stack::from_code(stack.code()), stack);
        }
        let mut codes: Vec<u8> = all.iter().map(|s| s.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
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
