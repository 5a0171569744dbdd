//! Database columns: each driver feature makes derived IDs values of that driver, stored in
//! the column their scheme's shape calls for (the same bytes whichever driver writes them).
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
//!
//! ## PostgreSQL
//!
//! A text column (`TEXT`, `VARCHAR`, `CHAR(n)`) reads as the type's own text, prefix and
//! encoding included. To write one, bind `id.to_string()`: sqlx declares a bound ID as its own
//! column type (`uuid`, ...), and PostgreSQL would cast that to its plain text, without the
//! prefix.
//!
//! The `query!` macros check column types at compile time and know nothing of these types;
//! override the column's type in the query, e.g.
//! `sqlx::query_as!(Order, r#"SELECT id AS "id: OrderId" FROM orders"#)`.
//!
//! ## MySQL and MariaDB
//!
//! | shape | column | written as |
//! |---|---|---|
//! | GUID, `U128` | `BINARY(16)` (or MariaDB's `UUID`, below) | 16 bytes (.NET order for `comb_binary`'s shape, as in SQLite) |
//! | `Bytes<N>` | `BINARY(N)` | N bytes |
//! | `U63` | `BIGINT` | a signed integer |
//! | `U64` | `BIGINT UNSIGNED` | an unsigned integer: every value, in the ID's order |
//! | `Decimal` | `DECIMAL(28,0)` | its digits, which the server converts exactly to the column's type |
//! | any | `CHAR(n)` / `VARCHAR(n)` | the type's own text (bind `id.to_string()`) |
//!
//! MySQL's protocol has no UUID type: MariaDB's `UUID` column reaches clients as its hyphenated
//! text, which a GUID- or `U128`-shaped ID reads as well as its own text. Write one through
//! its text too, `VALUES (HEX(?))`: MariaDB takes 16 bytes for that column as its own storage
//! form, in which some UUIDs have their groups swapped (the guide's "MariaDB's `UUID` type").
//! A GUID in .NET byte order (`comb_binary`'s shape) belongs in `BINARY(16)` only, as its bytes
//! there are not its text's.
//!
//! A text column (`CHAR`, `VARCHAR`, `TEXT`) reads as the type's own text, prefix and encoding
//! included; to write one, bind `id.to_string()` (a bound ID is its own column's value).
//!
//! ## SQLite
//!
//! A `BLOB`, `INTEGER` or `TEXT` value, as the diesel table gives per shape; every
//! SQLite driver writes and reads the same values. `REAL` and `NULL` are never an ID.
//!
//! ## sea-orm
//!
//! sea-orm hands the database one value whatever the backend, so each shape has the value every
//! backend stores in that shape's column:
//!
//! | shape | value | PostgreSQL | SQLite | MySQL / MariaDB |
//! |---|---|---|---|---|
//! | GUID, `U128` | `Uuid` | `uuid` | 16-byte `BLOB` | `BINARY(16)` |
//! | .NET-order GUID (`comb_binary`) | `Bytes` (.NET order) | `bytea` | `BLOB` | `BINARY(16)` |
//! | `Bytes<N>` | `Bytes` | `bytea` | `BLOB` | `BINARY(N)` |
//! | `U63`, `U64` | `BigInt` | `bigint` | `INTEGER` | `BIGINT` (`BIGINT UNSIGNED` for `U64`) |
//! | `Decimal` | `Decimal` | `NUMERIC(28,0)` | `TEXT` of digits | `DECIMAL(28,0)` |
//!
//! These are the columns the other drivers use, holding the same bytes, with two exceptions
//! that come from the one value: a .NET-order GUID is `bytea` in PostgreSQL (a `uuid` column
//! would need its string-order bytes, which a byte store must not get), and a `U64` value is a
//! two's complement `BigInt`, since sea-query's SQLite and PostgreSQL binders panic on an
//! unsigned value from 2^63 on (MySQL refuses those in `BIGINT UNSIGNED`: an error, never
//! another value; uid64 reaches them in the year 18600).
//!
//! A decimal's column type is `Decimal(28, 0)`, which sea-query makes `REAL` in SQLite, where
//! 28 digits do not fit: on SQLite, declare the column `#[sea_orm(column_type = "Text")]` (its
//! `TEXT` then holds the digits, where the other SQLite drivers write the type's own text: the
//! same for the default encoding, and either is read back). A `REAL` value is refused on
//! reading, never rounded to a nearby ID.
//!
//! Reading takes each column type the value may be in, text holding the type's own text
//! included, and refuses a value of the wrong shape with a typed error.

#[doc(hidden)]
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
// The driver modules are public only for the impls `#[derive(Identity)]` emits (reached
// through `__private`); what a user needs of them is in this module's docs.
#[cfg(feature = "postgres02")]
#[doc(hidden)]
pub mod postgres02;
#[cfg(feature = "rusqlite")]
#[doc(hidden)]
pub mod rusqlite;
#[cfg(any(feature = "rusqlite", feature = "sqlx08-sqlite", feature = "sqlx09-sqlite", feature = "diesel2-sqlite"))]
#[doc(hidden)]
pub mod sqlite;

#[cfg(any(feature = "sqlx08-mysql", feature = "sqlx09-mysql", feature = "diesel2-mysql", feature = "sea-orm2"))]
#[doc(hidden)]
pub mod mysql;
#[cfg(feature = "sea-orm2")]
#[doc(hidden)]
pub mod sea_orm2;

#[cfg(any(feature = "sqlx08-postgres", feature = "sqlx08-sqlite", feature = "sqlx08-mysql"))]
#[doc(hidden)]
pub mod sqlx08;
#[cfg(any(feature = "sqlx09-postgres", feature = "sqlx09-sqlite", feature = "sqlx09-mysql"))]
#[doc(hidden)]
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
