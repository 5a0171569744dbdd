//! Base62 of numbers wider than 128 bits, written in a fixed number of digits with leading
//! zeros (KSUID's 27 characters for 160 bits): the bytes are a big-endian number in 32-bit
//! limbs, taken apart five digits at a time (62^5 < 2^32, so each step is one division of a
//! 64-bit value by a constant per limb).

use super::{ALPHABET, ALPHABET_NAME, REVERSE};
use crate::codec::IdText;
use crate::error::{ParseError, RangeRule};

/// 62^5: five digits per limb step.
const CHUNK: u64 = 916_132_832;

/// The digits `bytes` (a big-endian number of `N` bytes, `N` a multiple of 4) take in base62,
/// `LEN` of them, leading zeros included. `LEN` must hold every `N`-byte number (checked at
/// compile time for the sizes used: 62^LEN ≥ 2^(8N)).
pub fn encode_fixed<const N: usize, const LEN: usize>(bytes: &[u8; N]) -> IdText {
    const { assert!(N.is_multiple_of(4) && N <= 32 && LEN <= IdText::CAPACITY) };
    let mut limbs = [0u32; 8];
    let limbs = &mut limbs[..N / 4];
    for (limb, word) in limbs.iter_mut().zip(bytes.chunks_exact(4)) {
        *limb = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
    }
    let mut text = [b'0'; IdText::CAPACITY];
    let mut end = LEN;
    while end > 0 {
        // limbs /= 62^5, the remainder is the next five digits from the right.
        let mut rest = 0u64;
        for limb in limbs.iter_mut() {
            let v = rest << 32 | u64::from(*limb);
            *limb = (v / CHUNK) as u32;
            rest = v % CHUNK;
        }
        for _ in 0..5.min(end) {
            end -= 1;
            text[end] = ALPHABET[(rest % 62) as usize];
            rest /= 62;
        }
    }
    IdText::from_ascii(&text[..LEN])
}

/// Reads `LEN` base62 digits as a big-endian number of `N` bytes: another length, a character
/// outside `[0-9A-Za-z]` or a number of more than `8N` bits is an error.
pub fn decode_fixed<const N: usize, const LEN: usize>(text: &str) -> Result<[u8; N], ParseError> {
    const { assert!(N.is_multiple_of(4) && N <= 32 && LEN <= IdText::CAPACITY) };
    let ascii = ParseError::check_ascii_len(text, LEN, ALPHABET_NAME)?;
    let mut limbs = [0u32; 8];
    let limbs = &mut limbs[..N / 4];
    // The first chunk takes the digits left over by the fives, so the others are whole.
    let first = match LEN % 5 {
        0 => 5,
        n => n,
    };
    let mut at = 0;
    let mut take = first;
    while at < LEN {
        let (mut chunk, mut scale) = (0u64, 1u64);
        for &c in &ascii[at..at + take] {
            let digit = REVERSE[c as usize];
            if digit == 0xFF {
                return Err(ParseError::first_invalid(text, |c| REVERSE[c as usize] != 0xFF, ALPHABET_NAME));
            }
            chunk = chunk * 62 + u64::from(digit);
            scale *= 62;
        }
        // limbs = limbs * scale + chunk; a carry out of the top limb is a number too wide.
        let mut carry = chunk;
        for limb in limbs.iter_mut().rev() {
            let v = u64::from(*limb) * scale + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            return Err(ParseError::OutOfRange { rule: RangeRule::above_bits(N as u16 * 8) });
        }
        at += take;
        take = 5;
    }
    let mut bytes = [0u8; N];
    for (word, limb) in bytes.chunks_exact_mut(4).zip(limbs.iter()) {
        word.copy_from_slice(&limb.to_be_bytes());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    /// Base62 by long division of the bytes, digit by digit: slow and plainly right.
    fn reference(bytes: &[u8; 20]) -> String {
        let mut n = bytes.to_vec();
        let mut digits = Vec::new();
        for _ in 0..27 {
            let mut rest = 0u32;
            for b in n.iter_mut() {
                let v = rest << 8 | u32::from(*b);
                *b = (v / 62) as u8;
                rest = v % 62;
            }
            digits.push(ALPHABET[rest as usize]);
        }
        digits.reverse();
        String::from_utf8(digits).unwrap()
    }

    #[test]
    fn edges_and_the_largest_value() {
        assert_eq!(&*encode_fixed::<20, 27>(&[0; 20]), "000000000000000000000000000");
        assert_eq!(&*encode_fixed::<20, 27>(&[0xFF; 20]), "aWgEPTl1tmebfsQzFP4bxwgy80V");
        assert_eq!(decode_fixed::<20, 27>("aWgEPTl1tmebfsQzFP4bxwgy80V"), Ok([0xFF; 20]));
        assert_eq!(
            decode_fixed::<20, 27>("aWgEPTl1tmebfsQzFP4bxwgy80W"),
            Err(ParseError::OutOfRange { rule: RangeRule::above_bits(160) })
        );
        assert_eq!(
            decode_fixed::<20, 27>("zzzzzzzzzzzzzzzzzzzzzzzzzzz"),
            Err(ParseError::OutOfRange { rule: RangeRule::above_bits(160) })
        );
        assert!(matches!(decode_fixed::<20, 27>("00000000000000000000000000"), Err(ParseError::Length { .. })));
        assert!(matches!(
            decode_fixed::<20, 27>("0000000000000-0000000000000"),
            Err(ParseError::Character { character: '-', position: 13, .. })
        ));
        assert!(decode_fixed::<20, 27>("00000000000000000000000000é").is_err());
    }

    proptest::proptest! {
        #![proptest_config(crate::test_budget::proptest_config())]

        #[test]
        fn matches_long_division_and_round_trips(bytes: [u8; 20]) {
            let text = encode_fixed::<20, 27>(&bytes);
            let expected = reference(&bytes);
            proptest::prop_assert_eq!(&*text, expected.as_str());
            proptest::prop_assert_eq!(decode_fixed::<20, 27>(&text), Ok(bytes));
        }

        #[test]
        fn any_text_decodes_or_errs(text in crate::test_budget::printable_text(30)) {
            let _ = decode_fixed::<20, 27>(&text);
        }
    }
}
