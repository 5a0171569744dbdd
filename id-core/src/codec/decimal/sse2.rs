//! The x86-64 backend of the 32-digit conversion and the 16- and 16-to-32-digit parses. SSE2 is
//! part of the x86-64 baseline, so this needs no run-time detection and inlines into its
//! callers.
//!
//! The scalar backend spends six multiplications per eight digits, and a 28-digit ID's text was
//! bound by the one scalar multiplier. Here each cut is one vector operation over all the lanes
//! (multiplications by fixed-point reciprocals), and cuts that do not depend on each other are
//! made side by side: a round trip of an ID's text waits for each conversion's whole chain of
//! multiplications, so the length of that chain is what costs.

use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_add_epi16, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_madd_epi16, _mm_max_epu8,
    _mm_movemask_epi8, _mm_mul_epu32, _mm_mulhi_epu16, _mm_mullo_epi16, _mm_or_si128, _mm_packs_epi32, _mm_set_epi64x,
    _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_slli_epi16, _mm_slli_epi64, _mm_srli_epi16, _mm_srli_epi64,
    _mm_storeu_si128, _mm_sub_epi8, _mm_sub_epi16, _mm_sub_epi32, _mm_unpackhi_epi16, _mm_unpacklo_epi16,
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

/// The value of a text of 16 to 32 digits, or `None` if a byte is not a digit.
#[inline(always)]
pub(super) fn thirty_two_digits(text: &[u8]) -> Option<u128> {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { thirty_two_digits_sse2(text) }
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
    let x = _mm_packs_epi32(fours(high), fours(low));
    // Each group's three quotients at once, not one after the other: x / 10 = x * 6554 >> 16,
    // x / 100 = (x * 5243 >> 16) >> 3 and x / 1000 = (x * 8389 >> 16) >> 7, exact below 10^4.
    let tens = _mm_mulhi_epu16(x, _mm_set1_epi16(6554));
    let hundreds = _mm_srli_epi16::<3>(_mm_mulhi_epu16(x, _mm_set1_epi16(5243)));
    let thousands = _mm_srli_epi16::<7>(_mm_mulhi_epu16(x, _mm_set1_epi16(8389)));
    // Each digit is its quotient less ten times the next larger one (10q = 8q + 2q).
    let times_ten = |q: __m128i| _mm_add_epi16(_mm_slli_epi16::<3>(q), _mm_slli_epi16::<1>(q));
    let second = _mm_sub_epi16(hundreds, times_ten(thousands));
    let third = _mm_sub_epi16(tens, times_ten(hundreds));
    let fourth = _mm_sub_epi16(x, times_ten(tens));
    // Bytes in reading order: each group's first two digits in one 16-bit lane, its last two in
    // another, then the lanes interleaved.
    let first_pair = _mm_or_si128(thousands, _mm_slli_epi16::<8>(second));
    let second_pair = _mm_or_si128(third, _mm_slli_epi16::<8>(fourth));
    let ascii = |digits: __m128i| _mm_add_epi8(digits, _mm_set1_epi8(b'0' as i8));
    let mut out = [0u8; 32];
    // SAFETY: `out` is 32 writable bytes; both stores are unaligned and in bounds.
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), ascii(_mm_unpacklo_epi16(first_pair, second_pair)));
        _mm_storeu_si128(
            out.as_mut_ptr().add(16).cast::<__m128i>(),
            ascii(_mm_unpackhi_epi16(first_pair, second_pair)),
        );
    }
    out
}

/// Sixteen ASCII bytes less `'0'`, each byte's all-ones where it was a digit in the second.
#[target_feature(enable = "sse2")]
#[inline]
fn digit_values(text: &[u8; 16]) -> (__m128i, __m128i) {
    // SAFETY: `text` is 16 readable bytes; the load is unaligned.
    digit_values_of(unsafe { _mm_loadu_si128(text.as_ptr().cast::<__m128i>()) })
}

/// [`digit_values`] of sixteen bytes in a register.
#[target_feature(enable = "sse2")]
#[inline]
fn digit_values_of(ascii: __m128i) -> (__m128i, __m128i) {
    // As unsigned bytes, a digit is at most 9 after subtracting '0'.
    let digits = _mm_sub_epi8(ascii, _mm_set1_epi8(b'0' as i8));
    let nine = _mm_set1_epi8(9);
    (digits, _mm_cmpeq_epi8(_mm_max_epu8(digits, nine), nine))
}

