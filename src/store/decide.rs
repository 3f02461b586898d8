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
//!
//! A message that acts on one game alone ([`Store::decide_game`]) need not stop every other
//! writer: on PostgreSQL its transaction holds the writers' lock shared, the message's lock
//! and the game's, so that two daemons decide moves of different games side by side. What
//! such a decision may write is checked before anything is: only its game's record and
//! its mails. One that reaches further (a player, an event, another game, a request to
//! confirm) is rolled back and taken again under the whole store's lock. Whatever writes
//! more than one game's record always holds the whole store, so nothing a game's decision
//! reads about its game can change under it.

use crate::audit::{Draft, Entry};
use crate::base::{GameId, Timestamp, now};
use crate::keys::KeySet;
use crate::referee::Decision;

use super::sql::{Dialect, Lock, message_key};
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

/// A decision taken under one game's lock that writes more than that game's record and
/// its mails: rolled back, to be taken again under the whole store's lock.
#[derive(Debug)]
struct Beyond;

impl Store {
    /// Reads, decides and commits in one write transaction holding the whole store: see
    /// the module doc. `decide` reads what it needs through the store it is given (inside
    /// the transaction) and must not write; everything written goes through its
    /// [`Decided`]. Rolled back, with nothing marked, if anything fails.
    pub fn decide<'k, T>(
        &mut self,
        answering: Answering<'_>,
        at: At,
        decide: impl FnOnce(&mut Store, Timestamp) -> Result<Decided<'k, T>, StoreError>,
    ) -> Result<Settled<T>, StoreError> {
        match self.immediate(|s| s.settle(answering, at, decide, None))? {
            Ok(settled) => Ok(settled),
            // `settle` finds a decision beyond its game only when given one.
            Err(Beyond) => Err(StoreError::Corrupt(
                "a decision under the whole store's lock was checked against one game".into(),
            )),
        }
    }

    /// [`Store::decide`] for a message that acts on `game` alone, as far as the message
    /// tells: on PostgreSQL, decided beside the decisions of other games (see the module
    /// doc). `decide` runs a second time, under the whole store's lock, when its first
    /// decision writes more than `game`'s record and its mails; it must not write (as for
    /// [`Store::decide`]), so running it again changes nothing but its answer. On SQLite,
    /// which has one writer at a time, the same as [`Store::decide`].
    pub fn decide_game<'k, T>(
        &mut self,
        game: GameId,
        answering: Answering<'_>,
        at: At,
        mut decide: impl FnMut(&mut Store, Timestamp) -> Result<Decided<'k, T>, StoreError>,
    ) -> Result<Settled<T>, StoreError> {
        if self.conn.dialect() == Dialect::Postgres {
            let lock = Lock::Game {
                game,
                message: message_key(&answering.identity()),
            };
            let tried = self.holding(lock, |s| {
                let settled = s.settle(answering, at, &mut decide, Some(game))?;
                let commit = settled.is_ok();
                Ok((settled, commit))
            })?;
            match tried {
                Ok(settled) => return Ok(settled),
                Err(Beyond) => tracing::debug!(
                    game,
                    "the decision reaches past its game: taken again under the store's lock"
                ),
            }
        }
        self.decide(answering, at, decide)
    }

    /// The inside of a decision's transaction; `within`: the game a decision under that
    /// game's lock may write alone ([`Beyond`] when it writes more, before it writes).
    fn settle<'k, T>(
        &mut self,
        answering: Answering<'_>,
        at: At,
        decide: impl FnOnce(&mut Store, Timestamp) -> Result<Decided<'k, T>, StoreError>,
        within: Option<GameId>,
    ) -> Result<Result<Settled<T>, Beyond>, StoreError> {
        let at = match at {
            At::Fixed(at) => at,
            At::Now => now(),
        };
        // An SMS is marked first: its row says whether it was decided already.
        if let Answering::Sms { id, .. } = answering
            && !self.sms_processed(id, at)?
        {
            return Ok(Ok(Settled::AlreadyDone));
        }
        let (decision, audit, value) = match decide(self, at)? {
            Decided::Commit(decision, value) => (decision, None, value),
            Decided::Audited {
                decision,
                draft,
                keys,
                value,
            } => (decision, Some((draft, keys)), value),
            Decided::Nothing(value) => return Ok(Ok(Settled::Nothing(value))),
        };
        if let Some(game) = within
            && (audit.is_some() || !writes_only(&decision, game))
        {
            return Ok(Err(Beyond));
        }
        let processed = match answering {
            Answering::Mail { key, message_id } => Some((key, message_id)),
            Answering::Sms { .. } | Answering::Nothing => None,
        };
        if self.commit(&decision, processed, at)? == Committed::AlreadyProcessed {
            return Ok(Ok(Settled::AlreadyDone));
        }
        if let Answering::Sms { message_id, .. } = answering {
            self.attempts_done(message_id)?;
        }
        let entry = match audit {
            Some((draft, keys)) => Some(self.append_audit(draft, keys)?),
            None => None,
        };
        Ok(Ok(Settled::Done {
            decision,
            value,
            entry,
            at,
        }))
    }
}

