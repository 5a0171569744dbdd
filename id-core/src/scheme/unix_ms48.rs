//! What the layouts that open with 48 bits of Unix milliseconds share (UUIDv7 and ULID): the
//! instants those bits hold, and the checked conversions both ways.

use crate::error::GenerateError;
use crate::scheme::clamp_time;
use crate::time::Timestamp;

/// The largest millisecond count: 10889-08-02T05:31:50.655Z.
pub(crate) const MAX_MS: u64 = (1 << 48) - 1;

/// The last instant the 48 bits hold.
pub(crate) const LATEST: Timestamp =
    Timestamp::new((MAX_MS / 1000) as i64, ((MAX_MS % 1000) * 1_000_000 + 999_999) as u32);

/// The instant millisecond `ms` starts at.
#[inline]
pub(crate) fn ms_start(ms: u64) -> Timestamp {
    Timestamp::new((ms / 1000) as i64, ((ms % 1000) * 1_000_000) as u32)
}

/// The millisecond of `t`, or `scheme`'s error for an instant outside 1970 to 10889.
#[inline]
pub(crate) fn checked_ms(scheme: &'static str, t: Timestamp) -> Result<u64, GenerateError> {
    u64::try_from(t.unix_millis()).ok().filter(|ms| *ms <= MAX_MS).ok_or_else(|| out_of_range(scheme, t))
}

/// The millisecond of `t` clamped into the range (for range bounds).
pub(crate) fn clamped_ms(t: Timestamp) -> u64 {
    clamp_time(t, Timestamp::UNIX_EPOCH, LATEST).unix_millis() as u64
}

#[cold]
#[inline(never)]
pub(crate) fn out_of_range(scheme: &'static str, time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme, time, earliest: Timestamp::UNIX_EPOCH, latest: LATEST }
}

/// Inside `impl Scheme` of a layout that opens with the 48 bits (read by the type's
/// `unix_ms()`): the embedded time is that millisecond's start, the range 1970 to 10889, and the
/// bounds of an instant are its clamped millisecond `ms` with the layout's other fields at
/// their lowest (`min_at`, the first value) or highest (`max_at`, the second).
macro_rules! time_items {
    (|$ms:ident| $lowest:expr, $highest:expr $(,)?) => {
        #[inline]
        fn timestamp(&self) -> $crate::time::Timestamp {
            $crate::scheme::unix_ms48::ms_start(self.unix_ms())
        }

        /// The first and last instants the layout holds.
        fn time_range() -> ($crate::time::Timestamp, $crate::time::Timestamp) {
            ($crate::time::Timestamp::UNIX_EPOCH, $crate::scheme::unix_ms48::LATEST)
        }

        fn min_at(t: $crate::time::Timestamp) -> Self {
            let $ms = $crate::scheme::unix_ms48::clamped_ms(t);
            $lowest
        }

        fn max_at(t: $crate::time::Timestamp) -> Self {
            let $ms = $crate::scheme::unix_ms48::clamped_ms(t);
            $highest
        }
    };
}
pub(crate) use time_items;
