//! How values are stored in a database column, by their [shape](crate::scheme::shape), once
//! for every driver and every scheme.
//!
//! | shape | PostgreSQL | SQLite | MySQL / MariaDB |
//! |---|---|---|---|
//! | GUID | `uuid` | `BLOB` of 16 bytes (string order; .NET order for [`DotNetGuid`]) | `BINARY(16)`, as SQLite's `BLOB` |
//! | `U128` | `uuid` (or `NUMERIC(39,0)`) | `BLOB` of 16 bytes, big-endian | `BINARY(16)`, big-endian |
//! | `U63` | `bigint` | `INTEGER` | `BIGINT` |
//! | `U64` | `bigint` | `INTEGER` | `BIGINT UNSIGNED` |
//! | `Decimal` | `NUMERIC(28,0)` | `TEXT` of digits (SQLite's `NUMERIC` would turn 28 digits into a lossy `REAL`) | `DECIMAL(28,0)` |
//! | `Bytes<N>` | `bytea` | `BLOB` | `BINARY(N)` |
//!
//! Each of these sorts in the database as the scheme's `Ord` does, except where the scheme's
//! order is another database's (the SQL Server COMBs, whose timestamp sits in the bytes other
//! databases compare last: they insert like random keys there) and `U64` values from 2^63 on,
//! which a signed `bigint` holds as negative numbers (MySQL's `BIGINT UNSIGNED` holds every one
//! in order). `tests/db_order` measures each cell on the real databases.
//!
//! Reading is lenient where drivers differ and strict where the value is wrong: a decimal with a
//! zero fraction (`123.0`, as SQLite returns) is accepted, an 8-byte BLOB for a GUID is a
//! [`ParseError`].
//!
//! [`DotNetGuid`]: crate::scheme::shape::DotNetGuid

use crate::prelude::*;

use crate::codec::{IdText, decimal, hex};
use crate::error::{InvalidReason, ParseError};
use crate::identity::Identity;
use crate::scheme::shape::{Kind, Shape};
use crate::scheme::{IdBytes, Scheme};
#[cfg(feature = "decimal")]
use rust_decimal::Decimal;
use uuid::Uuid;

pub use crate::error::Column;

/// A value as a driver sends or receives it.
#[derive(Clone, Debug, PartialEq)]
pub enum DbValue {
    /// `uuid`.
    Uuid(Uuid),
    /// `NUMERIC`.
    #[cfg(feature = "decimal")]
    Numeric(Decimal),
    /// `bytea` / `BLOB`.
    Bytes(IdBytes),
    /// `bigint` / `INTEGER` / `BIGINT`.
    BigInt(i64),
    /// MySQL's `BIGINT UNSIGNED`: every 64-bit value, in order.
    UnsignedBigInt(u64),
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
    /// MySQL and MariaDB.
    Mysql,
}

/// A scheme's column mapping, read off its [shape](crate::scheme::shape): every scheme has
/// it.
pub trait DbColumn: Scheme {
    /// The PostgreSQL column type.
    const POSTGRES: Column = postgres_column(<Self::Shape as Shape>::KIND);
    /// The SQLite column type.
    const SQLITE: Column = sqlite_column(<Self::Shape as Shape>::KIND);
    /// The MySQL / MariaDB column type ([`Column::BigInt`] is `BIGINT UNSIGNED` for `U64`).
    const MYSQL: Column = mysql_column(<Self::Shape as Shape>::KIND);

    /// The value for a database.
    #[inline]
    fn to_db(&self, dialect: Dialect) -> DbValue {
        to_db(<Self::Shape as Shape>::KIND, &self.to_bytes(), dialect)
    }

    /// Reads a database value.
    fn from_db(value: DbValue) -> Result<Self, ParseError> {
        from_db(value)
    }

    /// The value as a whole number for a `NUMERIC` column, for shapes that offer that
    /// alternative to their usual column (`U128`).
    fn to_numeric(&self) -> Option<u128> {
        match <Self::Shape as Shape>::KIND {
            Kind::U128 => Some(u128::from_be_bytes(self.to_bytes()[..].try_into().ok()?)),
            _ => None,
        }
    }

    /// Reads the whole number of a `NUMERIC` column; `None` if the shape has no such column
    /// or the number is not one of the scheme's values.
    fn from_numeric(value: u128) -> Option<Self> {
        match <Self::Shape as Shape>::KIND {
            Kind::U128 => Self::from_bytes(&value.to_be_bytes()).ok(),
            _ => None,
        }
    }

