//! What ULID declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::layout::MAX_RANDOM;
use super::{Ulid, UlidGenerator};
use crate::codec::AsciiWords;
use crate::scheme::unix_ms48::{clamped_ms, ms_start};
use crate::scheme::{Encoding, Scheme, write_uuid_like};
use crate::time::Timestamp;

impl crate::scheme::sealed::Sealed for Ulid {}

impl Scheme for Ulid {
    const NAME: &'static str = "ulid";
    type Shape = crate::scheme::shape::Guid;
    type Input = ();
    type Generator = UlidGenerator;

    crate::scheme::default_generator!(UlidGenerator = UlidGenerator::new, in DEFAULT_GENERATOR);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        ms_start(self.unix_ms())
    }

    // The canonical text is the ULID's own (Crockford base32), not the UUID's.
    crate::scheme::array_text!(|id| id.0.to_be_bytes(), |b| Ok(Ulid(u128::from_be_bytes(b)));
        canonical | ulid => crockford, typeid => typeid, uuid => uuid, hex => hex, base62 => base62_u128,
    );

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        let encoding = if encoding == Encoding::Canonical { Encoding::Ulid } else { encoding };
        write_uuid_like(self.0, encoding, out)
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
