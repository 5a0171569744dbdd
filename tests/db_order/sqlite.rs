//! The matrix's SQLite cells, through rusqlite: `WITHOUT ROWID` tables keyed by the ID.

use super::sample::{Row, Sample};
use super::verdict::{Matrix, Verdict};
use super::{Value, columns};
use idcraft::db::DbValue;
use rusqlite::types::Value as Sql;

fn value(row: &Row, how: Value) -> Sql {
    match (how, &row.sqlite) {
        (Value::Text, _) => Sql::Text(row.text.clone()),
        (_, DbValue::Bytes(b)) => Sql::Blob(b.to_vec()),
        (_, DbValue::Uuid(u)) => Sql::Blob(u.as_bytes().to_vec()),
        (_, DbValue::BigInt(v)) => Sql::Integer(*v),
        (_, other) => Sql::Text(match other {
            DbValue::Text(t) => t.to_string(),
            other => panic!("SQLite does not get {other:?}"),
        }),
    }
}

pub fn measure(samples: &[Sample], matrix: &mut Matrix) {
    let conn = rusqlite::Connection::open_in_memory().unwrap();
    for sample in samples {
        let mut cells = Vec::new();
        for col in columns("SQLite", sample.kind) {
            conn.execute_batch(&format!(
                "DROP TABLE IF EXISTS t; CREATE TABLE t (id {} PRIMARY KEY, rank INTEGER NOT NULL) WITHOUT ROWID",
                col.decl
            ))
            .unwrap();
            let tx = conn.unchecked_transaction().unwrap();
            for row in super::shuffled(&sample.rows) {
                tx.execute("INSERT INTO t VALUES (?1, ?2)", (value(row, col.value), row.rank as i64)).unwrap();
            }
            tx.commit().unwrap();
            let mut select = conn.prepare("SELECT rank FROM t ORDER BY id").unwrap();
            let ranks: Vec<usize> =
                select.query_map([], |r| r.get::<_, i64>(0)).unwrap().map(|r| r.unwrap() as usize).collect();
            cells.push((col.label, Verdict::of(&sample.rows, &ranks)));
        }
        matrix.insert((sample.scheme.into(), "SQLite".into()), cells);
    }
}
