//! The runtime's error types, one per concern: reading an ID ([`ParseError`]) and making one
//! ([`GenerateError`], with a fence's refusal carried as [`FenceError`]).

use core::fmt;

mod generate;

pub use generate::{FenceError, GenerateError};

/// Why a text or byte string is not a valid ID. Never a panic: every decoder returns this.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The input has the wrong length.
    Length {
        /// What the form needs (several forms: the first one is named).
        expected: usize,
        /// What was given.
        found: usize,
        /// `"characters"` or `"bytes"`.
        unit: &'static str,
    },
    /// A character outside the form's alphabet.
    Character {
        /// The offending character.
        character: char,
        /// Its position, counted in characters from 0.
        position: usize,
        /// The form's alphabet, e.g. `"[0-9A-Za-z]"`.
        alphabet: &'static str,
    },
    /// A base62 block of 11 characters whose value needs more than 64 bits.
    BlockOverflow {
        /// Position of the block's first character.
        position: usize,
    },
    /// The decoded number is outside the scheme's range.
    OutOfRange {
        /// The rule that was broken.
        rule: RangeRule,
    },
    /// The text lacks the type's `prefix_`.
    Prefix {
        /// The prefix the type requires, without the underscore.
        expected: &'static str,
    },
    /// The scheme has no text form in this encoding (e.g. `sno` in base62).
    UnsupportedEncoding(crate::encoding::Encoding),
    /// The bytes decode but are not a valid value of the scheme.
    Invalid {
        /// The scheme (or text form) that rejected the value.
        scheme: &'static str,
        /// Why.
        reason: InvalidReason,
    },
}

/// The range rule a value broke ([`ParseError::OutOfRange`]).
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

/// Why decoded bytes are not a valid value ([`ParseError::Invalid`]).
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

impl ParseError {
    /// `ParseError::Length` counted in characters.
    pub const fn chars(expected: usize, found: usize) -> ParseError {
        ParseError::Length { expected, found, unit: "characters" }
    }

    /// `ParseError::Length` counted in bytes.
    pub const fn bytes(expected: usize, found: usize) -> ParseError {
        ParseError::Length { expected, found, unit: "bytes" }
    }

    /// The error for the first byte of `text` that `valid` rejects; a multi-byte character is
    /// reported whole, at its character position. Only for a text known to hold one: a text
    /// whose every character passes gets a [`ParseError::Invalid`] saying so.
    pub fn first_invalid(text: &str, valid: impl Fn(u8) -> bool, alphabet: &'static str) -> ParseError {
        for (position, (offset, character)) in text.char_indices().enumerate() {
            if !character.is_ascii() || !valid(text.as_bytes()[offset]) {
                return ParseError::Character { character, position, alphabet };
            }
        }
        ParseError::Invalid { scheme: "text", reason: InvalidReason::Refused }
    }

    /// Checks that `text` is `expected` bytes long, for an ASCII form whose caller then checks
    /// every byte against its alphabet (which rejects the bytes of non-ASCII characters). A
    /// wrong length is reported truthfully: a text of the right number of characters, some of
    /// them multi-byte, gets a [`ParseError::Character`] for its first non-ASCII character,
    /// never "expected 16 characters, got 16".
    #[inline]
    pub fn check_ascii_len<'t>(text: &'t str, expected: usize, alphabet: &'static str) -> Result<&'t [u8], ParseError> {
        if text.len() == expected {
            return Ok(text.as_bytes());
        }
        Err(Self::wrong_length(text, expected, alphabet))
    }

    /// The error [`ParseError::check_ascii_len`] gives for a text that is not `expected` bytes.
    #[cold]
    pub(crate) fn wrong_length(text: &str, expected: usize, alphabet: &'static str) -> ParseError {
        let found = text.chars().count();
        if found == expected {
            return ParseError::first_invalid(text, |c| c.is_ascii(), alphabet);
        }
        ParseError::chars(expected, found)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Length { expected, found, unit } => {
                write!(f, "expected {expected} {unit}, got {found}")
            }
            ParseError::Character { character, position, alphabet } => {
                write!(f, "invalid character {character:?} at position {position} (expected {alphabet})")
            }
            ParseError::BlockOverflow { position } => {
                write!(f, "the base62 block of 11 characters at position {position} exceeds 64 bits")
            }
            ParseError::OutOfRange { rule } => write!(f, "value out of range: {rule}"),
            ParseError::Prefix { expected } => write!(f, "expected the prefix \"{expected}_\""),
            ParseError::Invalid { scheme, reason } => write!(f, "not a valid {scheme} ID: {reason}"),
            ParseError::UnsupportedEncoding(encoding) => {
                write!(f, "this ID scheme has no `{}` text form", encoding.name())
            }
        }
    }
}

