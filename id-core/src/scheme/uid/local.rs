//! The 64-bit local ID: its layout, its text and its range.

use crate::error::GenerateError;
use crate::scheme::{canonical_text, clamp_time};
use crate::time::Timestamp;

pub(super) const SEQ_MASK: u64 = 0x3FFF;
pub(super) const FIELD20: u64 = (1 << 20) - 1;

/// uid's time: `{Mega, Sec, Micro}` with the microseconds' low 10 bits cleared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UidTime {
    /// Megaseconds since 1970 (20 bits).
    pub mega: u32,
    /// Seconds within the megasecond.
    pub secs: u32,
    /// Microseconds within the second, a multiple of 1024.
    pub micros: u32,
}

impl UidTime {
    /// uid's `t()` of an instant (times before 1970 clamp to 1970).
    pub fn of(t: Timestamp) -> UidTime {
        let s = t.unix_seconds().max(0) as u64;
        let micros = if t.unix_seconds() < 0 { 0 } else { t.subsec_nanos() / 1000 };
        UidTime { mega: (s / 1_000_000) as u32, secs: (s % 1_000_000) as u32, micros: micros & 0xFFC00 }
    }

    /// The instant.
    pub fn timestamp(self) -> Timestamp {
        Timestamp::new(i64::from(self.mega) * 1_000_000 + i64::from(self.secs), self.micros * 1000)
    }

    /// uid's `t/1`: milliseconds since 1970.
    pub fn unix_millis(self) -> i64 {
        (i64::from(self.mega) * 1_000_000 + i64::from(self.secs)) * 1000 + i64::from(self.micros / 1000)
    }

    /// The linear tick count (`seconds · 1024 + micros / 1024`): one per 1024 µs slot.
    pub(super) fn tick(self) -> u64 {
        (u64::from(self.mega) * 1_000_000 + u64::from(self.secs)) << 10 | u64::from(self.micros >> 10)
    }
}

/// A local 64-bit uid.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uid64(pub(super) u64);

impl Uid64 {
    /// Encodes `{uid, {Mega, Sec, Micro}, Seq}` as uid does: fields truncated to their widths
    /// (the megaseconds to 20 bits, the sequence to 14, the microseconds' low 10 bits dropped).
    pub const fn from_parts(mega: u32, secs: u32, micros: u32, seq: u32) -> Uid64 {
        Uid64(
            (mega as u64 & FIELD20) << 44
                | (secs as u64 & FIELD20) << 24
                | ((micros as u64 >> 10) & 0x3FF) << 14
                | (seq as u64 & SEQ_MASK),
        )
    }

    /// Wraps the 64-bit value.
    pub const fn from_u64(v: u64) -> Uid64 {
        Uid64(v)
    }

    /// The 64-bit value.
    pub const fn value(&self) -> u64 {
        self.0
    }

    /// The time fields.
    pub const fn time(&self) -> UidTime {
        UidTime {
            mega: (self.0 >> 44) as u32,
            secs: ((self.0 >> 24) & FIELD20) as u32,
            micros: (((self.0 >> 14) & 0x3FF) << 10) as u32,
        }
    }

    /// The 14-bit sequence.
    pub const fn seq(&self) -> u32 {
        (self.0 & SEQ_MASK) as u32
    }

    /// uid's `t/1`.
    pub fn unix_millis(&self) -> i64 {
        self.time().unix_millis()
    }

    /// uid's `d/2`: the time and sequence difference `self − other`.
    pub fn diff(&self, other: &Uid64) -> UidDiff {
        let micros = |u: &Uid64| u.time().timestamp().unix_micros();
        UidDiff { micros: micros(self) - micros(other), seq: self.seq() as i32 - other.seq() as i32 }
    }

    crate::scheme::fresh_constructors!("A new ID", "If the system clock is before 1970", () => ());
}

/// uid's `d/2` result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UidDiff {
    /// The time difference in microseconds.
    pub micros: i64,
    /// The sequence difference.
    pub seq: i32,
}

impl UidDiff {
    /// The time difference as uid prints it, `{Mega, Sec, Micro}`.
    pub fn parts(&self) -> (i64, i64, i64) {
        (self.micros / 1_000_000_000_000, self.micros / 1_000_000 % 1_000_000, self.micros % 1_000_000)
    }
}


canonical_text!(Uid64);

impl crate::scheme::sealed::Sealed for Uid64 {}

/// The last second uid's 20-bit megaseconds hold (year 35198).
pub(super) const UID_MAX_SECS: i64 = (1 << 20) * 1_000_000 - 1;
/// The last instant of that second.
pub(super) const UID_LATEST: Timestamp = Timestamp::new(UID_MAX_SECS, 999_999_999);
/// The tick of [`UID_LATEST`].
pub(super) const MAX_TICK: u64 = (UID_MAX_SECS as u64) << 10 | 0x3FF;

/// `t`, if the layout holds it (1970 to [`UID_LATEST`]): one unsigned compare of the seconds,
/// as an instant before 1970 has negative seconds.
#[inline]
pub(super) fn in_uid_range(t: Timestamp) -> Result<Timestamp, GenerateError> {
    if t.unix_seconds() as u64 > UID_MAX_SECS as u64 { Err(uid_out_of_range(t)) } else { Ok(t) }
}

#[cold]
#[inline(never)]
pub(super) fn uid_out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: "uid64", time, earliest: Timestamp::UNIX_EPOCH, latest: UID_LATEST }
}

pub(super) fn clamp_uid(t: Timestamp) -> Timestamp {
    clamp_time(t, Timestamp::UNIX_EPOCH, UID_LATEST)
}
