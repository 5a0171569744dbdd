//! What the SSE2 codecs share (x86-64, where SSE2 is in the baseline): classifying the bytes
//! of a text by character range, joining digits of a power-of-two base held one per byte into
//! numbers, and reading a register's two 64-bit lanes.

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi32_si128, _mm_cvtsi128_si64, _mm_madd_epi16, _mm_min_epu8,
    _mm_or_si128, _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x, _mm_sll_epi16, _mm_sll_epi64,
    _mm_srli_epi16, _mm_srli_epi64, _mm_sub_epi8, _mm_unpackhi_epi64,
};

/// The bytes of `ascii` in `first..=last`: a mask (all ones there), and every byte's distance
/// from `first` (meaningful where the mask is set).
#[target_feature(enable = "sse2")]
#[inline]
pub(crate) fn in_range(ascii: __m128i, first: u8, last: u8) -> (__m128i, __m128i) {
    // As unsigned bytes, the distance is at most `last - first` exactly inside the range: below
    // `first` it wraps around to the top.
    let offset = _mm_sub_epi8(ascii, _mm_set1_epi8(first as i8));
    (_mm_cmpeq_epi8(_mm_min_epu8(offset, _mm_set1_epi8((last - first) as i8)), offset), offset)
}

/// Sixteen digits of `bits` bits each (at most 6), one per byte, the first the most
/// significant, as two numbers of eight digits: bytes 0..8 and bytes 8..16.
#[target_feature(enable = "sse2")]
#[inline]
pub(crate) fn join_eights(digits: __m128i, bits: i32) -> (u64, u64) {
    debug_assert!((1..=6).contains(&bits));
    // Pairs: each 16-bit lane holds (earlier, later) as its (low, high) byte.
    let pairs = _mm_or_si128(
        _mm_sll_epi16(_mm_and_si128(digits, _mm_set1_epi16(0x00FF)), _mm_cvtsi32_si128(bits)),
        _mm_srli_epi16::<8>(digits),
    );
    // Quads: earlier pair × 2^(2·bits) + later pair, in 32-bit lanes (at most 24 bits).
    let quads = _mm_madd_epi16(pairs, _mm_set1_epi32(1 << 16 | 1 << (2 * bits)));
    // Eights: earlier quad × 2^(4·bits) + later quad, in 64-bit lanes (at most 48 bits).
    let eights = _mm_or_si128(
        _mm_sll_epi64(_mm_and_si128(quads, _mm_set1_epi64x(0xFFFF_FFFF)), _mm_cvtsi32_si128(4 * bits)),
        _mm_srli_epi64::<32>(quads),
    );
    words(eights)
}

/// The two 64-bit lanes of `x`: bytes 0..8 and bytes 8..16, little-endian.
#[target_feature(enable = "sse2")]
#[inline]
pub(crate) fn words(x: __m128i) -> (u64, u64) {
    (_mm_cvtsi128_si64(x) as u64, _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64)
}
