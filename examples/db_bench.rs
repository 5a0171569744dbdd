//! Why time-ordered IDs exist: insert cost of each scheme next to `uuid` v4 and v7, in SQLite
//! (always) and PostgreSQL (with `--database-url`).
//!
//! ```sh
//! cargo run --release --example db_bench -- [--rows N] [--database-url URL] [--json]
//!     [--rounds R] [--keys-per-ms K] [--schemes a,b,...] [--out DIR]
//! ```
//!
//! Method (spec/db-bench-method.md): IDs come from each scheme's generator in the
//! application, on a synthetic clock that advances 1/K ms per ID (K = 1000 by default), so the
//! on-disk layout does not depend on how fast this machine generates; they are inserted in
//! generation order, 1000 rows per statement/transaction, with a cache smaller than the index.
//! Schemes run interleaved, `--rounds` times, and every ratio is against `uuid_v4` measured in
//! the same run. SQLite: WITHOUT ROWID table, 16-byte BLOB key (the natural type for the other
//! schemes), WAL journal, `synchronous=NORMAL`, 2 MB page cache; bytes written are what the
//! process passed to `write()` (`/proc/self/io`). PostgreSQL: `id <type> PRIMARY KEY`,
//! autovacuum off, `synchronous_commit=off`; WAL bytes from the *insert* LSN, full-page images
//! from `pg_stat_wal`, leaf density from `pgstattuple`. Small `shared_buffers` (16MB) and
//! WAL-driven checkpoints (`max_wal_size=256MB`, `checkpoint_timeout=1h`) are the server's
//! settings, the caller's to make.
//!
//! Output: a table (or `--json`, one object per database and scheme) and `db_bench.svg`, a bar
//! chart of the ratios, in `--out` (default: the current directory).

use idcraft::db::{DbColumn, DbValue, Dialect};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{Visitor, visit};
use idcraft::{Generate, GenerateError, Timestamp};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const BATCH: usize = 1000;
/// The two `uuid` baselines, then every idcraft scheme.
fn all_schemes() -> Vec<&'static str> {
    ["uuid_v4", "uuid_v7"].into_iter().chain(idcraft::schemes::NAMES).collect()
}

/// A synthetic time that advances a fixed step per ID: deterministic layouts at K IDs per
/// millisecond. One for the whole run, so every default generator (uid64 and uid96 share one)
/// sees its instants only go forward, scheme after scheme and round after round.
struct SyntheticClock {
    nanos: i64,
    step: i64,
}

impl SyntheticClock {
    fn new(keys_per_ms: u64) -> SyntheticClock {
        let start = Timestamp::from_ymd(2026, 1, 1).unix_nanos() as i64;
        SyntheticClock { nanos: start, step: (1_000_000 / keys_per_ms).max(1) as i64 }
    }

    fn tick(&mut self) -> Timestamp {
        self.nanos += self.step;
        Timestamp::from_unix_nanos(i128::from(self.nanos))
    }

    /// On to the next millisecond: the unit of the last instant is full.
    fn skip(&mut self) {
        self.nanos += 1_000_000 - self.nanos.rem_euclid(1_000_000);
    }
}

struct Args {
    rows: usize,
    url: Option<String>,
    json: bool,
    rounds: usize,
    keys_per_ms: u64,
    schemes: Vec<String>,
    out: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        rows: 1_000_000,
        url: None,
        json: false,
        rounds: 2,
        keys_per_ms: 1000,
        schemes: all_schemes().into_iter().map(str::to_owned).collect(),
        out: PathBuf::from("."),
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--rows" => args.rows = value("--rows")?.parse().map_err(|e| format!("--rows: {e}"))?,
            "--database-url" => args.url = Some(value("--database-url")?),
            "--json" => args.json = true,
            "--rounds" => args.rounds = value("--rounds")?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--keys-per-ms" => {
                args.keys_per_ms = value("--keys-per-ms")?.parse().map_err(|e| format!("--keys-per-ms: {e}"))?
            }
            "--out" => args.out = PathBuf::from(value("--out")?),
            "--schemes" => {
                args.schemes = value("--schemes")?.split(',').map(str::to_owned).collect();
                if let Some(bad) = args.schemes.iter().find(|s| !all_schemes().contains(&s.as_str())) {
                    return Err(format!("unknown scheme {bad:?}; expected some of {}", all_schemes().join(",")));
                }
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if args.rows == 0 || args.rounds == 0 || args.keys_per_ms == 0 {
        return Err("--rows, --rounds and --keys-per-ms must be positive".into());
    }
    if !args.schemes.iter().any(|s| s == "uuid_v4") {
        args.schemes.insert(0, "uuid_v4".into());
    }
    Ok(args)
}

fn uuid_value(u: uuid::Uuid, d: Dialect) -> DbValue {
    match d {
        Dialect::Postgres => DbValue::Uuid(u),
        Dialect::Sqlite | Dialect::Mysql => DbValue::Bytes(idcraft::schemes::IdBytes::from(*u.as_bytes())),
    }
}

