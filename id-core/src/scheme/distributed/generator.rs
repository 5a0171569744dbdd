//! The random-increment generator both DistributedId schemes share: one fresh random value
//! per call, added to the previous random part within a millisecond, so IDs from one
//! generator are strictly increasing while staying unguessable.

use super::layout::*;
use super::{DistributedId, DistributedId128};
use crate::clock::{Clock, SystemClock};
use crate::error::GenerateError;
use crate::fork::Lineage;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::{Generate, Scheme};
use crate::sync::Mutex;
use crate::time::Timestamp;
use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;

/// The state and algorithm both generators share; `(embedded ms, random part)`.
pub(super) struct RandomIncrement<C, R> {
    clock: C,
    random: R,
    last: Mutex<(u64, u128)>,
    /// The fork generation `last` was drawn in (checked under its lock).
    lineage: Lineage,
}

impl<C: Clock, R: RandomSource> RandomIncrement<C, R> {
    fn new(clock: C, random: R) -> Self {
        RandomIncrement { clock, random, last: Mutex::new((0, 0)), lineage: Lineage::new() }
    }

    /// The next `(ms, random)` of `layout`, which the caller passes as a constant (its
    /// scheme's `LAYOUT`), so that the layout's widths and branches fold away once inlined.
    #[inline]
    fn next(&self, layout: &'static Layout) -> Result<(u64, u128), GenerateError> {
        let (fresh, increment) = layout.fresh(&self.random);
        let generation = self.random.fork_generation();
        // A `fork()` child must not add to its parent's last random part: the parent adds to
        // it too. It starts afresh in a later millisecond (borrowed, or waited for).
        let mut forked = false;
        loop {
            let now = self.clock.now();
            let mut ts = layout.embedded_ms(now)?;
            let mut last = self.last.lock();
            forked |= self.lineage.moved(generation);
            let (last_ts, last_random) = *last;
            if ts <= last_ts {
                if last_random + increment <= layout.random_max && !forked {
                    *last = (last_ts, last_random + increment);
                    return Ok(*last);
                }
                // The newest timestamp the clock allows right now.
                let newest = ts + layout.leeway_ms.saturating_sub(1);
                if layout.borrow && last_ts < newest {
                    ts = last_ts + 1;
                } else if last_ts <= ts + layout.leeway_ms + 999 {
                    drop(last);
                    self.clock.sleep(Duration::from_millis(1));
                    continue;
                }
                // Otherwise the clock went back by more than a second: start again below.
            }
            *last = (ts, fresh);
            return Ok(*last);
        }
    }
}

/// Makes the schemes of Architect.Identities' random-increment design, [`DistributedId`] and
/// [`DistributedId128`] (see [`DistributedIdGenerator`] and [`DistributedId128Generator`]):
/// one generic type over the shared core, the scheme saying its layout and how a value is
/// assembled.
pub struct RandomIncrementGenerator<S: Assembled, C: Clock = SystemClock, R: RandomSource = OsRandom> {
    core: RandomIncrement<C, R>,
    scheme: PhantomData<fn() -> S>,
}

mod assembled {
    /// A scheme made by a [`RandomIncrementGenerator`](super::RandomIncrementGenerator): its
    /// layout and how `(ms, random)` becomes a value. Sealed: the layouts are Architect's two.
    pub trait Assembled: super::Scheme {
        #[doc(hidden)]
        const LAYOUT: &'static super::Layout;
        #[doc(hidden)]
        fn assemble(ms: u64, random: u128) -> Self;
    }
}
pub use assembled::Assembled;

crate::scheme::declare_generator::default_constructors! {
    [S: Assembled]
    /// The default: system clock and OS-seeded CSPRNG.
    RandomIncrementGenerator<S> => with(SystemClock, OsRandom)
}

impl<S: Assembled, C: Clock, R: RandomSource> RandomIncrementGenerator<S, C, R> {
    /// A generator on the given clock and random source.
    pub fn with(clock: C, random: R) -> Self {
        RandomIncrementGenerator { core: RandomIncrement::new(clock, random), scheme: PhantomData }
    }
}

impl<S: Assembled<Input = ()>, C: Clock, R: RandomSource> Generate<S> for RandomIncrementGenerator<S, C, R> {
    #[inline]
    fn generate(&self, _: ()) -> Result<S, GenerateError> {
        let (ms, random) = self.core.next(S::LAYOUT)?;
        Ok(S::assemble(ms, random))
    }

    /// An ID embedding exactly `t` (no leeway subtracted) with a fresh random part.
    fn generate_at(&self, _: (), t: Timestamp) -> Result<S, GenerateError> {
        let layout = S::LAYOUT;
        let ms = millis_since(t, layout.epoch)
            .filter(|ms| ms >> layout.time_bits == 0)
            .ok_or_else(|| layout.embedded_out_of_range(t))?;
        Ok(S::assemble(ms, layout.fresh(&self.core.random).0))
    }
}

impl<S: Assembled, C: Clock, R: RandomSource> fmt::Debug for RandomIncrementGenerator<S, C, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RandomIncrementGenerator").field("scheme", &S::NAME).finish_non_exhaustive()
    }
}

impl Assembled for DistributedId {
    const LAYOUT: &'static Layout = &DISTRIBUTED;
    fn assemble(ms: u64, random: u128) -> Self {
        DistributedId(u128::from(ms) << 48 | random)
    }
}

/// Makes [`DistributedId`]s: thread-safe, strictly increasing per generator.
///
/// The embedded time lags the clock by 1000 ms. That leeway is the burst budget: when idle,
/// the next ID uses now − 1000 ms, and an exhausted millisecond (about 128 IDs) borrows the next
/// one, up to now − 1 ms, so about 128K IDs can be made at once without waiting. Each real
/// millisecond returns one millisecond of budget. With the budget spent, the caller sleeps 1 ms
/// (through [`Clock::sleep`]) and retries. A clock that goes back by up to ~1 s is absorbed
/// without any sleep; further back, the generator sleeps while the gap is at most 1 s and then
/// restarts at the smaller time (IDs then go down, as in the original).
pub type DistributedIdGenerator<C = SystemClock, R = OsRandom> = RandomIncrementGenerator<DistributedId, C, R>;

/// Makes [`DistributedId128`]s: thread-safe, strictly increasing per generator, about 131K per
/// millisecond. No leeway and no borrowing: an exhausted millisecond sleeps 1 ms while the
/// clock is within 1 s of the last ID, and restarts at the clock's time beyond that.
pub type DistributedId128Generator<C = SystemClock, R = OsRandom> = RandomIncrementGenerator<DistributedId128, C, R>;

impl Assembled for DistributedId128 {
    const LAYOUT: &'static Layout = &DISTRIBUTED128;
    fn assemble(ms: u64, random: u128) -> Self {
        DistributedId128::assemble(ms, random)
    }
}
