//! PostgreSQL through sqlx: `Type`, `Encode`, `Decode` and `PgHasArrayType` for every derived
//! ID, emitted by `#[derive(Identity)]` when the `sqlx09-postgres` or `sqlx08-postgres` feature
//! is on (one source for both releases, whose PostgreSQL API is the same). Documented in [`crate::db`].

use super::sqlx::encode::IsNull;
use super::sqlx::error::BoxDynError;
use super::sqlx::postgres::types::Oid;
use super::sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};
use super::sqlx::{Decode, Encode, Type, TypeInfo as _, ValueRef};
use crate::db::{Column, DbColumn, DbValue, Dialect};
use crate::db::{pg_binary, pg_numeric};
use crate::{Identity, ParseError, RangeRule, Scheme, codec::hex, schemes::IdBytes};
use uuid::Uuid;

// `uuid` and `NUMERIC` are written and read here, by their binary formats (16 bytes; the one in
// `pg_numeric`), not through sqlx's `uuid` and `rust_decimal` features: those pull sqlx's SQLite
// driver into the lock file, whose SQLite then conflicts with the application's rusqlite.
const UUID: Oid = Oid(2950);
const UUID_ARRAY: Oid = Oid(2951);
const NUMERIC: Oid = Oid(1700);
const NUMERIC_ARRAY: Oid = Oid(1231);

fn column<I: Identity>() -> Column
where
    I::Scheme: DbColumn,
{
    <I::Scheme as DbColumn>::column(Dialect::Postgres)
}

/// What an `Encode<Postgres>` impl writes into (named alike for every sqlx backend).
pub type Args<'q> = PgArgumentBuffer;

/// PostgreSQL type of `I`'s column, or (`array`) of an array of it (`PgHasArrayType`).
#[doc(hidden)]
pub fn column_type<I: Identity>(array: bool) -> PgTypeInfo
where
    I::Scheme: DbColumn,
{
    fn of<T: Type<Postgres> + PgHasArrayType>(array: bool) -> PgTypeInfo {
        if array { T::array_type_info() } else { T::type_info() }
    }
    match column::<I>() {
        Column::Uuid => PgTypeInfo::with_oid(if array { UUID_ARRAY } else { UUID }),
        Column::Numeric => PgTypeInfo::with_oid(if array { NUMERIC_ARRAY } else { NUMERIC }),
        Column::Bytes => of::<Vec<u8>>(array),
        Column::BigInt => of::<i64>(array),
        Column::Text => of::<String>(array),
    }
}

/// PostgreSQL type of `I`'s column.
#[doc(hidden)]
pub fn type_info<I: Identity>() -> PgTypeInfo
where
    I::Scheme: DbColumn,
{
    column_type::<I>(false)
}

/// Every column type is let through to [`decode`], which reads `I`'s own column type, a
/// text column holding the type's own text, or says which types it expected: sqlx's own
/// mismatch error names `I`'s type as `?` (it is declared by OID), which tells nobody anything.
#[doc(hidden)]
pub fn compatible(_: &PgTypeInfo) -> bool {
    true
}

/// PostgreSQL's name of `I`'s own column type, for messages.
fn own_type_name<I: Identity>() -> &'static str
where
    I::Scheme: DbColumn,
{
    match column::<I>() {
        Column::Uuid => "UUID",
        Column::Numeric => "NUMERIC",
        Column::Bytes => "BYTEA",
        Column::BigInt => "INT8",
        Column::Text => "TEXT",
    }
}

/// The text types a column may hold an ID's own text in (`CHAR(n)` pads it with spaces).
fn is_text(ty: &PgTypeInfo) -> bool {
    ["TEXT", "VARCHAR", "CHAR", "BPCHAR", "NAME", "CITEXT"].iter().any(|name| ty.name().eq_ignore_ascii_case(name))
}

/// Writes `id` for PostgreSQL (binary format, through the codec postgres-types and diesel use).
#[doc(hidden)]
pub fn encode<I: Identity>(id: &I, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError>
where
    I::Scheme: DbColumn,
{
    let mut raw = Vec::with_capacity(24);
    pg_binary::encode(id, column::<I>(), &mut raw)?;
    <&[u8] as Encode<Postgres>>::encode(&raw, buf)
}

/// Reads `I` from PostgreSQL: a value of the wrong shape is a typed [`ParseError`].
#[doc(hidden)]
pub fn decode<I: Identity>(value: PgValueRef<'_>) -> Result<I, BoxDynError>
where
    I::Scheme: DbColumn,
{
    let ty = value.type_info().into_owned();
    // A text column holds the type's own text (its prefix and encoding), as `Display` wrote it.
    if is_text(&ty) && column::<I>() != Column::Text {
        return Ok(crate::db::from_db_text::<I>(value.as_str()?.trim_end_matches(' '))?);
    }
    // A NUMERIC value of a scheme that also lives in NUMERIC(38,0) is read as that form.
    let numeric_form = ty == PgTypeInfo::with_oid(NUMERIC) && pg_numeric::has_numeric_form::<I>();
    if !numeric_form && ty != type_info::<I>() && !(is_text(&ty) && column::<I>() == Column::Text) {
        let own = own_type_name::<I>();
        return Err(format!(
            "a {} column does not hold {}: expected {own}, or TEXT holding its text",
            ty.name(),
            I::TYPE_NAME
        )
        .into());
    }
    let column = if numeric_form { Column::Numeric } else { column::<I>() };
    if value.format() == PgValueFormat::Binary {
        return pg_binary::decode(column, value.as_bytes()?);
    }
    // Text format (simple queries).
    let db = match column {
        Column::Bytes => {
            let b = <Vec<u8> as Decode<Postgres>>::decode(value)?;
            DbValue::Bytes(IdBytes::try_new(&b).ok_or(ParseError::bytes(I::Scheme::BYTE_LEN, b.len()))?)
        }
        Column::BigInt => DbValue::BigInt(<i64 as Decode<Postgres>>::decode(value)?),
        Column::Uuid => DbValue::Uuid(Uuid::from_bytes(hex::decode_uuid(value.as_str()?)?)),
        Column::Numeric if numeric_form => {
            let scheme = <I::Scheme as DbColumn>::from_numeric(value.as_str()?.parse::<u128>()?)
                .ok_or(ParseError::OutOfRange { rule: RangeRule::numeric_not_this_scheme() })?;
            return Ok(I::from_scheme(scheme));
        }
        Column::Numeric | Column::Text => return Ok(crate::db::from_db_text::<I>(value.as_str()?)?),
    };
    Ok(I::from_scheme(<I::Scheme as DbColumn>::from_db(db)?))
}
