//! [`PublicId<I>`]: the token of an `I`, as bytes and as text (the type's prefix and `_`, then
//! base62, see `text.rs`).

use crate::construction::{MAX_TOKEN_LEN, TokenBytes};
use crate::error::PublicIdError;
use crate::siv::IV_LEN;
use crate::text;
use core::fmt;
use core::marker::PhantomData;
use idcraft_core::Identity;

/// Whether a token can have `len` bytes: 16 (one block), 24 (a block and its tag) or 33 to 48
/// (AES-SIV of a value of 17 to 32 bytes). The three never overlap, so the length alone says
/// which construction a token claims to be.
const fn is_token_len(len: usize) -> bool {
    matches!(len, 16 | 24) || (len > IV_LEN + 16 && len <= MAX_TOKEN_LEN)
}

/// The public token of an `I`: base62 text after the type's `prefix_`, 22 or 33 characters for
/// IDs of up to 16 bytes and 46 to 66 for longer ones (50 for 20 bytes, 55 for 24, 66 for 32).
/// Parsing checks only the form; [`PublicIds::from_public`](crate::PublicIds::from_public)
/// checks the token.
pub struct PublicId<I> {
    bytes: [u8; MAX_TOKEN_LEN],
    len: u8,
    id: PhantomData<fn() -> I>,
}

impl<I> PublicId<I> {
    /// The token bytes (16 or 24, or 33 to 48 for IDs longer than 16 bytes).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// A token from its bytes (16 or 24, or 33 to 48 for IDs longer than 16 bytes).
    pub fn from_bytes(bytes: &[u8]) -> Result<PublicId<I>, PublicIdError> {
        if !is_token_len(bytes.len()) {
            return Err(PublicIdError::Invalid);
        }
        let mut b = [0u8; MAX_TOKEN_LEN];
        b[..bytes.len()].copy_from_slice(bytes);
        Ok(PublicId { bytes: b, len: bytes.len() as u8, id: PhantomData })
    }

    /// The token a construction made.
    #[inline]
    pub(crate) fn from_token((bytes, len): TokenBytes) -> PublicId<I> {
        debug_assert!(is_token_len(len));
        PublicId { bytes, len: len as u8, id: PhantomData }
    }
}

impl<I> Clone for PublicId<I> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<I> Copy for PublicId<I> {}

impl<I> PartialEq for PublicId<I> {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl<I> Eq for PublicId<I> {}

impl<I> core::hash::Hash for PublicId<I> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state)
    }
}

/// The longest prefix written in the same write as the token: the derive's limit.
const PREFIX_MAX: usize = 64;

impl<I: Identity> fmt::Display for PublicId<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Prefix, `_` and token in one write, straight into one buffer: two writes would make
        // `to_string` grow its buffer twice.
        let mut line = [0u8; PREFIX_MAX + 1 + text::chars(MAX_TOKEN_LEN)];
        let start = match I::PREFIX {
            None => 0,
            Some(prefix) if prefix.len() <= PREFIX_MAX => {
                line[..prefix.len()].copy_from_slice(prefix.as_bytes());
                line[prefix.len()] = b'_';
                prefix.len() + 1
            }
            // Longer than the derive allows (a hand-written `Identity`): two writes.
            Some(prefix) => {
                f.write_str(prefix)?;
                line[0] = b'_';
                1
            }
        };
        let end = start + text::encode(self.as_bytes(), &mut line[start..]);
        f.write_str(core::str::from_utf8(&line[..end]).map_err(|_| fmt::Error)?)
    }
}

impl<I: Identity> fmt::Debug for PublicId<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicId<{}>({self})", I::TYPE_NAME)
    }
}

impl<I: Identity> core::str::FromStr for PublicId<I> {
    type Err = PublicIdError;

    fn from_str(text: &str) -> Result<Self, PublicIdError> {
        let body = idcraft_core::glue::strip_prefix(text, I::PREFIX).map_err(|_| PublicIdError::Invalid)?;
        // Token text is ASCII; checking that first makes every byte index a character boundary,
        // so hostile text (a multi-byte character across a block's end) cannot panic.
        if !body.is_ascii() {
            return Err(PublicIdError::Invalid);
        }
        let len = text::bytes(body.len()).filter(|&len| is_token_len(len)).ok_or(PublicIdError::Invalid)?;
        let mut bytes = [0u8; MAX_TOKEN_LEN];
        text::decode(body, &mut bytes[..len]).ok_or(PublicIdError::Invalid)?;
        Ok(PublicId { bytes, len: len as u8, id: PhantomData })
    }
}

#[cfg(feature = "serde")]
impl<I: Identity> serde::Serialize for PublicId<I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, I: Identity> serde::Deserialize<'de> for PublicId<I> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_types::Billing;

    /// Every length a token can have: bytes to text and back, and no other length parses.
    #[test]
    fn every_token_length_round_trips_as_text() {
        for len in 0..=MAX_TOKEN_LEN + 8 {
            let bytes: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(151) ^ 0xC3).collect();
            let Ok(token) = PublicId::<Billing>::from_bytes(&bytes) else {
                assert!(!is_token_len(len), "{len} bytes refused");
                continue;
            };
            assert!(is_token_len(len), "{len} bytes accepted");
            let text = token.to_string();
            assert_eq!(text.len(), "bill_".len() + text::chars(len), "{text}");
            assert_eq!(text.parse::<PublicId<Billing>>(), Ok(token), "{text}");
            // A character less or more is another length, or none: never the same token.
            for other in [&text[..text.len() - 1], &format!("{text}0")] {
                if let Ok(other) = other.parse::<PublicId<Billing>>() {
                    assert_ne!(other.as_bytes().len(), len, "{other}");
                }
            }
        }
        let lengths: Vec<usize> = (0..=64).filter(|&n| is_token_len(n)).collect();
        assert_eq!(lengths, [&[16, 24][..], &(33..=48).collect::<Vec<_>>()].concat());
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        /// Any text, with or without the prefix: a token or `Invalid`, never a panic.
        #[test]
        fn parsing_any_text_never_panics(text in crate::test_budget::printable_text(80)) {
            let _ = text.parse::<PublicId<Billing>>();
            let _ = format!("bill_{text}").parse::<PublicId<Billing>>();
        }
    }
}
