//! The two ways RT.Comb writes an instant into 6 bytes: Unix milliseconds and SQL Server's
//! `datetime` (days and 1/300 s ticks since 1900), with their ranges and errors.

use crate::error::{CombTimeError, GenerateError};
use crate::time::Timestamp;

/// How the instant is written into the 6 timestamp bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeStrategy {
    /// RT.Comb's `UnixDateTimeStrategy`: 48-bit milliseconds since 1970, big-endian.
    UnixMillis,
    /// RT.Comb's `SqlDateTimeStrategy`: the low 2 bytes of SQL `datetime` days since 1900, then
    /// the 4-byte count of 1/300 s since midnight, both big-endian.
    SqlDateTime,
}

pub(super) const TICKS_PER_MS: f64 = 10_000.0;
pub(super) const SQL_TICKS_PER_DAY: u64 = 25_920_000;
pub(super) const DOTNET_TICKS_PER_DAY: u64 = 864_000_000_000;
pub(super) const EPOCH_1900: Timestamp = Timestamp::from_ymd(1900, 1, 1);
/// 9999-12-31T23:59:59.999Z, the last instant .NET's `DateTime` can return.
pub(super) const MAX_UNIX_MS: u64 = 0xE677_D21F_DBFF;

/// .NET ticks (100 ns) from `from` to `t`, floored. Whole seconds are a multiple of 100 ns,
/// so only the nanosecond difference needs a (64-bit, not 128-bit) floor division.
#[inline]
pub(super) fn ticks_since(t: Timestamp, from: Timestamp) -> i64 {
    let secs = t.unix_seconds() - from.unix_seconds();
    let nanos = i64::from(t.subsec_nanos()) - i64::from(from.subsec_nanos());
    secs * 10_000_000 + nanos.div_euclid(100)
}

impl TimeStrategy {
    /// The fractional digits of a second the strategy's instants are exact to: milliseconds,
    /// or the 100 ns ticks .NET turns 1/300 s into.
    pub const fn time_digits(self) -> u8 {
        match self {
            TimeStrategy::UnixMillis => 3,
            TimeStrategy::SqlDateTime => 7,
        }
    }

    /// The earliest instant the strategy can hold.
    pub const fn earliest(self) -> Timestamp {
        match self {
            TimeStrategy::UnixMillis => Timestamp::UNIX_EPOCH,
            TimeStrategy::SqlDateTime => EPOCH_1900,
        }
    }

    /// The latest instant the strategy can hold.
    pub const fn latest(self) -> Timestamp {
        match self {
            TimeStrategy::UnixMillis => Timestamp::from_unix_millis(MAX_UNIX_MS as i64),
            // The last instant of day 65535 (2079-06-06).
            TimeStrategy::SqlDateTime => Timestamp::new(EPOCH_1900.unix_seconds() + 65_536 * 86_400 - 1, 999_999_999),
        }
    }

    /// The instant as a linear tick count (ms since 1970, or 1/300 s since 1900), computed with
    /// .NET 7+'s double arithmetic as RT.Comb 4.x does (`Create` vectors match byte for byte,
    /// including its round-up of a sub-millisecond remainder of 0.9999 ms).
    pub fn tick(self, t: Timestamp, scheme: &'static str) -> Result<u64, GenerateError> {
        self.checked_tick(t, scheme, true)
    }

    /// The instant as a linear tick count, floored exactly (what generators use: the embedded
    /// time never runs ahead of the clock).
    pub fn exact_tick(self, t: Timestamp, scheme: &'static str) -> Result<u64, GenerateError> {
        self.checked_tick(t, scheme, false)
    }

