//! What sno declares as a scheme: its bytes, its text forms (sno32, hex) and its range bounds.

use super::SnoGenerator;
use super::default::DEFAULT_GENERATOR;
use super::layout::{EPOCH, LATEST, Sno, unit_start};
use crate::scheme::Scheme;
use crate::time::Timestamp;
use core::time::Duration;

impl crate::scheme::sealed::Sealed for Sno {}
impl Scheme for Sno {
    const NAME: &'static str = "sno";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    type Shape = crate::scheme::shape::Bytes<10>;
    type Input = u8;
    type Generator = SnoGenerator;

    fn default_generator() -> &'static SnoGenerator {
        DEFAULT_GENERATOR
            .get_or_init(|| SnoGenerator::new().expect("the first default generator always has a partition"))
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        unit_start(self.units())
    }

    crate::scheme::declare::array_text!(canonical | sno32 => sno32, hex => hex);

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (super::layout::EPOCH, super::layout::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), false, 0, 0, 0)
    }

    fn max_at(t: Timestamp) -> Self {
        Sno::from_parts(Sno::units_of(clamp(t)), true, 0xFF, 0xFFFF, 0xFFFF)
    }

    fn serializes_as_null(&self) -> bool {
        self.is_zero()
    }
}

pub(super) fn clamp(t: Timestamp) -> Timestamp {
    crate::scheme::clamp_time(t, EPOCH, LATEST)
}
