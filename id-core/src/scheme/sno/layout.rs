//! sno's layout: the 10 bytes, their fields and the range of instants they hold.

use crate::codec::sno32;
use crate::error::{GenerateError, ParseError};
use crate::scheme::{Scheme, canonical_text};
use crate::time::Timestamp;
use core::time::Duration;
use uuid::Uuid;

pub(super) const EPOCH_SECS: i64 = 1_262_304_000;
pub(super) const TIME_UNIT_NS: u64 = 4_000_000;
pub(super) const MAX_UNITS: u64 = (1 << 39) - 1;
pub(super) const UNIT: Duration = Duration::from_nanos(TIME_UNIT_NS);

/// A sno ID.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Sno(pub(super) [u8; 10]);

impl Sno {
    /// sno's epoch, 2010-01-01T00:00:00Z, in Unix seconds.
    pub const EPOCH_SECS: i64 = EPOCH_SECS;
    /// One time unit in nanoseconds (4 ms).
    pub const TIME_UNIT_NS: u64 = TIME_UNIT_NS;
    /// The largest unit count: 2079-09-07T15:47:35.548Z.
    pub const MAX_UNITS: u64 = MAX_UNITS;

    /// The zero ID (`2222222222222222`, JSON `null`).
    pub const ZERO: Sno = Sno([0; 10]);

    /// The ID as a UUID column holds it, as sno's README suggests: the 16 ASCII bytes of its
    /// canonical text (the text is exactly a UUID's 16 bytes long, and its alphabet is in ASCII
    /// order, so UUIDs compare as the IDs do, in PostgreSQL's and SQL Server's `uniqueidentifier`
    /// byte order alike).
    pub fn to_uuid(&self) -> Uuid {
        Uuid::from_bytes(sno32::encode(&self.0).as_bytes().try_into().expect("16 characters"))
    }

    /// Reads [`Sno::to_uuid`]'s form: a UUID whose bytes are not a canonical sno text is a
    /// typed error.
    pub fn from_uuid(uuid: Uuid) -> Result<Sno, ParseError> {
        let text = core::str::from_utf8(uuid.as_bytes())
            .map_err(|_| ParseError::Invalid { scheme: Self::NAME, reason: crate::error::InvalidReason::BYTES_NOT_TEXT })?;
        sno32::decode(text).map(Sno)
    }

    /// Assembles an ID; `units` keeps its low 39 bits, as sno does.
    pub const fn from_parts(units: u64, tick: bool, meta: u8, partition: u16, sequence: u16) -> Sno {
        // The ten bytes as the low 80 bits of one word (time and tick, meta, partition,
        // sequence): the compiler writes it in one store, from which a caller reading the ID
        // back in pieces of any size is forwarded, where byte-sized stores would stall it.
        let head = ((units & MAX_UNITS) << 1 | tick as u64) << 24 | (meta as u64) << 16 | partition as u64;
        let word = (head as u128) << 16 | sequence as u128;
        let [_, _, _, _, _, _, b @ ..] = word.to_be_bytes();
        Sno(b)
    }

    /// The 4 ms units since 2010 of an instant: computed in wrapping `u64`, low 39 bits kept
    /// (so times before 2010 or after 2079 wrap exactly as in sno).
    pub const fn units_of(t: Timestamp) -> u64 {
        let ns = t.unix_nanos() - EPOCH_SECS as i128 * 1_000_000_000;
        ((ns as u64) / TIME_UNIT_NS) & MAX_UNITS
    }

    /// Wraps 10 bytes.
    pub const fn from_array(bytes: [u8; 10]) -> Sno {
        Sno(bytes)
    }

    /// The 10 bytes.
    pub const fn to_array(&self) -> [u8; 10] {
        self.0
    }

    /// 4 ms units since 2010-01-01.
    pub const fn units(&self) -> u64 {
        u64::from_be_bytes([0, 0, 0, self.0[0], self.0[1], self.0[2], self.0[3], self.0[4]]) >> 1
    }

    /// The tick-tock bit.
    pub const fn tick(&self) -> bool {
        self.0[4] & 1 == 1
    }

    /// The metabyte.
    pub const fn meta(&self) -> u8 {
        self.0[5]
    }

    /// The partition.
    pub const fn partition(&self) -> u16 {
        u16::from_be_bytes([self.0[6], self.0[7]])
    }

    /// The sequence.
    pub const fn sequence(&self) -> u16 {
        u16::from_be_bytes([self.0[8], self.0[9]])
    }

    /// Whether all 10 bytes are zero.
    pub const fn is_zero(&self) -> bool {
        u128::from_be_bytes([
            0, 0, 0, 0, 0, 0, self.0[0], self.0[1], self.0[2], self.0[3], self.0[4], self.0[5], self.0[6], self.0[7],
            self.0[8], self.0[9],
        ]) == 0
    }

    /// sno's `Timestamp()`: nanoseconds since the Unix epoch (the tick bit is ignored).
    pub const fn unix_nanos(&self) -> i64 {
        self.units() as i64 * TIME_UNIT_NS as i64 + EPOCH_SECS * 1_000_000_000
    }

    crate::scheme::fresh_constructors!("A new ID with metabyte `meta`", "If the system clock is outside 2010 to 2079", (meta: u8) => meta);
}


canonical_text!(Sno);
pub(super) const EPOCH: Timestamp = Timestamp::new(EPOCH_SECS, 0);
pub(super) const EPOCH_NANOS: i128 = EPOCH_SECS as i128 * 1_000_000_000;
/// The layout's span: every unit, the last one included.
pub(super) const SPAN_NANOS: u128 = (MAX_UNITS as u128 + 1) * TIME_UNIT_NS as u128;
/// The last instant of the last unit.
pub(super) const LATEST: Timestamp = Timestamp::new(
    EPOCH_SECS + ((MAX_UNITS + 1) * TIME_UNIT_NS / 1_000_000_000) as i64,
    ((MAX_UNITS + 1) * TIME_UNIT_NS % 1_000_000_000) as u32,
)
.checked_sub(Duration::from_nanos(1))
.expect("after 2010");

/// The unit of `t`, or an error outside the layout's range (before 2010 or after
/// [`MAX_UNITS`]). One unsigned compare: an instant before the epoch is a negative offset,
/// which is huge as `u128`.
#[inline]
pub(super) fn checked_units(t: Timestamp) -> Result<u64, GenerateError> {
    let offset = t.unix_nanos() - EPOCH_NANOS;
    if offset as u128 >= SPAN_NANOS {
        return Err(out_of_range(t));
    }
    Ok((offset as u64) / TIME_UNIT_NS)
}

/// When unit `units` starts.
pub(super) fn unit_start(units: u64) -> Timestamp {
    Timestamp::new(EPOCH_SECS + (units / 250) as i64, ((units % 250) * TIME_UNIT_NS) as u32)
}

#[cold]
#[inline(never)]
pub(super) fn out_of_range(time: Timestamp) -> GenerateError {
    GenerateError::TimeOutOfRange { scheme: Sno::NAME, time, earliest: EPOCH, latest: LATEST }
}
