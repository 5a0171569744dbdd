//! The PostgreSQL run: WAL bytes, full-page images, index size and leaf density.

use super::{BATCH, Run};
use idcraft::db::DbValue;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

async fn pg_connect(url: &str) -> Result<tokio_postgres::Client, tokio_postgres::Error> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            eprintln!("db_bench: PostgreSQL connection: {e}");
        }
    });
    Ok(client)
}

async fn wal_fpi(url: &str) -> Result<f64, Box<dyn std::error::Error>> {
    // Pending statistics reach pg_stat_wal only when a session flushes them; read from a
    // fresh session after the inserting one forced its flush.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let client = pg_connect(url).await?;
    Ok(client.query_one("SELECT wal_fpi::float8 FROM pg_stat_wal", &[]).await?.get(0))
}

pub async fn run_postgres(url: &str, values: &[DbValue]) -> Result<Run, Box<dyn std::error::Error>> {
    let client = pg_connect(url).await?;
    let (ty, cast) = match values[0] {
        DbValue::Uuid(_) => ("uuid", "$1::uuid[]"),
        DbValue::Numeric(_) => ("numeric(28,0)", "$1::text[]::numeric[]"),
        DbValue::Bytes(_) => ("bytea", "$1::bytea[]"),
        DbValue::BigInt(_) | DbValue::UnsignedBigInt(_) => ("bigint", "$1::int8[]"),
        DbValue::Text(_) => ("text", "$1::text[]"),
    };
    client
        .batch_execute(&format!(
            "CREATE EXTENSION IF NOT EXISTS pgstattuple;
             DROP TABLE IF EXISTS idcraft_bench;
             CREATE TABLE idcraft_bench (id {ty} PRIMARY KEY, v int NOT NULL) WITH (autovacuum_enabled = off);
             SET synchronous_commit = off;"
        ))
        .await?;
    let _ = client.batch_execute("CHECKPOINT").await;
    let fpi_before = wal_fpi(url).await?;
    let start_lsn: String = client.query_one("SELECT pg_current_wal_insert_lsn()::text", &[]).await?.get(0);
    let insert =
        client.prepare(&format!("INSERT INTO idcraft_bench (id, v) SELECT * FROM UNNEST({cast}, $2::int4[])")).await?;
    let start = Instant::now();
    for (b, chunk) in values.chunks(BATCH).enumerate() {
        let v: Vec<i32> = (0..chunk.len()).map(|i| (b * BATCH + i) as i32).collect();
        // One column type per scheme: a value of another kind is an error, not a panic.
        let mixed = || format!("the keys mix column kinds ({:?} and others)", values[0]);
        match values[0] {
            DbValue::Uuid(_) => {
                let ids: Option<Vec<uuid::Uuid>> =
                    chunk.iter().map(|x| if let DbValue::Uuid(u) = x { Some(*u) } else { None }).collect();
                client.execute(&insert, &[&ids.ok_or_else(mixed)?, &v]).await?
            }
            DbValue::Bytes(_) => {
                let ids: Option<Vec<&[u8]>> =
                    chunk.iter().map(|x| if let DbValue::Bytes(b) = x { Some(&**b) } else { None }).collect();
                client.execute(&insert, &[&ids.ok_or_else(mixed)?, &v]).await?
            }
            DbValue::BigInt(_) | DbValue::UnsignedBigInt(_) => {
                let ids: Option<Vec<i64>> = chunk
                    .iter()
                    .map(|x| match x {
                        DbValue::BigInt(i) => Some(*i),
                        DbValue::UnsignedBigInt(u) => Some(*u as i64),
                        _ => None,
                    })
                    .collect();
                client.execute(&insert, &[&ids.ok_or_else(mixed)?, &v]).await?
            }
            DbValue::Numeric(_) | DbValue::Text(_) => {
                let ids: Option<Vec<String>> = chunk
                    .iter()
                    .map(|x| match x {
                        DbValue::Numeric(n) => Some(n.to_string()),
                        DbValue::Text(t) => Some(t.to_string()),
                        _ => None,
                    })
                    .collect();
                client.execute(&insert, &[&ids.ok_or_else(mixed)?, &v]).await?
            }
        };
    }
    let seconds = start.elapsed().as_secs_f64();
    let row = client
        .query_one(
            "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::text::pg_lsn)::float8,
                    pg_relation_size('idcraft_bench_pkey')::float8,
                    (pgstatindex('idcraft_bench_pkey')).avg_leaf_density::float8",
            &[&start_lsn],
        )
        .await?;
    client.batch_execute("SELECT pg_stat_force_next_flush(); SELECT 1;").await?;
    drop(client);
    let fpi = wal_fpi(url).await? - fpi_before;
    let mut metrics = BTreeMap::new();
    metrics.insert("wal_bytes", row.get::<_, f64>(0));
    metrics.insert("index_bytes", row.get::<_, f64>(1));
    metrics.insert("leaf_density", row.get::<_, f64>(2));
    metrics.insert("fpi", fpi);
    Ok(Run { seconds, metrics })
}
