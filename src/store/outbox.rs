//! The outbox: every mail arbitre decides to send is queued here in the same transaction as
//! the game change that caused it, then sent by the daemon and retried with exponential
//! backoff until the server accepts it. Also the map from our sent Message-IDs to games, which
//! recognises replies.

use crate::referee::{AutoKind, Channel, Outgoing, Picture, Timestamp};

use super::StoreError;
use super::sql::{Db, Dialect, Row, params};
use super::writes::Writes;

/// A queued mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxItem {
    /// The row id.
    pub id: i64,
    /// The mail.
    pub mail: Outgoing,
    /// Failed tries so far.
    pub attempts: u32,
    /// When it was queued.
    pub created_at: Timestamp,
    /// Whether its recipient is an address marked undeliverable: it is failed, not sent.
    pub undeliverable: bool,
}

/// Where a queued mail stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutboxStatus {
    /// Waiting to be sent (maybe after a failure).
    Pending,
    /// Accepted by the server.
    Sent,
    /// Failed: refused for good, refused for too long, or reported undelivered.
    Failed,
}

impl OutboxStatus {
    fn code(self) -> &'static str {
        match self {
            OutboxStatus::Pending => "pending",
            OutboxStatus::Sent => "sent",
            OutboxStatus::Failed => "failed",
        }
    }
}

/// How failed sends are retried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The first wait (seconds); doubled after each failure.
    pub min_seconds: u64,
    /// The longest wait (seconds).
    pub max_seconds: u64,
    /// Passing refusals are given up after this many seconds in the outbox (refusals for
    /// good at once).
    pub give_up_seconds: u64,
}

impl RetryPolicy {
    /// The wait after the `attempts`-th failure.
    pub fn delay(&self, attempts: u32) -> u64 {
        let factor = 1u64 << attempts.saturating_sub(1).min(30);
        self.min_seconds
            .saturating_mul(factor)
            .min(self.max_seconds)
    }
}

/// What happened to a mail after a failed try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterFailure {
    /// It will be tried again at this time.
    RetryAt(Timestamp),
    /// It was given up.
    GivenUp,
}

fn auto_code(a: AutoKind) -> &'static str {
    match a {
        AutoKind::Replied => "auto-replied",
        AutoKind::Generated => "auto-generated",
    }
}

/// Queues a mail and remembers its Message-ID's game. Called inside the commit transaction.
/// A mail whose Message-ID is already queued is the same mail (the referee derives ids from
/// what caused them): it is not queued twice.
pub fn queue(db: &Db, mail: &Outgoing, now: Timestamp) -> Result<(), StoreError> {
    let mut w = Writes::new();
    queue_into(&mut w, mail, now);
    db.execute_all(&w).map(drop)
}

/// Adds to `w` what queues `mail` ([`queue`]), so that a decision's mails are queued
/// together.
pub fn queue_into(w: &mut Writes, mail: &Outgoing, now: Timestamp) {
    w.push(
        "INSERT INTO outbox (message_id, recipient, subject, body, in_reply_to, refs, reply_to,
         game_id, auto, created_at, status, attempts, next_attempt_at, turn, channel,
         picture_svg, picture_board)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'pending', 0, ?12, ?11, ?13, ?14, ?15)
         ON CONFLICT (message_id) DO NOTHING",
        params![
            mail.message_id,
            mail.to.to_lowercase(),
            mail.subject,
            mail.body,
            mail.in_reply_to,
            mail.references.join(" "),
            mail.reply_to,
            mail.game,
            auto_code(mail.auto),
            now,
            mail.turn.map(|t| t as i64),
            mail.not_before.unwrap_or(now).max(now),
            mail.channel.code(),
            mail.picture.as_ref().map(|p| &p.svg),
            mail.picture.as_ref().map(|p| &p.board),
        ],
    );
    // Replies are recognised by the Message-IDs of mail; an SMS's id is only its key.
    if let (Some(game), Channel::Mail) = (mail.game, mail.channel) {
        w.push(
            "INSERT INTO sent (message_id, game_id) VALUES (?1, ?2)
             ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id",
            params![mail.message_id, game],
        );
    }
}

