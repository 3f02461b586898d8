//! Ataxx (Attax, Infection): the 7×7 game of clones and jumps, with blocked cells.
//!
//! Rules as in the project's rules note (`rules/other-games.md`, section 2), following the
//! modern engines (libataxx, the UAI protocol) where Attax 2000 is silent:
//!
//! - **Sides.** `x` moves first from the standard start and is [`crate::games::Side::Black`];
//!   `o` is [`crate::games::Side::White`]. Players see the sides named `x` and `o` in both
//!   languages (Attax 2000's red is `x`, its blue `o`).
//! - **Moves.** A clone (`f2`) puts a new piece on an empty cell touching one of the mover's
//!   pieces; a jump (`g1e3`) moves a piece to an empty cell exactly two steps away. Every
//!   opponent piece touching the destination is converted. A side with no clone and no jump
//!   passes (`0000`); the referee plays that pass itself ([`crate::games::Game::forced_pass`]),
//!   and a pass written by a player is accepted only then.
//! - **End.** A side without pieces, or no empty cell within two steps of any piece: more
//!   pieces win, equal counts draw. Fifty-move rule (option `fifty-move-rule`, default `on`):
//!   100 plies without a clone is a draw. Terminations: [`NO_PIECES`], [`MORE_PIECES`],
//!   [`EQUAL_PIECES`], [`FIFTY_MOVES`].
//! - **Blocked cells** (`-` in the position string) stay blocked for the whole game, so any
//!   Attax 2000 level or custom layout is played by giving its position string.
//!
//! Position string: Ataxx FEN, `x5o/7/7/7/7/7/o5x x 0 1` (board, side to move, half-move
//! clock, full-move number; see [`Position`]). Named starts: `standard`, `square`,
//! `quincunx`, `cross`.
//!
//! Result tokens after the last move: the PGN result then the piece count, `x` first:
//! `1-0 30-19`, `0-1 24-25`, `1/2-1/2 24-24`. [`crate::games::Game::score`] gives
//! `{"x": 30, "o": 19}`.
//!
//! Perft follows the engines' convention so that their published figures can be checked:
//! a forced pass is one move and a finished game has no moves (below the root it adds 0,
//! where the generic [`crate::games::perft::perft`] would count it as one leaf).
//!
//! Records: `arbitre replay` reads Ataxx PGN (`[FEN "…"]` tag, moves, result) as well as
//! one move per line.

mod board;
mod board_text;
mod cell;
mod engine;
mod guide;
mod notation;
mod outcome;
pub mod picture;
mod position;
mod records;
mod rules;
mod setup;

pub use board::{Board, Content};
pub use cell::Cell;
pub use notation::Notation;
pub use outcome::{EQUAL_PIECES, FIFTY_MOVES, MORE_PIECES, NO_PIECES, TERMINATIONS};
pub use position::Position;
pub use rules::{FIFTY_MOVE_PLIES, Move};
pub use setup::{FIFTY_MOVE_RULE, STANDARD};
