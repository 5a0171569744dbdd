// The seam between generators and leases: `Fence`, re-exported at the crate root.

use crate::error::FenceError;
use crate::time::Timestamp;

/// How a generator bound to a leased slot (a sno partition, a uid node, HotGuid's machine
/// bytes, a snowflake node) learns, before it hands out an ID, that the slot is still this
/// process's: asked by a fenced generator after it has made each ID and before it returns it.
/// The lease itself (its store, renewals, the safety margin, and the words of its refusals)
/// lives elsewhere (`idcraft::lease`); a generator only asks, and returns a refusal as
/// [`GenerateError::Fenced`](crate::GenerateError::Fenced).
pub trait Fence: Send + Sync {
    /// `Ok` while the slot is this process's and an ID whose time unit starts at `unit_start`
    /// may be issued on it; otherwise the fence's refusal, in an error type of its own (a
    /// lease's says whether it expired or the unit lies outside the window it may issue in),
    /// which the generator returns as [`GenerateError::Fenced`](crate::GenerateError::Fenced).
    /// May block, for a fence configured to wait for a renewal.
    ///
    /// Passing the start of the ID's unit, not the instant read, lets a lease reason in units
    /// without knowing the scheme: two IDs of one slot can only be equal if their units are,
    /// and a unit starting after some instant lies wholly after the unit holding it.
    fn check(&self, unit_start: Timestamp) -> Result<(), FenceError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GenerateError;
    use crate::clock::ManualClock;
    use crate::prelude::{ToString, format};
    use crate::random::FixedRandom;
    use crate::scheme::Generate;
    use crate::scheme::HotGuidGenerator;
    use crate::scheme::sno::SnoGenerator;
    use crate::scheme::uid::{GlobalUidGenerator, UidGenerator};
    use crate::time::Timestamp;
    use alloc::sync::Arc;
    use core::sync::atomic::{AtomicU32, Ordering};

    /// Valid for `left` more IDs, then lost.
    struct Countdown {
        left: AtomicU32,
    }

    /// The countdown's refusal: a fence's error is its own type.
    #[derive(Debug, PartialEq)]
    struct RanOut {
        slot: u32,
    }

    impl core::fmt::Display for RanOut {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "the countdown on slot {} ran out", self.slot)
        }
    }

    impl core::error::Error for RanOut {}

    impl Fence for Countdown {
        fn check(&self, _: Timestamp) -> Result<(), FenceError> {
            match self.left.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)) {
                Ok(_) => Ok(()),
                Err(_) => Err(FenceError::new(RanOut { slot: 7 })),
            }
        }
    }

    fn countdown(n: u32) -> Arc<dyn Fence> {
        Arc::new(Countdown { left: AtomicU32::new(n) })
    }

    fn clock() -> ManualClock {
        ManualClock::new(Timestamp::from_ymd(2026, 1, 1))
    }

    /// Each fenced generator issues while its fence holds, then only the fence's error.
    #[test]
    fn fenced_generators_stop_when_the_fence_fails() {
        let expired = GenerateError::Fenced(FenceError::new(RanOut { slot: 7 }));
        let sno = SnoGenerator::with_partition(clock(), 7).with_fence(countdown(3));
        for _ in 0..3 {
            assert_eq!(sno.generate(0).map(|id| id.partition()), Ok(7));
        }
        assert_eq!(sno.generate(0), Err(expired.clone()));
        assert_eq!(sno.generate(0), Err(expired.clone()), "and stays stopped");

        let hot = HotGuidGenerator::with(clock(), [0, 0, 0, 0, 7], &FixedRandom(1)).with_fence(countdown(2));
        assert!(hot.generate(1).is_ok() && hot.generate(1).is_ok());
        assert_eq!(hot.generate(1), Err(expired.clone()));

        let global = GlobalUidGenerator::new(Arc::new(UidGenerator::with(clock())), 7).with_fence(countdown(1));
        assert_eq!(global.generate(None).map(|id| id.node()), Ok(7));
        assert_eq!(global.generate(None), Err(expired));
        assert!(global.generate(Some(9)).is_ok(), "a node the caller names is not the lease's");
    }

    /// The generator hands back the fence's own error: its type, its words, its cause.
    #[test]
    fn the_fences_error_comes_back_whole() {
        let sno = SnoGenerator::with_partition(clock(), 7).with_fence(countdown(0));
        let Err(GenerateError::Fenced(refusal)) = sno.generate(0) else { panic!("the fence refused") };
        assert_eq!(refusal.downcast_ref::<RanOut>(), Some(&RanOut { slot: 7 }));
        assert_eq!(refusal.downcast_ref::<GenerateError>(), None, "only its own type comes back");
        let error = GenerateError::from(refusal.clone());
        assert_eq!(error.to_string(), "the countdown on slot 7 ran out", "the fence's words, as they are");
        assert_eq!(format!("{error:?}"), "Fenced(RanOut { slot: 7 })");
        assert!(core::error::Error::source(&error).is_none(), "its message is not repeated as its cause");
    }

    /// Equal: one refusal and its clones, or refusals of one type that say the same thing;
    /// never two types' refusals, however they are worded.
    #[test]
    fn refusals_are_equal_by_type_and_words() {
        #[derive(Debug)]
        struct Lookalike;
        impl core::fmt::Display for Lookalike {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("the countdown on slot 7 ran out")
            }
        }
        impl core::error::Error for Lookalike {}

        let one = FenceError::new(RanOut { slot: 7 });
        assert_eq!(one, one.clone());
        assert_eq!(one, FenceError::new(RanOut { slot: 7 }));
        assert_ne!(one, FenceError::new(RanOut { slot: 8 }));
        assert_eq!(one.to_string(), FenceError::new(Lookalike).to_string());
        assert_ne!(one, FenceError::new(Lookalike));
    }
}