fn item_row(r: &Row<'_>) -> Result<OutboxItem, StoreError> {
    let refs: String = r.get(6)?;
    let auto: String = r.get(9)?;
    Ok(OutboxItem {
        id: r.get(0)?,
        mail: Outgoing {
            message_id: r.get(1)?,
            to: r.get(2)?,
            subject: r.get(3)?,
            body: r.get(4)?,
            in_reply_to: r.get(5)?,
            references: refs.split_whitespace().map(str::to_string).collect(),
            reply_to: r.get(7)?,
            game: r.get(8)?,
            auto: if auto == "auto-generated" {
                AutoKind::Generated
            } else {
                AutoKind::Replied
            },
            turn: r.get::<Option<i64>>(12)?.map(|t| t as usize),
            channel: Channel::from_code(&r.get::<String>(13)?).unwrap_or_default(),
            not_before: None,
            sms: None,
            picture: match (r.get(14)?, r.get(15)?) {
                (Some(svg), Some(board)) => Some(Picture { svg, board }),
                _ => None,
            },
        },
        attempts: r.get(10)?,
        undeliverable: r.get::<i64>(16)? != 0,
        created_at: r.get(11)?,
    })
}

const ITEM_COLUMNS: &str = "id, message_id, recipient, subject, body, in_reply_to, refs, reply_to, \
     game_id, auto, attempts, created_at, turn, channel, picture_svg, picture_board";

/// Pending messages of `channel` due at `now`, oldest first, at most `limit`.
///
/// On PostgreSQL, where several daemons send from one outbox, the messages returned are
/// claimed by this session: no other daemon takes them until they are sent, put off or
/// failed, or until this session ends (a daemon that dies releases its claims with its
/// connection). Rows another daemon is claiming at the same moment are skipped, not waited
/// for.
pub fn due(
    db: &Db,
    channel: Channel,
    now: Timestamp,
    limit: usize,
) -> Result<Vec<OutboxItem>, StoreError> {
    if db.dialect() == Dialect::Postgres {
        let mut items = db.query_built(
            &format!(
                "UPDATE outbox SET claimed_by = pg_backend_pid()
                 WHERE id IN (
                     SELECT id FROM outbox
                     WHERE status = 'pending' AND channel = ?3 AND next_attempt_at <= ?1
                     AND (claimed_by IS NULL OR claimed_by = pg_backend_pid()
                          OR claimed_by NOT IN (SELECT pid FROM pg_stat_activity))
                     ORDER BY next_attempt_at, id LIMIT ?2
                     FOR UPDATE SKIP LOCKED)
                 RETURNING {ITEM_COLUMNS}, {UNDELIVERABLE}, next_attempt_at"
            ),
            params![now, limit as i64, channel.code()],
            |r| Ok((r.get::<i64>(17)?, item_row(r)?)),
        )?;
        items.sort_by_key(|(at, item)| (*at, item.id));
        return Ok(items.into_iter().map(|(_, item)| item).collect());
    }
    db.query_built(
        &format!(
            "SELECT {ITEM_COLUMNS}, {UNDELIVERABLE} FROM outbox
             WHERE status = 'pending' AND channel = ?3 AND next_attempt_at <= ?1
             ORDER BY next_attempt_at, id LIMIT ?2"
        ),
        params![now, limit as i64, channel.code()],
        item_row,
    )
}

/// Whether a mail's recipient is an address marked undeliverable (column 16 of a due
/// item): the outbox does not send it, it fails it (see [`crate::referee::undelivered`]).
const UNDELIVERABLE: &str = "CAST(CASE WHEN EXISTS (SELECT 1 FROM players p
     WHERE p.address = outbox.recipient AND p.undeliverable_since IS NOT NULL)
     THEN 1 ELSE 0 END AS BIGINT)";

