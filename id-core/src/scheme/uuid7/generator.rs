//! The UUIDv7 generator: RFC 9562 §6.2 method 1, a 42-bit counter started at a random value in
//! each new millisecond; a used-up counter or a clock that went back continues in the next
//! millisecond after the last one used, so one generator's IDs strictly increase.

use super::Uuid7;
use super::layout::{COUNTER_BITS, MAX_COUNTER};
use crate::clock::Clock;
use crate::error::GenerateError;
use crate::explicit::ExplicitSequence;
use crate::fork::Lineage;
use crate::random::RandomSource;
use crate::scheme::unix_ms48::{MAX_MS, checked_ms, out_of_range};
use crate::scheme::{Generate, Scheme};
use crate::sync::Mutex;
use crate::time::Timestamp;

crate::scheme::declare::installable_default!(Uuid7Generator);

crate::scheme::declare_generator::default_constructors! {
    /// Makes UUIDv7s: thread-safe, strictly increasing per generator, unguessable in the 32 random
    /// bits of every ID and in the counter's random start each millisecond.
    pub struct Uuid7Generator {
        /// The millisecond and counter of the last ID.
        pub(super) last: Mutex<(u64, u64)> = Mutex::new((0, 0)),
        /// The fork generation `last` was drawn in (checked under its lock).
        lineage: Lineage = Lineage::new(),
        explicit: ExplicitSequence = ExplicitSequence::default(),
    }
}

impl<C: Clock, R: RandomSource> Uuid7Generator<C, R> {
    /// A random counter start with the top bit clear: at least 2^41 increments fit after it.
    #[inline]
    fn counter_start(&self) -> u64 {
        self.random.next_u64() >> (64 - (COUNTER_BITS - 1))
    }
}

impl<C: Clock, R: RandomSource> Generate<Uuid7> for Uuid7Generator<C, R> {
    /// The next UUIDv7; an error only when the clock is before 1970, or when the last
    /// millisecond the layout holds is used up.
    #[inline]
    fn generate(&self, _: ()) -> Result<Uuid7, GenerateError> {
        let now = self.clock.now();
        let now_ms = checked_ms(Uuid7::NAME, now)?;
        let random = self.random.next_u64() as u32;
        let generation = self.random.fork_generation();
        let mut last = self.last.lock();
        // A `fork()` child starts the next millisecond with a counter start of its own: going
        // on from the parent's counter would repeat the parent's next IDs.
        let forked = self.lineage.moved(generation);
        // A new millisecond draws its counter start (under the lock, but once per millisecond).
        let (ms, counter) = if now_ms > last.0 {
            (now_ms, self.counter_start())
        } else if last.1 < MAX_COUNTER && !forked {
            (last.0, last.1 + 1)
        } else if last.0 < MAX_MS {
            (last.0 + 1, self.counter_start())
        } else {
            return Err(out_of_range(Uuid7::NAME, now));
        };
        *last = (ms, counter);
        drop(last);
        Ok(Uuid7::from_parts(ms, counter, random))
    }

    /// A UUIDv7 at `t` (1970 to 10889): the millisecond of `t`, the next of its counters at
    /// explicit instants (from 0), 32 random bits. Never waits: an error once the millisecond's
    /// 2^42 counters are used up or for an instant in an earlier millisecond than one already
    /// used, never a repeat.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Uuid7, GenerateError> {
        let ms = checked_ms(Uuid7::NAME, t)?;
        let n = self.explicit.next(Uuid7::NAME, ms, t, u32::MAX)?;
        Ok(Uuid7::from_parts(ms, u64::from(n), self.random.next_u64() as u32))
    }
}
