//! Architect.Identities' "alphanumeric" base62: block-wise and order-preserving.
//!
//! Every 8-byte big-endian block becomes exactly 11 digits of `0-9A-Za-z` (ASCII order equals
//! digit order, so an ordinal string comparison equals the numeric comparison). A `u64` is one
//! block (11 characters), a `u128`/UUID two (22), a 28-digit decimal ID 16 (see
//! [`super::decimal`]). This is *not* plain base62 of the whole number.
//!
//! Decoding is strict, deliberately more than the .NET original: exact lengths, ASCII
//! alphabet characters only (.NET truncates UTF-16 units to bytes, so `Ł` passes as `A`) and no
//! block above `u64::MAX` (.NET wraps, so `LygHa16AHYG` decodes to 0 there).

use super::{AsciiWords, IdText, reverse_table};
use crate::error::ParseError;

/// The 62 digits in value order.
pub const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const REVERSE: [u8; 256] = reverse_table(ALPHABET);
pub(crate) const ALPHABET_NAME: &str = "[0-9A-Za-z]";
const P3: u64 = 62 * 62 * 62;
const P6: u64 = P3 * P3;

/// Characters per 8-byte block.
pub const BLOCK_LEN: usize = 11;

/// Fixed-point scale for [`digits_word`]: with 40 fraction bits the integer part of
/// `x / 62²` is exact for every chunk below 62^3 (checked exhaustively in the tests).
const FRACTION_BITS: u32 = 40;
const INVERSE_62_SQUARED: u64 = (1 << FRACTION_BITS) / (62 * 62) + 1;

/// Two digits per entry, the first in the low byte: entry `x < 62²` is the digits of `x / 62`
/// and `x % 62`.
static PAIRS: [u16; 62 * 62] = {
    let mut table = [0u16; 62 * 62];
    let mut i = 0;
    while i < 62 * 62 {
        table[i] = ALPHABET[i / 62] as u16 | (ALPHABET[i % 62] as u16) << 8;
        i += 1;
    }
    table
};

/// The 3 digits of `x < 62^3` in one word, the first in the lowest byte. The first digit is
/// the integer part of `x / 62²` as a fixed-point number (one multiplication, no division); the
/// other two are one lookup of the remainder.
#[inline(always)]
fn digits_word(x: u32) -> u64 {
    let first = (u64::from(x) * INVERSE_62_SQUARED) >> FRACTION_BITS;
    let rest = u64::from(x) - first * 62 * 62;
    u64::from(ALPHABET[first as usize]) | u64::from(PAIRS[rest as usize]) << 8
}

/// One block's 11 digits in registers, the first in the lowest byte: the first eight, and the
/// last three in the low 24 bits of the second word.
#[inline(always)]
fn block_words(v: u64) -> (u64, u64) {
    // Four independent chunks (2 + 3 + 3 + 3 digits) keep the dependency chains short, so the
    // CPU works on them in parallel.
    let high = (v / P6) as u32;
    let rest = v % P6;
    // `high < 2^64 / 62^6`, so `high / 62^3` is below 62² and is one pair.
    let first = u64::from(PAIRS[(high / P3 as u32) as usize]) | digits_word(high % P3 as u32) << 16;
    (first | digits_word((rest / P3) as u32) << 40, digits_word((rest % P3) as u32))
}

/// Writes one block: 11 digits, most significant first.
#[inline]
pub fn encode_block(v: u64, out: &mut [u8; BLOCK_LEN]) {
    let (first, last) = block_words(v);
    out[..8].copy_from_slice(&first.to_le_bytes());
    out[8..].copy_from_slice(&last.to_le_bytes()[..3]);
}

#[inline(always)]
fn chunk<const N: usize>(digits: &[u8; N], bad: &mut u8) -> u64 {
    let mut v = 0u64;
    for &c in digits {
        let d = REVERSE[c as usize];
        *bad |= d;
        v = v * 62 + u64::from(d);
    }
    v
}

/// Reads one 11-digit block. `text` and `position` are only for the error: the caller's whole
/// text (searched for the invalid character) and where the block starts in it.
#[inline]
pub fn decode_block(block: &[u8; BLOCK_LEN], text: &str, position: usize) -> Result<u64, ParseError> {
    let mut bad = 0u8;
    let (high, rest) = block.split_first_chunk::<5>().expect("11 = 5 + 3 + 3");
    let (mid, low) = rest.split_first_chunk::<3>().expect("6 = 3 + 3");
    let low: &[u8; 3] = low.try_into().expect("3 digits");
    let (high, mid, low) = (chunk(high, &mut bad), chunk(mid, &mut bad), chunk(low, &mut bad));
    if bad & 0x80 != 0 {
        return Err(invalid_char(text));
    }
    let v = u128::from(high) * u128::from(P6) + u128::from(mid * P3 + low);
    u64::try_from(v).map_err(|_| ParseError::BlockOverflow { position })
}

