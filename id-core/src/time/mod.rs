//! [`Timestamp`]: an instant as Unix seconds plus nanoseconds, with RFC 3339 text.
//!
//! Schemes reach far outside the range of `i64` nanoseconds (SQL `datetime` starts in 1900,
//! DistributedId runs out of bits in 3014), so the runtime keeps seconds and nanoseconds apart
//! and never needs 128-bit division on a hot path.

use core::time::Duration;
#[cfg(feature = "std")]
use std::time::{SystemTime, UNIX_EPOCH};

const NANOS_PER_SEC: u32 = 1_000_000_000;

/// An instant on the UTC time line, as seconds and nanoseconds since 1970-01-01T00:00:00Z.
///
/// Unlike [`SystemTime`], every value is directly comparable, printable as RFC 3339 and
/// constructible in `const` code.
///
/// ```
/// use idcraft_core::Timestamp;
/// let t: Timestamp = "2024-03-21T04:19:11.304Z".parse().unwrap();
/// assert_eq!(t.unix_millis(), 1_710_994_751_304);
/// assert_eq!(t.to_string(), "2024-03-21T04:19:11.304Z");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Timestamp {
    secs: i64,
    nanos: u32,
}

impl Timestamp {
    /// 1970-01-01T00:00:00Z.
    pub const UNIX_EPOCH: Timestamp = Timestamp { secs: 0, nanos: 0 };

    /// The earliest instant: `i64::MIN` seconds.
    pub const MIN: Timestamp = Timestamp { secs: i64::MIN, nanos: 0 };

    /// The latest instant: `i64::MAX` seconds and 999,999,999 ns.
    pub const MAX: Timestamp = Timestamp { secs: i64::MAX, nanos: NANOS_PER_SEC - 1 };

    /// Builds a timestamp from seconds since the Unix epoch and a nanosecond part.
    ///
    /// Nanoseconds above 999,999,999 carry into the seconds; past `i64::MAX` seconds the result
    /// saturates at [`Timestamp::MAX`] (hundreds of billions of years beyond any scheme's
    /// range, so every scheme refuses it).
    #[inline]
    pub const fn new(secs: i64, nanos: u32) -> Timestamp {
        if nanos < NANOS_PER_SEC {
            return Timestamp { secs, nanos };
        }
        match secs.checked_add((nanos / NANOS_PER_SEC) as i64) {
            Some(secs) => Timestamp { secs, nanos: nanos % NANOS_PER_SEC },
            None => Timestamp::MAX,
        }
    }

    /// Builds a timestamp from milliseconds since the Unix epoch.
    pub const fn from_unix_millis(ms: i64) -> Timestamp {
        Timestamp { secs: ms.div_euclid(1000), nanos: (ms.rem_euclid(1000) as u32) * 1_000_000 }
    }

    /// Builds a timestamp from microseconds since the Unix epoch.
    pub const fn from_unix_micros(us: i64) -> Timestamp {
        Timestamp { secs: us.div_euclid(1_000_000), nanos: (us.rem_euclid(1_000_000) as u32) * 1000 }
    }

    /// Builds a timestamp from nanoseconds since the Unix epoch, saturating at
    /// [`Timestamp::MIN`] and [`Timestamp::MAX`].
    pub const fn from_unix_nanos(ns: i128) -> Timestamp {
        let secs = ns.div_euclid(NANOS_PER_SEC as i128);
        if secs > i64::MAX as i128 {
            Timestamp::MAX
        } else if secs < i64::MIN as i128 {
            Timestamp::MIN
        } else {
            Timestamp { secs: secs as i64, nanos: ns.rem_euclid(NANOS_PER_SEC as i128) as u32 }
        }
    }

    /// Whole seconds since the Unix epoch (floor).
    pub const fn unix_seconds(self) -> i64 {
        self.secs
    }

    /// The nanoseconds within the second, `0..1_000_000_000`.
    pub const fn subsec_nanos(self) -> u32 {
        self.nanos
    }

    /// Milliseconds since the Unix epoch, rounded towards negative infinity; saturates at the
    /// ends of `i64` (instants beyond ±292 million years, which no scheme can hold).
    pub const fn unix_millis(self) -> i64 {
        self.secs.saturating_mul(1000).saturating_add((self.nanos / 1_000_000) as i64)
    }

    /// Microseconds since the Unix epoch, rounded towards negative infinity; saturates at the
    /// ends of `i64` (instants beyond ±292,000 years, which no scheme can hold).
    pub const fn unix_micros(self) -> i64 {
        self.secs.saturating_mul(1_000_000).saturating_add((self.nanos / 1000) as i64)
    }

