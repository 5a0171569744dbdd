//! sea-orm 2: derived IDs as entity columns and primary keys (`From<Id> for Value`,
//! `ValueType`, `Nullable`, `TryGetable`, `TryFromU64`), emitted by `#[derive(Identity)]` when
//! the `sea-orm2` feature is on, for whichever backends the application gives sea-orm. Documented in [`crate::db`].

use crate::db::{DbColumn, DbValue, Dialect};
use crate::{Identity, ParseError, Scheme};
use idcraft_core::scheme::shape::{Kind, Shape};
use sea_orm::sea_query::{ArrayType, ColumnType, Value, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryGetError, TryGetable};
use uuid::Uuid;

fn kind<I: Identity>() -> Kind {
    <<I::Scheme as Scheme>::Shape as Shape>::KIND
}

/// The value sea-orm binds for `id` (see the [module](self)).
#[doc(hidden)]
pub fn to_value<I: Identity>(id: &I) -> Value
where
    I::Scheme: DbColumn,
{
    // MySQL's values are the byte stores' (GUIDs in their layout's byte order).
    match (kind::<I>(), id.to_scheme().to_db(Dialect::Mysql)) {
        (Kind::Guid { dotnet_bytes: false } | Kind::U128, DbValue::Bytes(b)) => {
            Value::Uuid(Some(Uuid::from_slice(&b).unwrap_or_default()))
        }
        (_, DbValue::Bytes(b)) => Value::Bytes(Some(b.to_vec())),
        (_, DbValue::Uuid(u)) => Value::Uuid(Some(u)),
        (_, DbValue::BigInt(v)) => Value::BigInt(Some(v)),
        (_, DbValue::UnsignedBigInt(v)) => Value::BigInt(Some(v as i64)),
        #[cfg(feature = "decimal")]
        (_, DbValue::Numeric(d)) => Value::Decimal(Some(d)),
        (_, DbValue::Text(_)) => Value::String(Some(id.to_string())),
    }
}

/// The value of a NULL of `I`'s column.
#[doc(hidden)]
pub fn null<I: Identity>() -> Value {
    match kind::<I>() {
        Kind::Guid { dotnet_bytes: false } | Kind::U128 => Value::Uuid(None),
        Kind::U63 | Kind::U64 => Value::BigInt(None),
        #[cfg(feature = "decimal")]
        Kind::Decimal => Value::Decimal(None),
        _ => Value::Bytes(None),
    }
}

/// The sea-query type of `I`'s values, for arrays.
#[doc(hidden)]
pub fn array_type<I: Identity>() -> ArrayType {
    match kind::<I>() {
        Kind::Guid { dotnet_bytes: false } | Kind::U128 => ArrayType::Uuid,
        Kind::U63 | Kind::U64 => ArrayType::BigInt,
        #[cfg(feature = "decimal")]
        Kind::Decimal => ArrayType::Decimal,
        _ => ArrayType::Bytes,
    }
}

/// The column a schema made from the entity gives `I` (`Schema::create_table_from_entity`).
#[doc(hidden)]
pub fn column_type<I: Identity>() -> ColumnType {
    match kind::<I>() {
        Kind::Guid { dotnet_bytes: false } | Kind::U128 => ColumnType::Uuid,
        Kind::U63 => ColumnType::BigInteger,
        Kind::U64 => ColumnType::BigUnsigned,
        Kind::Decimal => ColumnType::Decimal(Some((28, 0))),
        other => ColumnType::Binary(other.byte_len() as u32),
    }
}

/// `I` from a sea-query value of any type its column may give: an error for another type or a
/// value of the wrong shape.
#[doc(hidden)]
pub fn try_from_value<I: Identity>(value: Value) -> Result<I, ValueTypeErr>
where
    I::Scheme: DbColumn,
{
    let db = match value {
        Value::Uuid(Some(u)) => DbValue::Uuid(u),
        Value::Bytes(Some(b)) => {
            return crate::db::mysql::from_value(crate::db::mysql::MysqlValueRef::Binary(&b)).map_err(|_| ValueTypeErr);
        }
        Value::BigInt(Some(v)) => DbValue::BigInt(v),
        Value::BigUnsigned(Some(v)) => DbValue::UnsignedBigInt(v),
        #[cfg(feature = "decimal")]
        Value::Decimal(Some(d)) => DbValue::Numeric(d),
        Value::String(Some(s)) => return from_text::<I>(&s).map_err(|_| ValueTypeErr),
        _ => return Err(ValueTypeErr),
    };
    <I::Scheme as DbColumn>::from_db(db).map(I::from_scheme).map_err(|_| ValueTypeErr)
}

/// The type's own text, or for a decimal the digits sea-query writes into SQLite.
fn from_text<I: Identity>(text: &str) -> Result<I, ParseError>
where
    I::Scheme: DbColumn,
{
    let own = crate::db::mysql::from_value::<I>(crate::db::mysql::MysqlValueRef::Text(text.as_bytes()));
    match (own, kind::<I>(), crate::codec::IdText::try_from_str(text)) {
        (Err(_), Kind::Decimal, Some(digits)) => {
            <I::Scheme as DbColumn>::from_db(DbValue::Text(digits)).map(I::from_scheme)
        }
        (own, _, _) => own,
    }
}

/// An integer-shaped `I` from the number a driver returns for a new row's key.
#[doc(hidden)]
pub fn try_from_u64<I: Identity>(n: u64) -> Result<I, DbErr>
where
    I::Scheme: DbColumn,
{
    match kind::<I>() {
        Kind::U63 | Kind::U64 => <I::Scheme as DbColumn>::from_db(DbValue::UnsignedBigInt(n))
            .map(I::from_scheme)
            .map_err(|e| DbErr::Type(format!("{n} is not a {}: {e}", I::TYPE_NAME))),
        _ => Err(DbErr::ConvertFromU64(I::TYPE_NAME)),
    }
}

