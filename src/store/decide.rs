//! The one decide path: every change to games, players and events is read, decided and
//! committed here, in one write transaction, together with the mark of what it answers.
//!
//! Six callers take it: a mail, a received SMS, the clock's tick, an event's round, a
//! director's action, a game made at the command line. Each hands [`Store::decide`] what it
//! answers ([`Answering`]), when it is decided ([`At`]) and a function that reads what it
//! needs from the store and returns a [`Decided`]. What makes "exactly once" lives here
//! alone:
//!
//! - the transaction takes the store's write lock at once (`BEGIN IMMEDIATE` on SQLite, the
//!   writers' advisory lock on PostgreSQL): nothing another process commits can fall between
//!   the reading and the writing;
//! - the received message is marked decided in the same transaction as the decision, and
//!   a message another daemon (or an earlier run) decided already changes nothing
//!   ([`Settled::AlreadyDone`]);
//! - the mails, SMS and reminders the decision sends are queued in it too, to be sent after
//!   the commit under their stable ids;
//! - a director's action is sealed into the audit log in it as well.

use crate::audit::{Draft, Entry};
use crate::base::{Timestamp, now};
use crate::keys::KeySet;
use crate::referee::Decision;

use super::{Committed, MessageKey, Store, StoreError};

/// What a decision answers: recorded with it, so that it is decided once.
#[derive(Clone, Copy, Debug)]
pub enum Answering<'a> {
    /// A mail, by its place in the mailbox and its Message-ID.
    Mail {
        /// Mailbox, UIDVALIDITY and UID.
        key: &'a MessageKey,
        /// Its Message-ID (a second copy of it is not decided again).
        message_id: &'a str,
    },
    /// A received SMS, by its row and the Message-ID the referee knows it by.
    Sms {
        /// Its row among the received SMS.
        id: i64,
        /// The Message-ID made for it (its attempts are counted under it).
        message_id: &'a str,
    },
    /// Nothing received: the clock, an event's round, a director, `arbitre new`.
    Nothing,
}

/// The instant a decision is taken at.
#[derive(Clone, Copy, Debug)]
pub enum At {
    /// An instant the caller chose (when the mail was read, how far the mailbox was read).
    Fixed(Timestamp),
    /// Read once the transaction holds the store: nothing committed meanwhile (a move
    /// another process just took) can come after it.
    Now,
}

/// What the deciding function returns.
#[derive(Debug)]
pub enum Decided<'k, T> {
    /// Commit the decision; `T` goes back to the caller.
    Commit(Decision, T),
    /// Commit the decision and seal a director's action into the audit log with it.
    Audited {
        /// The changes and the mails.
        decision: Decision,
        /// The audit entry to append.
        draft: Draft,
        /// The keys that seal it (the installation's current ones).
        keys: &'k KeySet,
        /// Goes back to the caller.
        value: T,
    },
    /// Nothing to commit (nothing due, an action refused); `T` goes back to the caller.
    Nothing(T),
}

/// What [`Store::decide`] did.
// Made once per decision and taken apart at once: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Settled<T> {
    /// The decision is committed.
    Done {
        /// What was committed.
        decision: Decision,
        /// What the deciding function handed back.
        value: T,
        /// The audit entry sealed with it, if any.
        entry: Option<Entry>,
        /// The instant it was decided at.
        at: Timestamp,
    },
    /// Nothing was written (the deciding function found nothing to commit).
    Nothing(T),
    /// The message had been decided already: nothing was written.
    AlreadyDone,
}

