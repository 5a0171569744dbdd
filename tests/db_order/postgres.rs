//! The matrix's PostgreSQL cells, through tokio-postgres: every value sent as text and cast to
//! the column's type by the server.

use super::sample::{Row, Sample};
use super::verdict::{Matrix, Verdict};
use super::{Value, columns};
use idcraft::db::DbValue;
use std::fmt::Write as _;

/// The value's text for a cast to the column's type.
fn text(row: &Row, how: Value) -> String {
    match (how, &row.postgres) {
        (Value::Text, _) => row.text.clone(),
        (Value::Numeric, _) => row.numeric.expect("a NUMERIC form").to_string(),
        (_, DbValue::Uuid(u)) => u.to_string(),
        (_, DbValue::Bytes(b)) => b.iter().fold("\\x".to_owned(), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        }),
        (_, DbValue::BigInt(v)) => v.to_string(),
        (_, DbValue::Numeric(d)) => d.to_string(),
        (_, other) => panic!("PostgreSQL does not get {other:?}"),
    }
}

/// The type a text is cast to for `decl` (its first word, without the collation).
fn cast(decl: &str) -> &str {
    decl.split([' ', '(']).next().unwrap()
}

pub async fn measure(url: &str, samples: &[Sample], matrix: &mut Matrix) {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    for sample in samples {
        let mut cells = Vec::new();
        for col in columns("PostgreSQL", sample.kind) {
            client
                .batch_execute(&format!(
                    "DROP TABLE IF EXISTS idcraft_order; CREATE TABLE idcraft_order (id {} PRIMARY KEY, rank int4 NOT NULL)",
                    col.decl
                ))
                .await
                .unwrap();
            let rows = super::shuffled(&sample.rows);
            let values: Vec<String> = rows.iter().map(|r| text(r, col.value)).collect();
            let ranks: Vec<i32> = rows.iter().map(|r| r.rank as i32).collect();
            let insert = format!(
                "INSERT INTO idcraft_order SELECT v::{}, r FROM UNNEST($1::text[], $2::int4[]) AS u(v, r)",
                cast(&col.decl)
            );
            client.execute(&insert, &[&values, &ranks]).await.unwrap_or_else(|e| panic!("{}: {e}", sample.scheme));
            let back = client.query("SELECT rank FROM idcraft_order ORDER BY id", &[]).await.unwrap();
            let ranks: Vec<usize> = back.iter().map(|r| r.get::<_, i32>(0) as usize).collect();
            cells.push((col.label, Verdict::of(&sample.rows, &ranks)));
        }
        matrix.insert((sample.scheme.into(), "PostgreSQL".into()), cells);
    }
    client.batch_execute("DROP TABLE idcraft_order").await.unwrap();
}
