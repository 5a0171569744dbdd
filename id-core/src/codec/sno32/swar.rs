//! The portable backend: plain 64-bit arithmetic (SWAR), eight characters per word.

use super::{Halves, LETTER_GAP};

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
    let letters = ((x + (0x80 - 8) * ONES) & HIGH_BITS) >> 7; // 1 in each byte whose value is >= 8
    x + b'2' as u64 * ONES + letters * LETTER_GAP as u64
}

/// Maps eight characters to their digit values, or `None` if any is outside the alphabet.
///
/// Bytes above '`' can only be letters, the rest only digits; mapping both runs as if valid
/// leaves one range check per byte (0..=31 for a letter, 0..=7 for a digit). The mapping is
/// biased by 0x80 so that no byte borrows from its neighbour.
#[inline(always)]
const fn from_ascii(x: u64) -> Option<u64> {
    if x & HIGH_BITS != 0 {
        return None; // not ASCII; also keeps the sums below from carrying into the next byte
    }
    let letters = ((x + (0x80 - b'a' as u64) * ONES) & HIGH_BITS) >> 7; // 1 in each byte >= 'a'
    let values = (x + (0x80 - b'2' as u64) * ONES - letters * LETTER_GAP as u64) ^ HIGH_BITS;
    // Bits that must be clear: above 31 in a letter, above 7 in a digit (bit 7 included, which
    // a value below 0 has).
    let allowed = (0x1F * ONES) ^ ((letters ^ ONES) * 0x18);
    if values & !allowed != 0 {
        return None;
    }
    Some(values)
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
