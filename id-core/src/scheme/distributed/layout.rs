//! The two layouts of Architect.Identities' random-increment design: epochs, widths, leeway.

use crate::error::GenerateError;
use crate::random::RandomSource;
use crate::time::Timestamp;
use core::time::Duration;

pub(super) const EPOCH_1900: Timestamp = Timestamp::from_ymd(1900, 1, 1);
pub(super) const EPOCH_1700: Timestamp = Timestamp::from_ymd(1700, 1, 1);
pub(super) const RANDOM48: u128 = (1 << 48) - 1;
pub(super) const RANDOM75: u128 = (1 << 75) - 1;
pub(super) const LOW63: u128 = (1 << 63) - 1;

/// Milliseconds from `epoch` to `t` (floor), if not before the epoch (and representable: the
/// subtraction is checked, as clocks at the ends of `Timestamp` saturate).
#[inline]
pub(super) fn millis_since(t: Timestamp, epoch: Timestamp) -> Option<u64> {
    u64::try_from(t.unix_millis().checked_sub(epoch.unix_millis())?).ok()
}

/// The parameters that set the two generators apart.
#[derive(Debug)]
#[doc(hidden)]
pub struct Layout {
    pub(super) scheme: &'static str,
    pub(super) epoch: Timestamp,
    pub(super) time_bits: u32,
    pub(super) random_max: u128,
    pub(super) increment_mask: u128,
    /// Embedded time = now − leeway (1000 ms for DistributedId).
    pub(super) leeway_ms: u64,
    /// Whether an exhausted millisecond may borrow the next one, up to now − 1 ms.
    pub(super) borrow: bool,
}

pub(super) const DISTRIBUTED: Layout = Layout {
    scheme: "distributed",
    epoch: EPOCH_1900,
    time_bits: 45,
    random_max: RANDOM48,
    increment_mask: (1 << 41) - 1,
    leeway_ms: 1000,
    borrow: true,
};

pub(super) const DISTRIBUTED128: Layout = Layout {
    scheme: "distributed128",
    epoch: EPOCH_1700,
    time_bits: 48,
    random_max: RANDOM75,
    increment_mask: (1 << 58) - 1,
    leeway_ms: 0,
    borrow: false,
};

impl Layout {
    pub(super) fn out_of_range(&self, time: Timestamp) -> GenerateError {
        let span = Duration::from_millis((1u64 << self.time_bits) - 1 + self.leeway_ms);
        GenerateError::TimeOutOfRange {
            scheme: self.scheme,
            time,
            earliest: self.epoch.checked_add(Duration::from_millis(self.leeway_ms)).expect("in range"),
            latest: self.epoch.checked_add(span).expect("in range"),
        }
    }

    /// The error for an instant to embed as it is (no leeway) that the layout cannot hold.
    pub(super) fn embedded_out_of_range(&self, time: Timestamp) -> GenerateError {
        let (earliest, latest) = self.time_range();
        GenerateError::TimeOutOfRange { scheme: self.scheme, time, earliest, latest }
    }

    /// The instant embedded millisecond `ms` starts at (every count of the time bits is in
    /// range).
    #[inline]
    pub(super) fn ms_start(&self, ms: u64) -> Timestamp {
        self.epoch.checked_add(Duration::from_millis(ms)).expect("the time bits fit")
    }

    /// The first and last instants the time bits hold, as embedded (no leeway): the scheme's
    /// [`Scheme::time_range`](crate::scheme::Scheme::time_range).
    pub(super) fn time_range(&self) -> (Timestamp, Timestamp) {
        (self.epoch, self.ms_start((1 << self.time_bits) - 1))
    }

    /// The embedded millisecond of `t` clamped into the range (the scheme's range bounds).
    pub(super) fn clamped_ms(&self, t: Timestamp) -> u64 {
        let (earliest, latest) = self.time_range();
        millis_since(crate::scheme::clamp_time(t, earliest, latest), self.epoch).expect("clamped")
    }

    /// The embedded millisecond for a clock reading.
    #[inline]
    pub(super) fn embedded_ms(&self, t: Timestamp) -> Result<u64, GenerateError> {
        millis_since(t, self.epoch)
            .and_then(|ms| ms.checked_sub(self.leeway_ms))
            .filter(|ms| ms >> self.time_bits == 0)
            .ok_or_else(|| self.out_of_range(t))
    }

    /// One fresh random value and the increment derived from it. Generic over the source, not
    /// `&dyn`: the default source's draws inline into the generator instead of two virtual calls.
    #[inline]
    pub(super) fn fresh<R: RandomSource + ?Sized>(&self, random: &R) -> (u128, u128) {
        if self.random_max == RANDOM48 {
            let r = u128::from(random.next_u64() & RANDOM48 as u64).max(1);
            (r, (r & self.increment_mask).max(1))
        } else {
            let pair = random.next_u64_pair();
            let high = pair >> (64 + 53);
            let low = u128::from(pair as u64).max(u128::from(high == 0));
            (high << 64 | low, (low & self.increment_mask).max(1))
        }
    }
}
