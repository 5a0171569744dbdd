//! The x86-64 backend of the block conversions. SSE2 is part of the x86-64 baseline, so this
//! needs no run-time detection and inlines into its callers.
//!
//! The scalar code is bound by the one scalar multiplier: a block is eleven multiply-adds one
//! way and about a dozen multiplications by reciprocals the other. Here the digits of both
//! blocks of a `u128` are handled in vector lanes, and the scalar multiplier only does what
//! needs 64 bits.
//!
//! Decoding maps every byte to its digit and checks it in the same pass (three range compares),
//! then joins digits into pairs (below 62², 16 bits) and pairs into quads (below 62⁴, 32 bits)
//! with multiply-adds over all lanes. A block is padded to 12 digits with a leading zero, so it
//! is three quads: the last two are joined in a 64-bit lane, and the first is multiplied in
//! by the scalar code, which also sees a block above `u64::MAX`.
//!
//! Encoding splits a block into its top three digits and two quads with four scalar
//! multiplications; the quads of both blocks share one register and become pairs, digits and
//! characters there, each step a multiplication by a fixed-point reciprocal over all lanes.

use super::{P3, digits_word};
use crate::codec::sse2::{in_range, words};
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_add_epi16, _mm_add_epi64, _mm_and_si128, _mm_castps_si128, _mm_castsi128_ps,
    _mm_cmpgt_epi8, _mm_cvtsi32_si128, _mm_cvtsi128_si64, _mm_insert_epi16, _mm_loadu_si128, _mm_madd_epi16,
    _mm_movemask_epi8, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128, _mm_set_epi16, _mm_set_epi64x,
    _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x, _mm_shuffle_ps, _mm_slli_epi16, _mm_slli_epi32,
    _mm_slli_epi64, _mm_slli_si128, _mm_srli_epi16, _mm_srli_epi64, _mm_srli_si128, _mm_sub_epi8, _mm_sub_epi16,
    _mm_sub_epi32, _mm_unpacklo_epi32,
};

const P4: u64 = P3 * 62;
const P8: u64 = P4 * P4;

#[inline(always)]
pub(super) fn block_words(v: u64) -> (u64, u64) {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { block_words_sse2(v) }
}

#[inline(always)]
pub(super) fn blocks_words(high: u64, low: u64) -> [u64; 3] {
    // SAFETY: as in `block_words`.
    unsafe { blocks_words_sse2(high, low) }
}

#[inline(always)]
pub(super) fn decimal16_words(high: u64, low: u64) -> [u64; 2] {
    // SAFETY: as in `block_words`.
    unsafe { decimal16_words_sse2(high, low) }
}

#[inline(always)]
pub(super) fn decode11(text: &[u8; 11]) -> Option<u64> {
    // SAFETY: as in `block_words`.
    unsafe { decode11_sse2(text) }
}

#[inline(always)]
pub(super) fn decode16(text: &[u8; 16]) -> Option<(u64, u64)> {
    // SAFETY: as in `block_words`.
    unsafe { decode16_sse2(text) }
}

#[inline(always)]
pub(super) fn decode22(text: &[u8; 22]) -> Option<(u64, u64)> {
    // SAFETY: as in `block_words`.
    unsafe { decode22_sse2(text) }
}

/// `x / 62² = x · QUAD_INVERSE >> QUAD_SHIFT` for every quad `x < 62⁴`, and
/// `x / 62 = x · PAIR_INVERSE >> PAIR_SHIFT` for every pair `x < 62²`: fixed-point reciprocals,
/// rounded up, with enough fraction bits that the error never reaches the next integer (the
/// tests try every quad and every pair).
pub(super) const QUAD_SHIFT: i32 = 36;
pub(super) const QUAD_INVERSE: u64 = (1 << QUAD_SHIFT) / (62 * 62) + 1;
pub(super) const PAIR_SHIFT: i32 = 21;
pub(super) const PAIR_INVERSE: u16 = ((1 << PAIR_SHIFT) / 62 + 1) as u16;

/// A block as its first three digits' value (below 62³) and the two quads after them.
#[inline(always)]
fn split(v: u64) -> (u32, u64) {
    let top = v / P8;
    let rest = v - top * P8;
    let first = rest / P4;
    (top as u32, first | (rest - first * P4) << 32)
}

