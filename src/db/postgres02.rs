//! postgres-types 0.2 (`postgres`, `tokio-postgres`): `ToSql` and `FromSql` for every derived
//! ID, emitted by `#[derive(Identity)]` when the `postgres02` feature is on.

use crate::Identity;
use crate::db::{Column, DbColumn};
use bytes::BytesMut;
use postgres_types::{IsNull, Type};
use std::error::Error;

type BoxError = Box<dyn Error + Sync + Send>;

/// Whether a PostgreSQL column of type `ty` holds `I`: its own type, `NUMERIC` for the
/// schemes with a `NUMERIC(38,0)` form, or a text column holding the type's own text (prefix
/// and encoding, as `Display` writes it).
#[doc(hidden)]
pub fn accepts<I: Identity>(ty: &Type) -> bool
where
    I::Scheme: DbColumn,
{
    if *ty == Type::NUMERIC && super::pg_numeric::has_numeric_form::<I>() {
        return true;
    }
    if *ty == Type::TEXT || *ty == Type::VARCHAR {
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

/// The column shape of a PostgreSQL type (`None` for a type no ID lives in).
fn column_of(ty: &Type) -> Option<Column> {
    Some(match *ty {
        Type::UUID => Column::Uuid,
        Type::NUMERIC => Column::Numeric,
        Type::BYTEA => Column::Bytes,
        Type::INT8 => Column::BigInt,
        Type::TEXT | Type::VARCHAR => Column::Text,
        _ => return None,
    })
}

/// Writes `id`.
#[doc(hidden)]
pub fn to_sql<I: Identity>(id: &I, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError>
where
    I::Scheme: DbColumn,
{
    let column = column_of(ty).ok_or_else(|| format!("a {ty} column does not hold {}", I::TYPE_NAME))?;
    let mut buf = Vec::with_capacity(24);
    super::pg_binary::encode(id, column, &mut buf)?;
    out.extend_from_slice(&buf);
    Ok(IsNull::No)
}

/// Reads `I`: a value of the wrong shape is a typed [`crate::ParseError`].
#[doc(hidden)]
pub fn from_sql<I: Identity>(ty: &Type, raw: &[u8]) -> Result<I, BoxError>
where
    I::Scheme: DbColumn,
{
    let column = column_of(ty).ok_or_else(|| format!("a {ty} column does not hold {}", I::TYPE_NAME))?;
    super::pg_binary::decode(column, raw)
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_postgres02 {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::postgres_types::ToSql for $ty {
            fn to_sql(
                &self,
                ty: &$crate::__private::postgres_types::Type,
                out: &mut $crate::__private::bytes::BytesMut,
            ) -> ::core::result::Result<
                $crate::__private::postgres_types::IsNull,
                ::std::boxed::Box<dyn ::std::error::Error + ::core::marker::Sync + ::core::marker::Send>,
            > {
                $crate::__private::postgres02::to_sql(self, ty, out)
            }

            fn accepts(ty: &$crate::__private::postgres_types::Type) -> bool {
                $crate::__private::postgres02::accepts::<Self>(ty)
            }

            $crate::__private::postgres_types::to_sql_checked!();
        }

        #[automatically_derived]
        impl<'a> $crate::__private::postgres_types::FromSql<'a> for $ty {
            fn from_sql(
                ty: &$crate::__private::postgres_types::Type,
                raw: &'a [u8],
            ) -> ::core::result::Result<
                Self,
                ::std::boxed::Box<dyn ::std::error::Error + ::core::marker::Sync + ::core::marker::Send>,
            > {
                $crate::__private::postgres02::from_sql(ty, raw)
            }

            fn accepts(ty: &$crate::__private::postgres_types::Type) -> bool {
                $crate::__private::postgres02::accepts::<Self>(ty)
            }
        }
    };
}
