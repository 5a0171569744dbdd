//! Waiting out a full time unit, shared by the generators whose layouts cap the IDs per unit
//! (sno's sequence, HotGuid's counter): callers sleep in 1 ms ticks until the unit is over, and
//! an optional subscriber hears about it without ever blocking a caller. Private: the notice,
//! [`SequenceOverflow`], is public in `scheme`.

#[cfg(feature = "_overflow-wait")]
use crate::clock::Clock;
use crate::time::Timestamp;
#[cfg(feature = "_overflow-wait")]
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering};
#[cfg(feature = "_overflow-wait")]
use core::time::Duration;
#[cfg(all(feature = "std", feature = "_overflow-wait"))]
use std::sync::mpsc::{SyncSender, TrySendError};

/// Notice that callers are waiting because a unit's pool of IDs is used up (sno's
/// `SequenceOverflowNotification`). Sent without blocking: when the subscriber's channel is
/// full the notice is dropped and the next tick tries again.
///
/// The generators whose layouts cap the IDs per unit (sno's sequence, HotGuid's counter, the
/// snowflakes' sequence) wait out a full unit: callers sleep in 1 ms ticks until the unit is
/// over, and an optional subscriber (the generator's `with_overflow_subscriber`) hears about it
/// through these notices without ever blocking a caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceOverflow {
    /// When the notice was made.
    pub now: Timestamp,
    /// Callers waiting at that moment (0 in the final notice of an overflow).
    pub count: u32,
    /// Ticks (sleeps of 1 ms, or less up to the end of a snowflake's unit) counted while callers
    /// waited in the current overflow (from 1 at its first tick; a later overflow counts from 1
    /// again).
    pub ticks: u32,
}

/// One ticker at a time sleeps 1 ms per tick and reports; other waiters just sleep.
#[cfg(feature = "_overflow-wait")]
#[derive(Debug, Default)]
pub(crate) struct OverflowWait {
    stalled: AtomicU32,
    ticker: AtomicBool,
    ticks: AtomicU32,
    dropped: AtomicBool,
    #[cfg(feature = "std")]
    subscriber: Option<SyncSender<SequenceOverflow>>,
}

#[cfg(feature = "_overflow-wait")]
impl OverflowWait {
    #[cfg(feature = "std")]
    pub(crate) fn set_subscriber(&mut self, subscriber: SyncSender<SequenceOverflow>) {
        self.subscriber = Some(subscriber);
    }

    /// Sleeps in 1 ms ticks of `clock` while `full()` holds, notifying on the first tick of an
    /// overflow and every fourth after it (every tick while notices are being dropped), and
    /// once more with a count of 0 when the last waiter leaves.
    #[cfg(feature = "_wait-while")]
    #[cold]
    pub(crate) fn wait_while(&self, clock: &impl Clock, full: impl Fn() -> bool) {
        self.wait_while_ticking(clock, || Duration::from_millis(1), full);
    }

    /// [`wait_while`](Self::wait_while) with ticks of `tick()` (at most 1 ms): a layout whose
    /// unit is 1 ms sleeps only to the unit's end, since a whole 1 ms sleep plus the
    /// scheduler's slack would leave most of the next unit unused.
    #[cold]
    pub(crate) fn wait_while_ticking(&self, clock: &impl Clock, tick: impl Fn() -> Duration, full: impl Fn() -> bool) {
        if self.stalled.fetch_add(1, Ordering::AcqRel) == 0 {
            // A new overflow: its ticks count from 1.
            self.ticks.store(0, Ordering::Relaxed);
        }
        let ticker = !self.ticker.swap(true, Ordering::AcqRel);
        while full() {
            clock.sleep(tick().min(Duration::from_millis(1)));
            if ticker {
                let ticks = self.ticks.fetch_add(1, Ordering::Relaxed) + 1;
                if ticks % 4 == 1 || self.dropped.load(Ordering::Relaxed) {
                    self.notify(clock, self.stalled.load(Ordering::Acquire), ticks);
                }
            }
        }
        let left = self.stalled.fetch_sub(1, Ordering::AcqRel) - 1;
        if ticker {
            self.ticker.store(false, Ordering::Release);
            if left == 0 {
                self.notify(clock, 0, self.ticks.load(Ordering::Relaxed));
            }
        }
    }

    fn notify(&self, clock: &impl Clock, count: u32, ticks: u32) {
        #[cfg(not(feature = "std"))]
        let _ = (clock, count, ticks);
        #[cfg(feature = "std")]
        if let Some(subscriber) = &self.subscriber {
            let notice = SequenceOverflow { now: clock.now(), count, ticks };
            let dropped = matches!(subscriber.try_send(notice), Err(TrySendError::Full(_)));
            self.dropped.store(dropped, Ordering::Relaxed);
        }
    }
}