    /// Nanoseconds since the Unix epoch.
    pub const fn unix_nanos(self) -> i128 {
        self.secs as i128 * NANOS_PER_SEC as i128 + self.nanos as i128
    }

    /// The time elapsed since 00:00:00 of this timestamp's UTC day.
    pub const fn time_of_day(self) -> Duration {
        Duration::new(self.secs.rem_euclid(86_400) as u64, self.nanos)
    }

    /// Days since 1970-01-01 (floor).
    pub const fn unix_days(self) -> i64 {
        self.secs.div_euclid(86_400)
    }

    /// `self + d`, or `None` on overflow.
    pub const fn checked_add(self, d: Duration) -> Option<Timestamp> {
        if d.as_secs() > i64::MAX as u64 {
            return None;
        }
        let secs = match self.secs.checked_add(d.as_secs() as i64) {
            Some(s) => s,
            None => return None,
        };
        let nanos = self.nanos + d.subsec_nanos();
        match secs.checked_add((nanos / NANOS_PER_SEC) as i64) {
            Some(secs) => Some(Timestamp { secs, nanos: nanos % NANOS_PER_SEC }),
            None => None,
        }
    }

    /// `self - d`, or `None` on overflow.
    pub const fn checked_sub(self, d: Duration) -> Option<Timestamp> {
        if d.as_secs() > i64::MAX as u64 {
            return None;
        }
        let mut secs = match self.secs.checked_sub(d.as_secs() as i64) {
            Some(s) => s,
            None => return None,
        };
        let mut nanos = self.nanos as i64 - d.subsec_nanos() as i64;
        if nanos < 0 {
            nanos += NANOS_PER_SEC as i64;
            secs = match secs.checked_sub(1) {
                Some(s) => s,
                None => return None,
            };
        }
        Some(Timestamp { secs, nanos: nanos as u32 })
    }

    /// The duration from `earlier` to `self`, or `None` when `earlier` is later.
    pub fn duration_since(self, earlier: Timestamp) -> Option<Duration> {
        let ns = self.unix_nanos() - earlier.unix_nanos();
        (ns >= 0).then(|| Duration::new((ns / NANOS_PER_SEC as i128) as u64, (ns % NANOS_PER_SEC as i128) as u32))
    }

