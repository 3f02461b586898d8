//! What became of the mail arbitre sent: each mail's fate on its outbox row (delayed,
//! failed, complained about, with the status and the remote server's text), the spans in
//! which a player's clock stood still because their turn notice failed, the addresses that
//! get no more mail, and a player's move to a new address. The referee decides
//! ([`crate::referee::undelivered`]); this file reads what it needs and writes what it
//! decided, inside the decision's transaction.

use crate::games::Side;
use crate::referee::undelivered::{
    Action, FAILURE_WINDOW, Fate, Readdress, Readdressing, SentMail, Undelivery,
};
use crate::referee::{Channel, GameId, Timestamp};

use super::sql::{Db, params};
use super::writes::Writes;
use super::{Store, StoreError, rows};

/// Records the fates of a decision on their outbox rows. A failure or a complaint ends the
/// mail's life in the outbox (it is not tried again); a delay or a delivery leaves its
/// status alone.
pub fn record(db: &Db, fates: &[Fate]) -> Result<(), StoreError> {
    for f in fates {
        let ends = matches!(f.action, Action::Failed | Action::Complained);
        db.execute(
            "UPDATE outbox SET report_action = ?2, report_status = ?3, report_text = ?4,
             report_at = ?5, report_confirmed = ?7, claimed_by = NULL,
             status = CASE WHEN ?6 = 1 THEN 'failed' ELSE status END
             WHERE id = ?1",
            params![
                f.mail,
                f.action.code(),
                f.status,
                f.text,
                f.at,
                i64::from(ends),
                i64::from(f.confirmed)
            ],
        )?;
    }
    Ok(())
}

/// Opens the spans in which a player's clock stands still (game, side, from), unless one
/// is open already for that seat.
pub fn open_unreached(db: &Db, spans: &[(GameId, Side, Timestamp)]) -> Result<(), StoreError> {
    for (game, side, from) in spans {
        db.execute(
            "INSERT INTO unreached (game_id, side, from_at, to_at)
             SELECT ?1, ?2, ?3, NULL
             WHERE NOT EXISTS (SELECT 1 FROM unreached
                               WHERE game_id = ?1 AND side = ?2 AND to_at IS NULL)",
            params![game, side.name(), from],
        )?;
    }
    Ok(())
}

/// Adds to `w` what closes the open spans of the seats that outbox row `id`'s recipient
/// holds in its game: a mail of the game reached them at `now`. The statement changes a
/// row when one closed (the game's deadline moved).
pub fn close_unreached(w: &mut Writes, id: i64, now: Timestamp) {
    w.push(
        "UPDATE unreached SET to_at = ?2
         WHERE to_at IS NULL AND game_id = (SELECT game_id FROM outbox WHERE id = ?1)
         AND side = (SELECT CASE WHEN g.white = o.recipient THEN 'white'
                                 WHEN g.black = o.recipient THEN 'black' END
                     FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.id = ?1)",
        params![id, now],
    );
}

/// Moves every record of `r.old` to `r.new` (the new player's record is saved by the
/// decision): seats, challenges, leave, entries, invitations, the mail still to send
/// (mail of a game, and notices of a game that failed to reach the old address while its
/// turn is still theirs, go to the new one; other mail to the old address is dropped, its
/// reply addresses being bound to it).
pub fn readdress(db: &Db, r: &Readdress, now: Timestamp) -> Result<(), StoreError> {
    let (old, new) = (&r.old, &r.new);
    for sql in [
        "UPDATE games SET white = ?2 WHERE white = ?1",
        "UPDATE games SET black = ?2 WHERE black = ?1",
        "UPDATE games SET challenger = ?2 WHERE challenger = ?1",
        "UPDATE entries SET address = ?2 WHERE address = ?1",
        "UPDATE invitations SET invitee = ?2 WHERE invitee = ?1",
        "UPDATE invitations SET challenger = ?2 WHERE challenger = ?1",
    ] {
        db.execute(sql, params![old, new])?;
    }
    for sql in [
        // The new record's leave was saved with it.
        "DELETE FROM leave WHERE address = ?1",
        "DELETE FROM confirmations WHERE address = ?1",
        "DELETE FROM players WHERE address = ?1",
    ] {
        db.execute(sql, params![old])?;
    }
    // The turn notices that failed while the turn is still the player's: sent again, to
    // the new address, under their own Message-IDs (they never arrived). Each is a new
    // delivery: the old address's failure is behind it (the stopped span keeps its trace),
    // and a report about the new one is judged afresh. A notice whose text was forgotten
    // (it was accepted long ago, then reported failed) stays as it is.
    db.execute(
        "UPDATE outbox SET recipient = ?2, status = 'pending', attempts = 0,
         next_attempt_at = ?3, last_error = NULL, claimed_by = NULL, report_action = NULL,
         report_status = NULL, report_text = NULL, report_at = NULL, report_confirmed = 1
         WHERE recipient = ?1 AND game_id IS NOT NULL AND status = 'failed' AND body <> ''
         AND turn IS NOT NULL AND report_action = 'failed'
         AND turn = (SELECT count(*) FROM moves m WHERE m.game_id = outbox.game_id)
         AND EXISTS (SELECT 1 FROM games g WHERE g.id = outbox.game_id AND g.status = 'active')",
        params![old, new, now],
    )?;
    db.execute(
        "UPDATE outbox SET recipient = ?2 WHERE recipient = ?1 AND status = 'pending'
         AND game_id IS NOT NULL",
        params![old, new],
    )?;
    db.execute(
        "UPDATE outbox SET status = 'failed', report_action = 'failed',
         report_text = 'the address was replaced', report_at = ?2
         WHERE recipient = ?1 AND status = 'pending' AND created_at < ?2",
        params![old, now],
    )?;
    Ok(())
}