    /// The column type for a database.
    fn column(dialect: Dialect) -> Column {
        match dialect {
            Dialect::Postgres => Self::POSTGRES,
            Dialect::Sqlite => Self::SQLITE,
            Dialect::Mysql => Self::MYSQL,
        }
    }
}

impl<S: Scheme> DbColumn for S {}

const fn postgres_column(kind: Kind) -> Column {
    match kind {
        Kind::Guid { .. } | Kind::U128 => Column::Uuid,
        Kind::U63 | Kind::U64 => Column::BigInt,
        Kind::Decimal => Column::Numeric,
        Kind::Bytes { .. } => Column::Bytes,
    }
}

const fn sqlite_column(kind: Kind) -> Column {
    match kind {
        Kind::Guid { .. } | Kind::U128 | Kind::Bytes { .. } => Column::Bytes,
        Kind::U63 | Kind::U64 => Column::BigInt,
        // SQLite's NUMERIC affinity would keep 28 digits as a lossy REAL.
        Kind::Decimal => Column::Text,
    }
}

const fn mysql_column(kind: Kind) -> Column {
    match kind {
        Kind::Guid { .. } | Kind::U128 | Kind::Bytes { .. } => Column::Bytes,
        Kind::U63 | Kind::U64 => Column::BigInt,
        Kind::Decimal => Column::Numeric,
    }
}

/// `bytes` (a scheme's [`Scheme::to_bytes`], of shape `kind`) for a database. Inlined: the
/// shape is a constant of the caller's scheme, so the match folds to one arm.
#[inline(always)]
fn to_db(kind: Kind, bytes: &[u8], dialect: Dialect) -> DbValue {
    match (kind, dialect) {
        (Kind::Guid { .. } | Kind::U128, Dialect::Postgres) => {
            DbValue::Uuid(Uuid::from_slice(bytes).unwrap_or_default())
        }
        // Byte stores hold what .NET's `ToByteArray` writes, as RT.Comb's binary layout expects.
        (Kind::Guid { dotnet_bytes: true }, Dialect::Sqlite | Dialect::Mysql) => match Uuid::from_slice(bytes) {
            Ok(uuid) => DbValue::Bytes(IdBytes::new(&uuid.to_bytes_le())),
            Err(_) => DbValue::Bytes(IdBytes::new(bytes)),
        },
        // MySQL has unsigned integers: every value, in the ID's order.
        (Kind::U64, Dialect::Mysql) => {
            DbValue::UnsignedBigInt(u64::from_be_bytes(bytes.try_into().unwrap_or_default()))
        }
        // Two's complement: every 64-bit value round-trips (see `Kind::U64` for the order).
        (Kind::U63 | Kind::U64, _) => DbValue::BigInt(u64::from_be_bytes(bytes.try_into().unwrap_or_default()) as i64),
        (Kind::Decimal, dialect) => {
            let value = decimal::from_binary(bytes).unwrap_or_default();
            match dialect {
                #[cfg(feature = "decimal")]
                Dialect::Postgres | Dialect::Mysql => DbValue::Numeric(decimal::decimal_below_2_96(value)),
                _ => DbValue::Text(decimal::to_digits(value)),
            }
        }
        _ => DbValue::Bytes(IdBytes::new(bytes)),
    }
}

/// Reads a value of scheme `S` from any column its shape may be stored in.
fn from_db<S: Scheme>(value: DbValue) -> Result<S, ParseError> {
    let kind = <S::Shape as Shape>::KIND;
    match (kind, value) {
        (Kind::Guid { dotnet_bytes }, value) => S::from_bytes(guid_from_db::<S>(value, dotnet_bytes)?.as_bytes()),
        (Kind::U128, value) => S::from_bytes(guid_from_db::<S>(value, false)?.as_bytes()),
        (Kind::U63, DbValue::BigInt(v)) => u64::try_from(v)
            .map_err(|_| ParseError::OutOfRange { rule: crate::error::RangeRule::NEGATIVE })
            .and_then(|v| S::from_bytes(&v.to_be_bytes())),
        (Kind::U64, DbValue::BigInt(v)) => S::from_bytes(&(v as u64).to_be_bytes()),
        // The scheme checks its range (a U63 value at or above 2^63 is refused there).
        (Kind::U63 | Kind::U64, DbValue::UnsignedBigInt(v)) => S::from_bytes(&v.to_be_bytes()),
        (Kind::Decimal, value) => {
            let v = match value {
                #[cfg(feature = "decimal")]
                DbValue::Numeric(d) => decimal::from_decimal(d)?,
                DbValue::BigInt(v) => {
                    u128::try_from(v).map_err(|_| ParseError::OutOfRange { rule: crate::error::RangeRule::NEGATIVE })?
                }
                DbValue::UnsignedBigInt(v) => u128::from(v),
                DbValue::Text(t) => digits_with_zero_fraction(&t)?,
                other => return Err(wrong_type::<S>(&other)),
            };
            S::from_bytes(&decimal::to_binary(decimal::check(v)?))
        }
        (_, value) => bytes_from_db(value),
    }
}

