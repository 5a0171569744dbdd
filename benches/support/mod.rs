//! A clock for measuring generators below their layout's rate cap: the inner clock's reading
//! plus one `step` per `every` calls, so a tight loop never exhausts a tick and never waits.
//! It costs one uncontended atomic add (~5 ns) on top of the inner clock.

use idcraft::{Clock, Timestamp};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

pub struct SteppingClock<C> {
    pub inner: C,
    pub every: u64,
    pub step: Duration,
    pub calls: AtomicU64,
}

impl<C: Clock> SteppingClock<C> {
    pub fn new(inner: C, every: u64, step: Duration) -> Self {
        SteppingClock { inner, every, step, calls: AtomicU64::new(0) }
    }
}

impl<C: Clock> Clock for SteppingClock<C> {
    #[inline]
    fn now(&self) -> Timestamp {
        let steps = self.calls.fetch_add(1, Ordering::Relaxed) / self.every;
        self.inner.now().checked_add(self.step * steps as u32).expect("in range")
    }
}
