//! The MariaDB run (InnoDB, through sqlx): the clustered index's size and leaf pages from
//! `mysql.innodb_index_stats` after `ANALYZE TABLE`, page splits from `INNODB_METRICS`, and the
//! redo log bytes written (`Innodb_os_log_written`, InnoDB's WAL).

use super::{BATCH, Run};
use idcraft::db::DbValue;
use sqlx_0_9::AssertSqlSafe;
use sqlx_0_9::mysql::{MySqlPool, MySqlPoolOptions};
use std::collections::BTreeMap;
use std::time::Instant;

/// InnoDB's page size, for the index sizes `innodb_index_stats` gives in pages.
const PAGE: f64 = 16384.0;

/// The column of the keys: the one idcraft's MySQL drivers use for their shape.
fn column(values: &[DbValue]) -> String {
    match &values[0] {
        DbValue::Bytes(b) => format!("BINARY({})", b.len()),
        DbValue::Uuid(_) => "BINARY(16)".into(),
        DbValue::BigInt(_) => "BIGINT".into(),
        DbValue::UnsignedBigInt(_) => "BIGINT UNSIGNED".into(),
        DbValue::Numeric(_) => "DECIMAL(28,0)".into(),
        DbValue::Text(_) => "VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin".into(),
    }
}

async fn status(pool: &MySqlPool, name: &str) -> Result<f64, sqlx_0_9::Error> {
    let sql = "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = ?";
    let value: String = sqlx_0_9::query_scalar(sql).bind(name).fetch_one(pool).await?;
    Ok(value.parse().unwrap_or(0.0))
}

/// InnoDB's count of index page splits, or `None` where the server has no such counter.
async fn page_splits(pool: &MySqlPool) -> Option<f64> {
    let count = "SELECT `COUNT` FROM information_schema.INNODB_METRICS WHERE NAME = 'index_page_splits'";
    sqlx_0_9::query_scalar::<_, i64>(count).fetch_one(pool).await.ok().map(|n| n as f64)
}

pub async fn run_mariadb(url: &str, values: &[DbValue]) -> Result<Run, Box<dyn std::error::Error>> {
    // One connection: the session settings below hold for every statement.
    let pool = MySqlPoolOptions::new().max_connections(1).connect(url).await?;
    let ty = column(values);
    for sql in [
        "DROP TABLE IF EXISTS idcraft_bench".to_owned(),
        format!("CREATE TABLE idcraft_bench (id {ty} PRIMARY KEY, v INT NOT NULL) ENGINE=InnoDB"),
        // The split counter is off by default; turning it on needs no restart.
        "SET GLOBAL innodb_monitor_enable = 'index_page_splits'".into(),
        "SET GLOBAL innodb_monitor_reset = 'index_page_splits'".into(),
    ] {
        let _ = sqlx_0_9::query(AssertSqlSafe(sql)).execute(&pool).await;
    }
    let (redo_before, splits_before) = (status(&pool, "INNODB_OS_LOG_WRITTEN").await?, page_splits(&pool).await);
    let insert = format!("INSERT INTO idcraft_bench (id, v) VALUES {}", vec!["(?, ?)"; BATCH].join(","));
    let start = Instant::now();
    for (b, chunk) in values.chunks(BATCH).enumerate() {
        let sql = if chunk.len() == BATCH {
            insert.clone()
        } else {
            format!("INSERT INTO idcraft_bench (id, v) VALUES {}", vec!["(?, ?)"; chunk.len()].join(","))
        };
        let mut query = sqlx_0_9::query(AssertSqlSafe(sql));
        for (i, value) in chunk.iter().enumerate() {
            query = match value {
                DbValue::Bytes(b) => query.bind(b.to_vec()),
                DbValue::Uuid(u) => query.bind(u.as_bytes().to_vec()),
                DbValue::BigInt(v) => query.bind(*v),
                DbValue::UnsignedBigInt(v) => query.bind(*v),
                DbValue::Numeric(d) => query.bind(d.to_string()),
                DbValue::Text(t) => query.bind(t.to_string()),
            }
            .bind((b * BATCH + i) as i32);
        }
        // Autocommit: one transaction per statement of 1000 rows, as in the other databases.
        query.execute(&pool).await?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let redo = status(&pool, "INNODB_OS_LOG_WRITTEN").await? - redo_before;
    let splits = page_splits(&pool).await.zip(splits_before).map(|(after, before)| after - before);
    sqlx_0_9::query("ANALYZE TABLE idcraft_bench").execute(&pool).await?;
    let stats = "SELECT stat_name, stat_value FROM mysql.innodb_index_stats \
                 WHERE database_name = DATABASE() AND table_name = 'idcraft_bench' AND index_name = 'PRIMARY'";
    let stats: BTreeMap<String, u64> = sqlx_0_9::query_as(stats).fetch_all(&pool).await?.into_iter().collect();
    let (pages, leaves) = (stats.get("size").copied().unwrap_or(0), stats.get("n_leaf_pages").copied().unwrap_or(0));
    let mut metrics = BTreeMap::new();
    metrics.insert("redo_bytes", redo);
    metrics.insert("index_bytes", pages as f64 * PAGE);
    // The share of the leaf pages' bytes the rows fill: a key, an INT and InnoDB's 18 bytes of
    // record header and transaction fields per row, over 16 KiB per leaf. `n_leaf_pages`
    // leaves out an index's first 32 pages (allocated one by one, outside its leaf segment):
    // the figure means something for large indexes only.
    if leaves >= 1000 {
        let row = (key_len(&values[0]) + 4 + 18) as f64;
        metrics.insert("leaf_fill", 100.0 * values.len() as f64 * row / (leaves as f64 * PAGE));
    }
    if let Some(splits) = splits {
        metrics.insert("page_splits", splits);
    }
    sqlx_0_9::query("DROP TABLE idcraft_bench").execute(&pool).await?;
    Ok(Run { seconds, metrics })
}

/// The bytes a key takes in its InnoDB record.
fn key_len(value: &DbValue) -> usize {
    match value {
        DbValue::Bytes(b) => b.len(),
        DbValue::Uuid(_) => 16,
        DbValue::BigInt(_) | DbValue::UnsignedBigInt(_) => 8,
        // DECIMAL(28,0): 4 bytes per 9 digits, 28 digits in 13 bytes.
        DbValue::Numeric(_) => 13,
        DbValue::Text(t) => t.len() + 1,
    }
}
