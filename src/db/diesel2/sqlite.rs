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

// What `#[derive(Identity)]` emits for this backend (called through `__idcraft_integrations!`;
// `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_diesel2_sqlite {
    ($ty:ident) => {
        #[automatically_derived]
        impl<ST> $crate::__private::diesel::serialize::ToSql<ST, $crate::__private::diesel::sqlite::Sqlite> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut $crate::__private::diesel::serialize::Output<
                    'b,
                    '_,
                    $crate::__private::diesel::sqlite::Sqlite,
                >,
            ) -> $crate::__private::diesel::serialize::Result {
                $crate::__private::diesel2::sqlite_to_sql::<Self, ST>(self, out)
            }
        }

        #[automatically_derived]
        impl<ST> $crate::__private::diesel::deserialize::FromSql<ST, $crate::__private::diesel::sqlite::Sqlite> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn from_sql(
                value: $crate::__private::diesel::sqlite::SqliteValue<'_, '_, '_>,
            ) -> $crate::__private::diesel::deserialize::Result<Self> {
                $crate::__private::diesel2::sqlite_from_sql::<Self>(value)
            }
        }
    };
}
