//! The x86-64 backend. SSE2 is part of the x86-64 baseline, so this needs no run-time detection
//! and inlines into its callers: a function enabling a feature the caller lacks could not.
//!
//! Both 40-bit halves travel side by side in one register, one per 64-bit lane, and are split
//! into ever smaller pieces with shifts that never cross a lane boundary: halves into 32-bit
//! lanes, quarters into 16-bit lanes, 5-bit groups into bytes. The more significant piece
//! always goes to the lower lane, so the bytes come out in text order and need no byte swap.

use super::{Halves, LETTER_GAP};
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_madd_epi16,
    _mm_min_epu8, _mm_movemask_epi8, _mm_mul_epu32, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8, _mm_set1_epi32,
    _mm_set1_epi64x, _mm_slli_epi16, _mm_slli_epi32, _mm_slli_epi64, _mm_srli_epi16, _mm_srli_epi32, _mm_srli_epi64,
    _mm_storeu_si128, _mm_sub_epi8,
};

#[inline(always)]
pub(super) fn encode(bytes: &[u8; 10]) -> [u8; 16] {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { encode_sse2(bytes) }
}

#[inline(always)]
pub(super) fn decode(text: &[u8; 16]) -> Option<[u8; 10]> {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { decode_sse2(text) }
}

#[target_feature(enable = "sse2")]
#[inline]
fn encode_sse2(bytes: &[u8; 10]) -> [u8; 16] {
    let Halves { high, low } = Halves::of(bytes);
    let halves = _mm_set_epi64x(low as i64, high as i64);
    // Each step moves the lower part of a lane up into the next lane and keeps the upper part.
    let quarters = _mm_or_si128(_mm_srli_epi64::<20>(halves), _mm_srli_epi64::<12>(_mm_slli_epi64::<44>(halves)));
    let pairs = _mm_or_si128(_mm_srli_epi32::<10>(quarters), _mm_srli_epi32::<6>(_mm_slli_epi32::<22>(quarters)));
    let digits = _mm_or_si128(_mm_srli_epi16::<5>(pairs), _mm_srli_epi16::<3>(_mm_slli_epi16::<11>(pairs)));

    let letters = _mm_cmpgt_epi8(digits, _mm_set1_epi8(7));
    let gap = _mm_and_si128(letters, _mm_set1_epi8(LETTER_GAP as i8));
    let ascii = _mm_add_epi8(_mm_add_epi8(digits, _mm_set1_epi8(b'2' as i8)), gap);
    let mut out = [0u8; 16];
    // SAFETY: `out` is 16 writable bytes; the store is unaligned.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), ascii) };
    out
}

#[target_feature(enable = "sse2")]
#[inline]
fn decode_sse2(text: &[u8; 16]) -> Option<[u8; 10]> {
    // SAFETY: `text` is 16 readable bytes; the load is unaligned.
    let ascii = unsafe { _mm_loadu_si128(text.as_ptr().cast::<__m128i>()) };
    // Bytes above '`' (signed, so not 0x80 and up) can only be letters, the rest only digits.
    // Mapping both runs as if valid leaves one range check per byte: 0..=31 for a letter,
    // 0..=7 for a digit, anything else (including every wrapped-around byte) fails.
    let is_letter = _mm_cmpgt_epi8(ascii, _mm_set1_epi8(b'`' as i8));
    let from_two = _mm_sub_epi8(ascii, _mm_set1_epi8(b'2' as i8));
    let digits = _mm_sub_epi8(from_two, _mm_and_si128(is_letter, _mm_set1_epi8(LETTER_GAP as i8)));
    let largest = _mm_or_si128(_mm_and_si128(is_letter, _mm_set1_epi8(31)), _mm_set1_epi8(7));
    if _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(digits, largest), digits)) != 0xFFFF {
        return None;
    }

    // The inverse steps: two groups → 10 bits, two of those → 20 bits, two of those → 40 bits.
    let pairs = _mm_or_si128(_mm_srli_epi16::<3>(_mm_slli_epi16::<8>(digits)), _mm_srli_epi16::<8>(digits));
    let quarters = _mm_madd_epi16(pairs, _mm_set1_epi32(0x0001_0400)); // upper * 2^10 + lower
    let halves = _mm_or_si128(_mm_mul_epu32(quarters, _mm_set1_epi64x(1 << 20)), _mm_srli_epi64::<32>(quarters));
    let (high, low) = crate::codec::sse2::words(halves);
    Some(Halves { high, low }.to_bytes())
}
