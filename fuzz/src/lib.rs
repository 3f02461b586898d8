//! The checks behind arbitre's fuzz targets (`fuzz/fuzz_targets/*.rs`), kept in one library
//! so that each target is a one-line call and the checks can be read in one place.
//!
//! - [`game`]: one game's position strings, options and move texts through
//!   [`arbitre::games::AnyGame`] (targets `game_abalone`, `game_ataxx`, `game_bulltricker`,
//!   `game_sauterelle`, `game_tours`).
//! - [`mail`]: a whole raw mail through the mail reader and the referee's reading of it
//!   (target `mail`).
//! - [`command`]: lines of text through the command parser (target `command`).
//!
//! Every check panics when an invariant fails, which libFuzzer reports as a crash. The work
//! per input is bounded (a few dozen moves, a few hundred legal moves judged per position),
//! so that a slow input is a finding, not the harness's doing.

pub mod command;
pub mod game;
pub mod mail;
