//! The shared "tick + counter" state of generators that must be strictly increasing inside one
//! tick (RFC 9562 §6.2, method 1: a counter in the bits right after the timestamp, re-seeded
//! randomly at each new tick).

use crate::sync::Mutex;

/// A tick (the layout's time unit, as a linear count) and a counter of `width` bits.
#[derive(Debug)]
pub(crate) struct MonotonicCounter {
    state: Mutex<(u64, u64)>,
    width: u32,
}

impl MonotonicCounter {
    pub(crate) const fn new(width: u32) -> MonotonicCounter {
        MonotonicCounter { state: Mutex::new((0, 0)), width }
    }

    /// The `(tick, counter)` for an ID made at `now`: strictly greater than the previous pair.
    ///
    /// A new tick re-seeds the counter from `seed` with its top bit clear, leaving at least
    /// 2^(width-1) increments of room; a clock that went back keeps the last tick and counts on;
    /// a counter that overflows moves to the next tick (with 42 bits this needs four trillion
    /// IDs in one tick, so it does not happen at any real rate).
    #[inline]
    pub(crate) fn next(&self, now: u64, seed: impl FnOnce() -> u64) -> (u64, u64) {
        let seed_mask = (1u64 << (self.width - 1)) - 1;
        let mut state = self.state.lock();
        let (last, counter) = *state;
        let next = if now > last {
            (now, seed() & seed_mask)
        } else if counter + 1 < 1 << self.width {
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

    #[test]
    fn increases_within_a_tick_and_across_a_backward_clock() {
        let c = MonotonicCounter::new(4);
        assert_eq!(c.next(10, || 0xFF), (10, 7));
        assert_eq!(c.next(10, || 0), (10, 8));
        assert_eq!(c.next(9, || 0), (10, 9));
        for expected in 10..16 {
            assert_eq!(c.next(10, || 0), (10, expected));
        }
        assert_eq!(c.next(10, || 3), (11, 3), "overflow moves to the next tick");
        assert_eq!(c.next(12, || 1), (12, 1));
    }
}