    /// The date and time fields of this instant in UTC.
    pub const fn to_civil(self) -> CivilDateTime {
        let days = self.secs.div_euclid(86_400);
        let sod = self.secs.rem_euclid(86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        CivilDateTime {
            year,
            month,
            day,
            hour: (sod / 3600) as u8,
            minute: (sod / 60 % 60) as u8,
            second: (sod % 60) as u8,
            nanosecond: self.nanos,
        }
    }

    /// The instant of the given UTC calendar fields, or `None` if a field is out of range
    /// (including years whose seconds do not fit `i64`).
    pub const fn from_civil(c: CivilDateTime) -> Option<Timestamp> {
        // ±292 billion years of seconds fit i64; the day arithmetic below needs a margin.
        if c.year.unsigned_abs() > MAX_CIVIL_YEAR
            || c.month < 1
            || c.month > 12
            || c.day < 1
            || c.day > days_in_month(c.year, c.month)
            || c.hour > 23
            || c.minute > 59
            || c.second > 59
            || c.nanosecond >= NANOS_PER_SEC
        {
            return None;
        }
        let days = days_from_civil(c.year, c.month, c.day);
        let secs = days * 86_400 + c.hour as i64 * 3600 + c.minute as i64 * 60 + c.second as i64;
        Some(Timestamp { secs, nanos: c.nanosecond })
    }

    /// Midnight UTC of the given date; panics at compile time in `const` use if the date is invalid.
    pub const fn from_ymd(year: i64, month: u8, day: u8) -> Timestamp {
        match Timestamp::from_civil(CivilDateTime { year, month, day, hour: 0, minute: 0, second: 0, nanosecond: 0 }) {
            Some(t) => t,
            None => panic!("invalid calendar date"),
        }
    }

    /// Parses RFC 3339 (`2024-03-21T04:19:11.304Z`, `…+02:00`, up to nine fractional digits).
    pub fn parse_rfc3339(s: &str) -> Result<Timestamp, TimestampParseError> {
        rfc3339::parse(s)
    }

    #[cfg(feature = "std")]
    /// Converts to [`SystemTime`], or `None` where the platform cannot represent the instant.
    pub fn to_system_time(self) -> Option<SystemTime> {
        if self.secs >= 0 {
            UNIX_EPOCH.checked_add(Duration::new(self.secs as u64, self.nanos))
        } else {
            let back = Duration::new(self.secs.unsigned_abs(), 0);
            UNIX_EPOCH.checked_sub(back)?.checked_add(Duration::new(0, self.nanos))
        }
    }

    #[cfg(feature = "std")]
    /// Converts from [`SystemTime`], which always fits.
    pub fn from_system_time(t: SystemTime) -> Timestamp {
        match t.duration_since(UNIX_EPOCH) {
            Ok(d) => Timestamp::new(d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => {
                let d = e.duration();
                Timestamp::UNIX_EPOCH.checked_sub(d).unwrap_or(Timestamp { secs: i64::MIN, nanos: 0 })
            }
        }
    }
}

#[cfg(feature = "std")]
impl From<SystemTime> for Timestamp {
    fn from(t: SystemTime) -> Timestamp {
        Timestamp::from_system_time(t)
    }
}

/// The UTC calendar fields of a [`Timestamp`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CivilDateTime {
    /// Proleptic Gregorian year.
    pub year: i64,
    /// 1..=12
    pub month: u8,
    /// 1..=31
    pub day: u8,
    /// 0..=23
    pub hour: u8,
    /// 0..=59
    pub minute: u8,
    /// 0..=59 (leap seconds are not represented)
    pub second: u8,
    /// 0..1_000_000_000
    pub nanosecond: u32,
}

/// The largest |year| [`Timestamp::from_civil`] takes: its seconds fit `i64` with room to
/// spare, and the era arithmetic of `days_from_civil` cannot overflow.
const MAX_CIVIL_YEAR: u64 = 200_000_000_000;

const fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

const fn days_in_month(y: i64, m: u8) -> u8 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

// Day counts use 400-year eras (146,097 days) starting on March 1st, so that the leap day is
// the last day of a shifted year and needs no special case.
const fn days_from_civil(y: i64, m: u8, d: u8) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

const fn civil_from_days(z: i64) -> (i64, u8, u8) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[doc(hidden)]
pub mod const_text;
mod rfc3339;
pub use rfc3339::{Rfc3339, TimestampParseError};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn civil_round_trip_known_dates() {
        assert_eq!(Timestamp::from_ymd(1970, 1, 1), Timestamp::UNIX_EPOCH);
        assert_eq!(Timestamp::from_ymd(2000, 1, 1).unix_seconds(), 946_684_800);
        assert_eq!(Timestamp::from_ymd(1900, 1, 1).unix_seconds(), -2_208_988_800);
        assert_eq!(Timestamp::from_ymd(1700, 1, 1).unix_millis(), -8_520_336_000_000);
        assert_eq!(Timestamp::from_ymd(2010, 1, 1).unix_seconds(), 1_262_304_000);
        let t = Timestamp::new(253_402_300_799, 999_000_000);
        assert_eq!(t.to_string(), "9999-12-31T23:59:59.999Z");
    }

    /// Extreme values used to overflow (a panic with overflow checks, a wrong instant without).
    #[test]
    fn arithmetic_at_the_ends_saturates_or_refuses() {
        assert_eq!(Timestamp::new(i64::MAX, 1_500_000_000), Timestamp::MAX);
        assert_eq!(Timestamp::new(i64::MAX, 0).unix_millis(), i64::MAX);
        assert_eq!(Timestamp::new(i64::MIN, 0).unix_millis(), i64::MIN);
        assert_eq!(Timestamp::MAX.unix_micros(), i64::MAX);
        assert_eq!(Timestamp::from_unix_nanos(i128::MAX), Timestamp::MAX);
        assert_eq!(Timestamp::from_unix_nanos(i128::MIN), Timestamp::MIN);
        assert_eq!(Timestamp::UNIX_EPOCH.checked_add(Duration::MAX), None, "not a wrap into the past");
        assert_eq!(Timestamp::UNIX_EPOCH.checked_sub(Duration::MAX), None);
        assert_eq!(Timestamp::MAX.checked_add(Duration::from_nanos(1)), None);
        let far = CivilDateTime { year: i64::MAX, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanosecond: 0 };
        assert_eq!(Timestamp::from_civil(far), None);
        assert_eq!(Timestamp::from_civil(CivilDateTime { year: i64::MIN, ..far }), None);
        for t in [Timestamp::MAX, Timestamp::MIN] {
            let text = t.to_string();
            assert!(text.ends_with('Z'), "{text}");
            let _ = t.to_system_time();
        }
    }

