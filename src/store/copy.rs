//! Copying a whole installation from one store to another (`arbitre store migrate`): every
//! table, row for row, into an empty store of the same schema version, in one transaction;
//! then each table counted and checksummed on both sides. Tables are read in chunks in the
//! order of their keys and written many rows to a statement, so that the copy's memory
//! does not grow with the store.

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
    ("searches", "game_id"),
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
    for (table, order) in TABLES {
        let (from_rows, from_sum) = checksum(source, table, order)?;
        let (to_rows, to_sum) = checksum(target, table, order)?;
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

/// Rows read per query, and at most inserted per statement: the copy holds one chunk of a
/// table in memory at a time, whatever the table's size.
const CHUNK: usize = 500;

/// Values one statement binds at most (under SQLite's default limit of 32,766 and
/// PostgreSQL's 65,535).
const MOST_VALUES: usize = 30_000;

fn copy_table(source: &Db, target: &Db, table: &str, order: &str) -> Result<(), StoreError> {
    let names = columns(source, table)?;
    let list = names.join(", ");
    // The audit log takes each entry only after the one its head names: the head follows
    // the entries as they are copied, one by one (and is then copied as it is).
    if table == "audit" {
        let seq = names.iter().position(|c| c == "seq");
        let hash = names.iter().position(|c| c == "hash");
        let insert = insert_text(table, &list, names.len(), 1);
        each_chunk(source, table, order, &names, |rows| {
            for row in rows {
                target.execute_built(&insert, &bound(row.iter()))?;
                if let (Some(seq), Some(hash)) = (seq, hash) {
                    target.execute(
                        "INSERT INTO audit_head (one, seq, hash) VALUES (1, ?1, ?2)
                         ON CONFLICT (one) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
                        &[&row[seq] as &dyn Param, &row[hash]],
                    )?;
                }
            }
            Ok(())
        })?;
        // The head is copied next, as the source has it.
        target.execute("DELETE FROM audit_head", params![])?;
        return Ok(());
    }
    // Many rows to a statement: one round trip to PostgreSQL, one statement for SQLite,
    // for each of them.
    let per_statement = (MOST_VALUES / names.len().max(1)).clamp(1, CHUNK);
    let full = insert_text(table, &list, names.len(), per_statement);
    each_chunk(source, table, order, &names, |rows| {
        for part in rows.chunks(per_statement) {
            let values = bound(part.iter().flatten());
            if part.len() == per_statement {
                target.execute_built(&full, &values)?;
            } else {
                let text = insert_text(table, &list, names.len(), part.len());
                target.execute_built(&text, &values)?;
            }
        }
        Ok(())
    })
}

/// `INSERT INTO table (list) VALUES (...), (...)` for `rows` rows of `width` values.
fn insert_text(table: &str, list: &str, width: usize, rows: usize) -> String {
    let tuples: Vec<String> = (0..rows)
        .map(|r| {
            let marks: Vec<String> = (1..=width).map(|c| format!("?{}", r * width + c)).collect();
            format!("({})", marks.join(", "))
        })
        .collect();
    format!("INSERT INTO {table} ({list}) VALUES {}", tuples.join(", "))
}

fn bound<'a>(values: impl Iterator<Item = &'a Datum>) -> Vec<&'a dyn Param> {
    values.map(|d| d as &dyn Param).collect()
}

/// Reads the columns `names` of `table` [`CHUNK`] rows at a time in the order of its key
/// `order` (each chunk starts after the key of the last row of the one before), and hands
/// each chunk to `each`.
fn each_chunk(
    db: &Db,
    table: &str,
    order: &str,
    names: &[String],
    mut each: impl FnMut(&[Vec<Datum>]) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let keys = order
        .split(',')
        .map(str::trim)
        .map(|k| {
            names
                .iter()
                .position(|c| c == k)
                .ok_or_else(|| StoreError::Corrupt(format!("table {table} has no column {k}")))
        })
        .collect::<Result<Vec<usize>, _>>()?;
    let list = names.join(", ");
    let marks: Vec<String> = (1..=keys.len()).map(|i| format!("?{i}")).collect();
    let first = format!("SELECT {list} FROM {table} ORDER BY {order} LIMIT {CHUNK}");
    let after = format!(
        "SELECT {list} FROM {table} WHERE ({order}) > ({}) ORDER BY {order} LIMIT {CHUNK}",
        marks.join(", ")
    );
    let read = |r: &super::sql::Row<'_>| {
        (0..r.len())
            .map(|i| r.datum(i))
            .collect::<Result<Vec<_>, _>>()
    };
    let mut rows = db.query_built(&first, params![], read)?;
    loop {
        if rows.is_empty() {
            return Ok(());
        }
        each(&rows)?;
        if rows.len() < CHUNK {
            return Ok(());
        }
        let last = &rows[rows.len() - 1];
        let key: Vec<Datum> = keys.iter().map(|&i| last[i].clone()).collect();
        rows = db.query_built(&after, &bound(key.iter()), read)?;
    }
}

