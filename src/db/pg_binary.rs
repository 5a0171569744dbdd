//! PostgreSQL's binary wire values of a derived ID, for each column shape it can live in: one
//! codec for every PostgreSQL driver (postgres-types, sqlx, diesel).

use super::pg_numeric;
use crate::db::{Column, DbColumn, DbValue, Dialect};
use crate::{Identity, InvalidReason, ParseError, RangeRule, Scheme, schemes::IdBytes};
use uuid::Uuid;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

fn not_held<I: Identity>(column: Column) -> ParseError {
    ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::column_type(column) }
}

/// Appends `id` as the binary value of a `column` column.
pub fn encode<I: Identity>(id: &I, column: Column, out: &mut Vec<u8>) -> Result<(), BoxError>
where
    I::Scheme: DbColumn,
{
    let value = id.to_scheme();
    match (column, value.to_db(Dialect::Postgres)) {
        (Column::Uuid, DbValue::Uuid(u)) => out.extend_from_slice(u.as_bytes()),
        (Column::Numeric, db) => match (value.to_numeric(), db) {
            (Some(whole), _) => pg_numeric::encode(whole, out),
            #[cfg(feature = "decimal")]
            (None, DbValue::Numeric(d)) => pg_numeric::encode_decimal(d, out)?,
            _ => return Err(not_held::<I>(column).into()),
        },
        (Column::Bytes, DbValue::Bytes(b)) => out.extend_from_slice(&b),
        // A GUID scheme in bytea: the bytes of its BLOB form (the layout's byte order).
        (Column::Bytes, _) => match value.to_db(Dialect::Sqlite) {
            DbValue::Bytes(b) => out.extend_from_slice(&b),
            _ => return Err(not_held::<I>(column).into()),
        },
        (Column::BigInt, DbValue::BigInt(v)) => out.extend_from_slice(&v.to_be_bytes()),
        (Column::Text, _) => out.extend_from_slice(id.to_string().as_bytes()),
        _ => return Err(not_held::<I>(column).into()),
    }
    Ok(())
}

/// Reads `I` from the binary value of a `column` column: a value of the wrong shape is a typed
/// error, never a panic.
pub fn decode<I: Identity>(column: Column, raw: &[u8]) -> Result<I, BoxError>
where
    I::Scheme: DbColumn,
{
    let db = match column {
        Column::Uuid => DbValue::Uuid(Uuid::from_bytes(raw.try_into().map_err(|_| ParseError::bytes(16, raw.len()))?)),
        Column::Numeric if pg_numeric::has_numeric_form::<I>() => {
            let value = <I::Scheme as DbColumn>::from_numeric(pg_numeric::decode(raw)?)
                .ok_or(ParseError::OutOfRange { rule: RangeRule::numeric_not_this_scheme() })?;
            return Ok(I::from_scheme(value));
        }
        #[cfg(feature = "decimal")]
        Column::Numeric => pg_numeric::decode_decimal_id(raw)?,
        // Only the `distributed` family keeps its values in NUMERIC without a numeric form.
        #[cfg(not(feature = "decimal"))]
        Column::Numeric => return Err(not_held::<I>(column).into()),
        Column::Bytes => {
            DbValue::Bytes(IdBytes::try_new(raw).ok_or(ParseError::bytes(I::Scheme::BYTE_LEN, raw.len()))?)
        }
        Column::BigInt => {
            let be: [u8; 8] = raw.try_into().map_err(|_| ParseError::bytes(8, raw.len()))?;
            DbValue::BigInt(i64::from_be_bytes(be))
        }
        Column::Text => {
            let text = core::str::from_utf8(raw)
                .map_err(|_| ParseError::Invalid { scheme: I::Scheme::NAME, reason: InvalidReason::not_utf8() })?;
            return Ok(crate::db::from_db_text::<I>(text)?);
        }
    };
    Ok(I::from_scheme(<I::Scheme as DbColumn>::from_db(db)?))
}
