//! What xid declares as a scheme: 12 bytes, its base32hex text (and uppercase hex), whole
//! seconds.

use super::layout::LATEST;
use super::{Xid, XidGenerator};
use crate::codec::{IdText, base32hex, hex};
use crate::error::ParseError;
use crate::scheme::{Encoding, Scheme, hex_array, clamp_time, unsupported};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Xid {}

impl Scheme for Xid {
    crate::scheme::text_forms!(base32hex, hex);

    const NAME: &'static str = "xid";
    type Shape = crate::scheme::shape::Bytes<12>;
    const TIME_DIGITS: u8 = 0;
    const EMBED_LAG: core::time::Duration = crate::clock::CoarseClock::MAX_LAG;
    type Input = ();
    type Generator = XidGenerator;

    crate::scheme::default_generator!(XidGenerator = XidGenerator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(self.unix_seconds(), 0)
    }

    crate::scheme::array_bytes!();

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Base32Hex => Some(base32hex::encode(&self.0)),
            Encoding::Hex => Some(hex::encode_upper(&self.0)),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Base32Hex => base32hex::decode(text).map(Xid),
            Encoding::Hex => hex_array(text).map(Xid),
            _ => Err(unsupported(encoding)),
        }
    }

    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::new(0, 0), LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        Xid::from_parts(Xid::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(0), [0; 3], 0, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        let seconds = Xid::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(u32::MAX);
        Xid::from_parts(seconds, [0xFF; 3], u16::MAX, u32::MAX)
    }
}