/// The keys of the scheme named `scheme` in generation order, as the database receives them:
/// the two `uuid` baselines, or any registered scheme through one generic path.
fn generate(scheme: &str, rows: usize, clock: &mut SyntheticClock, d: Dialect) -> Result<Vec<DbValue>, String> {
    match scheme {
        "uuid_v4" => Ok((0..rows).map(|_| uuid_value(uuid::Uuid::new_v4(), d)).collect()),
        "uuid_v7" => {
            let context = uuid::ContextV7::new();
            Ok((0..rows)
                .map(|_| {
                    let t = clock.tick();
                    let ts = uuid::Timestamp::from_unix(&context, t.unix_seconds() as u64, t.subsec_nanos());
                    uuid_value(uuid::Uuid::new_v7(ts), d)
                })
                .collect())
        }
        name => visit(name, Keys { rows, clock, dialect: d })
            .unwrap_or_else(|| Err(format!("unknown scheme {name:?}; expected some of {}", all_schemes().join(",")))),
    }
}

/// Every registered scheme's keys, from its default generator at the synthetic instants.
struct Keys<'c> {
    rows: usize,
    clock: &'c mut SyntheticClock,
    dialect: Dialect,
}

impl Visitor for Keys<'_> {
    type Output = Result<Vec<DbValue>, String>;

    fn visit<S: Describe>(self) -> Self::Output {
        let generator = S::default_generator();
        let mut keys = Vec::with_capacity(self.rows);
        while keys.len() < self.rows {
            let t = self.clock.tick();
            match generator.generate_at(S::Input::default(), t) {
                Ok(id) => keys.push(id.to_db(self.dialect)),
                // More keys per unit than the layout holds (Sonyflake: 256 per 10 ms): as a
                // generator on a clock would, go on in the next unit.
                Err(GenerateError::SequenceExhausted { .. } | GenerateError::RandomOverflow { .. }) => {
                    self.clock.skip()
                }
                Err(e) => return Err(format!("{}: {e}", S::NAME)),
            }
        }
        Ok(keys)
    }
}

/// One measurement.
#[derive(Clone, Default)]
struct Run {
    seconds: f64,
    metrics: BTreeMap<&'static str, f64>,
}

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

