//! A player who withdraws (or is withdrawn by the director) from a correspondence event:
//! the ICCF rule decides what becomes of their unfinished games. If they have finished at
//! least half of their games in the event, the unfinished ones are lost by them (each
//! opponent wins by forfeit); otherwise the unfinished ones are cancelled (counted for
//! nobody). Finished games stand either way. Pure.

/// What becomes of a withdrawing player's unfinished games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfinished {
    /// Each is lost by the player who withdraws.
    Forfeited,
    /// Each is cancelled.
    Cancelled,
}

/// The ICCF rule: `finished` of the player's `total` games in the event are finished.
pub fn unfinished_games(finished: usize, total: usize) -> Unfinished {
    if 2 * finished >= total {
        Unfinished::Forfeited
    } else {
        Unfinished::Cancelled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_or_more_finished_forfeits_the_rest() {
        assert_eq!(unfinished_games(5, 10), Unfinished::Forfeited);
        assert_eq!(unfinished_games(6, 10), Unfinished::Forfeited);
        assert_eq!(unfinished_games(3, 5), Unfinished::Forfeited);
    }

    #[test]
    fn fewer_than_half_cancels_the_rest() {
        assert_eq!(unfinished_games(4, 10), Unfinished::Cancelled);
        assert_eq!(unfinished_games(2, 5), Unfinished::Cancelled);
        assert_eq!(unfinished_games(0, 10), Unfinished::Cancelled);
    }
}
