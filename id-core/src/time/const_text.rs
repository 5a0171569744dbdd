//! Instants, time units and years read from text in `const` code, and instants written into a
//! byte buffer there: what a layout declared in `#[id(...)]` is checked with while it compiles
//! (the attribute's strings reach the runtime crate as `&'static str`, and a compile error can
//! only carry text a `const` built). Hidden: only derive output and the layouts use it.

use super::{CivilDateTime, Timestamp};

/// Unix milliseconds of an RFC 3339 instant (`2025-01-01T00:00:00Z`, `…00.5+02:00`) at or
/// after 1970, in whole milliseconds; otherwise why not.
pub const fn instant_ms(text: &str) -> Result<u64, &'static str> {
    const SYNTAX: &str = "an epoch is an RFC 3339 instant, like \"2025-01-01T00:00:00Z\"";
    let b = text.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') || b[13] != b':' || b[16] != b':' {
        return Err(SYNTAX);
    }
    let (Some(year), Some(month), Some(day)) = (digits(b, 0, 4), digits(b, 5, 2), digits(b, 8, 2)) else {
        return Err(SYNTAX);
    };
    let (Some(hour), Some(minute), Some(second)) = (digits(b, 11, 2), digits(b, 14, 2), digits(b, 17, 2)) else {
        return Err(SYNTAX);
    };
    // The fraction: any number of digits, but only whole milliseconds, as the layouts count.
    let (mut i, mut ms, mut place) = (19, 0u64, 100u64);
    if b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            let digit = (b[i] - b'0') as u64;
            if place == 0 && digit != 0 {
                return Err("an epoch is counted in whole milliseconds: at most 3 fractional digits that are not 0");
            }
            ms += digit * place;
            place /= 10;
            i += 1;
        }
        if i == start {
            return Err(SYNTAX);
        }
    }
    let offset_s: i64 = if i + 1 == b.len() && matches!(b[i], b'Z' | b'z') {
        0
    } else if i + 6 == b.len() && matches!(b[i], b'+' | b'-') && b[i + 3] == b':' {
        let (Some(h), Some(m)) = (digits(b, i + 1, 2), digits(b, i + 4, 2)) else { return Err(SYNTAX) };
        if h > 23 || m > 59 {
            return Err(SYNTAX);
        }
        let magnitude = (h * 3600 + m * 60) as i64;
        if b[i] == b'-' { -magnitude } else { magnitude }
    } else {
        return Err(SYNTAX);
    };
    let civil = CivilDateTime {
        year: year as i64,
        month: month as u8,
        day: day as u8,
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
        nanosecond: 0,
    };
    if month > 12 || day > 31 || hour > 23 || minute > 59 || second > 59 {
        return Err("the epoch is not a calendar date and time");
    }
    let Some(t) = Timestamp::from_civil(civil) else { return Err("the epoch is not a calendar date and time") };
    let utc_ms = (t.secs - offset_s) * 1000 + ms as i64;
    if utc_ms < 0 {
        return Err("an epoch is at or after 1970-01-01T00:00:00Z");
    }
    Ok(utc_ms as u64)
}

/// Milliseconds of a time unit written `<n>ms` or `<n>s` (`1ms`, `10ms`, `1s`), at least 1 ms
/// and at most a day; otherwise why not.
pub const fn unit_ms(text: &str) -> Result<u64, &'static str> {
    const SYNTAX: &str = "a unit is a whole number of milliseconds or seconds, like \"1ms\", \"10ms\" or \"1s\"";
    let b = text.as_bytes();
    let (digits_len, scale) = if b.len() > 2 && b[b.len() - 2] == b'm' && b[b.len() - 1] == b's' {
        (b.len() - 2, 1)
    } else if b.len() > 1 && b[b.len() - 1] == b's' {
        (b.len() - 1, 1000)
    } else {
        return Err(SYNTAX);
    };
    // Nine digits hold a day of milliseconds; more is out of range whatever they are.
    if digits_len > 9 {
        return Err("a unit is at most a day (86400s)");
    }
    let Some(n) = digits(b, 0, digits_len) else { return Err(SYNTAX) };
    let ms = n * scale;
    if ms == 0 {
        return Err("a unit is at least 1ms");
    }
    if ms > 86_400_000 {
        return Err("a unit is at most a day (86400s)");
    }
    Ok(ms)
}