#[cold]
fn invalid_char(text: &str) -> ParseError {
    ParseError::first_invalid(text, |c| REVERSE[c as usize] != 0xFF, ALPHABET_NAME)
}

#[inline]
fn exact_len(text: &str, len: usize) -> Result<&[u8], ParseError> {
    ParseError::check_ascii_len(text, len, ALPHABET_NAME)
}

/// A `u64` as 11 digits.
#[inline]
pub fn encode_u64(v: u64) -> IdText {
    IdText::build_words(|out| write_u64(v, out))
}

/// [`encode_u64`] into a caller's buffer, in whole words: the 11 digits at `0..11`.
#[inline]
pub(crate) fn write_u64(v: u64, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    let (first, last) = block_words(v);
    out.put(0, first);
    out.put(8, last);
    0..BLOCK_LEN
}

/// A non-negative `i64` as 11 digits; `None` for a negative value.
#[inline]
pub fn encode_i64(v: i64) -> Option<IdText> {
    u64::try_from(v).ok().map(encode_u64)
}

/// A `u128` (or the 16 string-order bytes of a UUID) as 22 digits: high block, then low block,
/// written straight into the text.
#[inline]
pub fn encode_u128(v: u128) -> IdText {
    IdText::build_words(|out| write_u128(v, out))
}

/// [`encode_u128`] into a caller's buffer, in three whole words: the 22 digits at `0..22`.
#[inline]
pub(crate) fn write_u128(v: u128, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    let (high_first, high_last) = block_words((v >> 64) as u64);
    let (low_first, low_last) = block_words(v as u64);
    // Digits 0..8, 8..16 (three of the high block, five of the low), 16..22.
    out.put(0, high_first);
    out.put(8, high_last | low_first << 24);
    out.put(16, low_first >> 40 | low_last << 24);
    0..2 * BLOCK_LEN
}

/// Decodes exactly 11 digits.
#[inline]
pub fn decode_u64(text: &str) -> Result<u64, ParseError> {
    let block = exact_len(text, BLOCK_LEN)?.first_chunk().expect("checked length");
    decode_block(block, text, 0)
}

/// Decodes exactly 11 digits whose value is at most `i64::MAX`.
#[inline]
pub fn decode_i64(text: &str) -> Result<i64, ParseError> {
    i64::try_from(decode_u64(text)?).map_err(|_| ParseError::OutOfRange { rule: crate::error::RangeRule::AboveI64Max })
}

/// Decodes exactly 22 digits.
#[inline]
pub fn decode_u128(text: &str) -> Result<u128, ParseError> {
    let (high, low) = exact_len(text, 2 * BLOCK_LEN)?.split_at(BLOCK_LEN);
    let high = decode_block(high.try_into().expect("checked length"), text, 0)?;
    let low = decode_block(low.try_into().expect("checked length"), text, BLOCK_LEN)?;
    Ok(u128::from(high) << 64 | u128::from(low))
}

/// [`decode_u64`] as an `Option`: `None` on any invalid input.
#[inline]
pub fn try_decode_u64(text: &str) -> Option<u64> {
    decode_u64(text).ok()
}

/// [`decode_i64`] as an `Option`.
#[inline]
pub fn try_decode_i64(text: &str) -> Option<i64> {
    decode_i64(text).ok()
}

