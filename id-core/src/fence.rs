//! Fences: how a generator bound to a leased slot (a sno partition, a uid node, HotGuid's
//! machine bytes) learns, before it hands out an ID, that the slot is still this process's.
//! The lease itself (its store, renewals, the safety margin) lives elsewhere
//! (`idcraft::lease`); a generator only asks.

use crate::error::GenerateError;
use crate::time::Timestamp;

/// Asked by a fenced generator after it has made each ID and before it returns it.
pub trait Fence: Send + Sync {
    /// `Ok` while the slot is this process's and an ID whose time unit starts at `unit_start`
    /// may be issued on it; otherwise the error the generator returns (normally
    /// [`GenerateError::LeaseExpired`], or [`GenerateError::OutsideLeaseWindow`] for a time
    /// unit that a predecessor on the slot may have used or that lies past what this process
    /// published). May block, for a fence configured to wait for a renewal.
    ///
    /// Passing the start of the ID's unit, not the instant read, lets a lease reason in units
    /// without knowing the scheme: two IDs of one slot can only be equal if their units are,
    /// and a unit starting after some instant lies wholly after the unit holding it.
    fn check(&self, unit_start: Timestamp) -> Result<(), GenerateError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::random::FixedRandom;
    use crate::scheme::Generate;
    use crate::scheme::hot::HotGuidGenerator;
    use crate::scheme::sno::SnoGenerator;
    use crate::scheme::uid::{GlobalUidGenerator, UidGenerator};
    use crate::time::Timestamp;
    use alloc::sync::Arc;
    use core::sync::atomic::{AtomicU32, Ordering};

    /// Valid for `left` more IDs, then lost.
    struct Countdown {
        left: AtomicU32,
    }

    impl Fence for Countdown {
        fn check(&self, _: Timestamp) -> Result<(), GenerateError> {
            match self.left.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)) {
                Ok(_) => Ok(()),
                Err(_) => Err(GenerateError::LeaseExpired { namespace: "test", slot: 7, lost: true }),
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
        let expired = GenerateError::LeaseExpired { namespace: "test", slot: 7, lost: true };
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
}
