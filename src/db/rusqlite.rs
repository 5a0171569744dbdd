//! rusqlite (0.32 to 0.43, whichever the application uses): `ToSql` and `FromSql` for every
//! derived ID, emitted by `#[derive(Identity)]` when the `rusqlite` feature is on. Values as
//! every SQLite driver here writes and reads them ([`crate::db::sqlite`]).

use crate::Identity;
use crate::db::DbColumn;
use crate::db::sqlite::{self, SqliteValue, SqliteValueRef};
use rusqlite::types::{FromSqlError, FromSqlResult, ToSqlOutput, Value, ValueRef};

/// The SQL value of `id`.
pub fn to_sql<I: Identity>(id: &I) -> rusqlite::Result<ToSqlOutput<'static>>
where
    I::Scheme: DbColumn,
{
    Ok(ToSqlOutput::Owned(match sqlite::to_value(id) {
        SqliteValue::Blob(b) => Value::Blob(b),
        SqliteValue::Integer(v) => Value::Integer(v),
        SqliteValue::Text(t) => Value::Text(t),
    }))
}

/// Reads `I` from a value of any storage class: a value of the wrong shape is a typed
/// [`crate::ParseError`] inside `FromSqlError::Other`.
pub fn from_sql<I: Identity>(value: ValueRef<'_>) -> FromSqlResult<I>
where
    I::Scheme: DbColumn,
{
    let value = match value {
        ValueRef::Blob(b) => SqliteValueRef::Blob(b),
        ValueRef::Integer(v) => SqliteValueRef::Integer(v),
        ValueRef::Text(t) => SqliteValueRef::Text(t),
        ValueRef::Real(_) | ValueRef::Null => SqliteValueRef::Other,
    };
    sqlite::from_value(value).map_err(|e| FromSqlError::Other(Box::new(e)))
}
