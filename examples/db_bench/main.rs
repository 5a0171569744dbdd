//! Why time-ordered IDs exist: insert cost of each scheme next to `uuid` v4 and v7, in SQLite
//! (unless `--no-sqlite`), PostgreSQL (with `--database-url`) and MariaDB or MySQL (with
//! `--mariadb-url`, in a build with the `sqlx09-mysql` feature).
//!
//! ```sh
//! cargo run --release --example db_bench [--features sqlx09-mysql] -- [--rows N]
//!     [--database-url URL] [--mariadb-url URL] [--no-sqlite] [--json]
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
//! settings, the caller's to make. MariaDB: InnoDB, `id <the shape's MySQL type> PRIMARY KEY`,
//! autocommit per 1000-row statement; redo bytes from `Innodb_os_log_written`, index size and
//! leaf pages from `mysql.innodb_index_stats` after `ANALYZE TABLE`, page splits from
//! `INNODB_METRICS`; a buffer pool smaller than the index is the server's setting
//! (`cargo xtask with-servers mariadb` starts one with 32 MB).
//!
//! Output: a table (or `--json`, one object per database and scheme) and `db_bench.svg`, a bar
//! chart of the ratios, in `--out` (default: the current directory).

#[cfg(feature = "sqlx09-mysql")]
mod mariadb;
mod postgres;
mod report;
mod sqlite;

use idcraft::db::{DbColumn, DbValue, Dialect};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{Visitor, visit};
use idcraft::{Generate, GenerateError, Timestamp};
use report::{summarise, svg};
use std::collections::BTreeMap;
use std::path::PathBuf;

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
    mariadb: Option<String>,
    sqlite: bool,
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
        mariadb: None,
        sqlite: true,
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
            "--mariadb-url" if cfg!(feature = "sqlx09-mysql") => args.mariadb = Some(value("--mariadb-url")?),
            "--mariadb-url" => return Err("--mariadb-url needs a build with --features sqlx09-mysql".into()),
            "--no-sqlite" => args.sqlite = false,
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
pub struct Run {
    pub seconds: f64,
    pub metrics: BTreeMap<&'static str, f64>,
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

/// One run of a database on a round's values.
type Measured = Result<Run, Box<dyn std::error::Error>>;

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("idcraft-db-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let runtime = tokio::runtime::Runtime::new()?;
    let mut sqlite: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    let mut postgres: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    #[cfg_attr(not(feature = "sqlx09-mysql"), allow(unused_mut, reason = "filled only with MySQL support"))]
    let mut mariadb: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    let mut clock = SyntheticClock::new(args.keys_per_ms);
    for round in 0..args.rounds {
        // Interleave: each round starts one scheme later.
        let n = args.schemes.len();
        for k in 0..n {
            let scheme = &args.schemes[(k + round) % n];
            // One timed run in `database` on fresh values: reported unless `--json`, kept with
            // the scheme's other runs there.
            let mut measure = |database: &str,
                               dialect: Dialect,
                               runs: &mut BTreeMap<String, Vec<Run>>,
                               run: &dyn Fn(&[DbValue]) -> Measured|
             -> Result<(), Box<dyn std::error::Error>> {
                let values = generate(scheme, args.rows, &mut clock, dialect)?;
                let r = run(&values)?;
                if !args.json {
                    eprintln!("round {} {database} {scheme}: {:.2} s", round + 1, r.seconds);
                }
                runs.entry(scheme.clone()).or_default().push(r);
                Ok(())
            };
            if args.sqlite {
                measure("sqlite", Dialect::Sqlite, &mut sqlite, &|values| sqlite::run_sqlite(&dir, scheme, values))?;
            }
            if let Some(url) = &args.url {
                measure("postgres", Dialect::Postgres, &mut postgres, &|values| {
                    runtime.block_on(postgres::run_postgres(url, values))
                })?;
            }
            #[cfg(feature = "sqlx09-mysql")]
            if let Some(url) = &args.mariadb {
                measure("mariadb", Dialect::Mysql, &mut mariadb, &|values| {
                    runtime.block_on(mariadb::run_mariadb(url, values))
                })?;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut all = Vec::new();
    for (database, runs, key) in [
        ("sqlite", &sqlite, "bytes_written"),
        ("postgres", &postgres, "wal_bytes"),
        ("mariadb", &mariadb, "redo_bytes"),
    ] {
        if !runs.is_empty() {
            all.extend(summarise(database, runs, key));
        }
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
                obj[*k] = serde_json::json!(if matches!(*k, "leaf_density" | "leaf_fill") { *v } else { v.round() });
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
                    "leaf_density" | "leaf_fill" => format!("{k} {v:.1} %"),
                    "fpi" | "page_splits" => format!("{k} {v:.0}"),
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
    let key_names: BTreeMap<&str, &str> =
        [("sqlite", "file_bytes"), ("postgres", "index_bytes"), ("mariadb", "index_bytes")].into_iter().collect();
    let path = args.out.join("db_bench.svg");
    std::fs::write(&path, svg(&all, args.rows, &key_names)).map_err(|e| format!("writing {}: {e}", path.display()))?;
    if !args.json {
        println!("chart: {}", path.display());
    }
    Ok(())
}
