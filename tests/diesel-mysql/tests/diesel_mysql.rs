//! diesel 2 on MariaDB through diesel's own `MysqlConnection` (`MARIADB_URL`): every scheme
//! round-trips through each SQL type it lives in and sorts as it should there, filters find
//! their rows, and values of the wrong shape are typed errors.

#[path = "../../support/rows.rs"]
mod rows;
#[path = "../../support/mod.rs"]
mod support;

use diesel::mysql::sql_types::Unsigned;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Numeric, Text};
use rows::*;
use support::*;

mod schema {
    diesel::table! {
        idcraft_d_binary (id) { id -> Binary, }
    }
    diesel::table! {
        idcraft_d_bigint (id) { id -> BigInt, }
    }
    diesel::table! {
        use diesel::sql_types::*;
        use diesel::mysql::sql_types::Unsigned;
        idcraft_d_unsigned (id) { id -> Unsigned<BigInt>, }
    }
    diesel::table! {
        idcraft_d_numeric (id) { id -> Numeric, }
    }
    diesel::table! {
        idcraft_d_text (id) { id -> Text, }
    }
    diesel::table! {
        idcraft_d_mixed (id) {
            id -> Binary,
            invoice -> Numeric,
            local -> Unsigned<BigInt>,
            label -> Text,
        }
    }
}

fn connect() -> Option<MysqlConnection> {
    let url = support::mariadb_url("tests/diesel-mysql")?;
    Some(MysqlConnection::establish(&url).unwrap())
}

fn recreate(conn: &mut MysqlConnection, table: &str, decl: &str) {
    diesel::sql_query(format!("DROP TABLE IF EXISTS {table}")).execute(conn).unwrap();
    diesel::sql_query(format!("CREATE TABLE {table} (id {decl} PRIMARY KEY)")).execute(conn).unwrap();
}

/// Inserts the shuffled IDs of `$make` into `$table` (declared `$decl` in SQL), reads them back
/// in `ORDER BY id` and checks the order.
macro_rules! round_trip {
    ($conn:expr, $table:ident, $make:expr, $decl:expr, $expect:expr) => {{
        use schema::$table::dsl::{id, $table as table};
        recreate($conn, stringify!($table), $decl);
        let (ids, shuffled) = generated($make);
        for chunk in shuffled.chunks(500) {
            let rows: Vec<_> = chunk.iter().map(|v| id.eq(*v)).collect();
            diesel::insert_into(table).values(&rows).execute($conn).unwrap();
        }
        let back = table.select(id).order(id).load($conn).unwrap();
        check_order(&ids, &back, $expect, concat!("MariaDB (diesel, ", stringify!($table), ")"));
    }};
}

impl Hot {
    fn new_default() -> Hot {
        Hot::new(42)
    }
}

#[test]
fn every_scheme_round_trips_and_sorts() {
    let Some(mut conn) = connect() else { return };
    let conn = &mut conn;
    round_trip!(conn, idcraft_d_binary, PgComb::new, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_binary, Hot::new_default, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_numeric, Dist::new, "DECIMAL(28,0)", Sorted);
    round_trip!(conn, idcraft_d_binary, Dist128::new, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_binary, SnoId::new, "BINARY(10)", Sorted);
    round_trip!(conn, idcraft_d_unsigned, Local::new, "BIGINT UNSIGNED", Sorted);
    round_trip!(conn, idcraft_d_binary, Global::new, "BINARY(12)", Sorted);
    round_trip!(conn, idcraft_d_binary, V7::new, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_binary, UlidId::new, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_bigint, TwitterId::new, "BIGINT", Sorted);
    round_trip!(conn, idcraft_d_bigint, DiscordId::new, "BIGINT", Sorted);
    round_trip!(conn, idcraft_d_unsigned, InstagramId::new, "BIGINT UNSIGNED", Sorted);
    round_trip!(conn, idcraft_d_bigint, SonyflakeId::new, "BIGINT", Sorted);
    round_trip!(conn, idcraft_d_binary, KsuidId::new, "BINARY(20)", ByOrd);
    round_trip!(conn, idcraft_d_binary, BinaryComb::new, "BINARY(16)", Sorted);
    round_trip!(conn, idcraft_d_binary, SqlComb::new, "BINARY(16)", Random);
    round_trip!(conn, idcraft_d_binary, LegacyComb::new, "BINARY(16)", Random);
    // The type's own text, in a binary collation: sorts as the text does.
    round_trip!(conn, idcraft_d_text, V7::new, "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin", Sorted);
    round_trip!(conn, idcraft_d_text, SqlComb::new, "VARCHAR(40)", Random);
}

