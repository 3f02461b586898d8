//! The audit log's rows: appending an entry (numbered and chained to the head inside the
//! caller's transaction) and reading the whole log with its head. The checks are
//! [`crate::audit`]'s.

use rusqlite::{Connection, OptionalExtension, params};

use crate::audit::{self, Draft, Entry};

use super::StoreError;

/// The last entry's number and hash, as recorded apart from the log.
pub fn head(conn: &Connection) -> Result<Option<audit::Head>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT seq, hash FROM audit_head WHERE one = 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Appends `draft` after the head, sealed under `key`; returns the entry written.
pub fn append(conn: &Connection, draft: Draft, key: &str) -> Result<Entry, StoreError> {
    let head = head(conn)?;
    let entry = audit::seal(draft, head.as_ref().map(|(s, h)| (*s, h.as_str())), key);
    let d = &entry.draft;
    conn.prepare_cached(
        "INSERT INTO audit (seq, at, actor, action, game_id, player, detail, reason, prev, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        entry.seq, d.at, d.actor, d.action, d.game, d.player, d.detail, d.reason, entry.prev,
        entry.hash
    ])?;
    conn.prepare_cached("INSERT OR REPLACE INTO audit_head (one, seq, hash) VALUES (1, ?1, ?2)")?
        .execute(params![entry.seq, entry.hash])?;
    Ok(entry)
}

/// Every entry, oldest first.
pub fn entries(conn: &Connection) -> Result<Vec<Entry>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, at, actor, action, game_id, player, detail, reason, prev, hash
         FROM audit ORDER BY seq",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Entry {
            seq: r.get(0)?,
            draft: Draft {
                at: r.get(1)?,
                actor: r.get(2)?,
                action: r.get(3)?,
                game: r.get(4)?,
                player: r.get(5)?,
                detail: r.get(6)?,
                reason: r.get(7)?,
            },
            prev: r.get(8)?,
            hash: r.get(9)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
