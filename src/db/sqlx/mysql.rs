//! MySQL and MariaDB through sqlx: `Type`, `Encode` and `Decode` for every derived ID, emitted
//! by `#[derive(Identity)]` when the `sqlx09-mysql` or `sqlx08-mysql` feature is on (one source
//! for both releases). Values as every MySQL driver here writes and reads them
//! (the `mysql` module). Documented in [`crate::db`].

use super::sqlx::encode::IsNull;
use super::sqlx::error::BoxDynError;
use super::sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};
use super::sqlx::{Decode, Encode, Type, TypeInfo as _, ValueRef as _};
use crate::Identity;
use crate::db::mysql::{self, MysqlValue, MysqlValueRef};
use crate::db::{Column, DbColumn, Dialect};

/// What an `Encode<MySql>` impl writes into (named alike for every sqlx backend).
pub type Args<'q> = Vec<u8>;

/// MySQL type of `I`'s parameters.
#[doc(hidden)]
pub fn type_info<I: Identity>() -> MySqlTypeInfo
where
    I::Scheme: DbColumn,
{
    match <I::Scheme as DbColumn>::column(Dialect::Mysql) {
        Column::BigInt if mysql::is_unsigned::<I>() => <u64 as Type<MySql>>::type_info(),
        Column::BigInt => <i64 as Type<MySql>>::type_info(),
        // The digits of a DECIMAL: the server converts them to the column's type exactly.
        Column::Numeric | Column::Text => <str as Type<MySql>>::type_info(),
        Column::Bytes | Column::Uuid => <[u8] as Type<MySql>>::type_info(),
    }
}

/// Every column type is let through to [`decode`], which reads `I`'s own column type or a text
/// column holding the type's own text, and otherwise says which types it expected.
#[doc(hidden)]
pub fn compatible(_: &MySqlTypeInfo) -> bool {
    true
}

/// Writes `id`.
#[doc(hidden)]
pub fn encode<I: Identity>(id: &I, buf: &mut Vec<u8>) -> Result<IsNull, BoxDynError>
where
    I::Scheme: DbColumn,
{
    match mysql::to_value(id) {
        MysqlValue::Bytes(b) => <&[u8] as Encode<MySql>>::encode(&*b, buf),
        MysqlValue::BigInt(v) => <i64 as Encode<MySql>>::encode(v, buf),
        MysqlValue::UnsignedBigInt(v) => <u64 as Encode<MySql>>::encode(v, buf),
        MysqlValue::Text(t) => <&str as Encode<MySql>>::encode(t.as_str(), buf),
    }
}

/// Reads `I` from a value of `I`'s own column type, or a text column holding the type's text:
/// a value of the wrong shape is a typed [`crate::ParseError`], a column of another type an
/// error naming the types expected.
#[doc(hidden)]
pub fn decode<I: Identity>(value: MySqlValueRef<'_>) -> Result<I, BoxDynError>
where
    I::Scheme: DbColumn,
{
    let ty = value.type_info().into_owned();
    // Checked in this order: sqlx calls a text column in a binary collation BINARY, and a
    // DECIMAL compatible with nothing here.
    let read = if <u64 as Type<MySql>>::compatible(&ty) {
        MysqlValueRef::UnsignedInt(<u64 as Decode<MySql>>::decode(value)?)
    } else if <i64 as Type<MySql>>::compatible(&ty) {
        MysqlValueRef::Int(<i64 as Decode<MySql>>::decode(value)?)
    } else if ty.name() == "DECIMAL" {
        MysqlValueRef::Decimal(<&str as Decode<MySql>>::decode(value)?)
    } else if <str as Type<MySql>>::compatible(&ty) {
        MysqlValueRef::Text(<&str as Decode<MySql>>::decode(value)?.as_bytes())
    } else if <[u8] as Type<MySql>>::compatible(&ty) {
        MysqlValueRef::Binary(<&[u8] as Decode<MySql>>::decode(value)?)
    } else {
        return Err(format!(
            "a {} column does not hold {}: expected {}, or CHAR/VARCHAR holding its text",
            ty.name(),
            I::TYPE_NAME,
            mysql::column_type::<I>()
        )
        .into());
    };
    Ok(mysql::from_value(read)?)
}
