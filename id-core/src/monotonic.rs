//! The shared "tick + counter" state of generators that must be strictly increasing inside one
//! tick (RFC 9562 §6.2, method 1: a counter in the bits right after the timestamp, re-seeded
//! randomly at each new tick).

use crate::fork::Lineage;
use crate::sync::Mutex;

/// A tick (the layout's time unit, as a linear count) and a counter of `width` bits.
#[derive(Debug)]
pub(crate) struct MonotonicCounter {
    state: Mutex<(u64, u64)>,
    /// The fork generation the counter was drawn in (checked under the lock).
    lineage: Lineage,
    width: u32,
}

impl MonotonicCounter {
    pub(crate) const fn new(width: u32) -> MonotonicCounter {
        MonotonicCounter { state: Mutex::new((0, 0)), lineage: Lineage::new(), width }
    }

    /// The `(tick, counter)` for an ID made at `now`: strictly greater than the previous pair.
    ///
    /// A new tick re-seeds the counter from `seed` with its top bit clear, leaving at least
    /// 2^(width-1) increments of room; a clock that went back keeps the last tick and counts on;
    /// a counter that overflows moves to the next tick (with 42 bits this needs four trillion
    /// IDs in one tick, so it does not happen at any real rate).
    /// The next `(tick, counter)` at tick `now`; `seed()` draws a counter start, `generation`
    /// is the random source's [fork generation](crate::fork): in a `fork()` child the counter
    /// starts anew in the next tick, since going on from the parent's would repeat its IDs.
    #[inline]
    pub(crate) fn next(&self, now: u64, generation: u64, seed: impl FnOnce() -> u64) -> (u64, u64) {
        let seed_mask = (1u64 << (self.width - 1)) - 1;
        let mut state = self.state.lock();
        let (last, counter) = *state;
        let forked = self.lineage.moved(generation);
        let next = if now > last {
            (now, seed() & seed_mask)
        } else if counter + 1 < 1 << self.width && !forked {
            (last, counter + 1)
        } else {
            (last + 1, seed() & seed_mask)
        };
        *state = next;
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl MonotonicCounter {
        fn next_in_0(&self, now: u64, seed: impl FnOnce() -> u64) -> (u64, u64) {
            self.next(now, 0, seed)
        }
    }

    #[test]
    fn a_fork_child_starts_a_new_tick_with_a_new_counter() {
        let c = MonotonicCounter::new(8);
        assert_eq!(c.next(10, 0, || 5), (10, 5));
        assert_eq!(c.next(10, 0, || 0), (10, 6));
        assert_eq!(c.next(10, 1, || 9), (11, 9), "the child's first counter is its own, in the next tick");
        assert_eq!(c.next(10, 1, || 0), (11, 10));
        assert_eq!(c.next(12, 2, || 3), (12, 3), "a later tick draws anyway");
    }

    #[test]
    fn increases_within_a_tick_and_across_a_backward_clock() {
        let c = MonotonicCounter::new(4);
        assert_eq!(c.next_in_0(10, || 0xFF), (10, 7));
        assert_eq!(c.next_in_0(10, || 0), (10, 8));
        assert_eq!(c.next_in_0(9, || 0), (10, 9));
        for expected in 10..16 {
            assert_eq!(c.next_in_0(10, || 0), (10, expected));
        }
        assert_eq!(c.next_in_0(10, || 3), (11, 3), "overflow moves to the next tick");
        assert_eq!(c.next_in_0(12, || 1), (12, 1));
    }
}
