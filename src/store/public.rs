//! What the public pages read and nothing else writes: the latest games, a player's
//! games, every address the store knows (to find a player from their page's handle), the
//! name a player entered an event under, and a store connection that cannot write.

use super::StoreError;
use super::rows::games_where;
use super::sql::{Db, Dialect, params};
use crate::referee::StoredGame;

/// The games played or being played, the most recently changed first, at most `limit`.
pub fn recent_games(db: &Db, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let mut games = games_where(
        db,
        "id IN (SELECT id FROM games WHERE status IN ('active', 'finished')
                ORDER BY updated_at DESC, id DESC LIMIT ?1)",
        params![limit],
    )?;
    games.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    Ok(games)
}

/// The games `address` sits in, by number.
pub fn games_of(db: &Db, address: &str) -> Result<Vec<StoredGame>, StoreError> {
    let address = address.to_lowercase();
    games_where(db, "white = ?1 OR black = ?1", params![address])
}

/// Every address the store knows as a player: player records, seats of games, entries of
/// events.
pub fn known_addresses(db: &Db) -> Result<Vec<String>, StoreError> {
    db.query_map(
        "SELECT address FROM players UNION SELECT white FROM games
         UNION SELECT black FROM games UNION SELECT address FROM entries",
        params![],
        |r| r.get(0),
    )
}

/// The name `address` was last entered in an event under, if any.
pub fn entry_name(db: &Db, address: &str) -> Result<Option<String>, StoreError> {
    db.query_opt(
        "SELECT name FROM entries WHERE address = lower(?1) ORDER BY event_id DESC LIMIT 1",
        params![address],
        |r| r.get(0),
    )
}

/// The events `address` entered, the latest first: (name, title).
pub fn events_entered(db: &Db, address: &str) -> Result<Vec<(String, String)>, StoreError> {
    db.query_map(
        "SELECT e.name, e.title FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.address = lower(?1) ORDER BY e.id DESC",
        params![address],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Makes `db` refuse every write from now on (SQLite's `query_only`; PostgreSQL's
/// `default_transaction_read_only` for the session).
pub fn refuse_writes(db: &Db) -> Result<(), StoreError> {
    match db.dialect() {
        Dialect::Sqlite => {
            if let Some(conn) = db.sqlite_conn() {
                conn.pragma_update(None, "query_only", true)?;
            }
        }
        Dialect::Postgres => db.set_for_session("SET default_transaction_read_only = on")?,
    }
    Ok(())
}
