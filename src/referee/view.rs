//! What the pages and the command line may read of the referee: a game's clocks and their
//! words, what spectators may see of a game, a game's record and result line, an event's
//! table, standings and conditions, and the statistics of finished games. Read-only and pure: nothing here decides or
//! changes anything (the director's commands go through [`super::direct`] and the event's
//! steps through [`super::event`]).
//!
//! The referee's other parts are `pub(crate)` or named by the daemon and the store only;
//! `layering.rs` fails when a module outside `referee/` names one of its crate-private
//! parts, so this file is the one door for readers.

/// A game's clocks: the circumstances they run in, their reading, deadline and words.
pub use super::clock_text::{ClockView, control_words, time_left_words, when_words};
pub use super::clocks::{
    Circumstances, deadline as clock_deadline, paused as clock_paused, read as clock_reading,
    view as clock_view,
};
/// A game's plies, record and result line.
pub use super::compose::mover_of_ply;
/// An event's table, standings and conditions.
pub use super::event::view::{
    Ratings, conditions, conditions_text, legend_shape, side_letters, standings_csv,
    standings_grid, standings_text, table_of,
};
pub use super::reply::result_text;
/// What the public may see of a game.
pub use super::spectators::{as_shown, listed, public_name, shown_moves};
/// The statistics of finished games and their words.
pub use super::statistics::{Figures, Finished, LongGame, Opening, Tenths, statistics};
pub use super::statistics_text::{FiguresText, counted_note, figures_text, statistics_text};
pub use super::terms::{Numberer, plies, record};
