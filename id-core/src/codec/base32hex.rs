//! Lowercase base32hex (RFC 4648's extended-hex alphabet `0-9a-v`, no padding) of 12 bytes:
//! 20 characters, xid's text. The 96 bits are taken five at a time from the most significant
//! end, so the text sorts like the bytes; the last character holds the last bit and four zero
//! bits, which the decoder checks (rs/xid refuses other last characters too), so every value
//! has exactly one text.

use crate::codec::{IdText, reverse_table};
use crate::error::{ParseError, RangeRule};

/// The 32 digits in value order.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
/// The alphabet as error messages and text-form patterns name it.
pub const ALPHABET_NAME: &str = "[0-9a-v]";
const DIGITS: [u8; 256] = reverse_table(ALPHABET);

/// Encoded length of 12 bytes.
pub const LEN: usize = 20;

/// The 96 bits of `bytes` and four zero bits after them: the 100 bits of the 20 digits.
#[inline]
fn bits_of(bytes: &[u8; 12]) -> u128 {
    let mut wide = [0u8; 16];
    wide[4..].copy_from_slice(bytes);
    u128::from_be_bytes(wide) << 4
}

/// `bytes` as 20 base32hex characters.
#[inline]
pub fn encode(bytes: &[u8; 12]) -> IdText {
    let bits = bits_of(bytes);
    IdText::build(|out| {
        for (i, digit) in out[..LEN].iter_mut().enumerate() {
            *digit = ALPHABET[(bits >> (95 - 5 * i)) as usize & 31];
        }
        LEN
    })
}

/// The 12 bytes of 20 base32hex characters; an error for any other text, and for a last
/// character whose four padding bits are not zero.
#[inline]
pub fn decode(text: &str) -> Result<[u8; 12], ParseError> {
    let ascii = ParseError::check_ascii_len(text, LEN, ALPHABET_NAME)?;
    let mut bits = 0u128;
    for &c in ascii {
        let digit = DIGITS[usize::from(c)];
        if digit == 0xFF {
            return Err(ParseError::first_invalid(text, |c| DIGITS[usize::from(c)] != 0xFF, ALPHABET_NAME));
        }
        bits = bits << 5 | u128::from(digit);
    }
    if bits & 0xF != 0 {
        return Err(ParseError::OutOfRange {
            rule: RangeRule::layout("the last of 20 base32hex characters holds one bit: it is 0 or g"),
        });
    }
    let wide = (bits >> 4).to_be_bytes();
    Ok(wide[4..].try_into().expect("12 bytes"))
}
