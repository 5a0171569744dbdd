//! The SQLite run: a `WITHOUT ROWID` table in a file, bytes written from `/proc/self/io`.

use super::{BATCH, Run};
use idcraft::db::DbValue;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

fn process_bytes_written() -> u64 {
    std::fs::read_to_string("/proc/self/io")
        .ok()
        .and_then(|io| io.lines().find_map(|l| l.strip_prefix("wchar: ").and_then(|v| v.trim().parse().ok())))
        .unwrap_or(0)
}

fn sqlite_decl(values: &[DbValue]) -> &'static str {
    match values[0] {
        DbValue::Text(_) | DbValue::Numeric(_) => "TEXT",
        DbValue::BigInt(_) | DbValue::UnsignedBigInt(_) => "INTEGER",
        DbValue::Bytes(_) | DbValue::Uuid(_) => "BLOB",
    }
}

fn sqlite_value(v: &DbValue) -> rusqlite::types::Value {
    use rusqlite::types::Value;
    match v {
        DbValue::Bytes(b) => Value::Blob(b.to_vec()),
        DbValue::Uuid(u) => Value::Blob(u.as_bytes().to_vec()),
        DbValue::Text(t) => Value::Text(t.to_string()),
        DbValue::Numeric(n) => Value::Text(n.to_string()),
        DbValue::BigInt(i) => Value::Integer(*i),
        DbValue::UnsignedBigInt(i) => Value::Integer(*i as i64),
    }
}

pub fn run_sqlite(dir: &Path, scheme: &str, values: &[DbValue]) -> Result<Run, Box<dyn std::error::Error>> {
    let path = dir.join(format!("{scheme}.sqlite"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mut conn = rusqlite::Connection::open(&path)?;
    conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-2000;")?;
    conn.execute_batch(&format!(
        "CREATE TABLE t (id {} PRIMARY KEY, v INTEGER NOT NULL) WITHOUT ROWID",
        sqlite_decl(values)
    ))?;
    let written = process_bytes_written();
    let start = Instant::now();
    for (b, chunk) in values.chunks(BATCH).enumerate() {
        let tx = conn.transaction()?;
        {
            let mut insert = tx.prepare_cached("INSERT INTO t (id, v) VALUES (?1, ?2)")?;
            for (i, v) in chunk.iter().enumerate() {
                insert.execute(rusqlite::params![sqlite_value(v), (b * BATCH + i) as i64])?;
            }
        }
        tx.commit()?;
    }
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")?;
    let seconds = start.elapsed().as_secs_f64();
    let bytes_written = process_bytes_written() - written;
    drop(conn);
    let file_bytes = std::fs::metadata(&path)?.len();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mut metrics = BTreeMap::new();
    metrics.insert("bytes_written", bytes_written as f64);
    metrics.insert("file_bytes", file_bytes as f64);
    Ok(Run { seconds, metrics })
}