/// One way of reading a column: a sea-orm type, then `I` from it.
type Reader<I, C> = fn(&QueryResult, C) -> Result<Result<I, ParseError>, TryGetError>;

fn via<T: TryGetable, I, C: ColIdx>(
    res: &QueryResult,
    idx: C,
    then: impl FnOnce(T) -> Result<I, ParseError>,
) -> Result<Result<I, ParseError>, TryGetError> {
    T::try_get_by(res, idx).map(then)
}

/// A column read as the [`DbValue`] `value` makes of the sea-orm type `T`.
fn db<T: TryGetable, I: Identity, C: ColIdx>(
    res: &QueryResult,
    idx: C,
    value: fn(T) -> DbValue,
) -> Result<Result<I, ParseError>, TryGetError>
where
    I::Scheme: DbColumn,
{
    via(res, idx, |v: T| <I::Scheme as DbColumn>::from_db(value(v)).map(I::from_scheme))
}

/// Reads `I` from a row: each column type its shape may be stored in, in turn (a driver refuses
/// a type that is not the column's), the first that reads deciding. A NULL is sea-orm's NULL
/// (an `Option<Id>` reads it as `None`); a value of the wrong shape is a type error.
#[doc(hidden)]
pub fn try_get<I: Identity, C: ColIdx>(res: &QueryResult, idx: C) -> Result<I, TryGetError>
where
    I::Scheme: DbColumn,
{
    let bytes: Reader<I, C> = |res, idx| {
        via(res, idx, |b: Vec<u8>| crate::db::mysql::from_value(crate::db::mysql::MysqlValueRef::Binary(&b)))
    };
    let uuid: Reader<I, C> = |res, idx| db(res, idx, DbValue::Uuid);
    let text: Reader<I, C> = |res, idx| via(res, idx, |s: String| from_text::<I>(&s));
    let signed: Reader<I, C> = |res, idx| db(res, idx, DbValue::BigInt);
    let unsigned: Reader<I, C> = |res, idx| db(res, idx, DbValue::UnsignedBigInt);
    // A floating-point value (SQLite gives a `REAL` for sea-orm's default decimal column there) is
    // refused, as 28 digits do not survive a `f64`, rather than read as a nearby ID.
    #[cfg(feature = "decimal")]
    let float: Reader<I, C> = |res, idx| {
        let reason = crate::InvalidReason::not_an_id_value();
        via(res, idx, |_: f64| Err(ParseError::Invalid { scheme: I::Scheme::NAME, reason }))
    };
    #[cfg(feature = "decimal")]
    let numeric: Reader<I, C> = |res, idx| db(res, idx, DbValue::Numeric);
    // Text and floats before the decimal: sea-orm reads a SQLite decimal through a lossy `f64`.
    let readers: &[Reader<I, C>] = match kind::<I>() {
        Kind::Guid { .. } | Kind::U128 => &[bytes, uuid, text],
        Kind::Bytes { .. } => &[bytes, text],
        Kind::U63 | Kind::U64 => &[signed, unsigned, text],
        #[cfg(feature = "decimal")]
        Kind::Decimal => &[text, float, numeric],
        _ => &[text],
    };
    let mut last = None;
    for read in readers {
        match read(res, idx) {
            Ok(value) => return value.map_err(|e| TryGetError::DbErr(DbErr::Type(format!("{}: {e}", I::TYPE_NAME)))),
            Err(null @ TryGetError::Null(_)) => return Err(null),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| TryGetError::DbErr(DbErr::Type(format!("no column type holds {}", I::TYPE_NAME)))))
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_sea_orm2 {
    ($ty:ident) => {
        #[automatically_derived]
        impl ::core::convert::From<$ty> for $crate::__private::sea_orm::sea_query::Value {
            fn from(id: $ty) -> Self {
                $crate::__private::sea_orm2::to_value(&id)
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::sea_query::ValueType for $ty {
            fn try_from(
                value: $crate::__private::sea_orm::sea_query::Value,
            ) -> ::core::result::Result<Self, $crate::__private::sea_orm::sea_query::ValueTypeErr> {
                $crate::__private::sea_orm2::try_from_value(value)
            }

            fn type_name() -> ::std::string::String {
                ::std::string::String::from(<Self as $crate::__private::Identity>::TYPE_NAME)
            }

            fn array_type() -> $crate::__private::sea_orm::sea_query::ArrayType {
                $crate::__private::sea_orm2::array_type::<Self>()
            }

            fn column_type() -> $crate::__private::sea_orm::sea_query::ColumnType {
                $crate::__private::sea_orm2::column_type::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::sea_query::Nullable for $ty {
            fn null() -> $crate::__private::sea_orm::sea_query::Value {
                $crate::__private::sea_orm2::null::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::TryGetable for $ty {
            fn try_get_by<I: $crate::__private::sea_orm::ColIdx>(
                res: &$crate::__private::sea_orm::QueryResult,
                index: I,
            ) -> ::core::result::Result<Self, $crate::__private::sea_orm::TryGetError> {
                $crate::__private::sea_orm2::try_get(res, index)
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::TryFromU64 for $ty {
            fn try_from_u64(n: u64) -> ::core::result::Result<Self, $crate::__private::sea_orm::DbErr> {
                $crate::__private::sea_orm2::try_from_u64(n)
            }
        }
    };
}
