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

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[cfg(feature = "sqlx08-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx08_postgres {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_postgres!($ty, sqlx08);
    };
}

#[cfg(feature = "sqlx08-sqlite")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx08_sqlite {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_sqlite!($ty, sqlx08);
    };
}

#[cfg(feature = "sqlx08-mysql")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sqlx08_mysql {
    ($ty:ident) => {
        $crate::__idcraft_sqlx_mysql!($ty, sqlx08);
    };
}