#[test]
fn filters_text_and_typed_errors() {
    let Some(mut conn) = connect() else { return };
    let conn = &mut conn;
    use schema::idcraft_d_mixed as t;
    diesel::sql_query("DROP TABLE IF EXISTS idcraft_d_mixed").execute(conn).unwrap();
    diesel::sql_query(
        "CREATE TABLE idcraft_d_mixed (id BINARY(16) PRIMARY KEY, invoice DECIMAL(28,0) NOT NULL, \
         local BIGINT UNSIGNED NOT NULL, label VARCHAR(60) NOT NULL)",
    )
    .execute(conn)
    .unwrap();
    type Row = (PgComb, Dist, Local, OrderId);
    let mut rows: Vec<Row> = (0..300).map(|_| (PgComb::new(), Dist::new(), Local::new(), OrderId::new())).collect();
    // uid64's top values, which a signed BIGINT would hold as negative numbers.
    rows[0].2 = Local::from(u64::MAX);
    rows[1].2 = Local::from(1u64 << 63);
    for (id, invoice, local, label) in rows.iter().rev() {
        diesel::insert_into(t::table)
            .values((t::id.eq(id), t::invoice.eq(invoice), t::local.eq(local), t::label.eq(label)))
            .execute(conn)
            .unwrap();
    }
    let back: Vec<Row> = t::table.order(t::id).load(conn).unwrap();
    assert_eq!(back, rows, "BINARY(16) order is generation order");
    for (i, row) in rows.iter().enumerate().step_by(37) {
        let found: Vec<PgComb> = t::table.filter(t::invoice.eq(row.1)).select(t::id).load(conn).unwrap();
        assert_eq!(found, vec![row.0], "row {i}: a DECIMAL filter finds exactly its row");
        let found: Local = t::table.filter(t::id.eq(row.0)).select(t::local).first(conn).unwrap();
        assert_eq!(found, row.2);
        let label: String = diesel::select(diesel::dsl::sql::<Text>(&format!(
            "(SELECT label FROM idcraft_d_mixed WHERE local = {})",
            u64::from(row.2)
        )))
        .get_result(conn)
        .unwrap();
        assert_eq!(label, row.3.to_string(), "a text column holds the type's Display");
    }
    let by_local: Vec<Local> = t::table.order(t::local).select(t::local).load(conn).unwrap();
    assert!(by_local.windows(2).all(|w| w[0] < w[1]), "BIGINT UNSIGNED keeps every uid64 in order");
    assert_eq!(by_local.last(), Some(&Local::from(u64::MAX)));

    let e = diesel::select(diesel::dsl::sql::<Binary>("x'0102'")).get_result::<SnoId>(conn).unwrap_err();
    assert!(messages(&e).contains("expected 10 bytes, got 2"), "{}", messages(&e));
    let e = diesel::select(diesel::dsl::sql::<Numeric>("CAST(12.5 AS DECIMAL(10,1))")).get_result::<Dist>(conn);
    assert!(messages(&e.unwrap_err()).contains("invalid character '.'"));
    let e = diesel::select(diesel::dsl::sql::<Text>("'cus_00000000-0000-0000-0000-000000000000'"))
        .get_result::<OrderId>(conn)
        .unwrap_err();
    assert!(messages(&e).contains("ord"), "{}", messages(&e));
    let negative: Local = diesel::select(diesel::dsl::sql::<BigInt>("CAST(-1 AS SIGNED)")).get_result(conn).unwrap();
    assert_eq!(u64::from(negative), u64::MAX, "a signed BIGINT holds two's complement");
    let top: Local = diesel::select(diesel::dsl::sql::<Unsigned<BigInt>>("CAST(18446744073709551615 AS UNSIGNED)"))
        .get_result(conn)
        .unwrap();
    assert_eq!(u64::from(top), u64::MAX);
    diesel::sql_query("DROP TABLE idcraft_d_mixed").execute(conn).unwrap();
}
