//! Sauterelle (Grasshopper): Matt Crispin's dice-less backgammon race, as BrainKing plays it.
//!
//! Rules as in the project's rules note (`rules/other-games.md`, section 1), with its
//! recommended resolutions of the open questions:
//!
//! - **Board.** 24 points, the same numbering and direction (1 to 24) for both sides;
//!   quadrants A 1-6 (entry), B 7-12, C 13-18, D 19-24 (bear-off). Each side has 14
//!   checkers (option `checkers`), all on the bar at the start; White moves first (option
//!   `first-player`).
//! - **Moves.** Enter a checker from the bar on a vacant point of 1-6 (`bar/3`); move a lone
//!   checker or the top checker of a wall from 1-18 to the next quadrant (`3/9`), onto a
//!   vacant point or onto the mover's own lone checker exactly six points ahead, which
//!   builds a wall; bear a wall in 19-24 off (`20/off`), scoring a point. A lone checker may
//!   not pass over a wall; the top checker of a wall may. Nothing is ever hit. Checkers in
//!   19-24 never move on their own; bearing off is never compulsory.
//! - **Pass.** Only when the mover has no move; the referee plays it itself
//!   ([`crate::games::Game::forced_pass`]) and a written `pass` is accepted only then.
//! - **End.** Scoring a point right after one's own previous point (two in a row, whatever
//!   the turns in between) wins ([`TWO_IN_A_ROW`]). When neither side can ever move again
//!   the game is drawn ([`NO_MOVE`]). Games always end: a side has at most 63 moves.
//!
//! Position string: `....../....../....../...... 14 14 0-0 - w`, or `start` (see
//! [`Position`]). Result tokens: `WW 2-1`, `BW 1-2`, `PAT 6-6` (points, White first);
//! [`crate::games::Game::score`] gives `{"white": 2, "black": 1, "last_scorer": "white"}`.
//! Records: one move per line.

mod board;
mod board_text;
mod engine;
mod guide;
mod notation;
mod outcome;
pub mod picture;
mod point;
mod position;
mod rules;
mod setup;

pub use board::{Board, Stack};
pub use notation::{Destination, Notation, Origin};
pub use outcome::{NO_MOVE, TERMINATIONS, TWO_IN_A_ROW};
pub use point::Point;
pub use position::Position;
pub use rules::Move;
pub use setup::{CHECKERS, FIRST_PLAYER};
