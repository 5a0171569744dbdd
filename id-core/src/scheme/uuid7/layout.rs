//! UUIDv7's layout: the 16 bytes, the fields, and the instants 48 bits of milliseconds hold.

use crate::scheme::canonical_text;
use crate::scheme::unix_ms48::MAX_MS;
use uuid::Uuid;

/// The counter's width (12 bits of `rand_a`, 30 of `rand_b`).
pub(super) const COUNTER_BITS: u32 = 42;
pub(super) const MAX_COUNTER: u64 = (1 << COUNTER_BITS) - 1;

/// A UUIDv7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then the version, 74 bits of counter
/// and randomness, and the variant. Byte order = text order = time order, so a PostgreSQL `uuid`
/// column and the `uuid` crate read and sort these exactly as idcraft does.
///
/// | bits | content |
/// |---|---|
/// | 0..48 | `unix_ts_ms`, big-endian |
/// | 48..52 | version `0111` |
/// | 52..64 | `rand_a`: the counter's top 12 bits |
/// | 64..66 | variant `10` |
/// | 66..96 | `rand_b`'s first 30 bits: the counter's low 30 bits |
/// | 96..128 | 32 random bits, fresh for every ID |
///
/// Monotonicity is RFC 9562 §6.2 **method 1** (a fixed-length dedicated counter), 42 bits: the
/// first ID of a millisecond starts the counter at a random value below 2^41 (so at least 2^41
/// more fit), each further ID of the millisecond adds one. A used-up counter, or a clock that
/// went back, continues in the last millisecond used plus one, as §6.2 allows: IDs of one
/// generator are strictly increasing and never repeat.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uuid7(pub(super) [u8; 16]);

impl Uuid7 {
    /// The ID of millisecond `unix_ms` with counter `counter` (42 bits) and 32 random bits
    /// `random`; fields wider than their bits are cut to them.
    pub const fn from_parts(unix_ms: u64, counter: u64, random: u32) -> Uuid7 {
        let ms = (unix_ms & MAX_MS).to_be_bytes();
        let counter = counter & MAX_COUNTER;
        let rand_a = (counter >> 30) as u16;
        let low30 = (counter & ((1 << 30) - 1)) as u32;
        let r = random.to_be_bytes();
        Uuid7([
            ms[2],
            ms[3],
            ms[4],
            ms[5],
            ms[6],
            ms[7],
            0x70 | (rand_a >> 8) as u8,
            rand_a as u8,
            0x80 | (low30 >> 24) as u8,
            (low30 >> 16) as u8,
            (low30 >> 8) as u8,
            low30 as u8,
            r[0],
            r[1],
            r[2],
            r[3],
        ])
    }

    /// The UUID, if it is a version 7, RFC 9562 variant UUID.
    pub const fn from_uuid(uuid: Uuid) -> Option<Uuid7> {
        let b = *uuid.as_bytes();
        if b[6] >> 4 == 7 && b[8] >> 6 == 0b10 { Some(Uuid7(b)) } else { None }
    }

    /// The UUID.
    pub const fn uuid(&self) -> Uuid {
        Uuid::from_bytes(self.0)
    }

    /// The embedded Unix milliseconds (`unix_ts_ms`).
    pub const fn unix_ms(&self) -> u64 {
        let b = &self.0;
        u64::from_be_bytes([0, 0, b[0], b[1], b[2], b[3], b[4], b[5]])
    }

    /// `rand_a`: the 12 bits after the version.
    pub const fn rand_a(&self) -> u16 {
        ((self.0[6] as u16 & 0x0F) << 8) | self.0[7] as u16
    }

    /// `rand_b`: the 62 bits after the variant.
    pub const fn rand_b(&self) -> u64 {
        let b = &self.0;
        u64::from_be_bytes([b[8] & 0x3F, b[9], b[10], b[11], b[12], b[13], b[14], b[15]])
    }

    /// The 42-bit counter (method 1 of RFC 9562 §6.2): `rand_a` and `rand_b`'s first 30 bits.
    pub const fn counter(&self) -> u64 {
        (self.rand_a() as u64) << 30 | self.rand_b() >> 32
    }

    /// The 16 bytes.
    pub const fn to_bytes_array(&self) -> [u8; 16] {
        self.0
    }

    crate::scheme::fresh_constructors!("A new UUIDv7", "If the system clock is before 1970 or after 10889", () => ());
}


canonical_text!(Uuid7);

impl From<Uuid7> for Uuid {
    #[inline]
    fn from(id: Uuid7) -> Uuid {
        id.uuid()
    }
}
