//! The SQL tests' PostgreSQL client (tests/sql_time.rs, tests/sql_generators.rs): a file of its
//! own, since the other crates that include `support/` have no PostgreSQL client.

use super::support::database_url;

/// A PostgreSQL client on [`database_url`] with the SQL files `sql` loaded, or `None` where the
/// tests of `file` skip. Loading is serialised across tests and test processes by an advisory
/// lock: concurrent `CREATE OR REPLACE` of one function fails ("tuple concurrently updated").
pub async fn postgres_with(file: &str, sql: &[&str]) -> Option<tokio_postgres::Client> {
    let url = database_url(file)?;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    client.batch_execute("SELECT pg_advisory_lock(7326001)").await.unwrap();
    for statements in sql {
        client.batch_execute(statements).await.unwrap();
    }
    client.batch_execute("SELECT pg_advisory_unlock(7326001)").await.unwrap();
    Some(client)
}
