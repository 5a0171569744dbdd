//! Crockford's base32 of a 128-bit value in 26 characters: the text of ULIDs (uppercase) and
//! of TypeID suffixes (lowercase).
//!
//! 26 characters carry 130 bits, so the first one holds only the value's top 3 bits and is
//! `0`–`7`; a first character above `7` is a value of more than 128 bits, which both the ULID
//! spec and TypeID v0.3 reject. The alphabet `0123456789ABCDEFGHJKMNPQRSTVWXYZ` leaves out
//! `I`, `L`, `O` and `U`; it is in ASCII order, so the text of equal-length values sorts as the
//! values do.
//!
//! Decoding is strict: exact length, ASCII alphabet characters only, none of the four left-out
//! letters (Crockford's decoding rule maps `I`/`L` to 1 and `O` to 0, but neither the ULID spec
//! nor TypeID does, and two texts for one ID would break string comparison and lookups).
//! [`Case::Either`] is the ULID rule (either case reads); [`Case::Lower`] is TypeID's (an
//! uppercase suffix is invalid).

use super::{AsciiWords, IdText, reverse_table};
use crate::error::{ParseError, RangeRule};

/// The 32 digits in value order (uppercase, as ULIDs are written).
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LOWER_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// Characters in the text of a 128-bit value.
pub const LEN: usize = 26;

const UPPER: [u8; 256] = reverse_table(ALPHABET);
const LOWER: [u8; 256] = reverse_table(LOWER_ALPHABET);
const EITHER: [u8; 256] = merge(&UPPER, &LOWER);

/// A regular expression for the 26 characters in either case (the first at most `7`).
pub const EITHER_PATTERN: &str = "[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}";
/// A regular expression for the 26 lowercase characters (TypeID suffixes).
pub const LOWER_PATTERN: &str = "[0-7][0-9a-hjkmnp-tv-z]{25}";

const EITHER_NAME: &str = "Crockford base32 [0-9A-HJKMNP-TV-Z], either case";
const LOWER_NAME: &str = "lowercase Crockford base32 [0-9a-hjkmnp-tv-z]";

/// Which letter case a decoder accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Upper or lower (the ULID spec: "case insensitive").
    Either,
    /// Lower only (TypeID v0.3).
    Lower,
}

/// `a` where it has a digit, else `b`.
const fn merge(a: &[u8; 256], b: &[u8; 256]) -> [u8; 256] {
    let mut table = *a;
    let mut i = 0;
    while i < 256 {
        if table[i] == 0xFF {
            table[i] = b[i];
        }
        i += 1;
    }
    table
}

/// The 26 characters of `value`, uppercase (ULID) or lowercase (TypeID).
#[inline]
pub fn encode_u128(value: u128, upper: bool) -> IdText {
    IdText::build_words(|out| write_u128(value, upper, out))
}

/// [`encode_u128`] into a caller's buffer: the 26 characters at `0..26`.
#[inline]
pub(crate) fn write_u128(value: u128, upper: bool, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    let pairs = if upper { &UPPER_PAIRS } else { &LOWER_PAIRS };
    // 13 lookups of two characters each: character pair `p` is the 10 bits at `120 - 10p` of
    // the value (the first pair has only 8: 3 + 5).
    let pair = |p: usize| u64::from(pairs[(value >> (120 - 10 * p)) as usize & 1023]);
    // Whole 8-byte words, never single bytes: a caller that copies the text right away would
    // otherwise stall reading back bytes stored one at a time.
    let word = |first: usize| (first..(first + 4).min(LEN / 2)).fold(0u64, |w, p| w | pair(p) << (16 * (p - first)));
    for (at, first) in [(0, 0), (8, 4), (16, 8), (24, 12)] {
        out.put(at, word(first));
    }
    0..LEN
}

/// Two digits per entry, the first in the low byte: entry `x` is the digits of `x >> 5` and
/// `x & 31`.
const fn pair_table(alphabet: &[u8; 32]) -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut i = 0;
    while i < 1024 {
        table[i] = alphabet[i >> 5] as u16 | (alphabet[i & 31] as u16) << 8;
        i += 1;
    }
    table
}

static UPPER_PAIRS: [u16; 1024] = pair_table(ALPHABET);
static LOWER_PAIRS: [u16; 1024] = pair_table(LOWER_ALPHABET);

