//! postgres-types 0.2 (`postgres`, `tokio-postgres`): `ToSql` and `FromSql` for every derived
//! ID, emitted by `#[derive(Identity)]` when the `postgres02` feature is on.

use crate::column::{Column, DbColumn, DbValue, Dialect};
use crate::{Identity, ParseError, Scheme, schemes::IdBytes};
use bytes::BytesMut;
use postgres_types::{IsNull, ToSql, Type};
use std::error::Error;
use uuid::Uuid;

type BoxError = Box<dyn Error + Sync + Send>;

/// Whether a PostgreSQL column of type `ty` holds `I`.
pub fn accepts<I: Identity>(ty: &Type) -> bool
where
    I::Scheme: DbColumn,
{
    if *ty == Type::NUMERIC && super::pg_numeric::has_numeric_form::<I>() {
        return true;
    }
    *ty == match <I::Scheme as DbColumn>::POSTGRES {
        Column::Uuid => Type::UUID,
        Column::Numeric => Type::NUMERIC,
        Column::Bytes => Type::BYTEA,
        Column::BigInt => Type::INT8,
        Column::Text => Type::TEXT,
    }
}

/// Writes `id`.
pub fn to_sql<I: Identity>(id: &I, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError>
where
    I::Scheme: DbColumn,
{
    if *ty == Type::NUMERIC
        && let Some(v) = id.to_scheme().to_numeric()
    {
        let mut buf = Vec::with_capacity(20);
        super::pg_numeric::encode(v, &mut buf);
        out.extend_from_slice(&buf);
        return Ok(IsNull::No);
    }
    match id.to_scheme().to_db(Dialect::Postgres) {
        DbValue::Uuid(u) => u.to_sql(ty, out),
        DbValue::Numeric(d) => {
            let mut buf = Vec::with_capacity(24);
            super::pg_numeric::encode_decimal(d, &mut buf)?;
            out.extend_from_slice(&buf);
            Ok(IsNull::No)
        }
        DbValue::Bytes(b) => (&*b).to_sql(ty, out),
        DbValue::BigInt(v) => v.to_sql(ty, out),
        DbValue::Text(_) => id.to_string().as_str().to_sql(ty, out),
    }
}

/// Reads `I`: a value of the wrong shape is a typed [`ParseError`].
pub fn from_sql<I: Identity>(ty: &Type, raw: &[u8]) -> Result<I, BoxError>
where
    I::Scheme: DbColumn,
{
    use postgres_types::FromSql;
    if *ty == Type::NUMERIC && super::pg_numeric::has_numeric_form::<I>() {
        let v = super::pg_numeric::decode(raw)?;
        let value = <I::Scheme as DbColumn>::from_numeric(v)
            .ok_or(ParseError::OutOfRange { rule: "the NUMERIC value is not an ID of this scheme" })?;
        return Ok(I::from_scheme(value));
    }
    let db = match <I::Scheme as DbColumn>::POSTGRES {
        Column::Uuid => DbValue::Uuid(Uuid::from_sql(ty, raw)?),
        Column::Numeric => super::pg_numeric::decode_decimal_id(raw)?,
        Column::Bytes => {
            DbValue::Bytes(IdBytes::try_new(raw).ok_or(ParseError::bytes(I::Scheme::BYTE_LEN, raw.len()))?)
        }
        Column::BigInt => DbValue::BigInt(i64::from_sql(ty, raw)?),
        Column::Text => return Ok(crate::column::from_db_text::<I>(<&str>::from_sql(ty, raw)?)?),
    };
    Ok(I::from_scheme(<I::Scheme as DbColumn>::from_db(db)?))
}
