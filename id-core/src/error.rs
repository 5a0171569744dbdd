//! The runtime's error types, one per concern: reading an ID ([`ParseError`]) and making one
//! ([`GenerateError`]).

use crate::time::Timestamp;
use core::fmt;

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
        /// The rule that was broken, e.g. `"a DistributedId is at most 9999999999999999999999999999"`.
        rule: &'static str,
    },
    /// The text lacks the type's `prefix_`.
    Prefix {
        /// The prefix the type requires, without the underscore.
        expected: &'static str,
    },
    /// The bytes decode but are not a valid value of the scheme.
    Invalid {
        /// The scheme that rejected the value.
        scheme: &'static str,
        /// Why, e.g. `"time component exceeds 24 hours"`.
        reason: &'static str,
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

    /// The error for the first byte of `text` at or after `from` that `valid` rejects; a
    /// multi-byte character is reported whole, at its character position.
    pub fn first_invalid(text: &str, valid: impl Fn(u8) -> bool, alphabet: &'static str) -> ParseError {
        for (position, (offset, character)) in text.char_indices().enumerate() {
            if !character.is_ascii() || !valid(text.as_bytes()[offset]) {
                return ParseError::Character { character, position, alphabet };
            }
        }
        ParseError::Invalid { scheme: "text", reason: "no invalid character found" }
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
        }
    }
}

impl std::error::Error for ParseError {}

/// Why a generator could not make an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The instant cannot be represented by the scheme's layout.
    TimeOutOfRange {
        /// The scheme.
        scheme: &'static str,
        /// The instant asked for.
        time: Timestamp,
        /// The first instant the scheme can hold.
        earliest: Timestamp,
        /// The last instant the scheme can hold.
        latest: Timestamp,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TimeOutOfRange { scheme, time, earliest, latest } => {
                write!(f, "{time} is outside the range of {scheme} IDs ({earliest} to {latest})")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_and_where() {
        assert_eq!(ParseError::chars(16, 15).to_string(), "expected 16 characters, got 15");
        let e = ParseError::first_invalid("abcL", |b| b.is_ascii_lowercase(), "[a-z]");
        assert_eq!(e.to_string(), "invalid character 'L' at position 3 (expected [a-z])");
        let e = ParseError::first_invalid("aŁb", |b| b.is_ascii_lowercase(), "[a-z]");
        assert_eq!(e, ParseError::Character { character: 'Ł', position: 1, alphabet: "[a-z]" });
    }
}
