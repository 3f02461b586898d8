//! Who is searching which game for the computer: with several daemons on one store, each
//! would otherwise search every turn the computer owes, and all but one of them for
//! nothing (the answer is decided once; the others find it answered). A daemon holds a
//! game before it searches (`hold`), renews its holds while it searches (`renew`), and lets
//! go once the answer is decided (`release`). A hold not renewed for [`LEASE`] seconds is
//! a daemon that died or lost the store: then anyone may take it, and searches again. A
//! daemon restarted on the same machine need not wait that long for its predecessor's
//! holds: it takes over those of a process it knows to be gone (`take_over`).
//!
//! A hold only spares work; it guards nothing. What makes an answer count once is the
//! check, in the transaction that decides it, that the game still owes that answer.

use crate::base::Timestamp;
use crate::referee::GameId;

use super::StoreError;
use super::sql::{Db, params};

/// Seconds after its last renewal that a hold lapses. The computer's task renews its holds
/// at each look, at least every five seconds ([`crate::daemon::computer::POLL`]).
pub const LEASE: Timestamp = 15;

/// Holds `game` for `holder` at `now`: `None` when it is now the holder's (free, lapsed,
/// or the holder's already), else the holder whose hold runs.
pub fn hold(
    db: &Db,
    game: GameId,
    holder: &str,
    now: Timestamp,
) -> Result<Option<String>, StoreError> {
    let held: Option<GameId> = db.query_opt(
        "INSERT INTO searches (game_id, holder, since) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET holder = ?2, since = ?3
             WHERE searches.holder = ?2 OR searches.since <= ?4
         RETURNING game_id",
        params![game, holder, now, now - LEASE],
        |r| r.get(0),
    )?;
    if held.is_some() {
        return Ok(None);
    }
    let other: Option<String> = db.query_opt(
        "SELECT holder FROM searches WHERE game_id = ?1",
        params![game],
        |r| r.get(0),
    )?;
    // Let go between the two statements: free now, held at the next look.
    Ok(Some(other.unwrap_or_default()))
}

/// Takes `game` over from `gone`, a holder known to be dead (a daemon of this machine
/// whose process is no more), without waiting for its hold to lapse: true when taken.
pub fn take_over(
    db: &Db,
    game: GameId,
    gone: &str,
    holder: &str,
    now: Timestamp,
) -> Result<bool, StoreError> {
    let n = db.execute(
        "UPDATE searches SET holder = ?3, since = ?4 WHERE game_id = ?1 AND holder = ?2",
        params![game, gone, holder, now],
    )?;
    Ok(n == 1)
}

/// Renews every hold of `holder` at `now`.
pub fn renew(db: &Db, holder: &str, now: Timestamp) -> Result<(), StoreError> {
    db.execute(
        "UPDATE searches SET since = ?2 WHERE holder = ?1",
        params![holder, now],
    )?;
    Ok(())
}

/// Lets every game `holder` holds go (a daemon that stops).
pub fn release_all(db: &Db, holder: &str) -> Result<(), StoreError> {
    db.execute("DELETE FROM searches WHERE holder = ?1", params![holder])?;
    Ok(())
}

/// Lets `game` go, if `holder` holds it.
pub fn release(db: &Db, game: GameId, holder: &str) -> Result<(), StoreError> {
    db.execute(
        "DELETE FROM searches WHERE game_id = ?1 AND holder = ?2",
        params![game, holder],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::LEASE;

    #[test]
    fn one_daemon_searches_a_game_until_its_hold_lapses_or_is_let_go() {
        for mut s in crate::store::testing::stores(
            "one_daemon_searches_a_game_until_its_hold_lapses_or_is_let_go",
        ) {
            assert_eq!(s.hold_search(7, "one", 100).unwrap(), None);
            // The holder again (its next look): still its own.
            assert_eq!(s.hold_search(7, "one", 101).unwrap(), None);
            // Another daemon finds it held, and holds another game.
            assert_eq!(
                s.hold_search(7, "two", 102).unwrap().as_deref(),
                Some("one")
            );
            assert_eq!(s.hold_search(8, "two", 102).unwrap(), None);
            // Renewed, the hold runs past its first lease.
            s.renew_searches("one", 110).unwrap();
            assert_eq!(
                s.hold_search(7, "two", 100 + LEASE).unwrap().as_deref(),
                Some("one")
            );
            // Not renewed: it lapses, and the other takes it.
            assert_eq!(s.hold_search(7, "two", 110 + LEASE).unwrap(), None);
            assert_eq!(
                s.hold_search(7, "one", 111 + LEASE).unwrap().as_deref(),
                Some("two")
            );
            // Let go once answered: anyone's at once; a release by another changes nothing.
            s.release_search(7, "one").unwrap();
            assert_eq!(
                s.hold_search(7, "one", 112 + LEASE).unwrap().as_deref(),
                Some("two")
            );
            s.release_search(7, "two").unwrap();
            assert_eq!(s.hold_search(7, "one", 113 + LEASE).unwrap(), None);
            // Taken over from a holder known to be gone, before its lease runs out; only
            // from the holder named.
            assert!(!s.take_over_search(8, "one", "three", 114 + LEASE).unwrap());
            assert!(s.take_over_search(8, "two", "three", 114 + LEASE).unwrap());
            assert_eq!(
                s.hold_search(8, "two", 115 + LEASE).unwrap().as_deref(),
                Some("three")
            );
            // A daemon that stops lets go of all it holds.
            s.release_searches("one").unwrap();
            assert_eq!(s.hold_search(7, "three", 116 + LEASE).unwrap(), None);
        }
    }
}
