//! What a token encrypts for each scheme, read off its shape; documented on [`PublicBlock`].

use idcraft_core::Scheme;
use idcraft_core::codec::decimal;
use idcraft_core::scheme::IdBytes;
use idcraft_core::scheme::shape::{Kind, Shape};
use subtle::ConstantTimeEq;

/// Where a scheme's values go in a token: chosen here, from the shape, so that a scheme says
/// only what its values are and this crate alone decides how they are encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Placement {
    /// Architect's `u64` block: 8 zero bytes, then the value little-endian (64-bit numbers).
    U64,
    /// Architect's decimal block: flags 0, the high 32 bits and the low 64 bits little-endian.
    Decimal,
    /// The value's bytes after as many zero bytes as make 16 (GUIDs, 128-bit numbers and byte
    /// strings of at most 16 bytes).
    Padded,
    /// More than 16 bytes: the bytes themselves, sealed with AES-SIV. Authenticated tokens only.
    Long,
}

impl Placement {
    /// The placement of values of shape `kind`.
    pub const fn of(kind: Kind) -> Placement {
        match kind {
            Kind::U63 | Kind::U64 => Placement::U64,
            Kind::Decimal => Placement::Decimal,
            // GUIDs, 128-bit numbers, byte strings, and any shape added later, by length.
            _ if kind.byte_len() <= 16 => Placement::Padded,
            _ => Placement::Long,
        }
    }
}

/// `u64` block.
#[inline]
pub fn from_u64(v: u64) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[8..].copy_from_slice(&v.to_le_bytes());
    b
}

/// Whether the first `n` (1 to 16) bytes are zero, in constant time: one word (two for more
/// than 8 bytes) compared through `subtle`, so neither the position nor the number of nonzero
/// bytes shows.
#[inline]
fn zero_prefix(b: &[u8; 16], n: usize) -> bool {
    debug_assert!((1..=16).contains(&n));
    if n <= 8 {
        let prefix = u64::from_be_bytes(b[..8].try_into().expect("8 bytes")) >> (64 - 8 * n);
        bool::from(prefix.ct_eq(&0))
    } else {
        let prefix = u128::from_be_bytes(*b) >> (128 - 8 * n);
        bool::from(prefix.ct_eq(&0))
    }
}

/// Reads a `u64` block.
#[inline]
pub fn to_u64(b: &[u8; 16]) -> Option<u64> {
    zero_prefix(b, 8).then(|| u64::from_le_bytes(b[8..].try_into().expect("8 bytes")))
}

/// Decimal block of a value at most 10^28 − 1.
pub fn from_decimal_value(v: u128) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[4..8].copy_from_slice(&((v >> 64) as u32).to_le_bytes());
    b[8..].copy_from_slice(&(v as u64).to_le_bytes());
    b
}

/// Reads a decimal block: flags must be 0 and the value at most 10^28 − 1.
pub fn to_decimal_value(b: &[u8; 16]) -> Option<u128> {
    let high = u32::from_le_bytes(b[4..8].try_into().expect("4 bytes"));
    let low = u64::from_le_bytes(b[8..].try_into().expect("8 bytes"));
    let v = u128::from(high) << 64 | u128::from(low);
    (zero_prefix(b, 4) & (v <= decimal::MAX)).then_some(v)
}

/// What a token encrypts: one block, or the bytes of a value longer than a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plaintext {
    /// The value's block ([`Placement::U64`], [`Placement::Decimal`], [`Placement::Padded`]).
    Block([u8; 16]),
    /// The value's bytes ([`Placement::Long`]).
    Long(IdBytes),
}

/// The plaintext of a scheme's tokens, implemented for every scheme from its shape: the bound
/// of every generic token API. (Named for the one block that every scheme filled before values
/// longer than a block existed.)
///
/// What a token encrypts for each scheme is read off the scheme's shape ([`Scheme::Shape`]).
///
/// Values of up to 16 bytes fill one AES block, in Architect.Identities' public identities'
/// layouts where it has one:
///
/// | value | block | rejected on decode (forgery chance of a random token) |
/// |---|---|---|
/// | `u64` | 8 zero bytes, then the value little-endian | nonzero padding (2^-64) |
/// | `i64` | as `u64`, value ≥ 0 | also > `i64::MAX` (2^-65) |
/// | decimal | flags `u32` (0), high 32 bits LE, low 64 bits LE | flags ≠ 0 or > 10^28 − 1 (≈ 2^-35) |
/// | `u128` | 16 bytes big-endian | nothing: every block is a value |
/// | `Uuid` | the 16 string-order bytes | nothing |
///
/// Shapes map onto them as follows: 64-bit numbers (uid64, the snowflakes) take the `u64`
/// block, decimals (DistributedId) the decimal block, GUIDs and 128-bit numbers (COMB, HotGuid,
/// UUIDv7, ULID, DistributedId128) their 16 bytes, and shorter byte strings, which Architect
/// has no layout for, their bytes after as many zero bytes as make 16 (sno's 10 after 6, uid96's
/// 12 after 4: forgery chances 2^-48 and 2^-32 for unauthenticated tokens).
///
/// Values longer than a block (up to 32 bytes) are not put in blocks at all: their bytes are
/// sealed whole with AES-SIV (see the [token module](crate::token)).
pub trait PublicBlock: Scheme {
    /// Where this scheme's values go.
    #[doc(hidden)]
    const PLACEMENT: Placement = Placement::of(<Self::Shape as Shape>::KIND);
    /// The plaintext of this value.
    #[doc(hidden)]
    fn to_plaintext(&self) -> Plaintext;
    /// The value of a decrypted plaintext (a 16-byte block, or a long value's bytes), if it is
    /// one.
    #[doc(hidden)]
    fn from_plaintext(plaintext: &[u8]) -> Option<Self>;
}

