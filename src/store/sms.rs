//! The SMS inbox's rows: an SMS handed over by a gateway is recorded once under the
//! gateway's own key for it (a retried delivery finds it there), and waits until the
//! referee has decided on it.

use rusqlite::{Connection, params};

use crate::referee::Timestamp;

use super::StoreError;

/// An SMS as a gateway handed it over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmsIn {
    /// Its row.
    pub id: i64,
    /// Which gateway (`kannel`, `gammu`, `smstools`, `webhook`).
    pub gateway: String,
    /// The gateway's key for it.
    pub key: String,
    /// The sender's number (E.164).
    pub sender: String,
    /// The number it was sent to, when the gateway says.
    pub recipient: Option<String>,
    /// The text.
    pub text: String,
    /// When the gateway handed it over.
    pub received_at: Timestamp,
}

/// Records an SMS unless the gateway's key is known already; returns whether it is new.
pub fn receive(conn: &Connection, sms: &SmsIn) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "INSERT INTO sms_inbox (gateway, key, sender, recipient, text, received_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (gateway, key) DO NOTHING",
        )?
        .execute(params![
            sms.gateway,
            sms.key,
            sms.sender,
            sms.recipient,
            sms.text,
            sms.received_at
        ])?;
    Ok(n == 1)
}

/// The SMS not processed yet, oldest first.
pub fn pending(conn: &Connection, limit: usize) -> Result<Vec<SmsIn>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, gateway, key, sender, recipient, text, received_at FROM sms_inbox
         WHERE processed_at IS NULL ORDER BY id LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit as i64], |r| {
        Ok(SmsIn {
            id: r.get(0)?,
            gateway: r.get(1)?,
            key: r.get(2)?,
            sender: r.get(3)?,
            recipient: r.get(4)?,
            text: r.get(5)?,
            received_at: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Marks an SMS processed (inside the transaction of its effects); false when it was
/// already.
pub fn processed(conn: &Connection, id: i64, at: Timestamp) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE sms_inbox SET processed_at = ?2 WHERE id = ?1 AND processed_at IS NULL",
        )?
        .execute(params![id, at])?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn an_sms_is_recorded_once_and_processed_once() {
        let mut store = Store::open_in_memory().unwrap();
        let sms = SmsIn {
            id: 0,
            gateway: "kannel".into(),
            key: "8a54".into(),
            sender: "+33612345678".into(),
            recipient: Some("36100".into()),
            text: "#12 e5e6".into(),
            received_at: 10,
        };
        assert!(store.receive_sms(&sms).unwrap());
        assert!(!store.receive_sms(&sms).unwrap(), "a retry is known");
        let other = SmsIn {
            gateway: "gammu".into(),
            ..sms.clone()
        };
        assert!(store.receive_sms(&other).unwrap(), "keys are per gateway");
        let pending = store.pending_sms(10).unwrap();
        assert_eq!(pending.len(), 2);
        assert_eq!(pending[0].text, "#12 e5e6");
        assert!(store.sms_processed(pending[0].id, 20).unwrap());
        assert!(!store.sms_processed(pending[0].id, 21).unwrap());
        assert_eq!(store.pending_sms(10).unwrap().len(), 1);
    }
}
