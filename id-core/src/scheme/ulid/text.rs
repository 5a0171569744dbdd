//! What ULID declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::layout::MAX_RANDOM;
use super::{Ulid, UlidGenerator};
use crate::codec::{AsciiWords, IdText};
use crate::error::ParseError;
use crate::scheme::unix_ms48::{clamped_ms, ms_start};
use crate::scheme::{Encoding, IdBytes, Scheme, decode_uuid_like, encode_uuid_like, write_uuid_like};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Ulid {}

impl Scheme for Ulid {
    crate::scheme::text_forms!(ulid, typeid, uuid, hex, base62);

    const NAME: &'static str = "ulid";
    type Shape = crate::scheme::shape::Guid;
    type Input = ();
    type Generator = UlidGenerator;

    crate::scheme::default_generator!(UlidGenerator = UlidGenerator::new, in DEFAULT_GENERATOR);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        ms_start(self.unix_ms())
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0.to_be_bytes())
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        let bytes: [u8; 16] = bytes.try_into().map_err(|_| ParseError::bytes(16, bytes.len()))?;
        Ok(Ulid(u128::from_be_bytes(bytes)))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        let encoding = if encoding == Encoding::Canonical { Encoding::Ulid } else { encoding };
        encode_uuid_like(&self.0.to_be_bytes(), encoding)
    }

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        let encoding = if encoding == Encoding::Canonical { Encoding::Ulid } else { encoding };
        write_uuid_like(self.0, encoding, out)
    }

    // Always inlined, as `decode_uuid_like` (see there).
    #[inline(always)]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        let encoding = if encoding == Encoding::Canonical { Encoding::Ulid } else { encoding };
        decode_uuid_like(text, encoding).map(Ulid)
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::UNIX_EPOCH, crate::scheme::unix_ms48::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        Ulid::from_parts(clamped_ms(t), 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Ulid::from_parts(clamped_ms(t), MAX_RANDOM)
    }
}