/// Sixteen digit values as four four-digit numbers in 32-bit lanes, in reading order.
#[target_feature(enable = "sse2")]
#[inline]
fn four_digit_groups(digits: __m128i) -> __m128i {
    // 16-bit lanes: the first digit (low byte) times 10 plus the second.
    let twos = _mm_add_epi16(
        _mm_mullo_epi16(_mm_and_si128(digits, _mm_set1_epi16(0xFF)), _mm_set1_epi16(10)),
        _mm_srli_epi16::<8>(digits),
    );
    // 32-bit lanes: the first pair times 100 plus the second (every product fits 16 bits signed).
    _mm_madd_epi16(twos, _mm_set1_epi32(1 << 16 | 100))
}

/// Two registers of four-digit groups as four eight-digit numbers (below 10^8, in 32-bit
/// lanes, the first register's two first): back to 16-bit lanes, then the first four digits
/// times 10^4 plus the second.
#[target_feature(enable = "sse2")]
#[inline]
fn eight_digit_groups(first: __m128i, second: __m128i) -> (u64, u64) {
    let eights = _mm_madd_epi16(_mm_packs_epi32(first, second), _mm_set1_epi32(1 << 16 | 10_000));
    crate::codec::sse2::words(eights)
}

#[target_feature(enable = "sse2")]
#[inline]
fn sixteen_digits_sse2(text: &[u8; 16]) -> Option<u64> {
    let (digits, valid) = digit_values(text);
    if _mm_movemask_epi8(valid) != 0xFFFF {
        return None;
    }
    let groups = four_digit_groups(digits);
    let (eights, _) = eight_digit_groups(groups, groups);
    Some((eights & 0xFFFF_FFFF) * 100_000_000 + (eights >> 32))
}

#[target_feature(enable = "sse2")]
#[inline]
fn thirty_two_digits_sse2(text: &[u8]) -> Option<u128> {
    const E8: u64 = 100_000_000;
    // For each `keep` (how many digits come before the last sixteen), the bytes of the head
    // register that hold those digits once each. Below eight, the head is the first sixteen
    // bytes: its first `keep`. From eight, it is the first eight digits and the eight that end
    // at `keep`: all of the first, and of the second the `keep - 8` the first does not repeat.
    const HEAD_MASKS: [[u8; 16]; 17] = {
        let mut masks = [[0u8; 16]; 17];
        let mut keep = 0;
        while keep <= 16 {
            let mut i = 0;
            while i < 16 {
                let kept = if keep < 8 { i < keep } else { i < 8 || i >= 24 - keep };
                masks[keep][i] = if kept { 0xFF } else { 0 };
                i += 1;
            }
            keep += 1;
        }
        masks
    };
    let (n, keep) = (text.len(), text.len() - 16);
    let last: &[u8; 16] = text[n - 16..].try_into().expect("16 bytes");
    // From eight digits before the last sixteen, the head's loads end where the last sixteen
    // start, not sixteen bytes from the start (see "Reading a text `memcpy` has just written"
    // in the `codec` docs).
    let word = |at: usize| u64::from_le_bytes(text[at..at + 8].try_into().expect("8 bytes"));
    let (head, head_valid) = if keep < 8 {
        digit_values(text[..16].try_into().expect("16 bytes"))
    } else {
        digit_values_of(_mm_set_epi64x(word(keep - 8) as i64, word(0) as i64))
    };
    let (tail, tail_valid) = digit_values(last);
    if _mm_movemask_epi8(_mm_and_si128(head_valid, tail_valid)) != 0xFFFF {
        return None;
    }
    // SAFETY: a row of `HEAD_MASKS` is 16 readable bytes; the load is unaligned.
    let mask = unsafe { _mm_loadu_si128(HEAD_MASKS[keep].as_ptr().cast::<__m128i>()) };
    let (head, tail) = eight_digit_groups(four_digit_groups(_mm_and_si128(head, mask)), four_digit_groups(tail));
    // The head's first eight lanes read as a number are its first eight digits (below eight,
    // the first `keep` followed by zeros), worth 10^(keep + 8); its second eight are digits
    // 8..keep after leading zeros (below eight, all zeros), worth 10^16. Three products side by
    // side, where joining each part first made them wait for each other.
    let head = u128::from(head & 0xFFFF_FFFF) * super::POWERS_OF_TEN[keep + 8]
        + u128::from(head >> 32) * super::POWERS_OF_TEN[16];
    Some(head + u128::from((tail & 0xFFFF_FFFF) * E8 + (tail >> 32)))
}
