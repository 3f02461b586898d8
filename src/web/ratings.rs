//! Every pool's ratings after the last complete month, as last worked out, kept for a
//! minute: working them out reads every rated game and replays every month of every pool,
//! too much for each visit of a player's or an event's page in a store of many games
//! (docs/benchmarks.md, "With 100,000 games"). The ratings after a month change when the
//! month ends, which gives another key, or when a result lands in a month already over; a
//! page shows that at most a minute later, as the statistics do.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::figures::KEPT_FOR;
use crate::rating::history::PlayerRating;

/// Every pool's ratings: pool, then address (in lower case), then rating.
pub type PoolRatings = BTreeMap<String, BTreeMap<String, PlayerRating>>;

/// The ratings as last worked out: after which month, when, and what they were.
#[derive(Debug, Default)]
pub struct KeptRatings {
    read: Mutex<Option<(i64, Instant, Arc<PoolRatings>)>>,
}

impl KeptRatings {
    /// The ratings after the month `last` at `now`: those kept when worked out for that
    /// month less than [`KEPT_FOR`] ago, else what `work_out` gives (then kept). Two
    /// visits that miss together both work them out.
    pub fn get<E>(
        &self,
        last: i64,
        now: Instant,
        work_out: impl FnOnce() -> Result<PoolRatings, E>,
    ) -> Result<Arc<PoolRatings>, E> {
        if let Some((month, at, ratings)) = &*self.lock()
            && *month == last
            && now.saturating_duration_since(*at) < KEPT_FOR
        {
            return Ok(Arc::clone(ratings));
        }
        let ratings = Arc::new(work_out()?);
        *self.lock() = Some((last, now, Arc::clone(&ratings)));
        Ok(ratings)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(i64, Instant, Arc<PoolRatings>)>> {
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn ratings_are_worked_out_again_after_a_minute_or_for_another_month() {
        let kept = KeptRatings::default();
        let start = Instant::now();
        let works = std::cell::Cell::new(0);
        let work_out = || -> Result<PoolRatings, ()> {
            works.set(works.get() + 1);
            Ok(PoolRatings::new())
        };
        kept.get(100, start, work_out).unwrap();
        kept.get(100, start + Duration::from_secs(59), work_out)
            .unwrap();
        assert_eq!(works.get(), 1, "kept within the minute");
        kept.get(101, start + Duration::from_secs(59), work_out)
            .unwrap();
        assert_eq!(works.get(), 2, "a month ended: worked out again");
        kept.get(101, start + Duration::from_secs(59) + KEPT_FOR, work_out)
            .unwrap();
        assert_eq!(works.get(), 3, "worked out again after a minute");
        let later = start + KEPT_FOR * 5;
        assert!(
            kept.get(101, later, || Err::<PoolRatings, ()>(())).is_err(),
            "a failure is said, and nothing is kept"
        );
        assert!(kept.get(101, later, work_out).is_ok());
        assert_eq!(works.get(), 4);
    }
}
