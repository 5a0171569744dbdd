//! What a [`ParseError`](super::ParseError) says beyond its kind: the range rule a value broke
//! ([`RangeRule`]) and why decoded bytes are no valid value ([`InvalidReason`]), each a value
//! to compare and print whose words are its `Display`; a COMB's unreadable time bytes
//! (`CombTimeError`); and the column type a database reason names.

use core::fmt;

/// The range rule a value broke, carried by [`ParseError::OutOfRange`]: a value to compare
/// (two errors are equal only if their rules are) and print. What it says is in its `Display`
/// (`a 64-bit ID is at most 18446744073709551615`); the kind of failure is the [`ParseError`]
/// variant, the one to match on.
///
/// [`ParseError::OutOfRange`]: super::ParseError::OutOfRange
/// [`ParseError`]: super::ParseError
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeRule(Rule);

/// The rules a [`RangeRule`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// A decimal ID is negative.
    Negative,
    /// A decimal ID has digits after the point.
    #[cfg(feature = "decimal")]
    Fractional,
    /// A 28-digit decimal ID is above `9999999999999999999999999999`.
    AboveDecimalMax,
    /// The digits need more than 128 bits.
    Above128Bits,
    /// The first of 26 Crockford base32 characters (ULID, TypeID) is above `7`: 130 bits.
    Base32Above128Bits,
    /// A `u64` ID (uid64's or a snowflake's decimal form) is above `18446744073709551615`.
    #[cfg(feature = "_decimal-u64")]
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

impl RangeRule {
    pub(crate) const NEGATIVE: RangeRule = RangeRule(Rule::Negative);
    #[cfg(feature = "decimal")]
    pub(crate) const FRACTIONAL: RangeRule = RangeRule(Rule::Fractional);
    pub(crate) const ABOVE_DECIMAL_MAX: RangeRule = RangeRule(Rule::AboveDecimalMax);
    pub(crate) const ABOVE_128_BITS: RangeRule = RangeRule(Rule::Above128Bits);
    pub(crate) const BASE32_ABOVE_128_BITS: RangeRule = RangeRule(Rule::Base32Above128Bits);
    #[cfg(feature = "_decimal-u64")]
    pub(crate) const ABOVE_U64_MAX: RangeRule = RangeRule(Rule::AboveU64Max);
    pub(crate) const ABOVE_I64_MAX: RangeRule = RangeRule(Rule::AboveI64Max);

    /// A field does not fit the layout's bits; `layout` says the layout, as its scheme states it.
    pub(crate) const fn layout(layout: &'static str) -> RangeRule {
        RangeRule(Rule::Layout(layout))
    }

    /// The number does not fit `bits` bits.
    pub(crate) const fn above_bits(bits: u16) -> RangeRule {
        RangeRule(Rule::AboveBits(bits))
    }

    /// For the facade's PostgreSQL integrations: a `NUMERIC` value that is not an ID of the
    /// scheme read. Not an API.
    #[doc(hidden)]
    pub const fn numeric_not_this_scheme() -> RangeRule {
        RangeRule(Rule::NumericNotThisScheme)
    }
}

impl fmt::Display for RangeRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            Rule::Negative => "a decimal ID is not negative",
            #[cfg(feature = "decimal")]
            Rule::Fractional => "a decimal ID has no fractional digits",
            Rule::AboveDecimalMax => "a decimal ID is at most 9999999999999999999999999999",
            Rule::Above128Bits => "the number does not fit 128 bits",
            Rule::Base32Above128Bits => {
                "the first of 26 base32 characters is at most 7 (a ULID or TypeID holds 128 bits)"
            }
            #[cfg(feature = "_decimal-u64")]
            Rule::AboveU64Max => "a 64-bit ID is at most 18446744073709551615",
            Rule::AboveI64Max => "an i64 ID is at most 9223372036854775807",
            Rule::Layout(layout) => layout,
            Rule::NumericNotThisScheme => "the NUMERIC value is not an ID of this scheme",
            Rule::AboveBits(bits) => return write!(f, "the number does not fit {bits} bits"),
        };
        f.write_str(text)
    }
}

/// The TypeID prefix rule a text broke (said by [`InvalidReason`]): at most 63 characters
/// `[a-z_]`, neither first nor last `_`, and no separator without a prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PrefixRule {
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

/// Why decoded bytes are not a valid value, carried by [`ParseError::Invalid`]: a value to
/// compare (two errors are equal only if their reasons are) and print. What it says is in its
/// `Display` (`the last character has bits set beyond the data`); the kind of failure is the
/// [`ParseError`] variant, the one to match on.
///
/// [`ParseError::Invalid`]: super::ParseError::Invalid
/// [`ParseError`]: super::ParseError
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidReason(Reason);