/// Reads 26 characters in `case` as a 128-bit value.
#[inline]
pub fn decode_u128(text: &str, case: Case) -> Result<u128, ParseError> {
    let (table, wide, alphabet) = match case {
        Case::Either => (&EITHER, &EITHER_WIDE, EITHER_NAME),
        Case::Lower => (&LOWER, &LOWER_WIDE, LOWER_NAME),
    };
    let bytes: &[u8; LEN] = ParseError::check_ascii_len(text, LEN, alphabet)?.try_into().expect("checked length");
    let first = wide[bytes[0] as usize];
    match backend::decode_rest(bytes, case, wide) {
        Some(rest) if first >> 5 == 0 => {
            if first > 7 {
                return Err(ParseError::OutOfRange { rule: RangeRule::BASE32_ABOVE_128_BITS });
            }
            // The first character's 3 bits, then the other 25 characters' 125.
            Ok(u128::from(first) << 125 | rest)
        }
        _ => Err(ParseError::first_invalid(text, |c| table[c as usize] != 0xFF, alphabet)),
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use scalar as backend;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2 as backend;

/// The portable backend: table lookups.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod scalar {
    use super::{Case, LEN};

    /// The value of the 25 characters after the first (125 bits), or `None` if one is not a
    /// digit of `wide`, the table of the case.
    #[inline(always)]
    pub(super) fn decode_rest(bytes: &[u8], _case: Case, wide: &[u32; 256]) -> Option<u128> {
        assert!(bytes.len() == LEN);
        let digit = |c: u8| u64::from(wide[c as usize]);
        // Five groups of 5 characters (25 bits each): short, independent chains the CPU works
        // on side by side.
        let groups: [u64; 5] =
            core::array::from_fn(|g| bytes[1 + 5 * g..][..5].iter().fold(0u64, |v, &c| v << 5 | digit(c)));
        // An invalid character's bit 31 lands above its group's 25 bits wherever it is
        // shifted to: one test per group instead of one OR per character.
        if groups.iter().fold(0, |spilled, &g| spilled | g >> 25) != 0 {
            return None;
        }
        let top = groups[0] << 25 | groups[1];
        let bottom = u128::from(groups[2]) << 50 | u128::from(groups[3] << 25 | groups[4]);
        Some(u128::from(top) << 75 | bottom)
    }
}

/// The x86-64 backend (SSE2 is in that architecture's baseline): the second character from the
/// table, the last 24 in two registers. Each byte is classified by range (digit, letter of
/// the allowed case, not one of the four left-out letters) and mapped to its digit; digit
/// pairs, then quads, then groups of eight are joined inside the lanes, and three 40-bit groups
/// come out as plain integers. Fewer dependent steps than 25 table lookups joined in chains.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::{Case, LEN};
    use crate::codec::sse2::{in_range, join_eights};
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_loadl_epi64,
        _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_unpacklo_epi64,
    };

    #[inline(always)]
    pub(super) fn decode_rest(bytes: &[u8], case: Case, wide: &[u32; 256]) -> Option<u128> {
        // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this
        // module is only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
        unsafe { decode_rest_sse2(bytes, case, wide) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn decode_rest_sse2(bytes: &[u8], case: Case, wide: &[u32; 256]) -> Option<u128> {
        assert!(bytes.len() == LEN);
        let second = wide[bytes[1] as usize];
        // Characters 2..10 in one 8-byte load that ends where the last sixteen start, not in
        // the front half of a 16-byte load (see "Reading a text `memcpy` has just written" in
        // the `codec` docs).
        // SAFETY: `bytes` is 26 readable bytes (asserted); the loads cover 2..10 and 10..26, in
        // bounds, and are unaligned.
        let (front, back) =
            unsafe { (_mm_loadl_epi64(bytes.as_ptr().add(2).cast()), _mm_loadu_si128(bytes.as_ptr().add(10).cast())) };
        let front = _mm_unpacklo_epi64(front, back);
        let (front, front_ok) = digits(front, case);
        let (back, back_ok) = digits(back, case);
        if second >> 5 != 0 || _mm_movemask_epi8(_mm_and_si128(front_ok, back_ok)) != 0xFFFF {
            return None;
        }
        // Characters 2..10 and 10..18 from the front register, 18..26 from the back one.
        let (a, b) = join_eights(front, 5);
        let (_, c) = join_eights(back, 5);
        Some(u128::from(second) << 120 | u128::from(a) << 80 | u128::from(b) << 40 | u128::from(c))
    }

    /// Each byte's digit, and a mask of the bytes that are digits in `case`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn digits(ascii: __m128i, case: Case) -> (__m128i, __m128i) {
        let byte = |b: u8| _mm_set1_epi8(b as i8);
        // Letters of either case, folded to lowercase.
        let (is_digit, digit) = in_range(ascii, b'0', b'9');
        let folded = _mm_or_si128(ascii, byte(0x20));
        let (mut is_letter, letter) = in_range(folded, b'a', b'z');
        if case == Case::Lower {
            // Only what was lowercase already.
            is_letter = _mm_and_si128(is_letter, _mm_cmpeq_epi8(ascii, folded));
        }
        // `i`, `l`, `o` and `u` are not digits, and each letter after one is one digit lower.
        let after = |l: u8| _mm_cmpgt_epi8(letter, byte(l - b'a'));
        let left_out = |l: u8| _mm_cmpeq_epi8(letter, byte(l - b'a'));
        let excluded =
            _mm_or_si128(_mm_or_si128(left_out(b'i'), left_out(b'l')), _mm_or_si128(left_out(b'o'), left_out(b'u')));
        is_letter = _mm_andnot_si128(excluded, is_letter);
        // `after` is -1 where true: adding it subtracts one per left-out letter passed.
        let skipped = _mm_add_epi8(_mm_add_epi8(after(b'i'), after(b'l')), _mm_add_epi8(after(b'o'), after(b'u')));
        let letter_digit = _mm_add_epi8(_mm_add_epi8(letter, byte(10)), skipped);
        let value = _mm_or_si128(_mm_and_si128(is_digit, digit), _mm_and_si128(is_letter, letter_digit));
        (value, _mm_or_si128(is_digit, is_letter))
    }
}