/// [`decode_u128`] as an `Option`.
#[inline]
pub fn try_decode_u128(text: &str) -> Option<u128> {
    decode_u128(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::test_budget;

    /// Every chunk natively; under Miri every 997th (a prime, so every digit position varies).
    #[test]
    fn fixed_point_digits_are_exact_for_every_chunk() {
        for x in (0..62 * 62 * 62).step_by(test_budget::iterations(1, 997)) {
            let expected = [x / 3844, x / 62 % 62, x % 62].map(|d| ALPHABET[d as usize]);
            assert_eq!(digits_word(x).to_le_bytes()[..], [expected[0], expected[1], expected[2], 0, 0, 0, 0, 0], "{x}");
        }
    }

    fn s(text: &str) -> &str {
        text
    }

    #[test]
    fn u64_vectors() {
        for (v, e) in [
            (0u64, "00000000000"),
            (1, "00000000001"),
            (61, "0000000000z"),
            (62, "00000000010"),
            (1 << 32, "000004gfFC4"),
            ((1 << 32) + 1, "000004gfFC5"),
            (1234567890123456789, "1TCKi1nFuNh"),
            (i64::MAX as u64, "AzL8n0Y58m7"),
            (u64::MAX, "LygHa16AHYF"),
        ] {
            assert_eq!(s(&encode_u64(v)), e);
            assert_eq!(decode_u64(e).unwrap(), v);
        }
        assert_eq!(decode_i64("AzL8n0Y58m7").unwrap(), i64::MAX);
        assert!(decode_i64("LygHa16AHYF").is_err());
        assert_eq!(encode_i64(-1), None);
    }

    #[test]
    fn u64_rejections() {
        for len in [1usize, 10, 21, 64, 100] {
            assert!(decode_u64(&"1".repeat(len)).is_err());
        }
        for bad in
            ["1234567890$", "12345678,00", "12345678.00", "+12345678901", "-12345678901", "1234567890_", "$TCKi1nFuNh"]
        {
            assert!(try_decode_u64(bad).is_none(), "{bad}");
        }
        // Divergences from .NET, documented: no wrap-around, no UTF-16 truncation.
        assert_eq!(decode_u64("LygHa16AHYG"), Err(ParseError::BlockOverflow { position: 0 }));
        assert!(decode_u64("zzzzzzzzzzz").is_err());
        assert!(decode_u64("1TCKi1nFuŁ").is_err());
        let e = decode_u64("1TCKi1nF_Nh").unwrap_err();
        assert_eq!(e.to_string(), "invalid character '_' at position 8 (expected [0-9A-Za-z])");
    }

    #[test]
    fn u128_vectors() {
        for (v, e) in [
            (0u128, "0000000000000000000000"),
            (1, "0000000000000000000001"),
            (61, "000000000000000000000z"),
            (62, "0000000000000000000010"),
            (1 << 32, "00000000000000004gfFC4"),
            ((1 << 32) + 1, "00000000000000004gfFC5"),
            (i64::MAX as u128, "00000000000AzL8n0Y58m7"),
            (u64::MAX as u128, "00000000000LygHa16AHYF"),
            (1234567890123456789012345678, "0000004WoWZ9OjHPSzq3Ju"),
            ((1234567890123456789u128 << 64) | 1234567890123456789, "1TCKi1nFuNh1TCKi1nFuNh"),
            (u128::MAX, "LygHa16AHYFLygHa16AHYF"),
        ] {
            assert_eq!(s(&encode_u128(v)), e);
            assert_eq!(decode_u128(e).unwrap(), v);
        }
        assert_eq!(decode_u128("000000000001TCKi1nFuNh").unwrap(), 1234567890123456789);
        assert_eq!(decode_u128("00000000000LygHa16AHYG"), Err(ParseError::BlockOverflow { position: 11 }));
    }

    #[test]
    fn raw_blocks() {
        assert_eq!(s(&encode_u64(u64::from_be_bytes(*b"12345678"))), "4DruweP3xQ8");
        assert_eq!(s(&encode_u64(u64::from_be_bytes(*b"12345679"))), "4DruweP3xQ9");
        let v = u128::from_be_bytes(*b"1234567812345679");
        assert_eq!(s(&encode_u128(v)), "4DruweP3xQ84DruweP3xQ9");
    }

    #[test]
    fn increasing_values_give_increasing_strings() {
        let list: [u128; 12] = [
            1,
            u32::MAX as u128,
            1 << 32,
            u64::MAX as u128,
            1 << 64,
            4722366482869645213696,
            1234567890123456789012345678,
            10u128.pow(28) - 1,
            0x00000000_5000_ffff_ffff_ffffffffffff,
            0x00000000_ffff_ffff_ffff_ffffffffffff,
            0x00000001_ffff_ffff_ffff_ffffffffffff,
            u128::MAX,
        ];
        for w in list.windows(2) {
            assert!(encode_u128(w[0]) < encode_u128(w[1]));
        }
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn round_trip_and_order(a: u128, b: u128) {
            let (ea, eb) = (encode_u128(a), encode_u128(b));
            proptest::prop_assert_eq!(decode_u128(s(&ea)).unwrap(), a);
            proptest::prop_assert_eq!(ea.cmp(&eb), a.cmp(&b));
        }

        #[test]
        fn never_panics(text in test_budget::printable_text(30)) {
            let _ = decode_u64(&text);
            let _ = decode_u128(&text);
        }
    }
}
