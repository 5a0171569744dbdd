//! What ULID declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::layout::MAX_RANDOM;
use super::{Ulid, UlidGenerator};
use crate::codec::AsciiWords;
use crate::scheme::{Encoding, Scheme, write_uuid_like};

impl crate::scheme::sealed::Sealed for Ulid {}

impl Scheme for Ulid {
    const NAME: &'static str = "ulid";
    type Shape = crate::scheme::shape::Guid;
    type Input = ();
    type Generator = UlidGenerator;

    crate::scheme::declare::default_generator!(UlidGenerator = UlidGenerator::new, in DEFAULT_GENERATOR);

    crate::scheme::unix_ms48::time_items!(|ms| Ulid::from_parts(ms, 0), Ulid::from_parts(ms, MAX_RANDOM));

    // The canonical text is the ULID's own (Crockford base32), not the UUID's.
    crate::scheme::declare::array_text!(|id| id.0.to_be_bytes(), |b| Ok(Ulid(u128::from_be_bytes(b)));
        canonical | ulid => crockford, typeid => typeid, uuid => uuid, hex => hex, base62 => base62_u128,
    );

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        let encoding = if encoding == Encoding::Canonical { Encoding::Ulid } else { encoding };
        write_uuid_like(self.0, encoding, out)
    }
}
