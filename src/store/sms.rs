//! The SMS inbox's rows: an SMS handed over by a gateway is recorded once under the
//! gateway's own key for it (a retried delivery finds it there), and waits until the
//! referee has decided on it.

use crate::base::Timestamp;

use super::StoreError;
use super::sql::{Db, params};

pub use crate::sms::received::SmsIn;

/// Records an SMS unless the gateway's key is known already; returns whether it is new.
pub fn receive(db: &Db, sms: &SmsIn) -> Result<bool, StoreError> {
    let n = db.execute(
        "INSERT INTO sms_inbox (gateway, key, sender, recipient, text, received_at, stop)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (gateway, key) DO NOTHING",
        params![
            sms.gateway,
            sms.key,
            sms.sender,
            sms.recipient,
            sms.text,
            sms.received_at,
            crate::referee::phone::stop_word(&sms.text),
        ],
    )?;
    Ok(n == 1)
}

/// The SMS not processed yet, oldest first.
pub fn pending(db: &Db, limit: usize) -> Result<Vec<SmsIn>, StoreError> {
    db.query_map(
        "SELECT id, gateway, key, sender, recipient, text, received_at FROM sms_inbox
         WHERE processed_at IS NULL ORDER BY id LIMIT ?1",
        params![limit as i64],
        |r| {
            Ok(SmsIn {
                id: r.get(0)?,
                gateway: r.get(1)?,
                key: r.get(2)?,
                sender: r.get(3)?,
                recipient: r.get(4)?,
                text: r.get(5)?,
                received_at: r.get(6)?,
            })
        },
    )
}

/// Marks an SMS processed (inside the transaction of its effects); false when it was
/// already.
pub fn processed(db: &Db, id: i64, at: Timestamp) -> Result<bool, StoreError> {
    let n = db.execute(
        "UPDATE sms_inbox SET processed_at = ?2 WHERE id = ?1 AND processed_at IS NULL",
        params![id, at],
    )?;
    Ok(n == 1)
}

/// Records that `number` said STOP (with the Message-ID of the SMS that confirms it) or
/// START. Inside the commit transaction.
pub fn set_stopped(
    db: &Db,
    number: &str,
    stopped: bool,
    confirmation: Option<&str>,
    at: Timestamp,
) -> Result<(), StoreError> {
    if stopped {
        db.execute(
            "INSERT INTO sms_optout (number, since, confirmation) VALUES (?1, ?2, ?3)
             ON CONFLICT (number) DO NOTHING",
            params![number, at, confirmation],
        )?;
    } else {
        db.execute("DELETE FROM sms_optout WHERE number = ?1", params![number])?;
    }
    Ok(())
}

/// Whether `number` said STOP; with the Message-ID of the one SMS still allowed to it.
pub fn stopped(db: &Db, number: &str) -> Result<Option<Option<String>>, StoreError> {
    db.query_opt(
        "SELECT confirmation FROM sms_optout WHERE number = ?1",
        params![number],
        |r| r.get(0),
    )
}

/// Whether an SMS was queued for `number` since `since`.
pub fn sent_since(db: &Db, number: &str, since: Timestamp) -> Result<bool, StoreError> {
    let n: i64 = db.query_row(
        "SELECT count(*) FROM outbox WHERE channel = 'sms' AND recipient = ?1
         AND created_at > ?2",
        params![number, since],
        |r| r.get(0),
    )?;
    Ok(n > 0)
}

/// The game of the latest SMS sent to `number` (the player read it), when it is about one.
pub fn last_game(db: &Db, number: &str) -> Result<Option<i64>, StoreError> {
    // NULLS LAST: where SQLite puts them in a descending order, not PostgreSQL.
    Ok(db
        .query_opt(
            "SELECT game_id FROM outbox WHERE channel = 'sms' AND recipient = ?1
             AND status = 'sent' ORDER BY sent_at DESC NULLS LAST, id DESC LIMIT 1",
            params![number],
            |r| r.get::<Option<i64>>(0),
        )?
        .flatten())
}

/// The daily caps on SMS. Codes (the SMS logged in `sms_codes`) and notifications (every
/// other SMS) are counted apart, each against its own caps: codes can never use up
/// notifications' share, to a number or in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Notifications to one number in 24 hours.
    pub per_number: u32,
    /// Notifications in all in 24 hours.
    pub in_all: u32,
    /// Codes in all in 24 hours (the referee also limits them per player and per number
    /// when it queues them).
    pub codes: u32,
}

