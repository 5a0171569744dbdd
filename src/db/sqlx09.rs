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

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[cfg(feature = "sqlx09-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx09_postgres {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_postgres!($ty, sqlx09);
    };
}

#[cfg(feature = "sqlx09-sqlite")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx09_sqlite {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_sqlite!($ty, sqlx09);
    };
}

#[cfg(feature = "sqlx09-mysql")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx09_mysql {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_mysql!($ty, sqlx09);
    };
}
