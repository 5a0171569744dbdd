//! rusqlite 0.32: `ToSql` and `FromSql` for every derived ID, emitted by `#[derive(Identity)]`
//! when the `rusqlite032` feature is on. Columns as in [`crate::column`]: GUID schemes are
//! 16-byte BLOBs whose `memcmp` order is the scheme's order for `comb_pg`, `comb_binary` (.NET
//! byte order), `hot` and `distributed128`; `distributed` is TEXT; `uid64` is INTEGER.

use crate::column::{DbColumn, DbValue, Dialect};
use crate::{Identity, ParseError, schemes::IdBytes};
use rusqlite::types::{FromSqlError, FromSqlResult, ToSqlOutput, Value, ValueRef};

/// The SQL value of `id`.
pub fn to_sql<I: Identity>(id: &I) -> rusqlite::Result<ToSqlOutput<'static>>
where
    I::Scheme: DbColumn,
{
    Ok(ToSqlOutput::Owned(match id.to_scheme().to_db(Dialect::Sqlite) {
        DbValue::Bytes(b) => Value::Blob(b.to_vec()),
        DbValue::BigInt(v) => Value::Integer(v),
        DbValue::Text(_) => Value::Text(id.to_string()),
        DbValue::Uuid(u) => Value::Blob(u.as_bytes().to_vec()),
        DbValue::Numeric(d) => Value::Text(d.to_string()),
    }))
}

/// Reads `I`: a value of the wrong shape is a typed [`ParseError`] inside
/// `FromSqlError::Other`.
pub fn from_sql<I: Identity>(value: ValueRef<'_>) -> FromSqlResult<I>
where
    I::Scheme: DbColumn,
{
    let invalid = |e: ParseError| FromSqlError::Other(Box::new(e));
    let db = match value {
        ValueRef::Blob(b) => DbValue::Bytes(IdBytes::try_new(b).ok_or(FromSqlError::InvalidBlobSize {
            expected_size: <I::Scheme as crate::Scheme>::BYTE_LEN,
            blob_size: b.len(),
        })?),
        ValueRef::Integer(v) => DbValue::BigInt(v),
        ValueRef::Text(t) => {
            let t = core::str::from_utf8(t).map_err(|e| FromSqlError::Other(Box::new(e)))?;
            return crate::column::from_db_text::<I>(t).map_err(invalid);
        }
        ValueRef::Real(_) | ValueRef::Null => return Err(FromSqlError::InvalidType),
    };
    <I::Scheme as DbColumn>::from_db(db).map(I::from_scheme).map_err(invalid)
}
