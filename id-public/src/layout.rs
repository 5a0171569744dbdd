//! The 16-byte plaintext blocks of Architect.Identities' public identities, and the block of
//! each idcraft scheme.
//!
//! | value | block | rejected on decode (forgery chance of a random token) |
//! |---|---|---|
//! | `u64` | 8 zero bytes, then the value little-endian | nonzero padding (2^-64) |
//! | `i64` | as `u64`, value ≥ 0 | also > `i64::MAX` (2^-65) |
//! | decimal | flags `u32` (0), high 32 bits LE, low 64 bits LE | flags ≠ 0 or > 10^28 − 1 (≈ 2^-35) |
//! | `u128` | 16 bytes big-endian | nothing: every block is a value |
//! | `Uuid` | the 16 string-order bytes | nothing |
//!
//! idcraft schemes declare theirs ([`Scheme::PUBLIC_LAYOUT`]): the layout of their storage
//! (COMB and HotGuid: `Uuid`; distributed: decimal; distributed128: `u128`; uid64: `u64`);
//! `sno` and `uid96`, which Architect has no layout for, put their 10 or 12 bytes after 6 or 4
//! zero bytes (2^-48 and 2^-32).

use idcraft_core::Scheme;
use idcraft_core::codec::decimal;
use idcraft_core::scheme::PublicLayout;
use subtle::ConstantTimeEq;

/// `u64` block.
#[inline]
pub fn from_u64(v: u64) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[8..].copy_from_slice(&v.to_le_bytes());
    b
}

/// Whether the first `n` (at most 8) bytes are zero, in constant time: one word compared
/// through `subtle`, so neither the position nor the number of nonzero bytes shows.
#[inline]
fn zero_prefix(b: &[u8; 16], n: usize) -> bool {
    debug_assert!((1..=8).contains(&n));
    let prefix = u64::from_be_bytes(b[..8].try_into().expect("8 bytes")) >> (64 - 8 * n);
    bool::from(prefix.ct_eq(&0))
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

/// The plaintext block of a scheme's values: the layout each scheme declares
/// ([`Scheme::PUBLIC_LAYOUT`]), for every scheme.
pub trait PublicBlock: Scheme {
    /// The block of this value.
    fn to_block(&self) -> [u8; 16];
    /// The value of a decrypted block, if it is one.
    fn from_block(block: &[u8; 16]) -> Option<Self>;
}

impl<S: Scheme> PublicBlock for S {
    #[inline]
    fn to_block(&self) -> [u8; 16] {
        let bytes = self.to_bytes();
        let mut block = [0u8; 16];
        match S::PUBLIC_LAYOUT {
            PublicLayout::U64 => from_u64(u64::from_be_bytes(bytes[..].try_into().expect("an 8-byte scheme"))),
            PublicLayout::Decimal => from_decimal_value(u128::from_be_bytes(bytes[..].try_into().expect("16 bytes"))),
            // The scheme's length, a constant, rather than the bytes' own: fixed moves.
            _ => {
                block[16 - S::BYTE_LEN..].copy_from_slice(&bytes[..S::BYTE_LEN]);
                block
            }
        }
    }

    #[inline]
    fn from_block(block: &[u8; 16]) -> Option<Self> {
        match S::PUBLIC_LAYOUT {
            PublicLayout::U64 => to_u64(block).and_then(|v| S::from_bytes(&v.to_be_bytes()).ok()),
            PublicLayout::Decimal => to_decimal_value(block).and_then(|v| S::from_bytes(&v.to_be_bytes()).ok()),
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
            assert_eq!(Sno::from_block(&block).is_some(), position >= 6, "sno, byte {position}");
            assert_eq!(Uid96::from_block(&block).is_some(), position >= 4, "uid96, byte {position}");
            assert_eq!(to_decimal_value(&block).is_some(), position >= 4, "decimal, byte {position}");
        }
        assert_eq!(to_u64(&from_u64(u64::MAX)), Some(u64::MAX));
    }
}
