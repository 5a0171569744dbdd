//! How each scheme is stored in a database column, once for every driver.
//!
//! | scheme | PostgreSQL | SQLite |
//! |---|---|---|
//! | `comb_*`, `hot` | `uuid` | `BLOB` of 16 bytes (string order; .NET order for `comb_binary`) |
//! | `distributed` | `NUMERIC(28,0)` | `TEXT` of digits (SQLite's `NUMERIC` would turn 28 digits into a lossy `REAL`) |
//! | `distributed128` | `uuid` (or `NUMERIC(38,0)`) | `BLOB` of 16 bytes, big-endian |
//! | `sno` | `bytea` (10 bytes) | `BLOB` |
//! | `uid64` | `bigint` | `INTEGER` |
//! | `uid96` | `bytea` (12 bytes) | `BLOB` |
//!
//! Each of these sorts in the database as the scheme's `Ord` does, except the SQL Server COMBs
//! (`comb_sql`, `comb_legacy`) outside SQL Server, whose timestamp sits in the bytes those
//! databases compare last: they insert like random keys there.
//!
//! Reading is lenient where drivers differ and strict where the value is wrong: a decimal with a
//! zero fraction (`123.0`, as SQLite returns) is accepted, an 8-byte BLOB for a UUID scheme is
//! a [`ParseError`].

use crate::prelude::*;

use crate::codec::{IdText, decimal, hex};
use crate::error::{InvalidReason, ParseError};
use crate::identity::Identity;
use crate::scheme::{IdBytes, Scheme};
#[cfg(feature = "distributed")]
use rust_decimal::Decimal;
use uuid::Uuid;

pub use crate::error::Column;

/// A value as a driver sends or receives it.
#[derive(Clone, Debug, PartialEq)]
pub enum DbValue {
    /// `uuid`.
    Uuid(Uuid),
    /// `NUMERIC`.
    #[cfg(feature = "distributed")]
    Numeric(Decimal),
    /// `bytea` / `BLOB`.
    Bytes(IdBytes),
    /// `bigint` / `INTEGER`.
    BigInt(i64),
    /// `TEXT`.
    Text(IdText),
}

/// Which database the value is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// PostgreSQL.
    Postgres,
    /// SQLite.
    Sqlite,
}

/// A scheme's column mapping.
pub trait DbColumn: Scheme {
    /// The PostgreSQL column type.
    const POSTGRES: Column;
    /// The SQLite column type.
    const SQLITE: Column;

    /// The value for a database.
    fn to_db(&self, dialect: Dialect) -> DbValue;

    /// Reads a database value.
    fn from_db(value: DbValue) -> Result<Self, ParseError>;

    /// The value as a whole number for a `NUMERIC(38,0)` column, for schemes that offer that
    /// alternative to their usual column (`distributed128`).
    fn to_numeric(&self) -> Option<u128> {
        None
    }

    /// Reads the whole number of a `NUMERIC(38,0)` column; `None` if the scheme has no such
    /// column or the number is not one of its values.
    fn from_numeric(_value: u128) -> Option<Self> {
        None
    }

    /// The column type for a database.
    fn column(dialect: Dialect) -> Column {
        match dialect {
            Dialect::Postgres => Self::POSTGRES,
            Dialect::Sqlite => Self::SQLITE,
        }
    }
}

/// Schemes a PostgreSQL `uuid` column holds. Declared in each scheme's file, like the
/// other column traits below; drivers whose column types are Rust types (diesel) read them.
#[diagnostic::on_unimplemented(message = "a `uuid` column does not hold `{Self}` IDs")]
pub trait UuidColumn: DbColumn {}

/// Schemes a binary column (`bytea`, `BLOB`) holds.
#[diagnostic::on_unimplemented(message = "a binary column does not hold `{Self}` IDs")]
pub trait BinaryColumn: DbColumn {}

/// Schemes a `NUMERIC` column holds.
#[diagnostic::on_unimplemented(message = "a `NUMERIC` column does not hold `{Self}` IDs")]
pub trait NumericColumn: DbColumn {}