/// Four quads (32-bit lanes, each below 62⁴) as sixteen characters, in lane order.
#[target_feature(enable = "sse2")]
#[inline]
fn quads_ascii(quads: __m128i) -> __m128i {
    // The even and odd lanes are multiplied apart (`_mm_mul_epu32` reads the even ones).
    let inverse = _mm_set1_epi64x(QUAD_INVERSE as i64);
    let even = _mm_srli_epi64::<QUAD_SHIFT>(_mm_mul_epu32(quads, inverse));
    let odd = _mm_mul_epu32(_mm_srli_epi64::<32>(quads), inverse);
    let odd = _mm_slli_epi64::<32>(_mm_srli_epi64::<QUAD_SHIFT>(odd));
    let first = _mm_or_si128(even, odd);
    // The quotients are below 62², so the low half of a 32-bit lane times 62² is the product.
    let second = _mm_sub_epi32(quads, _mm_madd_epi16(first, _mm_set1_epi32(62 * 62)));
    // 16-bit lanes of pairs in reading order, then bytes (`_mm_mulhi_epu16` shifts by 16).
    let pairs = _mm_or_si128(first, _mm_slli_epi32::<16>(second));
    let tens = _mm_srli_epi16::<{ PAIR_SHIFT - 16 }>(_mm_mulhi_epu16(pairs, _mm_set1_epi16(PAIR_INVERSE as i16)));
    let ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(62)));
    let digits = _mm_or_si128(tens, _mm_slli_epi16::<8>(ones));
    // '0' + d, then past the gaps after '9' (7 characters) and after 'Z' (6).
    let letters = _mm_and_si128(_mm_cmpgt_epi8(digits, _mm_set1_epi8(9)), _mm_set1_epi8(7));
    let lower = _mm_and_si128(_mm_cmpgt_epi8(digits, _mm_set1_epi8(35)), _mm_set1_epi8(6));
    _mm_add_epi8(_mm_add_epi8(digits, _mm_set1_epi8(b'0' as i8)), _mm_add_epi8(letters, lower))
}

#[target_feature(enable = "sse2")]
#[inline]
fn block_words_sse2(v: u64) -> (u64, u64) {
    let (top, quads) = split(v);
    let last = _mm_cvtsi128_si64(quads_ascii(_mm_set_epi64x(0, quads as i64))) as u64;
    (digits_word(top) | last << 24, last >> 40)
}

#[target_feature(enable = "sse2")]
#[inline]
fn blocks_words_sse2(high: u64, low: u64) -> [u64; 3] {
    let ((high_top, high_quads), (low_top, low_quads)) = (split(high), split(low));
    let (high_last, low_last) = words(quads_ascii(_mm_set_epi64x(low_quads as i64, high_quads as i64)));
    // Digits 0..8, 8..16 (three of the high block, five of the low), 16..22.
    [
        digits_word(high_top) | high_last << 24,
        high_last >> 40 | digits_word(low_top) << 24 | low_last << 48,
        low_last >> 16,
    ]
}

#[target_feature(enable = "sse2")]
#[inline]
fn decimal16_words_sse2(high: u64, low: u64) -> [u64; 2] {
    // The high block's first six digits are not written, so its top three need no characters.
    let ((_, high_quads), (low_top, low_quads)) = (split(high), split(low));
    let (high_last, low_last) = words(quads_ascii(_mm_set_epi64x(low_quads as i64, high_quads as i64)));
    // Digits 6..11 of the high block and the low block's first three, then its last eight.
    [high_last >> 24 | digits_word(low_top) << 40, low_last]
}

/// The digit of every byte, and a mask of the bytes that are digits (bit `i` for byte `i`).
#[target_feature(enable = "sse2")]
#[inline]
fn digits(ascii: __m128i) -> (__m128i, i32) {
    let within = |first: u8, last: u8| in_range(ascii, first, last).0;
    let (digit, upper, lower) = (within(b'0', b'9'), within(b'A', b'Z'), within(b'a', b'z'));
    // 'A' is 10, 7 below its distance from '0'; 'a' is 36, 13 below.
    let values = _mm_add_epi8(
        _mm_sub_epi8(ascii, _mm_set1_epi8(b'0' as i8)),
        _mm_add_epi8(_mm_and_si128(upper, _mm_set1_epi8(-7)), _mm_and_si128(lower, _mm_set1_epi8(-13))),
    );
    (values, _mm_movemask_epi8(_mm_or_si128(digit, _mm_or_si128(upper, lower))))
}

/// Digits in bytes (each below 62) as quads in 32-bit lanes: lane `i` is bytes `4i..4i + 4`
/// read as four digits, the first most significant. `first` keeps the first digit of each
/// 16-bit lane: all ones there, or zero to read that digit as `0`.
#[target_feature(enable = "sse2")]
#[inline]
fn quads(digits: __m128i, first: __m128i) -> __m128i {
    let pairs =
        _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(digits, first), _mm_set1_epi16(62)), _mm_srli_epi16::<8>(digits));
    // Pairs are below 62², so every product and sum fits a signed 32-bit lane.
    _mm_madd_epi16(pairs, _mm_set1_epi32((1 << 16) | (62 * 62)))
}

/// The first digit of each 16-bit lane, all lanes kept.
#[target_feature(enable = "sse2")]
#[inline]
fn all_first() -> __m128i {
    _mm_set1_epi16(0xFF)
}

/// The first digit of each 16-bit lane but lane 2 (byte 4), read as `0`: a block in bytes
/// 5..16 then pads to 12 digits with a leading zero, whatever byte 4 holds.
#[target_feature(enable = "sse2")]
#[inline]
fn first_but_byte_4() -> __m128i {
    _mm_set_epi16(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0xFF, 0xFF)
}

