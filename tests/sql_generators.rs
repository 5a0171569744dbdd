//! IDs made inside PostgreSQL (`sql/postgres/idcraft_generate.sql`) as column defaults, read
//! back through the derived Rust types: every value parses, carries the time it was inserted at
//! (to the scheme's resolution), and sorts together with IDs made in Rust in the same run, in
//! the database's order. Runs when `DATABASE_URL` is set (`.ci/run` requires it).
#![cfg(all(feature = "postgres02", not(target_family = "wasm")))]

mod support;

use idcraft::{Identity, Timestamp, Uuid};
use postgres_types::{FromSql, ToSql};
use std::time::Duration;
use support::*;
use tokio_postgres::Client;

const GENERATORS: &str = include_str!("../sql/postgres/idcraft_generate.sql");
const ROUNDS: usize = 150;

async fn connect() -> Option<Client> {
    let url = database_url(file!())?;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    // Tests (and test processes) load the functions at once: concurrent CREATE OR REPLACE of
    // one function fails ("tuple concurrently updated"), so loading takes a lock.
    client.batch_execute("SELECT pg_advisory_lock(7326001)").await.unwrap();
    let loaded = client.batch_execute(GENERATORS).await;
    client.batch_execute("SELECT pg_advisory_unlock(7326001)").await.unwrap();
    loaded.unwrap();
    Some(client)
}

/// Whether `ORDER BY id` in PostgreSQL is the Rust `Ord` of the scheme (false for the SQL
/// Server layout, whose order PostgreSQL's uuid comparison does not follow).
#[derive(Clone, Copy, PartialEq)]
enum PgOrder {
    Same,
    Other,
}

/// Inserts rows made by `default` (the SQL function) and by `make` (Rust) in turns, then checks
/// what comes back.
async fn check<I>(
    client: &Client,
    default: &str,
    column: &str,
    make: impl Fn() -> I,
    resolution: Duration,
    order: PgOrder,
) where
    I: Identity + ToSql + for<'a> FromSql<'a> + Sync,
{
    let table = format!("idcraft_gen_{}", I::TYPE_NAME.to_lowercase());
    client
        .batch_execute(&format!(
            "DROP TABLE IF EXISTS {table}; \
             CREATE TABLE {table} (id {column} PRIMARY KEY DEFAULT {default}, from_sql boolean NOT NULL)"
        ))
        .await
        .unwrap();
    let before = Timestamp::from_system_time(std::time::SystemTime::now());
    for _ in 0..ROUNDS {
        client.execute(&format!("INSERT INTO {table} (from_sql) VALUES (true)"), &[]).await.unwrap();
        client.execute(&format!("INSERT INTO {table} (id, from_sql) VALUES ($1, false)"), &[&make()]).await.unwrap();
    }
    let after = Timestamp::from_system_time(std::time::SystemTime::now());
    let rows = client.query(&format!("SELECT id, from_sql FROM {table} ORDER BY id"), &[]).await.unwrap();
    assert_eq!(rows.len(), 2 * ROUNDS, "{default}: every default is a new key");
    let back: Vec<I> =
        rows.iter().map(|row| row.try_get::<_, I>(0).unwrap_or_else(|e| panic!("{default}: {e}"))).collect();
    let from_sql = rows.iter().filter(|row| row.get::<_, bool>(1)).count();
    assert_eq!(from_sql, ROUNDS);
    let earliest = before.checked_sub(resolution).unwrap();
    for id in &back {
        let t = time_of(id);
        assert!(earliest <= t && t <= after, "{default}: {id} carries {t}, inserted between {before} and {after}");
    }
    let mut sorted = back.clone();
    sorted.sort();
    let times: Vec<Timestamp> = sorted.iter().map(time_of).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{default}: the scheme's order is time order");
    if order == PgOrder::Same {
        assert!(back == sorted, "{default}: ORDER BY id in PostgreSQL is the Rust order");
    }
    client.batch_execute(&format!("DROP TABLE {table}")).await.unwrap();
}

fn time_of<I: Identity>(id: &I) -> Timestamp {
    idcraft::Scheme::timestamp(&id.to_scheme())
}

#[tokio::test]
async fn sql_defaults_read_back_through_the_rust_types() {
    let Some(client) = connect().await else { return };
    let ms = Duration::from_millis(1);
    check(&client, "idcraft_uuid7()", "uuid", V7::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_ulid()", "uuid", UlidId::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_comb_pg()", "uuid", PgComb::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_comb_sql()", "uuid", SqlComb::new, ms, PgOrder::Other).await;
    check(&client, "idcraft_distributed128()", "uuid", Dist128::new, ms, PgOrder::Same).await;
}

/// The SQL functions' bits are the layouts' own: versions and fixed bits where the Rust types
/// require them, and the UUIDv7 read by the uuid crate with its time.
#[tokio::test]
async fn sql_layouts_match_byte_for_byte() {
    let Some(client) = connect().await else { return };
    for _ in 0..100 {
        let row =
            client.query_one("SELECT idcraft_uuid7(), idcraft_distributed128(), idcraft_unix_ms()", &[]).await.unwrap();
        let (v7, d128, ms): (Uuid, Uuid, i64) = (row.get(0), row.get(1), row.get(2));
        assert_eq!((v7.get_version_num(), v7.get_variant()), (7, uuid::Variant::RFC4122));
        let (secs, nanos) = v7.get_timestamp().unwrap().to_unix();
        let v7_ms = (secs * 1000 + u64::from(nanos) / 1_000_000) as i64;
        assert!(v7_ms <= ms && ms - v7_ms < 1000, "{v7}: {v7_ms} vs {ms}");
        let d = d128.as_bytes();
        assert_eq!((d[6] >> 4, d[8] >> 7), (7, 0), "DistributedId128's fixed bits: {d128}");
    }
}
