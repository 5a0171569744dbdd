//! The errors of public identities, one enum per concern.

use core::fmt;

/// A key that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// AES keys are 16, 24 or 32 bytes.
    Length(usize),
    /// The text is not base64.
    Base64(String),
    /// A key ring needs at least one key.
    EmptyRing,
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Length(n) => write!(f, "an AES key is 16, 24 or 32 bytes, got {n}"),
            KeyError::Base64(why) => write!(f, "the key is not valid base64: {why}"),
            KeyError::EmptyRing => f.write_str("a key ring needs at least one key"),
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
    /// The value cannot be made public (a negative or fractional decimal, …).
    Value(&'static str),
}

impl fmt::Display for PublicIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicIdError::Invalid => f.write_str("not a valid public ID"),
            PublicIdError::Value(why) => write!(f, "cannot make a public ID: {why}"),
        }
    }
}

impl std::error::Error for PublicIdError {}
