//! 28-digit decimal IDs (Architect.Identities' `DistributedId` range): checks, the 16-byte
//! binary form, the 16-character base62 form and the 26-character hex form.

use super::{IdText, base62, hex};
use crate::error::ParseError;
use rust_decimal::Decimal;

/// The largest value: `9999999999999999999999999999` (28 nines, .NET's `decimal.MaxValue`).
pub const MAX: u128 = 9_999_999_999_999_999_999_999_999_999;

const RANGE_RULE: &str = "a decimal ID is at most 9999999999999999999999999999";

/// The integer value of a non-negative, scale-0 `Decimal`.
///
/// A scale with only zeros behind the point (`123.0`, as SQLite returns) is accepted: the value
/// is integral, and refusing it is what Architect.Identities issue #39 complained about.
#[inline]
pub fn from_decimal(d: Decimal) -> Result<u128, ParseError> {
    // What drivers and `to_decimal` produce: no rescaling needed.
    if d.scale() == 0 && d.is_sign_positive() {
        return Ok(d.mantissa().unsigned_abs());
    }
    from_scaled_decimal(d)
}

#[cold]
fn from_scaled_decimal(d: Decimal) -> Result<u128, ParseError> {
    if d.is_sign_negative() && !d.is_zero() {
        return Err(ParseError::OutOfRange { rule: "a decimal ID is not negative" });
    }
    if d.fract() != Decimal::ZERO {
        return Err(ParseError::OutOfRange { rule: "a decimal ID has no fractional digits" });
    }
    let mut integral = d.trunc();
    integral.rescale(0);
    Ok(integral.mantissa().unsigned_abs())
}

/// The `Decimal` (scale 0) of a value; values are at most [`MAX`], which always fits.
#[inline]
pub fn to_decimal(v: u128) -> Result<Decimal, ParseError> {
    check(v)?;
    Ok(Decimal::from_i128_with_scale(v as i128, 0))
}

/// Checks `v <= MAX`.
#[inline]
pub const fn check(v: u128) -> Result<u128, ParseError> {
    if v <= MAX { Ok(v) } else { Err(ParseError::OutOfRange { rule: RANGE_RULE }) }
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
pub fn to_base62(v: u128) -> [u8; 16] {
    let full = base62::encode_u128(v);
    let mut out = [0u8; 16];
    out.copy_from_slice(&full[6..]);
    out
}

/// Reads the 16-character base62 form.
#[inline]
pub fn from_base62(text: &str) -> Result<u128, ParseError> {
    let ascii = ParseError::check_ascii_len(text, 16, "[0-9A-Za-z]")?;
    let mut full = [b'0'; 22];
    full[6..].copy_from_slice(ascii);
    // The high block is 6 implied zeros plus 5 given digits, so it cannot overflow 64 bits;
    // positions in errors must still point into the caller's 16 characters.
    let (high, low) = full.split_at(base62::BLOCK_LEN);
    let high = base62::decode_block(high.try_into().expect("11 digits"), text, 0)?;
    let low = base62::decode_block(low.try_into().expect("11 digits"), text, 5)?;
    if high >> 32 != 0 {
        return Err(ParseError::OutOfRange { rule: RANGE_RULE });
    }
    check(u128::from(high) << 64 | u128::from(low))
}

/// The 26-character uppercase hex form (13 bytes: the binary form without its 3 leading zeros).
#[inline]
pub fn to_hex(v: u128) -> [u8; 26] {
    let mut out = [0u8; 26];
    hex::encode_into(&v.to_be_bytes()[3..], true, &mut out);
    out
}

/// Reads the 26-character hex form (either case).
#[inline]
pub fn from_hex(text: &str) -> Result<u128, ParseError> {
    let mut b = [0u8; 16];
    hex::decode_into(text, &mut b[3..])?;
    check(u128::from_be_bytes(b))
}

const E19: u64 = 10_000_000_000_000_000_000;

/// `00`, `01`, … `99`: two digits per table read.
const PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        pairs[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    pairs
};

/// Writes `v < 10^19` as exactly 19 digits, two at a time.
#[inline]
fn write_19(mut v: u64, out: &mut [u8; 19]) {
    for pair in (0..9).rev() {
        out[1 + 2 * pair..3 + 2 * pair].copy_from_slice(&PAIRS[(v % 100) as usize]);
        v /= 100;
    }
    out[0] = b'0' + v as u8;
}

/// An unsigned integer as plain decimal digits (no sign, no leading zeros).
///
/// Up to three 19-digit chunks of `u64` arithmetic: one 128-bit division below 10^38, none
/// below 2^64 (a digit at a time in `u128` cost 28 divisions for a 28-digit ID).
#[inline]
pub fn to_digits(v: u128) -> IdText {
    IdText::build(|out| {
        let mut digits = [b'0'; 57];
        let (high, low) = (v / u128::from(E19), (v % u128::from(E19)) as u64);
        let (top, middle) = ((high / u128::from(E19)) as u64, (high % u128::from(E19)) as u64);
        let chunks: [&mut [u8; 19]; 3] = {
            let (a, rest) = digits.split_at_mut(19);
            let (b, c) = rest.split_at_mut(19);
            [a.try_into().expect("19"), b.try_into().expect("19"), c.try_into().expect("19")]
        };
        let [a, b, c] = chunks;
        write_19(top, a);
        write_19(middle, b);
        write_19(low, c);
        let start = digits[..56].iter().position(|&d| d != b'0').unwrap_or(56);
        let len = digits.len() - start;
        out[..len].copy_from_slice(&digits[start..]);
        len
    })
}

/// Reads 1 to `max_digits` ASCII decimal digits.
///
/// 19 digits at a time in `u64`, joined with one checked `u128` multiply-add per chunk.
#[inline]
pub fn from_digits(text: &str, max_digits: usize) -> Result<u128, ParseError> {
    const TEN_POW: [u64; 20] = {
        let mut p = [1u64; 20];
        let mut i = 1;
        while i < 20 {
            p[i] = p[i - 1] * 10;
            i += 1;
        }
        p
    };
    if text.is_empty() || text.len() > max_digits {
        return Err(ParseError::chars(max_digits, text.chars().count()));
    }
    let mut v: u128 = 0;
    for chunk in text.as_bytes().chunks(19) {
        let mut c: u64 = 0;
        for &b in chunk {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                return Err(ParseError::first_invalid(text, |c| c.is_ascii_digit(), "[0-9]"));
            }
            c = c * 10 + u64::from(digit);
        }
        v = v
            .checked_mul(u128::from(TEN_POW[chunk.len()]))
            .and_then(|v| v.checked_add(u128::from(c)))
            .ok_or(ParseError::OutOfRange { rule: "the number does not fit 128 bits" })?;
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
    use core::str::FromStr;

    fn s(b: &[u8]) -> &str {
        core::str::from_utf8(b).unwrap()
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

    proptest::proptest! {
        #[test]
        fn digits_match_the_standard_library(v in proptest::num::u128::ANY) {
            proptest::prop_assert_eq!(to_digits(v).to_string(), v.to_string());
            proptest::prop_assert_eq!(from_digits(&v.to_string(), 39).unwrap(), v);
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