/// When the next pending message of `channel` is due, if any.
pub fn next_due(db: &Db, channel: Channel) -> Result<Option<Timestamp>, StoreError> {
    Ok(db
        .query_opt(
            "SELECT min(next_attempt_at) FROM outbox WHERE status = 'pending' AND channel = ?1",
            params![channel.code()],
            |r| r.get(0),
        )?
        .flatten())
}

/// Records that the server accepted a mail. A mail that starts a player's turn starts
/// their clock now; a mail that reaches a seat its game could not reach ends that failure.
/// Either asks the referee to look at that game's clock at once (its deadline moved). The
/// three updates go together (one round trip on PostgreSQL).
pub fn mark_sent(db: &Db, id: i64, now: Timestamp) -> Result<(), StoreError> {
    let mut w = Writes::new();
    w.push(
        "UPDATE outbox SET status = 'sent', sent_at = ?2, last_error = NULL, claimed_by = NULL
         WHERE id = ?1",
        params![id, now],
    );
    // The turn the mail starts, if it starts one and no copy of it started it before.
    w.push(
        "UPDATE outbox SET turn_started_at = ?2
         WHERE id = ?1 AND turn IS NOT NULL AND turn_started_at IS NULL",
        params![id, now],
    );
    super::deliveries::close_unreached(&mut w, id, now);
    let changed = db.execute_all(&w)?;
    if changed[1..].iter().any(|&n| n > 0) {
        db.execute(
            "UPDATE games SET next_due = ?2
             WHERE id = (SELECT game_id FROM outbox WHERE id = ?1) AND status = 'active'",
            params![id, now],
        )?;
    }
    Ok(())
}

/// Forgets the texts (body and picture) of at most `limit` mails the server accepted
/// before `before`, the oldest first, and says how many. Nothing reads a sent mail's text
/// again: its row stays, for its Message-ID, its turn and clock facts and any report on
/// its delivery. A mail that failed keeps its text (it may be sent again to a new address).
pub fn forget_sent_texts(db: &Db, before: Timestamp, limit: usize) -> Result<usize, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    db.execute(
        "UPDATE outbox SET body = '', picture_svg = NULL, picture_board = NULL
         WHERE id IN (SELECT id FROM outbox WHERE body <> '' AND status = 'sent'
                      AND sent_at < ?1 ORDER BY sent_at LIMIT ?2)",
        params![before, limit],
    )
}

/// Records why a mail could not be sent while the server could not be reached. The mail
/// keeps its place and its count of attempts: the failure was the server's, not the mail's.
pub fn note_unreachable(db: &Db, id: i64, error: &str) -> Result<(), StoreError> {
    db.execute(
        "UPDATE outbox SET last_error = ?2, claimed_by = NULL WHERE id = ?1",
        params![id, error],
    )?;
    Ok(())
}

/// Records a passing refusal (4xx) and schedules the next try; once the mail has waited
/// longer than the policy allows, writes nothing and answers [`AfterFailure::GivenUp`]: the
/// caller then decides its failure like a refusal for good
/// ([`crate::referee::undelivered::on_refusal`]), in the transaction that records it.
pub fn mark_failed(
    db: &Db,
    item: &OutboxItem,
    error: &str,
    now: Timestamp,
    policy: &RetryPolicy,
) -> Result<AfterFailure, StoreError> {
    if now.saturating_sub(item.created_at) >= policy.give_up_seconds as i64 {
        return Ok(AfterFailure::GivenUp);
    }
    let attempts = item.attempts + 1;
    let at = now + policy.delay(attempts) as i64;
    db.execute(
        "UPDATE outbox SET status = 'pending', attempts = ?2, next_attempt_at = ?3,
         last_error = ?4, claimed_by = NULL WHERE id = ?1",
        params![item.id, attempts, at, error],
    )?;
    Ok(AfterFailure::RetryAt(at))
}

