//! The rows of requests to confirm a command (see [`crate::referee::confirm`]): written with
//! the decision that asks or answers, read back by the number a confirmation address names.

use crate::referee::Timestamp;
use crate::referee::confirm::{Confirmation, ConfirmationState};
use crate::text::Lang;

use super::StoreError;
use super::sql::{Db, Row, params};

/// Records `c`, or its new state when it is already recorded. A request once answered
/// stays answered: its state never goes back to pending (a decision made again on the
/// message that asked cannot reopen it).
pub fn save(db: &Db, c: &Confirmation) -> Result<(), StoreError> {
    db.execute(
        "INSERT INTO confirmations
             (id, address, command, game_id, lang, asked_at, expires_at, state, closed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, closed_at = excluded.closed_at
         WHERE confirmations.state = 'pending'",
        params![
            c.id,
            c.address.to_lowercase(),
            c.command,
            c.game,
            c.lang.code(),
            c.asked_at,
            c.expires_at,
            c.state.code(),
            c.closed_at
        ],
    )?;
    Ok(())
}

/// The request numbered `id`, if recorded.
pub fn get(db: &Db, id: &str) -> Result<Option<Confirmation>, StoreError> {
    db.query_opt(
        "SELECT id, address, command, game_id, lang, asked_at, expires_at, state, closed_at
         FROM confirmations WHERE id = ?1",
        params![id.to_lowercase()],
        row,
    )
}

fn row(r: &Row<'_>) -> Result<Confirmation, StoreError> {
    let lang: String = r.get(4)?;
    let state: String = r.get(7)?;
    Ok(Confirmation {
        id: r.get(0)?,
        address: r.get(1)?,
        command: r.get(2)?,
        game: r.get(3)?,
        lang: Lang::from_name(&lang).unwrap_or_default(),
        asked_at: r.get::<Timestamp>(5)?,
        expires_at: r.get(6)?,
        // An unknown word (a newer arbitre's) confirms nothing.
        state: ConfirmationState::from_code(&state).unwrap_or(ConfirmationState::Cancelled),
        closed_at: r.get(8)?,
    })
}