/// The values of two blocks from their quads: `high` in lanes 0..3 and `low` in lanes 1..4
/// (the first quad of each three digits below 62³), or `None` if a block is above `u64::MAX`.
#[target_feature(enable = "sse2")]
#[inline]
fn join(high: __m128i, low: __m128i) -> Option<(u64, u64)> {
    const fn shuffle(a: i32, b: i32, c: i32, d: i32) -> i32 {
        d << 6 | c << 4 | b << 2 | a
    }
    // The last two quads of each block side by side: the first times 62⁴ plus the second, in
    // 64-bit lanes (below 62⁸ < 2^48).
    let last =
        _mm_castps_si128(_mm_shuffle_ps::<{ shuffle(1, 2, 2, 3) }>(_mm_castsi128_ps(high), _mm_castsi128_ps(low)));
    let last = _mm_add_epi64(_mm_mul_epu32(last, _mm_set1_epi64x(P4 as i64)), _mm_srli_epi64::<32>(last));
    let (high_last, low_last) = words(last);
    let tops = _mm_cvtsi128_si64(_mm_unpacklo_epi32(high, _mm_srli_si128::<4>(low))) as u64;
    let block = |top: u64, last: u64| u64::try_from(u128::from(top) * u128::from(P8) + u128::from(last)).ok();
    Some((block(tops & 0xFFFF_FFFF, high_last)?, block(tops >> 32, low_last)?))
}

#[target_feature(enable = "sse2")]
#[inline]
fn decode22_sse2(text: &[u8]) -> Option<(u64, u64)> {
    assert!(text.len() == 22);
    // Characters 0..6 in two 4-byte loads that end where the last sixteen start, the last
    // sixteen in one load (see "Reading a text `memcpy` has just written" in the `codec` docs).
    let first_four = i32::from_le_bytes(text[..4].try_into().expect("4 bytes"));
    let next_two = u16::from_le_bytes(text[4..6].try_into().expect("2 bytes"));
    let head = _mm_insert_epi16::<2>(_mm_cvtsi32_si128(first_four), i32::from(next_two));
    // SAFETY: `text` is 22 readable bytes (asserted); the load is unaligned, at 6..22.
    let back = unsafe { _mm_loadu_si128(text.as_ptr().add(6).cast::<__m128i>()) };
    // The high block (characters 0..11) in bytes 1..12 behind a `0`: characters 0..6 from
    // `head` moved up by one, 6..15 from the back moved up by seven. The low block (characters
    // 11..22) is bytes 5..16 of the back.
    let front = _mm_or_si128(
        _mm_or_si128(_mm_slli_si128::<1>(head), _mm_cvtsi32_si128(i32::from(b'0'))),
        _mm_slli_si128::<7>(back),
    );
    let ((front, front_valid), (back, back_valid)) = (digits(front), digits(back));
    if front_valid & back_valid != 0xFFFF {
        return None;
    }
    join(quads(front, all_first()), quads(back, first_but_byte_4()))
}

#[target_feature(enable = "sse2")]
#[inline]
fn decode16_sse2(text: &[u8; 16]) -> Option<(u64, u64)> {
    // SAFETY: `text` is 16 readable bytes; the load is unaligned.
    let (digits, valid) = digits(unsafe { _mm_loadu_si128(text.as_ptr().cast::<__m128i>()) });
    if valid != 0xFFFF {
        return None;
    }
    // Characters 0..5 end the high block (six zeros before them, seven with the padding),
    // characters 5..16 are the low block.
    join(quads(_mm_slli_si128::<7>(digits), all_first()), quads(digits, first_but_byte_4()))
}

#[target_feature(enable = "sse2")]
#[inline]
fn decode11_sse2(text: &[u8; 11]) -> Option<u64> {
    // Characters 0..3 in bytes 5..8 (the fourth shifted out) and 3..11 in bytes 8..16: the
    // block is where `join` reads the low one. Only bytes 5..16 are checked.
    let head = u32::from_le_bytes(text[..4].try_into().expect("4 digits"));
    let tail = u64::from_le_bytes(text[3..].try_into().expect("8 digits"));
    let (digits, valid) = digits(_mm_set_epi64x(tail as i64, (u64::from(head) << 40) as i64));
    if valid & 0xFFE0 != 0xFFE0 {
        return None;
    }
    let quads = quads(digits, first_but_byte_4());
    // The last two quads joined as in `join`, the first multiplied in by the scalar code.
    let last = _mm_srli_si128::<8>(quads);
    let last = _mm_add_epi64(_mm_mul_epu32(last, _mm_set1_epi64x(P4 as i64)), _mm_srli_epi64::<32>(last));
    let top = _mm_cvtsi128_si64(quads) as u64 >> 32;
    u64::try_from(u128::from(top) * u128::from(P8) + u128::from(_mm_cvtsi128_si64(last) as u64)).ok()
}
