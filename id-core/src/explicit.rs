//! The sequence behind IDs made at explicit instants (`Generate::generate_at`) by the
//! generators whose explicit IDs also hold random bits (uuid7, ulid), so that they cannot meet
//! the clock path's. The generators whose layouts only count IDs per time unit (the
//! snowflakes, sno, uid, HotGuid) take explicit IDs from their clock path's own sequence.
//!
//! An explicit instant cannot wait for the next unit the way the clock path does, so the
//! sequence refuses instead of repeating: within a unit it counts up to the layout's capacity
//! and then reports [`GenerateError::SequenceExhausted`]; a later unit starts a new count; an
//! instant in a unit before the last one used is [`GenerateError::InstantBehind`], because
//! that unit's count is gone and starting it again could repeat an ID. IDs made at explicit
//! instants are therefore unique among themselves and increasing, per generator.

use crate::error::GenerateError;
#[cfg(feature = "_unix-ms48")]
use crate::sync::Mutex;
use crate::time::Timestamp;
#[cfg(feature = "_clock-use")]
use core::sync::atomic::{AtomicBool, Ordering};

/// Whether a generator whose explicit and clock IDs share one sequence (the snowflakes, sno,
/// uid, HotGuid) has made an ID on its clock. Until it has, an explicit instant may be ahead
/// of the clock (a one-off `idcraft new --time`, a generator kept for explicit instants);
/// afterwards such an instant is refused, since the clock IDs would then have to wait for
/// its unit.
#[cfg(feature = "_clock-use")]
#[derive(Debug, Default)]
pub(crate) struct ClockUse(AtomicBool);

#[cfg(feature = "_clock-use")]
impl ClockUse {
    /// Records a clock ID: one load per ID once set.
    #[inline]
    pub(crate) fn mark(&self) {
        if !self.0.load(Ordering::Relaxed) {
            self.0.store(true, Ordering::Relaxed);
        }
    }

    /// [`GenerateError::InstantAhead`] for an explicit `time` whose unit starts after `now`,
    /// once the generator has made a clock ID.
    pub(crate) fn check(
        &self,
        scheme: &'static str,
        time: Timestamp,
        unit_start: Timestamp,
        now: impl FnOnce() -> Timestamp,
    ) -> Result<(), GenerateError> {
        if !self.0.load(Ordering::Relaxed) {
            return Ok(());
        }
        let now = now();
        if unit_start > now { Err(GenerateError::InstantAhead { scheme, time, now }) } else { Ok(()) }
    }
}

/// The last unit used at an explicit instant and how many IDs it has had.
#[cfg(feature = "_unix-ms48")]
#[derive(Debug, Default)]
pub(crate) struct ExplicitSequence {
    last: Mutex<Option<Last>>,
}

#[cfg(feature = "_unix-ms48")]
#[derive(Clone, Copy, Debug)]
struct Last {
    unit: u64,
    issued: u32,
    time: Timestamp,
}

