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
//!
//! The block conversions have two interchangeable backends, like [`super::hex`]: SSE2 on x86-64
//! (part of that architecture's baseline, so always available and inlined) and portable scalar
//! code everywhere else. Both only answer "valid or not"; an invalid text takes the scalar path
//! again to find which error to report, so the errors are the scalar code's on every target.
//! The tests run both backends on every x86-64 build and check them against each other.

use super::{AsciiWords, IdText, reverse_table};
use crate::error::{ParseError, RangeRule};

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;
mod wide;
pub use wide::{decode_fixed, encode_fixed};

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use scalar as backend;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2 as backend;

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

/// The portable backend: tables of digit pairs one way, chains of multiply-adds the other.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod scalar {
    use super::{P3, P6, PAIRS, REVERSE, digits_word};

    /// One block's 11 digits in registers, the first in the lowest byte: the first eight, and
    /// the last three in the low 24 bits of the second word.
    #[inline(always)]
    pub(super) fn block_words(v: u64) -> (u64, u64) {
        // Four independent chunks (2 + 3 + 3 + 3 digits) keep the dependency chains short, so
        // the CPU works on them in parallel.
        let high = (v / P6) as u32;
        let rest = v % P6;
        // `high < 2^64 / 62^6`, so `high / 62^3` is below 62² and is one pair.
        let first = u64::from(PAIRS[(high / P3 as u32) as usize]) | digits_word(high % P3 as u32) << 16;
        (first | digits_word((rest / P3) as u32) << 40, digits_word((rest % P3) as u32))
    }

    /// Two blocks' 22 digits in three words, the first in the lowest byte (the last word has
    /// six).
    #[inline(always)]
    pub(super) fn blocks_words(high: u64, low: u64) -> [u64; 3] {
        let ((high_first, high_last), (low_first, low_last)) = (block_words(high), block_words(low));
        // Digits 0..8, 8..16 (three of the high block, five of the low), 16..22.
        [high_first, high_last | low_first << 24, low_first >> 40 | low_last << 24]
    }

    /// The last 16 of the 22 digits of two blocks in two words (see `decimal16_words` in the
    /// public part).
    #[inline(always)]
    pub(super) fn decimal16_words(high: u64, low: u64) -> [u64; 2] {
        let [first, second, third] = blocks_words(high, low);
        [first >> 48 | second << 16, second >> 48 | third << 16]
    }

    #[inline(always)]
    fn chunk(digits: &[u8], bad: &mut u8) -> u64 {
        let mut v = 0u64;
        for &c in digits {
            let d = REVERSE[c as usize];
            *bad |= d;
            v = v * 62 + u64::from(d);
        }
        v
    }

    /// One block's value, or `None` for an invalid character or a value above `u64::MAX`.
    #[inline(always)]
    pub(super) fn decode11(block: &[u8; 11]) -> Option<u64> {
        let mut bad = 0u8;
        let (high, mid, low) =
            (chunk(&block[..5], &mut bad), chunk(&block[5..8], &mut bad), chunk(&block[8..], &mut bad));
        if bad & 0x80 != 0 {
            return None;
        }
        u64::try_from(u128::from(high) * u128::from(P6) + u128::from(mid * P3 + low)).ok()
    }

    /// The 16-character form of a decimal ID (see `decode16` in the public part).
    #[inline(always)]
    pub(super) fn decode16(text: &[u8; 16]) -> Option<(u64, u64)> {
        let mut bad = 0u8;
        let high = chunk(&text[..5], &mut bad);
        let low = decode11(text[5..].try_into().expect("11 digits"))?;
        (bad & 0x80 == 0).then_some((high, low))
    }

    /// Two blocks' values.
    #[inline(always)]
    pub(super) fn decode22(text: &[u8; 22]) -> Option<(u64, u64)> {
        let (high, low) = text.split_at(super::BLOCK_LEN);
        Some((decode11(high.try_into().expect("11 digits"))?, decode11(low.try_into().expect("11 digits"))?))
    }
}

