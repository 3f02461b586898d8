//! Copying a whole installation from one store to another (`arbitre store migrate`): every
//! table, row for row, into an empty store of the same schema version, in one transaction;
//! then each table counted and checksummed on both sides.

use sha2::{Digest, Sha256};

use super::sql::{Datum, Db, Dialect, Param, Value, params};
use super::{Store, StoreError};

/// The tables, parents before the rows that name them, each with the columns that order
/// its rows. The schema's version tables are not copied: the target has its own.
pub const TABLES: &[(&str, &str)] = &[
    ("players", "address"),
    ("leave", "address, first_day"),
    ("games", "id"),
    ("moves", "game_id, ply"),
    ("takebacks", "id"),
    ("conditions", "game_id, line, step"),
    ("reminders", "game_id, ply, step"),
    ("clock_adjustments", "game_id, n"),
    ("clock_stops", "game_id, from_at"),
    ("unreached", "game_id, side, from_at"),
    ("processed", "id"),
    ("attempts", "message_id"),
    ("mailboxes", "name"),
    ("outbox", "id"),
    ("sent", "message_id"),
    ("outages", "id"),
    ("daemon_state", "key"),
    ("daemons", "id"),
    ("audit", "seq"),
    ("audit_head", "one"),
    ("sms_inbox", "id"),
    ("sms_optout", "number"),
    ("sms_codes", "message_id"),
    ("invitations", "game_id"),
    ("events", "id"),
    ("entries", "event_id, address"),
    ("pairings", "event_id, round, board"),
    ("confirmations", "id"),
];

/// The tables whose `id` PostgreSQL numbers itself: their counters must follow the copy.
const NUMBERED: &[&str] = &["processed", "outbox", "takebacks", "outages", "sms_inbox"];

/// What a copy did, table by table: (table, rows, checksum of its rows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Each table with its row count and checksum, the same on both sides.
    pub tables: Vec<(String, u64, String)>,
}

impl Report {
    /// How many rows were copied in all.
    pub fn rows(&self) -> u64 {
        self.tables.iter().map(|(_, n, _)| n).sum()
    }
}

/// Why a copy was refused or did not verify.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The target holds rows already.
    #[error("the target store is not empty: table {table} holds {rows} rows")]
    NotEmpty {
        /// The first table found with rows.
        table: String,
        /// How many.
        rows: u64,
    },
    /// The two stores are at different schema versions.
    #[error("the stores' schema versions differ: {from} and {to}")]
    Versions {
        /// The source's.
        from: u32,
        /// The target's.
        to: u32,
    },
    /// A table's columns differ between the two stores.
    #[error("table {table} has columns {from:?} in the source and {to:?} in the target")]
    Columns {
        /// The table.
        table: String,
        /// The source's columns.
        from: Vec<String>,
        /// The target's.
        to: Vec<String>,
    },
    /// After the copy, a table does not read back the same.
    #[error(
        "table {table} differs after the copy: {from} rows ({from_sum}) against {to} ({to_sum})"
    )]
    Differs {
        /// The table.
        table: String,
        /// Source rows.
        from: u64,
        /// Target rows.
        to: u64,
        /// Source checksum.
        from_sum: String,
        /// Target checksum.
        to_sum: String,
    },
}

/// Copies every table of `from` into the empty store `to`, then checks that each table
/// counts and sums the same on both sides.
pub fn copy(from: &Store, to: &mut Store) -> Result<Report, CopyError> {
    let (version_from, version_to) = (from.schema_version()?, to.schema_version()?);
    if version_from != version_to {
        return Err(CopyError::Versions {
            from: version_from,
            to: version_to,
        });
    }
    let (source, target) = (from.database(), to.database());
    for (table, _) in TABLES {
        let rows = count(target, table)?;
        if rows > 0 {
            return Err(CopyError::NotEmpty {
                table: table.to_string(),
                rows,
            });
        }
        let (a, b) = (columns(source, table)?, columns(target, table)?);
        let (mut sa, mut sb) = (a.clone(), b.clone());
        sa.sort();
        sb.sort();
        if sa != sb {
            return Err(CopyError::Columns {
                table: table.to_string(),
                from: a,
                to: b,
            });
        }
    }
    let tx = target.immediate()?;
    for (table, order) in TABLES {
        copy_table(source, target, table, order)?;
    }
    if target.dialect() == Dialect::Postgres {
        for table in NUMBERED {
            target.query_built(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                                   coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
                ),
                params![],
                |_| Ok(()),
            )?;
        }
    }
    tx.commit()?;
    let mut report = Report { tables: Vec::new() };
    for (table, _) in TABLES {
        let (from_rows, from_sum) = checksum(source, table)?;
        let (to_rows, to_sum) = checksum(target, table)?;
        if (from_rows, &from_sum) != (to_rows, &to_sum) {
            return Err(CopyError::Differs {
                table: table.to_string(),
                from: from_rows,
                to: to_rows,
                from_sum,
                to_sum,
            });
        }
        report.tables.push((table.to_string(), from_rows, from_sum));
    }
    Ok(report)
}