#[cfg(feature = "_unix-ms48")]
impl ExplicitSequence {
    /// The position (from 0) of the next ID in `unit`, which holds `time`; `capacity` IDs fit
    /// in one unit.
    pub(crate) fn next(
        &self,
        scheme: &'static str,
        unit: u64,
        time: Timestamp,
        capacity: u32,
    ) -> Result<u32, GenerateError> {
        let mut last = self.last.lock();
        let issued = match *last {
            Some(l) if unit < l.unit => return Err(GenerateError::InstantBehind { scheme, time, last: l.time }),
            Some(l) if unit == l.unit => l.issued,
            _ => 0,
        };
        if issued >= capacity {
            return Err(GenerateError::SequenceExhausted { scheme, time, capacity });
        }
        *last = Some(Last { unit, issued: issued + 1, time });
        Ok(issued)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::prelude::*;
    use crate::random::FixedRandom;
    use crate::scheme::Generate;
    use crate::scheme::HotGuidGenerator;
    use crate::scheme::sno::SnoGenerator;
    use crate::scheme::uid::UidGenerator;

    /// `capacity` IDs at one instant, strictly increasing (so distinct), then a refusal, not a
    /// repeat.
    fn fills_then_refuses<I: Ord + Copy + core::fmt::Debug>(
        capacity: u32,
        at: Timestamp,
        mut generate: impl FnMut(Timestamp) -> Result<I, GenerateError>,
    ) {
        let mut last = None;
        for _ in 0..capacity {
            let id = generate(at).unwrap();
            assert!(last < Some(id), "{id:?} after {last:?}");
            last = Some(id);
        }
        assert!(matches!(generate(at), Err(GenerateError::SequenceExhausted { capacity: c, .. }) if c == capacity));
        let earlier = at.checked_sub(core::time::Duration::from_secs(2)).unwrap();
        assert!(matches!(generate(earlier), Err(GenerateError::InstantBehind { .. })));
    }

    #[test]
    #[cfg_attr(miri, ignore = "65,536 IDs: minutes under Miri, and no unsafe code on this path")]
    fn sno_at_one_instant_never_repeats() {
        let at = Timestamp::from_ymd(2026, 3, 1);
        let g = SnoGenerator::with_partition(ManualClock::new(at), 9);
        fills_then_refuses(65_536, at, |t| g.generate_at(0, t));
    }

    #[test]
    #[cfg_attr(miri, ignore = "16,384 IDs: minutes under Miri, and no unsafe code on this path")]
    fn uid_at_one_instant_never_repeats() {
        let at = Timestamp::from_ymd(2026, 3, 1);
        let g = UidGenerator::with(ManualClock::new(at));
        fills_then_refuses(16_384, at, |t| g.generate_at((), t));
    }

    #[test]
    #[cfg_attr(miri, ignore = "2^24 IDs: minutes under Miri, and no unsafe code on this path")]
    fn hot_at_one_instant_never_repeats() {
        let at = Timestamp::from_ymd(2026, 3, 1);
        let g = HotGuidGenerator::with(ManualClock::new(at), [1, 2, 3, 4, 5], &FixedRandom(0xFF));
        // Counters wrap at 2^24: count them from the first, which makes them increasing.
        let mut first = None;
        fills_then_refuses(1 << 24, at, |t| {
            g.generate_at(7, t).map(|id| id.counter().wrapping_sub(*first.get_or_insert(id.counter())) & 0xFF_FFFF)
        });
    }

    /// One generator never makes the same ID twice, whichever method made it: at one instant,
    /// on a test clock and on the system clock, in either order. (A snowflake's `generate()`
    /// and `generate_at()` at its clock's instant were always equal.)
    #[test]
    fn clock_and_explicit_ids_of_one_generator_never_meet() {
        use crate::clock::SystemClock;
        use crate::scheme::snowflake::{SnowflakeGenerator, SonyflakeLayout, TwitterLayout};
        use std::collections::HashSet;

        fn distinct<I: core::hash::Hash + Eq + core::fmt::Debug>(
            name: &str,
            at: Timestamp,
            mut clock: impl FnMut() -> I,
            mut explicit: impl FnMut(Timestamp) -> Result<I, GenerateError>,
        ) {
            let mut seen = HashSet::new();
            for round in 0..50 {
                let (a, b) = if round % 2 == 0 {
                    let a = clock();
                    (a, explicit(at))
                } else {
                    let b = explicit(at);
                    (clock(), b)
                };
                let b = b.unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(seen.insert(a), "{name}: a clock ID repeated");
                assert!(seen.insert(b), "{name}: an explicit ID repeated a clock one");
            }
        }
        let at = Timestamp::from_ymd(2026, 3, 1);
        let twitter = SnowflakeGenerator::<TwitterLayout, _>::with(ManualClock::new(at), 7).unwrap();
        assert_ne!(twitter.generate(()).unwrap(), twitter.generate_at((), at).unwrap(), "the issue's case");
        distinct("twitter", at, || twitter.generate(()).unwrap(), |t| twitter.generate_at((), t));
        let sony = SnowflakeGenerator::<SonyflakeLayout, _>::with(ManualClock::new(at), 7).unwrap();
        distinct("sonyflake", at, || sony.generate(()).unwrap(), |t| sony.generate_at((), t));
        let sno = SnoGenerator::with_partition(ManualClock::new(at), 9);
        distinct("sno", at, || sno.generate(0).unwrap(), |t| sno.generate_at(0, t));
        let uid = UidGenerator::with(ManualClock::new(at));
        distinct("uid", at, || uid.generate(()).unwrap(), |t| uid.generate_at((), t));
        let hot = HotGuidGenerator::with(ManualClock::new(at), [1, 2, 3, 4, 5], &FixedRandom(0));
        distinct("hot", at, || hot.generate(7).unwrap(), |t| hot.generate_at(7, t));

        // On the system clock, at the instant the clock reads.
        let now = || Timestamp::from_system_time(std::time::SystemTime::now());
        let twitter = SnowflakeGenerator::<TwitterLayout, _>::with(SystemClock, 7).unwrap();
        let (a, b) = (twitter.generate(()).unwrap(), twitter.generate_at((), now()).unwrap());
        assert_ne!(a, b);
        let sno = SnoGenerator::with_partition(SystemClock, 9);
        let (a, b) = (sno.generate(0).unwrap(), sno.generate_at(0, now()).unwrap());
        assert_ne!(a, b);

        // An earlier unit than the last used, by either method, is refused rather than risked;
        // a later one than the clock's too, since the clock IDs would have to wait for it.
        let earlier = at.checked_sub(core::time::Duration::from_secs(1)).unwrap();
        assert!(matches!(sony.generate_at((), earlier), Err(GenerateError::InstantBehind { .. })));
        let later = at.checked_add(core::time::Duration::from_secs(1)).unwrap();
        // A generator that never made a clock ID may go ahead (a one-off explicit run).
        let fresh = SnowflakeGenerator::<TwitterLayout, _>::with(ManualClock::new(at), 8).unwrap();
        assert!(fresh.generate_at((), later).is_ok());
        assert!(matches!(sony.generate_at((), later), Err(GenerateError::InstantAhead { .. })));
        assert!(matches!(
            sno.generate_at(0, now().checked_add(core::time::Duration::from_secs(1)).unwrap()),
            Err(GenerateError::InstantAhead { .. })
        ));
        assert!(matches!(uid.generate_at((), later), Err(GenerateError::InstantAhead { .. })));
        assert!(matches!(hot.generate_at(7, later), Err(GenerateError::InstantAhead { .. })));
        assert!(matches!(
            twitter.generate_at((), now().checked_add(core::time::Duration::from_secs(1)).unwrap()),
            Err(GenerateError::InstantAhead { .. })
        ));
    }

    fn at(s: i64) -> Timestamp {
        Timestamp::new(s, 0)
    }

    #[test]
    fn counts_per_unit_refuses_when_used_up_and_never_goes_back() {
        let seq = ExplicitSequence::default();
        assert_eq!((0..3).map(|_| seq.next("x", 5, at(5), 3).unwrap()).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(
            seq.next("x", 5, at(5), 3),
            Err(GenerateError::SequenceExhausted { scheme: "x", time: at(5), capacity: 3 })
        );
        assert_eq!(seq.next("x", 5, at(5), 3).map_err(drop), Err(()), "and stays refused");
        assert_eq!(seq.next("x", 6, at(6), 3), Ok(0), "a later unit starts again");
        assert_eq!(
            seq.next("x", 5, at(5), 3),
            Err(GenerateError::InstantBehind { scheme: "x", time: at(5), last: at(6) })
        );
        assert_eq!(seq.next("x", 6, at(6), 3), Ok(1), "a refusal costs nothing");
    }
}
