//! sno's generator: a partition's `(unit, tick, sequence)` in one atomic word, tick-tock on
//! clock regressions, waiting out a used-up unit, snapshots, and the process's default.

use super::layout::{MAX_UNITS, Sno, UNIT, checked_units, out_of_range, unit_start};
use crate::clock::{Clock, CoarseClock};
use crate::error::GenerateError;
use crate::explicit::ClockUse;
use crate::fence::Fence;
use crate::fork::PerProcess;
use crate::overflow::OverflowWait;
use crate::scheme::{Generate, Scheme};
use crate::sync::AtomicU64;
use crate::sync::Mutex;
use crate::time::Timestamp;
use alloc::sync::Arc;
use core::fmt;
use core::sync::atomic::{AtomicU32, Ordering};
use core::time::Duration;

use super::config::{GeneratorSnapshot, SnoConfigError};
use super::word::{Drift, Word};

/// Makes sno IDs for one partition. Thread-safe; see the [module docs](super).
pub struct SnoGenerator<C: Clock = CoarseClock> {
    clock: C,
    /// Fixed by the caller, or the process default's (drawn again in a `fork()` child).
    partition: PerProcess,
    sequence_min: u16,
    sequence_max: u16,
    word: AtomicU64,
    /// Whether `word` has had a clock ID (explicit instants ahead of the clock are then refused).
    clocked: ClockUse,
    drift: Mutex<Drift>,
    static_sequence: AtomicU32,
    overflow: OverflowWait,
    fence: Option<Arc<dyn Fence>>,
}

impl<C: Clock> SnoGenerator<C> {
    /// A generator from a snapshot (sno's `NewGenerator`): the partition as given, the bounds
    /// sanitised as sno does (a maximum of 0 means 65535; bounds may come in either order; the
    /// pool must hold at least 6 values, sno's real minimum), and the saved sequence, last unit,
    /// safe unit and drift count restored.
    pub fn from_snapshot(clock: C, snapshot: &GeneratorSnapshot) -> Result<Self, SnoConfigError> {
        let (mut min, mut max) = (snapshot.sequence_min, snapshot.sequence_max);
        let bounds_error = |msg, min, max| SnoConfigError::SequenceBounds { cur: snapshot.sequence, min, max, msg };
        if max == 0 && min != u16::MAX {
            max = u16::MAX;
        }
        if min == max {
            return Err(bounds_error(
                "sno: sequence bounds are identical - need a sequence pool with a capacity of at least 4",
                min,
                max,
            ));
        }
        if max < min {
            core::mem::swap(&mut min, &mut max);
        }
        if max - min - 1 < 4 {
            return Err(bounds_error(
                "sno: generators require a sequence pool with a capacity of at least 4",
                min,
                max,
            ));
        }
        let sequence = if snapshot.sequence == 0 { u32::from(min) } else { snapshot.sequence };
        if sequence < u32::from(min) {
            return Err(SnoConfigError::SequenceBounds {
                cur: sequence,
                min,
                max,
                msg: "sno: current sequence underflows the given lower bound",
            });
        }
        let generator =
            Self::configured(clock, PerProcess::fixed(u16::from_be_bytes(snapshot.partition).into()), min, max);
        let drifts = snapshot.drifts;
        generator.word.store(
            Word {
                units: (snapshot.wall_hi as u64) & MAX_UNITS,
                tick: drifts & 1 == 1,
                sequence: sequence.min(u32::from(max)) as u16,
            }
            .pack(),
            Ordering::Relaxed,
        );
        *generator.drift.lock() = Drift { wall_safe: (snapshot.wall_safe as u64) & MAX_UNITS, drifts };
        Ok(generator)
    }

    pub(super) fn configured(clock: C, partition: PerProcess, min: u16, max: u16) -> Self {
        SnoGenerator {
            clock,
            partition,
            sequence_min: min,
            sequence_max: max,
            word: AtomicU64::new(Word { units: 0, tick: false, sequence: min }.pack()),
            clocked: ClockUse::default(),
            drift: Mutex::new(Drift { wall_safe: 0, drifts: 0 }),
            static_sequence: AtomicU32::new(u32::from(min).wrapping_sub(1)),
            overflow: OverflowWait::default(),
            fence: None,
        }
    }

    /// A generator for an explicitly assigned partition (from a lease, an environment variable,
    /// a StatefulSet ordinal) with the full sequence pool.
    pub fn with_partition(clock: C, partition: u16) -> Self {
        Self::configured(clock, PerProcess::fixed(partition.into()), 0, u16::MAX)
    }

