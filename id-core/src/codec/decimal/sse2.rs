//! The x86-64 backend of the 32-digit conversion and the 16-digit parse. SSE2 is part of the x86-64 baseline, so this
//! needs no run-time detection and inlines into its callers.
//!
//! The scalar backend spends six multiplications per eight digits, and a 28-digit ID's text was
//! bound by the one scalar multiplier. Here the numbers are cut the same way (ten thousands,
//! hundreds, tens, each a multiplication by a fixed-point reciprocal), but every cut is one
//! vector operation over all the lanes.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_add_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128,
    _mm_madd_epi16, _mm_max_epu8, _mm_movemask_epi8, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128,
    _mm_packs_epi32, _mm_set_epi64x, _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_slli_epi16, _mm_slli_epi64,
    _mm_srli_epi16, _mm_srli_epi64, _mm_storeu_si128, _mm_sub_epi8, _mm_sub_epi16, _mm_sub_epi32, _mm_unpackhi_epi16,
    _mm_unpacklo_epi16,
};

#[inline(always)]
pub(super) fn thirty_two_ascii(high: u64, low: u64) -> [u8; 32] {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { thirty_two_ascii_sse2(high, low) }
}

#[inline(always)]
pub(super) fn sixteen_digits(text: &[u8; 16]) -> Option<u64> {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { sixteen_digits_sse2(text) }
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

#[target_feature(enable = "sse2")]
#[inline]
fn sixteen_digits_sse2(text: &[u8; 16]) -> Option<u64> {
    // SAFETY: `text` is 16 readable bytes; the load is unaligned.
    let ascii = unsafe { _mm_loadu_si128(text.as_ptr().cast::<__m128i>()) };
    // As unsigned bytes, a digit is at most 9 after subtracting '0'.
    let digits = _mm_sub_epi8(ascii, _mm_set1_epi8(b'0' as i8));
    let nine = _mm_set1_epi8(9);
    if _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(digits, nine), nine)) != 0xFFFF {
        return None;
    }
    // 16-bit lanes: the first digit (low byte) times 10 plus the second.
    let twos = _mm_add_epi16(
        _mm_mullo_epi16(_mm_and_si128(digits, _mm_set1_epi16(0xFF)), _mm_set1_epi16(10)),
        _mm_srli_epi16::<8>(digits),
    );
    // 32-bit lanes: the first pair times 100 plus the second (every product fits 16 bits signed).
    let fours = _mm_madd_epi16(twos, _mm_set1_epi32(1 << 16 | 100));
    // Back to 16-bit lanes (below 10^4), then the first four times 10^4 plus the second.
    let eights = _mm_madd_epi16(_mm_packs_epi32(fours, fours), _mm_set1_epi32(1 << 16 | 10_000));
    let eights = _mm_cvtsi128_si64(eights) as u64;
    Some((eights & 0xFFFF_FFFF) * 100_000_000 + (eights >> 32))
}
