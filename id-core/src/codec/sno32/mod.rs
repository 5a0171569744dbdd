//! sno's base32: 10 bytes ↔ 16 characters of `23456789abcdefghijklmnopqrstuvwx`.
//!
//! The alphabet is two ASCII runs (`2`–`9` for 0–7, `a`–`x` for 8–31) and the bits are taken
//! most significant first, so the text sorts like the bytes. Both directions split the ID into two
//! 40-bit halves of eight characters each and convert them with shifts and byte arithmetic:
//! no table look-ups, no branches except the validity check.
//!
//! Two interchangeable backends compute the same function: SSE2 on x86-64 (part of that
//! architecture's baseline, so always available and inlined) and portable 64-bit SWAR
//! everywhere else. The tests run both on every x86-64 build and check them against each other.
//!
//! Divergence from sno: sno does not validate characters and returns different garbage on
//! different CPUs for text outside the alphabet; this decoder rejects it with the position.

use crate::error::ParseError;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2;
// Compiled and tested on every target, used where there is no SIMD backend.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod swar;

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2 as backend;
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use swar as backend;

/// The 32 digits in value order.
pub const ALPHABET: &[u8; 32] = b"23456789abcdefghijklmnopqrstuvwx";
pub(crate) const ALPHABET_NAME: &str = "[2-9a-x]";

/// Encoded length.
pub const ENCODED_LEN: usize = 16;

/// Digit `d` is `'2' + d` below 8 and `'a' + d - 8` from 8 on: the letters start this much
/// further along than the digits would continue.
const LETTER_GAP: u8 = b'a' - 8 - b'2';

/// The two 40-bit halves of an ID, each right-aligned in a `u64`; eight characters each.
#[derive(Clone, Copy)]
struct Halves {
    high: u64,
    low: u64,
}

impl Halves {
    #[inline(always)]
    fn of(bytes: &[u8; 10]) -> Halves {
        // Two overlapping big-endian loads: bytes 0..8 hold the high half on top, 2..10 the low
        // half at the bottom.
        let first = u64::from_be_bytes(bytes[..8].try_into().expect("8 bytes"));
        let last = u64::from_be_bytes(bytes[2..].try_into().expect("8 bytes"));
        Halves { high: first >> 24, low: last & 0xFF_FFFF_FFFF }
    }

    #[inline(always)]
    fn to_bytes(self) -> [u8; 10] {
        let mut out = [0u8; 10];
        out[..8].copy_from_slice(&(self.high << 24 | self.low >> 16).to_be_bytes());
        out[8..].copy_from_slice(&(self.low as u16).to_be_bytes());
        out
    }
}

/// Encodes 10 bytes as 16 characters.
#[inline]
pub fn encode(bytes: &[u8; 10]) -> crate::codec::IdText {
    crate::codec::IdText::build(|out| {
        out[..ENCODED_LEN].copy_from_slice(&backend::encode(bytes));
        ENCODED_LEN
    })
}

/// Decodes exactly 16 characters of the alphabet.
#[inline]
pub fn decode(text: &str) -> Result<[u8; 10], ParseError> {
    let ascii = <&[u8; ENCODED_LEN]>::try_from(text.as_bytes())
        .map_err(|_| ParseError::wrong_length(text, ENCODED_LEN, ALPHABET_NAME))?;
    backend::decode(ascii).ok_or_else(|| invalid_char(text))
}

