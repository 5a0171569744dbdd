//! HotGuid's generator: one 24-bit counter per process that never repeats within a second,
//! waiting out a used-up second, explicit instants, and the process's default.

use super::HotGuid;
use crate::clock::{Clock, CoarseClock};
use crate::error::GenerateError;
use crate::explicit::ClockUse;
use crate::fence::Fence;
use crate::fork::PerProcess;
use crate::overflow::OverflowWait;
use crate::random::{OsRandom, RandomSource};
use crate::scheme::{Generate, Scheme};
use crate::sync::Mutex;
use crate::time::Timestamp;
use alloc::sync::Arc;
use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};

/// Makes HotGuids: one 24-bit counter for every shard key, seeded in `0..500_000` and never
/// reset, as the original.
///
/// Unlike the original, the counter never wraps onto a value already used in the same second:
/// after 2^24 IDs in one second, callers wait for the next second (and an overflow subscriber
/// hears about it, as with sno). The embedded second never goes back: a clock that regresses
/// keeps using the last second's counter budget. Clocks outside 1970 to 2106 (where the
/// 32-bit seconds would wrap) are an error.
pub struct HotGuidGenerator<C: Clock = CoarseClock> {
    clock: C,
    /// Fixed by the caller, or the process's own (computed again in a `fork()` child: the
    /// default holds the process ID).
    machine: PerProcess,
    state: Mutex<CounterState>,
    /// Whether `state` has had a clock ID (explicit instants ahead of the clock are then refused).
    clocked: ClockUse,
    /// For [`HotGuidGenerator::generate_at`], whose uniqueness is the caller's: it must not
    /// use up or disturb the clock path's budget.
    explicit_counter: AtomicU32,
    overflow: OverflowWait,
    fence: Option<Arc<dyn Fence>>,
}

/// The clock path's state: the second of the last ID, its counter, and the counter of the
/// second's first ID (reaching it again would repeat a value).
#[derive(Debug)]
pub(super) struct CounterState {
    second: Option<u32>,
    counter: u32,
    first_of_second: u32,
}

pub(super) const COUNTER_MASK: u32 = 0xFF_FFFF;
crate::scheme::declare::installable_default!(HotGuidGenerator);

/// The last instant whose seconds fit the layout's 32 bits.
/// Five machine bytes in the low bytes of a word, as `PerProcess` keeps them.
fn machine_word(machine: [u8; 5]) -> u64 {
    let [a, b, c, d, e] = machine;
    u64::from_be_bytes([0, 0, 0, a, b, c, d, e])
}

/// A `fork()` child's machine bytes: the default's again, for the child's process ID. Never the
/// parent's: were they equal (process IDs 65,536 apart; a name set for both), the last byte
/// differs.
fn another_machine(previous: u64) -> u64 {
    let machine = machine_word(HotGuidGenerator::default_machine_bytes());
    if machine == previous { machine ^ 1 } else { machine }
}

pub(super) const LATEST: Timestamp = Timestamp::new(u32::MAX as i64, 999_999_999);

impl HotGuidGenerator {
    /// This host's and process's generator on the coarse system clock (HotGuid's unit is 1 s),
    /// on [`default_machine_bytes`](HotGuidGenerator::default_machine_bytes).
    pub fn new() -> Self {
        let machine = HotGuidGenerator::default_machine_bytes();
        let mut generator = Self::with(CoarseClock, machine, &OsRandom);
        generator.machine = PerProcess::drawn(machine_word(machine), another_machine);
        generator
    }
}

impl Default for HotGuidGenerator {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Clock> HotGuidGenerator<C> {
    /// A generator with explicit machine bytes (containers share host names and PIDs: give
    /// each replica its own bytes, e.g. [`machine_bytes`](HotGuidGenerator::machine_bytes) of the pod name).
    pub fn with(clock: C, machine: [u8; 5], random: &dyn RandomSource) -> Self {
        let seed = (random.next_u64() % 500_000) as u32;
        HotGuidGenerator {
            clock,
            machine: PerProcess::fixed(machine_word(machine)),
            state: Mutex::new(CounterState { second: None, counter: seed, first_of_second: seed }),
            clocked: ClockUse::default(),
            explicit_counter: AtomicU32::new(seed),
            overflow: OverflowWait::default(),
            fence: None,
        }
    }

    crate::scheme::declare_generator::fence_and_overflow_builders! {
        /// Asks `fence` before returning each ID from [`Generate::generate`], and returns its error
        /// instead of the ID when the machine bytes are no longer this process's (see
        /// [`SnoGenerator::with_fence`](crate::scheme::sno::SnoGenerator::with_fence)).
        with_fence;
        /// Sends a notice to `subscriber` while callers wait for the next second (without ever
        /// blocking on it).
        with_overflow_subscriber;
    }

    /// The machine bytes in use.
    pub fn machine(&self) -> [u8; 5] {
        let [_, _, _, a, b, c, d, e] = self.machine.get().to_be_bytes();
        [a, b, c, d, e]
    }

