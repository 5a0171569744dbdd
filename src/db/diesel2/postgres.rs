//! diesel's PostgreSQL backend (`diesel2-postgres`): the binary values every PostgreSQL driver
//! here writes and reads.

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

// What `#[derive(Identity)]` emits for this backend (called through `__idcraft_integrations!`;
// `__private.rs` has the empty twin for when the feature is off).

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
