//! What UUIDv7 declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::layout::MAX_COUNTER;
use super::{Uuid7, Uuid7Generator};
use crate::error::{InvalidReason, ParseError};
use crate::scheme::Scheme;
use uuid::Uuid;

/// The UUIDv7 in `bytes`, or why they are none.
pub(super) fn checked(bytes: [u8; 16]) -> Result<Uuid7, ParseError> {
    Uuid7::from_uuid(Uuid::from_bytes(bytes))
        .ok_or(ParseError::Invalid { scheme: "uuid7", reason: InvalidReason::not_uuid_v7(bytes[6] >> 4) })
}

impl crate::scheme::sealed::Sealed for Uuid7 {}

impl Scheme for Uuid7 {
    const NAME: &'static str = "uuid7";
    type Shape = crate::scheme::shape::Guid;
    const UUID_VERSION: Option<u8> = Some(7);
    type Input = ();
    type Generator = Uuid7Generator;

    crate::scheme::declare::default_generator!(Uuid7Generator = Uuid7Generator::new, in DEFAULT_GENERATOR);

    crate::scheme::unix_ms48::time_items!(
        |ms| Uuid7::from_parts(ms, 0, 0),
        Uuid7::from_parts(ms, MAX_COUNTER, u32::MAX),
    );

    // Bytes and text are checked for the version and variant.
    crate::scheme::declare::array_text!(|id| id.0, |b| checked(b);
        canonical | uuid => uuid, hex => hex, base62 => base62_u128, ulid => crockford, typeid => typeid,
    );
}