/// The number of rows of `table` and a sum of their SHA-256 digests, each row's values as
/// the store gives them back (the same [`Datum`] from SQLite and PostgreSQL for the same
/// value). A sum does not depend on the order the rows come in (the two databases may
/// collate text differently), and needs no table in memory.
fn checksum(db: &Db, table: &str, order: &str) -> Result<(u64, String), StoreError> {
    let mut names = columns(db, table)?;
    names.sort();
    let (mut rows, mut sum) = (0u64, [0u64; 4]);
    each_chunk(db, table, order, &names, |chunk| {
        for row in chunk {
            let mut one = Sha256::new();
            for d in row {
                feed(&mut one, d);
            }
            let digest = one.finalize();
            for (lane, bytes) in sum.iter_mut().zip(digest.chunks(8)) {
                let mut word = [0u8; 8];
                word.copy_from_slice(bytes);
                *lane = lane.wrapping_add(u64::from_be_bytes(word));
            }
            rows += 1;
        }
        Ok(())
    })?;
    let hex: String = sum.iter().map(|w| format!("{w:016x}")).collect();
    Ok((rows, hex))
}

/// One value into a row's digest: its kind, then its bytes (text and bytes after their
/// length, so that no two rows run together the same way).
fn feed(digest: &mut Sha256, d: &Datum) {
    match d {
        Datum::Null => digest.update([0]),
        Datum::Int(v) => {
            digest.update([1]);
            digest.update(v.to_be_bytes());
        }
        Datum::Real(v) => {
            digest.update([2]);
            digest.update(v.to_bits().to_be_bytes());
        }
        Datum::Text(s) => {
            digest.update([3]);
            digest.update((s.len() as u64).to_be_bytes());
            digest.update(s.as_bytes());
        }
        Datum::Bytes(b) => {
            digest.update([4]);
            digest.update((b.len() as u64).to_be_bytes());
            digest.update(b);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A store with more rows than a chunk in three tables, the moves under a key of two
    /// columns: 40 games of 30 moves, and 1,001 processed messages.
    fn source() -> Store {
        let store = Store::open_in_memory().unwrap();
        let db = store.database();
        for id in 1..=40i64 {
            db.execute(
                "INSERT INTO games (id, kind, start, options, white, black, challenger,
                 status, created_at, updated_at)
                 VALUES (?1, 'ataxx', 'x', '', 'a@a.org', 'b@b.org', 'a@a.org', 'active', 1, 1)",
                params![id],
            )
            .unwrap();
            for ply in 1..=30i64 {
                let text = format!("m{id}-{ply}");
                db.execute(
                    "INSERT INTO moves (game_id, ply, text, message_id, received_at)
                     VALUES (?1, ?2, ?3, NULL, ?4)",
                    params![id, ply, text, id * 100 + ply],
                )
                .unwrap();
            }
        }
        for uid in 1..=1001i64 {
            let id = format!("<{uid}@players.example>");
            db.execute(
                "INSERT INTO processed (mailbox, uidvalidity, uid, message_id, processed_at,
                 summary) VALUES ('INBOX', 7, ?1, ?2, ?1, 'move')",
                params![uid, id],
            )
            .unwrap();
        }
        store
    }

    #[test]
    fn a_copy_crosses_its_chunks_and_its_sums_see_one_changed_value() {
        let from = source();
        for mut to in crate::store::testing::stores("a_copy_crosses_its_chunks") {
            let report = copy(&from, &mut to).unwrap();
            let rows = |table: &str| {
                report
                    .tables
                    .iter()
                    .find(|(t, ..)| t == table)
                    .map(|(_, n, _)| *n)
            };
            assert_eq!(rows("games"), Some(40));
            assert_eq!(rows("moves"), Some(1200), "three chunks and a part");
            assert_eq!(rows("processed"), Some(1001));
            assert_eq!(report.rows(), 40 + 1200 + 1001);
            let db = to.database();
            assert_eq!(count(db, "moves").unwrap(), 1200);
            let (n, before) = checksum(db, "moves", "game_id, ply").unwrap();
            db.execute(
                "UPDATE moves SET text = 'm7-31' WHERE game_id = 7 AND ply = 30",
                params![],
            )
            .unwrap();
            let (m, after) = checksum(db, "moves", "game_id, ply").unwrap();
            assert_eq!(n, m);
            assert_ne!(before, after, "one changed value changes the sum");
            // A second copy into the same store is refused.
            assert!(matches!(
                copy(&from, &mut to),
                Err(CopyError::NotEmpty { .. })
            ));
        }
    }
}
