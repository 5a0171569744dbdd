//! rusqlite (0.32 to 0.43, whichever the application uses): `ToSql` and `FromSql` for every
//! derived ID, emitted by `#[derive(Identity)]` when the `rusqlite` feature is on. Values as
//! every SQLite driver here writes and reads them ([`crate::db::sqlite`]).

use crate::Identity;
use crate::db::DbColumn;
use crate::db::sqlite::{self, SqliteValue, SqliteValueRef};
use rusqlite::types::{FromSqlError, FromSqlResult, ToSqlOutput, Value, ValueRef};

/// The SQL value of `id`.
#[doc(hidden)]
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
#[doc(hidden)]
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

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_rusqlite {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::rusqlite::types::ToSql for $ty {
            fn to_sql(
                &self,
            ) -> $crate::__private::rusqlite::Result<$crate::__private::rusqlite::types::ToSqlOutput<'_>> {
                $crate::__private::rusqlite_driver::to_sql(self)
            }
        }

        #[automatically_derived]
        impl $crate::__private::rusqlite::types::FromSql for $ty {
            fn column_result(
                value: $crate::__private::rusqlite::types::ValueRef<'_>,
            ) -> $crate::__private::rusqlite::types::FromSqlResult<Self> {
                $crate::__private::rusqlite_driver::from_sql(value)
            }
        }
    };
}