/// How many mails are pending, sent and failed.
pub fn counts(db: &Db) -> Result<(u64, u64, u64), StoreError> {
    let count = |status: OutboxStatus| -> Result<u64, StoreError> {
        db.query_row(
            "SELECT count(*) FROM outbox WHERE status = ?1",
            params![status.code()],
            |r| r.get(0),
        )
    };
    Ok((
        count(OutboxStatus::Pending)?,
        count(OutboxStatus::Sent)?,
        count(OutboxStatus::Failed)?,
    ))
}

/// The rate limit's view of `address` since `since` (see [`crate::referee::handle`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Replies {
    /// Answers to the address's own messages that are not mail of a game, notices aside.
    pub count: u32,
    /// When the first of them was queued.
    pub first: Option<Timestamp>,
    /// Whether a rate-limit notice was queued.
    pub notice: bool,
    /// Answers to mail that proved nothing about its sender (counted apart).
    pub unproven: u32,
}

/// What the rate limit needs to know of the answers queued for `address` since `since`.
pub fn replies_since(db: &Db, address: &str, since: Timestamp) -> Result<Replies, StoreError> {
    // Found by the partial index `outbox_replies` (migration 33). Notices have Message-IDs
    // `arbitre.<seed>.rate@<domain>` (compose::is_rate_notice),
    // answers to unproven mail `arbitre.u<seed>...` (compose::is_unproven_answer).
    db.query_row(
        "SELECT count(*) FILTER (WHERE message_id NOT LIKE 'arbitre.%.rate@%'
                                   AND message_id NOT LIKE 'arbitre.u%'),
                min(created_at) FILTER (WHERE message_id NOT LIKE 'arbitre.%.rate@%'
                                          AND message_id NOT LIKE 'arbitre.u%'),
                count(*) FILTER (WHERE message_id LIKE 'arbitre.%.rate@%'),
                count(*) FILTER (WHERE message_id LIKE 'arbitre.u%')
         FROM outbox WHERE recipient = ?1
         AND created_at >= ?2 AND auto = 'auto-replied' AND game_id IS NULL",
        params![address.to_lowercase(), since],
        |r| {
            Ok(Replies {
                count: r.get(0)?,
                first: r.get(1)?,
                notice: r.get::<u32>(2)? > 0,
                unproven: r.get(3)?,
            })
        },
    )
}

