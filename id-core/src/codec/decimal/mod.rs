//! 28-digit decimal IDs (Architect.Identities' `DistributedId` range): checks, the plain
//! digits (of any `u128`), the 16-byte binary form, the 16-character base62 form and the
//! 26-character hex form.
//!
//! The digit conversions have two interchangeable backends for their 16- and 32-digit steps,
//! like [`super::hex`]: SSE2 on x86-64 (part of that architecture's baseline, so always
//! available and inlined) and portable SWAR code everywhere else. The tests run both on every
//! x86-64 build and check them against each other and against the standard library.

use super::{AsciiWords, IdText, base62, hex};
use crate::error::{ParseError, RangeRule};
#[cfg(feature = "decimal")]
use rust_decimal::Decimal;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use scalar as backend;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2 as backend;

/// The portable backend: four groups of eight digits (SWAR, see `eight_ascii`).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod scalar {
    /// `high` and `low`, each below 10^16, as thirty-two ASCII digits, the most significant
    /// first.
    #[inline(always)]
    pub(super) fn thirty_two_ascii(high: u64, low: u64) -> [u8; 32] {
        const E8: u64 = 100_000_000;
        let mut out = [0u8; 32];
        for (chunk, group) in out.chunks_exact_mut(8).zip([high / E8, high % E8, low / E8, low % E8]) {
            chunk.copy_from_slice(&super::eight_ascii(group as u32).to_le_bytes());
        }
        out
    }

    /// Sixteen ASCII digits as their value, or `None` if one is not a digit.
    #[inline(always)]
    pub(super) fn sixteen_digits(text: &[u8; 16]) -> Option<u64> {
        let (high, low) = text.split_at(8);
        let group = |half: &[u8]| super::eight_digits(u64::from_le_bytes(half.try_into().expect("8 bytes")));
        Some(group(high)? * 100_000_000 + group(low)?)
    }

    /// The value of a text of 16 to 32 digits, or `None` if a byte is not a digit.
    #[inline(always)]
    pub(super) fn thirty_two_digits(text: &[u8]) -> Option<u128> {
        let (n, keep) = (text.len(), text.len() - 16);
        let (head, tail) = (
            sixteen_digits(text[..16].try_into().expect("16 bytes"))?,
            sixteen_digits(text[n - 16..].try_into().expect("16 bytes"))?,
        );
        // Both powers are at most 10^16: the division stays in 64 bits.
        let head = head / super::POWERS_OF_TEN[16 - keep] as u64;
        Some(u128::from(head) * super::POWERS_OF_TEN[16] + u128::from(tail))
    }
}

/// 10^0 to 10^38, every power of ten a `u128` holds.
const POWERS_OF_TEN: [u128; 39] = {
    let mut powers = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        powers[i] = powers[i - 1] * 10;
        i += 1;
    }
    powers
};

/// The largest value: `9999999999999999999999999999` (28 nines, .NET's `decimal.MaxValue`).
pub const MAX: u128 = 9_999_999_999_999_999_999_999_999_999;

/// The integer value of a non-negative, scale-0 `Decimal`.
///
/// A scale with only zeros behind the point (`123.0`, as SQLite returns) is accepted: the value
/// is integral, and refusing it is what Architect.Identities issue #39 complained about.
#[cfg(feature = "decimal")]
#[inline]
pub fn from_decimal(d: Decimal) -> Result<u128, ParseError> {
    // What drivers and `to_decimal` produce: no rescaling needed.
    if d.scale() == 0 && d.is_sign_positive() {
        return Ok(d.mantissa().unsigned_abs());
    }
    // The parts, not the `Decimal`: a `Decimal` handed to a call made its callers keep a copy
    // of it on the stack and read its fields back through that copy, on the fast path too.
    from_scaled_decimal(d.mantissa(), d.scale())
}

/// [`from_decimal`] of the `Decimal` with this mantissa and scale (a negative zero arrives as
/// zero, which is accepted either way).
#[cfg(feature = "decimal")]
#[cold]
#[inline(never)]
fn from_scaled_decimal(mantissa: i128, scale: u32) -> Result<u128, ParseError> {
    let d = Decimal::from_i128_with_scale(mantissa, scale);
    if d.is_sign_negative() && !d.is_zero() {
        return Err(ParseError::OutOfRange { rule: RangeRule::NEGATIVE });
    }
    if d.fract() != Decimal::ZERO {
        return Err(ParseError::OutOfRange { rule: RangeRule::FRACTIONAL });
    }
    let mut integral = d.trunc();
    integral.rescale(0);
    Ok(integral.mantissa().unsigned_abs())
}

