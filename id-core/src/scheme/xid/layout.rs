//! xid's layout: 12 bytes, the Unix seconds, the machine ID, the process ID and the counter.

use crate::scheme::canonical_text;
use crate::time::Timestamp;

/// The largest counter: 24 bits.
pub(super) const COUNTER_MASK: u32 = 0xFF_FFFF;

/// The last instant the 32 bits of seconds hold: 2106-02-07T06:28:15.999999999Z.
pub(super) const LATEST: Timestamp = Timestamp::new(u32::MAX as i64, 999_999_999);

/// An xid (github.com/rs/xid): 12 bytes (4 bytes of Unix seconds, a 3-byte machine ID, a 2-byte
/// process ID, a 3-byte counter), written as 20 characters of lowercase base32hex (`0-9a-v`,
/// RFC 4648's extended-hex alphabet, no padding). Big-endian throughout and the text takes the
/// bits most significant first, so text order = byte order = time order to the second.
///
/// | bytes | content |
/// |---|---|
/// | 0..4 | Unix seconds, big-endian (1970 to 2106) |
/// | 4..7 | machine ID: the first 3 bytes of the MD5 of the host's ID |
/// | 7..9 | process ID, big-endian (its low 16 bits) |
/// | 9..12 | a counter, big-endian, starting at a random value and wrapping at 2^24 |
///
/// As in the original, the counter is per process, not per second: a process that makes more
/// than 2^24 IDs in one second repeats its own. A `fork()` child reads its own process ID and
/// draws its own counter start.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Xid(pub(super) [u8; 12]);

impl Xid {
    /// The xid of `seconds`, `machine`, `pid` and `counter` (its low 24 bits; the rest is
    /// dropped, as the counter wraps there).
    pub const fn from_parts(seconds: u32, machine: [u8; 3], pid: u16, counter: u32) -> Xid {
        let [s0, s1, s2, s3] = seconds.to_be_bytes();
        let [m0, m1, m2] = machine;
        let [p0, p1] = pid.to_be_bytes();
        let [_, c0, c1, c2] = counter.to_be_bytes();
        Xid([s0, s1, s2, s3, m0, m1, m2, p0, p1, c0, c1, c2])
    }

    /// The 3-byte machine ID.
    pub const fn machine(&self) -> [u8; 3] {
        [self.0[4], self.0[5], self.0[6]]
    }

    /// The 16-bit process ID.
    pub const fn pid(&self) -> u16 {
        u16::from_be_bytes([self.0[7], self.0[8]])
    }

    crate::scheme::declare::seconds_counter_layout!("xid");

    crate::scheme::fresh_constructors!("A new xid", "If the system clock is before 1970 or after 2106", () => ());
}

canonical_text!(Xid);

