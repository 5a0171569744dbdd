//! What the snowflake layouts declare as schemes: their bytes (the `u64` big-endian), their
//! text forms (decimal, hex) and their range bounds.

use super::SnowflakeGenerator;
use super::generator::default_slot;
use super::layout::{Snowflake, SnowflakeLayout};
use crate::codec::{IdText, decimal, hex};
use crate::error::{ParseError, RangeRule};
use crate::scheme::{Encoding, IdBytes, Scheme, canonical_text, clamp_time, unsupported};
use crate::time::Timestamp;

impl<L: SnowflakeLayout> crate::scheme::sealed::Sealed for Snowflake<L> {}

impl<L: SnowflakeLayout> Scheme for Snowflake<L> {
    crate::scheme::text_forms!(decimal, hex);

    const NAME: &'static str = L::NAME;
    type Shape = crate::scheme::shape::U63;
    // Architect's `u64` block, as uid64's: the same value encrypts to the same token.
    type Input = ();
    type Generator = SnowflakeGenerator<L>;

    #[inline]
    fn default_generator() -> &'static SnowflakeGenerator<L> {
        default_slot::<L>().get_or_init(SnowflakeGenerator::new)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Snowflake::timestamp(self)
    }

    #[inline]
    fn to_bytes(&self) -> IdBytes {
        IdBytes::new(&self.0.to_be_bytes())
    }

    #[inline]
    fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        let bytes: [u8; 8] = bytes.try_into().map_err(|_| ParseError::bytes(8, bytes.len()))?;
        Self::try_from_u64(u64::from_be_bytes(bytes))
    }

    #[inline]
    fn encode(&self, encoding: Encoding) -> Option<IdText> {
        match encoding {
            Encoding::Canonical | Encoding::Decimal => Some(decimal::to_digits(self.0.into())),
            Encoding::Hex => Some(hex::encode_upper(&self.0.to_be_bytes())),
            _ => None,
        }
    }

    #[inline]
    fn decode(text: &str, encoding: Encoding) -> Result<Self, ParseError> {
        match encoding {
            Encoding::Canonical | Encoding::Decimal => u64::try_from(decimal::from_digits(text, 20)?)
                .map_err(|_| ParseError::OutOfRange { rule: RangeRule::AboveU64Max })
                .and_then(Self::try_from_u64),
            Encoding::Hex => {
                let mut b = [0u8; 8];
                hex::decode_into(text, &mut b)?;
                Self::try_from_u64(u64::from_be_bytes(b))
            }
            _ => Err(unsupported(encoding)),
        }
    }

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Self::EARLIEST, Self::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        Self::pack(clamped_units::<L>(t), 0, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Self::pack(clamped_units::<L>(t), Self::MAX_NODE, Self::MAX_SEQUENCE)
    }

    fn from_number(n: u64) -> Option<Self> {
        Self::try_from_u64(n).ok()
    }
}

/// The unit of `t`, clamped into the units generators issue in.
fn clamped_units<L: SnowflakeLayout>(t: Timestamp) -> u64 {
    let t = clamp_time(t, Snowflake::<L>::EARLIEST, Snowflake::<L>::LATEST);
    Snowflake::<L>::checked_units(t).expect("clamped into range")
}

canonical_text!(Snowflake<L>, L: SnowflakeLayout);
