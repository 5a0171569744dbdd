//! The x86-64 backend of the 16-byte hex conversions. SSE2 is part of the x86-64 baseline, so
//! this needs no run-time detection and inlines into its callers.
//!
//! Encoding splits each byte into its two nibbles (the high one first, interleaved with
//! `unpack`), then maps 0–9 and 10–15 to their characters with one compare. Decoding maps
//! digits and letters of either case to their values, checks every byte in one mask, and joins
//! nibble pairs within 16-bit lanes before packing them back to bytes.

use crate::codec::sse2::{in_range, words};
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpgt_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
    _mm_packus_epi16, _mm_set1_epi8, _mm_set1_epi16, _mm_setr_epi32, _mm_slli_epi16, _mm_srli_epi16, _mm_storeu_si128,
    _mm_unpackhi_epi8, _mm_unpacklo_epi8,
};

#[inline(always)]
pub(super) fn encode16(bytes: &[u8; 16], uppercase: bool) -> [u8; 32] {
    // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this module is
    // only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
    unsafe { encode16_sse2(bytes, uppercase) }
}

#[cfg(test)]
#[inline(always)]
pub(super) fn decode16(text: &[u8; 32]) -> Option<u128> {
    // SAFETY: as for `encode16`: SSE2 is enabled for the whole build.
    unsafe { decode16_sse2(text) }
}

#[inline(always)]
pub(super) fn decode_uuid_text(text: &[u8; 36]) -> Option<u128> {
    // SAFETY: as for `encode16`: SSE2 is enabled for the whole build.
    unsafe { decode_uuid_sse2(text) }
}

#[target_feature(enable = "sse2")]
#[inline]
fn encode16_sse2(bytes: &[u8; 16], uppercase: bool) -> [u8; 32] {
    // SAFETY: `bytes` is 16 readable bytes; the load is unaligned.
    let v = unsafe { _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>()) };
    let low_nibble = _mm_set1_epi8(0x0F);
    let high = _mm_and_si128(_mm_srli_epi16::<4>(v), low_nibble);
    let low = _mm_and_si128(v, low_nibble);
    // 'a' (or 'A') comes this much after where '9' + 1 would be.
    let gap = _mm_set1_epi8(if uppercase { (b'A' - b'9' - 1) as i8 } else { (b'a' - b'9' - 1) as i8 });
    let ascii = |nibbles: __m128i| {
        let letters = _mm_cmpgt_epi8(nibbles, _mm_set1_epi8(9));
        _mm_add_epi8(_mm_add_epi8(nibbles, _mm_set1_epi8(b'0' as i8)), _mm_and_si128(letters, gap))
    };
    let mut out = [0u8; 32];
    // SAFETY: `out` is 32 writable bytes; both stores are unaligned and in bounds.
    unsafe {
        _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), ascii(_mm_unpacklo_epi8(high, low)));
        _mm_storeu_si128(out.as_mut_ptr().add(16).cast::<__m128i>(), ascii(_mm_unpackhi_epi8(high, low)));
    }
    out
}

/// The values of 16 hex characters of either case, one per byte, or `None` if any is not one.
#[target_feature(enable = "sse2")]
#[inline]
fn nibbles(ascii: __m128i) -> Option<__m128i> {
    // Letters of either case, folded to lowercase.
    let (is_digit, digit) = in_range(ascii, b'0', b'9');
    let (is_letter, letter) = in_range(_mm_or_si128(ascii, _mm_set1_epi8(0x20)), b'a', b'f');
    if _mm_movemask_epi8(_mm_or_si128(is_digit, is_letter)) != 0xFFFF {
        return None;
    }
    let letter_value = _mm_add_epi8(letter, _mm_set1_epi8(10));
    Some(_mm_or_si128(_mm_and_si128(is_digit, digit), _mm_and_si128(is_letter, letter_value)))
}

/// The 16 bytes of 32 hex characters (in two registers) as a big-endian value, computed and
/// returned in registers.
#[target_feature(enable = "sse2")]
#[inline]
fn join(first: __m128i, second: __m128i) -> Option<u128> {
    let pairs = |nibbles: __m128i| {
        // Each 16-bit lane holds (first nibble, second nibble) as its (low, high) byte.
        let high = _mm_slli_epi16::<4>(_mm_and_si128(nibbles, _mm_set1_epi16(0x00FF)));
        _mm_or_si128(high, _mm_srli_epi16::<8>(nibbles))
    };
    let packed = _mm_packus_epi16(pairs(nibbles(first)?), pairs(nibbles(second)?));
    // Byte i of `packed` is byte i of the value, most significant first.
    let (front, back) = words(packed);
    Some(u128::from(front.swap_bytes()) << 64 | u128::from(back.swap_bytes()))
}

#[cfg(test)]
#[target_feature(enable = "sse2")]
#[inline]
fn decode16_sse2(text: &[u8; 32]) -> Option<u128> {
    // SAFETY: `text` is 32 readable bytes; both loads are unaligned and in bounds.
    let (first, second) = unsafe {
        (_mm_loadu_si128(text.as_ptr().cast::<__m128i>()), _mm_loadu_si128(text.as_ptr().add(16).cast::<__m128i>()))
    };
    join(first, second)
}

/// The hyphenated text's 32 digits, gathered in registers straight from the text: five
/// overlapping loads, each masked to the digits it holds in place. (Copying the groups to a
/// buffer first would make the wide loads wait for the small stores.)
#[target_feature(enable = "sse2")]
#[inline]
fn decode_uuid_sse2(text: &[u8; 36]) -> Option<u128> {
    // SAFETY: `text` is 36 readable bytes and every load is 16 bytes from an offset of at most
    // 20, so in bounds; the loads are unaligned.
    let at = |offset: usize| unsafe { _mm_loadu_si128(text.as_ptr().add(offset).cast::<__m128i>()) };
    // Digit i of each half comes from the load whose offset is the number of hyphens before
    // it, at lane i: digits 0..8 (none), 8..12 (one), 12..16 (two); 16..20 (three), 20..32 (four).
    let lanes = |a: i32, b: i32, c: i32, d: i32| _mm_setr_epi32(a, b, c, d);
    let first = _mm_or_si128(
        _mm_or_si128(_mm_and_si128(at(0), lanes(-1, -1, 0, 0)), _mm_and_si128(at(1), lanes(0, 0, -1, 0))),
        _mm_and_si128(at(2), lanes(0, 0, 0, -1)),
    );
    let second = _mm_or_si128(_mm_and_si128(at(19), lanes(-1, 0, 0, 0)), _mm_and_si128(at(20), lanes(0, -1, -1, -1)));
    join(first, second)
}