/// Whether a queued SMS may go now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Send it.
    Go,
    /// Never: the number said STOP.
    Stopped,
    /// Not before this time: a daily cap is reached.
    Wait(Timestamp),
}

/// The day over which the caps count.
const DAY: Timestamp = 86_400;

/// Whether the SMS `message_id` to `number` may go at `now` under `caps`.
pub fn gate(
    db: &Db,
    number: &str,
    message_id: &str,
    caps: Caps,
    now: Timestamp,
) -> Result<Gate, StoreError> {
    match stopped(db, number)? {
        // The one SMS that confirms a STOP goes at once, whatever the caps.
        Some(allowed) if allowed.as_deref() == Some(message_id) => return Ok(Gate::Go),
        Some(_) => return Ok(Gate::Stopped),
        None => {}
    }
    // A STOP received but not decided yet already holds: it takes effect at once.
    let waiting: Option<bool> = db.query_opt(
        "SELECT stop FROM sms_inbox WHERE sender = ?1 AND processed_at IS NULL
         AND stop IS NOT NULL ORDER BY id DESC LIMIT 1",
        params![number],
        |r| r.get(0),
    )?;
    if waiting == Some(true) {
        return Ok(Gate::Stopped);
    }
    let is_code: bool = db.query_row(
        "SELECT count(*) FROM sms_codes WHERE message_id = ?1",
        params![message_id],
        |r| r.get::<i64>(0),
    )? > 0;
    // The SMS of the same kind as this one sent in the last day (to `number` alone, or
    // to all when it is None).
    let sent = |to: Option<&str>| -> Result<(u32, Option<Timestamp>), StoreError> {
        db.query_row(
            "SELECT count(*), min(sent_at) FROM outbox WHERE channel = 'sms' AND status = 'sent'
             AND sent_at > ?1
             AND (CAST(?2 AS TEXT) IS NULL OR recipient = CAST(?2 AS TEXT))
             AND (message_id IN (SELECT message_id FROM sms_codes)) = ?3",
            params![now - DAY, to, is_code],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    };
    if is_code {
        let (codes, first) = sent(None)?;
        if codes >= caps.codes {
            return Ok(Gate::Wait(first.unwrap_or(now) + DAY));
        }
        return Ok(Gate::Go);
    }
    let (to_number, first) = sent(Some(number))?;
    if to_number >= caps.per_number {
        return Ok(Gate::Wait(first.unwrap_or(now) + DAY));
    }
    let (in_all, first) = sent(None)?;
    if in_all >= caps.in_all {
        return Ok(Gate::Wait(first.unwrap_or(now) + DAY));
    }
    Ok(Gate::Go)
}

/// Logs the codes of a decision (inside the commit transaction, at the time it is
/// queued): the daily limits on codes count them, whatever the numbers.
pub fn log_codes(
    db: &Db,
    codes: &[crate::referee::CodeSent],
    at: Timestamp,
) -> Result<(), StoreError> {
    for c in codes {
        db.execute(
            "INSERT INTO sms_codes (message_id, address, number, sent_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (message_id) DO NOTHING",
            params![c.message_id, c.address.to_lowercase(), c.number, at],
        )?;
    }
    Ok(())
}

/// The codes queued since `since`: for `address`, to `number`, and in all.
pub fn codes_since(
    db: &Db,
    address: &str,
    number: Option<&str>,
    since: Timestamp,
) -> Result<(u32, u32, u32), StoreError> {
    db.query_row(
        "SELECT coalesce(sum(CASE WHEN address = ?1 THEN 1 ELSE 0 END), 0),
                coalesce(sum(CASE WHEN number = ?2 THEN 1 ELSE 0 END), 0),
                count(*)
         FROM sms_codes WHERE sent_at > ?3",
        params![address.to_lowercase(), number, since],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
}

/// What a delivery report's status (Kannel's DLR type) says, when it says anything final
/// or new: 1 delivered, 2 not delivered, 16 refused by the SMSC; 4 (buffered) and 8
/// (accepted by the SMSC) are on the way.
pub fn delivery_word(status: u32) -> &'static str {
    match status {
        1 => "delivered",
        2 => "undelivered",
        16 => "rejected",
        4 => "buffered",
        8 => "accepted",
        _ => "unknown",
    }
}

/// Records a delivery report on the SMS `message_id`; a final word (delivered,
/// undelivered, rejected) is never replaced by one on the way. Returns whether the SMS is
/// one of arbitre's.
pub fn note_delivery(
    db: &Db,
    message_id: &str,
    status: u32,
    at: Timestamp,
) -> Result<bool, StoreError> {
    let exists: bool = db.query_row(
        "SELECT count(*) FROM outbox WHERE message_id = ?1 AND channel = 'sms'",
        params![message_id],
        |r| r.get::<i64>(0),
    )? > 0;
    if !exists {
        return Ok(false);
    }
    let word = delivery_word(status);
    let final_word = matches!(status, 1 | 2 | 16);
    db.execute(
        "UPDATE outbox SET delivery = ?2, delivery_at = ?3 WHERE message_id = ?1
         AND (?4 OR delivery IS NULL OR delivery NOT IN ('delivered', 'undelivered', 'rejected'))",
        params![message_id, word, at, final_word],
    )?;
    Ok(true)
}

/// What the gateway last said of the SMS `message_id`, if anything.
pub fn delivery(db: &Db, message_id: &str) -> Result<Option<String>, StoreError> {
    Ok(db
        .query_opt(
            "SELECT delivery FROM outbox WHERE message_id = ?1",
            params![message_id],
            |r| r.get(0),
        )?
        .flatten())
}

/// How many SMS sent the gateway last reported on with each word (`None`: no report).
pub fn delivery_counts(db: &Db) -> Result<Vec<(Option<String>, u64)>, StoreError> {
    // NULLS FIRST: where SQLite puts them in an ascending order, not PostgreSQL.
    db.query_map(
        "SELECT delivery, count(*) FROM outbox WHERE channel = 'sms' AND status = 'sent'
         GROUP BY delivery ORDER BY delivery NULLS FIRST",
        params![],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Puts off a queued message until `at` (a cap), without counting a failure.
pub fn defer(db: &Db, id: i64, at: Timestamp) -> Result<(), StoreError> {
    db.execute(
        "UPDATE outbox SET next_attempt_at = ?2, claimed_by = NULL WHERE id = ?1",
        params![id, at],
    )?;
    Ok(())
}

/// Gives up a queued SMS for good: its number said STOP.
pub fn drop_stopped(db: &Db, id: i64) -> Result<(), StoreError> {
    db.execute(
        "UPDATE outbox SET status = 'failed', last_error = 'not sent: the number said STOP',
         claimed_by = NULL WHERE id = ?1",
        params![id],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sms_is_recorded_once_and_processed_once() {
        for mut store in crate::store::testing::stores("an_sms_is_recorded_once_and_processed_once")
        {
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

    fn sms(id: &str, to: &str, not_before: Option<Timestamp>) -> crate::referee::Outgoing {
        crate::referee::Outgoing {
            to: to.into(),
            subject: String::new(),
            body: "#1 a1b2 accepted".into(),
            message_id: id.into(),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
            game: Some(1),
            auto: crate::referee::AutoKind::Replied,
            turn: None,
            channel: crate::referee::Channel::Sms,
            sms: None,
            not_before,
            picture: None,
        }
    }

    #[test]
    fn a_phone_and_its_claim_are_kept_and_a_number_has_one_holder() {
        use crate::referee::{Decision, Notify, PhoneClaim, Player};
        use crate::text::Lang;
        for mut store in crate::store::testing::stores(
            "a_phone_and_its_claim_are_kept_and_a_number_has_one_holder",
        ) {
            let alice = Player {
                phone: Some("+33612345678".into()),
                notify: Notify::Both,
                phone_claim: Some(PhoneClaim {
                    number: "+33700000000".into(),
                    code: "123456".into(),
                    until: 99,
                    tries: 2,
                    codes: 1,
                    since: 50,
                }),
                ..Player::new("alice@a.org", Lang::FR)
            };
            let d = Decision {
                players: vec![alice.clone()],
                ..Decision::default()
            };
            store.commit(&d, None, 1).unwrap();
            assert_eq!(store.player("alice@a.org").unwrap(), Some(alice));
            let conn = &store.conn;
            assert_eq!(
                super::super::rows::phone_holder(conn, "+33612345678").unwrap(),
                Some("alice@a.org".into())
            );
            assert_eq!(
                super::super::rows::phone_claimant(conn, "+33700000000", "123456", 99).unwrap(),
                Some("alice@a.org".into())
            );
            let expired = super::super::rows::phone_claimant(conn, "+33700000000", "123456", 100);
            assert_eq!(expired.unwrap(), None, "an expired code names nobody");
            let wrong = super::super::rows::phone_claimant(conn, "+33700000000", "654321", 99);
            assert_eq!(wrong.unwrap(), None, "another code names nobody");
            let bob = Player {
                phone: Some("+33612345678".into()),
                ..Player::new("bob@b.org", Lang::EN)
            };
            let d = Decision {
                players: vec![bob],
                ..Decision::default()
            };
            assert!(store.commit(&d, None, 2).is_err(), "one player per number");
        }
    }

    #[test]
    fn stop_holds_back_every_sms_but_its_confirmation_and_caps_defer() {
        use crate::referee::Decision;
        for mut store in crate::store::testing::stores(
            "stop_holds_back_every_sms_but_its_confirmation_and_caps_defer",
        ) {
            let caps = Caps {
                per_number: 2,
                in_all: 3,
                codes: 1,
            };
            let n = "+33612345678";
            assert_eq!(store.sms_gate(n, "a", caps, 100).unwrap(), Gate::Go);
            set_stopped(&store.conn, n, true, Some("confirm"), 100).unwrap();
            // STOP said again keeps the first confirmation.
            set_stopped(&store.conn, n, true, Some("other"), 101).unwrap();
            assert_eq!(store.sms_gate(n, "a", caps, 102).unwrap(), Gate::Stopped);
            assert_eq!(store.sms_gate(n, "confirm", caps, 102).unwrap(), Gate::Go);
            assert_eq!(
                store.sms_gate(n, "other", caps, 102).unwrap(),
                Gate::Stopped
            );
            set_stopped(&store.conn, n, false, None, 103).unwrap();
            assert_eq!(store.sms_gate(n, "a", caps, 104).unwrap(), Gate::Go);
            // A STOP received but not decided yet holds already; a START after it releases.
            let received = |key: &str, text: &str| SmsIn {
                id: 0,
                gateway: "kannel".into(),
                key: key.into(),
                sender: n.into(),
                recipient: None,
                text: text.into(),
                received_at: 105,
            };
            store.receive_sms(&received("k1", "Stop")).unwrap();
            assert_eq!(store.sms_gate(n, "a", caps, 106).unwrap(), Gate::Stopped);
            store.receive_sms(&received("k2", "a1b2")).unwrap();
            assert_eq!(store.sms_gate(n, "a", caps, 106).unwrap(), Gate::Stopped);
            store.receive_sms(&received("k3", "START")).unwrap();
            assert_eq!(store.sms_gate(n, "a", caps, 106).unwrap(), Gate::Go);
            for sms in store.pending_sms(10).unwrap() {
                store.sms_processed(sms.id, 107).unwrap();
            }

            // Two sent to the number: the third waits a day from the first.
            let d = Decision {
                outbox: vec![
                    sms("s1", n, None),
                    sms("s2", n, None),
                    sms("s3", "+33699999999", Some(5000)),
                ],
                ..Decision::default()
            };
            store.commit(&d, None, 1000).unwrap();
            let due = store
                .due_on(crate::referee::Channel::Sms, 1000, 10)
                .unwrap();
            assert_eq!(due.len(), 2, "the third waits for its time");
            store.mark_sent(due[0].id, 1000).unwrap();
            store.mark_sent(due[1].id, 1100).unwrap();
            assert_eq!(
                store.sms_gate(n, "s4", caps, 1200).unwrap(),
                Gate::Wait(1000 + DAY)
            );
            assert_eq!(
                store.sms_gate("+33699999999", "s3", caps, 5000).unwrap(),
                Gate::Go
            );
            let s3 = store
                .due_on(crate::referee::Channel::Sms, 5000, 10)
                .unwrap();
            store.mark_sent(s3[0].id, 5000).unwrap();
            // The confirmation of a STOP goes whatever the caps.
            set_stopped(&store.conn, n, true, Some("confirm-2"), 1300).unwrap();
            assert_eq!(
                store.sms_gate(n, "confirm-2", caps, 1300).unwrap(),
                Gate::Go
            );
            set_stopped(&store.conn, n, false, None, 1301).unwrap();
            // Three in all: the installation's cap.
            assert_eq!(
                store.sms_gate("+33611111111", "s5", caps, 6000).unwrap(),
                Gate::Wait(1000 + DAY)
            );
            assert_eq!(
                store
                    .sms_gate("+33611111111", "s5", caps, 1000 + DAY + 1)
                    .unwrap(),
                Gate::Go
            );
            assert_eq!(last_game(&store.conn, n).unwrap(), Some(1));
        }
    }

    #[test]
    fn codes_count_per_player_whatever_the_number_and_apart_from_notifications() {
        use crate::referee::{CodeSent, Decision};
        for mut store in crate::store::testing::stores(
            "codes_count_per_player_whatever_the_number_and_apart_from_notifications",
        ) {
            let code = |id: &str, who: &str, to: &str| CodeSent {
                address: who.into(),
                number: to.into(),
                message_id: id.into(),
            };
            let (n1, n2) = ("+33611111111", "+33622222222");
            // alice asks for codes to two numbers, bob for one to alice's first.
            let d = Decision {
                outbox: vec![
                    sms("c1", n1, None),
                    sms("c2", n2, None),
                    sms("c3", n1, None),
                ],
                codes: vec![
                    code("c1", "Alice@a.org", n1),
                    code("c2", "alice@a.org", n2),
                    code("c3", "bob@b.org", n1),
                ],
                ..Decision::default()
            };
            store.commit(&d, None, 1000).unwrap();
            let conn = &store.conn;
            assert_eq!(
                codes_since(conn, "alice@a.org", Some(n1), 0).unwrap(),
                (2, 2, 3)
            );
            assert_eq!(
                codes_since(conn, "ALICE@a.org", Some(n2), 0).unwrap(),
                (2, 1, 3)
            );
            assert_eq!(codes_since(conn, "bob@b.org", None, 0).unwrap(), (1, 0, 3));
            assert_eq!(
                codes_since(conn, "carol@c.org", Some(n2), 0).unwrap(),
                (0, 1, 3)
            );
            assert_eq!(
                codes_since(conn, "alice@a.org", Some(n1), 1000).unwrap(),
                (0, 0, 0),
                "only the codes queued after the time given count"
            );
            // A notification sent to n1, and the three codes sent.
            let d = Decision {
                outbox: vec![sms("note-1", n1, None)],
                ..Decision::default()
            };
            store.commit(&d, None, 1000).unwrap();
            for item in store
                .due_on(crate::referee::Channel::Sms, 1000, 10)
                .unwrap()
            {
                store.mark_sent(item.id, 1100).unwrap();
            }
            let caps = Caps {
                per_number: 2,
                in_all: 2,
                codes: 3,
            };
            // Three codes sent: codes are capped, notifications are not (one sent of two
            // to n1 and in all: the codes to n1 do not count against them).
            assert_eq!(
                store.sms_gate(n2, "note-2", caps, 1200).unwrap(),
                Gate::Go,
                "codes never use up notifications' share"
            );
            assert_eq!(store.sms_gate(n1, "note-2", caps, 1200).unwrap(), Gate::Go);
            log_codes(&store.conn, &[code("c4", "carol@c.org", n2)], 1200).unwrap();
            assert_eq!(
                store.sms_gate(n2, "c4", caps, 1200).unwrap(),
                Gate::Wait(1100 + DAY),
                "the codes' own cap"
            );
            assert_eq!(
                store.sms_gate(n2, "c4", caps, 1100 + DAY).unwrap(),
                Gate::Go
            );
            // Notifications reach their own cap whatever the codes.
            let d = Decision {
                outbox: vec![sms("note-3", n2, None)],
                ..Decision::default()
            };
            store.commit(&d, None, 1300).unwrap();
            for item in store
                .due_on(crate::referee::Channel::Sms, 1300, 10)
                .unwrap()
            {
                if item.mail.message_id == "note-3" {
                    store.mark_sent(item.id, 1300).unwrap();
                }
            }
            assert_eq!(
                store.sms_gate(n1, "note-4", caps, 1400).unwrap(),
                Gate::Wait(1100 + DAY)
            );
        }
    }
}
