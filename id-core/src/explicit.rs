//! The sequence behind IDs made at explicit instants (`Generate::generate_at`), shared by the
//! generators whose layouts count IDs per time unit (sno, uid, HotGuid).
//!
//! An explicit instant cannot wait for the next unit the way the clock path does, so the
//! sequence refuses instead of repeating: within a unit it counts up to the layout's capacity
//! and then reports [`GenerateError::SequenceExhausted`]; a later unit starts a new count; an
//! instant in a unit before the last one used is [`GenerateError::InstantBehind`], because
//! that unit's count is gone and starting it again could repeat an ID. IDs made at explicit
//! instants are therefore unique among themselves and increasing, per generator.

use crate::error::GenerateError;
use crate::sync::Mutex;
use crate::time::Timestamp;

/// The last unit used at an explicit instant and how many IDs it has had.
#[derive(Debug, Default)]
pub(crate) struct ExplicitSequence {
    last: Mutex<Option<Last>>,
}

#[derive(Clone, Copy, Debug)]
struct Last {
    unit: u64,
    issued: u32,
    time: Timestamp,
}

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
    use crate::scheme::hot::HotGuidGenerator;
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
