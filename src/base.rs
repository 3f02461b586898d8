//! The names every layer shares: a game's number, an instant, and the one reading of the
//! system clock. The bottom layer: it imports nothing from the crate, and everything may
//! import it.
//!
//! The pure layers (games, clocks, the referee, pairings, rendering) never call [`now`]:
//! they are handed the instant. Only the edges (the daemon's loop, the command line, the
//! gateways that stamp what they receive, the pages) read the clock.

/// A game's number, shown to players as `[arbitre #42]`.
pub type GameId = i64;

/// Seconds since the Unix epoch (UTC).
pub type Timestamp = i64;

/// The current time, in seconds since the epoch (0 if the system clock is before 1970).
pub fn now() -> Timestamp {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
