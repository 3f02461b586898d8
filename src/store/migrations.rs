//! Versioned schema migrations. The database's `user_version` says how many of
//! [`MIGRATIONS`] have run; opening a store runs the missing ones, each in its own
//! transaction, in order. A migration is never edited once released: add a new one.

use rusqlite::Connection;

/// The schema steps, in order. Step `i` brings the database to version `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: players, games, moves, processed inbound mail, outbox, sent Message-IDs.
    r#"
    CREATE TABLE players (
        address     TEXT PRIMARY KEY NOT NULL,
        name        TEXT,
        lang        TEXT NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY NOT NULL,
        kind        TEXT NOT NULL,
        variant     TEXT,
        start       TEXT NOT NULL,
        to_move     TEXT,
        options     TEXT NOT NULL,
        white       TEXT NOT NULL,
        black       TEXT NOT NULL,
        challenger  TEXT NOT NULL,
        status      TEXT NOT NULL,
        winner      TEXT,
        termination TEXT,
        result_line TEXT,
        draw_offer  TEXT,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE INDEX games_white ON games (white, status);
    CREATE INDEX games_black ON games (black, status);
    CREATE TABLE moves (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        ply         INTEGER NOT NULL,
        text        TEXT NOT NULL,
        message_id  TEXT,
        received_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE processed (
        id           INTEGER PRIMARY KEY NOT NULL,
        mailbox      TEXT NOT NULL,
        uidvalidity  INTEGER NOT NULL,
        uid          INTEGER NOT NULL,
        message_id   TEXT NOT NULL,
        processed_at INTEGER NOT NULL,
        summary      TEXT NOT NULL,
        UNIQUE (mailbox, uidvalidity, uid)
    );
    CREATE INDEX processed_message_id ON processed (message_id);
    CREATE TABLE outbox (
        id              INTEGER PRIMARY KEY NOT NULL,
        message_id      TEXT NOT NULL UNIQUE,
        recipient       TEXT NOT NULL,
        subject         TEXT NOT NULL,
        body            TEXT NOT NULL,
        in_reply_to     TEXT,
        refs            TEXT NOT NULL,
        reply_to        TEXT,
        game_id         INTEGER,
        auto            TEXT NOT NULL,
        created_at      INTEGER NOT NULL,
        status          TEXT NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error      TEXT,
        sent_at         INTEGER
    );
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
    CREATE TABLE sent (
        message_id  TEXT PRIMARY KEY NOT NULL,
        game_id     INTEGER NOT NULL
    );
    "#,
    // 2: the UIDVALIDITY last seen per mailbox, so a change is noticed across restarts; and
    // the attempts at each inbound message, so one that crashes the daemon is set aside
    // instead of crashing it for ever.
    r#"
    CREATE TABLE mailboxes (
        name        TEXT PRIMARY KEY NOT NULL,
        uidvalidity INTEGER NOT NULL
    );
    CREATE TABLE attempts (
        message_id  TEXT PRIMARY KEY NOT NULL,
        count       INTEGER NOT NULL
    );
    "#,
    // 3: where a player's language came from (`assumed`, `keywords`, `chosen`), so that a
    // language the player chose is never replaced by the language of a keyword.
    r#"
    ALTER TABLE players ADD COLUMN lang_from TEXT NOT NULL DEFAULT 'assumed';
    "#,
    // 4: whether a player receives the words their opponents write with their moves
    // (`CHAT OFF` turns it off); on unless they said otherwise.
    r#"
    ALTER TABLE players ADD COLUMN chat INTEGER NOT NULL DEFAULT 1;
    "#,
    // 5: take-backs by agreement: the side asking to take back its last move, and the moves
    // taken back (the game's history keeps them).
    r#"
    ALTER TABLE games ADD COLUMN undo_request TEXT;
    CREATE TABLE takebacks (
        id          INTEGER PRIMARY KEY NOT NULL,
        game_id     INTEGER NOT NULL,
        ply         INTEGER NOT NULL,
        text        TEXT NOT NULL,
        side        TEXT NOT NULL,
        agreed_at   INTEGER NOT NULL
    );
    CREATE INDEX takebacks_game ON takebacks (game_id, id);
    "#,
    // 6: conditional moves: each step of each stored line (the opponent's expected move
    // and the prepared answer), with the side that holds them and the mail that stored
    // them. Rewritten whole whenever the game is saved.
    r#"
    CREATE TABLE conditions (
        game_id     INTEGER NOT NULL,
        side        TEXT NOT NULL,
        line        INTEGER NOT NULL,
        step        INTEGER NOT NULL,
        theirs      TEXT NOT NULL,
        mine        TEXT NOT NULL,
        set_by      TEXT NOT NULL,
        PRIMARY KEY (game_id, line, step)
    );
    "#,
    // 7: clocks: each game's time control and claim mode, and when the referee wants to
    // look at its clock again (indexed: the daemon sleeps until the earliest); each
    // player's time zone; the mails that start a player's turn and when they left; the
    // reminders sent (once per turn and step).
    r#"
    ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
    ALTER TABLE games ADD COLUMN claim INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN next_due INTEGER;
    CREATE INDEX games_next_due ON games (next_due) WHERE next_due IS NOT NULL;
    ALTER TABLE players ADD COLUMN zone TEXT;
    ALTER TABLE outbox ADD COLUMN turn INTEGER;
    ALTER TABLE outbox ADD COLUMN turn_started_at INTEGER;
    CREATE INDEX outbox_turns ON outbox (game_id, turn) WHERE turn IS NOT NULL;
    CREATE TABLE reminders (
        game_id     INTEGER NOT NULL,
        ply         INTEGER NOT NULL,
        step        INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply, step)
    );
    "#,
    // 8: each player's leave, in whole local days (first and last day, ISO dates), and
    // whether a director granted it beyond the quota. Rewritten with the player.
    r#"
    CREATE TABLE leave (
        address     TEXT NOT NULL,
        first_day   TEXT NOT NULL,
        last_day    TEXT NOT NULL,
        special     INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (address, first_day)
    );
    "#,
    // 9: arbitre's outages (it could not read its mailbox, or was not running): the time
    // is given back to every player who was to move. And the daemon's heartbeat, written
    // while it reads its mailbox, so that the next start knows how long it was away.
    r#"
    CREATE TABLE outages (
        id          INTEGER PRIMARY KEY NOT NULL,
        from_at     INTEGER NOT NULL,
        to_at       INTEGER NOT NULL,
        cause       TEXT NOT NULL
    );
    CREATE INDEX outages_to ON outages (to_at);
    CREATE TABLE daemon_state (
        key         TEXT PRIMARY KEY NOT NULL,
        value       INTEGER NOT NULL
    );
    "#,
    // 10: the director's tools. Time given or taken on a game's clocks and the pauses of
    // both clocks (rewritten with the game); the audit log of every director's action,
    // append-only (triggers refuse any change, removal, or entry other than the next
    // after the head, `INSERT OR REPLACE` included) and hash-chained (each entry holds
    // the hash of the one before; `audit_head` the last, so that a removed tail shows).
    r#"
    CREATE TABLE clock_adjustments (
        game_id     INTEGER NOT NULL,
        n           INTEGER NOT NULL,
        side        TEXT NOT NULL,
        turn        INTEGER NOT NULL,
        seconds     INTEGER NOT NULL,
        PRIMARY KEY (game_id, n)
    );
    CREATE TABLE clock_stops (
        game_id     INTEGER NOT NULL,
        from_at     INTEGER NOT NULL,
        to_at       INTEGER,
        PRIMARY KEY (game_id, from_at)
    );
    CREATE TABLE audit (
        seq         INTEGER PRIMARY KEY NOT NULL,
        at          INTEGER NOT NULL,
        actor       TEXT NOT NULL,
        action      TEXT NOT NULL,
        game_id     INTEGER,
        player      TEXT,
        detail      TEXT NOT NULL,
        reason      TEXT NOT NULL,
        prev        TEXT NOT NULL,
        hash        TEXT NOT NULL
    );
    CREATE INDEX audit_game ON audit (game_id) WHERE game_id IS NOT NULL;
    CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TRIGGER audit_append_only BEFORE INSERT ON audit
    WHEN NEW.seq <> (SELECT coalesce(max(seq), 0) + 1 FROM audit)
      OR NEW.prev <> coalesce((SELECT hash FROM audit_head WHERE one = 1),
                              '0000000000000000000000000000000000000000000000000000000000000000')
    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    CREATE TABLE audit_head (
        one         INTEGER PRIMARY KEY NOT NULL CHECK (one = 1),
        seq         INTEGER NOT NULL,
        hash        TEXT NOT NULL
    );
    "#,
    // 11: SMS received, as each gateway handed them over (Kannel's message id, a spool
    // file's name and hash, a provider's message SID): recorded once whatever the
    // gateway's retries, before the gateway is told they arrived; processed later, the
    // processed time written in the same transaction as their effects.
    r#"
    CREATE TABLE sms_inbox (
        id           INTEGER PRIMARY KEY NOT NULL,
        gateway      TEXT NOT NULL,
        key          TEXT NOT NULL,
        sender       TEXT NOT NULL,
        recipient    TEXT,
        text         TEXT NOT NULL,
        received_at  INTEGER NOT NULL,
        processed_at INTEGER,
        UNIQUE (gateway, key)
    );
    CREATE INDEX sms_inbox_pending ON sms_inbox (id) WHERE processed_at IS NULL;
    "#,
    // 12: the outbox carries SMS too: each row says its channel, and each channel's sender
    // takes only its own.
    r#"
    ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
    CREATE INDEX outbox_channel_due ON outbox (channel, next_attempt_at) WHERE status = 'pending';
    "#,
    // 13: phones. A player's linked number (one player per number), how they hear of
    // their games, and the code of a phone being linked; the numbers that said STOP, with
    // the one SMS that confirms it.
    r#"
    ALTER TABLE players ADD COLUMN phone TEXT;
    ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'mail';
    ALTER TABLE players ADD COLUMN claim_number TEXT;
    ALTER TABLE players ADD COLUMN claim_code TEXT;
    ALTER TABLE players ADD COLUMN claim_until INTEGER;
    ALTER TABLE players ADD COLUMN claim_tries INTEGER NOT NULL DEFAULT 0;
    CREATE UNIQUE INDEX players_phone ON players (phone) WHERE phone IS NOT NULL;
    CREATE INDEX players_claim ON players (claim_number) WHERE claim_number IS NOT NULL;
    CREATE TABLE sms_optout (
        number       TEXT PRIMARY KEY,
        since        INTEGER NOT NULL,
        confirmation TEXT
    );
    CREATE INDEX outbox_sms_sent ON outbox (channel, recipient, sent_at);
    "#,
    // 14: delivery reports of SMS: what the gateway last said of each (delivered, not
    // delivered, refused by the SMSC), and when.
    r#"
    ALTER TABLE outbox ADD COLUMN delivery TEXT;
    ALTER TABLE outbox ADD COLUMN delivery_at INTEGER;
    "#,
    // 15: how many codes were sent for the number a player is linking (a few a day at
    // most), and whether a received SMS says STOP or START, known as soon as it is
    // received: the outbox holds back SMS to a number whose STOP waits to be decided.
    r#"
    ALTER TABLE players ADD COLUMN claim_codes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players ADD COLUMN claim_since INTEGER;
    ALTER TABLE sms_inbox ADD COLUMN stop INTEGER;
    CREATE INDEX sms_inbox_waiting ON sms_inbox (sender, processed_at);
    "#,
    // 16: correspondence events. Each event with its conditions (JSON, written once), its
    // entrants and its pairings round by round; each game of an event says which, with
    // the rules of the event it plays under (take-backs, conditional moves, draw offers),
    // and whether it is rated.
    r#"
    CREATE TABLE events (
        id          INTEGER PRIMARY KEY NOT NULL,
        name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
        title       TEXT NOT NULL,
        conditions  TEXT NOT NULL,
        status      TEXT NOT NULL,
        round       INTEGER NOT NULL DEFAULT 0,
        lots        INTEGER NOT NULL,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL
    );
    CREATE TABLE entries (
        event_id        INTEGER NOT NULL REFERENCES events (id),
        address         TEXT NOT NULL,
        name            TEXT NOT NULL,
        rating          INTEGER,
        club            TEXT NOT NULL DEFAULT '',
        status          TEXT NOT NULL,
        tpn             INTEGER,
        withdrawn_after INTEGER,
        PRIMARY KEY (event_id, address)
    );
    CREATE INDEX entries_address ON entries (address);
    CREATE TABLE pairings (
        event_id    INTEGER NOT NULL REFERENCES events (id),
        round       INTEGER NOT NULL,
        board       INTEGER NOT NULL,
        white       INTEGER NOT NULL,
        black       INTEGER,
        game_id     INTEGER,
        bye         TEXT,
        PRIMARY KEY (event_id, round, board)
    );
    CREATE INDEX pairings_game ON pairings (game_id) WHERE game_id IS NOT NULL;
    ALTER TABLE games ADD COLUMN event_id INTEGER;
    ALTER TABLE games ADD COLUMN event_round INTEGER;
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN no_takebacks INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN no_conditionals INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN draw_limit INTEGER;
    ALTER TABLE games ADD COLUMN draws_white INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN draws_black INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_event ON games (event_id) WHERE event_id IS NOT NULL;
    "#,
    // 17: the rating pool of a game when it is not its kind's (an event rated by variant).
    r#"
    ALTER TABLE games ADD COLUMN rating_pool TEXT;
    "#,
    // 18: why an event cannot move on, as last told to its directors.
    r#"
    ALTER TABLE events ADD COLUMN stuck TEXT;
    "#,
    // 19: board pictures: whether a player wants them, and the picture a queued mail
    // carries (its SVG, and the text board the HTML part shows it in place of).
    r#"
    ALTER TABLE players ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE outbox ADD COLUMN picture_svg TEXT;
    ALTER TABLE outbox ADD COLUMN picture_board TEXT;
    "#,
    // 20: whether a player's casual games are shown on the public pages (`PUBLIC OFF`).
    r#"
    ALTER TABLE players ADD COLUMN public INTEGER NOT NULL DEFAULT 1;
    "#,
    // 21: each entrant's place in the event's list, which the row's position used to give
    // (PostgreSQL keeps no such position).
    r#"
    ALTER TABLE entries ADD COLUMN n INTEGER NOT NULL DEFAULT 0;
    UPDATE entries SET n = rowid;
    "#,
    // 22: which database session took a queued message to send it (several daemons on one
    // PostgreSQL store; a claim lasts as long as its session). Unused on SQLite.
    r#"
    ALTER TABLE outbox ADD COLUMN claimed_by INTEGER;
    "#,
    // 23: the daemons attached to the store, each as it last reported itself (`arbitre
    // status`): where it runs, since when, what it is doing.
    r#"
    CREATE TABLE daemons (
        id             TEXT PRIMARY KEY NOT NULL,
        host           TEXT NOT NULL,
        pid            INTEGER NOT NULL,
        version        TEXT NOT NULL,
        started_at     INTEGER NOT NULL,
        seen_at        INTEGER NOT NULL,
        doing          TEXT NOT NULL,
        detail         TEXT,
        processed      INTEGER NOT NULL DEFAULT 0,
        processed_at   INTEGER,
        stopped_at     INTEGER
    );
    "#,
    // 24: requests to confirm a command whose mail proved nothing about its sender: each
    // answered once, by an explicit yes to its own address (referee::confirm).
    r#"
    CREATE TABLE confirmations (
        id          TEXT PRIMARY KEY NOT NULL,
        address     TEXT NOT NULL,
        command     TEXT NOT NULL,
        game_id     INTEGER,
        lang        TEXT NOT NULL,
        asked_at    INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL,
        state       TEXT NOT NULL,
        closed_at   INTEGER
    );
    CREATE INDEX confirmations_address ON confirmations (address, asked_at);
    "#,
    // 25: the log of phone codes sent (per player, per number and in all a day, and the
    // outbox tells codes from notifications by their Message-ID); the log of invitations
    // sent (per invitee a day); whether a player takes invitations (`NO MORE
    // INVITATIONS`).
    r#"
    CREATE TABLE sms_codes (
        message_id  TEXT PRIMARY KEY NOT NULL,
        address     TEXT NOT NULL,
        number      TEXT NOT NULL,
        sent_at     INTEGER NOT NULL
    );
    CREATE INDEX sms_codes_sent ON sms_codes (sent_at);
    CREATE TABLE invitations (
        game_id     INTEGER PRIMARY KEY NOT NULL,
        challenger  TEXT NOT NULL,
        invitee     TEXT NOT NULL,
        sent_at     INTEGER NOT NULL
    );
    CREATE INDEX invitations_invitee ON invitations (invitee, sent_at);
    ALTER TABLE players ADD COLUMN invitations INTEGER NOT NULL DEFAULT 1;
    "#,
    // 26: which daemon's run is at work on a message, since when: two daemons reading one
    // mailbox do not count each other's attempts (see `Store::begin_attempt`).
    r#"
    ALTER TABLE attempts ADD COLUMN holder TEXT;
    ALTER TABLE attempts ADD COLUMN since INTEGER;
    "#,
    // 27: whether a player chose the name shown (`NAME`), and whether they were told they can.
    r#"
    ALTER TABLE players ADD COLUMN name_chosen INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players ADD COLUMN name_told INTEGER NOT NULL DEFAULT 0;
    "#,
    // 28: what became of each mail (delivery reports, refusals), the clocks a failed turn
    // notice stopped, and the addresses that get no more mail.
    r#"
    ALTER TABLE outbox ADD COLUMN report_action TEXT;
    ALTER TABLE outbox ADD COLUMN report_status TEXT;
    ALTER TABLE outbox ADD COLUMN report_text TEXT;
    ALTER TABLE outbox ADD COLUMN report_at INTEGER;
    CREATE INDEX outbox_reports ON outbox (recipient, report_at);
    CREATE TABLE unreached (
        game_id     INTEGER NOT NULL,
        side        TEXT NOT NULL,
        from_at     INTEGER NOT NULL,
        to_at       INTEGER,
        PRIMARY KEY (game_id, side, from_at)
    );
    ALTER TABLE players ADD COLUMN undeliverable_since INTEGER;
    ALTER TABLE players ADD COLUMN undeliverable_reason TEXT;
    "#,
    // 29: whether a report was confirmed by a mail server that handled the mail (it quoted
    // the mail's envelope identifier), and whether an address was marked by a complaint.
    r#"
    ALTER TABLE outbox ADD COLUMN report_confirmed INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE players ADD COLUMN undeliverable_complaint INTEGER NOT NULL DEFAULT 0;
    UPDATE players SET undeliverable_complaint = 1
        WHERE undeliverable_reason LIKE 'abuse report%';
    "#,
    // 30: the side that asked the computer for a move (`HINT`) and waits for it.
    r#"
    ALTER TABLE games ADD COLUMN hint_request TEXT;
    "#,
    // 31: the games a sender proposed, found by index: every decision reads the sender's
    // games as player or challenger, and one unindexed term of that OR made it a scan of
    // every game (37 ms a decision with 100,000 games).
    r#"
    CREATE INDEX games_challenger ON games (challenger, status);
    "#,
    // 32: the sent mails whose texts are still kept, oldest first (the daemon forgets them
    // after `[outbox] keep-sent-days`: they were most of a large store), and the games by
    // their last change, for the front page's latest games.
    r#"
    CREATE INDEX outbox_texts ON outbox (sent_at) WHERE body <> '';
    CREATE INDEX games_updated ON games (updated_at, id);
    "#,
    // 33: the answers the rate limit counts (a sender's answers of the last hour that are
    // no game's mail), found without walking every mail to the sender: a player in many
    // games receives hundreds of game mails an hour, and counting through them took
    // close to half of a decision's time for the bench's busiest player.
    r#"
    CREATE INDEX outbox_replies ON outbox (recipient, created_at)
        WHERE auto = 'auto-replied' AND game_id IS NULL;
    "#,
    // 34: the games a daemon is searching for the computer, so that a second daemon on the
    // same store does not search the same turn (see `store::searches`).
    r#"
    CREATE TABLE searches (
        game_id     INTEGER PRIMARY KEY,
        holder      TEXT NOT NULL,
        since       INTEGER NOT NULL
    );
    "#,
];

