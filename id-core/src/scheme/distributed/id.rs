//! `DistributedId`: 28 decimal digits in a scale-0 `Decimal`, its fields, text forms and range.

use super::DistributedIdGenerator;
use super::layout::*;
use crate::codec::{AsciiWords, IdText, decimal, hex};
use crate::error::ParseError;
use crate::scheme::{Encoding, IdBytes, Scheme, canonical_text, unsupported};
use crate::time::Timestamp;
use core::time::Duration;
use rust_decimal::Decimal;
use uuid::Uuid;

/// A DistributedId: a positive integer below 10^28 (93 bits used).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DistributedId(pub(super) u128);

impl DistributedId {
    /// The largest value, `9999999999999999999999999999`.
    pub const MAX: DistributedId = DistributedId(decimal::MAX);

    /// Checks and wraps a value (at most [`DistributedId::MAX`]).
    pub const fn try_from_u128(v: u128) -> Result<Self, ParseError> {
        match decimal::check(v) {
            Ok(v) => Ok(DistributedId(v)),
            Err(e) => Err(e),
        }
    }

    /// Assembles `ms << 48 | random` (milliseconds since 1900, without the leeway applied).
    pub fn from_parts(ms_since_1900: u64, random: u64) -> Result<Self, ParseError> {
        if ms_since_1900 >> 45 != 0 || random >> 48 != 0 {
            return Err(ParseError::OutOfRange { rule: crate::error::RangeRule::layout("a DistributedId has 45 time bits and 48 random bits") });
        }
        Ok(DistributedId(u128::from(ms_since_1900) << 48 | u128::from(random)))
    }

    /// The value.
    pub const fn value(&self) -> u128 {
        self.0
    }

    /// Reads a scale-0, non-negative decimal (a trailing `.0` from SQLite is accepted).
    #[inline]
    pub fn from_decimal(d: Decimal) -> Result<Self, ParseError> {
        Self::try_from_u128(decimal::from_decimal(d)?)
    }

    /// The value as a scale-0 `Decimal`.
    #[inline]
    pub fn to_decimal(&self) -> Decimal {
        // A valid ID is at most `decimal::MAX`, below 2^96.
        decimal::decimal_below_2_96(self.0)
    }

    /// Embedded milliseconds since 1900-01-01 (creation time − 1 s, by design).
    pub const fn millis_since_1900(&self) -> u64 {
        (self.0 >> 48) as u64
    }

    /// The 48-bit random part.
    pub const fn random(&self) -> u64 {
        (self.0 & RANDOM48) as u64
    }

    /// The UUID form Architect.Identities shows (`00000000-` + the 96-bit value).
    pub const fn to_uuid(&self) -> Uuid {
        Uuid::from_u128(self.0)
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is before 1900 or after 3014", () => ());
}


canonical_text!(DistributedId);

impl TryFrom<Decimal> for DistributedId {
    type Error = ParseError;
    fn try_from(d: Decimal) -> Result<Self, ParseError> {
        DistributedId::from_decimal(d)
    }
}

impl From<DistributedId> for Decimal {
    #[inline]
    fn from(id: DistributedId) -> Decimal {
        id.to_decimal()
    }
}

impl crate::scheme::sealed::Sealed for DistributedId {}
impl Scheme for DistributedId {
    crate::scheme::text_forms!(decimal, base62, hex, uuid);

    const NAME: &'static str = "distributed";
    // The deliberate leeway, plus the system clock's own lag behind `SystemTime::now()`: an ID
    // made a microsecond after `t` on a clock that read a microsecond before it, across a
    // millisecond boundary, embeds the millisecond before `t - leeway`.
    const EMBED_LAG: Duration =
        Duration::from_millis(DISTRIBUTED.leeway_ms).saturating_add(crate::clock::SystemClock::MAX_LAG);
    type Shape = crate::scheme::shape::Decimal;
    type Input = ();
    type Generator = DistributedIdGenerator;

    crate::scheme::declare::default_generator!(DistributedIdGenerator = DistributedIdGenerator::new);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        DISTRIBUTED.ms_start(self.millis_since_1900())
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&decimal::to_binary(self.0))
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        decimal::from_binary(bytes).map(DistributedId)
    }

    #[inline(always)]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Decimal => Some(decimal::to_digits(self.0)),
            Encoding::Base62 => Some(decimal::to_base62(self.0)),
            Encoding::Hex => Some(decimal::to_hex(self.0)),
            Encoding::Uuid => Some(crate::codec::hex::encode_uuid(&self.0.to_be_bytes())),
            _ => None,
        }
    }

    #[inline(always)]
    fn encode_words(&self, encoding: Encoding, out: &mut AsciiWords<'_>) -> Option<core::ops::Range<usize>> {
        match encoding {
            Encoding::Canonical | Encoding::Decimal => Some(decimal::write_digits(self.0, out)),
            Encoding::Base62 => Some(decimal::write_base62(self.0, out)),
            _ => None,
        }
    }

    #[inline(always)]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        let v = match encoding {
            Encoding::Canonical | Encoding::Decimal => decimal::from_digits(text, 28)?,
            Encoding::Base62 => decimal::from_base62(text)?,
            Encoding::Hex => decimal::from_hex(text)?,
            Encoding::Uuid => hex::decode_uuid_value(text)?,
            _ => return Err(unsupported(encoding)),
        };
        Self::try_from_u128(v)
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        DISTRIBUTED.time_range()
    }

    fn min_at(t: Timestamp) -> Self {
        DistributedId(u128::from(DISTRIBUTED.clamped_ms(t)) << 48)
    }

    fn max_at(t: Timestamp) -> Self {
        DistributedId(u128::from(DISTRIBUTED.clamped_ms(t)) << 48 | RANDOM48)
    }
}
