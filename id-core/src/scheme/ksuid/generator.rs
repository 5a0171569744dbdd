//! The KSUID generator: the clock's second and 16 bytes from the random source, as the original
//! makes them. It keeps no state between IDs, so it needs no lock and nothing to forget after a
//! `fork()` (the random source reseeds itself there).

use super::Ksuid;
use crate::clock::{Clock, SystemClock};
use crate::error::GenerateError;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::Generate;
use crate::time::Timestamp;
use core::fmt;

/// Makes KSUIDs: the second of the clock's reading, then 128 bits of `random` (a CSPRNG by
/// default: the payload is what makes KSUIDs unguessable and unique).
pub struct KsuidGenerator<C: Clock = SystemClock, R: RandomSource = OsRandom> {
    clock: C,
    random: R,
}

crate::scheme::default_constructors! {
    /// The system clock and the OS-seeded CSPRNG.
    KsuidGenerator => with(SystemClock, OsRandom)
}

impl<C: Clock, R: RandomSource> KsuidGenerator<C, R> {
    /// A generator on `clock` and `random`.
    pub fn with(clock: C, random: R) -> Self {
        KsuidGenerator { clock, random }
    }
}

impl<C: Clock, R: RandomSource> Generate<Ksuid> for KsuidGenerator<C, R> {
    /// A KSUID of the clock's second; an error only for a clock outside 2014 to 2150.
    #[inline]
    fn generate(&self, _: ()) -> Result<Ksuid, GenerateError> {
        self.generate_at((), self.clock.now())
    }

    /// A KSUID of `t`'s second with a fresh payload: what the original's `NewRandomWithTime`
    /// makes.
    #[inline]
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Ksuid, GenerateError> {
        let seconds = Ksuid::seconds_of(t).ok_or_else(|| crate::scheme::time_out_of_range::<Ksuid>(t))?;
        let payload = self.random.next_u64_pair().to_ne_bytes();
        Ok(Ksuid::from_parts(seconds, payload))
    }
}

impl<C: Clock + fmt::Debug, R: RandomSource> fmt::Debug for KsuidGenerator<C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KsuidGenerator").field("clock", &self.clock).finish_non_exhaustive()
    }
}