/// The `Decimal` (scale 0) of a value; values are at most [`MAX`], which always fits.
#[cfg(feature = "decimal")]
#[inline]
pub fn to_decimal(v: u128) -> Result<Decimal, ParseError> {
    Ok(decimal_below_2_96(check(v)?))
}

/// The `Decimal` (scale 0) of `v < 2^96` from its three 32-bit words, without
/// `from_i128_with_scale`'s range checks (its callers have checked already).
#[cfg(feature = "decimal")]
#[inline(always)]
pub(crate) fn decimal_below_2_96(v: u128) -> Decimal {
    debug_assert!(v >> 96 == 0);
    Decimal::from_parts(v as u32, (v >> 32) as u32, (v >> 64) as u32, false, 0)
}

/// Checks `v <= MAX`.
#[inline]
pub const fn check(v: u128) -> Result<u128, ParseError> {
    if v <= MAX { Ok(v) } else { Err(ParseError::OutOfRange { rule: RangeRule::ABOVE_DECIMAL_MAX }) }
}

/// The 16-byte big-endian binary form: 4 zero bytes, then the 96-bit value.
#[inline]
pub fn to_binary(v: u128) -> [u8; 16] {
    v.to_be_bytes()
}

/// Reads the 16-byte binary form, requiring the value to be at most [`MAX`].
#[inline]
pub fn from_binary(bytes: &[u8]) -> Result<u128, ParseError> {
    let b: [u8; 16] = bytes.try_into().map_err(|_| ParseError::bytes(16, bytes.len()))?;
    check(u128::from_be_bytes(b))
}

/// The 16-character base62 form: the 22-character form of the same `u128` without its first
/// six characters, which are always `0` below 2^96.
#[inline]
pub fn to_base62(v: u128) -> IdText {
    IdText::build_words(|out| write_base62(v, out))
}

/// [`to_base62`] into a caller's buffer: the 16 characters at `0..16`.
#[inline]
pub(crate) fn write_base62(v: u128, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    let [first, second] = base62::decimal16_words(v);
    out.put(0, first);
    out.put(8, second);
    0..16
}

/// Reads the 16-character base62 form.
#[inline]
pub fn from_base62(text: &str) -> Result<u128, ParseError> {
    let ascii = ParseError::check_ascii_len(text, 16, "[0-9A-Za-z]")?;
    // The high block is 6 implied zeros plus 5 given digits, so it cannot overflow 64 bits.
    let (high, low) = base62::decode_decimal16(ascii.try_into().expect("checked length"), text)?;
    if high >> 32 != 0 {
        return Err(ParseError::OutOfRange { rule: RangeRule::ABOVE_DECIMAL_MAX });
    }
    check(u128::from(high) << 64 | u128::from(low))
}

/// The 26-character uppercase hex form (13 bytes: the binary form without its 3 leading zeros).
#[inline]
pub fn to_hex(v: u128) -> IdText {
    IdText::build(|out| {
        hex::encode_into(&v.to_be_bytes()[3..], true, &mut out[..26]);
        26
    })
}

/// Reads the 26-character hex form (either case).
#[inline]
pub fn from_hex(text: &str) -> Result<u128, ParseError> {
    let mut b = [0u8; 16];
    hex::decode_into(text, &mut b[3..])?;
    check(u128::from_be_bytes(b))
}

/// `n < 10^8` as eight ASCII digits, the first in the lowest byte: SWAR, the number split into
/// halves, the halves into pairs, the pairs into digits, all lanes at once (multiplications by
/// fixed-point reciprocals instead of divisions), so one 8-byte store writes them.
#[inline(always)]
fn eight_ascii(n: u32) -> u64 {
    let n = u64::from(n);
    // 32-bit lanes: n / 10^4, n % 10^4.
    let halves = (n / 10_000) | ((n % 10_000) << 32);
    // 16-bit lanes: each half / 100, % 100 (x * 10486 >> 20 is x / 100 for x < 10^4).
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    // 8-bit lanes: each pair / 10, % 10 (x * 103 >> 10 is x / 10 for x < 100).
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | ((pairs - tens * 10) << 8);
    digits | 0x3030_3030_3030_3030
}

