//! sqlx 0.8: PostgreSQL (`sqlx08-postgres`), SQLite (`sqlx08-sqlite`) and MySQL / MariaDB
//! (`sqlx08-mysql`).

#[doc(hidden)]
pub use ::sqlx_0_8 as sqlx;

/// What an `Encode<Sqlite>` impl writes into.
#[cfg(feature = "sqlx08-sqlite")]
pub type SqliteArgs<'q> = Vec<sqlx::sqlite::SqliteArgumentValue<'q>>;

#[cfg(feature = "sqlx08-mysql")]
#[path = "sqlx/mysql.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod mysql;
#[cfg(feature = "sqlx08-postgres")]
#[path = "sqlx/postgres.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod postgres;
#[cfg(feature = "sqlx08-sqlite")]
#[path = "sqlx/sqlite.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod sqlite;