impl core::error::Error for ParseError {}

/// What [`GenerateError::NoSystemClock`] says, and what the system clock and random source panic
/// with when read directly in such a build.
pub(crate) const NO_SYSTEM_CLOCK: &str = "no system clock or random source in this build: on wasm32-unknown-unknown, \
     enable idcraft's `js` feature (or generate with an explicit clock and random source)";

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// The reasons are values to match on, and say in words what they said as strings before.
    #[test]
    fn reasons_are_typed_and_keep_their_words() {
        use crate::scheme::{DistributedId, Scheme, Sno, Uid64};
        assert_eq!(
            DistributedId::try_from_u128(10u128.pow(28)),
            Err(ParseError::OutOfRange { rule: RangeRule::AboveDecimalMax })
        );
        assert_eq!(
            Uid64::decode("18446744073709551616", crate::encoding::Encoding::Decimal),
            Err(ParseError::OutOfRange { rule: RangeRule::AboveU64Max })
        );
        assert_eq!(
            Sno::from_uuid(uuid::Uuid::from_u128(u128::MAX)),
            Err(ParseError::Invalid { scheme: "sno", reason: InvalidReason::BytesNotText })
        );
        assert_eq!(
            ParseError::OutOfRange { rule: RangeRule::AboveDecimalMax }.to_string(),
            "value out of range: a decimal ID is at most 9999999999999999999999999999"
        );
        let column = ParseError::Invalid { scheme: "comb_pg", reason: InvalidReason::ColumnType(Column::BigInt) };
        assert_eq!(column.to_string(), "not a valid comb_pg ID: an integer column does not hold this scheme");
        let time = InvalidReason::Time(CombTimeError::TimeOfDayPast24Hours);
        assert_eq!(time.to_string(), "time component exceeds 24 hours");
    }

    #[test]
    fn no_system_clock_names_the_feature_to_enable() {
        let message = GenerateError::NoSystemClock.to_string();
        assert!(message.contains("wasm32-unknown-unknown") && message.contains("`js` feature"), "{message}");
    }

    #[test]
    fn messages_say_what_and_where() {
        assert_eq!(ParseError::chars(16, 15).to_string(), "expected 16 characters, got 15");
        let e = ParseError::first_invalid("abcL", |b| b.is_ascii_lowercase(), "[a-z]");
        assert_eq!(e.to_string(), "invalid character 'L' at position 3 (expected [a-z])");
        let e = ParseError::first_invalid("aŁb", |b| b.is_ascii_lowercase(), "[a-z]");
        assert_eq!(e, ParseError::Character { character: 'Ł', position: 1, alphabet: "[a-z]" });
    }

    #[test]
    fn lengths_are_counted_in_characters_and_multibyte_text_names_its_character() {
        assert_eq!(ParseError::check_ascii_len("abc", 3, "[a-z]"), Ok(&b"abc"[..]));
        assert_eq!(ParseError::check_ascii_len("abcd", 3, "[a-z]"), Err(ParseError::chars(3, 4)));
        // Three characters, four bytes: the length is right, the character is not.
        let e = ParseError::check_ascii_len("aéb", 3, "[a-z]").unwrap_err();
        assert_eq!(e.to_string(), "invalid character 'é' at position 1 (expected [a-z])");
        // Two characters, three bytes: the right byte count passes here; the codec's alphabet
        // check then names 'é'. With four bytes the length is wrong, and said in characters.
        assert_eq!(ParseError::check_ascii_len("aé", 3, "[a-z]"), Ok("aé".as_bytes()));
        assert_eq!(ParseError::check_ascii_len("aéé", 4, "[a-z]"), Err(ParseError::chars(4, 3)));
    }
}
