//! The ULID generator: the spec's monotonic factory, thread-safe, with an injected clock and
//! random source.

use super::Ulid;
use super::layout::MAX_RANDOM;
use crate::clock::Clock;
use crate::error::GenerateError;
use crate::explicit::ExplicitSequence;
use crate::fork::Lineage;
use crate::random::RandomSource;
use crate::scheme::unix_ms48::{MAX_MS, checked_ms, ms_start};
use crate::scheme::{Generate, Scheme};
use crate::sync::Mutex;
use crate::time::Timestamp;

crate::scheme::declare::installable_default!(UlidGenerator);

crate::scheme::declare_generator::default_constructors! {
    /// Makes ULIDs: thread-safe, strictly increasing per generator, with 80 unguessable bits at
    /// the start of each millisecond (see [`Ulid`](super::Ulid) for the overflow rule).
    pub struct UlidGenerator {
        /// The last ULID made from the clock.
        pub(super) last: Mutex<u128> = Mutex::new(0),
        /// The fork generation `last` was drawn in (checked under its lock).
        lineage: Lineage = Lineage::new(),
        explicit: ExplicitSequence = ExplicitSequence::default(),
    }
}

impl<C: Clock, R: RandomSource> UlidGenerator<C, R> {
    /// 80 fresh random bits.
    #[inline]
    fn random_part(&self) -> u128 {
        let high = u128::from(self.random.next_u64() as u16);
        high << 64 | u128::from(self.random.next_u64())
    }
}

impl<C: Clock, R: RandomSource> Generate<Ulid> for UlidGenerator<C, R> {
    /// The next ULID; an error when the clock is before 1970 or after 10889, or when the
    /// random part of the last millisecond used is at its maximum (until the clock passes it).
    #[inline]
    fn generate(&self, _: ()) -> Result<Ulid, GenerateError> {
        let now = self.clock.now();
        let now_ms = checked_ms(Ulid::NAME, now)?;
        let generation = self.random.fork_generation();
        let mut last = self.last.lock();
        let last_ms = (*last >> 80) as u64;
        let forked = self.lineage.moved(generation);
        let next = if now_ms > last_ms {
            // Drawn under the lock, but once per millisecond only.
            Ulid::from_parts(now_ms, self.random_part()).0
        } else if forked && last_ms < MAX_MS {
            // A `fork()` child: adding one to the parent's last random part would repeat the
            // parent's next IDs. The next millisecond, with a random part of the child's own,
            // keeps this generator's IDs increasing.
            Ulid::from_parts(last_ms + 1, self.random_part()).0
        } else if *last & MAX_RANDOM < MAX_RANDOM {
            *last + 1
        } else {
            return Err(GenerateError::RandomOverflow { scheme: Ulid::NAME, time: ms_start(last_ms) });
        };
        *last = next;
        Ok(Ulid(next))
    }

    /// A ULID at `t` (1970 to 10889): the millisecond of `t`; in the random part, the count of
    /// this generator's IDs at explicit instants of that millisecond (32 bits, from 0) above
    /// 48 random bits. Never waits: an error once a millisecond's 2^32 counts are used up or
    /// for an instant in an earlier millisecond than one already used, never a repeat.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Ulid, GenerateError> {
        let ms = checked_ms(Ulid::NAME, t)?;
        debug_assert!(ms <= MAX_MS);
        let n = self.explicit.next(Ulid::NAME, ms, t, u32::MAX)?;
        let random = u128::from(n) << 48 | u128::from(self.random.next_u64() & ((1 << 48) - 1));
        Ok(Ulid::from_parts(ms, random))
    }
}
