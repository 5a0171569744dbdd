//! What HotGuid declares as a scheme: its bytes, its text forms and its range bounds.

use super::generator::DEFAULT_GENERATOR;
use super::{HotGuid, HotGuidGenerator};
use crate::scheme::{Scheme, clamp_time};
use crate::time::Timestamp;
use core::time::Duration;

impl crate::scheme::sealed::Sealed for HotGuid {}
impl Scheme for HotGuid {
    const NAME: &'static str = "hot";
    const EMBED_LAG: Duration = crate::clock::CoarseClock::MAX_LAG;
    const TIME_DIGITS: u8 = 0;
    type Shape = crate::scheme::shape::Guid;
    type Input = u32;
    type Generator = HotGuidGenerator;

    crate::scheme::declare::default_generator!(HotGuidGenerator = HotGuidGenerator::new, in DEFAULT_GENERATOR);

    #[inline]
    fn timestamp(&self) -> Timestamp {
        Timestamp::new(i64::from(self.unix_seconds()), 0)
    }

    crate::scheme::declare::array_text!(
        canonical | uuid => uuid, hex => hex, base62 => base62_u128, ulid => crockford, typeid => typeid,
    );

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (Timestamp::UNIX_EPOCH, super::generator::LATEST)
    }

    fn min_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0u8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }

    fn max_at(t: Timestamp) -> Self {
        let t = clamp_time(t, Timestamp::UNIX_EPOCH, Timestamp::new(u32::MAX.into(), 0));
        let mut b = [0xFFu8; 16];
        b[..4].copy_from_slice(&(t.unix_seconds() as u32).to_be_bytes());
        HotGuid(b)
    }
}
