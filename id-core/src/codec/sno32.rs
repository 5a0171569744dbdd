//! sno's base32: 10 bytes ↔ 16 characters of `23456789abcdefghijklmnopqrstuvwx`.
//!
//! The alphabet is two ASCII runs (`2`–`9` for 0–7, `a`–`x` for 8–31) and the bits are taken
//! most significant first, so the text sorts like the bytes. Both halves of 40 bits are packed
//! and unpacked with plain 64-bit arithmetic (SWAR), eight characters at a time: portable, no
//! table look-ups, no SIMD.
//!
//! Divergence from sno: sno does not validate characters and returns different garbage on
//! different CPUs for text outside the alphabet; this decoder rejects it with the position.

use crate::error::ParseError;

/// The 32 digits in value order.
pub const ALPHABET: &[u8; 32] = b"23456789abcdefghijklmnopqrstuvwx";
const ALPHABET_NAME: &str = "[2-9a-x]";
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Encoded length.
pub const ENCODED_LEN: usize = 16;

/// Puts each 5-bit group of a 40-bit value into its own byte, the least significant group in
/// the lowest byte: halves to 32-bit lanes, quarters to 16-bit lanes, groups to bytes.
#[inline(always)]
const fn spread(v: u64) -> u64 {
    let a = (v & 0xF_FFFF) | ((v >> 20) << 32);
    let b = (a & 0x0000_03FF_0000_03FF) | ((a >> 10) & 0x0000_03FF_0000_03FF) << 16;
    (b & 0x001F_001F_001F_001F) | ((b >> 5) & 0x001F_001F_001F_001F) << 8
}

/// The inverse of [`spread`] for bytes holding values below 32.
#[inline(always)]
const fn gather(x: u64) -> u64 {
    let b = (x & 0x001F_001F_001F_001F) | ((x >> 8) & 0x001F_001F_001F_001F) << 5;
    let a = (b & 0x0000_03FF_0000_03FF) | ((b >> 16) & 0x0000_03FF_0000_03FF) << 10;
    (a & 0xF_FFFF) | (a >> 32) << 20
}

/// Maps eight digit values (0..32, one per byte) to their characters.
#[inline(always)]
const fn to_ascii(x: u64) -> u64 {
    let letters = ((x + 0x78 * ONES) & HIGH_BITS) >> 7; // 1 in each byte whose value is >= 8
    x + 0x32 * ONES + letters * 39
}

/// High bit set in each byte of `x` (all bytes below 0x80) that lies in `lo..=hi`.
#[inline(always)]
const fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = x + (0x80 - lo as u64) * ONES;
    let above_hi = x + (0x7F - hi as u64) * ONES;
    at_least_lo & !above_hi & HIGH_BITS
}

/// Maps eight characters to their digit values, or `None` if any is outside the alphabet.
#[inline(always)]
const fn from_ascii(x: u64) -> Option<u64> {
    if x & HIGH_BITS != 0 {
        return None;
    }
    let digits = in_range(x, b'2', b'9');
    let letters = in_range(x, b'a', b'x');
    if digits | letters != HIGH_BITS {
        return None;
    }
    Some(x - 0x32 * ONES - (letters >> 7) * 0x27)
}

#[inline(always)]
fn read40(b: &[u8]) -> u64 {
    u64::from(b[0]) << 32 | u64::from(u32::from_be_bytes([b[1], b[2], b[3], b[4]]))
}

/// Encodes 10 bytes as 16 characters.
#[inline]
pub fn encode(bytes: &[u8; 10]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&to_ascii(spread(read40(&bytes[..5]))).to_be_bytes());
    out[8..].copy_from_slice(&to_ascii(spread(read40(&bytes[5..]))).to_be_bytes());
    out
}

/// Decodes exactly 16 characters of the alphabet.
#[inline]
pub fn decode(text: &str) -> Result<[u8; 10], ParseError> {
    let t = text.as_bytes();
    if t.len() != ENCODED_LEN {
        return Err(ParseError::chars(ENCODED_LEN, text.chars().count()));
    }
    let high = u64::from_be_bytes(t[..8].try_into().expect("8 bytes"));
    let low = u64::from_be_bytes(t[8..].try_into().expect("8 bytes"));
    match (from_ascii(high), from_ascii(low)) {
        (Some(h), Some(l)) => {
            let (h, l) = (gather(h).to_be_bytes(), gather(l).to_be_bytes());
            let mut out = [0u8; 10];
            out[..5].copy_from_slice(&h[3..]);
            out[5..].copy_from_slice(&l[3..]);
            Ok(out)
        }
        _ => Err(invalid_char(text)),
    }
}

#[cold]
fn invalid_char(text: &str) -> ParseError {
    ParseError::first_invalid(text, |c| ALPHABET.contains(&c), ALPHABET_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(&encode(&bytes), text.as_bytes(), "{text}");
            assert_eq!(decode(text).unwrap(), bytes, "{text}");
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
        assert!(decode("brpk4q72xwf2m6é").is_err());
    }

    proptest::proptest! {
        #[test]
        fn round_trip_and_order(a: [u8; 10], b: [u8; 10]) {
            let (ea, eb) = (encode(&a), encode(&b));
            proptest::prop_assert_eq!(decode(core::str::from_utf8(&ea).unwrap()).unwrap(), a);
            proptest::prop_assert_eq!(ea.cmp(&eb), a.cmp(&b));
        }

        #[test]
        fn every_byte_string_is_handled(bytes in proptest::collection::vec(0u8.., 16)) {
            if let Ok(text) = core::str::from_utf8(&bytes) {
                let valid = bytes.iter().all(|c| ALPHABET.contains(c));
                proptest::prop_assert_eq!(decode(text).is_ok(), valid);
            }
        }
    }
}