fn run_sqlite(dir: &Path, scheme: &str, values: &[DbValue]) -> Result<Run, Box<dyn std::error::Error>> {
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

async fn run_postgres(url: &str, values: &[DbValue]) -> Result<Run, Box<dyn std::error::Error>> {
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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

struct Summary {
    database: &'static str,
    scheme: String,
    seconds: f64,
    metrics: BTreeMap<&'static str, f64>,
    time_ratio: f64,
    bytes_ratio: f64,
}

fn summarise(database: &'static str, runs: &BTreeMap<String, Vec<Run>>, key_metric: &'static str) -> Vec<Summary> {
    // Ratios per round against that round's uuid_v4, then the median over rounds.
    let base = &runs["uuid_v4"];
    let mut out: Vec<Summary> = runs
        .iter()
        .map(|(scheme, rs)| {
            let time_ratio = median(rs.iter().zip(base).map(|(r, b)| r.seconds / b.seconds).collect());
            let bytes_ratio = median(
                rs.iter().zip(base).map(|(r, b)| r.metrics[key_metric] / b.metrics[key_metric].max(1.0)).collect(),
            );
            let metrics = r_median(rs);
            Summary {
                database,
                scheme: scheme.clone(),
                seconds: median(rs.iter().map(|r| r.seconds).collect()),
                metrics,
                time_ratio,
                bytes_ratio,
            }
        })
        .collect();
    let order = all_schemes();
    out.sort_by_key(|s| order.iter().position(|a| *a == s.scheme));
    out
}

fn r_median(rs: &[Run]) -> BTreeMap<&'static str, f64> {
    rs[0].metrics.keys().map(|k| (*k, median(rs.iter().map(|r| r.metrics[k]).collect()))).collect()
}

fn svg(summaries: &[Summary], rows: usize, key_names: &BTreeMap<&str, &str>) -> String {
    let bar_h = 9.0;
    let group_h = 3.0 * bar_h + 10.0;
    let width = 860.0;
    let left = 190.0;
    let scale = |r: f64| (r.max(1e-3).log10() + 2.5) / 3.5 * (width - left - 40.0);
    let height = 70.0 + group_h * summaries.len() as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="14">Insert cost vs uuid_v4, same run ({rows} rows; log scale; shorter is better)</text>"#
    );
    let _ = writeln!(
        s,
        r##"<rect x="10" y="28" width="10" height="8" fill="#4477aa"/><text x="24" y="36">time</text><rect x="70" y="28" width="10" height="8" fill="#ee6677"/><text x="84" y="36">bytes written / WAL</text><rect x="200" y="28" width="10" height="8" fill="#228833"/><text x="214" y="36">index or file size</text>"##
    );
    let x1 = left + scale(1.0);
    let _ = writeln!(
        s,
        r#"<line x1="{x1}" y1="44" x2="{x1}" y2="{}" stroke="black" stroke-dasharray="3,3"/><text x="{}" y="{}">1×</text>"#,
        height - 8.0,
        x1 + 3.0,
        height - 10.0
    );
    for (i, sm) in summaries.iter().enumerate() {
        let y = 50.0 + group_h * i as f64;
        let _ = writeln!(s, r#"<text x="10" y="{}">{} {}</text>"#, y + 1.5 * bar_h + 4.0, sm.database, sm.scheme);
        let size_key = key_names[sm.database];
        let base = summaries.iter().find(|b| b.database == sm.database && b.scheme == "uuid_v4").expect("uuid_v4");
        let size_ratio = sm.metrics[size_key] / base.metrics[size_key].max(1.0);
        for (k, (ratio, color)) in
            [(sm.time_ratio, "#4477aa"), (sm.bytes_ratio, "#ee6677"), (size_ratio, "#228833")].iter().enumerate()
        {
            let by = y + k as f64 * bar_h;
            let w = scale(*ratio);
            let _ = writeln!(
                s,
                r#"<rect x="{left}" y="{by}" width="{w:.1}" height="{}" fill="{color}"/><text x="{:.1}" y="{}">{ratio:.2}×</text>"#,
                bar_h - 1.0,
                left + w + 3.0,
                by + bar_h - 1.5
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("db_bench: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("db_bench: {e}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("idcraft-db-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let runtime = tokio::runtime::Runtime::new()?;
    let mut sqlite: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    let mut postgres: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    let mut clock = SyntheticClock::new(args.keys_per_ms);
    for round in 0..args.rounds {
        // Interleave: each round starts one scheme later.
        let n = args.schemes.len();
        for k in 0..n {
            let scheme = &args.schemes[(k + round) % n];
            let values = generate(scheme, args.rows, &mut clock, Dialect::Sqlite)?;
            let r = run_sqlite(&dir, scheme, &values)?;
            if !args.json {
                eprintln!("round {} sqlite {scheme}: {:.2} s", round + 1, r.seconds);
            }
            sqlite.entry(scheme.clone()).or_default().push(r);
            if let Some(url) = &args.url {
                let values = generate(scheme, args.rows, &mut clock, Dialect::Postgres)?;
                let r = runtime.block_on(run_postgres(url, &values))?;
                if !args.json {
                    eprintln!("round {} postgres {scheme}: {:.2} s", round + 1, r.seconds);
                }
                postgres.entry(scheme.clone()).or_default().push(r);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut all = summarise("sqlite", &sqlite, "bytes_written");
    if !postgres.is_empty() {
        all.extend(summarise("postgres", &postgres, "wal_bytes"));
    }
    if args.json {
        for s in &all {
            let mut obj = serde_json::json!({
                "database": s.database,
                "scheme": s.scheme,
                "rows": args.rows,
                "seconds": s.seconds,
                "rows_per_second": args.rows as f64 / s.seconds,
                "rounds": args.rounds,
                "keys_per_ms": args.keys_per_ms,
                "time_ratio_vs_uuid_v4": s.time_ratio,
                "bytes_ratio_vs_uuid_v4": s.bytes_ratio,
            });
            for (k, v) in &s.metrics {
                obj[*k] = serde_json::json!(if *k == "leaf_density" { *v } else { v.round() });
            }
            println!("{obj}");
        }
    } else {
        println!(
            "{} rows, {} rounds interleaved, K = {} keys/ms; ratios are medians of per-round ratios vs uuid_v4",
            args.rows, args.rounds, args.keys_per_ms
        );
        println!("| database | scheme | seconds | rows/s | time × | bytes × | metrics |");
        println!("|---|---|---|---|---|---|---|");
        for s in &all {
            let metrics: Vec<String> = s
                .metrics
                .iter()
                .map(|(k, v)| match *k {
                    "leaf_density" => format!("{k} {v:.1} %"),
                    "fpi" => format!("{k} {v:.0}"),
                    _ => format!("{k} {:.1} MB", v / 1e6),
                })
                .collect();
            let metrics = metrics.join(", ");
            println!(
                "| {} | {} | {:.2} | {:.0} | {:.2} | {:.2} | {} |",
                s.database,
                s.scheme,
                s.seconds,
                args.rows as f64 / s.seconds,
                s.time_ratio,
                s.bytes_ratio,
                metrics
            );
        }
    }
    let key_names: BTreeMap<&str, &str> = [("sqlite", "file_bytes"), ("postgres", "index_bytes")].into_iter().collect();
    let path = args.out.join("db_bench.svg");
    std::fs::write(&path, svg(&all, args.rows, &key_names)).map_err(|e| format!("writing {}: {e}", path.display()))?;
    if !args.json {
        println!("chart: {}", path.display());
    }
    Ok(())
}
