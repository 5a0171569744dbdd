//! The order matrix: for each database (SQLite always, PostgreSQL with `DATABASE_URL`, MariaDB
//! with `MARIADB_URL`), each column type a scheme can use and each scheme, IDs made since 2016
//! (across milliseconds and within one) are inserted in a shuffled order and read back with
//! `ORDER BY id`; the result, compared with Rust's `Ord`, must be what the tables say,
//! cell for cell (README.md, "Storage and database order", and docs/guide/databases.md, "The
//! order of each column").
//!
//! `IDCRAFT_ORDER_MATRIX=FILE` writes the measured table to FILE, to paste into the guide.
#![cfg(feature = "sqlx09-mysql")]

mod mariadb;
mod postgres;
#[path = "../support/rows.rs"]
mod rows;
mod sample;
mod sqlite;
#[path = "../support/mod.rs"]
mod support;
mod verdict;

use idcraft::schemes::shape::Kind;
use verdict::{DATABASES, Matrix};

/// Which of an ID's values a column takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The one idcraft's drivers write for the column's shape.
    Native,
    /// The whole number (`U128` in `NUMERIC`).
    Numeric,
    /// The canonical text.
    Text,
}

/// A column of the matrix: its name in the guide, its SQL declaration, the value it takes.
pub struct Col {
    pub label: String,
    pub decl: String,
    pub value: Value,
}

fn col(label: &str, decl: &str, value: Value) -> Col {
    Col { label: label.into(), decl: decl.into(), value }
}

/// The column types of `kind` in `db`: the one idcraft maps it to, the alternatives the drivers
/// read (`NUMERIC(39,0)` for `U128` in PostgreSQL, MariaDB's `UUID` for string-order GUIDs), and
/// a text column in a binary collation holding the canonical text.
pub fn columns(db: &str, kind: Kind) -> Vec<Col> {
    let guid = matches!(kind, Kind::Guid { dotnet_bytes: false } | Kind::U128);
    let mut cols = Vec::new();
    match db {
        "PostgreSQL" => {
            cols.push(match kind {
                Kind::Guid { .. } | Kind::U128 => col("uuid", "uuid", Value::Native),
                Kind::Bytes { .. } => col("bytea", "bytea", Value::Native),
                Kind::Decimal => col("numeric(28,0)", "numeric(28,0)", Value::Native),
                _ => col("bigint", "bigint", Value::Native),
            });
            if kind == Kind::U128 {
                cols.push(col("numeric(39,0)", "numeric(39,0)", Value::Numeric));
            }
            cols.push(col("text", "text COLLATE \"C\"", Value::Text));
        }
        "SQLite" => {
            cols.push(match kind {
                Kind::U63 | Kind::U64 => col("INTEGER", "INTEGER", Value::Native),
                Kind::Decimal => col("TEXT", "TEXT", Value::Native),
                _ => col("BLOB", "BLOB", Value::Native),
            });
            if kind != Kind::Decimal {
                cols.push(col("TEXT", "TEXT", Value::Text));
            }
        }
        _ => {
            cols.push(match kind {
                Kind::U63 => col("BIGINT", "BIGINT", Value::Native),
                Kind::U64 => col("BIGINT UNSIGNED", "BIGINT UNSIGNED", Value::Native),
                Kind::Decimal => col("DECIMAL(28,0)", "DECIMAL(28,0)", Value::Native),
                other => {
                    let binary = format!("BINARY({})", other.byte_len());
                    Col { label: binary.clone(), decl: binary, value: Value::Native }
                }
            });
            if guid {
                cols.push(col("UUID", "UUID", Value::Native));
            }
            cols.push(col("VARCHAR", "VARCHAR(80) CHARACTER SET ascii COLLATE ascii_bin", Value::Text));
        }
    }
    cols
}

/// The documents that carry the table, and the heading it follows in each.
const TABLES: [(&str, &str); 2] =
    [("README.md", "## Storage and database order"), ("docs/guide/databases.md", "## The order of each column")];

#[tokio::test(flavor = "multi_thread")]
async fn the_order_matrix_is_the_readmes_and_the_guides() {
    let samples = sample::all();
    let mut matrix = Matrix::new();
    let mut measured = vec!["SQLite"];
    sqlite::measure(&samples, &mut matrix);
    if let Some(url) = support::database_url("tests/db_order") {
        postgres::measure(&url, &samples, &mut matrix).await;
        measured.push("PostgreSQL");
    }
    if let Some(url) = support::mariadb_url("tests/db_order") {
        mariadb::measure(&url, &samples, &mut matrix).await;
        measured.push("MariaDB");
    }
    let schemes: Vec<&str> = samples.iter().map(|s| s.scheme).collect();
    let table = verdict::render(&schemes, &matrix);
    if let Some(path) = std::env::var_os("IDCRAFT_ORDER_MATRIX") {
        std::fs::write(path, &table).unwrap();
    }
    let mut wrong = Vec::new();
    for (document, heading) in TABLES {
        let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(document)).unwrap();
        let written = verdict::read_table(&text, heading);
        for scheme in &schemes {
            for db in DATABASES.iter().filter(|db| measured.contains(db)) {
                let key = (scheme.to_string(), db.to_string());
                let expected = verdict::cell(&matrix[&key]);
                match written.get(&key) {
                    Some(cell) if *cell == expected => {}
                    cell => wrong.push(format!("{document}: {scheme} on {db} says {cell:?}, measured {expected:?}")),
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the order tables differ from what the databases do:\n{}\n\nmeasured:\n{table}",
        wrong.join("\n")
    );
}

/// `rows` in a fixed shuffled order, for inserting.
pub fn shuffled(rows: &[sample::Row]) -> Vec<&sample::Row> {
    let mut out: Vec<&sample::Row> = rows.iter().collect();
    rows::shuffle(&mut out);
    out
}
