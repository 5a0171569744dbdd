//! What CUID2 declares as a scheme: 24 bytes that are its text, no time.

use super::layout::LEN;
use super::{Cuid2, Cuid2Generator};
use crate::codec::IdText;
use crate::error::ParseError;
use crate::scheme::{Encoding, IdBytes, Scheme, unsupported};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Cuid2 {}

impl Scheme for Cuid2 {
    crate::scheme::text_forms!(canonical);

    const NAME: &'static str = "cuid2";
    type Shape = crate::scheme::shape::Bytes<LEN>;
    const TIMED: bool = false;
    // The letters first: the one character every position takes (tools that fill a text with
    // the alphabet's first character get a valid one).
    const TEXT_ALPHABET: &'static str = "abcdefghijklmnopqrstuvwxyz0123456789";
    type Input = ();
    type Generator = Cuid2Generator;

    crate::scheme::default_generator!(Cuid2Generator = Cuid2Generator::new);

    /// None: see [`Scheme::TIMED`] (the time is hashed, not stored).
    fn timestamp(&self) -> Timestamp {
        Timestamp::UNIX_EPOCH
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::from(self.0)
    }

    /// The 24 bytes of a valid text (a column holds the text's bytes).
    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        if bytes.len() != LEN {
            return Err(ParseError::bytes(LEN, bytes.len()));
        }
        match core::str::from_utf8(bytes) {
            Ok(text) => Cuid2::from_text(text),
            Err(e) => Err(ParseError::Character {
                character: char::REPLACEMENT_CHARACTER,
                position: e.valid_up_to(),
                alphabet: "[0-9a-z]",
            }),
        }
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical => Some(IdText::from_ascii(&self.as_text_bytes())),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical => Cuid2::from_text(text),
            _ => Err(unsupported(encoding)),
        }
    }

    /// Every instant: see [`Scheme::TIMED`].
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::MIN, Timestamp::MAX)
    }

    /// The smallest CUID2, `a000…0`, whatever `t`: no ID is placed by time.
    fn min_at(_: Timestamp) -> Self {
        let mut text = [b'0'; LEN];
        text[0] = b'a';
        Cuid2(text)
    }

    /// The largest CUID2, `zzz…z`, whatever `t`.
    fn max_at(_: Timestamp) -> Self {
        Cuid2([b'z'; LEN])
    }
}
