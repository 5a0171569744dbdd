//! What the in-database generators (`sql/postgres/idcraft_generate.sql`) cost next to
//! PostgreSQL's own `gen_random_uuid()`: per call, and per row inserted as a column default.
//!
//! ```sh
//! cargo run --release --example sql_generators_bench --features postgres02 -- \
//!     --database-url postgres://... [--rows N] [--rounds R]
//! ```
//!
//! Each function runs `--rounds` times (default 5), interleaved with the others, and the
//! medians are printed with their ratio to `gen_random_uuid()` of the same run: first a call
//! alone (`SELECT count(f()) FROM generate_series(1, N)`), then a bulk insert of `N` rows into a
//! fresh table whose primary key defaults to the function (`INSERT ... SELECT FROM
//! generate_series`), index maintenance included. Everything happens inside the server, so the
//! figures are the SQL functions' own cost, not the client's.

use std::time::Instant;

const FUNCTIONS: [(&str, &str); 10] = [
    ("gen_random_uuid()", "uuid"),
    ("idcraft_uuid7()", "uuid"),
    ("idcraft_ulid()", "uuid"),
    ("idcraft_comb_pg()", "uuid"),
    ("idcraft_comb_sql()", "uuid"),
    ("idcraft_distributed128()", "uuid"),
    ("idcraft_instagram_id(1)", "bigint"),
    ("idcraft_twitter_snowflake()", "bigint"),
    ("idcraft_discord_snowflake()", "bigint"),
    ("idcraft_sonyflake()", "bigint"),
];

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url =
        arg("--database-url").or_else(|| std::env::var("DATABASE_URL").ok()).ok_or("--database-url or DATABASE_URL")?;
    let rows: u32 = arg("--rows").map_or(Ok(100_000), |r| r.parse())?;
    let rounds: usize = arg("--rounds").map_or(Ok(5), |r| r.parse())?;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await?;
    tokio::spawn(connection);
    client.batch_execute(include_str!("../sql/postgres/idcraft_lease.sql")).await?;
    client.batch_execute(include_str!("../sql/postgres/idcraft_generate.sql")).await?;

    let mut call = vec![Vec::new(); FUNCTIONS.len()];
    let mut insert = vec![Vec::new(); FUNCTIONS.len()];
    for _ in 0..rounds {
        for (i, (function, column)) in FUNCTIONS.iter().enumerate() {
            let start = Instant::now();
            client.query_one(&format!("SELECT count({function}) FROM generate_series(1, {rows})"), &[]).await?;
            call[i].push(start.elapsed().as_secs_f64() * 1e9 / f64::from(rows));

            client
                .batch_execute(&format!(
                    "DROP TABLE IF EXISTS idcraft_gen_bench; \
                     CREATE TABLE idcraft_gen_bench (id {column} PRIMARY KEY DEFAULT {function}, n integer NOT NULL)"
                ))
                .await?;
            let start = Instant::now();
            client
                .batch_execute(&format!("INSERT INTO idcraft_gen_bench (n) SELECT g FROM generate_series(1, {rows}) g"))
                .await?;
            insert[i].push(start.elapsed().as_secs_f64() * 1e9 / f64::from(rows));
        }
    }
    client.batch_execute("DROP TABLE IF EXISTS idcraft_gen_bench").await?;
    let (call, insert): (Vec<f64>, Vec<f64>) =
        (call.into_iter().map(median).collect(), insert.into_iter().map(median).collect());
    println!("{rows} rows, median of {rounds} rounds; ratios against gen_random_uuid()");
    println!("| function | per call (ns) | ratio | per inserted row (ns) | ratio |");
    println!("|---|---|---|---|---|");
    for (i, (function, _)) in FUNCTIONS.iter().enumerate() {
        println!(
            "| `{function}` | {:.0} | {:.2}× | {:.0} | {:.2}× |",
            call[i],
            call[i] / call[0],
            insert[i],
            insert[i] / insert[0]
        );
    }
    Ok(())
}