/// Schemes a 64-bit integer column (`bigint`, `INTEGER`) holds.
#[diagnostic::on_unimplemented(message = "an integer column does not hold `{Self}` IDs")]
pub trait BigIntColumn: DbColumn {}

pub(crate) fn wrong_type<S: Scheme>(value: &DbValue) -> ParseError {
    let column = match value {
        DbValue::Uuid(_) => Column::Uuid,
        #[cfg(feature = "distributed")]
        DbValue::Numeric(_) => Column::Numeric,
        DbValue::Bytes(_) => Column::Bytes,
        DbValue::BigInt(_) => Column::BigInt,
        DbValue::Text(_) => Column::Text,
    };
    ParseError::Invalid { scheme: S::NAME, reason: InvalidReason::ColumnType(column) }
}

/// GUIDs: `uuid`, or 16 bytes in the layout's byte order, or the hyphenated text.
pub(crate) fn guid_from_db<S: Scheme>(value: DbValue, dotnet_bytes: bool) -> Result<Uuid, ParseError> {
    match value {
        DbValue::Uuid(u) => Ok(u),
        DbValue::Bytes(b) => {
            let b: [u8; 16] = (*b).try_into().map_err(|_| ParseError::bytes(16, b.len()))?;
            Ok(if dotnet_bytes { Uuid::from_bytes_le(b) } else { Uuid::from_bytes(b) })
        }
        DbValue::Text(t) => hex::decode_uuid(&t).map(Uuid::from_bytes),
        other => Err(wrong_type::<S>(&other)),
    }
}

pub(crate) fn guid_to_db(uuid: Uuid, dialect: Dialect, dotnet_bytes: bool) -> DbValue {
    match dialect {
        Dialect::Postgres => DbValue::Uuid(uuid),
        Dialect::Sqlite if dotnet_bytes => DbValue::Bytes(IdBytes::new(&uuid.to_bytes_le())),
        Dialect::Sqlite => DbValue::Bytes(IdBytes::new(uuid.as_bytes())),
    }
}

/// The digits before a zero fraction (`123` of `123.0`, as SQLite may hand back a number it
/// stored as REAL-looking text), or `None` if `text` is not digits, a point and zeros.
fn strip_zero_fraction(text: &str) -> Option<&str> {
    let (integral, fraction) = text.split_once('.')?;
    let digits = !integral.is_empty() && integral.bytes().all(|b| b.is_ascii_digit());
    let zeros = !fraction.is_empty() && fraction.bytes().all(|b| b == b'0');
    (digits && zeros).then_some(integral)
}

/// Plain digits, optionally followed by a zero fraction. No sign, no exponent, no separators.
pub(crate) fn digits_with_zero_fraction(text: &str) -> Result<u128, ParseError> {
    decimal::from_digits(strip_zero_fraction(text).unwrap_or(text), 28)
}

/// Reads the text a `TEXT` column holds for `I`: exactly what `I`'s `Display` writes (its
/// prefix and encoding), and, for a type whose text is plain digits, the same digits followed
/// by a zero fraction. Everything else is an error: a text column never reads back as another
/// value than the one written.
pub fn from_db_text<I: Identity>(text: &str) -> Result<I, ParseError> {
    let error = match crate::identity::parse::<I>(text) {
        Ok(id) => return Ok(id),
        Err(e) => e,
    };
    if let Some(integral) = strip_zero_fraction(text)
        && let Ok(id) = crate::identity::parse::<I>(integral)
        && id.to_string() == integral
    {
        return Ok(id);
    }
    Err(error)
}

/// Schemes stored as their raw bytes.
pub(crate) fn bytes_from_db<S: Scheme>(value: DbValue) -> Result<S, ParseError> {
    match value {
        DbValue::Bytes(b) => S::from_bytes(&b),
        DbValue::Text(t) => S::decode(&t, crate::Encoding::Canonical),
        other => Err(wrong_type::<S>(&other)),
    }
}

