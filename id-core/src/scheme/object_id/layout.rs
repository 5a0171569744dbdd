//! ObjectId's layout: 12 bytes, the Unix seconds, the process's random bytes and the counter.

use crate::scheme::canonical_text;
use crate::time::Timestamp;

/// The largest counter: 24 bits.
pub(super) const COUNTER_MASK: u32 = 0xFF_FFFF;

/// The last instant the 32 bits of seconds hold: 2106-02-07T06:28:15.999999999Z.
pub(super) const LATEST: Timestamp = Timestamp::new(u32::MAX as i64, 999_999_999);

/// A MongoDB ObjectId: 12 bytes (4 bytes of Unix seconds, 5 per-process random bytes, a 3-byte
/// counter), written as 24 lowercase hex digits. Big-endian throughout, so text order = byte
/// order = time order to the second.
///
/// | bytes | content |
/// |---|---|
/// | 0..4 | Unix seconds, big-endian (1970 to 2106) |
/// | 4..9 | five random bytes drawn once per process |
/// | 9..12 | a counter, big-endian, starting at a random value and wrapping at 2^24 |
///
/// As in MongoDB's drivers, the counter is per process, not per second: IDs of one process in
/// one second are ordered by the counter unless it wraps, and a process that makes more than
/// 2^24 IDs in one second repeats its own. A `fork()` child draws its own random bytes and
/// counter start, so it never continues its parent's sequence.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ObjectId(pub(super) [u8; 12]);

impl ObjectId {
    /// The ObjectId of `seconds`, the process's `random` bytes and `counter` (its low 24 bits;
    /// the rest is dropped, as the counter wraps there).
    pub const fn from_parts(seconds: u32, random: [u8; 5], counter: u32) -> ObjectId {
        let [s0, s1, s2, s3] = seconds.to_be_bytes();
        let [r0, r1, r2, r3, r4] = random;
        let [_, c0, c1, c2] = counter.to_be_bytes();
        ObjectId([s0, s1, s2, s3, r0, r1, r2, r3, r4, c0, c1, c2])
    }

    /// The five random bytes of the process that made the ID.
    pub const fn random(&self) -> [u8; 5] {
        [self.0[4], self.0[5], self.0[6], self.0[7], self.0[8]]
    }

    crate::scheme::declare::seconds_counter_layout!("ObjectId");

    crate::scheme::fresh_constructors!("A new ObjectId", "If the system clock is before 1970 or after 2106", () => ());
}

canonical_text!(ObjectId);

