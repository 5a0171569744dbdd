//! sqlx 0.8 (PostgreSQL and SQLite): `Type`, `Encode`, `Decode` and `PgHasArrayType` for every
//! derived ID, emitted by `#[derive(Identity)]` when the `sqlx08` feature is on.
//!
//! The `query!` macros check column types at compile time and know nothing of these types;
//! override the column's type in the query, e.g.
//! `sqlx::query_as!(Order, r#"SELECT id AS "id: OrderId" FROM orders"#)`.

use crate::column::{Column, DbColumn, DbValue, Dialect};
use crate::{Identity, schemes::IdBytes};
use rust_decimal::Decimal;
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};
use sqlx::sqlite::{Sqlite, SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Encode, Type};
use uuid::Uuid;

fn column<I: Identity>(dialect: Dialect) -> Column
where
    I::Scheme: DbColumn,
{
    <I::Scheme as DbColumn>::column(dialect)
}

/// PostgreSQL type of `I`'s column.
pub fn pg_type_info<I: Identity>() -> PgTypeInfo
where
    I::Scheme: DbColumn,
{
    match column::<I>(Dialect::Postgres) {
        Column::Uuid => <Uuid as Type<Postgres>>::type_info(),
        Column::Numeric => <Decimal as Type<Postgres>>::type_info(),
        Column::Bytes => <Vec<u8> as Type<Postgres>>::type_info(),
        Column::BigInt => <i64 as Type<Postgres>>::type_info(),
        Column::Text => <String as Type<Postgres>>::type_info(),
    }
}

/// Whether a PostgreSQL column of type `ty` holds `I` (its own type, or `NUMERIC` for the
/// schemes with a `NUMERIC(38,0)` form).
pub fn pg_compatible<I: Identity>(ty: &PgTypeInfo) -> bool
where
    I::Scheme: DbColumn,
{
    *ty == pg_type_info::<I>()
        || (<I::Scheme as DbColumn>::from_numeric(0).is_some() && *ty == <Decimal as Type<Postgres>>::type_info())
}

/// PostgreSQL array type of `I`'s column.
pub fn pg_array_type_info<I: Identity>() -> PgTypeInfo
where
    I::Scheme: DbColumn,
{
    match column::<I>(Dialect::Postgres) {
        Column::Uuid => <Uuid as PgHasArrayType>::array_type_info(),
        Column::Numeric => <Decimal as PgHasArrayType>::array_type_info(),
        Column::Bytes => <Vec<u8> as PgHasArrayType>::array_type_info(),
        Column::BigInt => <i64 as PgHasArrayType>::array_type_info(),
        Column::Text => <String as PgHasArrayType>::array_type_info(),
    }
}