/// A digit table widened for [`decode_u128`]: the digit, or bit 31 for an invalid character.
const fn widen(table: &[u8; 256]) -> [u32; 256] {
    let mut wide = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        wide[i] = if table[i] == 0xFF { 1 << 31 } else { table[i] as u32 };
        i += 1;
    }
    wide
}

static EITHER_WIDE: [u32; 256] = widen(&EITHER);
static LOWER_WIDE: [u32; 256] = widen(&LOWER);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn the_ends_of_the_range() {
        assert_eq!(&*encode_u128(0, true), "00000000000000000000000000");
        assert_eq!(&*encode_u128(u128::MAX, true), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assert_eq!(&*encode_u128(u128::MAX, false), "7zzzzzzzzzzzzzzzzzzzzzzzzz");
        assert_eq!(decode_u128("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", Case::Either), Ok(u128::MAX));
        assert_eq!(decode_u128("7zzzzzzzzzzzzzzzzzzzzzzzzz", Case::Lower), Ok(u128::MAX));
        assert_eq!(
            decode_u128("80000000000000000000000000", Case::Either),
            Err(ParseError::OutOfRange { rule: RangeRule::BASE32_ABOVE_128_BITS })
        );
    }

    #[test]
    fn every_digit_in_every_position() {
        for position in 1..LEN {
            for digit in 0..32u128 {
                let value = digit << (5 * (LEN - 1 - position));
                let text = encode_u128(value, true);
                assert_eq!(text.as_bytes()[position], ALPHABET[digit as usize]);
                assert_eq!(decode_u128(&text, Case::Either), Ok(value));
                assert_eq!(decode_u128(&text.to_ascii_lowercase(), Case::Lower), Ok(value));
            }
        }
    }

    #[test]
    fn bad_text_says_what_and_where() {
        for (left_out, position) in [('I', 3), ('L', 0), ('O', 25), ('U', 12), ('i', 1), ('-', 7)] {
            let mut text = String::from("01ARZ3NDEKTSV4RRFFQ69G5FAV");
            text.replace_range(position..position + 1, &left_out.to_string());
            match decode_u128(&text, Case::Either) {
                Err(ParseError::Character { character, position: at, .. }) => {
                    assert_eq!((character, at), (left_out, position));
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        let upper = decode_u128("01ARZ3NDEKTSV4RRFFQ69G5FAV", Case::Lower).unwrap_err();
        assert_eq!(
            upper.to_string(),
            "invalid character 'A' at position 2 (expected lowercase Crockford base32 [0-9a-hjkmnp-tv-z])"
        );
        assert_eq!(decode_u128("01ARZ3NDEKTSV4RRFFQ69G5FA", Case::Either), Err(ParseError::chars(26, 25)));
        assert!(matches!(
            decode_u128("01ARZ3NDEKTSV4RRFFQ69G5FAé", Case::Either),
            Err(ParseError::Character { character: 'é', position: 25, .. })
        ));
    }

    /// The backends agree on every byte value at every position, in both cases, and at every
    /// alignment of the text (under Miri, every value once: see `test_budget`).
    #[test]
    fn backends_agree() {
        for case in [Case::Either, Case::Lower] {
            let wide = if case == Case::Either { &EITHER_WIDE } else { &LOWER_WIDE };
            for (position, c) in crate::test_budget::bytes_at_positions(LEN) {
                let mut text = *b"7zyxwvtsrqpnmkjhgfedcba9ZY";
                text[position] = c;
                let (sse, scalar) = (backend::decode_rest(&text, case, wide), scalar::decode_rest(&text, case, wide));
                assert_eq!(sse, scalar, "{case:?}: {c} at {position}");
            }
            for text in [*b"7zyxwvtsrqpnmkjhgfedcba9ZY", *b"00000000000000000000000000", *b"7ZZZZZZZZZZZZZZZZZZZZZZZZu"]
            {
                crate::test_budget::at_every_alignment(&text, |t| {
                    assert_eq!(backend::decode_rest(t, case, wide), scalar::decode_rest(t, case, wide))
                });
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn round_trips_and_keeps_order(a: u128, b: u128) {
            let (ta, tb) = (encode_u128(a, true), encode_u128(b, true));
            proptest::prop_assert_eq!(decode_u128(&ta, Case::Either), Ok(a));
            proptest::prop_assert_eq!(decode_u128(&encode_u128(a, false), Case::Lower), Ok(a));
            proptest::prop_assert_eq!(ta.cmp(&tb), a.cmp(&b));
        }

        #[test]
        fn any_text_is_a_value_or_an_error(text in crate::test_budget::printable_text(30)) {
            let _ = decode_u128(&text, Case::Either);
            let _ = decode_u128(&text, Case::Lower);
        }
    }
}