pub(crate) fn wrong_type<S: Scheme>(value: &DbValue) -> ParseError {
    let column = match value {
        DbValue::Uuid(_) => Column::Uuid,
        #[cfg(feature = "decimal")]
        DbValue::Numeric(_) => Column::Numeric,
        DbValue::Bytes(_) => Column::Bytes,
        DbValue::BigInt(_) | DbValue::UnsignedBigInt(_) => Column::BigInt,
        DbValue::Text(_) => Column::Text,
    };
    ParseError::Invalid { scheme: S::NAME, reason: InvalidReason::column_type(column) }
}

/// GUIDs: `uuid`, or 16 bytes in the shape's byte order, or the hyphenated text.
fn guid_from_db<S: Scheme>(value: DbValue, dotnet_bytes: bool) -> Result<Uuid, ParseError> {
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

/// The digits before a zero fraction (`123` of `123.0`, as SQLite may hand back a number it
/// stored as REAL-looking text), or `None` if `text` is not digits, a point and zeros.
fn strip_zero_fraction(text: &str) -> Option<&str> {
    let (integral, fraction) = text.split_once('.')?;
    let digits = !integral.is_empty() && integral.bytes().all(|b| b.is_ascii_digit());
    let zeros = !fraction.is_empty() && fraction.bytes().all(|b| b == b'0');
    (digits && zeros).then_some(integral)
}

/// Plain digits, optionally followed by a zero fraction. No sign, no exponent, no separators.
fn digits_with_zero_fraction(text: &str) -> Result<u128, ParseError> {
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

/// Values stored as their raw bytes; a canonical text is read too (as sno's `Scan` reads a
/// 16-character string), but text-shaped *bytes* are not.
fn bytes_from_db<S: Scheme>(value: DbValue) -> Result<S, ParseError> {
    match value {
        DbValue::Bytes(b) => S::from_bytes(&b),
        DbValue::Text(t) => S::decode(&t, crate::Encoding::Canonical),
        other => Err(wrong_type::<S>(&other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::{CombBinary, CombPg, DistributedId, Sno, Uid64};

    #[test]
    fn mappings_round_trip_and_reject_wrong_values() {
        for dialect in [Dialect::Postgres, Dialect::Sqlite, Dialect::Mysql] {
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

    /// MySQL: the byte stores' forms, unsigned integers for every 64-bit value.
    #[test]
    fn mysql_values() {
        let b = CombBinary::new();
        assert_eq!(b.to_db(Dialect::Mysql), b.to_db(Dialect::Sqlite), "BINARY(16) holds the .NET bytes too");
        let c = CombPg::new();
        assert_eq!(c.to_db(Dialect::Mysql), DbValue::Bytes(IdBytes::new(c.uuid().as_bytes())));
        assert_eq!(Uid64::from_u64(u64::MAX).to_db(Dialect::Mysql), DbValue::UnsignedBigInt(u64::MAX));
        assert_eq!(Uid64::from_db(DbValue::UnsignedBigInt(1 << 63)), Ok(Uid64::from_u64(1 << 63)));
        assert_eq!(CombPg::column(Dialect::Mysql), Column::Bytes);
        assert_eq!(DistributedId::column(Dialect::Mysql), Column::Numeric);
        assert_eq!(Uid64::column(Dialect::Mysql), Column::BigInt);
        let d = DistributedId::new();
        assert_eq!(DistributedId::from_db(d.to_db(Dialect::Mysql)), Ok(d));
        assert_eq!(DistributedId::from_db(DbValue::UnsignedBigInt(42)).map(|d| d.value()), Ok(42));
        let e = CombPg::from_db(DbValue::UnsignedBigInt(1)).unwrap_err();
        assert_eq!(e, ParseError::Invalid { scheme: "comb_pg", reason: InvalidReason::column_type(Column::BigInt) });
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
            proptest::prop_assert_eq!(id.to_db(Dialect::Mysql), DbValue::UnsignedBigInt(v));
            proptest::prop_assert_eq!(Uid64::from_db(id.to_db(Dialect::Mysql)), Ok(id));
        }
    }
}
