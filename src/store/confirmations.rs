//! The rows of requests to confirm a command (see [`crate::referee::confirm`]): written with
//! the decision that asks or answers, read back by the number a confirmation address names.

use crate::base::Timestamp;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Decision;

    fn asked(state: ConfirmationState) -> Confirmation {
        Confirmation {
            id: "abcdefghij".into(),
            address: "alice@a.example".into(),
            command: "RESIGN".into(),
            game: Some(3),
            lang: Lang::FR,
            asked_at: 100,
            expires_at: 100 + crate::referee::confirm::VALID_FOR,
            state,
            closed_at: None,
        }
    }

    #[test]
    fn a_request_reads_back_and_once_answered_stays_answered() {
        for mut store in
            crate::store::testing::stores("a_request_reads_back_and_once_answered_stays_answered")
        {
            let pending = asked(ConfirmationState::Pending);
            let commit = |store: &mut crate::store::Store, c: &Confirmation, at| {
                let d = Decision {
                    confirmations: vec![c.clone()],
                    ..Decision::default()
                };
                store.commit(&d, None, at).unwrap();
            };
            commit(&mut store, &pending, 100);
            assert_eq!(
                store.confirmation("ABCDEFGHIJ").unwrap(),
                Some(pending.clone())
            );
            assert_eq!(store.confirmation("nothere").unwrap(), None);
            let done = Confirmation {
                state: ConfirmationState::Done,
                closed_at: Some(200),
                ..pending.clone()
            };
            commit(&mut store, &done, 200);
            assert_eq!(
                store.confirmation("abcdefghij").unwrap(),
                Some(done.clone())
            );
            // The message that asked, decided again, cannot reopen it; nor can a cancel.
            commit(&mut store, &pending, 300);
            let cancelled = Confirmation {
                state: ConfirmationState::Cancelled,
                closed_at: Some(400),
                ..pending
            };
            commit(&mut store, &cancelled, 400);
            assert_eq!(store.confirmation("abcdefghij").unwrap(), Some(done));
        }
    }
}
