//! A token's text: its bytes in Architect.Identities' block-wise base62, 11 characters per 8
//! bytes, so that one-block tokens (16 bytes, 22 characters) read exactly as its public IDs do.
//! AES-SIV tokens are 16 bytes longer than their value and so often not a multiple of 8: their
//! last 1 to 7 bytes take the fewest base62 digits that hold them (a 36-byte token is four
//! blocks and 6 characters, 50 in all).
//!
//! Every token has one text and every text at most one token: a block above `u64::MAX` and a
//! last group above its bytes' range are refused, so no two texts open as the same token.

use idcraft_core::codec::base62::{self, ALPHABET, BLOCK_LEN};

/// Characters of a last group of 0 to 7 bytes: the fewest base62 digits that hold 8n bits.
/// None is 1, 4 or 8 characters, so a text's length alone tells its bytes.
const TAIL_CHARS: [usize; 8] = [0, 2, 3, 5, 6, 7, 9, 10];

/// Characters of the text of `bytes` bytes.
pub(crate) const fn chars(bytes: usize) -> usize {
    bytes / 8 * BLOCK_LEN + TAIL_CHARS[bytes % 8]
}

/// Bytes of the token whose text has `chars` characters, if a token's text can be so long.
#[inline]
pub(crate) fn bytes(chars: usize) -> Option<usize> {
    let tail = TAIL_CHARS.iter().position(|&c| c == chars % BLOCK_LEN)?;
    Some(chars / BLOCK_LEN * 8 + tail)
}

/// Writes the text of `bytes` at the start of `out` (at least [`chars`] long); returns its
/// length.
#[inline(always)]
pub(crate) fn encode(bytes: &[u8], out: &mut [u8]) -> usize {
    // One-block tokens, nearly every token, inline at their lengths as constants: the same
    // code, but unrolled and without the tail, as before tokens of any length. Longer ones are
    // one call, shared.
    match bytes.len() {
        16 => encode_any(&bytes[..16], out),
        24 => encode_any(&bytes[..24], out),
        _ => encode_long(bytes, out),
    }
}

/// [`encode`] of tokens longer than a block: kept out of line, so that the loop unrolled for
/// every length is not copied into each caller.
#[inline(never)]
fn encode_long(bytes: &[u8], out: &mut [u8]) -> usize {
    encode_any(bytes, out)
}

/// [`encode`] of any length, inlined into each of its calls so that a constant length unrolls.
#[inline(always)]
fn encode_any(bytes: &[u8], out: &mut [u8]) -> usize {
    let (blocks, tail) = bytes.as_chunks::<8>();
    for (block, digits) in blocks.iter().zip(out.as_chunks_mut::<BLOCK_LEN>().0) {
        base62::encode_block(u64::from_be_bytes(*block), digits);
    }
    let start = blocks.len() * BLOCK_LEN;
    let end = start + TAIL_CHARS[tail.len()];
    let mut v = tail.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
    for digit in out[start..end].iter_mut().rev() {
        *digit = ALPHABET[(v % 62) as usize];
        v /= 62;
    }
    end
}

/// Reads `text` into `out`, whose length is [`bytes`] of the text's; `None` for a character
/// outside the alphabet or a group past its range. Never panics, whatever the text.
#[inline(always)]
pub(crate) fn decode(text: &str, out: &mut [u8]) -> Option<()> {
    // As in `encode`: one-block tokens inline at constant lengths, longer ones one call.
    match out.len() {
        16 => decode_any(text, &mut out[..16]),
        24 => decode_any(text, &mut out[..24]),
        _ => decode_long(text, out),
    }
}

