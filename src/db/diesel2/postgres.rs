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
