//! What a [`ParseError`](super::ParseError) says beyond its kind: the range rule a value broke
//! ([`RangeRule`]), why decoded bytes are no valid value ([`InvalidReason`], with TypeID's
//! [`PrefixRule`] and a COMB's [`CombTimeError`]), and the column type a database reason names.

use core::fmt;

/// The range rule a value broke ([`ParseError::OutOfRange`](super::ParseError::OutOfRange)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RangeRule {
    /// A decimal ID is negative.
    Negative,
    /// A decimal ID has digits after the point.
    Fractional,
    /// A 28-digit decimal ID is above `9999999999999999999999999999`.
    AboveDecimalMax,
    /// The digits need more than 128 bits.
    Above128Bits,
    /// The first of 26 Crockford base32 characters (ULID, TypeID) is above `7`: 130 bits.
    Base32Above128Bits,
    /// A `u64` ID (uid64's or a snowflake's decimal form) is above `18446744073709551615`.
    AboveU64Max,
    /// An `i64` ID is above `9223372036854775807`.
    AboveI64Max,
    /// A field does not fit the layout's bits: the layout, as its scheme states it (`a
    /// DistributedId has 45 time bits and 48 random bits`).
    Layout(&'static str),
    /// A database `NUMERIC` value is not an ID of the scheme read.
    NumericNotThisScheme,
    /// The number does not fit this many bits (a base62 text of a 160-bit value, say).
    AboveBits(u16),
}

impl fmt::Display for RangeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            RangeRule::Negative => "a decimal ID is not negative",
            RangeRule::Fractional => "a decimal ID has no fractional digits",
            RangeRule::AboveDecimalMax => "a decimal ID is at most 9999999999999999999999999999",
            RangeRule::Above128Bits => "the number does not fit 128 bits",
            RangeRule::Base32Above128Bits => {
                "the first of 26 base32 characters is at most 7 (a ULID or TypeID holds 128 bits)"
            }
            RangeRule::AboveU64Max => "a 64-bit ID is at most 18446744073709551615",
            RangeRule::AboveI64Max => "an i64 ID is at most 9223372036854775807",
            RangeRule::Layout(layout) => layout,
            RangeRule::NumericNotThisScheme => "the NUMERIC value is not an ID of this scheme",
            RangeRule::AboveBits(bits) => return write!(f, "the number does not fit {bits} bits"),
        };
        f.write_str(text)
    }
}

/// The TypeID prefix rule a text broke ([`InvalidReason::TypeIdPrefix`]): at most 63
/// characters `[a-z_]`, neither first nor last `_`, and no separator without a prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrefixRule {
    /// More than 63 characters.
    TooLong {
        /// Characters found.
        length: usize,
    },
    /// A character other than `a`–`z` and `_`.
    Character {
        /// The character.
        character: char,
        /// Its position in the text, in characters from 0.
        position: usize,
    },
    /// `_` first or last.
    EdgeUnderscore,
    /// A `_` separator with no prefix before it.
    Empty,
}

impl fmt::Display for PrefixRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrefixRule::TooLong { length } => write!(f, "has {length} characters; at most 63 characters are allowed"),
            PrefixRule::Character { character, position } => {
                write!(
                    f,
                    "has {character:?} at position {position}; only lowercase letters a-z and underscores are allowed"
                )
            }
            PrefixRule::EdgeUnderscore => f.write_str("starts or ends with an underscore"),
            PrefixRule::Empty => f.write_str("is empty, yet the separator '_' is there"),
        }
    }
}

/// Why decoded bytes are not a valid value ([`ParseError::Invalid`](super::ParseError::Invalid)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InvalidReason {
    /// A COMB's time bytes do not read as an instant.
    Time(CombTimeError),
    /// The last base64 character has bits set beyond the data (one text per value).
    StrayBits,
    /// The bytes of a UUID or other binary form are not the scheme's text (sno's UUID column
    /// form holds its 16 characters).
    BytesNotText,
    /// A database column of this type does not hold the scheme.
    ColumnType(Column),
    /// A database text value is not UTF-8.
    NotUtf8,
    /// A database value of a type no ID is stored in (SQLite `REAL` or `NULL`).
    NotAnIdValue,
    /// A text whose every character is valid was refused anyway (a codec's inconsistency,
    /// reported rather than panicking).
    Refused,
    /// The placeholder type of a misspelt scheme name (a compile error already says so).
    UnknownScheme,
    /// A TypeID whose prefix breaks the TypeID rule.
    TypeIdPrefix(PrefixRule),
    /// A UUID whose version or variant bits are not those of an RFC 9562 version 7 UUID.
    NotUuidV7 {
        /// The version nibble found.
        version: u8,
    },
}

impl fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidReason::Time(e) => fmt::Display::fmt(e, f),
            InvalidReason::StrayBits => f.write_str("the last character has bits set beyond the data"),
            InvalidReason::BytesNotText => f.write_str("the bytes are not the scheme's text"),
            InvalidReason::ColumnType(column) => {
                let column = match column {
                    Column::Uuid => "a uuid",
                    Column::Numeric => "a numeric",
                    Column::Bytes => "a binary",
                    Column::BigInt => "an integer",
                    Column::Text => "a text",
                };
                write!(f, "{column} column does not hold this scheme")
            }
            InvalidReason::NotUtf8 => f.write_str("the text value is not UTF-8"),
            InvalidReason::NotAnIdValue => f.write_str("a REAL or NULL value is not an ID"),
            InvalidReason::Refused => f.write_str("every character is valid, yet the text was refused"),
            InvalidReason::UnknownScheme => f.write_str("not a scheme"),
            InvalidReason::TypeIdPrefix(rule) => write!(f, "the prefix {rule}"),
            InvalidReason::NotUuidV7 { version } => {
                write!(
                    f,
                    "a version {version} UUID, or not of the RFC 9562 variant, where a version 7 UUID was expected"
                )
            }
        }
    }
}

/// Why a COMB's six time bytes are no instant (what RT.Comb's `GetTimestamp` throws on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CombTimeError {
    /// Unix milliseconds past 9999-12-31T23:59:59.999Z, beyond .NET's `DateTime`.
    PastYear9999,
    /// SQL Server `datetime` ticks of the day below zero.
    NegativeTimeOfDay,
    /// SQL Server `datetime` ticks of the day beyond 24 hours.
    TimeOfDayPast24Hours,
}

impl CombTimeError {
    /// What is wrong, in words (its `Display`, and `ParseError::Invalid`'s through
    /// [`InvalidReason::Time`]).
    pub const fn reason(self) -> &'static str {
        match self {
            CombTimeError::PastYear9999 => "timestamp is past 9999-12-31T23:59:59.999Z",
            CombTimeError::NegativeTimeOfDay => "time component is negative",
            CombTimeError::TimeOfDayPast24Hours => "time component exceeds 24 hours",
        }
    }
}

impl fmt::Display for CombTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

impl core::error::Error for CombTimeError {}

/// A column type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// PostgreSQL `uuid`.
    Uuid,
    /// PostgreSQL `NUMERIC`.
    Numeric,
    /// `bytea` / `BLOB`.
    Bytes,
    /// `bigint` / `INTEGER`.
    BigInt,
    /// `TEXT`.
    Text,
}