/// The game of the first of `ids` that is one of our sent Message-IDs.
pub fn game_of_sent(db: &Db, ids: &[String]) -> Result<Option<i64>, StoreError> {
    for id in ids {
        let id = id.trim().trim_start_matches('<').trim_end_matches('>');
        let game = db.query_opt(
            "SELECT game_id FROM sent WHERE message_id = ?1",
            params![id],
            |r| r.get(0),
        )?;
        if let Some(g) = game {
            return Ok(Some(g));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_delay_doubles_up_to_the_cap() {
        let p = RetryPolicy {
            min_seconds: 30,
            max_seconds: 3600,
            give_up_seconds: 100,
        };
        let d: Vec<u64> = (1..=9).map(|a| p.delay(a)).collect();
        assert_eq!(d, vec![30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(p.delay(1000), 3600);
    }

    #[test]
    fn a_message_claimed_by_one_postgresql_session_is_not_taken_by_another_until_it_ends() {
        use crate::referee::{AutoKind, Outgoing};
        let Some(server) = crate::store::testing::server() else {
            return;
        };
        let location = server.fresh("claims");
        let first = crate::store::Store::connect(&location).unwrap();
        let second = crate::store::Store::connect(&location).unwrap();
        for n in 0..5 {
            let mail = Outgoing {
                to: format!("p{n}@example.org"),
                subject: "s".into(),
                body: "b".into(),
                message_id: format!("arbitre.{n}.0@x"),
                in_reply_to: None,
                references: vec![],
                reply_to: None,
                game: None,
                auto: AutoKind::Generated,
                turn: None,
                channel: Channel::Mail,
                not_before: None,
                sms: None,
                picture: None,
            };
            queue(&first.conn, &mail, 10 + n).unwrap();
        }
        let ids = |items: Vec<OutboxItem>| items.into_iter().map(|i| i.id).collect::<Vec<_>>();
        let taken = ids(due(&first.conn, Channel::Mail, 100, 3).unwrap());
        assert_eq!(taken.len(), 3, "the three oldest");
        let rest = ids(due(&second.conn, Channel::Mail, 100, 10).unwrap());
        assert_eq!(
            rest.len(),
            2,
            "the other session takes only what is not claimed"
        );
        assert!(rest.iter().all(|id| !taken.contains(id)));
        // Sent, failed or put off: released; a session may take its own claims again.
        mark_sent(&first.conn, taken[0], 100).unwrap();
        assert_eq!(
            ids(due(&first.conn, Channel::Mail, 100, 10).unwrap()),
            &taken[1..]
        );
        assert!(due(&second.conn, Channel::Mail, 100, 10).unwrap().len() == 2);
        // The first session ends (its daemon died): its claims go with it.
        drop(first);
        let mut after = Vec::new();
        for _ in 0..50 {
            after = ids(due(&second.conn, Channel::Mail, 100, 10).unwrap());
            if after.len() == 4 {
                break;
            }
            // The server notices the closed connection a moment later.
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert_eq!(after.len(), 4, "{after:?}");
    }

    #[test]
    fn the_rate_limit_counts_answers_that_are_not_game_mail_and_sees_notices_apart() {
        use crate::referee::{AutoKind, Outgoing};
        for store in crate::store::testing::stores(
            "the_rate_limit_counts_answers_that_are_not_game_mail_and_sees_notices_apart",
        ) {
            let mail = |id: &str, to: &str, game: Option<i64>, auto: AutoKind| Outgoing {
                to: to.into(),
                subject: "s".into(),
                body: "b".into(),
                message_id: id.into(),
                in_reply_to: None,
                references: vec![],
                reply_to: None,
                game,
                auto,
                turn: None,
                channel: Default::default(),
                not_before: None,
                sms: None,
                picture: None,
            };
            let a = "alice@example.org";
            for (id, to, game, auto, at) in [
                ("arbitre.1.0@x", a, None, AutoKind::Replied, 100),
                ("arbitre.2.0@x", a, None, AutoKind::Replied, 200),
                // Game mail, mail caused by others, someone else's, too old: not counted.
                ("arbitre.3.0@x", a, Some(1), AutoKind::Replied, 300),
                ("arbitre.4.0@x", a, None, AutoKind::Generated, 300),
                (
                    "arbitre.5.0@x",
                    "bob@example.org",
                    None,
                    AutoKind::Replied,
                    300,
                ),
                ("arbitre.6.0@x", a, None, AutoKind::Replied, 10),
            ] {
                queue(&store.conn, &mail(id, to, game, auto), at).unwrap();
            }
            let r = replies_since(&store.conn, "Alice@Example.org", 50).unwrap();
            assert_eq!(
                r,
                Replies {
                    count: 2,
                    first: Some(100),
                    notice: false,
                    unproven: 0,
                }
            );
            queue(
                &store.conn,
                &mail("arbitre.7.rate@x", a, None, AutoKind::Replied),
                400,
            )
            .unwrap();
            let r = replies_since(&store.conn, a, 50).unwrap();
            assert_eq!((r.count, r.notice), (2, true));
            // Answers to mail that proved nothing are counted apart.
            let unproven = crate::referee::compose::mark_unproven("arbitre.8.0@x");
            queue(
                &store.conn,
                &mail(&unproven, a, None, AutoKind::Replied),
                410,
            )
            .unwrap();
            let r = replies_since(&store.conn, a, 50).unwrap();
            assert_eq!((r.count, r.unproven), (2, 1));
            assert!(crate::referee::compose::is_rate_notice("arbitre.7.rate@x"));
            assert!(!crate::referee::compose::is_rate_notice("arbitre.7.0@x"));
            assert_eq!(
                replies_since(&store.conn, a, 1000).unwrap(),
                Replies::default()
            );
        }
    }
}
