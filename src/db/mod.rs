//! Database support: the column each scheme is stored in ([`DbColumn`], [`Column`],
//! [`DbValue`], [`Dialect`], shared by every driver), and one module per driver (each behind its
//! feature).
//!
//! | feature | driver | derived types get |
//! |---|---|---|
//! | `postgres02` | `postgres` / `tokio-postgres` (postgres-types 0.2) | `ToSql`, `FromSql` |
//! | `sqlx09-postgres`, `sqlx08-postgres` | sqlx 0.9 / 0.8, PostgreSQL | `Type`, `Encode`, `Decode`, `PgHasArrayType` |
//! | `sqlx09-sqlite`, `sqlx08-sqlite` | sqlx 0.9 / 0.8, SQLite | `Type`, `Encode`, `Decode` |
//! | `sqlx09-mysql`, `sqlx08-mysql` | sqlx 0.9 / 0.8, MySQL and MariaDB | `Type`, `Encode`, `Decode` |
//! | `rusqlite` | rusqlite 0.32 to 0.43 | `ToSql`, `FromSql` |
//! | `sea-orm2` | sea-orm 2, every backend | `ValueType`, `Nullable`, `TryGetable`, `TryFromU64`, `Into<Value>` |
//! | `diesel2-postgres`, `diesel2-sqlite`, `diesel2-mysql` | diesel 2 | `AsExpression`, `ToSql`, `FromSql`, `Queryable` |
//!
//! Only one SQLite library can be linked into a program (`links = "sqlite3"`), and each
//! rusqlite release pins its own; so the `rusqlite` feature accepts every release from 0.32 to
//! 0.43, and cargo picks the one the application uses.

pub use idcraft_core::column::{Column, DbColumn, DbValue, Dialect, from_db_text};

#[cfg(feature = "diesel2")]
#[cfg_attr(docsrs, doc(cfg(feature = "diesel2")))]
pub mod diesel2;
#[cfg(any(
    feature = "postgres02",
    feature = "sqlx08-postgres",
    feature = "sqlx09-postgres",
    feature = "diesel2-postgres"
))]
mod pg_binary;
#[cfg(any(
    feature = "postgres02",
    feature = "sqlx08-postgres",
    feature = "sqlx09-postgres",
    feature = "diesel2-postgres"
))]
mod pg_numeric;
#[cfg(feature = "postgres02")]
#[cfg_attr(docsrs, doc(cfg(feature = "postgres02")))]
pub mod postgres02;
#[cfg(feature = "rusqlite")]
#[cfg_attr(docsrs, doc(cfg(feature = "rusqlite")))]
pub mod rusqlite;
#[cfg(any(feature = "rusqlite", feature = "sqlx08-sqlite", feature = "sqlx09-sqlite", feature = "diesel2-sqlite"))]
#[cfg_attr(
    docsrs,
    doc(cfg(any(
        feature = "rusqlite",
        feature = "sqlx08-sqlite",
        feature = "sqlx09-sqlite",
        feature = "diesel2-sqlite"
    )))
)]
pub mod sqlite;

#[cfg(any(feature = "sqlx08-mysql", feature = "sqlx09-mysql", feature = "diesel2-mysql", feature = "sea-orm2"))]
#[cfg_attr(
    docsrs,
    doc(cfg(any(
        feature = "sqlx08-mysql",
        feature = "sqlx09-mysql",
        feature = "diesel2-mysql",
        feature = "sea-orm2"
    )))
)]
pub mod mysql;
#[cfg(feature = "sea-orm2")]
#[cfg_attr(docsrs, doc(cfg(feature = "sea-orm2")))]
pub mod sea_orm2;

#[cfg(any(feature = "sqlx08-postgres", feature = "sqlx08-sqlite", feature = "sqlx08-mysql"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "sqlx08-postgres", feature = "sqlx08-sqlite", feature = "sqlx08-mysql"))))]
pub mod sqlx08;
#[cfg(any(feature = "sqlx09-postgres", feature = "sqlx09-sqlite", feature = "sqlx09-mysql"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "sqlx09-postgres", feature = "sqlx09-sqlite", feature = "sqlx09-mysql"))))]
pub mod sqlx09;
#[cfg(any(
    feature = "sqlx08-postgres",
    feature = "sqlx08-sqlite",
    feature = "sqlx08-mysql",
    feature = "sqlx09-postgres",
    feature = "sqlx09-sqlite",
    feature = "sqlx09-mysql"
))]
#[path = "sqlx/glue.rs"]
mod sqlx_glue;