/// How many digits `v` has (1 for 0), without branches: IDs of one scheme differ in length by
/// a digit or two, and `ilog10`'s branches on the magnitude mispredicted on such a mix. Taken
/// from the value itself, so the length is known while the digits are still being divided out
/// (the text's length is what `write_str` waits for).
///
/// `bits · 1233 / 4096` (1233 / 4096 just above log10 2) is the digit count of the smallest
/// number with that many bits, or one less; one comparison with the next power of ten settles
/// it (`| 1` makes 0 count as one digit and changes no other count: `10^k − 1` is odd).
#[inline(always)]
fn digit_count(v: u128) -> usize {
    let v = v | 1;
    let guess = ((u128::BITS - v.leading_zeros()) as usize * 1233) >> 12;
    guess + usize::from(v >= POWERS_OF_TEN[guess])
}

/// `v` as `(v / 10^16, v % 10^16)`.
#[inline(always)]
fn split_e16(v: u128) -> (u128, u64) {
    const E16: u64 = 10_000_000_000_000_000;
    match u64::try_from(v) {
        Ok(v) => (u128::from(v / E16), v % E16),
        Err(_) => {
            let high = div_e16(v);
            // The remainder is below 2^64, so arithmetic modulo 2^64 finds it exactly.
            (high, (v as u64).wrapping_sub((high as u64).wrapping_mul(E16)))
        }
    }
}

/// `v / 10^16` for any `u128` with four 64×64-bit multiplications, where `/` calls the 128-bit
/// division routine (the one division left in a 28-digit ID's text, a fifth of its cost).
///
/// `v / 10^16 = (v >> 16) / 5^16`, and for `w < 2^112`, `w / 5^16 = ⌊w·m / 2^150⌋` with
/// `m = ⌈2^150 / 5^16⌉`, exactly, because `m·5^16 − 2^150 < 5^16 < 2^38 = 2^(150 − 112)`
/// (Granlund and Montgomery, "Division by invariant integers using multiplication", 1994).
/// `m` has 113 bits; only the product's top part is formed.
#[inline(always)]
fn div_e16(v: u128) -> u128 {
    const M_HIGH: u128 = 0x1_CD2B_297D_889B;
    const M_LOW: u128 = 0xC2B6_985D_7CD0_F314;
    let w_low = u128::from((v >> 16) as u64);
    let w_high = u128::from((v >> 80) as u64);
    // w·m = low + 2^64·middle + 2^128·high, the carries of each part folded into the next.
    let low = w_low * M_LOW;
    let middle = w_low * M_HIGH + w_high * M_LOW + (low >> 64);
    let high = w_high * M_HIGH;
    // ⌊w·m / 2^150⌋ = ⌊(middle / 2^64 + high) / 2^22⌋: the dropped parts are below 2^128.
    ((middle >> 64) + high) >> 22
}

/// An unsigned integer as plain decimal digits (no sign, no leading zeros).
///
/// The value is cut into two 16-digit parts and a top group of at most seven digits (a
/// multiplication in place of a 128-bit division, see `div_e16`), and every part is written
/// with one fixed store at a fixed place, right-aligned: the text is then the last
/// `digit count` bytes, with no branch per group and no variable-length copy. The 16-digit
/// parts are converted all lanes at once (SSE2 on x86-64, SWAR elsewhere). A digit at a time
/// in `u128` cost 28 divisions for a 28-digit ID.
#[inline(always)]
pub fn to_digits(v: u128) -> IdText {
    IdText::build_words(|out| write_digits(v, out))
}

/// [`to_digits`] into a caller's buffer (in place for `Display`): the digits end at 40.
#[inline(always)]
pub(crate) fn write_digits(v: u128, out: &mut AsciiWords<'_>) -> core::ops::Range<usize> {
    const E16: u128 = 10_000_000_000_000_000;
    let (rest, low16) = split_e16(v);
    // u128::MAX / 10^32 < 10^8: the top group is the last. A 28-digit ID has none.
    let (top, mid16) = if rest < E16 { (0, rest as u64) } else { split_e16(rest) };
    let top = top as u32;
    let len = digit_count(v);
    // Only values above 10^32 have a top group (u128s, not 28-digit IDs): converting a zero
    // there cost five multiplications per ID.
    if top != 0 {
        out.put(0, eight_ascii(top));
    }
    out.put32(8, backend::thirty_two_ascii(mid16, low16));
    40 - len..40
}