impl Store {
    /// Reads, decides and commits in one write transaction: see the module doc. `decide`
    /// reads what it needs through the store it is given (inside the transaction) and must
    /// not write; everything written goes through its [`Decided`]. Rolled back, with
    /// nothing marked, if anything fails.
    pub fn decide<'k, T>(
        &mut self,
        answering: Answering<'_>,
        at: At,
        decide: impl FnOnce(&mut Store, Timestamp) -> Result<Decided<'k, T>, StoreError>,
    ) -> Result<Settled<T>, StoreError> {
        self.immediate(|s| {
            let at = match at {
                At::Fixed(at) => at,
                At::Now => now(),
            };
            // An SMS is marked first: its row says whether it was decided already.
            if let Answering::Sms { id, .. } = answering
                && !s.sms_processed(id, at)?
            {
                return Ok(Settled::AlreadyDone);
            }
            let (decision, audit, value) = match decide(s, at)? {
                Decided::Commit(decision, value) => (decision, None, value),
                Decided::Audited {
                    decision,
                    draft,
                    keys,
                    value,
                } => (decision, Some((draft, keys)), value),
                Decided::Nothing(value) => return Ok(Settled::Nothing(value)),
            };
            let processed = match answering {
                Answering::Mail { key, message_id } => Some((key, message_id)),
                Answering::Sms { .. } | Answering::Nothing => None,
            };
            if s.commit(&decision, processed, at)? == Committed::AlreadyProcessed {
                return Ok(Settled::AlreadyDone);
            }
            if let Answering::Sms { message_id, .. } = answering {
                s.attempts_done(message_id)?;
            }
            let entry = match audit {
                Some((draft, keys)) => Some(s.append_audit(draft, keys)?),
                None => None,
            };
            Ok(Settled::Done {
                decision,
                value,
                entry,
                at,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Draft;
    use crate::keys::Keyring;
    use crate::referee::AutoKind;
    use crate::store::Attempt;
    use crate::store::sms::SmsIn;
    use crate::store::testing::stores;
    use crate::store::tests::{decision, game, key, mail};

    fn a_move(id: &str) -> Decision {
        let g = game(1, "alice@example.org", "bob@example.org", &["m1"]);
        decision(
            g,
            vec![mail(id, "bob@example.org", Some(1), AutoKind::Replied)],
        )
    }

    #[test]
    fn a_mail_is_decided_once_whatever_its_copies() {
        for mut s in stores("a_mail_is_decided_once_whatever_its_copies") {
            let first = Answering::Mail {
                key: &key(1),
                message_id: "m@players",
            };
            let done = s
                .decide(first, At::Fixed(10), |_, _| {
                    Ok(Decided::Commit(a_move("out-1@arbitre"), ()))
                })
                .unwrap();
            assert!(matches!(done, Settled::Done { at: 10, .. }), "{done:?}");
            // A second copy under another UID, decided again (another daemon, say).
            let copy = Answering::Mail {
                key: &key(2),
                message_id: "m@players",
            };
            let again = s
                .decide(copy, At::Fixed(11), |_, _| {
                    Ok(Decided::Commit(a_move("out-2@arbitre"), ()))
                })
                .unwrap();
            assert!(matches!(again, Settled::AlreadyDone), "{again:?}");
            assert_eq!(s.outbox_counts().unwrap().0, 1, "one mail queued, not two");
            assert_eq!(s.processed_count().unwrap(), 1);
        }
    }

    #[test]
    fn a_failed_decision_marks_nothing() {
        for mut s in stores("a_failed_decision_marks_nothing") {
            let answering = Answering::Mail {
                key: &key(1),
                message_id: "m@players",
            };
            let failed = s.decide(answering, At::Fixed(10), |_, _| {
                Err::<Decided<()>, _>(StoreError::Corrupt("a game's record".into()))
            });
            assert!(failed.is_err());
            assert_eq!(
                s.seen(&key(1), "m@players").unwrap(),
                super::super::Seen::New,
                "left to be decided again"
            );
            let done = s
                .decide(answering, At::Fixed(12), |_, _| {
                    Ok(Decided::Commit(a_move("out-1@arbitre"), ()))
                })
                .unwrap();
            assert!(matches!(done, Settled::Done { .. }));
        }
    }

    #[test]
    fn an_sms_is_decided_once_and_its_attempts_forgotten() {
        for mut s in stores("an_sms_is_decided_once_and_its_attempts_forgotten") {
            let received = SmsIn {
                id: 0,
                gateway: "kannel".into(),
                key: "k1".into(),
                sender: "+33612345678".into(),
                recipient: None,
                text: "e2e4".into(),
                received_at: 5,
            };
            assert!(s.receive_sms(&received).unwrap());
            let id = s.pending_sms(10).unwrap()[0].id;
            assert_eq!(
                s.begin_attempt("sms-k1", "a", 5).unwrap(),
                Attempt::Counted(1)
            );
            let answering = Answering::Sms {
                id,
                message_id: "sms-k1",
            };
            let done = s
                .decide(answering, At::Now, |_, _| {
                    Ok(Decided::Commit(a_move("out-1@arbitre"), ()))
                })
                .unwrap();
            assert!(matches!(done, Settled::Done { .. }));
            assert!(s.pending_sms(10).unwrap().is_empty());
            assert_eq!(
                s.begin_attempt("sms-k1", "a", 6).unwrap(),
                Attempt::Counted(1),
                "attempts forgotten"
            );
            let mut asked = false;
            let again = s
                .decide(answering, At::Now, |_, _| {
                    asked = true;
                    Ok(Decided::Commit(a_move("out-2@arbitre"), ()))
                })
                .unwrap();
            assert!(matches!(again, Settled::AlreadyDone));
            assert!(!asked, "a processed SMS is not decided again");
            assert_eq!(s.outbox_counts().unwrap().0, 1);
        }
    }

    #[test]
    fn a_directors_action_is_sealed_with_its_decision_or_nothing_is_written() {
        for mut s in stores("a_directors_action_is_sealed_with_its_decision") {
            let keys = Keyring::new("0123456789abcdef");
            let refused = s
                .decide(Answering::Nothing, At::Now, |_, _| {
                    Ok(Decided::<&str>::Nothing("refused"))
                })
                .unwrap();
            assert!(matches!(refused, Settled::Nothing("refused")));
            assert!(s.games().unwrap().is_empty());
            assert!(s.audit_head().unwrap().is_none());
            let done = s
                .decide(Answering::Nothing, At::Now, |_, at| {
                    Ok(Decided::Audited {
                        decision: a_move("out-1@arbitre"),
                        draft: Draft {
                            at,
                            actor: "director".into(),
                            action: "adjudicate".into(),
                            game: Some(1),
                            player: None,
                            detail: "White wins".into(),
                            reason: "agreed".into(),
                        },
                        keys: keys.current(),
                        value: "done",
                    })
                })
                .unwrap();
            let Settled::Done {
                value, entry, at, ..
            } = done
            else {
                panic!("{done:?}")
            };
            assert_eq!(value, "done");
            let entry = entry.expect("an audit entry");
            assert_eq!((entry.seq, entry.draft.at), (1, at));
            assert_eq!(s.audit_head().unwrap().unwrap().0, 1);
            assert_eq!(s.games().unwrap().len(), 1);
        }
    }
}
