//! PostgreSQL's binary `NUMERIC` format for whole numbers up to `u128::MAX`, for the
//! `NUMERIC(38,0)` form of `distributed128` (`rust_decimal` stops at 28 digits).
//!
//! Layout: `ndigits: i16, weight: i16, sign: u16, dscale: u16`, then `ndigits` base-10000
//! digits, most significant first; `weight` is the power of 10000 of the first digit, and
//! trailing zero digits are omitted.

const NBASE: u128 = 10_000;
const POSITIVE: u16 = 0x0000;

/// Writes `v` as a binary NUMERIC with scale 0.
pub fn encode(v: u128, out: &mut Vec<u8>) {
    let mut digits = Vec::with_capacity(10);
    let mut rest = v;
    while rest > 0 {
        digits.push((rest % NBASE) as u16);
        rest /= NBASE;
    }
    digits.reverse();
    let weight = digits.len().saturating_sub(1) as i16;
    while digits.last() == Some(&0) {
        digits.pop();
    }
    out.extend_from_slice(&(digits.len() as i16).to_be_bytes());
    out.extend_from_slice(&weight.to_be_bytes());
    out.extend_from_slice(&POSITIVE.to_be_bytes());
    out.extend_from_slice(&0u16.to_be_bytes());
    for d in digits {
        out.extend_from_slice(&d.to_be_bytes());
    }
}

/// Writes a decimal ID (whole and non-negative, as [`crate::db::DbColumn`] gives it).
#[cfg(feature = "decimal")]
pub fn encode_decimal(d: rust_decimal::Decimal, out: &mut Vec<u8>) -> Result<(), NumericError> {
    if d.scale() != 0 {
        return Err(NumericError::Fraction);
    }
    encode(u128::try_from(d.mantissa()).map_err(|_| NumericError::NotNonNegative)?, out);
    Ok(())
}

/// Whether `I`'s scheme also lives in `NUMERIC(38,0)` columns (besides its usual column).
pub fn has_numeric_form<I: crate::Identity>() -> bool
where
    I::Scheme: crate::db::DbColumn,
{
    <I::Scheme as crate::db::DbColumn>::from_numeric(0).is_some()
}

/// Why a binary NUMERIC is not an ID's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumericError {
    /// Shorter than its header or its digit count says.
    Truncated,
    /// Negative, NaN or infinite.
    NotNonNegative,
    /// A base-10000 digit of 10000 or more, or a negative digit count.
    Malformed,
    /// Non-zero digits behind the decimal point.
    Fraction,
    /// More than 128 bits.
    Overflow,
}

impl core::fmt::Display for NumericError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            NumericError::Truncated => "truncated NUMERIC value",
            NumericError::NotNonNegative => "a negative or special NUMERIC is not an ID",
            NumericError::Malformed => "malformed NUMERIC value",
            NumericError::Fraction => "a NUMERIC with a fraction is not an ID",
            NumericError::Overflow => "NUMERIC value exceeds 128 bits",
        })
    }
}

impl std::error::Error for NumericError {}

/// Reads a binary NUMERIC that holds a non-negative whole number fitting `u128`.
pub fn decode(raw: &[u8]) -> Result<u128, NumericError> {
    let word = |i: usize| raw.get(2 * i..2 * i + 2).map(|b| u16::from_be_bytes([b[0], b[1]]));
    let (ndigits, weight, sign) = match (word(0), word(1), word(2), word(3)) {
        (Some(n), Some(w), Some(s), Some(_dscale)) => (n as i16, w as i16, s),
        _ => return Err(NumericError::Truncated),
    };
    if sign != POSITIVE {
        return Err(NumericError::NotNonNegative);
    }
    if ndigits < 0 {
        return Err(NumericError::Malformed);
    }
    if raw.len() != 8 + 2 * ndigits as usize {
        return Err(NumericError::Truncated);
    }
    if i32::from(ndigits) > i32::from(weight) + 1 {
        return Err(NumericError::Fraction);
    }
    let mut v: u128 = 0;
    for i in 0..=i32::from(weight) {
        let digit = if i < i32::from(ndigits) { word(4 + i as usize).unwrap_or(0) } else { 0 };
        if u128::from(digit) >= NBASE {
            return Err(NumericError::Malformed);
        }
        v = v.checked_mul(NBASE).and_then(|v| v.checked_add(u128::from(digit))).ok_or(NumericError::Overflow)?;
    }
    Ok(v)
}

#[cfg(feature = "decimal")]
/// A NUMERIC read as a `distributed` column value: at most 28 digits, else a typed error
/// (rust_decimal's own `FromSql` panics above 7.9e28).
pub fn decode_decimal_id(raw: &[u8]) -> Result<crate::db::DbValue, Box<dyn std::error::Error + Send + Sync>> {
    let v = decode(raw)?;
    Ok(crate::db::DbValue::Numeric(crate::codec::decimal::to_decimal(v)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for v in [0u128, 1, 9_999, 10_000, 10_001, 100_000_000, 12343806695858578540815039138052901000, u128::MAX] {
            let mut out = Vec::new();
            encode(v, &mut out);
            assert_eq!(decode(&out), Ok(v), "{v}");
        }
        let mut out = Vec::new();
        encode(10_000, &mut out);
        assert_eq!(out, [0, 1, 0, 1, 0, 0, 0, 0, 0, 1], "10000 is one digit of weight 1");
        assert!(decode(&[0, 1, 0, 0, 0x40, 0, 0, 0, 0, 1]).is_err(), "negative");
        assert!(decode(&[0, 2, 0, 0, 0, 0, 0, 1, 0, 1, 0, 5]).is_err(), "fraction");
        assert!(decode(&[0, 1]).is_err());
        assert_eq!(decode(&[0, 0, 0x80, 0, 0, 0, 0, 0]), Err(NumericError::Fraction), "0.0 with weight -32768");
        assert_eq!(decode(&[0xFF, 0xFF, 0, 0, 0, 0, 0, 0]), Err(NumericError::Malformed));
        assert_eq!(decode(&[0, 1, 0, 0, 0, 0, 0, 0, 0x27, 0x10]), Err(NumericError::Malformed), "digit 10000");
        assert_eq!(decode(&[0, 1, 0x7F, 0xFF, 0, 0, 0, 0, 0, 1]), Err(NumericError::Overflow));
        assert_eq!(decode(&[0, 0, 0, 0, 0, 0, 0, 0]), Ok(0));
    }

    /// 8e28 used to reach rust_decimal's `FromSql`, which panics above 7.9e28.
    #[test]
    fn a_numeric_above_28_digits_is_an_error_for_decimal_ids() {
        let mut raw = Vec::new();
        encode(80_000_000_000_000_000_000_000_000_000, &mut raw);
        assert!(decode_decimal_id(&raw).is_err());
        let mut raw = Vec::new();
        encode(9_999_999_999_999_999_999_999_999_999, &mut raw);
        assert!(decode_decimal_id(&raw).is_ok());
    }

    proptest::proptest! {
        /// Any bytes: a value or a typed error, never a panic.
        #[test]
        fn never_panics(raw in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
            let _ = decode(&raw);
            let _ = decode_decimal_id(&raw);
        }
    }
}
