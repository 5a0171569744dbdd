//! The ULID's 128 bits, its two fields, and the instants 48 bits of milliseconds hold.

use crate::scheme::canonical_text;
use crate::scheme::unix_ms48::MAX_MS;
use uuid::Uuid;

/// The random part's width.
pub(super) const RANDOM_BITS: u32 = 80;
pub(super) const MAX_RANDOM: u128 = (1 << RANDOM_BITS) - 1;

/// A ULID.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Ulid(pub(super) u128);

impl Ulid {
    /// The ULID of millisecond `unix_ms` with random part `random`; fields wider than their
    /// bits (48 and 80) are cut to them.
    pub const fn from_parts(unix_ms: u64, random: u128) -> Ulid {
        Ulid(((unix_ms & MAX_MS) as u128) << RANDOM_BITS | (random & MAX_RANDOM))
    }

    /// The ULID with these 128 bits.
    pub const fn from_u128(value: u128) -> Ulid {
        Ulid(value)
    }

    /// The 128 bits.
    pub const fn to_u128(&self) -> u128 {
        self.0
    }

    /// The ULID with the UUID's 16 bytes (any UUID: the ULID layout has no version bits).
    pub const fn from_uuid(uuid: Uuid) -> Ulid {
        Ulid(uuid.as_u128())
    }

    /// The 16 bytes as a UUID (for a `uuid` column; not an RFC 9562 UUID of any version).
    pub const fn uuid(&self) -> Uuid {
        Uuid::from_u128(self.0)
    }

    /// The embedded Unix milliseconds.
    pub const fn unix_ms(&self) -> u64 {
        (self.0 >> RANDOM_BITS) as u64
    }

    /// The 80-bit random part.
    pub const fn random(&self) -> u128 {
        self.0 & MAX_RANDOM
    }

    crate::scheme::fresh_constructors!("A new ULID", "If the system clock is before 1970 or after 10889", () => ());
}


canonical_text!(Ulid);

impl From<Ulid> for Uuid {
    #[inline]
    fn from(id: Ulid) -> Uuid {
        id.uuid()
    }
}

impl From<Uuid> for Ulid {
    #[inline]
    fn from(uuid: Uuid) -> Ulid {
        Ulid::from_uuid(uuid)
    }
}
