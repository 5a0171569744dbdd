//! Hexadecimal and the hyphenated UUID text.
//!
//! The 16-byte conversions behind UUID text have two interchangeable backends computing the
//! same function: SSE2 on x86-64 (part of that architecture's baseline, so always available and
//! inlined) and portable scalar code everywhere else. The tests run both on every x86-64 build
//! and check them against each other.

use super::IdText;
use crate::error::ParseError;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use scalar as backend;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2 as backend;

/// The portable backend: a nibble at a time.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod scalar {
    pub(super) fn encode16(bytes: &[u8; 16], uppercase: bool) -> [u8; 32] {
        let mut out = [0u8; 32];
        super::encode_into(bytes, uppercase, &mut out);
        out
    }

    pub(super) fn decode16(text: &[u8; 32]) -> Option<u128> {
        let mut out = [0u8; 16];
        for (byte, pair) in out.iter_mut().zip(text.chunks_exact(2)) {
            *byte = super::nibble(pair[0])? << 4 | super::nibble(pair[1])?;
        }
        Some(u128::from_be_bytes(out))
    }

    pub(super) fn decode_uuid_text(text: &[u8; 36]) -> Option<u128> {
        let mut digits = [0u8; 32];
        digits[..8].copy_from_slice(&text[..8]);
        for (at, from, len) in super::GROUPS {
            digits[from..from + len].copy_from_slice(&text[at..at + len]);
        }
        decode16(&digits)
    }
}

const LOWER: &[u8; 16] = b"0123456789abcdef";
const UPPER: &[u8; 16] = b"0123456789ABCDEF";
pub(crate) const HEX_ALPHABET: &str = "[0-9A-Fa-f]";
const UUID_ALPHABET: &str = "[0-9A-Fa-f] with '-' at positions 8, 13, 18 and 23";

/// Writes `bytes` as hex into `out[..2 * bytes.len()]`; the caller sizes `out`.
#[inline]
pub(crate) fn encode_into(bytes: &[u8], uppercase: bool, out: &mut [u8]) {
    let digits = if uppercase { UPPER } else { LOWER };
    for (pair, b) in out.chunks_exact_mut(2).zip(bytes) {
        pair[0] = digits[(b >> 4) as usize];
        pair[1] = digits[(b & 15) as usize];
    }
}

/// Hex of at most 24 bytes (what an [`IdText`] holds; the caller's bound: the public encoders
/// take arrays whose size is checked when they compile, `IdBytes` holds at most 16).
pub(crate) fn encode_slice(bytes: &[u8], uppercase: bool) -> IdText {
    IdText::build(|out| {
        encode_into(bytes, uppercase, out);
        bytes.len() * 2
    })
}

/// `bytes` as lowercase hex (`N` is at most 24, checked at compile time).
#[inline]
pub fn encode_lower<const N: usize>(bytes: &[u8; N]) -> IdText {
    const { assert!(2 * N <= IdText::CAPACITY, "hex::encode_lower takes at most 24 bytes") };
    encode_slice(bytes, false)
}

/// `bytes` as uppercase hex (`N` is at most 24, checked at compile time).
#[inline]
pub fn encode_upper<const N: usize>(bytes: &[u8; N]) -> IdText {
    const { assert!(2 * N <= IdText::CAPACITY, "hex::encode_upper takes at most 24 bytes") };
    encode_slice(bytes, true)
}

