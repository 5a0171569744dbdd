//! What HotGuid declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::{HotGuid, HotGuidGenerator};
use crate::codec::IdText;
use crate::error::ParseError;
use crate::scheme::{Encoding, IdBytes, Scheme, clamp_time, decode_uuid_like, encode_uuid_like};
use crate::time::Timestamp;
use core::time::Duration;

impl crate::scheme::sealed::Sealed for HotGuid {}
impl Scheme for HotGuid {
    crate::scheme::text_forms!(uuid, hex, base62, ulid, typeid);

    const NAME: &'static str = "hot";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const TIME_DIGITS: u8 = 0;
    type Shape = crate::scheme::shape::Guid;
    type Input = u32;
    type Generator = HotGuidGenerator;

    crate::scheme::default_generator!(HotGuidGenerator = HotGuidGenerator::new, in DEFAULT_GENERATOR);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(i64::from(self.unix_seconds()), 0)
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(HotGuid).map_err(|_| ParseError::bytes(16, bytes.len()))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        encode_uuid_like(&self.0, encoding)
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        decode_uuid_like(text, encoding).map(|v| HotGuid(v.to_be_bytes()))
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::UNIX_EPOCH, super::generator::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0u8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }

    fn max_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0xFFu8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }
}