    crate::scheme::declare_generator::fence_and_overflow_builders! {
        /// Asks `fence` before returning each ID from [`Generate::generate`], and returns its error
        /// instead of the ID when the partition is no longer this process's. The explicit-time
        /// [`generate_at`](Self::generate_at) is not fenced (its uniqueness is the caller's).
        with_fence;
        /// Sends overflow notices to `subscriber` (without ever blocking on it).
        with_overflow_subscriber;
    }

    /// The partition.
    pub fn partition(&self) -> u16 {
        // Only ever set from a u16.
        self.partition.get() as u16
    }

    /// Lower sequence bound.
    pub fn sequence_min(&self) -> u16 {
        self.sequence_min
    }

    /// Upper sequence bound.
    pub fn sequence_max(&self) -> u16 {
        self.sequence_max
    }

    /// The sequence pool's size.
    pub fn cap(&self) -> u32 {
        u32::from(self.sequence_max - self.sequence_min) + 1
    }

    /// The last sequence used in the current unit, or the minimum once the unit has changed.
    pub fn sequence(&self) -> u32 {
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        if Sno::units_of(self.clock.now()) == w.units { u32::from(w.sequence) } else { u32::from(self.sequence_min) }
    }

    /// How many sequences of the current unit are used (0 once the unit has changed).
    pub fn len(&self) -> u32 {
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        if Sno::units_of(self.clock.now()) != w.units {
            0
        } else if w.sequence < self.sequence_max {
            u32::from(w.sequence - self.sequence_min) + 1
        } else {
            self.cap()
        }
    }

    /// Whether no sequence of the current unit is used.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The state to restore later with [`SnoGenerator::from_snapshot`].
    pub fn snapshot(&self) -> GeneratorSnapshot {
        let drift = self.drift.lock();
        let w = Word::unpack(self.word.load(Ordering::Acquire));
        let now = Sno::units_of(self.clock.now());
        GeneratorSnapshot {
            partition: self.partition().to_be_bytes(),
            sequence_min: self.sequence_min,
            sequence_max: self.sequence_max,
            sequence: if now == w.units { u32::from(w.sequence) } else { u32::from(self.sequence_min) },
            now: now as i64,
            wall_hi: w.units as i64,
            wall_safe: drift.wall_safe as i64,
            drifts: drift.drifts,
        }
    }

    fn id(&self, w: Word, meta: u8) -> Sno {
        Sno::from_parts(w.units, w.tick, meta, self.partition(), w.sequence)
    }

    /// sno's `NewWithTime` exactly: the unit of `t`, tick 0, and a rolling counter of its own
    /// that wraps from the maximum back to the minimum; an instant outside 2010 to 2079 wraps as
    /// in sno ([`Generate::generate_at`] is the checked form). Never blocks; uniqueness is the
    /// caller's.
    pub fn generate_at_wrapping(&self, meta: u8, t: Timestamp) -> Sno {
        let max = u32::from(self.sequence_max);
        let mut s = self.static_sequence.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        if s > max {
            let min = u32::from(self.sequence_min);
            let _ = self.static_sequence.compare_exchange(s, min, Ordering::Relaxed, Ordering::Relaxed);
            s = min;
        }
        Sno::from_parts(Sno::units_of(t), false, meta, self.partition(), s as u16)
    }

    /// The current unit, or an error outside the layout's range, where `units_of` would wrap.
    #[inline]
    fn current_units(&self) -> Result<(u64, Timestamp), GenerateError> {
        let now = self.clock.now();
        Ok((checked_units(now)?, now))
    }

    /// Every sequence of unit `now` is used: wait for the next unit, or fail at the layout's
    /// last one, which has no next.
    #[cold]
    #[inline(never)]
    fn unit_used_up(&self, now: u64, now_time: Timestamp) -> Result<(), GenerateError> {
        if now == MAX_UNITS {
            return Err(out_of_range(unit_start(MAX_UNITS).checked_add(UNIT).unwrap_or(now_time)));
        }
        self.overflow.wait_while(&self.clock, || Sno::units_of(self.clock.now()) == now);
        Ok(())
    }

