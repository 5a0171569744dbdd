//! What the snowflake layouts declare as schemes: their bytes (the `u64` big-endian), their
//! text forms (decimal, hex) and their range bounds.

use super::SnowflakeGenerator;
use super::generator::default_slot;
use super::layout::{Snowflake, SnowflakeLayout};
use crate::scheme::{Scheme, canonical_text, clamp_time};
use crate::time::Timestamp;

impl<L: SnowflakeLayout> crate::scheme::sealed::Sealed for Snowflake<L> {}

impl<L: SnowflakeLayout> Scheme for Snowflake<L> {
    const NAME: &'static str = L::NAME;
    type Shape = crate::scheme::shape::U63;
    // Architect's `u64` block, as uid64's: the same value encrypts to the same token.
    type Input = ();
    type Generator = SnowflakeGenerator<L>;

    #[inline]
    fn default_generator() -> &'static SnowflakeGenerator<L> {
        default_slot::<L>().get_or_init(SnowflakeGenerator::process_default)
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Snowflake::timestamp(self)
    }

    // A `u64` from 2^63 on is no ID of any layout: bytes and text are checked.
    crate::scheme::declare::array_text!(|id| id.0.to_be_bytes(), |b| Self::try_from_u64(u64::from_be_bytes(b));
        canonical | decimal => decimal_u64, hex => hex,
    );

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
