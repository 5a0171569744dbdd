//! [`IdBytes`]: an ID value's raw bytes, without allocating.

use crate::codec::IdText;
use core::fmt;

/// The raw bytes of an ID value (at most [`IdBytes::CAPACITY`]), as stored in binary columns
/// and binary serde.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IdBytes {
    buf: [u8; IdBytes::CAPACITY],
    len: u8,
}

impl IdBytes {
    /// The bytes as lowercase hex.
    pub fn to_hex(&self) -> IdText {
        crate::codec::hex::encode_slice(self, false)
    }

    /// The most bytes an ID value has: room for 20-byte KSUIDs, 24-character CUID2 text and
    /// other fixed-size text IDs.
    pub const CAPACITY: usize = 32;

    /// Copies up to [`IdBytes::CAPACITY`] bytes, or `None` for more.
    pub fn try_new(bytes: &[u8]) -> Option<IdBytes> {
        (bytes.len() <= Self::CAPACITY).then(|| IdBytes::new(bytes))
    }

    /// Copies up to [`IdBytes::CAPACITY`] bytes; panics on more (use [`IdBytes::try_new`] for
    /// input). Inlined, so that a scheme's fixed length makes the copy a few fixed moves, not a
    /// call to `memcpy` (whose piecewise stores the next load of the bytes would wait for).
    #[inline]
    pub(crate) fn new(bytes: &[u8]) -> IdBytes {
        let mut buf = [0u8; Self::CAPACITY];
        buf[..bytes.len()].copy_from_slice(bytes);
        IdBytes { buf, len: bytes.len() as u8 }
    }
}

impl<const N: usize> From<[u8; N]> for IdBytes {
    /// The bytes of an array of at most [`IdBytes::CAPACITY`] (checked at compile time).
    fn from(bytes: [u8; N]) -> IdBytes {
        const { assert!(N <= IdBytes::CAPACITY, "IdBytes holds at most 32 bytes") };
        IdBytes::new(&bytes)
    }
}

impl core::ops::Deref for IdBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.buf[..self.len as usize]
    }
}

impl fmt::Debug for IdBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}