/// [`decode`] of tokens longer than a block, out of line as [`encode_long`] is.
/// A one-block token's text, 22 characters or, with `tagged`, 33, as its encrypted block and
/// its tag, decoded into registers rather than a token array: the block then reaches AES
/// without a reload of bytes just stored (which could not be forwarded to it whole). `None`
/// for any other length or character, as [`decode`] says.
#[inline(always)]
pub(crate) fn decode_block(text: &str, tagged: bool) -> Option<([u8; 16], Option<u64>)> {
    let cipher = base62::decode_u128(text.get(..2 * BLOCK_LEN)?).ok()?.to_be_bytes();
    let tag = text.get(2 * BLOCK_LEN..)?;
    match tagged {
        true => Some((cipher, Some(base62::decode_u64(tag).ok()?))),
        false => tag.is_empty().then_some((cipher, None)),
    }
}

#[inline(never)]
fn decode_long(text: &str, out: &mut [u8]) -> Option<()> {
    decode_any(text, out)
}

/// [`decode`] of any length, inlined into each of its calls so that a constant length unrolls.
/// Blocks go two at a time (16 bytes, 22 characters) through the core's `u128` decoder, which
/// reads both in vector lanes, and accepts exactly the pairs of blocks that two `u64` reads do.
#[inline(always)]
fn decode_any(text: &str, out: &mut [u8]) -> Option<()> {
    let (pairs, rest) = out.as_chunks_mut::<16>();
    for (i, pair) in pairs.iter_mut().enumerate() {
        let digits = text.get(i * 2 * BLOCK_LEN..(i + 1) * 2 * BLOCK_LEN)?;
        *pair = base62::decode_u128(digits).ok()?.to_be_bytes();
    }
    let at = pairs.len() * 2 * BLOCK_LEN;
    let (blocks, tail) = rest.as_chunks_mut::<8>();
    for (i, block) in blocks.iter_mut().enumerate() {
        let digits = text.get(at + i * BLOCK_LEN..at + (i + 1) * BLOCK_LEN)?;
        *block = base62::decode_u64(digits).ok()?.to_be_bytes();
    }
    let digits = text.get(at + blocks.len() * BLOCK_LEN..)?.as_bytes();
    if digits.len() != TAIL_CHARS[tail.len()] {
        return None;
    }
    // At most 10 digits: below 62^10 < 2^60, so the value cannot overflow.
    let v = digits.iter().try_fold(0u64, |v, &c| Some(v * 62 + digit(c)?))?;
    if v >> (8 * tail.len()) != 0 {
        return None;
    }
    tail.copy_from_slice(&v.to_be_bytes()[8 - tail.len()..]);
    Some(())
}

/// The value of one base62 digit.
fn digit(c: u8) -> Option<u64> {
    let d = match c {
        b'0'..=b'9' => c - b'0',
        b'A'..=b'Z' => c - b'A' + 10,
        b'a'..=b'z' => c - b'a' + 36,
        _ => return None,
    };
    Some(u64::from(d))
}

