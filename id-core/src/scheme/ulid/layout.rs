//! The ULID's 128 bits, its two fields, and the instants 48 bits of milliseconds hold.

use crate::scheme::canonical_text;
use crate::scheme::unix_ms48::MAX_MS;
use uuid::Uuid;

/// The random part's width.
pub(super) const RANDOM_BITS: u32 = 80;
pub(super) const MAX_RANDOM: u128 = (1 << RANDOM_BITS) - 1;

/// A ULID (the ULID spec, github.com/ulid/spec): 48 bits of Unix milliseconds and 80 random
/// bits, 128 bits in all, written as 26 characters of Crockford's base32. Numeric order = byte
/// order = text order = time order, so a PostgreSQL `uuid` column, a `bytea`, a 16-byte SQLite
/// BLOB and the text all sort ULIDs as idcraft does.
///
/// | bits | content |
/// |---|---|
/// | 0..48 | Unix milliseconds, big-endian |
/// | 48..128 | the random part |
///
/// Monotonic as the spec's "monotonicity" section describes: the first ID of a millisecond
/// draws 80 fresh random bits, each further ID of the same millisecond (or of an earlier one,
/// after the clock went back) is the previous random part plus one in the last millisecond
/// used. A random part that would pass 2^80 − 1 is an error
/// ([`GenerateError::RandomOverflow`](crate::GenerateError::RandomOverflow)) until the clock
/// reaches a new millisecond, never a wrap: with a random start that needs about 2^79 IDs in
/// one millisecond on average.
///
/// Stored in a `u128`, or a `Uuid` where the user prefers a uuid column (a derived type over
/// either field type converts both ways, without checks: every 128-bit value is a ULID).
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