/// Schemes whose column is their raw bytes; a canonical text is read too (as sno's `Scan`
/// reads a 16-character string), but text-shaped *bytes* are not.
macro_rules! bytes_column {
    ($([$($generics:tt)*] $scheme:ty),+) => {$(
        impl<$($generics)*> $crate::column::DbColumn for $scheme {
            const POSTGRES: $crate::column::Column = $crate::column::Column::Bytes;
            const SQLITE: $crate::column::Column = $crate::column::Column::Bytes;

            fn to_db(&self, _: $crate::column::Dialect) -> $crate::column::DbValue {
                $crate::column::DbValue::Bytes($crate::scheme::Scheme::to_bytes(self))
            }

            fn from_db(value: $crate::column::DbValue) -> Result<Self, $crate::error::ParseError> {
                $crate::column::bytes_from_db(value)
            }
        }
    )+};
}
pub(crate) use bytes_column;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::{CombBinary, CombPg, DistributedId, Sno, Uid64};

    #[test]
    fn mappings_round_trip_and_reject_wrong_values() {
        for dialect in [Dialect::Postgres, Dialect::Sqlite] {
            let c = CombPg::new();
            assert_eq!(CombPg::from_db(c.to_db(dialect)).unwrap(), c);
            let b = CombBinary::new();
            assert_eq!(CombBinary::from_db(b.to_db(dialect)).unwrap(), b);
            let d = DistributedId::new();
            assert_eq!(DistributedId::from_db(d.to_db(dialect)).unwrap(), d);
            let s = Sno::new(1);
            assert_eq!(Sno::from_db(s.to_db(dialect)).unwrap(), s);
            let u = Uid64::new();
            assert_eq!(Uid64::from_db(u.to_db(dialect)).unwrap(), u);
        }
        let b = CombBinary::new();
        let DbValue::Bytes(blob) = b.to_db(Dialect::Sqlite) else { panic!() };
        assert_eq!(&*blob, &b.uuid().to_bytes_le(), "comb_binary BLOBs hold the .NET bytes");
        assert_eq!(CombPg::from_db(DbValue::Bytes(IdBytes::new(&[1, 2, 3]))), Err(ParseError::bytes(16, 3)));
        assert_eq!(Uid64::from_db(DbValue::BigInt(-1)), Ok(Uid64::from_u64(u64::MAX)), "two's complement");
        assert!(Sno::from_db(DbValue::Bytes(IdBytes::new(b"brpk4q72xwf2m63l"))).is_err());
        assert!(Sno::from_db(DbValue::Text(IdText::from_ascii(b"brpk4q72xwf2m63l"))).is_ok());
        let text = DbValue::Text(IdText::from_ascii(b"1088824355131185736905670087.0"));
        assert_eq!(DistributedId::from_db(text).unwrap().to_string(), "1088824355131185736905670087");
        assert!(DistributedId::from_db(DbValue::Text(IdText::from_ascii(b"12.5"))).is_err());
        assert!(DistributedId::from_db(DbValue::Uuid(Uuid::nil())).is_err());
    }

    /// `Decimal::from_str` took separators, exponents and signs.
    #[test]
    fn distributed_text_is_digits_only() {
        for text in ["1_000", "1e3", "+42", "-0", " 42", "42 ", "0x2A", "4.2", "42.", ".0", "", "42.00x"] {
            let value = DbValue::Text(IdText::try_from_str(text).unwrap());
            assert!(DistributedId::from_db(value).is_err(), "{text:?}");
        }
        for (text, value) in [("42", 42u128), ("42.0", 42), ("42.000", 42), ("0", 0)] {
            let db = DbValue::Text(IdText::try_from_str(text).unwrap());
            assert_eq!(DistributedId::from_db(db).map(|d| d.value()), Ok(value), "{text:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        /// Every uid64, including those ≥ 2^63, round-trips through a bigint column.
        #[test]
        fn every_uid64_round_trips_through_bigint(v: u64) {
            let id = Uid64::from_u64(v);
            proptest::prop_assert_eq!(Uid64::from_db(id.to_db(Dialect::Postgres)), Ok(id));
            proptest::prop_assert_eq!(Uid64::from_db(id.to_db(Dialect::Sqlite)), Ok(id));
        }
    }
}
