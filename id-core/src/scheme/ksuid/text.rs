//! What KSUID declares as a scheme: 20 bytes, its base62 text (and hex), whole seconds.

use super::layout::{EPOCH, LATEST};
use super::{Ksuid, KsuidGenerator};
use crate::codec::{IdText, base62, hex};
use crate::error::ParseError;
use crate::scheme::{Encoding, Scheme, hex_array, clamp_time, unsupported};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Ksuid {}

impl Scheme for Ksuid {
    crate::scheme::text_forms!(base62, hex);

    const NAME: &'static str = "ksuid";
    type Shape = crate::scheme::shape::Bytes<20>;
    const TIME_DIGITS: u8 = 0;
    type Input = ();
    type Generator = KsuidGenerator;

    crate::scheme::default_generator!(KsuidGenerator = KsuidGenerator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(self.unix_seconds(), 0)
    }

    crate::scheme::array_bytes!();

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        encode(&self.0, encoding)
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        decode(text, encoding).map(Ksuid)
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

/// KSUID's text forms: 27 base62 digits (canonical) and upper-case hex. KSUID-ms writes and
/// reads the same, being a KSUID.
#[inline]
pub(super) fn encode(bytes: &[u8; 20], encoding: Encoding) -> Option<IdText> {
    match encoding {
        Encoding::Canonical | Encoding::Base62 => Some(base62::encode_fixed::<20, 27>(bytes)),
        Encoding::Hex => Some(hex::encode_slice(bytes, true)),
        _ => None,
    }
}

/// Reads [`encode`]'s forms (hex in either case).
#[inline]
pub(super) fn decode(text: &str, encoding: Encoding) -> Result<[u8; 20], ParseError> {
    match encoding {
        Encoding::Canonical | Encoding::Base62 => base62::decode_fixed::<20, 27>(text),
        Encoding::Hex => hex_array(text),
        _ => Err(unsupported(encoding)),
    }
}
