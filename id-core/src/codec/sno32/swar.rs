//! The portable backend: plain 64-bit arithmetic (SWAR), eight characters per word.

use super::Halves;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Puts each 5-bit group of a 40-bit value into its own byte, the least significant group in
/// the lowest byte: halves to 32-bit lanes, quarters to 16-bit lanes, groups to bytes.
#[inline(always)]
const fn spread(v: u64) -> u64 {
    let a = (v & 0xF_FFFF) | ((v >> 20) << 32);
    let b = (a & 0x0000_03FF_0000_03FF) | ((a >> 10) & 0x0000_03FF_0000_03FF) << 16;
    (b & 0x001F_001F_001F_001F) | ((b >> 5) & 0x001F_001F_001F_001F) << 8
}

/// The inverse of [`spread`] for bytes holding values below 32.
#[inline(always)]
const fn gather(x: u64) -> u64 {
    let b = (x & 0x001F_001F_001F_001F) | ((x >> 8) & 0x001F_001F_001F_001F) << 5;
    let a = (b & 0x0000_03FF_0000_03FF) | ((b >> 16) & 0x0000_03FF_0000_03FF) << 10;
    (a & 0xF_FFFF) | (a >> 32) << 20
}

/// Maps eight digit values (0..32, one per byte) to their characters.
#[inline(always)]
const fn to_ascii(x: u64) -> u64 {
    let letters = ((x + 0x78 * ONES) & HIGH_BITS) >> 7; // 1 in each byte whose value is >= 8
    x + 0x32 * ONES + letters * 39
}

/// High bit set in each byte of `x` (all bytes below 0x80) that lies in `lo..=hi`.
#[inline(always)]
const fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = x + (0x80 - lo as u64) * ONES;
    let above_hi = x + (0x7F - hi as u64) * ONES;
    at_least_lo & !above_hi & HIGH_BITS
}

/// Maps eight characters to their digit values, or `None` if any is outside the alphabet.
#[inline(always)]
const fn from_ascii(x: u64) -> Option<u64> {
    if x & HIGH_BITS != 0 {
        return None;
    }
    let digits = in_range(x, b'2', b'9');
    let letters = in_range(x, b'a', b'x');
    if digits | letters != HIGH_BITS {
        return None;
    }
    Some(x - 0x32 * ONES - (letters >> 7) * 0x27)
}

#[inline(always)]
pub(super) fn encode(bytes: &[u8; 10]) -> [u8; 16] {
    let Halves { high, low } = Halves::of(bytes);
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&to_ascii(spread(high)).to_be_bytes());
    out[8..].copy_from_slice(&to_ascii(spread(low)).to_be_bytes());
    out
}

#[inline(always)]
pub(super) fn decode(text: &[u8; 16]) -> Option<[u8; 10]> {
    let (high, low) = text.split_at(8);
    let high = from_ascii(u64::from_be_bytes(high.try_into().expect("8 bytes")))?;
    let low = from_ascii(u64::from_be_bytes(low.try_into().expect("8 bytes")))?;
    Some(Halves { high: gather(high), low: gather(low) }.to_bytes())
}
