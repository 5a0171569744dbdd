//! The matrix's MariaDB cells, through sqlx 0.9: InnoDB tables keyed by the ID, values bound as
//! idcraft's MySQL drivers bind them (MariaDB's `UUID` column takes the `BINARY(16)` bytes).

use super::sample::{Row, Sample};
use super::verdict::{Matrix, Verdict};
use super::{Value, columns};
use idcraft::db::DbValue;
use sqlx_0_9::mysql::{MySql, MySqlPool};
use sqlx_0_9::query::Query;
use sqlx_0_9::{AssertSqlSafe, mysql::MySqlArguments};

fn bind<'q>(query: Query<'q, MySql, MySqlArguments>, row: &Row, how: Value) -> Query<'q, MySql, MySqlArguments> {
    match (how, &row.mysql) {
        (Value::Text, _) => query.bind(row.text.clone()),
        (_, DbValue::Bytes(b)) => query.bind(b.to_vec()),
        (_, DbValue::BigInt(v)) => query.bind(*v),
        (_, DbValue::UnsignedBigInt(v)) => query.bind(*v),
        (_, DbValue::Numeric(d)) => query.bind(d.to_string()),
        (_, other) => panic!("MariaDB does not get {other:?}"),
    }
}

pub async fn measure(url: &str, samples: &[Sample], matrix: &mut Matrix) {
    let pool = MySqlPool::connect(url).await.unwrap();
    let run = |sql: String| {
        let pool = pool.clone();
        async move { sqlx_0_9::query(AssertSqlSafe(sql)).execute(&pool).await.unwrap() }
    };
    for sample in samples {
        let mut cells = Vec::new();
        for col in columns("MariaDB", sample.kind) {
            run("DROP TABLE IF EXISTS idcraft_order".into()).await;
            run(format!("CREATE TABLE idcraft_order (id {} PRIMARY KEY, rank INT NOT NULL) ENGINE=InnoDB", col.decl))
                .await;
            if col.label == "UUID" {
                // MariaDB takes 16 bytes for a UUID column as its own storage form, which swaps
                // the groups of some UUIDs: the UUID goes in as its text (`HEX` of the bytes).
                // It refuses some UUIDs outright: one row at a time, to count them.
                let mut refused = 0;
                for row in super::shuffled(&sample.rows) {
                    let insert = sqlx_0_9::query("INSERT INTO idcraft_order VALUES (HEX(?), ?)");
                    refused +=
                        usize::from(bind(insert, row, col.value).bind(row.rank as i32).execute(&pool).await.is_err());
                }
                if refused > 0 {
                    cells.push((col.label, Verdict::Refuses));
                    continue;
                }
            } else {
                for chunk in super::shuffled(&sample.rows).chunks(500) {
                    let sql = format!("INSERT INTO idcraft_order VALUES {}", vec!["(?, ?)"; chunk.len()].join(","));
                    let mut insert = sqlx_0_9::query(AssertSqlSafe(sql));
                    for row in chunk {
                        insert = bind(insert, row, col.value).bind(row.rank as i32);
                    }
                    insert.execute(&pool).await.unwrap_or_else(|e| panic!("{} in {}: {e}", sample.scheme, col.decl));
                }
            }
            let ranks: Vec<i32> =
                sqlx_0_9::query_scalar("SELECT rank FROM idcraft_order ORDER BY id").fetch_all(&pool).await.unwrap();
            let ranks: Vec<usize> = ranks.into_iter().map(|r| r as usize).collect();
            cells.push((col.label, Verdict::of(&sample.rows, &ranks)));
        }
        matrix.insert((sample.scheme.into(), "MariaDB".into()), cells);
    }
    run("DROP TABLE idcraft_order".into()).await;
}
