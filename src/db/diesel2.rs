//! diesel 2: `AsExpression`, `ToSql`, `FromSql` and `Queryable` for every derived ID, emitted by
//! `#[derive(Identity)]` when `diesel2-postgres` and/or `diesel2-sqlite` is on.
//!
//! Declare the column in `table!` with a SQL type that holds the scheme ([`SqlTypeOf`]); using
//! the ID with any other column type is a compile error naming both:
//!
//! | shape (schemes) | PostgreSQL (`table!` type) | SQLite |
//! |---|---|---|
//! | GUID (`comb_*`, `hot`, `uuid7`, `ulid`) | `Uuid` (or `Binary`, `Text`) | `Binary` (or `Text`) |
//! | `U128` (`distributed128`) | `Uuid`, `Numeric` (39 digits) or `Binary`, `Text` | `Binary` (or `Text`) |
//! | `Decimal` (`distributed`) | `Numeric` (or `Text`) | `Text` |
//! | `Bytes<N>` (`sno`, `uid96`) | `Binary` (or `Text`) | `Binary` (or `Text`) |
//! | `U63`, `U64` (snowflakes, `uid64`) | `BigInt` (or `Text`) | `BigInt` (or `Text`) |
//!
//! A `Text` column holds exactly the type's `Display`. Nullable columns take `Option<Id>`.

use crate::db::Column;
use diesel::sql_types;
use idcraft_core::scheme::shape::{self, Shape};

/// A diesel SQL type that a column of values of shape `S` may have, and which column it is.
/// Derived types implement diesel's traits for every `SqlTypeOf` their scheme's shape.
#[diagnostic::on_unimplemented(
    message = "a `{Self}` column does not hold IDs of shape `{S}`",
    note = "see idcraft::db::diesel2 for the SQL types each shape lives in"
)]
pub trait SqlTypeOf<S: Shape>: sql_types::SqlType + sql_types::SingleValue {
    /// The column shape values of this type are written in.
    const COLUMN: Column;
}

/// Every ID can live in a text column, as its `Display`.
impl<S: Shape> SqlTypeOf<S> for sql_types::Text {
    const COLUMN: Column = Column::Text;
}

macro_rules! columns {
    ($($sql:ident: $column:ident for $($shape:ty),+;)+) => {$($(
        impl SqlTypeOf<$shape> for sql_types::$sql {
            const COLUMN: Column = Column::$column;
        }
    )+)+};
}

columns! {
    Binary: Bytes for shape::Guid, shape::DotNetGuid, shape::U128;
    BigInt: BigInt for shape::U63, shape::U64;
}

#[cfg(feature = "diesel2-postgres")]
mod postgres_columns {
    use super::*;
    columns! {
        Uuid: Uuid for shape::Guid, shape::DotNetGuid, shape::U128;
        Numeric: Numeric for shape::Decimal, shape::U128;
    }
}

impl<const N: usize> SqlTypeOf<shape::Bytes<N>> for sql_types::Binary {
    const COLUMN: Column = Column::Bytes;
}

/// The shape of `I`'s scheme: what [`SqlTypeOf`] is asked of.
pub type ShapeOf<I> = <<I as crate::Identity>::Scheme as idcraft_core::Scheme>::Shape;

#[cfg(feature = "diesel2-postgres")]
pub use postgres::{pg_from_sql, pg_to_sql};

#[cfg(feature = "diesel2-postgres")]
mod postgres {
    use super::{ShapeOf, SqlTypeOf};
    use crate::Identity;
    use crate::db::DbColumn;
    use diesel::pg::{Pg, PgValue};
    use diesel::serialize::{IsNull, Output};

    /// Writes `id` into a `ST` column.
    #[doc(hidden)]
    pub fn pg_to_sql<I, ST>(id: &I, out: &mut Output<'_, '_, Pg>) -> diesel::serialize::Result
    where
        I: Identity,
        I::Scheme: DbColumn,
        ST: SqlTypeOf<ShapeOf<I>>,
    {
        let mut raw = Vec::with_capacity(24);
        crate::db::pg_binary::encode(id, ST::COLUMN, &mut raw)?;
        std::io::Write::write_all(out, &raw)?;
        Ok(IsNull::No)
    }

    /// Reads `I` from a `ST` column: a value of the wrong shape is a typed error.
    #[doc(hidden)]
    pub fn pg_from_sql<I, ST>(value: PgValue<'_>) -> diesel::deserialize::Result<I>
    where
        I: Identity,
        I::Scheme: DbColumn,
        ST: SqlTypeOf<ShapeOf<I>>,
    {
        crate::db::pg_binary::decode(ST::COLUMN, value.as_bytes())
    }
}

#[cfg(feature = "diesel2-sqlite")]
pub use sqlite::{sqlite_from_sql, sqlite_to_sql};

#[cfg(feature = "diesel2-sqlite")]
mod sqlite {
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
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_diesel2 {
    ($ty:ident) => {
        #[automatically_derived]
        impl<ST> $crate::__private::diesel::expression::AsExpression<ST> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>
                + $crate::__private::diesel::expression::TypedExpressionType,
        {
            type Expression = $crate::__private::diesel::internal::derives::as_expression::Bound<ST, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::__private::diesel::internal::derives::as_expression::Bound::new(self)
            }
        }

        #[automatically_derived]
        impl<'a, ST> $crate::__private::diesel::expression::AsExpression<ST> for &'a $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>
                + $crate::__private::diesel::expression::TypedExpressionType,
        {
            type Expression = $crate::__private::diesel::internal::derives::as_expression::Bound<ST, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::__private::diesel::internal::derives::as_expression::Bound::new(self)
            }
        }

        #[automatically_derived]
        impl<ST, DB> $crate::__private::diesel::deserialize::Queryable<ST, DB> for $ty
        where
            DB: $crate::__private::diesel::backend::Backend,
            ST: $crate::__private::diesel::sql_types::SingleValue,
            Self: $crate::__private::diesel::deserialize::FromSql<ST, DB>,
        {
            type Row = Self;

            fn build(row: Self) -> $crate::__private::diesel::deserialize::Result<Self> {
                ::core::result::Result::Ok(row)
            }
        }
    };
}

#[cfg(feature = "diesel2-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_diesel2_postgres {
    ($ty:ident) => {
        #[automatically_derived]
        impl<ST> $crate::__private::diesel::serialize::ToSql<ST, $crate::__private::diesel::pg::Pg> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut $crate::__private::diesel::serialize::Output<'b, '_, $crate::__private::diesel::pg::Pg>,
            ) -> $crate::__private::diesel::serialize::Result {
                $crate::__private::diesel2::pg_to_sql::<Self, ST>(self, out)
            }
        }

        #[automatically_derived]
        impl<ST> $crate::__private::diesel::deserialize::FromSql<ST, $crate::__private::diesel::pg::Pg> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn from_sql(
                value: $crate::__private::diesel::pg::PgValue<'_>,
            ) -> $crate::__private::diesel::deserialize::Result<Self> {
                $crate::__private::diesel2::pg_from_sql::<Self, ST>(value)
            }
        }
    };
}

#[cfg(feature = "diesel2-sqlite")]
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
