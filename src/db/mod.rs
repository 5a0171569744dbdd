//! Database drivers for derived ID types, one module per driver (each behind its feature).
//! The column mapping itself is [`idcraft::column`](crate::column), shared by all drivers.

#[cfg(any(feature = "postgres02", feature = "sqlx08"))]
mod pg_numeric;
#[cfg(feature = "postgres02")]
pub mod postgres02;
#[cfg(feature = "rusqlite032")]
pub mod rusqlite032;
#[cfg(feature = "sqlx08")]
pub mod sqlx08;