/// Eight ASCII digits (the first in the lowest byte) as their value, or `None` if one is not a
/// digit: SWAR, pairs of digits joined, then pairs of pairs, then the two halves, instead of a
/// chain of eight multiply-adds.
#[inline(always)]
fn eight_digits(chunk: u64) -> Option<u64> {
    const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    // A digit has the high nibble 3, and a low nibble that stays one when 6 is added.
    let digits = chunk & !LOW_NIBBLES == ZEROS && (chunk + 0x0606_0606_0606_0606) & !LOW_NIBBLES == ZEROS;
    if !digits {
        return None;
    }
    let pairs = (chunk & 0x0F00_0F00_0F00_0F00) >> 8;
    let pairs = pairs + (chunk & 0x000F_000F_000F_000F) * 10;
    let quads = (pairs & 0x00FF_0000_00FF_0000) >> 16;
    let quads = quads + (pairs & 0x0000_00FF_0000_00FF) * 100;
    Some(((quads & 0x0000_FFFF_0000_0000) >> 32) + (quads & 0x0000_0000_0000_FFFF) * 10_000)
}

/// The eight digits of `text` that end at `end`, the positions before the text read as `0`
/// (`None` if a byte of the text there is not a digit). `text` has at least 8 bytes, so the
/// group that starts before it is one load from the front shifted into place.
#[inline(always)]
fn group_ending_at(text: &[u8], end: usize) -> Option<u64> {
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    let load = |at: usize| u64::from_le_bytes(text[at..at + 8].try_into().expect("8 bytes"));
    match end {
        0 => Some(0),
        1..8 => eight_digits(load(0) << (8 * (8 - end)) | ZEROS >> (8 * end)),
        _ => eight_digits(load(end - 8)),
    }
}

/// The error for an empty text or one of more than `max_digits` bytes: a text of at most
/// `max_digits` characters, some multi-byte, is refused for its first non-digit, by name and
/// position, never as "expected 20 characters, got 20".
#[cold]
fn wrong_length(text: &str, max_digits: usize) -> ParseError {
    let found = text.chars().count();
    if (1..=max_digits).contains(&found) {
        return ParseError::first_invalid(text, |c| c.is_ascii_digit(), "[0-9]");
    }
    ParseError::chars(max_digits, found)
}

/// Reads 1 to `max_digits` ASCII decimal digits.
///
/// From 16 to 32 digits (every 28-digit ID), the digits before the last sixteen and the last
/// sixteen side by side (SSE2 on x86-64, SWAR groups elsewhere, see `eight_digits`), with no
/// loop and no overflow check (10^32 < 2^128); from 8 to 15, two SWAR groups; from 33 to 39,
/// two sixteens and a group, the only texts with an overflow check; the others eight digits at
/// a time, each group joined with a checked `u128` multiply-add, the last few one by one.
#[inline(always)]
pub fn from_digits(text: &str, max_digits: usize) -> Result<u128, ParseError> {
    const E8: u64 = 100_000_000;
    const TOO_WIDE: ParseError = ParseError::OutOfRange { rule: RangeRule::ABOVE_128_BITS };
    if text.is_empty() || text.len() > max_digits {
        return Err(wrong_length(text, max_digits));
    }
    let invalid = || ParseError::first_invalid(text, |c| c.is_ascii_digit(), "[0-9]");
    let bytes = text.as_bytes();
    let n = bytes.len();
    if (16..=32).contains(&n) {
        return backend::thirty_two_digits(bytes).ok_or_else(invalid);
    }
    if (8..16).contains(&n) {
        let group = |end: usize| group_ending_at(bytes, end).ok_or_else(invalid);
        return Ok(u128::from(group(n - 8)? * E8 + group(n)?));
    }
    if (33..=39).contains(&n) {
        // Up to seven digits in front of two sixteens; only these can overflow.
        let sixteen = |end: usize| {
            backend::sixteen_digits(bytes[end - 16..end].try_into().expect("16 bytes")).ok_or_else(invalid)
        };
        let (low, middle) = (u128::from(sixteen(n)?), u128::from(sixteen(n - 16)?));
        let top = u128::from(group_ending_at(bytes, n - 32).ok_or_else(invalid)?);
        let e16 = u128::from(E8 * E8);
        return top.checked_mul(e16 * e16).and_then(|top| top.checked_add(middle * e16 + low)).ok_or(TOO_WIDE);
    }
    let (blocks, rest) = bytes.as_chunks::<8>();
    let mut v: u128 = 0;
    for block in blocks {
        let value = eight_digits(u64::from_le_bytes(*block)).ok_or_else(invalid)?;
        v = v.checked_mul(100_000_000).and_then(|v| v.checked_add(u128::from(value))).ok_or(TOO_WIDE)?;
    }
    for &b in rest {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return Err(invalid());
        }
        v = v.checked_mul(10).and_then(|v| v.checked_add(u128::from(digit))).ok_or(TOO_WIDE)?;
    }
    Ok(v)
}

