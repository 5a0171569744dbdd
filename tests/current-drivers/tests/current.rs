//! Every scheme through the current rusqlite: written, sorted and read back by SQLite; and the
//! same derived types as sqlx 0.9 and diesel 2 (PostgreSQL) values in the same build.

#[path = "../../support/mod.rs"]
mod support;

use idcraft::Identity;
use rusqlite::Connection;
use rusqlite::types::{FromSql, ToSql};
use support::*;

fn round_trip<I: Identity + ToSql + FromSql>(conn: &Connection, make: impl Fn() -> I, decl: &str, sorts: bool) {
    let table = format!("t_{}", I::TYPE_NAME.to_lowercase());
    conn.execute_batch(&format!("CREATE TABLE {table} (id {decl} PRIMARY KEY) WITHOUT ROWID")).unwrap();
    let ids: Vec<I> = (0..2000).map(|_| make()).collect();
    for id in ids.iter().rev() {
        conn.execute(&format!("INSERT INTO {table} (id) VALUES (?1)"), [id]).unwrap();
    }
    let mut select = conn.prepare(&format!("SELECT id FROM {table} ORDER BY id")).unwrap();
    let back: Vec<I> = select.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    let mut expected = ids.clone();
    expected.sort();
    let mut got = back.clone();
    got.sort();
    assert_eq!(got, expected, "{}: values changed on the way through the column", I::TYPE_NAME);
    assert_eq!(back == ids, sorts, "{}: ORDER BY id", I::TYPE_NAME);
}

#[test]
fn every_scheme_round_trips_and_sorts() {
    let conn = Connection::open_in_memory().unwrap();
    round_trip(&conn, PgComb::new, "BLOB", true);
    round_trip(&conn, BinaryComb::new, "BLOB", true);
    round_trip(&conn, || Hot::new(42), "BLOB", true);
    round_trip(&conn, Dist::new, "TEXT", true);
    round_trip(&conn, Dist128::new, "BLOB", true);
    round_trip(&conn, SnoId::new, "BLOB", true);
    round_trip(&conn, Local::new, "INTEGER", true);
    round_trip(&conn, Global::new, "BLOB", true);
    // The SQL Server layouts put the time in the bytes SQLite compares last.
    round_trip(&conn, SqlComb::new, "BLOB", false);
}

#[test]
fn bad_values_are_typed_errors() {
    let conn = Connection::open_in_memory().unwrap();
    let e = conn.query_row("SELECT x'010203'", [], |r| r.get::<_, PgComb>(0)).unwrap_err();
    assert!(e.to_string().contains("expected 16 bytes, got 3"), "{e}");
    let e = conn.query_row("SELECT 1.5", [], |r| r.get::<_, SnoId>(0)).unwrap_err();
    assert!(e.to_string().contains("REAL"), "{e}");
    let e = conn.query_row("SELECT CAST(x'ff' AS TEXT)", [], |r| r.get::<_, SnoId>(0)).unwrap_err();
    assert!(e.to_string().contains("UTF-8"), "{e}");
    let l: Local = conn.query_row("SELECT -5", [], |r| r.get(0)).unwrap();
    assert_eq!(u64::from(l), u64::MAX - 4);
}

/// The same types bind as sqlx 0.9 and diesel 2 PostgreSQL values next to the current rusqlite
/// (the build itself is the check: their SQLite never enters this lock file).
#[test]
fn same_types_serve_sqlx_and_diesel() {
    use diesel::prelude::*;
    diesel::table! {
        orders (id) {
            id -> Uuid,
        }
    }
    let id = PgComb::new();
    let _query = sqlx::query("SELECT $1").bind(id);
    let filter = orders::table.filter(orders::id.eq(id));
    let sql = diesel::debug_query::<diesel::pg::Pg, _>(&filter).to_string();
    assert!(sql.contains("(\"orders\".\"id\" = $1)") && sql.contains(&format!("{id:?}")), "{sql}");
}
