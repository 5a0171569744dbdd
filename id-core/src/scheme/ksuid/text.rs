//! What KSUID declares as a scheme: 20 bytes, its base62 text (and hex), whole seconds.

use super::layout::{EPOCH, LATEST};
use super::{Ksuid, KsuidGenerator};
use crate::codec::{IdText, base62, hex};
use crate::error::ParseError;
use crate::installed::Installed;
use crate::scheme::{Encoding, IdBytes, Scheme, clamp_time, unsupported};
use crate::time::Timestamp;

static DEFAULT_GENERATOR: Installed<KsuidGenerator> = Installed::new();

impl crate::scheme::sealed::Sealed for Ksuid {}

impl Scheme for Ksuid {
    crate::scheme::text_forms!(base62, hex);

    const NAME: &'static str = "ksuid";
    type Shape = crate::scheme::shape::Bytes<20>;
    const TIME_DIGITS: u8 = 0;
    type Input = ();
    type Generator = KsuidGenerator;

    fn default_generator() -> &'static KsuidGenerator {
        DEFAULT_GENERATOR.get_or_init(KsuidGenerator::new)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(self.unix_seconds(), 0)
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::from(self.0)
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        bytes.try_into().map(Ksuid).map_err(|_| ParseError::bytes(20, bytes.len()))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Base62 => Some(base62::encode_fixed::<20, 27>(&self.0)),
            Encoding::Hex => Some(hex::encode_slice(&self.0, true)),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Base62 => base62::decode_fixed::<20, 27>(text).map(Ksuid),
            Encoding::Hex => {
                let mut bytes = [0u8; 20];
                hex::decode_into(text, &mut bytes)?;
                Ok(Ksuid(bytes))
            }
            _ => Err(unsupported(encoding)),
        }
    }

    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::new(EPOCH, 0), LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        Ksuid::from_parts(Ksuid::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(0), [0; 16])
    }

    fn max_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        Ksuid::from_parts(Ksuid::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(u32::MAX), [0xFF; 16])
    }
}
