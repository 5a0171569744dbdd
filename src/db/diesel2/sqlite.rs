//! diesel's SQLite backend (`diesel2-sqlite`): values as every SQLite driver here writes and
//! reads them.

use super::{ShapeOf, SqlTypeOf};
use crate::Identity;
use crate::db::sqlite::{self, SqliteValue, SqliteValueRef};
use crate::db::{Column, DbColumn};
use diesel::serialize::{IsNull, Output};
use diesel::sqlite::{Sqlite, SqliteType};

/// Writes `id` into a `ST` column, as every SQLite driver here writes it.
#[doc(hidden)]
pub fn sqlite_to_sql<I, ST>(id: &I, out: &mut Output<'_, '_, Sqlite>) -> diesel::serialize::Result
where
    I: Identity,
    I::Scheme: DbColumn,
    ST: SqlTypeOf<ShapeOf<I>>,
{
    match (ST::COLUMN, sqlite::to_value(id)) {
        (Column::Numeric, _) => {
            return Err("SQLite keeps a NUMERIC of 28 or more digits as a lossy REAL: use a Text column".into());
        }
        (Column::Text, _) => out.set_value(id.to_string()),
        (_, SqliteValue::Blob(b)) => out.set_value(b),
        (_, SqliteValue::Integer(v)) => out.set_value(v),
        (_, SqliteValue::Text(t)) => out.set_value(t),
    }
    Ok(IsNull::No)
}

/// Reads `I` from a value of any storage class: a value of the wrong shape is a typed error.
#[doc(hidden)]
pub fn sqlite_from_sql<I>(mut value: diesel::sqlite::SqliteValue<'_, '_, '_>) -> diesel::deserialize::Result<I>
where
    I: Identity,
    I::Scheme: DbColumn,
{
    let read = match value.value_type() {
        Some(SqliteType::Binary) => SqliteValueRef::Blob(value.read_blob()),
        Some(SqliteType::Long | SqliteType::Integer | SqliteType::SmallInt) => {
            SqliteValueRef::Integer(value.read_long())
        }
        Some(SqliteType::Text) => SqliteValueRef::Text(value.read_text().as_bytes()),
        _ => SqliteValueRef::Other,
    };
    Ok(sqlite::from_value(read)?)
}
