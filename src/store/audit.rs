//! The audit log's rows: appending an entry (numbered and chained to the head inside the
//! caller's transaction) and reading the whole log with its head. The checks are
//! [`crate::audit`]'s.

use crate::audit::{self, Draft, Entry};
use crate::keys::KeySet;

use super::StoreError;
use super::sql::{Db, params};

/// The last entry's number and hash, as recorded apart from the log.
pub fn head(db: &Db) -> Result<Option<audit::Head>, StoreError> {
    db.query_opt(
        "SELECT seq, hash FROM audit_head WHERE one = 1",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Appends `draft` after the head, sealed under `keys`; returns the entry written.
pub fn append(db: &Db, draft: Draft, keys: &KeySet) -> Result<Entry, StoreError> {
    let head = head(db)?;
    let entry = audit::seal(draft, head.as_ref().map(|(s, h)| (*s, h.as_str())), keys);
    let d = &entry.draft;
    db.execute(
        "INSERT INTO audit (seq, at, actor, action, game_id, player, detail, reason, prev, hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            entry.seq, d.at, d.actor, d.action, d.game, d.player, d.detail, d.reason, entry.prev,
            entry.hash
        ],
    )?;
    db.execute(
        "INSERT INTO audit_head (one, seq, hash) VALUES (1, ?1, ?2)
         ON CONFLICT (one) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
        params![entry.seq, entry.hash],
    )?;
    Ok(entry)
}

/// Every entry, oldest first.
pub fn entries(db: &Db) -> Result<Vec<Entry>, StoreError> {
    db.query_map(
        "SELECT seq, at, actor, action, game_id, player, detail, reason, prev, hash
         FROM audit ORDER BY seq",
        params![],
        |r| {
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
        },
    )
}