    /// The clock went back below the last unit. Returns the ID if this caller could apply a
    /// drift, `None` if it must retry (after waiting, when the time was already used).
    ///
    /// The state is loaded before the clock is read, here and in `generate`: a reading taken
    /// before another thread's newer unit was published would look like a regression and flip
    /// the tick bit for nothing, putting that thread's next ID below its previous one.
    #[cold]
    fn regress(&self, meta: u8) -> Result<Option<Sno>, GenerateError> {
        let mut drift = self.drift.lock();
        let current = self.word.load(Ordering::Acquire);
        let w = Word::unpack(current);
        let (now, now_time) = self.current_units()?;
        if now >= w.units {
            return Ok(None);
        }
        if now > drift.wall_safe {
            let next = Word { units: now, tick: (drift.drifts + 1) & 1 == 1, sequence: self.sequence_min };
            if self.word.compare_exchange(current, next.pack(), Ordering::AcqRel, Ordering::Acquire).is_ok() {
                drift.wall_safe = w.units;
                drift.drifts += 1;
                return Ok(Some(self.id(next, meta)));
            }
            return Ok(None);
        }
        // The clock is back in time already used twice: wait until the unit after `wall_safe`
        // starts (at most 1 s per round). `now <= wall_safe` makes the wait at least the rest
        // of the current unit, so every round makes progress, even on a test clock.
        let resume = unit_start(drift.wall_safe + 1);
        let wait = resume.duration_since(now_time).unwrap_or(UNIT).min(Duration::from_secs(1));
        drop(drift);
        self.clock.sleep(wait);
        Ok(None)
    }
}
impl<C: Clock> Generate<Sno> for SnoGenerator<C> {
    /// The next ID; callers wait while the current unit's sequences are used up or the clock
    /// is back in time already used twice. An error when the clock is outside 2010 to 2079, or
    /// when the last unit of the layout is used up (there is no later unit to wait for).
    #[inline]
    fn generate(&self, meta: u8) -> Result<Sno, GenerateError> {
        let id = self.next_on_clock(meta)?;
        self.clocked.mark();
        if let Some(fence) = &self.fence {
            fence.check(unit_start(id.units()))?;
        }
        Ok(id)
    }

    /// sno's `NewWithTime` for the instants the layout holds (2010 to 2079): the unit of `t`
    /// with the next sequence, on the one sequence [`generate`](Self::generate) also takes
    /// from, so the two never make the same ID (the minimum in a unit after every one used; the
    /// tick bit the generator is on). Never blocks: an error once the unit's sequences are used
    /// up or for an instant in an earlier unit than the last one used
    /// ([`GenerateError::SequenceExhausted`], [`GenerateError::InstantBehind`]), or, once the
    /// generator has made an ID on its clock, in a unit after the clock's
    /// ([`GenerateError::InstantAhead`]). The original's rolling counter, which wraps, is
    /// [`generate_at_wrapping`](SnoGenerator::generate_at_wrapping).
    fn generate_at(&self, meta: u8, t: Timestamp) -> Result<Sno, GenerateError> {
        let units = checked_units(t)?;
        self.clocked.check(Sno::NAME, t, unit_start(units), || self.clock.now_precise())?;
        loop {
            let current = self.word.load(Ordering::Acquire);
            let w = Word::unpack(current);
            let next = if units < w.units {
                return Err(GenerateError::InstantBehind { scheme: Sno::NAME, time: t, last: unit_start(w.units) });
            } else if units == w.units {
                if w.sequence >= self.sequence_max {
                    return Err(GenerateError::SequenceExhausted { scheme: Sno::NAME, time: t, capacity: self.cap() });
                }
                Word { sequence: w.sequence + 1, ..w }
            } else {
                Word { units, tick: w.tick, sequence: self.sequence_min }
            };
            if self.word.compare_exchange_weak(current, next.pack(), Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(self.id(next, meta));
            }
        }
    }
}

impl<C: Clock> SnoGenerator<C> {
    #[inline]
    fn next_on_clock(&self, meta: u8) -> Result<Sno, GenerateError> {
        loop {
            let current = self.word.load(Ordering::Acquire);
            let (now, now_time) = self.current_units()?;
            let w = Word::unpack(current);
            let next = if now == w.units {
                if w.sequence >= self.sequence_max {
                    self.unit_used_up(now, now_time)?;
                    continue;
                }
                Word { sequence: w.sequence + 1, ..w }
            } else if now > w.units {
                Word { units: now, tick: w.tick, sequence: self.sequence_min }
            } else {
                match self.regress(meta)? {
                    Some(id) => return Ok(id),
                    None => continue,
                }
            };
            if self.word.compare_exchange_weak(current, next.pack(), Ordering::AcqRel, Ordering::Acquire).is_ok() {
                return Ok(self.id(next, meta));
            }
        }
    }
}

impl<C: Clock> fmt::Debug for SnoGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnoGenerator")
            .field("partition", &self.partition())
            .field("sequence_min", &self.sequence_min)
            .field("sequence_max", &self.sequence_max)
            .finish_non_exhaustive()
    }
}