/// A regular expression for the texts of tokens of `few` to `most` bytes (one length, or 16
/// and 24: a `PublicId` of either one-block format), without anchors. It checks each digit and
/// the first digit of each group (at most `L` in a block, as `u64::MAX` is `LygHa16AHYF`), not
/// the whole range of a group, which a pattern cannot say briefly.
#[cfg(any(feature = "schemars1", feature = "utoipa6"))]
pub(crate) fn pattern(few: usize, most: usize) -> String {
    const BLOCK: &str = "[0-9A-L][0-9A-Za-z]{10}";
    if few != most {
        debug_assert!(few.is_multiple_of(8) && most.is_multiple_of(8), "lengths of whole blocks");
        return format!("({BLOCK}){{{},{}}}", few / 8, most / 8);
    }
    let tail = few % 8;
    let mut pattern = format!("({BLOCK}){{{}}}", few / 8);
    if tail > 0 {
        let width = TAIL_CHARS[tail];
        let first = ((1u64 << (8 * tail)) - 1) / 62u64.pow(width as u32 - 1);
        let last = ALPHABET[first as usize] as char;
        let class = match first {
            0..10 => format!("[0-{last}]"),
            10..36 => format!("[0-9A-{last}]"),
            _ => format!("[0-9A-Za-{last}]"),
        };
        pattern.push_str(&format!("{class}[0-9A-Za-z]{{{}}}", width - 1));
    }
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tail widths are the fewest digits that hold their bytes, and lengths map back.
    #[test]
    fn tail_widths_are_minimal_and_lengths_invertible() {
        for (n, &width) in TAIL_CHARS.iter().enumerate().skip(1) {
            let max = (1u128 << (8 * n)) - 1;
            assert!(62u128.pow(width as u32) > max, "{n} bytes fit {width} digits");
            assert!(62u128.pow(width as u32 - 1) <= max, "{n} bytes need {width} digits");
        }
        for len in 0..=64 {
            assert_eq!(bytes(chars(len)), Some(len), "{len} bytes");
        }
        assert_eq!((chars(16), chars(24), chars(36), chars(40), chars(48)), (22, 33, 50, 55, 66));
        assert_eq!(bytes(45), None, "a group of 1 character holds no byte");
    }

    /// Every length, with the extreme bytes and mixed ones: the text decodes to the bytes, and
    /// a group one past its range is refused.
    #[test]
    fn round_trips_at_every_length() {
        for len in 0..=48 {
            for fill in [0x00, 0xFF, 0x5A] {
                let bytes: Vec<u8> = (0..len).map(|i| fill ^ (i as u8).wrapping_mul(29)).collect();
                let mut text = [0u8; 66];
                let n = encode(&bytes, &mut text);
                assert_eq!(n, chars(len));
                let text = core::str::from_utf8(&text[..n]).unwrap();
                let mut back = vec![0; len];
                assert_eq!(decode(text, &mut back), Some(()), "{text}");
                assert_eq!(back, bytes, "{text}");
            }
            let tail = len % 8;
            if tail > 0 {
                // The smallest value past the tail's bytes, in its width.
                let mut past = 1u64 << (8 * tail);
                let mut digits = vec![b'0'; TAIL_CHARS[tail]];
                for d in digits.iter_mut().rev() {
                    *d = ALPHABET[(past % 62) as usize];
                    past /= 62;
                }
                let text = format!("{}{}", "0".repeat(len / 8 * BLOCK_LEN), core::str::from_utf8(&digits).unwrap());
                assert_eq!(decode(&text, &mut vec![0; len]), None, "{text}");
            }
        }
    }

    /// One-block tokens read as before: two or three `u64` blocks, big-endian.
    #[test]
    fn one_block_tokens_are_architect_blocks() {
        let bytes: Vec<u8> = (1..=24).collect();
        let mut text = [0u8; 33];
        assert_eq!(encode(&bytes, &mut text), 33);
        let expected = [0..8, 8..16, 16..24]
            .map(|r| base62::encode_u64(u64::from_be_bytes(bytes[r].try_into().unwrap())).to_string())
            .concat();
        assert_eq!(core::str::from_utf8(&text).unwrap(), expected);
    }

    #[cfg(any(feature = "schemars1", feature = "utoipa6"))]
    #[test]
    fn patterns() {
        assert_eq!(pattern(16, 24), "([0-9A-L][0-9A-Za-z]{10}){2,3}");
        assert_eq!(pattern(24, 24), "([0-9A-L][0-9A-Za-z]{10}){3}");
        // 36 bytes: four blocks and 4 bytes in 6 digits, the first at most 4 (2^32 is just
        // over 4 · 62^5).
        assert_eq!(pattern(36, 36), "([0-9A-L][0-9A-Za-z]{10}){4}[0-4][0-9A-Za-z]{5}");
        // 37 bytes: 5 bytes in 7 digits, the first at most `J` (19).
        assert_eq!(pattern(37, 37), "([0-9A-L][0-9A-Za-z]{10}){4}[0-9A-J][0-9A-Za-z]{6}");
    }
}
