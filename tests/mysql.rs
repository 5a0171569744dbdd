//! Derived IDs in MariaDB through sqlx 0.8 and 0.9 (`MARIADB_URL`; `cargo xtask test` starts a
//! throwaway server, and CI's `IDCRAFT_REQUIRE_MARIADB` makes its absence a failure): every
//! scheme round-trips through its column and sorts as it should there, text and `UUID` columns
//! read back, and values of the wrong shape are typed errors.
#![cfg(all(feature = "sqlx08-mysql", feature = "sqlx09-mysql"))]

#[path = "support/rows.rs"]
mod rows;
#[path = "support/sqlx.rs"]
mod sqlx_support;
mod support;

use idcraft::Identity;
use rows::*;
use sqlx_support::dynamic;
use support::*;

impl Hot {
    fn new_default() -> Hot {
        Hot::new(42)
    }
}

fn mariadb_url() -> Option<String> {
    support::mariadb_url("tests/mysql.rs")
}

/// sqlx's MySQL support, the same tests for each release.
macro_rules! sqlx_mysql_tests {
    ($($v:ident),*) => {$(
        mod $v {
            use super::super::*;
            use ::$v::mysql::{MySql, MySqlPool};

            async fn execute(pool: &MySqlPool, sql: &str) {
                ::$v::query(dynamic::$v(sql)).execute(pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
            }

            /// A pool of the server at `MARIADB_URL`, if there is one.
            async fn pool() -> Option<MySqlPool> {
                Some(MySqlPool::connect(&mariadb_url()?).await.unwrap())
            }

            /// `table`, new and empty, with `columns`.
            async fn create(pool: &MySqlPool, table: &str, columns: &str) {
                execute(pool, &format!("DROP TABLE IF EXISTS {table}")).await;
                execute(pool, &format!("CREATE TABLE {table} ({columns})")).await;
            }

            async fn round_trip<I>(pool: &MySqlPool, make: impl Fn() -> I, decl: &str, expect: Expect)
            where
                I: Identity + Send + Unpin + for<'r> ::$v::Decode<'r, MySql> + for<'q> ::$v::Encode<'q, MySql> + ::$v::Type<MySql>,
            {
                let table = format!("idcraft_t_{}_{}", stringify!($v), I::TYPE_NAME.to_lowercase());
                create(pool, &table, &format!("id {decl} PRIMARY KEY")).await;
                let (ids, shuffled) = generated(make);
                // MariaDB's UUID column is written through the UUID's text (src/db/mysql.rs).
                let one = if decl == "UUID" { "(HEX(?))" } else { "(?)" };
                for chunk in shuffled.chunks(500) {
                    let values = vec![one; chunk.len()].join(",");
                    let sql = format!("INSERT INTO {table} (id) VALUES {values}");
                    let mut insert = ::$v::query(dynamic::$v(&sql));
                    for id in chunk {
                        insert = insert.bind(*id);
                    }
                    insert.execute(pool).await.unwrap_or_else(|e| panic!("{} into {decl}: {e}", I::TYPE_NAME));
                }
                let back: Vec<I> = ::$v::query_scalar(dynamic::$v(&format!("SELECT id FROM {table} ORDER BY id")))
                    .fetch_all(pool)
                    .await
                    .unwrap_or_else(|e| panic!("{} from {decl}: {e}", I::TYPE_NAME));
                check_order(&ids, &back, expect, "MariaDB");
                execute(pool, &format!("DROP TABLE {table}")).await;
            }

            #[tokio::test]
            async fn every_scheme_round_trips_and_sorts() {
                let Some(pool) = pool().await else { return };
                round_trip(&pool, PgComb::new, "BINARY(16)", Sorted).await;
                round_trip(&pool, Hot::new_default, "BINARY(16)", Sorted).await;
                round_trip(&pool, Dist::new, "DECIMAL(28,0)", Sorted).await;
                round_trip(&pool, Dist128::new, "BINARY(16)", Sorted).await;
                round_trip(&pool, SnoId::new, "BINARY(10)", Sorted).await;
                round_trip(&pool, Local::new, "BIGINT UNSIGNED", Sorted).await;
                round_trip(&pool, Global::new, "BINARY(12)", Sorted).await;
                round_trip(&pool, V7::new, "BINARY(16)", Sorted).await;
                round_trip(&pool, UlidId::new, "BINARY(16)", Sorted).await;
                round_trip(&pool, TwitterId::new, "BIGINT", Sorted).await;
                round_trip(&pool, DiscordId::new, "BIGINT", Sorted).await;
                round_trip(&pool, InstagramId::new, "BIGINT", Sorted).await;
                round_trip(&pool, SonyflakeId::new, "BIGINT", Sorted).await;
                round_trip(&pool, KsuidId::new, "BINARY(20)", ByOrd).await;
                // .NET's byte array in BINARY(16), as RT.Comb's binary layout means it: in order.
                round_trip(&pool, BinaryComb::new, "BINARY(16)", Sorted).await;
                // The SQL Server layouts put the time in the bytes MariaDB compares last.
                round_trip(&pool, SqlComb::new, "BINARY(16)", Random).await;
                round_trip(&pool, LegacyComb::new, "BINARY(16)", Random).await;
                // MariaDB's UUID type, written through the text: its order is measured in
                // tests/db_order.
                round_trip(&pool, V7::new, "UUID", Sorted).await;
                round_trip(&pool, PgComb::new, "UUID", Unspecified).await;
                round_trip(&pool, Dist128::new, "UUID", Unspecified).await;
                round_trip(&pool, Hot::new_default, "UUID", Unspecified).await;
            }

            /// CHAR and VARCHAR columns hold the type's own text (bound as `id.to_string()`),
            /// in any collation; a UUID column, written through `HEX(?)`, reads back as the ID.
            #[tokio::test]
            async fn text_and_uuid_columns_read_back() {
                let Some(pool) = pool().await else { return };
                let table = format!("idcraft_text_{}", stringify!($v));
                create(
                    &pool,
                    &table,
                    "id CHAR(40) PRIMARY KEY, v VARCHAR(60), \
                     b VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin, u UUID, w UUID",
                )
                .await;
                let (order, invoice, v7) = (OrderId::new(), InvoiceId::new(), V7::new());
                ::$v::query(dynamic::$v(&format!("INSERT INTO {table} VALUES (?, ?, ?, HEX(?), HEX(?))")))
                    .bind(order.to_string())
                    .bind(invoice.to_string())
                    .bind(order.to_string())
                    .bind(order)
                    .bind(v7)
                    .execute(&pool)
                    .await
                    .unwrap();
                let row: (String, OrderId, InvoiceId, OrderId, OrderId, V7, String) =
                    ::$v::query_as(dynamic::$v(&format!("SELECT id, id, v, b, u, w, CAST(w AS CHAR) FROM {table}")))
                        .fetch_one(&pool)
                        .await
                        .unwrap();
                assert!(row.0.starts_with("ord_"), "the type's own text, prefix included: {}", row.0);
                assert_eq!((row.1, row.2, row.3, row.4, row.5), (order, invoice, order, order, v7));
                assert_eq!(row.6, v7.as_inner().to_string(), "a UUID column holds the ID's UUID");
                let filtered: OrderId = ::$v::query_scalar(dynamic::$v(&format!("SELECT u FROM {table} WHERE u = HEX(?)")))
                    .bind(order)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                assert_eq!(filtered, order);
                // Why through the text: MariaDB takes 16 bytes as its storage form, in which this
                // ULID (byte 6 ≥ 0x80, byte 8 below it) would have its groups swapped; as text
                // it is a UUID MariaDB refuses outright.
                let odd = UlidId::from(0x01A2_1C27_9528_BC05_7B0E_8423_0FDB_737Eu128);
                ::$v::query(dynamic::$v(&format!("UPDATE {table} SET u = ?"))).bind(odd).execute(&pool).await.unwrap();
                let raw: String = ::$v::query_scalar(dynamic::$v(&format!("SELECT CAST(u AS CHAR) FROM {table}")))
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                assert_eq!(raw, "0fdb737e-8423-7b0e-bc05-01a21c279528", "the bytes taken as the stored form");
                let refused = ::$v::query(dynamic::$v(&format!("UPDATE {table} SET u = HEX(?)"))).bind(odd).execute(&pool).await;
                assert!(refused.unwrap_err().to_string().contains("Incorrect uuid value"), "MariaDB refuses this UUID");
                // Text that is not the type's: a typed error, not another ID.
                let e = ::$v::query_scalar::<_, OrderId>("SELECT 'cus_00000000-0000-0000-0000-000000000000'")
                    .fetch_one(&pool)
                    .await
                    .unwrap_err();
                assert!(e.to_string().contains("ord"), "{e}");
                execute(&pool, &format!("DROP TABLE {table}")).await;
            }

            #[tokio::test]
            async fn bad_values_are_typed_errors_and_every_value_round_trips() {
                let Some(pool) = pool().await else { return };
                let one = |sql: &'static str| ::$v::query_scalar::<_, PgComb>(sql);
                let e = one("SELECT x'010203'").fetch_one(&pool).await.unwrap_err().to_string();
                assert!(e.contains("expected 16 bytes, got 3"), "{e}");
                let e = one("SELECT 1.5e0").fetch_one(&pool).await.unwrap_err().to_string();
                assert!(e.contains("DOUBLE") && e.contains("BINARY(16)") && e.contains("CHAR"), "{e}");
                let e = one("SELECT 7").fetch_one(&pool).await.unwrap_err().to_string();
                assert!(e.contains("integer column does not hold"), "{e}");
                let e = ::$v::query_scalar::<_, Dist>("SELECT CAST(12.5 AS DECIMAL(10,1))").fetch_one(&pool).await;
                let e = e.unwrap_err().to_string();
                assert!(e.contains("invalid character '.' at position 2"), "{e}");
                let scaled: Dist = ::$v::query_scalar("SELECT CAST('1088824355131185736905670087' AS DECIMAL(30,2))")
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                assert_eq!(scaled.to_string(), "1088824355131185736905670087");
                // Every uid64 in BIGINT UNSIGNED, and a negative BIGINT as two's complement.
                for v in [0, 1, i64::MAX as u64, 1 << 63, u64::MAX] {
                    let id = Local::from(v);
                    let back: Local = ::$v::query_scalar("SELECT CAST(? AS UNSIGNED)").bind(id).fetch_one(&pool).await.unwrap();
                    assert_eq!(back, id);
                }
                let l: Local = ::$v::query_scalar("SELECT CAST(-1 AS SIGNED)").fetch_one(&pool).await.unwrap();
                assert_eq!(u64::from(l), u64::MAX);
                let e = ::$v::query_scalar::<_, TwitterId>("SELECT CAST(? AS UNSIGNED)").bind(u64::MAX).fetch_one(&pool).await;
                assert!(e.is_err(), "a snowflake is below 2^63");
            }

            /// The digits of a DECIMAL(28,0) are compared as the column's type, not as a
            /// double: a 28-digit ID finds its own row among its neighbours.
            #[tokio::test]
            async fn decimal_filters_are_exact() {
                let Some(pool) = pool().await else { return };
                let table = format!("idcraft_dec_{}", stringify!($v));
                create(&pool, &table, "id DECIMAL(28,0) PRIMARY KEY, n INT").await;
                let ids: Vec<Dist> = (0..50).map(|_| Dist::new()).collect();
                for (n, id) in ids.iter().enumerate() {
                    ::$v::query(dynamic::$v(&format!("INSERT INTO {table} VALUES (?, ?)")))
                        .bind(id)
                        .bind(n as i32)
                        .execute(&pool)
                        .await
                        .unwrap();
                }
                for (n, id) in ids.iter().enumerate() {
                    let found: Vec<i32> = ::$v::query_scalar(dynamic::$v(&format!("SELECT n FROM {table} WHERE id = ?")))
                        .bind(id)
                        .fetch_all(&pool)
                        .await
                        .unwrap();
                    assert_eq!(found, vec![n as i32]);
                }
                execute(&pool, &format!("DROP TABLE {table}")).await;
            }
        }
    )*};
}

mod sqlx_mysql {
    sqlx_mysql_tests!(sqlx_0_8, sqlx_0_9);
}
