//! The store on PostgreSQL: connecting (TLS checked against the installation's CA file, the
//! password from the configuration's secret) and the schema's versioned migrations.
//!
//! The schema is the SQLite one with PostgreSQL's types: every integer is a `BIGINT` (flags
//! stay 0 and 1, as the store's queries compare them), row numbers are identity columns, and
//! the audit log's append-only rule is a trigger function. Its version is counted like
//! SQLite's: the first step brings an empty database straight to the version SQLite reached
//! in twenty; every later step is added to both lists with the same number.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use super::StoreError;
use super::migrations::{self, MigrationError};
use super::sql::{Db, params};

/// Where a PostgreSQL store is and how to log in.
#[derive(Clone, PartialEq, Eq)]
pub struct Settings {
    /// `postgres://user@host:port/database?sslmode=require` (libpq's URL form).
    pub url: String,
    /// The password, when the URL carries none.
    pub password: Option<String>,
    /// The CA certificates (PEM) the server's certificate must chain to; without it, the
    /// public web roots.
    pub ca_file: Option<PathBuf>,
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("url", &redacted(&self.url))
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

/// The URL without its password, for logs and errors.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        None => url.to_owned(),
    }
}

/// Opens a session on the database `settings` name. Its connection runs on [`runtime`];
/// the calls made on it wait where they are made (see [`super::sql::Db`]).
pub fn connect(settings: &Settings) -> Result<tokio_postgres::Client, StoreError> {
    let mut config = tokio_postgres::Config::from_str(&settings.url)?;
    if let Some(password) = &settings.password {
        config.password(password);
    }
    // Named in `pg_stat_activity`, unless the URL names it otherwise.
    if config.get_application_name().is_none() {
        config.application_name("arbitre");
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(std::time::Duration::from_secs(10));
    }
    let tls = match config.get_ssl_mode() {
        tokio_postgres::config::SslMode::Disable => None,
        _ => Some(tokio_postgres_rustls::MakeRustlsConnect::new(tls_config(
            settings,
        )?)),
    };
    let connecting = runtime().spawn(async move {
        let (client, connection) = match tls {
            None => {
                let (client, connection) = config.connect(tokio_postgres::NoTls).await?;
                (client, tokio::spawn(connection))
            }
            Some(tls) => {
                let (client, connection) = config.connect(tls).await?;
                (client, tokio::spawn(connection))
            }
        };
        // The connection ends with its client (dropped) or its socket; an error is the
        // next call's to report.
        drop(connection);
        Ok::<_, tokio_postgres::Error>(client)
    });
    futures::executor::block_on(connecting)
        .map_err(|e| StoreError::Setup(format!("connecting to PostgreSQL: {e}")))?
        .map_err(StoreError::from)
}

/// The runtime every PostgreSQL connection of the process runs on: one thread of its own,
/// so that the store's calls can wait for PostgreSQL from any thread, async or not.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("arbitre-postgres")
            .enable_all()
            .build()
            .expect("the PostgreSQL runtime starts")
    })
}