impl Answering<'_> {
    /// What identifies the answered message across its copies (the key of its lock).
    fn identity(&self) -> String {
        match self {
            Answering::Mail { message_id, .. } => format!("mail\0{message_id}"),
            Answering::Sms { id, .. } => format!("sms\0{id}"),
            Answering::Nothing => String::new(),
        }
    }
}

/// Whether `decision` writes nothing but `game`'s record (its moves, clocks and stops) and
/// mails about that game or about none: what a decision under that game's lock may write.
/// Players, events, requests to confirm, other games, delivery reports, phone codes,
/// invitations and STOPs are read by decisions of other games, so they need the whole
/// store's lock.
fn writes_only(decision: &Decision, game: GameId) -> bool {
    let Decision {
        players,
        games,
        outbox,
        sms_stops,
        codes,
        invitations,
        events,
        confirmations,
        fates,
        unreached,
        readdress,
        summary: _,
    } = decision;
    players.is_empty()
        && events.is_empty()
        && confirmations.is_empty()
        && fates.is_empty()
        && sms_stops.is_empty()
        && codes.is_empty()
        && invitations.is_empty()
        && readdress.is_none()
        && games.iter().all(|g| g.id == game)
        && unreached.iter().all(|(g, _, _)| *g == game)
        && outbox.iter().all(|m| m.game.is_none_or(|g| g == game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::Draft;
    use crate::keys::Keyring;
    use crate::referee::AutoKind;
    use crate::store::Attempt;
    use crate::store::sms::SmsIn;
    use crate::store::sql::params;
    use crate::store::testing::stores;
    use crate::store::tests::{decision, game, key, mail};

    fn a_move(id: &str) -> Decision {
        let g = game(1, "alice@example.org", "bob@example.org", &["m1"]);
        decision(
            g,
            vec![mail(id, "bob@example.org", Some(1), AutoKind::Replied)],
        )
    }

    /// A move in `game` that writes that game and a mail about it, nothing more.
    fn a_move_in(game_id: GameId, plies: &[&str], id: &str) -> Decision {
        let g = game(game_id, "carol@example.org", "dave@example.org", plies);
        let mut d = decision(
            g,
            vec![mail(
                id,
                "dave@example.org",
                Some(game_id),
                AutoKind::Replied,
            )],
        );
        d.players.clear();
        d
    }

    fn mail_answered<'a>(key: &'a MessageKey, message_id: &'a str) -> Answering<'a> {
        Answering::Mail { key, message_id }
    }

    #[test]
    fn a_decision_of_one_game_reaching_further_is_taken_again_under_the_stores_lock() {
        for mut s in stores("a_decision_of_one_game_reaching_further") {
            let postgres = s.dialect() == Dialect::Postgres;
            let mut runs = 0;
            let done = s
                .decide_game(
                    1,
                    mail_answered(&key(1), "a@players"),
                    At::Fixed(10),
                    |_, _| {
                        runs += 1;
                        Ok(Decided::Commit(a_move_in(1, &["m1"], "out-1@arbitre"), ()))
                    },
                )
                .unwrap();
            assert!(matches!(done, Settled::Done { .. }), "{done:?}");
            assert_eq!(runs, 1, "a decision within its game is taken once");
            // A message of game 1 whose decision writes game 2 as well.
            let mut runs = 0;
            let done = s
                .decide_game(
                    1,
                    mail_answered(&key(2), "b@players"),
                    At::Fixed(11),
                    |_, _| {
                        runs += 1;
                        let mut d = a_move_in(1, &["m1", "m2"], &format!("out-2.{runs}@arbitre"));
                        d.games
                            .push(game(2, "erin@example.org", "frank@example.org", &[]));
                        Ok(Decided::Commit(d, runs))
                    },
                )
                .unwrap();
            let Settled::Done { value, .. } = done else {
                panic!("{done:?}")
            };
            assert_eq!(
                value,
                if postgres { 2 } else { 1 },
                "PostgreSQL takes it again under the store's lock; SQLite has one writer"
            );
            assert_eq!(s.game(1).unwrap().unwrap().moves.len(), 2);
            assert!(s.game(2).unwrap().is_some(), "the second run committed");
            assert_eq!(
                s.outbox_counts().unwrap().0,
                2,
                "the first run, rolled back, queued nothing"
            );
            assert_eq!(s.processed_count().unwrap(), 2);
            // A second copy of a message, decided under any game, changes nothing.
            let again = s
                .decide_game(
                    3,
                    mail_answered(&key(3), "a@players"),
                    At::Fixed(12),
                    |_, _| Ok(Decided::Commit(a_move_in(3, &[], "out-3@arbitre"), ())),
                )
                .unwrap();
            assert!(matches!(again, Settled::AlreadyDone), "{again:?}");
            assert!(s.game(3).unwrap().is_none());
        }
    }

    #[test]
    fn decisions_of_two_games_are_taken_side_by_side_on_postgresql() {
        use std::sync::mpsc;
        use std::time::Duration;
        let Some(server) = crate::store::testing::server() else {
            return;
        };
        // A database of its own: the advisory locks this test holds and looks at belong
        // to a database, and in the shared one other tests' stores would queue behind them.
        let (location, _database) = server.own_database("two_games_side_by_side");
        let mut first = Store::connect(&location).unwrap();
        let mut second = Store::connect(&location).unwrap();
        let (inside, is_inside) = mpsc::channel();
        let (go, wait_go) = mpsc::channel::<()>();
        let holder = std::thread::spawn(move || {
            let settled = first
                .decide_game(
                    1,
                    mail_answered(&key(1), "a@players"),
                    At::Fixed(10),
                    |_, _| {
                        inside.send(()).unwrap();
                        // Holds game 1 until told to go on (or gives up after 30 s).
                        let gave_up = wait_go.recv_timeout(Duration::from_secs(30)).is_err();
                        Ok(Decided::Commit(
                            a_move_in(1, &["m1"], "out-1@arbitre"),
                            gave_up,
                        ))
                    },
                )
                .unwrap();
            match settled {
                Settled::Done { value, .. } => value,
                other => panic!("{other:?}"),
            }
        });
        is_inside
            .recv_timeout(Duration::from_secs(30))
            .expect("the first decision started");
        let try_lock = |sql: String| -> bool {
            second
                .conn
                .query_built(&sql, params![], |r| r.get::<bool>(0))
                .unwrap()[0]
        };
        use super::super::sql::{GAME_LOCK_CLASS, WRITE_LOCK};
        assert!(
            !try_lock(format!("SELECT pg_try_advisory_xact_lock({WRITE_LOCK})")),
            "no whole-store writer while a game is decided"
        );
        assert!(try_lock(format!(
            "SELECT pg_try_advisory_xact_lock_shared({WRITE_LOCK})"
        )));
        assert!(!try_lock(format!(
            "SELECT pg_try_advisory_xact_lock({GAME_LOCK_CLASS}, 1)"
        )));
        // Game 2 is decided and committed while game 1's decision is still open.
        let done = second
            .decide_game(
                2,
                mail_answered(&key(2), "b@players"),
                At::Fixed(11),
                |_, _| Ok(Decided::Commit(a_move_in(2, &["n1"], "out-2@arbitre"), ())),
            )
            .unwrap();
        assert!(matches!(done, Settled::Done { .. }), "{done:?}");
        assert!(
            second.game(1).unwrap().is_none(),
            "game 1 not yet committed"
        );
        go.send(()).unwrap();
        let gave_up = holder.join().unwrap();
        assert!(
            !gave_up,
            "game 2's decision did not wait for game 1's (it would have, under one lock)"
        );
        assert!(second.game(1).unwrap().is_some());
        assert_eq!(second.outbox_counts().unwrap().0, 2);
        assert_eq!(second.processed_count().unwrap(), 2);
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
