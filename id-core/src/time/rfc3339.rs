//! RFC 3339 text of a [`Timestamp`]: `Display`, fixed digits ([`Rfc3339`]) and parsing.

use super::{CivilDateTime, Timestamp};
use core::fmt;

impl fmt::Display for Timestamp {
    /// RFC 3339 in UTC with as many fractional digits as the value needs (none for whole seconds).
    /// Built in a stack buffer and written once, so `to_string` allocates once.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_rfc3339(f, None)
    }
}

/// A [`Timestamp`] in RFC 3339 with a fixed number of fractional digits: see
/// [`Timestamp::rfc3339`].
#[derive(Clone, Copy, Debug)]
pub struct Rfc3339 {
    time: Timestamp,
    digits: u8,
}

impl fmt::Display for Rfc3339 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.time.write_rfc3339(f, Some(self.digits))
    }
}

impl Timestamp {
    /// RFC 3339 in UTC with exactly `digits` fractional digits (at most 9; the rest truncated),
    /// as JavaScript's `toISOString` always writes 3: times of one resolution then have one
    /// length and sort as text, `…30.320Z` beside `…30.344Z` rather than `…30.32Z`. A scheme's
    /// resolution is [`Scheme::TIME_DIGITS`](crate::Scheme::TIME_DIGITS).
    pub const fn rfc3339(self, digits: u8) -> Rfc3339 {
        Rfc3339 { time: self, digits: if digits > 9 { 9 } else { digits } }
    }

    /// `fixed`: that many fractional digits; `None`: as many as the value needs.
    fn write_rfc3339(&self, f: &mut fmt::Formatter<'_>, fixed: Option<u8>) -> fmt::Result {
        /// Writes `value`'s last `width` decimal digits at `out[..width]`.
        fn digits(out: &mut [u8], mut value: u64, width: usize) {
            for slot in out[..width].iter_mut().rev() {
                *slot = b'0' + (value % 10) as u8;
                value /= 10;
            }
        }
        let c = self.to_civil();
        // A sign and up to 19 year digits, `-MM-DDTHH:MM:SS`, `.` and 9 digits, `Z`: at most 46.
        let mut buf = [0u8; 48];
        let mut len = 0;
        if (0..=9999).contains(&c.year) {
            digits(&mut buf, c.year as u64, 4);
            len = 4;
        } else {
            buf[0] = if c.year < 0 { b'-' } else { b'+' };
            let magnitude = c.year.unsigned_abs();
            let width = magnitude.checked_ilog10().map_or(1, |d| d as usize + 1).max(4);
            digits(&mut buf[1..], magnitude, width);
            len += 1 + width;
        }
        for (separator, value) in [(b'-', c.month), (b'-', c.day), (b'T', c.hour), (b':', c.minute), (b':', c.second)] {
            buf[len] = separator;
            digits(&mut buf[len + 1..], value.into(), 2);
            len += 3;
        }
        let (mut width, mut n) = (9, c.nanosecond);
        match fixed {
            Some(fixed) => {
                while width > usize::from(fixed) {
                    n /= 10;
                    width -= 1;
                }
            }
            None if n == 0 => width = 0,
            None => {
                while n.is_multiple_of(10) {
                    n /= 10;
                    width -= 1;
                }
            }
        }
        if width > 0 {
            buf[len] = b'.';
            digits(&mut buf[len + 1..], n.into(), width);
            len += 1 + width;
        }
        buf[len] = b'Z';
        len += 1;
        // Every byte written above is an ASCII digit, sign or separator.
        f.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }
}

impl core::str::FromStr for Timestamp {
    type Err = TimestampParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

/// Why a text is not an RFC 3339 timestamp.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimestampParseError {
    position: usize,
    expected: &'static str,
}

impl fmt::Display for TimestampParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid RFC 3339 timestamp: expected {} at position {} (like 2024-03-21T04:19:11.304Z)",
            self.expected, self.position
        )
    }
}

impl core::error::Error for TimestampParseError {}

struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn fail(&self, expected: &'static str) -> TimestampParseError {
        TimestampParseError { position: self.pos, expected }
    }

    fn digits(&mut self, n: usize, what: &'static str) -> Result<u32, TimestampParseError> {
        let mut v = 0u32;
        for _ in 0..n {
            match self.bytes.get(self.pos) {
                Some(b @ b'0'..=b'9') => v = v * 10 + u32::from(b - b'0'),
                _ => return Err(self.fail(what)),
            }
            self.pos += 1;
        }
        Ok(v)
    }

    fn expect(&mut self, options: &[u8], what: &'static str) -> Result<u8, TimestampParseError> {
        match self.bytes.get(self.pos) {
            Some(b) if options.contains(b) => {
                self.pos += 1;
                Ok(*b)
            }
            _ => Err(self.fail(what)),
        }
    }
}

pub(super) fn parse(s: &str) -> Result<Timestamp, TimestampParseError> {
    let mut c = Cursor { bytes: s.as_bytes(), pos: 0 };
    let year = c.digits(4, "a four-digit year")?;
    c.expect(b"-", "'-'")?;
    let month = c.digits(2, "a two-digit month")?;
    c.expect(b"-", "'-'")?;
    let day = c.digits(2, "a two-digit day")?;
    c.expect(b"Tt ", "'T'")?;
    let hour = c.digits(2, "a two-digit hour")?;
    c.expect(b":", "':'")?;
    let minute = c.digits(2, "two-digit minutes")?;
    c.expect(b":", "':'")?;
    let second = c.digits(2, "two-digit seconds")?;
    let mut nanos = 0u32;
    if c.bytes.get(c.pos) == Some(&b'.') {
        c.pos += 1;
        let start = c.pos;
        while let Some(b @ b'0'..=b'9') = c.bytes.get(c.pos) {
            if c.pos - start == 9 {
                return Err(c.fail("at most nine fractional digits"));
            }
            nanos = nanos * 10 + u32::from(b - b'0');
            c.pos += 1;
        }
        if c.pos == start {
            return Err(c.fail("a fractional digit"));
        }
        nanos *= 10u32.pow(9 - (c.pos - start) as u32);
    }
    let offset_secs: i64 = match c.expect(b"Zz+-", "'Z' or a UTC offset")? {
        b'Z' | b'z' => 0,
        sign => {
            let h = c.digits(2, "offset hours")?;
            c.expect(b":", "':'")?;
            let m = c.digits(2, "offset minutes")?;
            if h > 23 || m > 59 {
                return Err(TimestampParseError { position: c.pos - 5, expected: "a valid UTC offset" });
            }
            let v = i64::from(h * 3600 + m * 60);
            if sign == b'-' { -v } else { v }
        }
    };
    if c.pos != c.bytes.len() {
        return Err(c.fail("the end of the text"));
    }
    let civil = CivilDateTime {
        year: i64::from(year),
        month: month as u8,
        day: day as u8,
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
        nanosecond: nanos,
    };
    let local = Timestamp::from_civil(civil)
        .ok_or(TimestampParseError { position: 0, expected: "a valid calendar date and time" })?;
    Ok(Timestamp::new(local.secs - offset_secs, local.nanos))
}
