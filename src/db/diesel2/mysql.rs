//! diesel's MySQL backend (`diesel2-mysql`, diesel's `mysql_backend`: no client library):
//! values as every MySQL driver here writes and reads them.

use super::{ShapeOf, SqlTypeOf};
use crate::Identity;
use crate::db::mysql::{self, MysqlValue, MysqlValueRef};
use crate::db::{Column, DbColumn};
use diesel::deserialize::FromSql;
use diesel::mysql::sql_types::Unsigned;
use diesel::mysql::{Mysql, MysqlType};
use diesel::serialize::{IsNull, Output};
use diesel::sql_types::BigInt;
use std::io::Write as _;

/// Writes `id` into a `ST` column, as every MySQL driver here writes it. An integer is
/// written in the native byte order diesel's MySQL binds use; a `BigInt` and a
/// `Unsigned<BigInt>` parameter take the same 8 bytes (two's complement).
#[doc(hidden)]
pub fn mysql_to_sql<I, ST>(id: &I, out: &mut Output<'_, '_, Mysql>) -> diesel::serialize::Result
where
    I: Identity,
    I::Scheme: DbColumn,
    ST: SqlTypeOf<ShapeOf<I>>,
{
    match (ST::COLUMN, mysql::to_value(id)) {
        (Column::Text, _) => out.write_all(id.to_string().as_bytes())?,
        (_, MysqlValue::Bytes(b)) => out.write_all(&b)?,
        (_, MysqlValue::BigInt(v)) => out.write_all(&v.to_ne_bytes())?,
        (_, MysqlValue::UnsignedBigInt(v)) => out.write_all(&v.to_ne_bytes())?,
        (_, MysqlValue::Text(t)) => out.write_all(t.as_bytes())?,
    }
    Ok(IsNull::No)
}

/// Reads `I` from its own column type or a text column: a value of the wrong shape is a
/// typed error.
#[doc(hidden)]
pub fn mysql_from_sql<I>(value: diesel::mysql::MysqlValue<'_>) -> diesel::deserialize::Result<I>
where
    I: Identity,
    I::Scheme: DbColumn,
{
    let bytes = value.as_bytes();
    let read = match value.value_type() {
        MysqlType::UnsignedTiny | MysqlType::UnsignedShort | MysqlType::UnsignedLong | MysqlType::UnsignedLongLong => {
            MysqlValueRef::UnsignedInt(<u64 as FromSql<Unsigned<BigInt>, Mysql>>::from_sql(value)?)
        }
        MysqlType::Tiny | MysqlType::Short | MysqlType::Long | MysqlType::LongLong => {
            MysqlValueRef::Int(<i64 as FromSql<BigInt, Mysql>>::from_sql(value)?)
        }
        MysqlType::Numeric => MysqlValueRef::Decimal(std::str::from_utf8(bytes)?),
        // diesel reports a BINARY(N) column as `String` (it asks the client library for a
        // BLOB and keeps the flags of that), so every string is bytes or text by its content.
        MysqlType::String | MysqlType::Enum | MysqlType::Set | MysqlType::Blob => MysqlValueRef::Binary(bytes),
        other => {
            return Err(format!(
                "a {other:?} column does not hold {}: expected {}, or CHAR/VARCHAR holding its text",
                I::TYPE_NAME,
                mysql::column_type::<I>()
            )
            .into());
        }
    };
    Ok(mysql::from_value(read)?)
}
