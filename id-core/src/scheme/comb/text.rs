//! What a COMB declares as a scheme: its bytes, its text forms and its range bounds.

use super::{Comb, CombGenerator, CombLayout};
use crate::codec::IdText;
use crate::error::ParseError;
use crate::scheme::{Encoding, IdBytes, Scheme, clamp_time, decode_uuid_like, encode_uuid_like};
use crate::time::Timestamp;
use uuid::Uuid;

impl<L: CombLayout> crate::scheme::sealed::Sealed for Comb<L> {}
impl<L: CombLayout> Scheme for Comb<L> {
    crate::scheme::text_forms!(uuid, hex, base62, ulid, typeid);

    const NAME: &'static str = L::NAME;
    type Shape = L::Shape;
    const TIME_DIGITS: u8 = L::STRATEGY.time_digits();
    type Input = ();
    type Generator = CombGenerator<L>;

    fn default_generator() -> &'static CombGenerator<L> {
        L::default_generator()
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        L::STRATEGY.read_raw(self.time_bytes())
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.bytes)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        let b: [u8; 16] = bytes.try_into().map_err(|_| ParseError::bytes(16, bytes.len()))?;
        Ok(Self::from_uuid(Uuid::from_bytes(b)))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        encode_uuid_like(&self.bytes, encoding)
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        decode_uuid_like(text, encoding).map(|v| Self::from_uuid(Uuid::from_u128(v)))
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (L::STRATEGY.earliest(), L::STRATEGY.latest())
    }

    fn min_at(t: Timestamp) -> Self {
        Self::with_tick([0; 16], Self::clamped_tick(t))
    }

    fn max_at(t: Timestamp) -> Self {
        Self::with_tick([0xFF; 16], Self::clamped_tick(t))
    }
}

impl<L: CombLayout> Comb<L> {
    pub(super) fn clamped_tick(t: Timestamp) -> u64 {
        let t = clamp_time(t, L::STRATEGY.earliest(), L::STRATEGY.latest());
        L::STRATEGY.exact_tick(t, L::NAME).expect("clamped into range")
    }
}
