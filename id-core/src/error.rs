//! The runtime's error types, one per concern: reading an ID ([`ParseError`], whose variant is
//! the kind of failure and whose [`RangeRule`] or [`InvalidReason`] says the detail in words)
//! and making one ([`GenerateError`], with a fence's refusal carried as [`FenceError`]).

use core::fmt;

mod generate;
mod reason;

pub use generate::{FenceError, GenerateError};
#[doc(hidden)]
pub use reason::Column;
#[cfg(feature = "_comb-time")]
pub use reason::CombTimeError;
pub(crate) use reason::PrefixRule;
pub use reason::{InvalidReason, RangeRule};

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
        ParseError::Invalid { scheme: "text", reason: InvalidReason::REFUSED }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// The reasons are values to compare (the rule or reason a decoder gives, not just its
    /// kind), and say in words what they said as strings before.
    #[test]
    fn reasons_compare_and_keep_their_words() {
        use crate::scheme::{DistributedId, Scheme, Sno, Uid64};
        assert_eq!(
            DistributedId::try_from_u128(10u128.pow(28)),
            Err(ParseError::OutOfRange { rule: RangeRule::ABOVE_DECIMAL_MAX })
        );
        assert_eq!(
            Uid64::decode("18446744073709551616", crate::encoding::Encoding::Decimal),
            Err(ParseError::OutOfRange { rule: RangeRule::ABOVE_U64_MAX })
        );
        assert_ne!(RangeRule::ABOVE_U64_MAX, RangeRule::ABOVE_I64_MAX);
        assert_eq!(
            Sno::from_uuid(uuid::Uuid::from_u128(u128::MAX)),
            Err(ParseError::Invalid { scheme: "sno", reason: InvalidReason::BYTES_NOT_TEXT })
        );
        assert_eq!(
            ParseError::OutOfRange { rule: RangeRule::ABOVE_DECIMAL_MAX }.to_string(),
            "value out of range: a decimal ID is at most 9999999999999999999999999999"
        );
        let column = ParseError::Invalid { scheme: "comb_pg", reason: InvalidReason::column_type(Column::BigInt) };
        assert_eq!(column.to_string(), "not a valid comb_pg ID: an integer column does not hold this scheme");
        let time = InvalidReason::time(CombTimeError::TIME_OF_DAY_PAST_24_HOURS);
        assert_eq!(time.to_string(), "time component exceeds 24 hours");
        assert_eq!(format!("{:?}", RangeRule::ABOVE_U64_MAX), "RangeRule(AboveU64Max)");
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
