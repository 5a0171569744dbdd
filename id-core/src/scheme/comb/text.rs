//! What a COMB declares as a scheme: its bytes, its text forms and its range bounds.

use super::{Comb, CombGenerator, CombLayout};
use crate::scheme::{Scheme, clamp_time};
use crate::time::Timestamp;
use uuid::Uuid;

impl<L: CombLayout> crate::scheme::sealed::Sealed for Comb<L> {}
impl<L: CombLayout> Scheme for Comb<L> {
    const NAME: &'static str = L::NAME;
    type Shape = L::Shape;
    const TIME_DIGITS: u8 = L::STRATEGY.time_digits();
    type Input = ();
    type Generator = CombGenerator<L>;

    fn default_generator() -> &'static CombGenerator<L> {
        L::default_generator()
    }

    #[inline]
    fn timestamp(&self) -> Timestamp {
        L::STRATEGY.read_raw(self.time_bytes())
    }

    crate::scheme::declare::array_text!(|id| id.bytes, |b| Ok(Self::from_uuid(Uuid::from_bytes(b)));
        canonical | uuid => uuid, hex => hex, base62 => base62_u128, ulid => crockford, typeid => typeid,
    );

    /// The first and last instants the layout holds.
    fn time_range() -> (Timestamp, Timestamp) {
        (L::STRATEGY.earliest(), L::STRATEGY.latest())
    }

    fn min_at(t: Timestamp) -> Self {
        Self::with_tick([0; 16], Self::clamped_tick(t))
    }

    fn max_at(t: Timestamp) -> Self {
        Self::with_tick([0xFF; 16], Self::clamped_tick(t))
    }
}

impl<L: CombLayout> Comb<L> {
    pub(super) fn clamped_tick(t: Timestamp) -> u64 {
        let t = clamp_time(t, L::STRATEGY.earliest(), L::STRATEGY.latest());
        L::STRATEGY.exact_tick(t, L::NAME).expect("clamped into range")
    }
}