    fn checked_tick(self, t: Timestamp, scheme: &'static str, dotnet_floats: bool) -> Result<u64, GenerateError> {
        let out_of_range =
            || GenerateError::TimeOutOfRange { scheme, time: t, earliest: self.earliest(), latest: self.latest() };
        if t < self.earliest() || t > self.latest() {
            return Err(out_of_range());
        }
        match self {
            TimeStrategy::UnixMillis => {
                let ticks = ticks_since(t, Timestamp::UNIX_EPOCH);
                let ms = if dotnet_floats { (ticks as f64 / TICKS_PER_MS) as u64 } else { ticks as u64 / 10_000 };
                if ms > MAX_UNIX_MS { Err(out_of_range()) } else { Ok(ms) }
            }
            TimeStrategy::SqlDateTime => {
                let ticks = ticks_since(t, EPOCH_1900) as u64;
                let tick_of_day = ticks % DOTNET_TICKS_PER_DAY;
                let (days, t300) = if dotnet_floats {
                    (
                        (ticks as f64 / DOTNET_TICKS_PER_DAY as f64) as u64,
                        (tick_of_day as f64 / TICKS_PER_MS * 0.3) as u64,
                    )
                } else {
                    // +2: a tick's own decoded instant (truncated to 100 ns, e.g. 33,333 ticks for
                    // 1/300 s) must map back to that tick.
                    (ticks / DOTNET_TICKS_PER_DAY, (tick_of_day * 3 + 2) / 100_000)
                };
                if days > 0xFFFF { Err(out_of_range()) } else { Ok(days * SQL_TICKS_PER_DAY + t300) }
            }
        }
    }

    /// The 6 bytes of a tick count, most significant first.
    pub fn bytes(self, tick: u64) -> [u8; 6] {
        let v = match self {
            TimeStrategy::UnixMillis => tick,
            TimeStrategy::SqlDateTime => ((tick / SQL_TICKS_PER_DAY) << 32) | (tick % SQL_TICKS_PER_DAY),
        };
        let b = v.to_be_bytes();
        [b[2], b[3], b[4], b[5], b[6], b[7]]
    }

    /// Reads the 6 bytes back, rejecting values .NET's `GetTimestamp` throws on.
    pub fn read(self, b: [u8; 6]) -> Result<Timestamp, CombTimeError> {
        match self {
            TimeStrategy::UnixMillis => {
                let ms = u64::from_be_bytes([0, 0, b[0], b[1], b[2], b[3], b[4], b[5]]);
                if ms > MAX_UNIX_MS {
                    return Err(CombTimeError::PAST_YEAR_9999);
                }
                Ok(Timestamp::from_unix_millis(ms as i64))
            }
            TimeStrategy::SqlDateTime => {
                let days = i64::from(u16::from_be_bytes([b[0], b[1]]));
                let t300 = i32::from_be_bytes([b[2], b[3], b[4], b[5]]);
                if t300 < 0 {
                    return Err(CombTimeError::NEGATIVE_TIME_OF_DAY);
                }
                if t300 as u64 > SQL_TICKS_PER_DAY {
                    return Err(CombTimeError::TIME_OF_DAY_PAST_24_HOURS);
                }
                Ok(Self::sql_instant(days, i64::from(t300)))
            }
        }
    }

    /// .NET 7+'s `AddMilliseconds(t300 / 0.3)`: whole 100 ns ticks, truncated (1 → 3.3333 ms).
    fn sql_instant(days: i64, t300: i64) -> Timestamp {
        let ticks = (t300 * 100_000).div_euclid(3);
        Timestamp::new(
            EPOCH_1900.unix_seconds() + days * 86_400 + ticks / 10_000_000,
            (ticks % 10_000_000 * 100) as u32,
        )
    }

    /// The raw reading for values [`TimeStrategy::read`] rejects: never fails.
    pub(super) fn read_raw(self, b: [u8; 6]) -> Timestamp {
        self.read(b).unwrap_or_else(|_| match self {
            TimeStrategy::UnixMillis => {
                Timestamp::from_unix_millis(u64::from_be_bytes([0, 0, b[0], b[1], b[2], b[3], b[4], b[5]]) as i64)
            }
            TimeStrategy::SqlDateTime => Self::sql_instant(
                i64::from(u16::from_be_bytes([b[0], b[1]])),
                i64::from(i32::from_be_bytes([b[2], b[3], b[4], b[5]])),
            ),
        })
    }
}
