//! The COMB generator: RT.Comb's time stamp with a strictly increasing counter in the
//! random bytes, so one generator's IDs sort in the order they were made.

use super::{Comb, CombLayout};
use crate::clock::{Clock, SystemClock};
use crate::error::GenerateError;
use crate::monotonic::MonotonicCounter;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::Generate;
use crate::time::Timestamp;
use core::fmt;
use core::marker::PhantomData;
use uuid::Uuid;

/// The bits of a string-order byte that the base GUID's version or variant occupy.
pub(super) const fn fixed_bits(index: usize) -> u8 {
    match index {
        6 => 0xF0,
        8 => 0xC0,
        _ => 0,
    }
}

/// Width of the monotonic counter; the remaining 32 free bits stay random.
pub(super) const COUNTER_BITS: u32 = 42;

/// Writes `counter` into the highest-ranking free bits of the layout's tail (most significant
/// first). Generic and always inlined so the loop over the constant tail order unrolls into a
/// handful of constant shifts and masks.
#[inline(always)]
pub(super) fn place_counter<L: CombLayout>(bytes: &mut [u8; 16], counter: u64) {
    let mut left = COUNTER_BITS;
    for &i in &L::TAIL_ORDER {
        if left == 0 {
            break;
        }
        let free = !fixed_bits(i);
        let width = free.count_ones();
        let take = width.min(left);
        let shift = width - take;
        let chunk = ((counter >> (left - take)) & ((1 << take) - 1)) as u8;
        let keep = bytes[i] & !free | bytes[i] & ((1u8 << shift) - 1);
        bytes[i] = keep | chunk << shift;
        left -= take;
    }
}

/// How a [`CombGenerator`] fills the 10 non-timestamp bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tail {
    /// Version 4, variant 1, a 42-bit monotonic counter, 32 random bits.
    Monotonic,
    /// A fresh random version-4 GUID for every ID (RT.Comb's default).
    Random,
}

/// Makes COMBs of layout `L` from a clock and a random source.
pub struct CombGenerator<L: CombLayout, C: Clock = SystemClock, R: RandomSource = OsRandom> {
    clock: C,
    random: R,
    tail: Tail,
    counter: MonotonicCounter,
    layout: PhantomData<L>,
}

crate::scheme::declare_generator::default_constructors! {
    [L: CombLayout]
    /// The default: system clock, OS-seeded CSPRNG, monotonic tail.
    CombGenerator<L> => with(SystemClock, OsRandom)
}

impl<L: CombLayout, C: Clock, R: RandomSource> CombGenerator<L, C, R> {
    /// A monotonic generator on the given clock and random source.
    pub fn with(clock: C, random: R) -> Self {
        CombGenerator {
            clock,
            random,
            tail: Tail::Monotonic,
            counter: MonotonicCounter::new(COUNTER_BITS),
            layout: PhantomData,
        }
    }

    /// RT.Comb's exact behaviour: `Create(Guid.NewGuid(), clock.now())`, a random tail, so IDs
    /// made in the same tick sort randomly. Pair with [`NoRepeatClock`](crate::NoRepeatClock)
    /// for `UtcNoRepeatTimestampProvider`.
    pub fn rt_comb(clock: C, random: R) -> Self {
        CombGenerator { tail: Tail::Random, ..Self::with(clock, random) }
    }

    /// A random version-4 GUID (RT.Comb's base).
    fn random_v4(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        self.random.fill_bytes(&mut b);
        Self::set_version(b)
    }

    /// A version-4 base for the monotonic tail: the counter overwrites the first 42 free bits
    /// of the tail and the timestamp its own 6 bytes, so one random `u64` in the last 8 tail
    /// bytes supplies all the randomness that survives (32 bits).
    #[inline]
    fn monotonic_base(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        for (&i, r) in L::TAIL_ORDER[2..].iter().zip(self.random.next_u64().to_le_bytes()) {
            b[i] = r;
        }
        Self::set_version(b)
    }

    #[inline]
    fn set_version(mut b: [u8; 16]) -> [u8; 16] {
        b[6] = b[6] & 0x0F | 0x40;
        b[8] = b[8] & 0x3F | 0x80;
        b
    }
}

impl<L: CombLayout, C: Clock, R: RandomSource> Generate<Comb<L>> for CombGenerator<L, C, R> {
    #[inline]
    fn generate(&self, _: ()) -> Result<Comb<L>, GenerateError> {
        let now = L::STRATEGY.exact_tick(self.clock.now(), L::NAME)?;
        match self.tail {
            Tail::Random => Ok(Comb::with_tick(self.random_v4(), now)),
            Tail::Monotonic => {
                let mut bytes = self.monotonic_base();
                let (tick, counter) = self.counter.next(now, self.random.fork_generation(), || self.random.next_u64());
                place_counter::<L>(&mut bytes, counter);
                Ok(Comb::with_tick(bytes, tick))
            }
        }
    }

    /// RT.Comb's `Create(DateTime)` with this generator's random source for the other bytes.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<Comb<L>, GenerateError> {
        Comb::create(Uuid::from_bytes(self.random_v4()), t)
    }
}

impl<L: CombLayout, C: Clock + fmt::Debug, R: RandomSource + fmt::Debug> fmt::Debug for CombGenerator<L, C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CombGenerator")
            .field("layout", &L::NAME)
            .field("clock", &self.clock)
            .field("random", &self.random)
            .field("tail", &self.tail)
            .finish_non_exhaustive()
    }
}
