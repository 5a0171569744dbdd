//! `DistributedId128`: a UUIDv7-shaped `u128`, its fields, its split into two `i64`s, text forms
//! and range.

use super::DistributedId128Generator;
use super::layout::*;
use crate::codec::{AsciiWords, base62, decimal};
use crate::error::ParseError;
use crate::scheme::{Encoding, Scheme, canonical_text, write_uuid_like};
use crate::time::Timestamp;
use core::fmt;
use uuid::Uuid;

/// A DistributedId128: a UUIDv7-shaped `u128` with bit 63 clear.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DistributedId128(pub(super) u128);

/// Why a [`DistributedId128`] cannot be split into, or joined from, two non-negative `i64`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// Bit 127 or bit 63 is set, so a half would be negative.
    HighBitSet,
    /// One of the halves given to `join` is negative.
    NegativeHalf,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SplitError::HighBitSet => "bit 127 or bit 63 is set: the value does not split into two non-negative i64",
            SplitError::NegativeHalf => "both halves of a DistributedId128 must be non-negative",
        })
    }
}

impl core::error::Error for SplitError {}

impl DistributedId128 {
    /// Wraps any `u128`.
    pub const fn from_u128(v: u128) -> Self {
        DistributedId128(v)
    }

    /// Assembles `ms << 80 | 7 << 76 | random75` with bit 63 clear.
    pub fn from_parts(ms_since_1700: u64, random: u128) -> Result<Self, ParseError> {
        if ms_since_1700 >> 48 != 0 || random > RANDOM75 {
            return Err(ParseError::OutOfRange { rule: crate::error::RangeRule::layout("a DistributedId128 has 48 time bits and 75 random bits") });
        }
        Ok(Self::assemble(ms_since_1700, random))
    }

    pub(super) const fn assemble(ms: u64, random: u128) -> Self {
        DistributedId128((ms as u128) << 80 | 7 << 76 | (random >> 63) << 64 | (random & LOW63))
    }

    /// The value.
    pub const fn value(&self) -> u128 {
        self.0
    }

    /// Embedded milliseconds since 1700-01-01.
    pub const fn millis_since_1700(&self) -> u64 {
        (self.0 >> 80) as u64
    }

    /// The 75-bit random part.
    pub const fn random(&self) -> u128 {
        ((self.0 >> 64) & 0xFFF) << 63 | (self.0 & LOW63)
    }

    /// The UUID with the same text as the hex of the value (`Uuid::from_u128`).
    pub const fn to_uuid(&self) -> Uuid {
        Uuid::from_u128(self.0)
    }

    /// From the UUID form.
    pub const fn from_uuid(uuid: Uuid) -> Self {
        DistributedId128(uuid.as_u128())
    }

    /// The composite-key form `(upper, lower)`.
    pub const fn split(&self) -> Result<(i64, i64), SplitError> {
        if self.0 >> 127 != 0 || (self.0 >> 63) & 1 != 0 {
            return Err(SplitError::HighBitSet);
        }
        Ok(((self.0 >> 64) as i64, self.0 as u64 as i64))
    }

    /// Joins the composite-key form.
    pub const fn join(upper: i64, lower: i64) -> Result<Self, SplitError> {
        if upper < 0 || lower < 0 {
            return Err(SplitError::NegativeHalf);
        }
        Ok(DistributedId128((upper as u128) << 64 | lower as u128))
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is before 1700 or after 10619", () => ());
}


canonical_text!(DistributedId128);

impl From<DistributedId128> for Uuid {
    #[inline]
    fn from(id: DistributedId128) -> Uuid {
        id.to_uuid()
    }
}

impl crate::scheme::sealed::Sealed for DistributedId128 {}
impl Scheme for DistributedId128 {
    const NAME: &'static str = "distributed128";
    type Shape = crate::scheme::shape::U128;
    type Input = ();
    type Generator = DistributedId128Generator;

    crate::scheme::declare::default_generator!(DistributedId128Generator = DistributedId128Generator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        DISTRIBUTED128.ms_start(self.millis_since_1700())
    }

    // Every `u128` is a value; the canonical text is base62, as Architect's.
    crate::scheme::declare::array_text!(|id| id.0.to_be_bytes(), |b| Ok(DistributedId128(u128::from_be_bytes(b)));
        canonical | base62 => base62_u128, decimal => decimal_u128, uuid => uuid, hex => hex, ulid => crockford,
        typeid => typeid,
    );

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        match encoding {
            Encoding::Canonical => Some(base62::write_u128(self.0, out)),
            Encoding::Decimal => Some(decimal::write_digits(self.0, out)),
            other => write_uuid_like(self.0, other, out),
        }
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        DISTRIBUTED128.time_range()
    }

    fn min_at(t: Timestamp) -> Self {
        Self::assemble(DISTRIBUTED128.clamped_ms(t), 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Self::assemble(DISTRIBUTED128.clamped_ms(t), RANDOM75)
    }
}