/// Writes `id` for PostgreSQL.
pub fn pg_encode<I: Identity>(id: &I, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError>
where
    I::Scheme: DbColumn,
{
    match id.to_scheme().to_db(Dialect::Postgres) {
        DbValue::Uuid(u) => <Uuid as Encode<Postgres>>::encode_by_ref(&u, buf),
        DbValue::Numeric(d) => <Decimal as Encode<Postgres>>::encode_by_ref(&d, buf),
        DbValue::Bytes(b) => <&[u8] as Encode<Postgres>>::encode(&b, buf),
        DbValue::BigInt(v) => <i64 as Encode<Postgres>>::encode_by_ref(&v, buf),
        DbValue::Text(_) => <String as Encode<Postgres>>::encode(id.to_string(), buf),
    }
}

/// Reads `I` from PostgreSQL: a value of the wrong shape is a typed [`crate::ParseError`].
pub fn pg_decode<I: Identity>(value: PgValueRef<'_>) -> Result<I, BoxDynError>
where
    I::Scheme: DbColumn,
{
    use sqlx::ValueRef;
    if *value.type_info() == <Decimal as Type<Postgres>>::type_info()
        && column::<I>(Dialect::Postgres) != Column::Numeric
    {
        let v = match value.format() {
            sqlx::postgres::PgValueFormat::Binary => super::pg_numeric::decode(value.as_bytes()?)?,
            sqlx::postgres::PgValueFormat::Text => value.as_str()?.parse::<u128>()?,
        };
        let scheme = <I::Scheme as DbColumn>::from_numeric(v)
            .ok_or(crate::ParseError::OutOfRange { rule: "a NUMERIC column does not hold this scheme" })?;
        return Ok(I::from_scheme(scheme));
    }
    let db = match column::<I>(Dialect::Postgres) {
        Column::Uuid => DbValue::Uuid(<Uuid as Decode<Postgres>>::decode(value)?),
        Column::Numeric => match value.format() {
            sqlx::postgres::PgValueFormat::Binary => super::pg_numeric::decode_decimal_id(value.as_bytes()?)?,
            sqlx::postgres::PgValueFormat::Text => return Ok(crate::column::from_db_text::<I>(value.as_str()?)?),
        },
        Column::Bytes => bytes(<&[u8] as Decode<Postgres>>::decode(value)?)?,
        Column::BigInt => DbValue::BigInt(<i64 as Decode<Postgres>>::decode(value)?),
        Column::Text => return Ok(crate::column::from_db_text::<I>(<&str as Decode<Postgres>>::decode(value)?)?),
    };
    Ok(I::from_scheme(<I::Scheme as DbColumn>::from_db(db)?))
}

fn bytes(b: &[u8]) -> Result<DbValue, crate::ParseError> {
    IdBytes::try_new(b).map(DbValue::Bytes).ok_or(crate::ParseError::bytes(16, b.len()))
}

/// SQLite type of `I`'s column.
pub fn sqlite_type_info<I: Identity>() -> SqliteTypeInfo
where
    I::Scheme: DbColumn,
{
    match column::<I>(Dialect::Sqlite) {
        Column::Bytes | Column::Uuid => <Vec<u8> as Type<Sqlite>>::type_info(),
        Column::BigInt => <i64 as Type<Sqlite>>::type_info(),
        Column::Text | Column::Numeric => <String as Type<Sqlite>>::type_info(),
    }
}

/// Whether a SQLite value of type `ty` can be read as `I` (SQLite types are per value).
pub fn sqlite_compatible<I: Identity>(ty: &SqliteTypeInfo) -> bool
where
    I::Scheme: DbColumn,
{
    <Vec<u8> as Type<Sqlite>>::compatible(ty)
        || <String as Type<Sqlite>>::compatible(ty)
        || <i64 as Type<Sqlite>>::compatible(ty)
}

/// Writes `id` for SQLite.
pub fn sqlite_encode<'q, I: Identity>(id: &I, args: &mut Vec<SqliteArgumentValue<'q>>) -> Result<IsNull, BoxDynError>
where
    I::Scheme: DbColumn,
{
    match id.to_scheme().to_db(Dialect::Sqlite) {
        DbValue::Bytes(b) => <Vec<u8> as Encode<Sqlite>>::encode(b.to_vec(), args),
        DbValue::BigInt(v) => <i64 as Encode<Sqlite>>::encode(v, args),
        DbValue::Text(_) => <String as Encode<Sqlite>>::encode(id.to_string(), args),
        DbValue::Uuid(u) => <Vec<u8> as Encode<Sqlite>>::encode(u.as_bytes().to_vec(), args),
        DbValue::Numeric(d) => <String as Encode<Sqlite>>::encode(d.to_string(), args),
    }
}

/// Reads `I` from SQLite, whatever storage class the value has.
pub fn sqlite_decode<I: Identity>(value: SqliteValueRef<'_>) -> Result<I, BoxDynError>
where
    I::Scheme: DbColumn,
{
    use sqlx::{TypeInfo, ValueRef};
    let db = match value.type_info().name() {
        "BLOB" => bytes(<&[u8] as Decode<Sqlite>>::decode(value)?)?,
        "INTEGER" => DbValue::BigInt(<i64 as Decode<Sqlite>>::decode(value)?),
        "TEXT" => return Ok(crate::column::from_db_text::<I>(<&str as Decode<Sqlite>>::decode(value)?)?),
        other => return Err(format!("a {other} value is not a {}", I::TYPE_NAME).into()),
    };
    Ok(I::from_scheme(<I::Scheme as DbColumn>::from_db(db)?))
}