/// A year written as four digits, 1970 to 9999 (`min_lifetime = "2090"`).
pub const fn year(text: &str) -> Result<u16, &'static str> {
    let b = text.as_bytes();
    match digits(b, 0, 4) {
        Some(year) if b.len() == 4 && year >= 1970 => Ok(year as u16),
        _ => Err("min_lifetime is a year from 1970 on, like \"2090\""),
    }
}

/// The first millisecond of `year`, in Unix milliseconds.
pub const fn year_start_ms(year: u16) -> i64 {
    Timestamp::from_ymd(year as i64, 1, 1).unix_millis()
}

/// Writes `unix_ms` as RFC 3339 with three fractional digits (`2050-03-14T07:12:55.551Z`) into
/// `out` at `at`, for years 0 to 9999; returns the position after it.
pub const fn write_ms(out: &mut [u8], at: usize, unix_ms: i64) -> usize {
    let c = Timestamp::from_unix_millis(unix_ms).to_civil();
    let fields = [
        (c.year as u64, 4, b'-'),
        (c.month as u64, 2, b'-'),
        (c.day as u64, 2, b'T'),
        (c.hour as u64, 2, b':'),
        (c.minute as u64, 2, b':'),
        (c.second as u64, 2, b'.'),
        ((c.nanosecond / 1_000_000) as u64, 3, b'Z'),
    ];
    let mut i = 0;
    let mut at = at;
    while i < fields.len() {
        let (mut value, width, separator) = fields[i];
        let mut j = width;
        while j > 0 {
            out[at + j - 1] = b'0' + (value % 10) as u8;
            value /= 10;
            j -= 1;
        }
        out[at + width] = separator;
        at += width + 1;
        i += 1;
    }
    at
}

/// The number in `b[start..start + len]`, all ASCII digits, or `None`.
const fn digits(b: &[u8], start: usize, len: usize) -> Option<u64> {
    if len == 0 || start + len > b.len() {
        return None;
    }
    let (mut i, mut n) = (start, 0u64);
    while i < start + len {
        if !b[i].is_ascii_digit() {
            return None;
        }
        n = n * 10 + (b[i] - b'0') as u64;
        i += 1;
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn instants_agree_with_the_runtime_parser() {
        for text in [
            "2025-01-01T00:00:00Z",
            "1970-01-01T00:00:00Z",
            "2010-11-04T01:42:54.657Z",
            "2024-02-29T23:59:59.5+01:30",
            "2014-09-01T00:00:00-07:00",
            "2030-06-15t12:00:00.120z",
        ] {
            let expected = text.parse::<Timestamp>().unwrap().unix_millis();
            assert_eq!(instant_ms(text), Ok(expected as u64), "{text}");
        }
    }

    #[test]
    fn bad_instants_say_why() {
        for text in ["2025-01-01", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-01-01T00:00:00", "x"] {
            assert!(instant_ms(text).is_err(), "{text}");
        }
        assert!(instant_ms("1969-12-31T23:59:59Z").unwrap_err().contains("1970"));
        assert!(instant_ms("2025-01-01T00:00:00.0001Z").unwrap_err().contains("whole milliseconds"));
        assert_eq!(instant_ms("2025-01-01T00:00:00.1230000Z"), Ok(1_735_689_600_123));
    }

    #[test]
    fn units() {
        assert_eq!(
            (unit_ms("1ms"), unit_ms("10ms"), unit_ms("1s"), unit_ms("86400s")),
            (Ok(1), Ok(10), Ok(1000), Ok(86_400_000))
        );
        for bad in ["", "ms", "s", "0ms", "10", "1 ms", "1m", "1.5s", "-1ms", "86401s", "9999999999ms"] {
            assert!(unit_ms(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn years_and_dates() {
        assert_eq!(year("2070"), Ok(2070));
        assert!(year("1969").is_err() && year("20700").is_err() && year("soon").is_err());
        assert_eq!(year_start_ms(2070), "2070-01-01T00:00:00Z".parse::<Timestamp>().unwrap().unix_millis());
        let mut buf = [0u8; 30];
        let end = write_ms(&mut buf, 2, 2_531_120_775_551);
        assert_eq!(core::str::from_utf8(&buf[2..end]), Ok("2050-03-17T09:06:15.551Z"));
        assert_eq!(Timestamp::from_unix_millis(2_531_120_775_551).rfc3339(3).to_string(), "2050-03-17T09:06:15.551Z");
    }
}