/// The reasons an [`InvalidReason`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// A COMB's time bytes do not read as an instant.
    #[cfg(feature = "_comb-time")]
    Time(CombTimeError),
    /// The last base64 character has bits set beyond the data (one text per value).
    StrayBits,
    /// The bytes of a UUID or other binary form are not the scheme's text (sno's UUID column
    /// form holds its 16 characters).
    #[cfg(feature = "_text-as-bytes")]
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
    #[cfg(feature = "_uuid-version")]
    NotUuidV7 {
        /// The version nibble found.
        version: u8,
    },
}

impl InvalidReason {
    pub(crate) const STRAY_BITS: InvalidReason = InvalidReason(Reason::StrayBits);
    #[cfg(feature = "_text-as-bytes")]
    pub(crate) const BYTES_NOT_TEXT: InvalidReason = InvalidReason(Reason::BytesNotText);
    pub(crate) const REFUSED: InvalidReason = InvalidReason(Reason::Refused);
    pub(crate) const UNKNOWN_SCHEME: InvalidReason = InvalidReason(Reason::UnknownScheme);

    /// A COMB's time bytes do not read as an instant.
    #[cfg(feature = "_comb-time")]
    pub(crate) const fn time(error: CombTimeError) -> InvalidReason {
        InvalidReason(Reason::Time(error))
    }

    /// A TypeID whose prefix breaks the TypeID rule.
    pub(crate) const fn typeid_prefix(rule: PrefixRule) -> InvalidReason {
        InvalidReason(Reason::TypeIdPrefix(rule))
    }

    /// A UUID whose version (`version`, the nibble found) or variant bits are not version 7's.
    #[cfg(feature = "_uuid-version")]
    pub(crate) const fn not_uuid_v7(version: u8) -> InvalidReason {
        InvalidReason(Reason::NotUuidV7 { version })
    }

    /// For the facade's database integrations: a column of this type does not hold the scheme.
    /// Not an API.
    #[doc(hidden)]
    pub const fn column_type(column: Column) -> InvalidReason {
        InvalidReason(Reason::ColumnType(column))
    }

    /// For the facade's database integrations: a text value that is not UTF-8. Not an API.
    #[doc(hidden)]
    pub const fn not_utf8() -> InvalidReason {
        InvalidReason(Reason::NotUtf8)
    }

    /// For the facade's database integrations: a value of a type no ID is stored in (SQLite
    /// `REAL` or `NULL`). Not an API.
    #[doc(hidden)]
    pub const fn not_an_id_value() -> InvalidReason {
        InvalidReason(Reason::NotAnIdValue)
    }
}

impl fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            #[cfg(feature = "_comb-time")]
            Reason::Time(e) => fmt::Display::fmt(e, f),
            Reason::StrayBits => f.write_str("the last character has bits set beyond the data"),
            #[cfg(feature = "_text-as-bytes")]
            Reason::BytesNotText => f.write_str("the bytes are not the scheme's text"),
            Reason::ColumnType(column) => {
                let column = match column {
                    Column::Uuid => "a uuid",
                    Column::Numeric => "a numeric",
                    Column::Bytes => "a binary",
                    Column::BigInt => "an integer",
                    Column::Text => "a text",
                };
                write!(f, "{column} column does not hold this scheme")
            }
            Reason::NotUtf8 => f.write_str("the text value is not UTF-8"),
            Reason::NotAnIdValue => f.write_str("a REAL or NULL value is not an ID"),
            Reason::Refused => f.write_str("every character is valid, yet the text was refused"),
            Reason::UnknownScheme => f.write_str("not a scheme"),
            Reason::TypeIdPrefix(rule) => write!(f, "the prefix {rule}"),
            #[cfg(feature = "_uuid-version")]
            Reason::NotUuidV7 { version } => {
                write!(
                    f,
                    "a version {version} UUID, or not of the RFC 9562 variant, where a version 7 UUID was expected"
                )
            }
        }
    }
}

/// Why a COMB's six time bytes are no instant (what RT.Comb's `GetTimestamp` throws on), as
/// [`TimeStrategy::read`](crate::scheme::comb::TimeStrategy::read) returns it: a value to
/// compare and print. What it says is in its `Display` and [`reason`](Self::reason)
/// (`time component exceeds 24 hours`); a COMB text or value whose time bytes are no instant
/// fails with [`ParseError::Invalid`] saying the same.
///
/// [`ParseError::Invalid`]: super::ParseError::Invalid
#[cfg(feature = "_comb-time")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombTimeError(CombTime);

/// The instants a [`CombTimeError`] refuses.
#[cfg(feature = "_comb-time")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CombTime {
    /// Unix milliseconds past 9999-12-31T23:59:59.999Z, beyond .NET's `DateTime`.
    PastYear9999,
    /// SQL Server `datetime` ticks of the day below zero.
    NegativeTimeOfDay,
    /// SQL Server `datetime` ticks of the day beyond 24 hours.
    TimeOfDayPast24Hours,
}

