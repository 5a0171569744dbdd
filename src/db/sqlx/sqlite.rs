//! SQLite through sqlx: `Type`, `Encode` and `Decode` for every derived ID, emitted by
//! `#[derive(Identity)]` when the `sqlx09-sqlite` or `sqlx08-sqlite` feature is on. Values as
//! every SQLite driver here writes and reads them ([`crate::db::sqlite`]).

/// What an `Encode<Sqlite>` impl writes into (named alike for every sqlx backend).
pub use super::SqliteArgs as Args;
use super::sqlx::encode::IsNull;
use super::sqlx::error::BoxDynError;
use super::sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};
use super::sqlx::{Decode, Encode, Type, TypeInfo, ValueRef};
use crate::Identity;
use crate::db::sqlite::{self, SqliteValue};
use crate::db::{Column, DbColumn, Dialect};

/// SQLite type of `I`'s column.
#[doc(hidden)]
pub fn type_info<I: Identity>() -> SqliteTypeInfo
where
    I::Scheme: DbColumn,
{
    match <I::Scheme as DbColumn>::column(Dialect::Sqlite) {
        Column::Bytes | Column::Uuid => <Vec<u8> as Type<Sqlite>>::type_info(),
        Column::BigInt => <i64 as Type<Sqlite>>::type_info(),
        Column::Text | Column::Numeric => <String as Type<Sqlite>>::type_info(),
    }
}

/// Whether a SQLite value of type `ty` can be read as `I` (SQLite types are per value, and an
/// ID is read from any of BLOB, INTEGER and TEXT).
#[doc(hidden)]
pub fn compatible(ty: &SqliteTypeInfo) -> bool {
    <Vec<u8> as Type<Sqlite>>::compatible(ty)
        || <String as Type<Sqlite>>::compatible(ty)
        || <i64 as Type<Sqlite>>::compatible(ty)
}

/// Writes `id`.
#[doc(hidden)]
pub fn encode<I: Identity>(id: &I, args: &mut Args<'_>) -> Result<IsNull, BoxDynError>
where
    I::Scheme: DbColumn,
{
    match sqlite::to_value(id) {
        SqliteValue::Blob(b) => <Vec<u8> as Encode<Sqlite>>::encode(b, args),
        SqliteValue::Integer(v) => <i64 as Encode<Sqlite>>::encode(v, args),
        SqliteValue::Text(t) => <String as Encode<Sqlite>>::encode(t, args),
    }
}

/// Reads `I`, whatever storage class the value has: a value of the wrong shape is a typed
/// [`crate::ParseError`].
#[doc(hidden)]
pub fn decode<I: Identity>(value: SqliteValueRef<'_>) -> Result<I, BoxDynError>
where
    I::Scheme: DbColumn,
{
    let value = match value.type_info().name() {
        "BLOB" => sqlite::SqliteValueRef::Blob(<&[u8] as Decode<Sqlite>>::decode(value)?),
        "INTEGER" => sqlite::SqliteValueRef::Integer(<i64 as Decode<Sqlite>>::decode(value)?),
        "TEXT" => sqlite::SqliteValueRef::Text(<&str as Decode<Sqlite>>::decode(value)?.as_bytes()),
        _ => sqlite::SqliteValueRef::Other,
    };
    Ok(sqlite::from_value(value)?)
}