impl<S: Scheme> PublicBlock for S {
    #[inline]
    fn to_plaintext(&self) -> Plaintext {
        let bytes = self.to_bytes();
        match S::PLACEMENT {
            Placement::U64 => {
                Plaintext::Block(from_u64(u64::from_be_bytes(bytes[..].try_into().expect("an 8-byte scheme"))))
            }
            Placement::Decimal => {
                Plaintext::Block(from_decimal_value(u128::from_be_bytes(bytes[..].try_into().expect("16 bytes"))))
            }
            // The scheme's length, a constant, rather than the bytes' own: fixed moves.
            Placement::Padded => {
                let mut block = [0u8; 16];
                block[16 - S::BYTE_LEN..].copy_from_slice(&bytes[..S::BYTE_LEN]);
                Plaintext::Block(block)
            }
            Placement::Long => Plaintext::Long(bytes),
        }
    }

    #[inline]
    fn from_plaintext(plaintext: &[u8]) -> Option<Self> {
        if S::PLACEMENT == Placement::Long {
            return (plaintext.len() == S::BYTE_LEN).then(|| S::from_bytes(plaintext).ok()).flatten();
        }
        let block: &[u8; 16] = plaintext.try_into().ok()?;
        match S::PLACEMENT {
            Placement::U64 => to_u64(block).and_then(|v| S::from_bytes(&v.to_be_bytes()).ok()),
            Placement::Decimal => to_decimal_value(block).and_then(|v| S::from_bytes(&v.to_be_bytes()).ok()),
            _ => {
                let padding = 16 - S::BYTE_LEN;
                (padding == 0 || zero_prefix(block, padding)).then(|| S::from_bytes(&block[padding..]).ok()).flatten()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use idcraft_core::scheme::{Sno, Uid96};

    /// Every prefix byte is checked, and nothing after the prefix is.
    #[test]
    fn each_prefix_byte_is_checked() {
        for position in 0..16 {
            let mut block = [0u8; 16];
            block[position] = 0x01;
            assert_eq!(to_u64(&block).is_some(), position >= 8, "u64, byte {position}");
            assert_eq!(Sno::from_plaintext(&block).is_some(), position >= 6, "sno, byte {position}");
            assert_eq!(Uid96::from_plaintext(&block).is_some(), position >= 4, "uid96, byte {position}");
            assert_eq!(to_decimal_value(&block).is_some(), position >= 4, "decimal, byte {position}");
        }
        assert_eq!(to_u64(&from_u64(u64::MAX)), Some(u64::MAX));
    }

    /// Each shape's placement, and byte strings by length: one block up to 16 bytes.
    #[test]
    fn placements_follow_the_shape() {
        assert_eq!(Placement::of(Kind::U63), Placement::U64);
        assert_eq!(Placement::of(Kind::U64), Placement::U64);
        assert_eq!(Placement::of(Kind::Decimal), Placement::Decimal);
        assert_eq!(Placement::of(Kind::U128), Placement::Padded);
        assert_eq!(Placement::of(Kind::Guid { dotnet_bytes: true }), Placement::Padded);
        for len in 0..=IdBytes::CAPACITY {
            let expected = if len <= 16 { Placement::Padded } else { Placement::Long };
            assert_eq!(Placement::of(Kind::Bytes { len }), expected, "{len} bytes");
        }
        assert_eq!(<Uid96 as PublicBlock>::PLACEMENT, Placement::Padded);
    }

    /// Padding of more than 8 bytes (values shorter than 8 bytes) is checked byte by byte too.
    #[test]
    fn long_zero_prefixes() {
        for n in 1..=16 {
            assert!(zero_prefix(&[0; 16], n));
            for position in 0..16 {
                let mut block = [0u8; 16];
                block[position] = 0x80;
                assert_eq!(zero_prefix(&block, n), position >= n, "{n} bytes, byte {position}");
            }
        }
    }
}
