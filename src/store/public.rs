//! What the public pages read and nothing else writes: the latest games, a player's
//! games, every address the store knows (to find a player from their page's handle), the
//! name a player entered an event under, and a store connection that cannot write.

use rusqlite::Connection;

use super::StoreError;
use super::rows::games_where;
use crate::referee::StoredGame;

/// The games played or being played, the most recently changed first, at most `limit`.
pub fn recent_games(conn: &Connection, limit: usize) -> Result<Vec<StoredGame>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let mut games = games_where(
        conn,
        "id IN (SELECT id FROM games WHERE status IN ('active', 'finished')
                ORDER BY updated_at DESC, id DESC LIMIT ?1)",
        &[&limit],
    )?;
    games.sort_by(|a, b| b.updated_at.cmp(&a.updated_at).then(b.id.cmp(&a.id)));
    Ok(games)
}

/// The games `address` sits in, by number.
pub fn games_of(conn: &Connection, address: &str) -> Result<Vec<StoredGame>, StoreError> {
    let address = address.to_lowercase();
    games_where(conn, "white = ?1 OR black = ?1", &[&address])
}

/// Every address the store knows as a player: player records, seats of games, entries of
/// events.
pub fn known_addresses(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT address FROM players UNION SELECT white FROM games
         UNION SELECT black FROM games UNION SELECT address FROM entries",
    )?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The name `address` was last entered in an event under, if any.
pub fn entry_name(conn: &Connection, address: &str) -> Result<Option<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT name FROM entries WHERE address = lower(?1) ORDER BY event_id DESC LIMIT 1",
    )?;
    let mut rows = stmt.query([address])?;
    Ok(match rows.next()? {
        Some(row) => Some(row.get(0)?),
        None => None,
    })
}

/// The events `address` entered, the latest first: (name, title).
pub fn events_entered(
    conn: &Connection,
    address: &str,
) -> Result<Vec<(String, String)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.name, e.title FROM entries n JOIN events e ON e.id = n.event_id
         WHERE n.address = lower(?1) ORDER BY e.id DESC",
    )?;
    let rows = stmt.query_map([address], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Makes `conn` refuse every write from now on (SQLite's `query_only`).
pub fn refuse_writes(conn: &Connection) -> Result<(), StoreError> {
    conn.pragma_update(None, "query_only", true)?;
    Ok(())
}
