//! Writes gathered to be sent together: statements whose results nothing reads before the
//! last of them, each with its own parameters, which [`Db::execute_all`] runs in order. On
//! PostgreSQL they go to the server together and are answered in one round trip, where one
//! after another each takes its own; on SQLite they simply run in turn.
//!
//! The parameters are copied when a statement is added, so that a caller can gather
//! statements whose values it computes on the way (a ply's number, a side's name).

use super::sql::{Param, Value};

#[cfg(doc)]
use super::sql::Db;

/// A parameter's value, owned.
#[derive(Clone, Debug)]
enum Owned {
    Null,
    Int(i64),
    Real(f64),
    Text(String),
    Bytes(Vec<u8>),
}

impl Owned {
    fn of(value: Value<'_>) -> Owned {
        match value {
            Value::Null => Owned::Null,
            Value::Int(v) => Owned::Int(v),
            Value::Real(v) => Owned::Real(v),
            Value::Text(s) => Owned::Text(s.to_owned()),
            Value::Bytes(b) => Owned::Bytes(b.to_vec()),
        }
    }

    fn value(&self) -> Value<'_> {
        match self {
            Owned::Null => Value::Null,
            Owned::Int(v) => Value::Int(*v),
            Owned::Real(v) => Value::Real(*v),
            Owned::Text(s) => Value::Text(s),
            Owned::Bytes(b) => Value::Bytes(b),
        }
    }
}

/// Statements to run together, in the order they were added.
#[derive(Clone, Debug, Default)]
pub struct Writes {
    statements: Vec<(&'static str, Vec<Owned>)>,
}

impl Writes {
    /// No statement yet.
    pub fn new() -> Writes {
        Writes::default()
    }

    /// Adds `sql` bound to `params` (copied).
    pub fn push(&mut self, sql: &'static str, params: &[&dyn Param]) {
        let values = params.iter().map(|p| Owned::of(p.value())).collect();
        self.statements.push((sql, values));
    }

    /// True when nothing was added.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// How many statements were added.
    pub fn len(&self) -> usize {
        self.statements.len()
    }

    /// Each statement with its values, in order.
    pub(super) fn each(&self) -> impl Iterator<Item = (&'static str, Vec<Value<'_>>)> + '_ {
        self.statements
            .iter()
            .map(|(sql, values)| (*sql, values.iter().map(Owned::value).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sql::params;

    #[test]
    fn values_are_kept_in_order_and_read_back_as_given() {
        let mut w = Writes::new();
        assert!(w.is_empty());
        let ply = 7usize;
        w.push(
            "INSERT INTO t (a, b, c, d) VALUES (?1, ?2, ?3, ?4)",
            params![ply, "e4".to_string(), None::<i64>, 0.5],
        );
        w.push("DELETE FROM t WHERE a = ?1", params![true]);
        assert_eq!(w.len(), 2);
        let all: Vec<_> = w.each().collect();
        assert_eq!(all[1].0, "DELETE FROM t WHERE a = ?1");
        assert!(matches!(all[0].1[0], Value::Int(7)));
        assert!(matches!(all[0].1[1], Value::Text("e4")));
        assert!(matches!(all[0].1[2], Value::Null));
        assert!(matches!(all[0].1[3], Value::Real(v) if v == 0.5));
        assert!(matches!(all[1].1[0], Value::Int(1)));
    }

    #[test]
    fn writes_run_in_order_on_each_database_and_a_failure_inside_a_transaction_keeps_none() {
        for store in crate::store::testing::stores("writes") {
            let db = store.database();
            db.batch("CREATE TABLE together (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
                .unwrap();
            let mut w = Writes::new();
            for k in 1..=3i64 {
                w.push(
                    "INSERT INTO together (k, v) VALUES (?1, ?2)",
                    params![k, format!("v{k}")],
                );
            }
            // Sees the rows the statements before it wrote.
            w.push(
                "UPDATE together SET v = v || '!' WHERE k >= ?1",
                params![2i64],
            );
            let tx = db.transaction().unwrap();
            assert_eq!(db.execute_all(&w).unwrap(), [1, 1, 1, 2]);
            tx.commit().unwrap();
            let rows = || {
                db.query_map("SELECT k, v FROM together ORDER BY k", params![], |r| {
                    Ok((r.get::<i64>(0)?, r.get::<String>(1)?))
                })
                .unwrap()
            };
            let before = rows();
            assert_eq!(
                before,
                [(1, "v1".into()), (2, "v2!".into()), (3, "v3!".into())]
            );

            // The second statement breaks the key: the first, and the third, are not kept.
            let mut bad = Writes::new();
            bad.push(
                "INSERT INTO together (k, v) VALUES (?1, ?2)",
                params![4i64, "v4"],
            );
            bad.push(
                "INSERT INTO together (k, v) VALUES (?1, ?2)",
                params![1i64, "again"],
            );
            bad.push("DELETE FROM together WHERE k = ?1", params![3i64]);
            let tx = db.transaction().unwrap();
            assert!(db.execute_all(&bad).is_err());
            drop(tx);
            assert_eq!(rows(), before, "{:?}", db.dialect());
            assert_eq!(db.execute_all(&Writes::new()).unwrap(), Vec::<usize>::new());
        }
    }
}
