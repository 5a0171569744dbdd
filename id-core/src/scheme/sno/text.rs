//! What sno declares as a scheme: its bytes, its text forms (sno32, hex) and its range bounds.

use super::SnoGenerator;
use super::default::DEFAULT_GENERATOR;
use super::layout::{EPOCH, LATEST, Sno, unit_start};
use crate::codec::{IdText, hex, sno32};
use crate::error::ParseError;
use crate::scheme::{Encoding, IdBytes, Scheme, unsupported};
use crate::time::Timestamp;
use core::time::Duration;

impl crate::scheme::sealed::Sealed for Sno {}
impl Scheme for Sno {
    crate::scheme::text_forms!(sno32, hex);

    const NAME: &'static str = "sno";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    type Shape = crate::scheme::shape::Bytes<10>;
    type Input = u8;
    type Generator = SnoGenerator;

    fn default_generator() -> &'static SnoGenerator {
        DEFAULT_GENERATOR
            .get_or_init(|| SnoGenerator::new().expect("the first default generator always has a partition"))
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        unit_start(self.units())
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(Sno).map_err(|_| ParseError::bytes(10, bytes.len()))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Sno32 => Some(sno32::encode(&self.0)),
            Encoding::Hex => Some(hex::encode_upper(&self.0)),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Sno32 => sno32::decode(text).map(Sno),
            Encoding::Hex => {
                let mut b = [0u8; 10];
                hex::decode_into(text, &mut b)?;
                Ok(Sno(b))
            }
            _ => Err(unsupported(encoding)),
        }
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (super::layout::EPOCH, super::layout::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), false, 0, 0, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), true, 0xFF, 0xFFFF, 0xFFFF)
    }

    fn serializes_as_null(&self) -> bool {
        self.is_zero()
    }
}

pub(super) fn clamp(t: Timestamp) -> Timestamp {
    crate::scheme::clamp_time(t, EPOCH, LATEST)
}
