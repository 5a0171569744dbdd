//! The x86-64 backend of the 32-digit conversion. SSE2 is part of the x86-64 baseline, so this
//! needs no run-time detection and inlines into its callers.
//!
//! The scalar backend spends six multiplications per eight digits, and a 28-digit ID's text was
//! bound by the one scalar multiplier. Here the numbers are cut the same way (ten thousands,
//! hundreds, tens, each a multiplication by a fixed-point reciprocal), but every cut is one
//! vector operation over all the lanes.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128, _mm_packs_epi32,
    _mm_set_epi64x, _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_slli_epi16, _mm_slli_epi64, _mm_srli_epi16,
    _mm_srli_epi64, _mm_storeu_si128, _mm_sub_epi16, _mm_sub_epi32, _mm_unpackhi_epi16, _mm_unpacklo_epi16,
};

#[inline(always)]
pub(super) fn thirty_two_ascii(high: u64, low: u64) -> [u8; 32] {
    // SAFETY: the module is only compiled where SSE2 is enabled for the whole build.
    unsafe { thirty_two_ascii_sse2(high, low) }
}

#[target_feature(enable = "sse2")]
#[inline]
fn thirty_two_ascii_sse2(high: u64, low: u64) -> [u8; 32] {
    const E8: u64 = 100_000_000;
    debug_assert!(high < E8 * E8 && low < E8 * E8);
    // Four-digit groups in 32-bit lanes, in reading order, of a number below 10^16.
    let fours = |n: u64| {
        // 64-bit lanes, the first eight digits' value in the low lane.
        let eights = _mm_set_epi64x((n % E8) as i64, (n / E8) as i64);
        // x / 10^4 = x * 109951163 >> 40 for x < 10^8 (2^40 / 10^4, rounded up; the excess
        // 2224 * 10^8 stays below 2^40).
        let ten_thousands = _mm_srli_epi64::<40>(_mm_mul_epu32(eights, _mm_set1_epi32(109_951_163)));
        let below = _mm_sub_epi32(eights, _mm_mul_epu32(ten_thousands, _mm_set1_epi32(10_000)));
        _mm_or_si128(ten_thousands, _mm_slli_epi64::<32>(below))
    };
    // All eight groups in 16-bit lanes (below 10^4, so the signed saturation never applies).
    let fours = _mm_packs_epi32(fours(high), fours(low));
    // x / 100 = (x * 5243 >> 16) >> 3 for x < 10^4.
    let hundreds = _mm_srli_epi16::<3>(_mm_mulhi_epu16(fours, _mm_set1_epi16(5243)));
    let below = _mm_sub_epi16(fours, _mm_mullo_epi16(hundreds, _mm_set1_epi16(100)));
    // 16-bit lanes of two digits each, in reading order, then bytes: tens digit, ones digit.
    let ascii = |twos: __m128i| {
        // x / 10 = x * 6554 >> 16 for x < 100.
        let tens = _mm_mulhi_epu16(twos, _mm_set1_epi16(6554));
        let ones = _mm_sub_epi16(twos, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
        _mm_add_epi8(_mm_or_si128(tens, _mm_slli_epi16::<8>(ones)), _mm_set1_epi8(b'0' as i8))
    };
    let mut out = [0u8; 32];
    // SAFETY: `out` is 32 writable bytes; both stores are unaligned and in bounds.
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), ascii(_mm_unpacklo_epi16(hundreds, below)));
        _mm_storeu_si128(out.as_mut_ptr().add(16).cast::<__m128i>(), ascii(_mm_unpackhi_epi16(hundreds, below)));
    }
    out
}