    /// The one-write printer gives the text `write!` gave, for every year width and fraction.
    /// An ID's time printed with its scheme's digits has one length: `.320Z`, never `.32Z`
    /// beside `.344Z`.
    #[test]
    fn fixed_digits_as_to_iso_string_writes_them() {
        let t = Timestamp::new(1_795_744_830, 320_000_000);
        assert_eq!(t.to_string(), "2026-11-27T02:00:30.32Z");
        assert_eq!(t.rfc3339(3).to_string(), "2026-11-27T02:00:30.320Z");
        assert_eq!(Timestamp::new(1_795_744_830, 0).rfc3339(3).to_string(), "2026-11-27T02:00:30.000Z");
        assert_eq!(Timestamp::new(1_795_744_830, 999_999_999).rfc3339(3).to_string(), "2026-11-27T02:00:30.999Z");
        assert_eq!(t.rfc3339(0).to_string(), "2026-11-27T02:00:30Z");
        assert_eq!(t.rfc3339(7).to_string(), "2026-11-27T02:00:30.3200000Z");
        assert_eq!(t.rfc3339(12).to_string(), "2026-11-27T02:00:30.320000000Z", "at most 9");
    }

    #[test]
    fn prints_as_the_format_macros_did() {
        fn reference(t: Timestamp) -> String {
            let c = t.to_civil();
            let mut s = if (0..=9999).contains(&c.year) { format!("{:04}", c.year) } else { format!("{:+05}", c.year) };
            s += &format!("-{:02}-{:02}T{:02}:{:02}:{:02}", c.month, c.day, c.hour, c.minute, c.second);
            if c.nanosecond != 0 {
                let text = format!("{:09}", c.nanosecond);
                s += ".";
                s += text.trim_end_matches('0');
            }
            s + "Z"
        }
        let mut instants = vec![Timestamp::MIN, Timestamp::MAX, Timestamp::UNIX_EPOCH];
        for secs in [-62_167_219_200, -62_167_219_201, 253_402_300_799, 253_402_300_800, -1, 1_795_651_200] {
            for nanos in [0, 1, 10, 123_000_000, 999_999_999] {
                instants.push(Timestamp::new(secs, nanos));
            }
        }
        for t in instants {
            assert_eq!(t.to_string(), reference(t));
        }
    }

    #[test]
    fn parses_offsets_and_fractions() {
        let t: Timestamp = "2021-11-12T13:14:15.123456789Z".parse().unwrap();
        assert_eq!(t.subsec_nanos(), 123_456_789);
        let a: Timestamp = "2024-01-01T02:00:00+02:00".parse().unwrap();
        assert_eq!(a, "2024-01-01T00:00:00Z".parse().unwrap());
        assert_eq!("1969-12-31T23:59:59.999Z".parse::<Timestamp>().unwrap().unix_millis(), -1);
    }

    #[test]
    fn rejects_garbage_with_position() {
        let e = "2024-13-01T00:00:00Z".parse::<Timestamp>().unwrap_err();
        assert!(e.to_string().contains("valid calendar date"));
        let e = "2024-01-01X00:00:00Z".parse::<Timestamp>().unwrap_err();
        assert!(e.to_string().contains("position 10"), "{e}");
        assert!("2024-02-30T00:00:00Z".parse::<Timestamp>().is_err());
        assert!("2024-01-01T00:00:00".parse::<Timestamp>().is_err());
        assert!("2024-01-01T00:00:00.Z".parse::<Timestamp>().is_err());
        assert!("2024-01-01T00:00:00.1234567890Z".parse::<Timestamp>().is_err());
        assert!("".parse::<Timestamp>().is_err());
        assert!("２０２４".parse::<Timestamp>().is_err());
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn fixed_digits_parse_back_truncated(secs in -60_000_000_000i64..250_000_000_000, nanos in 0u32..1_000_000_000, digits in 0u8..=9) {
            let t = Timestamp::new(secs, nanos);
            let text = t.rfc3339(digits).to_string();
            if (0..=9999).contains(&t.to_civil().year) {
                let step = 10u32.pow(9 - u32::from(digits));
                proptest::prop_assert_eq!(text.parse::<Timestamp>().unwrap(), Timestamp::new(secs, nanos - nanos % step));
                let fraction = text.split_once('.').map_or(0, |(_, f)| f.len() - 1);
                proptest::prop_assert_eq!(fraction, usize::from(digits));
            }
        }

        #[test]
        fn display_parse_round_trip(secs in -60_000_000_000i64..250_000_000_000, nanos in 0u32..1_000_000_000) {
            let t = Timestamp::new(secs, nanos);
            let text = t.to_string();
            if (0..=9999).contains(&t.to_civil().year) {
                proptest::prop_assert_eq!(text.parse::<Timestamp>().unwrap(), t);
            }
        }

        #[test]
        fn civil_round_trip(days in -1_000_000i64..1_000_000) {
            let (y, m, d) = civil_from_days(days);
            proptest::prop_assert_eq!(days_from_civil(y, m, d), days);
        }
    }
}
