//! The errors of public identities, one enum per concern.

use core::fmt;

/// A key that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// AES keys are 16, 24 or 32 bytes; the key (or its base64 text) holds this many.
    Length(usize),
    /// A character of the base64 text that is neither in the standard alphabet nor trailing
    /// padding.
    Character {
        /// The offending character.
        character: char,
        /// Its position, counted in characters from 0.
        position: usize,
    },
    /// Padding that does not complete the last group of four characters.
    Padding {
        /// The `=` the text needs (it may also have none).
        expected: usize,
        /// The `=` it has.
        found: usize,
    },
    /// The last character has bits set beyond the key's last byte, so the text is not the
    /// canonical base64 of any key.
    StrayBits,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Length(n) => write!(f, "an AES key is 16, 24 or 32 bytes, got {n}"),
            KeyError::Character { character, position } => write!(
                f,
                "the key is not valid base64: invalid character {character:?} at position {position} (expected [A-Za-z0-9+/], then '=' padding)"
            ),
            KeyError::Padding { expected, found } => write!(
                f,
                "the key is not valid base64: {found} padding characters where the text needs {expected} (or none)"
            ),
            KeyError::StrayBits => {
                f.write_str("the key is not valid base64: the last character has bits set beyond the key's last byte")
            }
        }
    }
}

impl std::error::Error for KeyError {}

/// Why a value cannot be made public, or a token is not a public ID.
///
/// Decoding failures are all the same [`PublicIdError::Invalid`]: which check failed is not
/// revealed, so a caller cannot be used as an oracle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PublicIdError {
    /// The token is not the public ID of any value of the requested kind under these keys.
    Invalid,
    /// The value cannot be made public.
    Value(ValueError),
}

/// Why a value cannot be made public.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueError {
    /// A negative `i64` or decimal.
    Negative,
    /// A decimal with non-zero digits behind the point.
    Fractional,
    /// A decimal above 10^28 − 1 (28 digits, .NET's `decimal.MaxValue`).
    TooLarge,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueError::Negative => "the ID is negative",
            ValueError::Fractional => "a decimal ID has no fractional digits",
            ValueError::TooLarge => "a decimal ID is at most 9999999999999999999999999999",
        })
    }
}

impl std::error::Error for ValueError {}

impl fmt::Display for PublicIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicIdError::Invalid => f.write_str("not a valid public ID"),
            PublicIdError::Value(why) => write!(f, "cannot make a public ID: {why}"),
        }
    }
}

impl std::error::Error for PublicIdError {}