#[cold]
fn invalid_char(text: &str) -> ParseError {
    ParseError::first_invalid(text, |c| ALPHABET.contains(&c), ALPHABET_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use crate::test_budget;

    type Backend = (&'static str, fn(&[u8; 10]) -> [u8; 16], fn(&[u8; 16]) -> Option<[u8; 10]>);

    /// Every backend this target compiles, tested on its own so the portable one stays correct
    /// where it is not the default.
    const BACKENDS: &[Backend] = &[
        ("swar", swar::encode, swar::decode),
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        ("sse2", sse2::encode, sse2::decode),
    ];

    fn hex10(h: &str) -> [u8; 10] {
        let mut b = [0u8; 10];
        crate::codec::hex::decode_into(h, &mut b).unwrap();
        b
    }

    #[test]
    fn vectors() {
        for (bytes, text) in [
            ([0u8; 10], "2222222222222222"),
            ([78, 111, 33, 96, 160, 255, 154, 10, 16, 51], "brpk4q72xwf2m63l"),
            ([255; 10], "xxxxxxxxxxxxxxxx"),
            (hex10("00010203040506070809"), "222i62q62m52g42b"),
            (hex10("0123456789abcdef0123"), "26jmcrubnh8ww2b5"),
            (hex10("80000000000000000000"), "i222222222222222"),
            (hex10("00000000010000000000"), "2222222322222222"),
            (hex10("00000000008000000000"), "22222222i2222222"),
            (hex10("000000000007c0000000"), "222222222x222222"),
            (hex10("00000000000000000001"), "2222222222222223"),
            (hex10("421084210818d0842108"), "aaaaaaaa55aaaaaa"),
            (hex10("00443214c74254b635cf"), "23456789abcdefgh"),
            (hex10("84653a56d7c675be77df"), "ijklmnopqrstuvwx"),
        ] {
            assert_eq!(encode(&bytes).as_str(), text, "{text}");
            assert_eq!(decode(text).unwrap(), bytes, "{text}");
            for (name, encode, decode) in BACKENDS {
                assert_eq!(&encode(&bytes), text.as_bytes(), "{name} {text}");
                assert_eq!(decode(text.as_bytes().try_into().unwrap()), Some(bytes), "{name} {text}");
            }
        }
    }

    #[test]
    fn rejects_what_sno_mangles() {
        let e = decode("brpk4q72xwf2m63L").unwrap_err();
        assert_eq!(e.to_string(), "invalid character 'L' at position 15 (expected [2-9a-x])");
        for bad in ["0000000000000000", "yyyyyyyyyyyyyyyy", "!!!!!!!!!!!!!!!!", "1222222222222222", "222222222222222y"]
        {
            assert!(decode(bad).is_err(), "{bad}");
        }
        assert_eq!(decode("brpk4q72xwf2m63"), Err(ParseError::chars(16, 15)));
        // 16 characters, 17 bytes: once "expected 16 characters, got 16".
        let e = decode("222222222222222é").unwrap_err();
        assert_eq!(e.to_string(), "invalid character 'é' at position 15 (expected [2-9a-x])");
        assert!(decode("brpk4q72xwf2m6é").is_err());
    }

    /// Every byte value at every position of an otherwise valid text: random text is almost
    /// never valid, so this is what probes the edges of both runs and of the signed compares
    /// (under Miri, every value once, spread over the positions: see `test_budget`). Likewise
    /// every byte value of an ID.
    #[test]
    fn every_byte_at_every_position() {
        let valid_text = backend::encode(&[0x5A; 10]);
        for (position, byte) in test_budget::bytes_at_positions(ENCODED_LEN) {
            let mut text = valid_text;
            text[position] = byte;
            let expected = ALPHABET.iter().position(|&c| c == byte).map(|_| text);
            for (name, encode, decode) in BACKENDS {
                let decoded = decode(&text);
                assert_eq!(decoded.map(|bytes| encode(&bytes)), expected, "{name}: {byte:#04x} at {position}");
            }
        }
        // And every byte value at every position of an ID, into every encoder.
        for (position, byte) in test_budget::bytes_at_positions(10) {
            let mut id = [0x5A; 10];
            id[position] = byte;
            let text = swar::encode(&id);
            for (name, encode, decode) in BACKENDS {
                assert_eq!(encode(&id), text, "{name}: {byte:#04x} at {position}");
                assert_eq!(decode(&text), Some(id), "{name}: {byte:#04x} at {position}");
            }
        }
    }

    /// Every backend's loads at every alignment of its input, valid and invalid.
    #[test]
    fn backends_agree_at_every_alignment() {
        let id = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0x5A, 0xA5, 0x10, 0x0F, 0xF0];
        for text in [*b"brpk4q72xwf2m63l", *b"brpk4q72xwf2m63y"] {
            let expected = swar::decode(&text);
            test_budget::at_every_alignment(&text, |text| {
                for (name, _, decode) in BACKENDS {
                    assert_eq!(decode(text), expected, "{name}");
                }
            });
        }
        test_budget::at_every_alignment(&id, |id| {
            for (name, encode, _) in BACKENDS {
                assert_eq!(encode(id), swar::encode(id), "{name}");
            }
        });
    }

    /// Texts of every length around the SIMD lanes: only 16 reaches the backend, the rest are
    /// length errors.
    #[test]
    fn texts_at_lane_boundary_lengths() {
        let full = "brpk4q72xwf2m63lbrpk4q72xwf2m63l2";
        for len in [0, 1, 15, 16, 17, 31, 32, 33] {
            let found = decode(&full[..len]);
            if len == ENCODED_LEN {
                assert_eq!(encode(&found.unwrap()).as_str(), &full[..len]);
            } else {
                assert_eq!(found, Err(ParseError::chars(ENCODED_LEN, len)), "{len}");
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn round_trip_and_order(a: [u8; 10], b: [u8; 10]) {
            let (ea, eb) = (encode(&a), encode(&b));
            proptest::prop_assert_eq!(decode(&ea).unwrap(), a);
            proptest::prop_assert_eq!(ea.cmp(&eb), a.cmp(&b));
        }

        #[test]
        fn backends_agree_on_every_id(bytes: [u8; 10]) {
            let text = backend::encode(&bytes);
            for (name, encode, decode) in BACKENDS {
                proptest::prop_assert_eq!(encode(&bytes), text, "{}", name);
                proptest::prop_assert_eq!(decode(&text), Some(bytes), "{}", name);
            }
        }

        #[test]
        fn every_byte_string_is_handled(bytes: [u8; 16]) {
            let valid = bytes.iter().all(|c| ALPHABET.contains(c));
            for (name, _, decode) in BACKENDS {
                proptest::prop_assert_eq!(decode(&bytes).is_some(), valid, "{}", name);
            }
            if let Ok(text) = core::str::from_utf8(&bytes) {
                proptest::prop_assert_eq!(decode(text).is_ok(), valid);
            }
        }
    }
}