/// The schema version this build expects.
pub fn latest() -> u32 {
    MIGRATIONS.len() as u32
}

/// The database's schema version.
pub fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Why the schema could not be brought up to date.
#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    /// The database comes from a newer arbitre.
    #[error("the database has schema version {found}, newer than this arbitre's {latest}")]
    TooNew {
        /// Its version.
        found: u32,
        /// Ours.
        latest: u32,
    },
    /// SQLite refused a step.
    #[error("migration to schema version {version} failed: {source}")]
    Step {
        /// The version the step would have reached.
        version: u32,
        /// The SQLite error.
        source: rusqlite::Error,
    },
    /// PostgreSQL refused a step.
    #[error(
        "migration to schema version {version} failed: {}",
        super::sql::Causes(source)
    )]
    PostgresStep {
        /// The version the step would have reached.
        version: u32,
        /// PostgreSQL's error.
        source: tokio_postgres::Error,
    },
}

/// Runs the missing migrations; returns the versions applied.
///
/// Each step reads the version and applies itself inside one write transaction, so two
/// processes opening a new store at once (the daemon and `arbitre new`) cannot both apply it.
pub fn migrate(conn: &mut Connection) -> Result<Vec<u32>, MigrationError> {
    let mut applied = Vec::new();
    loop {
        let step = |conn: &mut Connection| -> rusqlite::Result<Result<Option<u32>, u32>> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let found = version(&tx)?;
            if found > latest() {
                return Ok(Err(found));
            }
            if found == latest() {
                return Ok(Ok(None));
            }
            tx.execute_batch(MIGRATIONS[found as usize])?;
            tx.pragma_update(None, "user_version", found + 1)?;
            tx.commit()?;
            Ok(Ok(Some(found + 1)))
        };
        match step(conn) {
            Ok(Ok(Some(v))) => applied.push(v),
            Ok(Ok(None)) => return Ok(applied),
            Ok(Err(found)) => {
                return Err(MigrationError::TooNew {
                    found,
                    latest: latest(),
                });
            }
            Err(source) => {
                let version = version(conn).unwrap_or(0) + 1;
                return Err(MigrationError::Step { version, source });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_database_gets_every_migration_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(
            migrate(&mut conn).unwrap(),
            (1..=latest()).collect::<Vec<_>>()
        );
        assert_eq!(version(&conn).unwrap(), latest());
        assert!(migrate(&mut conn).unwrap().is_empty());
    }

    #[test]
    fn an_old_database_gets_only_the_missing_steps_and_keeps_its_rows() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute(
            "INSERT INTO players (address, lang, updated_at) VALUES ('a@x.org', 'en', 1)",
            [],
        )
        .unwrap();
        assert_eq!(
            migrate(&mut conn).unwrap(),
            (2..=latest()).collect::<Vec<_>>()
        );
        let (n, chat): (i64, bool) = conn
            .query_row("SELECT count(*), min(chat) FROM players", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!(n, 1);
        assert!(chat, "an existing player keeps receiving opponents' words");
        conn.execute("INSERT INTO mailboxes VALUES ('INBOX', 7)", [])
            .unwrap();
    }

    #[test]
    fn two_processes_creating_one_store_at_once_both_succeed() {
        let dir = std::env::temp_dir().join(format!("arbitre-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("race.sqlite");
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let mut conn = Connection::open(&path).unwrap();
                    conn.busy_timeout(std::time::Duration::from_secs(10))
                        .unwrap();
                    migrate(&mut conn).unwrap()
                })
            })
            .collect();
        let mut all: Vec<u32> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        all.sort();
        assert_eq!(
            all,
            (1..=latest()).collect::<Vec<_>>(),
            "each step applied once"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_database_from_a_newer_arbitre_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", latest() + 1)
            .unwrap();
        assert!(matches!(
            migrate(&mut conn),
            Err(MigrationError::TooNew { .. })
        ));
    }
}
