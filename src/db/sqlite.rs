//! SQLite values, shared by every SQLite driver (rusqlite, sqlx 0.8 and 0.9): what a derived
//! ID writes, and how a value of any storage class is read back.

use crate::db::{DbColumn, DbValue, Dialect};
use crate::{Identity, InvalidReason, ParseError, Scheme, schemes::IdBytes};

/// A value as SQLite stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SqliteValue {
    /// `BLOB`.
    Blob(Vec<u8>),
    /// `INTEGER`.
    Integer(i64),
    /// `TEXT`.
    Text(String),
}

/// A value read from SQLite, borrowed from the row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SqliteValueRef<'a> {
    /// `BLOB`.
    Blob(&'a [u8]),
    /// `INTEGER`.
    Integer(i64),
    /// `TEXT`, as SQLite hands it over (not checked to be UTF-8).
    Text(&'a [u8]),
    /// `REAL` or `NULL`: never an ID.
    Other,
}

/// The SQLite value of `id` (columns as in [`crate::db`]).
pub fn to_value<I: Identity>(id: &I) -> SqliteValue
where
    I::Scheme: DbColumn,
{
    match id.to_scheme().to_db(Dialect::Sqlite) {
        DbValue::Bytes(b) => SqliteValue::Blob(b.to_vec()),
        DbValue::Uuid(u) => SqliteValue::Blob(u.as_bytes().to_vec()),
        DbValue::BigInt(v) => SqliteValue::Integer(v),
        // Only MySQL's values are unsigned; SQLite's integers are two's complement.
        DbValue::UnsignedBigInt(v) => SqliteValue::Integer(v as i64),
        // A TEXT column holds exactly what `Display` writes (prefix and encoding included).
        DbValue::Text(_) => SqliteValue::Text(id.to_string()),
        #[cfg(feature = "decimal")]
        DbValue::Numeric(_) => SqliteValue::Text(id.to_string()),
    }
}

/// Reads `I` from a value of any storage class: a value of the wrong shape is a typed
/// [`ParseError`].
pub fn from_value<I: Identity>(value: SqliteValueRef<'_>) -> Result<I, ParseError>
where
    I::Scheme: DbColumn,
{
    let db = match value {
        SqliteValueRef::Blob(b) => {
            DbValue::Bytes(IdBytes::try_new(b).ok_or(ParseError::bytes(<I::Scheme as Scheme>::BYTE_LEN, b.len()))?)
        }
        SqliteValueRef::Integer(v) => DbValue::BigInt(v),
        SqliteValueRef::Text(t) => {
            let text = core::str::from_utf8(t)
                .map_err(|_| ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::not_utf8() })?;
            return crate::db::from_db_text::<I>(text);
        }
        SqliteValueRef::Other => {
            return Err(ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::not_an_id_value() });
        }
    };
    <I::Scheme as DbColumn>::from_db(db).map(I::from_scheme)
}