fn count(db: &Db, table: &str) -> Result<u64, StoreError> {
    db.query_built(&format!("SELECT count(*) FROM {table}"), params![], |r| {
        r.get(0)
    })?
    .into_iter()
    .next()
    .ok_or_else(|| StoreError::Corrupt(format!("no count of {table}")))
}

/// The columns of `table`, in the database's order.
fn columns(db: &Db, table: &str) -> Result<Vec<String>, StoreError> {
    match db.dialect() {
        Dialect::Sqlite => db.query_built(
            "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
            params![table],
            |r| r.get(0),
        ),
        Dialect::Postgres => db.query_built(
            "SELECT column_name::text FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position",
            params![table],
            |r| r.get(0),
        ),
    }
}

fn copy_table(source: &Db, target: &Db, table: &str, order: &str) -> Result<(), StoreError> {
    let names = columns(source, table)?;
    let list = names.join(", ");
    let rows = source.query_built(
        &format!("SELECT {list} FROM {table} ORDER BY {order}"),
        params![],
        |r| {
            (0..r.len())
                .map(|i| r.datum(i))
                .collect::<Result<Vec<_>, _>>()
        },
    )?;
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("?{i}")).collect();
    let insert = format!(
        "INSERT INTO {table} ({list}) VALUES ({})",
        placeholders.join(", ")
    );
    // The audit log takes each entry only after the one its head names: the head follows
    // the entries as they are copied (and is then copied as it is).
    let seq = names.iter().position(|c| c == "seq");
    let hash = names.iter().position(|c| c == "hash");
    for row in &rows {
        let values: Vec<&dyn Param> = row.iter().map(|d| d as &dyn Param).collect();
        target.execute_built(&insert, &values)?;
        if table == "audit"
            && let (Some(seq), Some(hash)) = (seq, hash)
        {
            target.execute(
                "INSERT INTO audit_head (one, seq, hash) VALUES (1, ?1, ?2)
                 ON CONFLICT (one) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
                &[&row[seq] as &dyn Param, &row[hash]],
            )?;
        }
    }
    if table == "audit" {
        // The head is copied next, as the source has it.
        target.execute("DELETE FROM audit_head", params![])?;
    }
    Ok(())
}

/// The number of rows of `table` and a SHA-256 of them, each value as the store gives it
/// back (the same text from SQLite and PostgreSQL for the same value), the rows sorted here
/// (the two databases may collate text differently).
fn checksum(db: &Db, table: &str) -> Result<(u64, String), StoreError> {
    let mut names = columns(db, table)?;
    names.sort();
    let mut rows = db.query_built(
        &format!("SELECT {} FROM {table}", names.join(", ")),
        params![],
        |r| {
            let mut line = String::new();
            for i in 0..r.len() {
                line.push_str(&format!("{:?}\u{1f}", r.datum(i)?));
            }
            Ok(line)
        },
    )?;
    rows.sort();
    let mut sum = Sha256::new();
    for row in &rows {
        sum.update(row.as_bytes());
        sum.update(b"\n");
    }
    let digest = sum.finalize();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok((rows.len() as u64, hex))
}

impl Param for Datum {
    fn value(&self) -> Value<'_> {
        match self {
            Datum::Null => Value::Null,
            Datum::Int(v) => Value::Int(*v),
            Datum::Real(v) => Value::Real(*v),
            Datum::Text(s) => Value::Text(s),
            Datum::Bytes(b) => Value::Bytes(b),
        }
    }
}
