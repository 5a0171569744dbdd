//! diesel 2: `AsExpression`, `ToSql`, `FromSql` and `Queryable` for every derived ID, emitted by
//! `#[derive(Identity)]` when `diesel2-postgres`, `diesel2-sqlite` and/or `diesel2-mysql` is on.
//!
//! Declare the column in `table!` with a SQL type that holds the scheme ([`SqlTypeOf`]); using
//! the ID with any other column type is a compile error naming both:
//!
//! | shape (schemes) | PostgreSQL (`table!` type) | SQLite | MySQL / MariaDB |
//! |---|---|---|---|
//! | GUID (`comb_*`, `hot`, `uuid7`, `ulid`) | `Uuid` (or `Binary`, `Text`) | `Binary` (or `Text`) | `Binary` (or `Text`) |
//! | `U128` (`distributed128`) | `Uuid`, `Numeric` (39 digits) or `Binary`, `Text` | `Binary` (or `Text`) | `Binary` (or `Text`) |
//! | `Decimal` (`distributed`) | `Numeric` (or `Text`) | `Text` | `Numeric` (or `Text`) |
//! | `Bytes<N>` (`sno`, `uid96`) | `Binary` (or `Text`) | `Binary` (or `Text`) | `Binary` (or `Text`) |
//! | `U63` (snowflakes) | `BigInt` (or `Text`) | `BigInt` (or `Text`) | `BigInt`, `Unsigned<BigInt>` (or `Text`) |
//! | `U64` (`uid64`) | `BigInt` (or `Text`) | `BigInt` (or `Text`) | `Unsigned<BigInt>`, `BigInt` (or `Text`) |
//!
//! A `Text` column holds exactly the type's `Display`. Nullable columns take `Option<Id>`. On
//! MySQL, a `BigInt` column holds a `U64` value from 2^63 on as a negative number, as
//! PostgreSQL's does; `Unsigned<BigInt>` (`BIGINT UNSIGNED`) holds every value in order.

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
        Numeric: Numeric for shape::U128;
    }
}

#[cfg(any(feature = "diesel2-postgres", feature = "diesel2-mysql"))]
mod decimal_columns {
    use super::*;
    columns! {
        Numeric: Numeric for shape::Decimal;
    }
}

#[cfg(feature = "diesel2-mysql")]
mod mysql_columns {
    use super::*;
    use diesel::mysql::sql_types::Unsigned;

    /// `BIGINT UNSIGNED`: every 64-bit value, in order.
    impl SqlTypeOf<shape::U63> for Unsigned<sql_types::BigInt> {
        const COLUMN: Column = Column::BigInt;
    }

    impl SqlTypeOf<shape::U64> for Unsigned<sql_types::BigInt> {
        const COLUMN: Column = Column::BigInt;
    }
}

impl<const N: usize> SqlTypeOf<shape::Bytes<N>> for sql_types::Binary {
    const COLUMN: Column = Column::Bytes;
}

/// The shape of `I`'s scheme: what [`SqlTypeOf`] is asked of.
pub type ShapeOf<I> = <<I as crate::Identity>::Scheme as idcraft_core::Scheme>::Shape;

#[cfg(feature = "diesel2-mysql")]
mod mysql;
#[cfg(feature = "diesel2-postgres")]
mod postgres;
#[cfg(feature = "diesel2-sqlite")]
mod sqlite;
#[cfg(feature = "diesel2-mysql")]
pub use mysql::{mysql_from_sql, mysql_to_sql};
#[cfg(feature = "diesel2-postgres")]
pub use postgres::{pg_from_sql, pg_to_sql};
#[cfg(feature = "diesel2-sqlite")]
pub use sqlite::{sqlite_from_sql, sqlite_to_sql};

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off, and
// the gates of the backends' arms).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_diesel2 {
    // `AsExpression` for the type (`$target` is `$ty`) or a reference to it (`&'a $ty`).
    (@as_expression $ty:ident, $target:ty $(, $lt:lifetime)?) => {
        #[automatically_derived]
        impl<$($lt,)? ST> $crate::__private::diesel::expression::AsExpression<ST> for $target
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>
                + $crate::__private::diesel::expression::TypedExpressionType,
        {
            type Expression = $crate::__private::diesel::internal::derives::as_expression::Bound<ST, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::__private::diesel::internal::derives::as_expression::Bound::new(self)
            }
        }
    };
    // A backend's `ToSql` and `FromSql` (`__private.rs` gates each by its feature).
    (postgres, $ty:ident) => {
        $crate::__idcraft_diesel2!(@backend $ty, pg::Pg, pg_to_sql, pg_from_sql::<Self, ST>);
    };
    (sqlite, $ty:ident) => {
        $crate::__idcraft_diesel2!(@backend $ty, sqlite::Sqlite, sqlite_to_sql, sqlite_from_sql::<Self>);
    };
    (mysql, $ty:ident) => {
        $crate::__idcraft_diesel2!(@backend $ty, mysql::Mysql, mysql_to_sql, mysql_from_sql::<Self>);
    };
    // `ToSql` and `FromSql` of diesel's backend `$db`: through idcraft's `$to_sql`, and
    // `$from_sql` (with its turbofish).
    (@backend $ty:ident, $($db:ident)::+, $to_sql:ident, $($from_sql:tt)+) => {
        #[automatically_derived]
        impl<ST> $crate::__private::diesel::serialize::ToSql<ST, $crate::__private::diesel::$($db)::+> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut $crate::__private::diesel::serialize::Output<'b, '_, $crate::__private::diesel::$($db)::+>,
            ) -> $crate::__private::diesel::serialize::Result {
                $crate::__private::diesel2::$to_sql::<Self, ST>(self, out)
            }
        }

        #[automatically_derived]
        impl<ST> $crate::__private::diesel::deserialize::FromSql<ST, $crate::__private::diesel::$($db)::+> for $ty
        where
            ST: $crate::__private::diesel2::SqlTypeOf<$crate::__private::diesel2::ShapeOf<$ty>>,
        {
            fn from_sql(
                value: <$crate::__private::diesel::$($db)::+ as $crate::__private::diesel::backend::Backend>::RawValue<'_>,
            ) -> $crate::__private::diesel::deserialize::Result<Self> {
                $crate::__private::diesel2::$($from_sql)+(value)
            }
        }
    };
    ($ty:ident) => {
        $crate::__idcraft_diesel2!(@as_expression $ty, $ty);
        $crate::__idcraft_diesel2!(@as_expression $ty, &'a $ty, 'a);

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