/// Writes one block: 11 digits, most significant first.
#[inline]
pub fn encode_block(v: u64, out: &mut [u8; BLOCK_LEN]) {
    let (first, last) = backend::block_words(v);
    out[..8].copy_from_slice(&first.to_le_bytes());
    out[8..].copy_from_slice(&last.to_le_bytes()[..3]);
}

/// Reads one 11-digit block. `text` and `position` are only for the error: the caller's whole
/// text (searched for the invalid character) and where the block starts in it.
#[inline]
pub fn decode_block(block: &[u8; BLOCK_LEN], text: &str, position: usize) -> Result<u64, ParseError> {
    match backend::decode11(block) {
        Some(v) => Ok(v),
        None => block_error(block, text, position),
    }
}

/// Why a block is refused (the backends only say that it is): the first invalid character of
/// the whole text if the block has one, else the overflow. It returns the value if, against
/// expectation, the scalar code accepts the block.
#[cold]
fn block_error(block: &[u8; BLOCK_LEN], text: &str, position: usize) -> Result<u64, ParseError> {
    if block.iter().any(|&c| REVERSE[c as usize] == 0xFF) {
        return Err(invalid_char(text));
    }
    scalar::decode11(block).ok_or(ParseError::BlockOverflow { position })
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
    let (first, last) = backend::block_words(v);
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

/// The 16-character form of a decimal ID in two words: the 22 digits of `v` without the first
/// six (`0` below 2^96; see [`super::decimal`]).
#[inline(always)]
pub(crate) fn decimal16_words(v: u128) -> [u64; 2] {
    backend::decimal16_words((v >> 64) as u64, v as u64)
}

/// [`encode_u128`] into a caller's buffer, in three whole words: the 22 digits at `0..22`.
#[inline]
pub(crate) fn write_u128(v: u128, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    let [first, second, third] = backend::blocks_words((v >> 64) as u64, v as u64);
    out.put(0, first);
    out.put(8, second);
    out.put(16, third);
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
    i64::try_from(decode_u64(text)?).map_err(|_| ParseError::OutOfRange { rule: RangeRule::ABOVE_I64_MAX })
}

/// Decodes exactly 22 digits.
#[inline]
pub fn decode_u128(text: &str) -> Result<u128, ParseError> {
    let digits = exact_len(text, 2 * BLOCK_LEN)?.first_chunk().expect("checked length");
    let (high, low) = match backend::decode22(digits) {
        Some(blocks) => blocks,
        None => blocks_error(digits, text)?,
    };
    Ok(u128::from(high) << 64 | u128::from(low))
}

/// Why two blocks are refused: the high block's error, else the low block's.
#[cold]
fn blocks_error(digits: &[u8; 2 * BLOCK_LEN], text: &str) -> Result<(u64, u64), ParseError> {
    let (high, low) = digits.split_at(BLOCK_LEN);
    let high = block_error(high.try_into().expect("11 digits"), text, 0)?;
    Ok((high, block_error(low.try_into().expect("11 digits"), text, BLOCK_LEN)?))
}

/// The two blocks of the 16-character form of a decimal ID (the 22-character form without its
/// first six digits, which are `0`): the high block (at most five digits, so it never
/// overflows) and the low block. Positions in errors point into the 16 characters.
#[inline]
pub(crate) fn decode_decimal16(digits: &[u8; 16], text: &str) -> Result<(u64, u64), ParseError> {
    match backend::decode16(digits) {
        Some(blocks) => Ok(blocks),
        None => decimal16_error(digits, text),
    }
}

#[cold]
fn decimal16_error(digits: &[u8; 16], text: &str) -> Result<(u64, u64), ParseError> {
    let mut full = [b'0'; 2 * BLOCK_LEN];
    full[6..].copy_from_slice(digits);
    let (high, low) = full.split_at(BLOCK_LEN);
    let high = block_error(high.try_into().expect("11 digits"), text, 0)?;
    Ok((high, block_error(low.try_into().expect("11 digits"), text, 5)?))
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
    use proptest::strategy::Strategy;

    const P4: u64 = 62 * P3;
    const P8: u64 = P4 * P4;

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

    /// Block values where a digit or a quad changes: powers of 62 and of 2 and their
    /// neighbours, the multiples of 62⁴ and 62⁸ around them, and the largest blocks.
    fn block_edges() -> Vec<u64> {
        let mut values =
            vec![0, 1, u64::MAX, u64::MAX - 1, u64::MAX / P8 * P8, u64::MAX / P8 * P8 - 1, i64::MAX as u64];
        for k in 0..11 {
            let e = 62u64.pow(k);
            values.extend([e, e - 1, e + 1]);
            values.extend([e.checked_mul(61), e.checked_mul(62).map(|e| e - 1)].into_iter().flatten());
        }
        for bit in 0..64 {
            values.extend([1u64 << bit, (1u64 << bit) - 1]);
        }
        for top in [0, 1, 61, 3843, 3844, 84_587, u64::MAX / P8] {
            for rest in [0, 1, P4 - 1, P4, P8 - P4, P8 - 1] {
                values.extend(top.checked_mul(P8).and_then(|v| v.checked_add(rest)));
            }
        }
        values
    }

    /// `n` pseudo-random blocks (a fixed LCG: the same values every run).
    fn random_blocks(n: usize) -> impl Iterator<Item = u64> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        (0..n).map(move |_| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            state ^ state >> 29
        })
    }

    /// Both encoders (SSE2 and scalar on x86-64, scalar alone elsewhere) at every edge and on a
    /// spread of values, one block and two at a time, with the blocks in both places.
    #[test]
    fn encode_backends_agree() {
        let mut values = block_edges();
        values.extend(random_blocks(test_budget::iterations(100_000, 32)));
        for pair in values.windows(2) {
            let (high, low) = (pair[0], pair[1]);
            assert_eq!(backend::block_words(high), scalar::block_words(high), "{high}");
            assert_eq!(backend::blocks_words(high, low), scalar::blocks_words(high, low), "{high} {low}");
            assert_eq!(backend::blocks_words(low, high), scalar::blocks_words(low, high), "{low} {high}");
            assert_eq!(backend::decimal16_words(high, low), scalar::decimal16_words(high, low), "{high} {low}");
        }
    }

    /// The scalar encoder's digits against a digit-at-a-time reference, so that agreeing with it
    /// means being right.
    #[test]
    fn scalar_encoder_matches_repeated_division() {
        for v in block_edges().into_iter().chain(random_blocks(test_budget::iterations(10_000, 8))) {
            let mut expected = [0u8; 11];
            let mut rest = v;
            for digit in expected.iter_mut().rev() {
                *digit = ALPHABET[(rest % 62) as usize];
                rest /= 62;
            }
            let (first, last) = scalar::block_words(v);
            assert_eq!(first.to_le_bytes(), expected[..8], "{v}");
            assert_eq!(last.to_le_bytes()[..], [expected[8], expected[9], expected[10], 0, 0, 0, 0, 0], "{v}");
        }
    }

    /// The SIMD encoder's fixed-point reciprocals on every quad and every pair, and the encoder
    /// on a spread of quads (every one is too slow in a debug build; under Miri fewer).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[test]
    fn sse2_encoder_is_exact_for_every_quad() {
        use sse2::{PAIR_INVERSE, PAIR_SHIFT, QUAD_INVERSE, QUAD_SHIFT};
        if !cfg!(miri) {
            assert!((0..P4).all(|x| (x * QUAD_INVERSE) >> QUAD_SHIFT == x / (62 * 62)));
            assert!((0u32..62 * 62).all(|x| (x * u32::from(PAIR_INVERSE)) >> PAIR_SHIFT == x / 62));
        }
        for quad in (0..P4).step_by(test_budget::iterations(997, 99_991)) {
            for v in [quad, quad * P4 + (P4 - 1 - quad), (P4 - 1 - quad) * P4 + quad] {
                assert_eq!(backend::block_words(v), scalar::block_words(v), "{v}");
            }
        }
    }

    /// 22 characters: `n` pseudo-random blocks' texts, and the edges of the overflow check.
    fn texts(n: usize) -> Vec<[u8; 22]> {
        let mut texts: Vec<[u8; 22]> = ["0000000000000000000000", "zzzzzzzzzzzzzzzzzzzzzz", "LygHa16AHYFLygHa16AHYF"]
            .iter()
            .map(|t| t.as_bytes().try_into().unwrap())
            .collect();
        for top in
            ["LygHa16AHYF", "LygHa16AHYG", "LygHa16AHZ0", "LygHa16AHZ1", "Lz000000000", "M0000000000", "zzzzzzzzzzz"]
        {
            for other in ["00000000000", "LygHa16AHYF", "zzzzzzzzzzz"] {
                texts.push(format!("{top}{other}").into_bytes().try_into().unwrap());
                texts.push(format!("{other}{top}").into_bytes().try_into().unwrap());
            }
        }
        let mut blocks = random_blocks(2 * n);
        for _ in 0..n {
            let v = u128::from(blocks.next().unwrap()) << 64 | u128::from(blocks.next().unwrap());
            texts.push(encode_u128(v).as_bytes().try_into().unwrap());
        }
        // Random characters: most of these are above `u64::MAX` in one block or both.
        for (i, v) in random_blocks(n).enumerate() {
            let mut text = [0u8; 22];
            for (j, c) in text.iter_mut().enumerate() {
                *c = ALPHABET[((v >> (j % 8 * 8)) as usize + i + j) % 62];
            }
            texts.push(text);
        }
        texts
    }

    /// Both decoders on valid texts, texts with blocks above `u64::MAX`, and every byte at every
    /// position (under Miri every byte once: see `test_budget`), for 22 characters and for
    /// the 16 of a decimal ID and the 11 of a block.
    #[test]
    fn decode_backends_agree() {
        let texts = texts(test_budget::iterations(20_000, 8));
        for text in &texts {
            assert_eq!(backend::decode22(text), scalar::decode22(text), "{text:?}");
            let tail: &[u8; 16] = text[6..].try_into().unwrap();
            assert_eq!(backend::decode16(tail), scalar::decode16(tail), "{tail:?}");
            for block in [&text[..11], &text[11..]] {
                let block: &[u8; 11] = block.try_into().unwrap();
                assert_eq!(backend::decode11(block), scalar::decode11(block), "{block:?}");
            }
        }
        let base = *b"1TCKi1nFuNhLygHa16AHYF";
        for (position, c) in test_budget::bytes_at_positions(22) {
            let mut text = base;
            text[position] = c;
            let expected = scalar::decode22(&text);
            assert!(expected.is_none() || ALPHABET.contains(&c), "{c} at {position}");
            assert_eq!(backend::decode22(&text), expected, "{c} at {position}");
        }
        for (position, c) in test_budget::bytes_at_positions(16) {
            let mut text = *b"agbFu5KnEQGxp4QB";
            text[position] = c;
            let expected = scalar::decode16(&text);
            assert!(expected.is_none() || ALPHABET.contains(&c), "{c} at {position}");
            assert_eq!(backend::decode16(&text), expected, "{c} at {position}");
        }
        for (position, c) in test_budget::bytes_at_positions(11) {
            let mut text = *b"AzL8n0Y58m7";
            text[position] = c;
            let expected = scalar::decode11(&text);
            assert!(expected.is_none() || ALPHABET.contains(&c), "{c} at {position}");
            assert_eq!(backend::decode11(&text), expected, "{c} at {position}");
        }
        for text in [*b"LygHa16AHYFLygHa16AHYF", *b"LygHa16AHYFLygHa16AHYG", *b"0000000000000000000/00"] {
            let expected = scalar::decode22(&text);
            test_budget::at_every_alignment(&text, |text| assert_eq!(backend::decode22(text), expected));
            let tail: &[u8; 16] = text[6..].try_into().unwrap();
            let expected = scalar::decode16(tail);
            test_budget::at_every_alignment(tail, |text| assert_eq!(backend::decode16(text), expected));
            let block: &[u8; 11] = text[11..].try_into().unwrap();
            let expected = scalar::decode11(block);
            test_budget::at_every_alignment(block, |text| assert_eq!(backend::decode11(text), expected));
        }
    }

    /// The errors name the first invalid character of the whole text (by character, not byte)
    /// before any overflow, and the first block's overflow before the second block's
    /// character: as the block-at-a-time scalar code found them.
    #[test]
    fn errors_are_in_text_order() {
        let character = |character, position| ParseError::Character { character, position, alphabet: ALPHABET_NAME };
        assert_eq!(decode_u128("zzzzzzzzzzz0000000000_"), Err(ParseError::BlockOverflow { position: 0 }));
        assert_eq!(decode_u128("zzzzzzzzzz_0000000000_"), Err(character('_', 10)));
        assert_eq!(decode_u128("00000000000zzzzzzzzzz_"), Err(character('_', 21)));
        assert_eq!(decode_u128("00000000000zzzzzzzzzzz"), Err(ParseError::BlockOverflow { position: 11 }));
        assert_eq!(decode_u128("Ł00000000000000000000"), Err(character('Ł', 0)));
        assert_eq!(decode_u128("zzzzzzzzzzzŁ000000000"), Err(ParseError::BlockOverflow { position: 0 }));
        assert_eq!(decode_u128("00000000000Ł000000000"), Err(character('Ł', 11)));
        assert_eq!(decode_u128("0000000000000000000Ł0"), Err(character('Ł', 19)));
        assert_eq!(decode_u64("0000000000\u{80}"), Err(character('\u{80}', 10)));
        assert_eq!(decode_u64("zzzzzzzzzzz"), Err(ParseError::BlockOverflow { position: 0 }));
        assert_eq!(decode_block(b"zzzzzzzzzzz", "x", 7), Err(ParseError::BlockOverflow { position: 7 }));
        assert_eq!(
            decode_decimal16(b"00000zzzzzzzzzzz", "00000zzzzzzzzzzz"),
            Err(ParseError::BlockOverflow { position: 5 })
        );
        assert_eq!(decode_decimal16(b"zzzzz0000000000_", "zzzzz0000000000_"), Err(character('_', 15)));
        assert_eq!(decode_decimal16(b"zzzzz00000000000", "zzzzz00000000000"), Ok((P4 * 62 - 1, 0)));
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn backends_agree_on_any_bytes(text: [u8; 22], alphabet in proptest::collection::vec(0..62usize, 22)) {
            let digits: [u8; 22] = core::array::from_fn(|i| ALPHABET[alphabet[i]]);
            for text in [text, digits] {
                proptest::prop_assert_eq!(backend::decode22(&text), scalar::decode22(&text));
                let tail: &[u8; 16] = text[6..].try_into().unwrap();
                proptest::prop_assert_eq!(backend::decode16(tail), scalar::decode16(tail));
                let block: &[u8; 11] = text[..11].try_into().unwrap();
                proptest::prop_assert_eq!(backend::decode11(block), scalar::decode11(block));
            }
        }

        #[test]
        fn encoders_agree(high: u64, low: u64) {
            proptest::prop_assert_eq!(backend::blocks_words(high, low), scalar::blocks_words(high, low));
            proptest::prop_assert_eq!(backend::block_words(low), scalar::block_words(low));
            proptest::prop_assert_eq!(backend::decimal16_words(high, low), scalar::decimal16_words(high, low));
        }

        /// Texts of 22 characters, mostly digits: the error (or value) of the whole-text decoder
        /// is the block-at-a-time scalar code's.
        #[test]
        fn errors_match_the_scalar_code(chars in proptest::collection::vec(proptest::prop_oneof![
            8 => proptest::sample::select(&ALPHABET[..]).prop_map(char::from),
            1 => proptest::char::any(),
        ], 22)) {
            let text = String::from_iter(chars);
            let expected = match text.as_bytes().try_into() {
                Ok(digits) => blocks_error(digits, &text).map(|(high, low)| u128::from(high) << 64 | u128::from(low)),
                Err(_) => Err(ParseError::wrong_length(&text, 22, ALPHABET_NAME)),
            };
            proptest::prop_assert_eq!(decode_u128(&text), expected);
        }
    }
}
