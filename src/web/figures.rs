//! The statistics' figures as last read, kept for a minute: reading them is one pass over
//! every finished game (about a second for 100,000 games of 60 moves on SQLite), too much
//! for each visit of a public page. A game that ends shows in the statistics at most a
//! minute later.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::games::GameKind;
use crate::referee::view::Figures;

/// How long figures read are shown before they are read again.
pub const KEPT_FOR: Duration = Duration::from_secs(60);

/// The figures of every game (`None`) and of each game, with when they were read.
#[derive(Debug, Default)]
pub struct KeptFigures {
    read: Mutex<ByGame>,
}

/// Figures and when they were read, by game.
type ByGame = HashMap<Option<GameKind>, (Instant, Arc<Vec<Figures>>)>;

impl KeptFigures {
    /// The figures of `kind` at `now`: those kept when read less than [`KEPT_FOR`] ago,
    /// else what `read` gives (then kept). Two visits that miss together both read.
    pub fn get<E>(
        &self,
        kind: Option<GameKind>,
        now: Instant,
        read: impl FnOnce() -> Result<Vec<Figures>, E>,
    ) -> Result<Arc<Vec<Figures>>, E> {
        let fresh = |at: &Instant| now.saturating_duration_since(*at) < KEPT_FOR;
        if let Some((at, figures)) = self.lock().get(&kind)
            && fresh(at)
        {
            return Ok(Arc::clone(figures));
        }
        let figures = Arc::new(read()?);
        self.lock().insert(kind, (now, Arc::clone(&figures)));
        Ok(figures)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ByGame> {
        self.read.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_read_again_after_a_minute_and_kept_by_game() {
        let kept = KeptFigures::default();
        let start = Instant::now();
        let reads = std::cell::Cell::new(0);
        let read = || -> Result<Vec<Figures>, ()> {
            reads.set(reads.get() + 1);
            Ok(Vec::new())
        };
        kept.get(None, start, read).unwrap();
        kept.get(None, start + Duration::from_secs(59), read)
            .unwrap();
        assert_eq!(reads.get(), 1, "kept within the minute");
        kept.get(Some(GameKind::Ataxx), start, read).unwrap();
        assert_eq!(reads.get(), 2, "each game's figures apart");
        kept.get(None, start + KEPT_FOR, read).unwrap();
        assert_eq!(reads.get(), 3, "read again after a minute");
        assert!(
            kept.get(None, start, || Err::<Vec<Figures>, ()>(()))
                .is_ok()
        );
        let later = start + KEPT_FOR * 3;
        assert!(
            kept.get(None, later, || Err::<Vec<Figures>, ()>(()))
                .is_err(),
            "a failed read is said, and nothing is kept"
        );
    }
}