#[inline]
const fn nibble(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Decodes exactly `2 * out.len()` hex digits (either case) into `out`.
#[inline]
pub fn decode_into(text: &str, out: &mut [u8]) -> Result<(), ParseError> {
    ParseError::check_ascii_len(text, out.len() * 2, HEX_ALPHABET)?;
    for (i, pair) in text.as_bytes().chunks_exact(2).enumerate() {
        match (nibble(pair[0]), nibble(pair[1])) {
            (Some(h), Some(l)) => out[i] = h << 4 | l,
            _ => return Err(ParseError::first_invalid(text, |c| nibble(c).is_some(), HEX_ALPHABET)),
        }
    }
    Ok(())
}

/// Where the four groups after the first start in UUID text, and in the 32 digits.
const GROUPS: [(usize, usize, usize); 4] = [(9, 8, 4), (14, 12, 4), (19, 16, 4), (24, 20, 12)];

/// The 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase.
#[inline]
pub fn encode_uuid(bytes: &[u8; 16]) -> IdText {
    IdText::build(|out| {
        let digits = backend::encode16(bytes, false);
        out[..8].copy_from_slice(&digits[..8]);
        for (at, from, len) in GROUPS {
            out[at - 1] = b'-';
            out[at..at + len].copy_from_slice(&digits[from..from + len]);
        }
        36
    })
}

/// Parses the 36-character hyphenated UUID text (either case) into its 16 string-order bytes.
/// Braced, URN and unhyphenated forms are refused (see [`decode_into`] for plain hex).
#[inline]
pub fn decode_uuid(text: &str) -> Result<[u8; 16], ParseError> {
    decode_uuid_value(text).map(u128::to_be_bytes)
}

/// [`decode_uuid`] as the big-endian value, for values kept as a `u128`: a `u128`
/// stays in registers where a `Result` of a byte array lies at an odd offset in memory and is
/// copied in pieces, which the next wide load of it then waits for.
#[inline]
pub(crate) fn decode_uuid_value(text: &str) -> Result<u128, ParseError> {
    let ascii: &[u8; 36] = ParseError::check_ascii_len(text, 36, UUID_ALPHABET)?.try_into().expect("checked length");
    let hyphens = ascii[8] == b'-' && ascii[13] == b'-' && ascii[18] == b'-' && ascii[23] == b'-';
    match backend::decode_uuid_text(ascii) {
        Some(value) if hyphens => Ok(value),
        _ => Err(invalid_uuid_char(text)),
    }
}

#[cold]
fn invalid_uuid_char(text: &str) -> ParseError {
    for (position, (offset, character)) in text.char_indices().enumerate() {
        let ok = character.is_ascii()
            && match offset {
                8 | 13 | 18 | 23 => character == '-',
                _ => nibble(text.as_bytes()[offset]).is_some(),
            };
        if !ok {
            return ParseError::Character { character, position, alphabet: UUID_ALPHABET };
        }
    }
    ParseError::chars(36, text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::test_budget;

    #[test]
    fn uuid_text_round_trip_and_errors() {
        let b = decode_uuid("00112233-4455-4677-8899-AABBCCDDEEFF").unwrap();
        assert_eq!(encode_uuid(&b), "00112233-4455-4677-8899-aabbccddeeff");
        let e = decode_uuid("00112233-4455-4677-8899_aabbccddeeff").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid character '_' at position 23 (expected [0-9A-Fa-f] with '-' at positions 8, 13, 18 and 23)"
        );
        assert!(matches!(decode_uuid("0011"), Err(ParseError::Length { expected: 36, found: 4, .. })));
        let e = decode_uuid("0011223g-4455-4677-8899-aabbccddeeff").unwrap_err();
        assert!(e.to_string().contains("'g' at position 7"));
        assert!(decode_uuid("00112233-4455-4677-8899-aabbccddeeé").is_err());
    }

    #[test]
    fn hex_round_trip_and_errors() {
        assert_eq!(encode_upper(&[0x11, 0x22, 0xab]), "1122AB");
        let mut out = [0u8; 3];
        decode_into("1122ab", &mut out).unwrap();
        assert_eq!(out, [0x11, 0x22, 0xab]);
        assert!(decode_into("1122aG", &mut out).unwrap_err().to_string().contains("position 5"));
        assert!(decode_into("1122a", &mut out).is_err());
    }

    /// The backends agree with each other and with the `uuid` crate, on every byte value at
    /// every position and on every character at every position of the text (under Miri,
    /// every value once, spread over the positions: see `test_budget`).
    #[test]
    fn backends_agree() {
        for (position, value) in test_budget::bytes_at_positions(16) {
            let mut b = [0x5Au8; 16];
            b[position] = value;
            for upper in [false, true] {
                assert_eq!(backend::encode16(&b, upper), scalar::encode16(&b, upper));
            }
            let text = encode_uuid(&b);
            assert_eq!(text.as_str(), uuid::Uuid::from_bytes(b).hyphenated().to_string());
            assert_eq!(decode_uuid(&text).unwrap(), b);
        }
        for (position, c) in test_budget::bytes_at_positions(32) {
            let mut digits = *b"0123456789abcdefABCDEF0123456789";
            digits[position] = c;
            assert_eq!(backend::decode16(&digits), scalar::decode16(&digits), "{c} at {position}");
        }
        // The hyphenated text's gather, with any byte (hyphens included) at every position.
        for (position, c) in test_budget::bytes_at_positions(36) {
            let mut text = *b"0123abCD-4567-89ef-ABCD-0123456789aF";
            text[position] = c;
            assert_eq!(backend::decode_uuid_text(&text), scalar::decode_uuid_text(&text), "{c} at {position}");
        }
    }

    /// The backends' loads at every alignment of their input, valid and invalid.
    #[test]
    fn backends_agree_at_every_alignment() {
        let bytes = *b"\x00\x01\x7F\x80\xFF\x5A\xA5\x10\x0F\xF0\x99\x66\xC3\x3C\xEE\x11";
        test_budget::at_every_alignment(&bytes, |b| {
            for upper in [false, true] {
                assert_eq!(backend::encode16(b, upper), scalar::encode16(b, upper));
            }
        });
        for digits in [*b"0123456789abcdefABCDEF0123456789", *b"0123456789abcdefABCDEF012345678g"] {
            test_budget::at_every_alignment(&digits, |d| assert_eq!(backend::decode16(d), scalar::decode16(d)));
        }
        for text in [*b"0123abCD-4567-89ef-ABCD-0123456789aF", *b"0123abCD-4567-89ef-ABCD-0123456789ag"] {
            test_budget::at_every_alignment(&text, |t| {
                assert_eq!(backend::decode_uuid_text(t), scalar::decode_uuid_text(t))
            });
        }
    }

    /// Texts of every length around the SIMD lanes (0, 1, 15, 16, 17, 31, 32, 33) and the
    /// UUID's own (35, 36, 37): only 36 reaches the backend, the rest are length errors.
    #[test]
    fn uuid_text_at_lane_boundary_lengths() {
        let full = "00112233-4455-4677-8899-aabbccddeeff0";
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 35, 36, 37] {
            let found = decode_uuid(&full[..len]);
            if len == 36 {
                assert_eq!(found.map(|b| encode_uuid(&b)).unwrap(), &full[..36]);
            } else {
                assert!(matches!(found, Err(ParseError::Length { expected: 36, .. })), "{len}: {found:?}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn uuid_round_trip(b in proptest::array::uniform16(0u8..)) {
            proptest::prop_assert_eq!(decode_uuid(&encode_uuid(&b)).unwrap(), b);
            let upper = encode_uuid(&b).to_ascii_uppercase();
            proptest::prop_assert_eq!(decode_uuid(&upper).unwrap(), b);
        }

        #[test]
        fn uuid_parse_agrees_with_the_uuid_crate(s in "[0-9a-fA-F-]{36}") {
            let ours = decode_uuid(&s).ok();
            let theirs = uuid::Uuid::try_parse(&s).ok().map(|u| *u.as_bytes());
            proptest::prop_assert_eq!(ours, theirs);
        }

        #[test]
        fn never_panics(s in test_budget::printable_text(40)) {
            let _ = decode_uuid(&s);
            let _ = decode_into(&s, &mut [0u8; 8]);
        }
    }
}