impl Store {
    /// What the referee needs to decide on a report about outbox row `id`.
    pub fn undelivery(&mut self, id: i64, now: Timestamp) -> Result<Undelivery, StoreError> {
        let db = &self.conn;
        let mail = db.query_opt(
            "SELECT id, message_id, recipient, game_id, turn, channel, report_action,
             report_confirmed FROM outbox WHERE id = ?1",
            params![id],
            |r| {
                Ok(SentMail {
                    id: r.get(0)?,
                    message_id: r.get(1)?,
                    to: r.get(2)?,
                    game: r.get(3)?,
                    turn: r.get::<Option<i64>>(4)?.map(|t| t as usize),
                    channel: Channel::from_code(&r.get::<String>(5)?).unwrap_or_default(),
                    fate: r
                        .get::<Option<String>>(6)?
                        .as_deref()
                        .and_then(Action::from_code),
                    confirmed: r.get::<i64>(7)? != 0,
                })
            },
        )?;
        let Some(mail) = mail else {
            return Ok(Undelivery::default());
        };
        let player = rows::player(db, &mail.to)?;
        let ids: Vec<GameId> = db.query_map(
            "SELECT id FROM games WHERE status = 'active' AND (white = ?1 OR black = ?1)
             ORDER BY id",
            params![mail.to],
            |r| r.get(0),
        )?;
        let mut games = Vec::new();
        for g in ids {
            if let Some(game) = rows::game(db, g)? {
                games.push(game);
            }
        }
        let mut events = Vec::new();
        for e in games.iter().filter_map(|g| g.terms.event.map(|(e, _)| e)) {
            if !events
                .iter()
                .any(|x: &crate::tournament::event::StoredEvent| x.id == e)
                && let Some(event) = super::events::load_event(db, &e.to_string())?
            {
                events.push(event);
            }
        }
        let mut people = Vec::new();
        let mut addresses: Vec<String> = games
            .iter()
            .flat_map(|g| [g.white.clone(), g.black.clone(), g.challenger.clone()])
            .chain(events.iter().flat_map(|e| e.conditions.directors.clone()))
            .collect();
        addresses.sort();
        addresses.dedup();
        for a in addresses.iter().filter(|a| **a != mail.to) {
            if let Some(p) = rows::player(db, a)? {
                people.push(p);
            }
        }
        let recent_failures: u32 = db.query_row(
            "SELECT count(*) FROM outbox WHERE recipient = ?1 AND id <> ?2
             AND report_action = 'failed' AND report_confirmed = 1 AND report_at >= ?3
             AND (report_status LIKE '5.1.%' OR report_status LIKE '5.2.%'
                  OR report_status LIKE '5.4.%')",
            params![mail.to, id, now - FAILURE_WINDOW],
            |r| r.get(0),
        )?;
        Ok(Undelivery {
            mail: Some(mail),
            player,
            games,
            people,
            events,
            recent_failures,
        })
    }

    /// What a director's new address for the player of `old` needs, if that player exists.
    pub fn readdressing(&self, old: &str, new: &str) -> Result<Option<Readdressing>, StoreError> {
        let Some(player) = rows::player(&self.conn, old)? else {
            return Ok(None);
        };
        let new_taken = rows::player(&self.conn, new)?.is_some()
            || self.conn.query_row(
                "SELECT count(*) FROM games WHERE white = ?1 OR black = ?1",
                params![new.trim().to_lowercase()],
                |r| r.get::<i64>(0),
            )? > 0;
        Ok(Some(Readdressing { player, new_taken }))
    }

    /// The addresses arbitre sends no more mail, with since when and why, oldest first.
    pub fn undeliverable(&self) -> Result<Vec<(String, Timestamp, String)>, StoreError> {
        self.conn.query_map(
            "SELECT address, undeliverable_since, coalesce(undeliverable_reason, '')
             FROM players WHERE undeliverable_since IS NOT NULL
             ORDER BY undeliverable_since, address",
            params![],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }

    /// The reports recorded about game `id`'s mail (delays, failures, complaints), oldest
    /// first.
    pub fn reports_of(&self, id: GameId) -> Result<Vec<Reported>, StoreError> {
        self.conn.query_map(
            "SELECT report_at, recipient, report_action, coalesce(report_status, ''),
             coalesce(report_text, ''), report_confirmed
             FROM outbox WHERE game_id = ?1 AND report_action IN ('failed', 'delayed', 'complained')
             ORDER BY report_at, id",
            params![id],
            |r| {
                Ok(Reported {
                    at: r.get(0)?,
                    to: r.get(1)?,
                    action: r.get(2)?,
                    status: r.get(3)?,
                    text: r.get(4)?,
                    confirmed: r.get::<i64>(5)? != 0,
                })
            },
        )
    }
}

/// What a report said of one mail, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reported {
    /// When arbitre learned it.
    pub at: Timestamp,
    /// The recipient.
    pub to: String,
    /// `failed`, `delayed` or `complained`.
    pub action: String,
    /// The status code.
    pub status: String,
    /// The remote server's text.
    pub text: String,
    /// Whether a mail server that handled the mail said it.
    pub confirmed: bool,
}