    /// The original's `NewGuid(shardKey, dateTime)` exactly: .NET's seconds arithmetic, which
    /// wraps outside 1970 to 2106 ([`Generate::generate_at`] is the checked form). Never
    /// waits; uniqueness is the caller's.
    pub fn generate_at_wrapping(&self, shard_key: u32, t: Timestamp) -> HotGuid {
        let counter = self.explicit_counter.fetch_add(1, Ordering::Relaxed).wrapping_add(1) & COUNTER_MASK;
        HotGuid::from_parts(HotGuid::seconds_of(t), self.machine(), counter, shard_key)
    }

    /// The layout's seconds of `t`: 1970 to [`LATEST`] are exactly the seconds that fit `u32`.
    fn checked_seconds(t: Timestamp) -> Result<u32, GenerateError> {
        u32::try_from(t.unix_seconds()).map_err(|_| out_of_range(t))
    }

    /// Every counter of the last second is used: wait until the clock is past it.
    #[cold]
    #[inline(never)]
    fn wait_for_next_second(&self) {
        let full = self.state.lock().second;
        self.overflow.wait_while(&self.clock, || self.clock.now_precise().unix_seconds() <= full.map_or(-1, i64::from));
    }

    /// The next `(second, counter)`, or `None` when the last second's 2^24 counters are used
    /// and the clock (read precisely) has not moved past it yet.
    fn next(&self) -> Result<Option<(u32, u32)>, GenerateError> {
        let second = Self::checked_seconds(self.clock.now())?;
        let mut state = self.state.lock();
        let later = |state: &mut CounterState, second: u32| {
            let counter = (state.counter + 1) & COUNTER_MASK;
            *state = CounterState { second: Some(second), counter, first_of_second: counter };
            Some((second, counter))
        };
        let Some(last) = state.second.filter(|&last| last >= second) else {
            return Ok(later(&mut state, second));
        };
        let counter = (state.counter + 1) & COUNTER_MASK;
        if counter != state.first_of_second {
            state.counter = counter;
            return Ok(Some((last, counter)));
        }
        // Every counter of `last` is used: only a later second will do. The coarse clock may
        // lag; the precise one decides.
        let precise = Self::checked_seconds(self.clock.now_precise())?;
        if precise > last {
            return Ok(later(&mut state, precise));
        }
        if last == u32::MAX {
            // The next second, the only one that could take more IDs, is past the layout.
            return Err(out_of_range(Timestamp::new(i64::from(u32::MAX) + 1, 0)));
        }
        Ok(None)
    }
}

#[cold]
#[inline(never)]
pub(super) fn out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: HotGuid::NAME, time, earliest: Timestamp::UNIX_EPOCH, latest: LATEST }
}

impl<C: Clock> Generate<HotGuid> for HotGuidGenerator<C> {
    #[inline]
    fn generate(&self, shard_key: u32) -> Result<HotGuid, GenerateError> {
        loop {
            if let Some((second, counter)) = self.next()? {
                self.clocked.mark();
                if let Some(fence) = &self.fence {
                    fence.check(Timestamp::new(i64::from(second), 0))?;
                }
                return Ok(HotGuid::from_parts(second, self.machine(), counter, shard_key));
            }
            self.wait_for_next_second();
        }
    }

    /// `NewGuid(shardKey, dateTime)` for the instants the layout holds (1970 to 2106), with the
    /// next counter of the one counter [`generate`](Self::generate) also takes from, so the two
    /// never make the same ID. Never waits: an error once the second's 2^24 counters are used
    /// up or for an instant in an earlier second than the last one used
    /// ([`GenerateError::SequenceExhausted`], [`GenerateError::InstantBehind`]), or, once the
    /// generator has made an ID on its clock, in a second after the clock's
    /// ([`GenerateError::InstantAhead`]). The original's wrapping counter is
    /// [`generate_at_wrapping`](HotGuidGenerator::generate_at_wrapping).
    fn generate_at(&self, shard_key: u32, t: Timestamp) -> Result<HotGuid, GenerateError> {
        let second = Self::checked_seconds(t)?;
        self.clocked.check(HotGuid::NAME, t, Timestamp::new(i64::from(second), 0), || self.clock.now_precise())?;
        let mut state = self.state.lock();
        let counter = (state.counter + 1) & COUNTER_MASK;
        match state.second {
            Some(last) if second < last => {
                let last = Timestamp::new(i64::from(last), 0);
                return Err(GenerateError::InstantBehind { scheme: HotGuid::NAME, time: t, last });
            }
            Some(last) if second == last && counter == state.first_of_second => {
                let capacity = COUNTER_MASK + 1;
                return Err(GenerateError::SequenceExhausted { scheme: HotGuid::NAME, time: t, capacity });
            }
            Some(last) if second == last => state.counter = counter,
            _ => *state = CounterState { second: Some(second), counter, first_of_second: counter },
        }
        drop(state);
        Ok(HotGuid::from_parts(second, self.machine(), counter, shard_key))
    }
}

impl<C: Clock + fmt::Debug> fmt::Debug for HotGuidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HotGuidGenerator")
            .field("clock", &self.clock)
            .field("machine", &self.machine())
            .finish_non_exhaustive()
    }
}
