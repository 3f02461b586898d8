//! Clocks: time controls and the accounting of correspondence time, as pure functions of
//! recorded facts (when each move reached arbitre, when each forward left it, leave,
//! outages, a director's changes) and `now`. Nothing here reads a clock or stores a
//! counter: replaying a game's facts always gives the same clocks.
//!
//! - [`duration`]: `3d`, `36h`, `1d12h` as players write them.
//! - [`control`]: a game's time control (`3d`, `30d+3d/60d`, `10/50d`, options).
//! - [`pauses`]: counted time, less leave, outages, pauses and weekends.
//! - [`account`]: both clocks at an instant, and when the player to move runs out.
//! - [`reminders`]: the reminder ladder and when each step falls in a turn.
//! - [`leave`]: leave in whole local days, the yearly quota, cancelling early.

pub mod account;
pub mod control;
pub mod duration;
pub mod leave;
pub mod pauses;
pub mod reminders;

pub use control::{ControlError, Limit, TimeControl};
pub use pauses::{Pauses, Span};
