//! What derived DistributedId types and tools get: storage conversion, database columns, the
//! fields `inspect` prints, and the derive's own items.

use crate::prelude::*;

use super::{DistributedId, DistributedId128};
use crate::codec::decimal;
use crate::error::ParseError;
use crate::scheme::Scheme;
use rust_decimal::Decimal;

/// PostgreSQL `NUMERIC(28,0)`; SQLite `TEXT` digits (its `NUMERIC` would round 28 digits).
impl crate::column::DbColumn for DistributedId {
    const POSTGRES: crate::column::Column = crate::column::Column::Numeric;
    const SQLITE: crate::column::Column = crate::column::Column::Text;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        match dialect {
            crate::column::Dialect::Postgres => crate::column::DbValue::Numeric(self.to_decimal()),
            crate::column::Dialect::Sqlite => {
                crate::column::DbValue::Text(self.encode(crate::Encoding::Decimal).expect("decimal text"))
            }
        }
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, ParseError> {
        match value {
            crate::column::DbValue::Numeric(d) => DistributedId::from_decimal(d),
            crate::column::DbValue::BigInt(v) => u128::try_from(v)
                .map_err(|_| ParseError::OutOfRange { rule: crate::error::RangeRule::Negative })
                .and_then(DistributedId::try_from_u128),
            crate::column::DbValue::Text(t) => {
                crate::column::digits_with_zero_fraction(&t).and_then(DistributedId::try_from_u128)
            }
            other => Err(crate::column::wrong_type::<Self>(&other)),
        }
    }
}

impl crate::column::NumericColumn for DistributedId {}

impl crate::scheme::describe::Describe for DistributedId {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::{Integer, Text};
        vec![
            ("decimal", Text(self.to_string())),
            ("base62", Text(decimal::to_base62(self.0).to_string())),
            ("random", Integer(self.random())),
        ]
    }
}

impl crate::identity::StorageOf<DistributedId> for Decimal {
    #[inline]
    fn from_scheme(value: DistributedId) -> Self {
        value.to_decimal()
    }

    /// A `Decimal` that is negative, fractional or above 10^28 − 1 can only get here by
    /// building the newtype by hand; it is read as its absolute integer part, capped.
    #[inline]
    fn to_scheme(self) -> DistributedId {
        match DistributedId::from_decimal(self) {
            Ok(id) => id,
            // The parts, not `self`: see `decimal::from_decimal`.
            Err(_) => lenient(self.mantissa(), self.scale()),
        }
    }

    fn try_to_scheme(self) -> Result<DistributedId, ParseError> {
        DistributedId::from_decimal(self)
    }
}

/// [`StorageOf::to_scheme`](crate::identity::StorageOf::to_scheme) of a `Decimal` no derived
/// type's API makes, given as its mantissa and scale: its absolute integer part, capped at
/// [`DistributedId::MAX`].
#[cold]
#[inline(never)]
fn lenient(mantissa: i128, scale: u32) -> DistributedId {
    let d = Decimal::from_i128_with_scale(mantissa, scale);
    DistributedId::from_decimal(d.trunc().abs()).unwrap_or(DistributedId::MAX)
}

/// A derived DistributedId type's own items: `new()`, the random part, and `TryFrom<Decimal>`
/// (a `Decimal` can be negative, fractional or too large).
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_distributed {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => ();
            storage fallible;
            accessors {
                /// The 48-bit random part.
                random -> u64;
            }
        }
    };
}

crate::identity::storage_via_from!([] u128 => DistributedId128);

/// PostgreSQL `uuid` (or `NUMERIC(38,0)`); SQLite 16 bytes.
impl crate::column::DbColumn for DistributedId128 {
    const POSTGRES: crate::column::Column = crate::column::Column::Uuid;
    const SQLITE: crate::column::Column = crate::column::Column::Bytes;

    fn to_db(&self, dialect: crate::column::Dialect) -> crate::column::DbValue {
        crate::column::guid_to_db(self.to_uuid(), dialect, false)
    }

    fn from_db(value: crate::column::DbValue) -> Result<Self, ParseError> {
        crate::column::guid_from_db::<Self>(value, false).map(DistributedId128::from_uuid)
    }

    /// Architect.Identities' `DECIMAL(38)` form: the `u128` itself (38 or 39 digits).
    fn to_numeric(&self) -> Option<u128> {
        Some(self.value())
    }

    fn from_numeric(value: u128) -> Option<Self> {
        Some(DistributedId128::from_u128(value))
    }
}

impl crate::column::UuidColumn for DistributedId128 {}
impl crate::column::BinaryColumn for DistributedId128 {}
impl crate::column::NumericColumn for DistributedId128 {}

impl crate::scheme::describe::Describe for DistributedId128 {
    fn fields(&self) -> Vec<(&'static str, crate::scheme::describe::Field)> {
        use crate::scheme::describe::Field::Text;
        vec![
            ("u128", Text(self.value().to_string())),
            ("uuid", Text(self.to_uuid().to_string())),
            ("base62", Text(self.to_string())),
            ("random", Text(self.random().to_string())),
        ]
    }
}

/// A derived DistributedId128 type's own items: `new()` and the random part.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_distributed128 {
    ($ident:ident, $storage:ty) => {
        $crate::__derive_items! {
            $ident, $storage;
            new() => ();
            storage infallible;
            accessors {
                /// The 75-bit random part.
                random -> u128;
            }
        }
    };
}
