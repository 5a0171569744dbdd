//! What NanoID declares as a scheme: `N` bytes that are its text, no time.

use super::{Nanoid, NanoidGenerator};
use crate::codec::IdText;
use crate::error::ParseError;
use crate::installed::Installed;
use crate::scheme::alphabet::Alphabet;
use crate::scheme::{Encoding, IdBytes, Scheme, unsupported};
use crate::time::Timestamp;

// One generator for every size and alphabet (it holds only the random source), so one slot
// outside the generic impl, not one per instantiation.
static DEFAULT_GENERATOR: Installed<NanoidGenerator> = Installed::new();

impl<A: Alphabet, const N: usize> crate::scheme::sealed::Sealed for Nanoid<A, N> {}

impl<A: Alphabet, const N: usize> Scheme for Nanoid<A, N> {
    crate::scheme::text_forms!(canonical);

    const NAME: &'static str = "nanoid";
    type Shape = crate::scheme::shape::Bytes<N>;
    const TIMED: bool = false;
    const TEXT_ALPHABET: &'static str = A::CHARS;
    const VALID: () = Self::PARAMETERS;
    type Input = ();
    type Generator = NanoidGenerator;

    crate::scheme::default_generator!(NanoidGenerator = NanoidGenerator::new, in DEFAULT_GENERATOR);

    /// None: see [`Scheme::TIMED`].
    fn timestamp(&self) -> Timestamp {
        Timestamp::UNIX_EPOCH
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::from(self.text)
    }

    /// The `N` bytes, each a character of the alphabet (a column holds the text's bytes).
    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        if bytes.len() != N {
            return Err(ParseError::bytes(N, bytes.len()));
        }
        // Bytes outside ASCII are no character of any alphabet: the text check refuses them.
        match core::str::from_utf8(bytes) {
            Ok(text) => Self::from_text(text),
            Err(e) => Err(ParseError::Character {
                character: char::REPLACEMENT_CHARACTER,
                position: e.valid_up_to(),
                alphabet: A::CHARS,
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
            Encoding::Canonical => Self::from_text(text),
            _ => Err(unsupported(encoding)),
        }
    }

    /// Every instant: see [`Scheme::TIMED`].
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::MIN, Timestamp::MAX)
    }

    /// The smallest ID (every character the alphabet's smallest), whatever `t`: no ID is
    /// placed by time, so a window's bounds are all of them.
    fn min_at(_: Timestamp) -> Self {
        Self::from_raw([*A::CHARS.as_bytes().iter().min().unwrap_or(&b'0'); N])
    }

    /// The largest ID (every character the alphabet's largest), whatever `t`.
    fn max_at(_: Timestamp) -> Self {
        Self::from_raw([*A::CHARS.as_bytes().iter().max().unwrap_or(&b'z'); N])
    }
}