fn tls_config(settings: &Settings) -> Result<rustls::ClientConfig, StoreError> {
    let mut roots = rustls::RootCertStore::empty();
    match &settings.ca_file {
        Some(path) => {
            let pem = std::fs::read(path).map_err(|e| {
                StoreError::Setup(format!("cannot read the CA file {}: {e}", path.display()))
            })?;
            let mut reader = std::io::BufReader::new(&pem[..]);
            for cert in rustls_pemfile::certs(&mut reader) {
                let cert = cert.map_err(|e| {
                    StoreError::Setup(format!("the CA file {} is not PEM: {e}", path.display()))
                })?;
                roots.add(cert).map_err(|e| {
                    StoreError::Setup(format!("a certificate in {}: {e}", path.display()))
                })?;
            }
            if roots.is_empty() {
                return Err(StoreError::Setup(format!(
                    "the CA file {} holds no certificate",
                    path.display()
                )));
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    Ok(rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| StoreError::Setup(format!("TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth())
}

/// The schema steps: (the version a step reaches, its statements). The first brings an
/// empty database to version 20 at once; the later ones follow SQLite's.
pub const MIGRATIONS: &[(u32, &str)] = &[
    (20, BASELINE),
    (
        21,
        "ALTER TABLE entries ADD COLUMN n BIGINT NOT NULL DEFAULT 0;",
    ),
    (22, "ALTER TABLE outbox ADD COLUMN claimed_by BIGINT;"),
    (
        23,
        "CREATE TABLE daemons (
            id             TEXT PRIMARY KEY NOT NULL,
            host           TEXT NOT NULL,
            pid            BIGINT NOT NULL,
            version        TEXT NOT NULL,
            started_at     BIGINT NOT NULL,
            seen_at        BIGINT NOT NULL,
            doing          TEXT NOT NULL,
            detail         TEXT,
            processed      BIGINT NOT NULL DEFAULT 0,
            processed_at   BIGINT,
            stopped_at     BIGINT
        );",
    ),
    (
        24,
        "CREATE TABLE confirmations (
            id          TEXT PRIMARY KEY NOT NULL,
            address     TEXT NOT NULL,
            command     TEXT NOT NULL,
            game_id     BIGINT,
            lang        TEXT NOT NULL,
            asked_at    BIGINT NOT NULL,
            expires_at  BIGINT NOT NULL,
            state       TEXT NOT NULL,
            closed_at   BIGINT
        );
        CREATE INDEX confirmations_address ON confirmations (address, asked_at);",
    ),
    // See SQLite's step 25.
    (
        25,
        "CREATE TABLE sms_codes (
            message_id  TEXT PRIMARY KEY NOT NULL,
            address     TEXT NOT NULL,
            number      TEXT NOT NULL,
            sent_at     BIGINT NOT NULL
        );
        CREATE INDEX sms_codes_sent ON sms_codes (sent_at);
        CREATE TABLE invitations (
            game_id     BIGINT PRIMARY KEY NOT NULL,
            challenger  TEXT NOT NULL,
            invitee     TEXT NOT NULL,
            sent_at     BIGINT NOT NULL
        );
        CREATE INDEX invitations_invitee ON invitations (invitee, sent_at);
        ALTER TABLE players ADD COLUMN invitations BIGINT NOT NULL DEFAULT 1;",
    ),
    // See SQLite's step 26.
    (
        26,
        "ALTER TABLE attempts ADD COLUMN holder TEXT;
        ALTER TABLE attempts ADD COLUMN since BIGINT;",
    ),
    // See SQLite's step 27.
    (
        27,
        "ALTER TABLE players ADD COLUMN name_chosen BIGINT NOT NULL DEFAULT 0;
        ALTER TABLE players ADD COLUMN name_told BIGINT NOT NULL DEFAULT 0;",
    ),
    // See SQLite's step 28.
    (
        28,
        "ALTER TABLE outbox ADD COLUMN report_action TEXT;
        ALTER TABLE outbox ADD COLUMN report_status TEXT;
        ALTER TABLE outbox ADD COLUMN report_text TEXT;
        ALTER TABLE outbox ADD COLUMN report_at BIGINT;
        CREATE INDEX outbox_reports ON outbox (recipient, report_at);
        CREATE TABLE unreached (
            game_id     BIGINT NOT NULL,
            side        TEXT NOT NULL,
            from_at     BIGINT NOT NULL,
            to_at       BIGINT,
            PRIMARY KEY (game_id, side, from_at)
        );
        ALTER TABLE players ADD COLUMN undeliverable_since BIGINT;
        ALTER TABLE players ADD COLUMN undeliverable_reason TEXT;",
    ),
    (
        29,
        "ALTER TABLE outbox ADD COLUMN report_confirmed BIGINT NOT NULL DEFAULT 1;
        ALTER TABLE players ADD COLUMN undeliverable_complaint BIGINT NOT NULL DEFAULT 0;
        UPDATE players SET undeliverable_complaint = 1
            WHERE undeliverable_reason LIKE 'abuse report%';",
    ),
    (30, "ALTER TABLE games ADD COLUMN hint_request TEXT;"),
    (
        31,
        "CREATE INDEX games_challenger ON games (challenger, status);",
    ),
    // See SQLite's step 32.
    (
        32,
        "CREATE INDEX outbox_texts ON outbox (sent_at) WHERE body <> '';
        CREATE INDEX games_updated ON games (updated_at, id);",
    ),
    // See SQLite's step 33.
    (
        33,
        "CREATE INDEX outbox_replies ON outbox (recipient, created_at)
            WHERE auto = 'auto-replied' AND game_id IS NULL;",
    ),
    // See SQLite's step 34.
    (
        34,
        "CREATE TABLE searches (
            game_id     BIGINT PRIMARY KEY,
            holder      TEXT NOT NULL,
            since       BIGINT NOT NULL
        );",
    ),
];

const BASELINE: &str = r#"
CREATE TABLE players (
    address      TEXT PRIMARY KEY NOT NULL,
    name         TEXT,
    lang         TEXT NOT NULL,
    updated_at   BIGINT NOT NULL,
    lang_from    TEXT NOT NULL DEFAULT 'assumed',
    chat         BIGINT NOT NULL DEFAULT 1,
    zone         TEXT,
    phone        TEXT,
    notify       TEXT NOT NULL DEFAULT 'mail',
    claim_number TEXT,
    claim_code   TEXT,
    claim_until  BIGINT,
    claim_tries  BIGINT NOT NULL DEFAULT 0,
    claim_codes  BIGINT NOT NULL DEFAULT 0,
    claim_since  BIGINT,
    pictures     BIGINT NOT NULL DEFAULT 1,
    public       BIGINT NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX players_phone ON players (phone) WHERE phone IS NOT NULL;
CREATE INDEX players_claim ON players (claim_number) WHERE claim_number IS NOT NULL;
CREATE TABLE games (
    id              BIGINT PRIMARY KEY NOT NULL,
    kind            TEXT NOT NULL,
    variant         TEXT,
    start           TEXT NOT NULL,
    to_move         TEXT,
    options         TEXT NOT NULL,
    white           TEXT NOT NULL,
    black           TEXT NOT NULL,
    challenger      TEXT NOT NULL,
    status          TEXT NOT NULL,
    winner          TEXT,
    termination     TEXT,
    result_line     TEXT,
    draw_offer      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    undo_request    TEXT,
    time_control    TEXT NOT NULL DEFAULT 'none',
    claim           BIGINT NOT NULL DEFAULT 0,
    next_due        BIGINT,
    event_id        BIGINT,
    event_round     BIGINT,
    rated           BIGINT NOT NULL DEFAULT 0,
    no_takebacks    BIGINT NOT NULL DEFAULT 0,
    no_conditionals BIGINT NOT NULL DEFAULT 0,
    draw_limit      BIGINT,
    draws_white     BIGINT NOT NULL DEFAULT 0,
    draws_black     BIGINT NOT NULL DEFAULT 0,
    rating_pool     TEXT
);
CREATE INDEX games_white ON games (white, status);
CREATE INDEX games_black ON games (black, status);
CREATE INDEX games_next_due ON games (next_due) WHERE next_due IS NOT NULL;
CREATE INDEX games_event ON games (event_id) WHERE event_id IS NOT NULL;
CREATE TABLE moves (
    game_id     BIGINT NOT NULL REFERENCES games (id),
    ply         BIGINT NOT NULL,
    text        TEXT NOT NULL,
    message_id  TEXT,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE processed (
    id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    mailbox      TEXT NOT NULL,
    uidvalidity  BIGINT NOT NULL,
    uid          BIGINT NOT NULL,
    message_id   TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    summary      TEXT NOT NULL,
    UNIQUE (mailbox, uidvalidity, uid)
);
CREATE INDEX processed_message_id ON processed (message_id);
CREATE TABLE outbox (
    id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    message_id      TEXT NOT NULL UNIQUE,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    in_reply_to     TEXT,
    refs            TEXT NOT NULL,
    reply_to        TEXT,
    game_id         BIGINT,
    auto            TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    status          TEXT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error      TEXT,
    sent_at         BIGINT,
    turn            BIGINT,
    turn_started_at BIGINT,
    channel         TEXT NOT NULL DEFAULT 'mail',
    delivery        TEXT,
    delivery_at     BIGINT,
    picture_svg     TEXT,
    picture_board   TEXT
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
CREATE INDEX outbox_turns ON outbox (game_id, turn) WHERE turn IS NOT NULL;
CREATE INDEX outbox_channel_due ON outbox (channel, next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_sms_sent ON outbox (channel, recipient, sent_at);
CREATE TABLE sent (
    message_id  TEXT PRIMARY KEY NOT NULL,
    game_id     BIGINT NOT NULL
);
CREATE TABLE mailboxes (
    name        TEXT PRIMARY KEY NOT NULL,
    uidvalidity BIGINT NOT NULL
);
CREATE TABLE attempts (
    message_id  TEXT PRIMARY KEY NOT NULL,
    count       BIGINT NOT NULL
);
CREATE TABLE takebacks (
    id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    game_id     BIGINT NOT NULL,
    ply         BIGINT NOT NULL,
    text        TEXT NOT NULL,
    side        TEXT NOT NULL,
    agreed_at   BIGINT NOT NULL
);
CREATE INDEX takebacks_game ON takebacks (game_id, id);
CREATE TABLE conditions (
    game_id     BIGINT NOT NULL,
    side        TEXT NOT NULL,
    line        BIGINT NOT NULL,
    step        BIGINT NOT NULL,
    theirs      TEXT NOT NULL,
    mine        TEXT NOT NULL,
    set_by      TEXT NOT NULL,
    PRIMARY KEY (game_id, line, step)
);
CREATE TABLE reminders (
    game_id     BIGINT NOT NULL,
    ply         BIGINT NOT NULL,
    step        BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply, step)
);
CREATE TABLE leave (
    address     TEXT NOT NULL,
    first_day   TEXT NOT NULL,
    last_day    TEXT NOT NULL,
    special     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (address, first_day)
);
CREATE TABLE outages (
    id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    from_at     BIGINT NOT NULL,
    to_at       BIGINT NOT NULL,
    cause       TEXT NOT NULL
);
CREATE INDEX outages_to ON outages (to_at);
CREATE TABLE daemon_state (
    key         TEXT PRIMARY KEY NOT NULL,
    value       BIGINT NOT NULL
);
CREATE TABLE clock_adjustments (
    game_id     BIGINT NOT NULL,
    n           BIGINT NOT NULL,
    side        TEXT NOT NULL,
    turn        BIGINT NOT NULL,
    seconds     BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE clock_stops (
    game_id     BIGINT NOT NULL,
    from_at     BIGINT NOT NULL,
    to_at       BIGINT,
    PRIMARY KEY (game_id, from_at)
);
CREATE TABLE audit_head (
    one         BIGINT PRIMARY KEY NOT NULL CHECK (one = 1),
    seq         BIGINT NOT NULL,
    hash        TEXT NOT NULL
);
CREATE TABLE audit (
    seq         BIGINT PRIMARY KEY NOT NULL,
    at          BIGINT NOT NULL,
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    game_id     BIGINT,
    player      TEXT,
    detail      TEXT NOT NULL,
    reason      TEXT NOT NULL,
    prev        TEXT NOT NULL,
    hash        TEXT NOT NULL
);
CREATE INDEX audit_game ON audit (game_id) WHERE game_id IS NOT NULL;
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT'
       OR NEW.seq <> (SELECT coalesce(max(seq), 0) + 1 FROM audit)
       OR NEW.prev <> coalesce((SELECT hash FROM audit_head WHERE one = 1),
                               '0000000000000000000000000000000000000000000000000000000000000000')
    THEN
        RAISE EXCEPTION 'the audit log is append-only';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER audit_append_only BEFORE INSERT OR UPDATE OR DELETE ON audit
    FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
CREATE TABLE sms_inbox (
    id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    gateway      TEXT NOT NULL,
    key          TEXT NOT NULL,
    sender       TEXT NOT NULL,
    recipient    TEXT,
    text         TEXT NOT NULL,
    received_at  BIGINT NOT NULL,
    processed_at BIGINT,
    stop         BIGINT,
    UNIQUE (gateway, key)
);
CREATE INDEX sms_inbox_pending ON sms_inbox (id) WHERE processed_at IS NULL;
CREATE INDEX sms_inbox_waiting ON sms_inbox (sender, processed_at);
CREATE TABLE sms_optout (
    number       TEXT PRIMARY KEY,
    since        BIGINT NOT NULL,
    confirmation TEXT
);
CREATE TABLE events (
    id          BIGINT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    title       TEXT NOT NULL,
    conditions  TEXT NOT NULL,
    status      TEXT NOT NULL,
    round       BIGINT NOT NULL DEFAULT 0,
    lots        BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    stuck       TEXT
);
CREATE UNIQUE INDEX events_name ON events (lower(name));
CREATE TABLE entries (
    event_id        BIGINT NOT NULL REFERENCES events (id),
    address         TEXT NOT NULL,
    name            TEXT NOT NULL,
    rating          BIGINT,
    club            TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL,
    tpn             BIGINT,
    withdrawn_after BIGINT,
    PRIMARY KEY (event_id, address)
);
CREATE INDEX entries_address ON entries (address);
CREATE TABLE pairings (
    event_id    BIGINT NOT NULL REFERENCES events (id),
    round       BIGINT NOT NULL,
    board       BIGINT NOT NULL,
    white       BIGINT NOT NULL,
    black       BIGINT,
    game_id     BIGINT,
    bye         TEXT,
    PRIMARY KEY (event_id, round, board)
);
CREATE INDEX pairings_game ON pairings (game_id) WHERE game_id IS NOT NULL;
"#;

/// The advisory lock held while the schema is brought up to date, so that daemons starting
/// together apply each step once.
const MIGRATION_LOCK: i64 = 0x6172_6269_7472_6502;

/// The database's schema version (0 for an empty database).
pub fn version(db: &Db) -> Result<u32, StoreError> {
    let exists: bool = db.query_row(
        "SELECT to_regclass('schema_version') IS NOT NULL",
        params![],
        |r| r.get(0),
    )?;
    if !exists {
        return Ok(0);
    }
    db.query_row("SELECT version FROM schema_version", params![], |r| {
        r.get(0)
    })
}

/// Runs the missing steps, in one transaction under [`MIGRATION_LOCK`]; returns the
/// versions reached.
pub fn migrate(db: &Db) -> Result<Vec<u32>, StoreError> {
    let tx = db.transaction()?;
    db.execute("SELECT pg_advisory_xact_lock(?1)", params![MIGRATION_LOCK])?;
    let found = version(db)?;
    let latest = migrations::latest();
    if found > latest {
        return Err(MigrationError::TooNew { found, latest }.into());
    }
    let mut applied = Vec::new();
    for (reaches, step) in MIGRATIONS.iter().filter(|(v, _)| *v > found) {
        db.batch(step).map_err(|e| match e {
            StoreError::Postgres(source) => MigrationError::PostgresStep {
                version: *reaches,
                source,
            }
            .into(),
            other => other,
        })?;
        applied.push(*reaches);
    }
    if found == 0 {
        db.batch("CREATE TABLE schema_version (version BIGINT NOT NULL)")?;
        db.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            params![applied.last().copied().unwrap_or(0)],
        )?;
    } else if let Some(last) = applied.last() {
        db.execute("UPDATE schema_version SET version = ?1", params![*last])?;
    }
    tx.commit()?;
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_postgresql_steps_reach_the_sqlite_version() {
        let last = MIGRATIONS.last().map(|(v, _)| *v);
        assert_eq!(last, Some(migrations::latest()));
        assert!(MIGRATIONS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn every_sqlite_table_and_column_exists_in_the_postgresql_schema() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let mut conn = conn;
        migrations::migrate(&mut conn).unwrap();
        let mut stmt = conn
            .prepare(
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
                 WHERE m.type = 'table' ORDER BY m.name, p.cid",
            )
            .unwrap();
        let columns: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(columns.len() > 100, "{}", columns.len());
        let schema: String = MIGRATIONS.iter().map(|(_, step)| *step).collect();
        for (table, column) in columns {
            let start = schema
                .find(&format!("CREATE TABLE {table} ("))
                .unwrap_or_else(|| panic!("no table {table}"));
            let body = &schema[start..start + schema[start..].find(");").unwrap()];
            let added = format!("ALTER TABLE {table} ADD COLUMN {column} ");
            assert!(
                body.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{column} ")))
                    || MIGRATIONS.iter().any(|(_, step)| step.contains(&added)),
                "{table}.{column} is missing"
            );
        }
    }

    #[test]
    fn a_password_in_a_url_is_never_shown() {
        assert_eq!(
            redacted("postgres://arbitre:s3cret@db.example.org:5432/arbitre?sslmode=require"),
            "postgres://arbitre:***@db.example.org:5432/arbitre?sslmode=require"
        );
        assert_eq!(
            redacted("postgres://db.example.org/arbitre"),
            "postgres://db.example.org/arbitre"
        );
    }
}
