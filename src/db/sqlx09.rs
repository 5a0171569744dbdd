//! sqlx 0.9: PostgreSQL (`sqlx09-postgres`), SQLite (`sqlx09-sqlite`) and MySQL / MariaDB
//! (`sqlx09-mysql`).

#[doc(hidden)]
pub use ::sqlx_0_9 as sqlx;

/// What an `Encode<Sqlite>` impl writes into (it lost its lifetime in 0.9).
#[cfg(feature = "sqlx09-sqlite")]
pub type SqliteArgs<'q> = sqlx::sqlite::SqliteArgumentsBuffer;

#[cfg(feature = "sqlx09-mysql")]
#[path = "sqlx/mysql.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod mysql;
#[cfg(feature = "sqlx09-postgres")]
#[path = "sqlx/postgres.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod postgres;
#[cfg(feature = "sqlx09-sqlite")]
#[path = "sqlx/sqlite.rs"]
#[allow(clippy::duplicate_mod, reason = "one source, compiled against each sqlx release")]
pub mod sqlite;
