//! The x86-64 backend of the 16-digit conversion. SSE2 is part of the x86-64 baseline, so this
//! needs no run-time detection and inlines into its callers.
//!
//! The scalar backend spends six multiplications per eight digits, and a 28-digit ID's text was
//! bound by the one scalar multiplier. Here the number is cut the same way (ten thousands,
//! hundreds, tens, each a multiplication by a fixed-point reciprocal), but every cut is one
//! vector operation over all the lanes: 2, then 4, then 8 lanes of 16 digits at once.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128, _mm_set_epi64x,
    _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_slli_epi16, _mm_slli_epi32, _mm_slli_epi64, _mm_srli_epi16,
    _mm_srli_epi64, _mm_storeu_si128, _mm_sub_epi16, _mm_sub_epi32,
};

#[inline(always)]
pub(super) fn sixteen_ascii(n: u64) -> [u8; 16] {
    // SAFETY: the module is only compiled where SSE2 is enabled for the whole build.
    unsafe { sixteen_ascii_sse2(n) }
}

#[target_feature(enable = "sse2")]
#[inline]
fn sixteen_ascii_sse2(n: u64) -> [u8; 16] {
    const E8: u64 = 100_000_000;
    debug_assert!(n < E8 * E8);
    // 64-bit lanes, the first eight digits' value in the low lane (it is written first).
    let eights = _mm_set_epi64x((n % E8) as i64, (n / E8) as i64);
    // x / 10^4 = x * 109951163 >> 40 for x < 10^8 (2^40 / 10^4, rounded up; the excess
    // 2224 * 10^8 stays below 2^40).
    let ten_thousands = _mm_srli_epi64::<40>(_mm_mul_epu32(eights, _mm_set1_epi32(109_951_163)));
    let below = _mm_sub_epi32(eights, _mm_mul_epu32(ten_thousands, _mm_set1_epi32(10_000)));
    // 32-bit lanes of four digits each, in reading order.
    let fours = _mm_or_si128(ten_thousands, _mm_slli_epi64::<32>(below));
    // x / 100 = (x * 5243 >> 16) >> 3 for x < 10^4 (the high 16 bits of each lane are zero).
    let hundreds = _mm_srli_epi16::<3>(_mm_mulhi_epu16(fours, _mm_set1_epi16(5243)));
    let below = _mm_sub_epi16(fours, _mm_mullo_epi16(hundreds, _mm_set1_epi16(100)));
    // 16-bit lanes of two digits each, in reading order.
    let twos = _mm_or_si128(hundreds, _mm_slli_epi32::<16>(below));
    // x / 10 = x * 6554 >> 16 for x < 100.
    let tens = _mm_mulhi_epu16(twos, _mm_set1_epi16(6554));
    let ones = _mm_sub_epi16(twos, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
    // Bytes: the tens digit, then the ones digit, as characters.
    let digits = _mm_add_epi8(_mm_or_si128(tens, _mm_slli_epi16::<8>(ones)), _mm_set1_epi8(b'0' as i8));
    let mut out = [0u8; 16];
    // SAFETY: `out` is 16 writable bytes; the store is unaligned.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), digits) };
    out
}