#[cfg(feature = "_comb-time")]
impl CombTimeError {
    pub(crate) const PAST_YEAR_9999: CombTimeError = CombTimeError(CombTime::PastYear9999);
    pub(crate) const NEGATIVE_TIME_OF_DAY: CombTimeError = CombTimeError(CombTime::NegativeTimeOfDay);
    pub(crate) const TIME_OF_DAY_PAST_24_HOURS: CombTimeError = CombTimeError(CombTime::TimeOfDayPast24Hours);

    /// What is wrong, in words (its `Display`, and what `ParseError::Invalid` says of a COMB
    /// whose time bytes are no instant).
    pub const fn reason(self) -> &'static str {
        match self.0 {
            CombTime::PastYear9999 => "timestamp is past 9999-12-31T23:59:59.999Z",
            CombTime::NegativeTimeOfDay => "time component is negative",
            CombTime::TimeOfDayPast24Hours => "time component exceeds 24 hours",
        }
    }
}

#[cfg(feature = "_comb-time")]
impl fmt::Display for CombTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

#[cfg(feature = "_comb-time")]
impl core::error::Error for CombTimeError {}

/// A database column type, for the facade's database integrations (public at
/// `idcraft_core::column::Column`; defined here, below the column module, because an
/// [`InvalidReason`] names it). Not an API.
#[doc(hidden)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// What every rule and reason says, word for word: their `Display` is all a caller reads
    /// of them, so a change of text is a change of API.
    #[test]
    fn every_rule_and_reason_says_its_words() {
        let rules = [
            (RangeRule::NEGATIVE, "a decimal ID is not negative"),
            (RangeRule::FRACTIONAL, "a decimal ID has no fractional digits"),
            (RangeRule::ABOVE_DECIMAL_MAX, "a decimal ID is at most 9999999999999999999999999999"),
            (RangeRule::ABOVE_128_BITS, "the number does not fit 128 bits"),
            (
                RangeRule::BASE32_ABOVE_128_BITS,
                "the first of 26 base32 characters is at most 7 (a ULID or TypeID holds 128 bits)",
            ),
            (RangeRule::ABOVE_U64_MAX, "a 64-bit ID is at most 18446744073709551615"),
            (RangeRule::ABOVE_I64_MAX, "an i64 ID is at most 9223372036854775807"),
            (RangeRule::layout("a layout, as its scheme states it"), "a layout, as its scheme states it"),
            (RangeRule::numeric_not_this_scheme(), "the NUMERIC value is not an ID of this scheme"),
            (RangeRule::above_bits(160), "the number does not fit 160 bits"),
        ];
        for (rule, words) in rules {
            assert_eq!(rule.to_string(), words);
        }
        let reasons = [
            (InvalidReason::time(CombTimeError::PAST_YEAR_9999), "timestamp is past 9999-12-31T23:59:59.999Z"),
            (InvalidReason::time(CombTimeError::NEGATIVE_TIME_OF_DAY), "time component is negative"),
            (InvalidReason::time(CombTimeError::TIME_OF_DAY_PAST_24_HOURS), "time component exceeds 24 hours"),
            (InvalidReason::STRAY_BITS, "the last character has bits set beyond the data"),
            (InvalidReason::BYTES_NOT_TEXT, "the bytes are not the scheme's text"),
            (InvalidReason::column_type(Column::Uuid), "a uuid column does not hold this scheme"),
            (InvalidReason::column_type(Column::Numeric), "a numeric column does not hold this scheme"),
            (InvalidReason::column_type(Column::Bytes), "a binary column does not hold this scheme"),
            (InvalidReason::column_type(Column::BigInt), "an integer column does not hold this scheme"),
            (InvalidReason::column_type(Column::Text), "a text column does not hold this scheme"),
            (InvalidReason::not_utf8(), "the text value is not UTF-8"),
            (InvalidReason::not_an_id_value(), "a REAL or NULL value is not an ID"),
            (InvalidReason::REFUSED, "every character is valid, yet the text was refused"),
            (InvalidReason::UNKNOWN_SCHEME, "not a scheme"),
            (
                InvalidReason::typeid_prefix(PrefixRule::TooLong { length: 64 }),
                "the prefix has 64 characters; at most 63 characters are allowed",
            ),
            (
                InvalidReason::typeid_prefix(PrefixRule::Character { character: 'P', position: 0 }),
                "the prefix has 'P' at position 0; only lowercase letters a-z and underscores are allowed",
            ),
            (InvalidReason::typeid_prefix(PrefixRule::EdgeUnderscore), "the prefix starts or ends with an underscore"),
            (InvalidReason::typeid_prefix(PrefixRule::Empty), "the prefix is empty, yet the separator '_' is there"),
            (
                InvalidReason::not_uuid_v7(4),
                "a version 4 UUID, or not of the RFC 9562 variant, where a version 7 UUID was expected",
            ),
        ];
        for (reason, words) in reasons {
            assert_eq!(reason.to_string(), words);
        }
        assert_eq!(CombTimeError::PAST_YEAR_9999.reason(), CombTimeError::PAST_YEAR_9999.to_string());
    }
}