/// [`from_base62`] as an `Option`: `None` on any invalid input, never a panic.
#[inline]
pub fn try_from_base62(text: &str) -> Option<u128> {
    from_base62(text).ok()
}

/// [`from_hex`] as an `Option`.
#[inline]
pub fn try_from_hex(text: &str) -> Option<u128> {
    from_hex(text).ok()
}

/// [`from_binary`] as an `Option`.
#[inline]
pub fn try_from_binary(bytes: &[u8]) -> Option<u128> {
    from_binary(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::test_budget;
    use core::str::FromStr;

    fn s(text: &str) -> &str {
        text
    }

    #[test]
    fn base62_vectors() {
        for (v, e) in [
            (0u128, "0000000000000000"),
            (1, "0000000000000001"),
            (61, "000000000000000z"),
            (62, "0000000000000010"),
            (4294967296, "00000000004gfFC4"),
            (4294967297, "00000000004gfFC5"),
            (447835050025542181830910637, "1drbWFYI4a3pLliX"),
            (MAX, "agbFu5KnEQGxp4QB"),
            (1088824355131185736905670087, "3zfAkCP7ZtzfeQYp"),
        ] {
            assert_eq!(s(&to_base62(v)), e);
            assert_eq!(from_base62(e).unwrap(), v);
        }
        for bad in [
            "1",
            "123456789012345",
            "12345678901234567890123456789",
            "123456789012345$",
            "1234567890123,00",
            "1234567890123.00",
            "+1234567890123456",
            "-1234567890123456",
            "123456789012345_",
        ] {
            assert!(from_base62(bad).is_err(), "{bad}");
        }
        assert!(from_base62("agbFu5KnEQGxp4QC").is_err());
        assert_eq!(try_from_base62("3zfAkCP7ZtzfeQYp"), Some(1088824355131185736905670087));
        assert_eq!(try_from_base62("3zfAkCP7ZtzfeQY"), None);
        assert_eq!(try_from_hex("00204FCE5E3E2502610FFFFFFF"), Some(MAX));
        assert_eq!(try_from_binary(&[0; 15]), None);
        assert_eq!(to_digits(0), "0");
        assert_eq!(to_digits(u128::MAX), "340282366920938463463374607431768211455");
        assert_eq!(from_digits("340282366920938463463374607431768211455", 39), Ok(u128::MAX));
        assert!(from_digits("340282366920938463463374607431768211456", 39).is_err());
        assert!(from_digits("12a", 3).unwrap_err().to_string().contains("'a' at position 2"));
        assert!(from_base62("00000LygHa16AHYG").is_err());
        assert!(from_base62("zzzzzzzzzzzzzzzz").is_err());
    }

    #[test]
    fn hex_vectors() {
        for (v, e) in [
            (0u128, "00000000000000000000000000"),
            (10, "0000000000000000000000000A"),
            (17, "00000000000000000000000011"),
            (1 << 32, "00000000000000000100000000"),
            (447835050025542181830910637, "00017270C2B5280CE29739E2AD"),
            (MAX, "00204FCE5E3E2502610FFFFFFF"),
            (1088824355131185736905670087, "000384A786907DB2AD82883DC7"),
        ] {
            assert_eq!(s(&to_hex(v)), e);
            assert_eq!(from_hex(e).unwrap(), v);
            assert_eq!(from_hex(&e.to_lowercase()).unwrap(), v);
        }
        assert!(from_hex("0000000000000000000000000G").is_err());
        assert!(from_hex("00204FCE5E3E2502610FFFFFFF0").is_err());
        assert!(from_hex("00204FCE5E3E25026110000000").is_err());
    }

    #[test]
    fn decimal_checks() {
        assert_eq!(from_decimal(Decimal::from_str("123.0").unwrap()).unwrap(), 123);
        assert!(from_decimal(Decimal::from_str("-1").unwrap()).is_err());
        assert!(from_decimal(Decimal::new(11, 1)).is_err());
        assert_eq!(from_decimal(Decimal::MAX).unwrap(), 79228162514264337593543950335);
        assert!(to_decimal(MAX + 1).is_err());
        assert_eq!(to_decimal(MAX).unwrap().to_string(), "9999999999999999999999999999");
        assert_eq!(to_binary(1)[15], 1);
        assert!(from_binary(&[0; 15]).is_err());
        assert!(from_binary(&[0; 17]).is_err());
        assert!(from_binary(&[0xff; 16]).is_err());
    }

    /// The chunked digit codec against `u128`'s own `Display`/`FromStr` at the chunk edges.
    #[test]
    fn digits_at_chunk_edges() {
        let e19 = 10u128.pow(19);
        for v in [0, 9, 10, e19 - 1, e19, e19 + 1, e19 * e19 - 1, e19 * e19, MAX, u128::MAX, u64::MAX as u128] {
            assert_eq!(to_digits(v).as_str(), v.to_string());
            assert_eq!(from_digits(&v.to_string(), 39).unwrap(), v);
        }
        assert!(from_digits("340282366920938463463374607431768211456", 39).is_err(), "2^128");
        assert!(from_digits("0000000000000000000000000000000000000001", 39).is_err(), "40 digits");
        assert_eq!(from_digits("000000000000000000000000000000000000001", 39).unwrap(), 1);
        assert!(from_digits("12345678901234567890a", 39).unwrap_err().to_string().contains("'a' at position 20"));
    }

    /// Every length both ways (each takes another path through the fixed groups), with and
    /// without leading zeros, and a non-digit at every position of every length reported there.
    /// The lengths include 0, 1, 15, 16, 17, 31, 32 and 33, where the SIMD parser's lanes begin
    /// and end.
    #[test]
    fn digits_of_every_length() {
        assert!(from_digits("", 39).is_err());
        let digits = "340282366920938463463374607431768211455";
        for n in 1..=39 {
            // The largest value of n digits (u128::MAX for 39), the smallest, and the first n digits of u128::MAX.
            let largest = 10u128.checked_pow(n as u32).map_or(u128::MAX, |e| e - 1);
            let leading = u128::from_str(&digits[..n]).unwrap();
            for v in [10u128.pow(n as u32 - 1), largest, leading] {
                assert_eq!(to_digits(v).as_str(), v.to_string(), "{n} digits");
                assert_eq!(from_digits(&v.to_string(), 39), Ok(v), "{n} digits");
            }
            let padded = format!("{:0>n$}", 7);
            assert_eq!(from_digits(&padded, 39), Ok(7), "{padded}");
            // Under Miri every 7th position from the last (7 is prime to the groups of 8 and 16).
            for at in (0..n).rev().step_by(test_budget::iterations(1, 7)) {
                // Natively every one at every position; under Miri one per position, in turn.
                let bads = [b'/', b':', b'a', b' ', 0x7F];
                for &bad in bads.iter().cycle().skip(at + n).take(test_budget::iterations(bads.len(), 1)) {
                    let mut text = padded.clone().into_bytes();
                    text[at] = bad;
                    let text = String::from_utf8(text).unwrap();
                    let err = from_digits(&text, 39).unwrap_err().to_string();
                    assert!(err.contains(&format!("at position {at}")), "{text:?}: {err}");
                }
            }
        }
    }

    #[test]
    fn digit_count_matches_the_standard_library() {
        let mut values = vec![0u128, 1, u128::MAX];
        for k in 1..39 {
            let e = 10u128.pow(k);
            values.extend([e - 1, e, e + 1]);
        }
        for bits in 0..128 {
            values.extend([1u128 << bits, (1u128 << bits) - 1, (1u128 << bits) + 1]);
        }
        for v in values {
            assert_eq!(digit_count(v), v.to_string().len(), "{v}");
        }
    }

    /// Both 32-digit backends (SSE2 and SWAR on x86-64, SWAR alone elsewhere) against the
    /// standard library, at every lane edge and on a spread of values (fewer under Miri).
    #[test]
    fn thirty_two_digit_backends_agree() {
        let mut values = vec![0u64, 1, 9_999_999_999_999_999];
        for digits in 0..16 {
            let e = 10u64.pow(digits);
            values.extend([e, e - 1, e + 1, 9_999_999_999_999_999 - e, e * 9]);
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..test_budget::iterations(100_000, 16) {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            values.extend([state % 10_000_000_000_000_000, (state >> 40) % 100_000_000]);
        }
        for pair in values.windows(2) {
            let (high, low) = (pair[0], pair[1]);
            let expected = format!("{high:016}{low:016}");
            assert_eq!(&backend::thirty_two_ascii(high, low), expected.as_bytes(), "{high} {low}");
            assert_eq!(&scalar::thirty_two_ascii(high, low), expected.as_bytes(), "{high} {low}");
        }
    }

    /// Both 16-digit parsers against the standard library: every value of a spread, and every
    /// byte at every position (a non-digit anywhere is `None`; under Miri, fewer values and
    /// every byte once, spread over the positions: see `test_budget`).
    #[test]
    fn sixteen_digit_parsers_agree() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..test_budget::iterations(100_000, 64) {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let n = state % 10_000_000_000_000_000;
            let text: [u8; 16] = format!("{n:016}").into_bytes().try_into().unwrap();
            assert_eq!(backend::sixteen_digits(&text), Some(n));
            assert_eq!(scalar::sixteen_digits(&text), Some(n));
        }
        for (position, c) in test_budget::bytes_at_positions(16) {
            let mut text = *b"9999999999999999";
            text[position] = c;
            let expected = c.is_ascii_digit().then(|| String::from_utf8_lossy(&text).parse::<u64>().unwrap());
            assert_eq!(backend::sixteen_digits(&text), expected, "{c} at {position}");
            assert_eq!(scalar::sixteen_digits(&text), expected, "{c} at {position}");
        }
        for text in [*b"0123456789012345", *b"9999999999999999", *b"012345678901234/"] {
            let expected = scalar::sixteen_digits(&text);
            test_budget::at_every_alignment(&text, |text| assert_eq!(backend::sixteen_digits(text), expected));
        }
    }

    /// The multiplication against the division, at the edges a wrong constant or a lost carry
    /// would show (multiples of 10^16 and their neighbours, powers of two, the maximum).
    /// A text as many characters long as the form allows, some of them multi-byte, names its
    /// first bad character and where it is (it said "expected 20 characters, got 20").
    #[test]
    fn multi_byte_characters_are_named_not_miscounted() {
        let error = from_digits("1234567890123456789€", 20).unwrap_err();
        assert_eq!(error, ParseError::Character { character: '€', position: 19, alphabet: "[0-9]" });
        assert_eq!(error.to_string(), "invalid character '€' at position 19 (expected [0-9])");
        assert_eq!(
            from_digits("é2345678901234567890", 20),
            Err(ParseError::Character { character: 'é', position: 0, alphabet: "[0-9]" })
        );
        // Too many characters is still a length error, counted in characters.
        assert_eq!(from_digits("123456789012345678901€", 20), Err(ParseError::chars(20, 22)));
        assert_eq!(from_digits("", 20), Err(ParseError::chars(20, 0)));
    }

    #[test]
    fn division_by_e16_is_exact() {
        let e16 = 10u128.pow(16);
        let mut edges = vec![u128::MAX, u128::MAX - 1, u128::MAX / e16 * e16, u128::MAX / e16 * e16 - 1];
        for bit in 0..128 {
            edges.extend([1u128 << bit, (1u128 << bit) - 1, (1u128 << bit) / e16 * e16]);
        }
        for q in [1u128, 2, 1 << 20, 1 << 48, 1 << 60, 1 << 74, u128::MAX / e16] {
            edges.extend([q * e16, q * e16 - 1, q * e16 + 1]);
            edges.extend((q * e16).checked_add(e16 - 1));
        }
        for v in edges {
            assert_eq!(div_e16(v), v / e16, "{v}");
        }
    }

    /// Both 16-to-32-digit parsers (SSE2 and SWAR on x86-64, SWAR alone elsewhere) against the
    /// standard library: every length, a spread of values (fewer under Miri), and a non-digit at
    /// every position of either half.
    #[test]
    fn thirty_two_digit_parsers_agree() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for n in 16..=32 {
            for _ in 0..test_budget::iterations(2_000, 4) {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let v = (u128::from(state) << 64 | u128::from(state.rotate_left(17))) % 10u128.pow(n as u32);
                let text = format!("{v:0n$}");
                assert_eq!(backend::thirty_two_digits(text.as_bytes()), Some(v), "{text}");
                assert_eq!(scalar::thirty_two_digits(text.as_bytes()), Some(v), "{text}");
            }
            for (position, c) in test_budget::bytes_at_positions(n).into_iter().filter(|(_, c)| !c.is_ascii_digit()) {
                let mut text = vec![b'7'; n];
                text[position] = c;
                assert_eq!(backend::thirty_two_digits(&text), None, "{c} at {position} of {n}");
                assert_eq!(scalar::thirty_two_digits(&text), None, "{c} at {position} of {n}");
            }
        }
    }

    /// The writers' last step (in SSE2 a group's three quotients at once) on every four-digit
    /// group at every place of the 32 digits (every 97th under Miri).
    #[test]
    fn every_four_digit_group_is_written() {
        for x in (0..10_000u64).step_by(test_budget::iterations(1, 97)) {
            // Groups x, x, 9999 − x, x, then x and three times 9999 − x.
            let high = x * 10_001 * 100_000_000 + (9_999 - x) * 10_000 + x;
            let low = x * 1_000_000_000_000 + (9_999 - x) * 100_010_001;
            let expected = format!("{high:016}{low:016}");
            assert_eq!(&backend::thirty_two_ascii(high, low), expected.as_bytes(), "{x}");
            assert_eq!(&scalar::thirty_two_ascii(high, low), expected.as_bytes(), "{x}");
        }
    }

    /// The SWAR block parser against the digit-at-a-time one: every digit at every position,
    /// and every non-digit byte at every position (under Miri every byte once: see `test_budget`).
    #[test]
    fn eight_digits_matches_the_plain_loop() {
        for (position, c) in test_budget::bytes_at_positions(8) {
            let mut block = *b"31415926";
            block[position] = c;
            let plain = block.iter().try_fold(0u64, |v, &b| b.is_ascii_digit().then(|| v * 10 + u64::from(b - b'0')));
            assert_eq!(eight_digits(u64::from_le_bytes(block)), plain, "{c} at {position}");
        }
        assert_eq!(eight_digits(u64::from_le_bytes(*b"99999999")), Some(99_999_999));
        assert_eq!(eight_digits(u64::from_le_bytes(*b"00000000")), Some(0));
    }

    /// The SWAR group writer on every value of a dense sample (a sparse one under Miri) and at
    /// the lane edges.
    #[test]
    fn eight_ascii_matches_format() {
        let edges = [0, 1, 9, 10, 99, 100, 999, 1000, 9_999, 10_000, 99_999_999, 12_345_678, 50_005_000];
        for n in edges.into_iter().chain((0..100_000_000).step_by(test_budget::iterations(9_973, 999_983))) {
            assert_eq!(eight_ascii(n).to_le_bytes(), *format!("{n:08}").as_bytes(), "{n}");
        }
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn digits_match_the_standard_library(v in proptest::num::u128::ANY, digits in 1..=39u32) {
            // Any value, and one of every length (random u128s nearly all have 38 or 39 digits).
            for v in [v, 10u128.checked_pow(digits).map_or(v, |e| v % e)] {
                proptest::prop_assert_eq!(to_digits(v).to_string(), v.to_string());
                proptest::prop_assert_eq!(from_digits(&v.to_string(), 39).unwrap(), v);
            }
        }

        #[test]
        fn division_by_e16_matches_the_operator(v in proptest::num::u128::ANY, bits in 0..128u32) {
            proptest::prop_assert_eq!(div_e16(v), v / 10u128.pow(16));
            proptest::prop_assert_eq!(div_e16(v >> bits), (v >> bits) / 10u128.pow(16));
        }

        #[test]
        fn forms_round_trip_and_keep_order(a in 0..=MAX, b in 0..=MAX) {
            proptest::prop_assert_eq!(from_base62(s(&to_base62(a))).unwrap(), a);
            proptest::prop_assert_eq!(from_hex(s(&to_hex(a))).unwrap(), a);
            proptest::prop_assert_eq!(from_binary(&to_binary(a)).unwrap(), a);
            proptest::prop_assert_eq!(from_decimal(to_decimal(a).unwrap()).unwrap(), a);
            proptest::prop_assert_eq!(to_base62(a).cmp(&to_base62(b)), a.cmp(&b));
        }
    }
}
