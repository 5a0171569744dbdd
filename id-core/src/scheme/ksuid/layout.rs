//! KSUID's layout: 20 bytes, the seconds since its epoch and the payload.

use crate::scheme::canonical_text;
use crate::time::Timestamp;

pub(super) const EPOCH: i64 = 1_400_000_000;

/// The last instant the 32 bits of seconds hold: 2150-06-19T23:21:35.999999999Z.
pub(super) const LATEST: Timestamp = Timestamp::new(EPOCH + u32::MAX as i64, 999_999_999);

/// A KSUID (Segment's K-Sortable Unique IDentifier): 20 bytes, a 32-bit big-endian count of
/// seconds since 2014-05-13T16:53:20Z (Unix 1400000000, [`EPOCH`](Self::EPOCH)), then 128 random
/// bits. Its text is the 160-bit number in 27 base62 digits (`0-9A-Za-z`), zero-padded, so text
/// order = byte order = time order to the second.
///
/// | bytes | content |
/// |---|---|
/// | 0..4 | seconds since the KSUID epoch, big-endian |
/// | 4..20 | payload: 16 random bytes |
///
/// As in the original, IDs of one second are ordered by their random payload, not by when
/// they were made, and the generator keeps no state: every ID draws 128 fresh bits from a
/// CSPRNG, so two IDs of one second collide with probability 2^-128.
///
/// `ksuid_ms` ([`KsuidMs`](super::KsuidMs), svix-ksuid's layout) is a KSUID whose first payload
/// byte holds the millisecond within the second in 4 ms steps: same epoch, text and column,
/// ordered to 4 ms.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Ksuid(pub(super) [u8; 20]);

/// `src` into `bytes` from `at` (a `const fn` cannot call `copy_from_slice`).
pub(super) const fn copy(bytes: &mut [u8; 20], at: usize, src: &[u8]) {
    let mut i = 0;
    while i < src.len() {
        bytes[at + i] = src[i];
        i += 1;
    }
}

/// `out.len()` bytes of `bytes` from `at` into `out`.
pub(super) const fn copy_out(out: &mut [u8], bytes: &[u8; 20], at: usize) {
    let mut i = 0;
    while i < out.len() {
        out[i] = bytes[at + i];
        i += 1;
    }
}

/// Inside the inherent impl of KSUID and KSUID-ms, which share their 20 bytes' first four:
/// the byte-array conversions and the seconds.
macro_rules! twenty_bytes {
    ($what:literal) => {
        #[doc = concat!("The ", $what, " of these 20 bytes (every 20 bytes are one).")]
        pub const fn from_bytes_array(bytes: [u8; 20]) -> Self {
            Self(bytes)
        }

        /// The 20 bytes.
        pub const fn to_bytes_array(&self) -> [u8; 20] {
            self.0
        }

        /// The seconds since [`Ksuid::EPOCH`](super::Ksuid::EPOCH) (KSUID's "timestamp").
        pub const fn seconds(&self) -> u32 {
            u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
        }

        /// The embedded Unix seconds.
        pub const fn unix_seconds(&self) -> i64 {
            super::layout::EPOCH + self.seconds() as i64
        }
    };
}
pub(super) use twenty_bytes;

impl Ksuid {
    /// The KSUID epoch in Unix seconds: 2014-05-13T16:53:20Z (KSUID-ms's too).
    pub const EPOCH: i64 = EPOCH;

    /// The KSUID of `seconds` since the epoch and `payload`.
    pub const fn from_parts(seconds: u32, payload: [u8; 16]) -> Ksuid {
        let mut bytes = [0u8; 20];
        copy(&mut bytes, 0, &seconds.to_be_bytes());
        copy(&mut bytes, 4, &payload);
        Ksuid(bytes)
    }

    twenty_bytes!("KSUID");

    /// The 16 bytes after the time.
    pub const fn payload(&self) -> [u8; 16] {
        let mut payload = [0u8; 16];
        copy_out(&mut payload, &self.0, 4);
        payload
    }

    /// The seconds since the epoch of `t` (its second, truncated), or `None` outside the
    /// layout's range.
    pub(super) fn seconds_of(t: Timestamp) -> Option<u32> {
        u32::try_from(t.unix_seconds().checked_sub(EPOCH)?).ok()
    }

    crate::scheme::fresh_constructors!("A new KSUID", "If the system clock is before 2014-05-13 or after 2150", () => ());
}

canonical_text!(Ksuid);

