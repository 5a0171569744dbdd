//! What ObjectId declares as a scheme: 12 bytes, lowercase hex text (and uppercase hex),
//! whole seconds.

use super::layout::LATEST;
use super::{ObjectId, ObjectIdGenerator};
use crate::codec::{IdText, hex};
use crate::error::ParseError;
use crate::scheme::{Encoding, Scheme, hex_array, clamp_time, unsupported};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for ObjectId {}

impl Scheme for ObjectId {
    crate::scheme::text_forms!(hex);

    const NAME: &'static str = "object_id";
    type Shape = crate::scheme::shape::Bytes<12>;
    const TIME_DIGITS: u8 = 0;
    const EMBED_LAG: core::time::Duration = crate::clock::CoarseClock::MAX_LAG;
    type Input = ();
    type Generator = ObjectIdGenerator;

    crate::scheme::default_generator!(ObjectIdGenerator = ObjectIdGenerator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(self.unix_seconds(), 0)
    }

    crate::scheme::array_bytes!();

    /// The canonical text is lowercase, as MongoDB writes it; [`Encoding::Hex`] is uppercase,
    /// as in every other scheme.
    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical => Some(hex::encode_lower(&self.0)),
            Encoding::Hex => Some(hex::encode_upper(&self.0)),
            _ => None,
        }
    }

    /// Either case in both forms: MongoDB's drivers read uppercase hex too.
    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Hex => hex_array(text).map(ObjectId),
            _ => Err(unsupported(encoding)),
        }
    }

    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::new(0, 0), LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        ObjectId::from_parts(ObjectId::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(0), [0; 5], 0)
    }

    fn max_at(t: Timestamp) -> Self {
        let (earliest, latest) = Self::time_range();
        let seconds = ObjectId::seconds_of(clamp_time(t, earliest, latest)).unwrap_or(u32::MAX);
        ObjectId::from_parts(seconds, [0xFF; 5], u32::MAX)
    }
}
