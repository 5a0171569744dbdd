//! The two base64 flavours of Erlang's `uid`: the order-preserving alphabet of uid ≥ 1.3.4
//! (default) and base64url without padding of uid 1.3.3. RFC 4648 bit packing, no padding.

use crate::prelude::*;

use super::{AsciiWords, IdText, reverse_table};
use crate::error::ParseError;

/// Which alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Flavour {
    /// `.0-9A-Z_a-z`: ASCII-ascending, so the text sorts like the bytes (uid ≥ 1.3.4).
    #[default]
    Ordered,
    /// `A-Za-z0-9-_` (base64url, RFC 4648 §5) without padding (uid 1.3.3); not order-preserving.
    UrlSafe,
    /// `A-Za-z0-9+/` (RFC 4648 §4, as .NET's `Convert.ToBase64String`); padding is the caller's.
    Standard,
}

const ORDERED: &[u8; 64] = b".0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ORDERED_REVERSE: [u8; 256] = reverse_table(ORDERED);
const URL_SAFE_REVERSE: [u8; 256] = reverse_table(URL_SAFE);
const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const STANDARD_REVERSE: [u8; 256] = reverse_table(STANDARD);

impl Flavour {
    fn alphabet(self) -> &'static [u8; 64] {
        match self {
            Flavour::Ordered => ORDERED,
            Flavour::UrlSafe => URL_SAFE,
            Flavour::Standard => STANDARD,
        }
    }

    fn reverse(self) -> &'static [u8; 256] {
        match self {
            Flavour::Ordered => &ORDERED_REVERSE,
            Flavour::UrlSafe => &URL_SAFE_REVERSE,
            Flavour::Standard => &STANDARD_REVERSE,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Flavour::Ordered => "[.0-9A-Z_a-z]",
            Flavour::UrlSafe => "[A-Za-z0-9_-]",
            Flavour::Standard => "[A-Za-z0-9+/]",
        }
    }
}

/// Characters needed for `n` bytes without padding.
#[inline]
pub const fn encoded_len(n: usize) -> usize {
    (n * 8).div_ceil(6)
}

/// Encodes `N` bytes (at most 36, checked at compile time).
#[inline]
pub fn encode<const N: usize>(bytes: &[u8; N], flavour: Flavour) -> IdText {
    const { assert!(encoded_len(N) <= IdText::CAPACITY, "base64::encode takes at most 36 bytes") };
    if N <= 16 { IdText::build_words(|out| write_short(bytes, flavour, out)) } else { encode_slice(bytes, flavour) }
}

/// [`encode`] of at most 16 bytes into a caller's buffer, in whole words (the characters are
/// gathered in registers): the text at `0..encoded_len(N)`.
#[inline]
pub(crate) fn write_short<const N: usize>(
    bytes: &[u8; N],
    flavour: Flavour,
    out: &mut AsciiWords<'_>,
) -> core::ops::Range<usize> {
    assert!(0 < N && N <= 16, "write_short takes 1 to 16 bytes");
    let alphabet = flavour.alphabet();
    // The bytes at the top of a `u128` (gathered in registers, not through a padded array that
    // would be stored and read back): character `k` is the 6 bits below bit `128 - 6k`. Whole
    // 8- and 4-byte words are one load and one byte swap each, not a chain of byte shifts.
    let mut top = 0u128;
    let mut i = 0;
    while i + 8 <= N {
        top = top << 64 | u128::from(u64::from_be_bytes(bytes[i..i + 8].try_into().expect("8 bytes")));
        i += 8;
    }
    if i + 4 <= N {
        top = top << 32 | u128::from(u32::from_be_bytes(bytes[i..i + 4].try_into().expect("4 bytes")));
        i += 4;
    }
    for &b in &bytes[i..] {
        top = top << 8 | u128::from(b);
    }
    let top = top << (128 - 8 * N);
    let len = encoded_len(N);
    let mut at = 0;
    while at < len {
        // The 48 bits of characters `at..at + 8` in a `u64` (one `u128` shift per word, then
        // plain 64-bit shifts); the last character of 16 bytes reaches 4 bits past the end,
        // which the left shift fills with zeros.
        let group = if 6 * at + 48 <= 128 { (top >> (80 - 6 * at)) as u64 } else { (top << (6 * at - 80)) as u64 };
        let char_at = |k: usize| u64::from(alphabet[(group >> (42 - 6 * k) & 63) as usize]);
        out.put(at, (0..(len - at).min(8)).fold(0u64, |word, k| word | char_at(k) << (8 * k)));
        at += 8;
    }
    0..len
}

/// Encodes at most 36 bytes (the caller's bound).
#[inline]
fn encode_slice(bytes: &[u8], flavour: Flavour) -> IdText {
    let alphabet = flavour.alphabet();
    IdText::build(|out| {
        let mut o = 0;
        // Six bytes make eight characters: gathered in a word and written with one store, so the
        // text is read back whole instead of stalling on eight one-byte stores.
        let mut sixes = bytes.chunks_exact(6);
        for six in &mut sixes {
            let v = six.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
            let word =
                (0..8).fold(0u64, |word, k| word | u64::from(alphabet[(v >> (42 - 6 * k) & 63) as usize]) << (8 * k));
            out[o..o + 8].copy_from_slice(&word.to_le_bytes());
            o += 8;
        }
        let mut groups = sixes.remainder().chunks_exact(3);
        for g in &mut groups {
            let v = u32::from(g[0]) << 16 | u32::from(g[1]) << 8 | u32::from(g[2]);
            out[o] = alphabet[(v >> 18) as usize];
            out[o + 1] = alphabet[(v >> 12 & 63) as usize];
            out[o + 2] = alphabet[(v >> 6 & 63) as usize];
            out[o + 3] = alphabet[(v & 63) as usize];
            o += 4;
        }
        let tail = groups.remainder();
        if !tail.is_empty() {
            let v = u32::from(tail[0]) << 16 | u32::from(*tail.get(1).unwrap_or(&0)) << 8;
            for k in 0..=tail.len() {
                out[o] = alphabet[(v >> (18 - 6 * k) & 63) as usize];
                o += 1;
            }
        }
        o
    })
}

/// Decodes whole groups of four characters into three bytes, then the tail. Characters are
/// checked once at the end: every looked-up value is OR-ed together, and only the invalid
/// marker 0xFF has the top bit. `out` must hold `floor(6 * text.len() / 8)` bytes.
#[inline]
fn decode_bits(text: &str, flavour: Flavour, out: &mut [u8], strict_tail: bool) -> Result<(), ParseError> {
    let reverse = flavour.reverse();
    let value = |c: u8| reverse[usize::from(c)];
    let (groups, tail) = text.as_bytes().as_chunks::<4>();
    let (byte_groups, byte_tail) = out.as_chunks_mut::<3>();
    debug_assert_eq!((byte_groups.len(), byte_tail.len()), (groups.len(), tail.len() * 6 / 8));
    let mut seen = 0u8;
    for (chars, bytes) in groups.iter().zip(byte_groups) {
        let [a, b, c, d] = chars.map(value);
        seen |= a | b | c | d;
        let v = u32::from(a) << 18 | u32::from(b) << 12 | u32::from(c) << 6 | u32::from(d);
        *bytes = [(v >> 16) as u8, (v >> 8) as u8, v as u8];
    }
    let mut acc = 0u32;
    for &c in tail {
        let d = value(c);
        seen |= d;
        acc = acc << 6 | u32::from(d);
    }
    let bits = 6 * tail.len();
    for (i, byte) in byte_tail.iter_mut().enumerate() {
        *byte = (acc >> (bits - 8 * (i + 1))) as u8;
    }
    if seen & 0x80 != 0 {
        return Err(ParseError::first_invalid(text, |c| value(c) != 0xFF, flavour.name()));
    }
    if strict_tail && acc & ((1 << (bits % 8)) - 1) != 0 {
        return Err(ParseError::Invalid { scheme: "base64", reason: crate::error::InvalidReason::STRAY_BITS });
    }
    Ok(())
}

/// Decodes the canonical text of exactly `out.len()` bytes: exact length, alphabet characters
/// only, and no stray bits in the last character (uid itself ignores them; rejecting keeps one
/// text per value).
#[inline]
pub fn decode_into(text: &str, flavour: Flavour, out: &mut [u8]) -> Result<(), ParseError> {
    ParseError::check_ascii_len(text, encoded_len(out.len()), flavour.name())?;
    decode_bits(text, flavour, out, true)
}

/// [`decode_into`] for a value of `N` bytes (at most 15): the characters are accumulated in
/// registers, eight at a time in independent words, checked once, and the bytes come out in
/// one piece (no byte-by-byte stores for the caller to read back).
#[inline]
pub fn decode_array<const N: usize>(text: &str, flavour: Flavour) -> Result<[u8; N], ParseError> {
    const { assert!(N <= 15, "base64::decode_array takes at most 15 bytes") };
    let ascii = ParseError::check_ascii_len(text, encoded_len(N), flavour.name())?;
    let reverse = flavour.reverse();
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if N == 12 {
        // 16 characters: one register (uid96's text).
        let sixteen: &[u8; 16] = ascii.try_into().expect("checked length");
        return match sse2::decode16(sixteen, flavour) {
            Some(value) => Ok(value.to_be_bytes()[16 - N..].try_into().expect("N bytes")),
            None => Err(ParseError::first_invalid(text, |c| reverse[usize::from(c)] != 0xFF, flavour.name())),
        };
    }
    let mut seen = 0u8;
    let mut acc: u128 = 0;
    for chunk in ascii.chunks(8) {
        let mut part = 0u64;
        for &c in chunk {
            let d = reverse[usize::from(c)];
            seen |= d;
            part = part << 6 | u64::from(d);
        }
        acc = acc << (6 * chunk.len()) | u128::from(part);
    }
    if seen & 0x80 != 0 {
        return Err(ParseError::first_invalid(text, |c| reverse[usize::from(c)] != 0xFF, flavour.name()));
    }
    let stray = 6 * encoded_len(N) - 8 * N;
    if acc & ((1 << stray) - 1) != 0 {
        return Err(ParseError::Invalid { scheme: "base64", reason: crate::error::InvalidReason::STRAY_BITS });
    }
    Ok((acc >> stray).to_be_bytes()[16 - N..].try_into().expect("N bytes"))
}

/// The x86-64 decoder of 16 characters (SSE2 is in that architecture's baseline): each byte
/// classified by range (digits, upper and lower case letters, the flavour's two other
/// characters) and mapped to its value in the lanes; pairs, then quads, then groups of eight
/// joined in the lanes. Fewer dependent steps than 16 table lookups joined in chains.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::Flavour;
    use crate::codec::sse2::{in_range, join_eights};
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };

    /// Where each range of an alphabet starts: the values of `0`, `A` and `a`, and the two
    /// characters outside those ranges with their values.
    struct Ranges {
        digits: u8,
        upper: u8,
        lower: u8,
        others: [(u8, u8); 2],
    }

    impl Flavour {
        fn ranges(self) -> Ranges {
            match self {
                Flavour::Ordered => Ranges { digits: 1, upper: 11, lower: 38, others: [(b'.', 0), (b'_', 37)] },
                Flavour::UrlSafe => Ranges { digits: 52, upper: 0, lower: 26, others: [(b'-', 62), (b'_', 63)] },
                Flavour::Standard => Ranges { digits: 52, upper: 0, lower: 26, others: [(b'+', 62), (b'/', 63)] },
            }
        }
    }

    /// The 96 bits of 16 characters, or `None` if one is not in the flavour's alphabet.
    #[inline(always)]
    pub(super) fn decode16(text: &[u8; 16], flavour: Flavour) -> Option<u128> {
        // SAFETY: the callee's only precondition is SSE2 (its `target_feature`), and this
        // module is only compiled where the whole build enables SSE2 (the `cfg` on `mod sse2`).
        unsafe { decode16_sse2(text, flavour.ranges()) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn decode16_sse2(text: &[u8; 16], ranges: Ranges) -> Option<u128> {
        // SAFETY: `text` is 16 readable bytes; the load is unaligned.
        let ascii = unsafe { _mm_loadu_si128(text.as_ptr().cast::<__m128i>()) };
        let byte = |b: u8| _mm_set1_epi8(b as i8);
        // The bytes of the range `first..=last`, and their values.
        let range = |first: u8, last: u8, value: u8| {
            let (inside, offset) = in_range(ascii, first, last);
            (inside, _mm_and_si128(inside, _mm_add_epi8(offset, byte(value))))
        };
        let single = |(c, value): (u8, u8)| {
            let inside = _mm_cmpeq_epi8(ascii, byte(c));
            (inside, _mm_and_si128(inside, byte(value)))
        };
        let parts = [
            range(b'0', b'9', ranges.digits),
            range(b'A', b'Z', ranges.upper),
            range(b'a', b'z', ranges.lower),
            single(ranges.others[0]),
            single(ranges.others[1]),
        ];
        let (valid, values) = parts
            .iter()
            .fold((byte(0), byte(0)), |(v, d), &(inside, value)| (_mm_or_si128(v, inside), _mm_or_si128(d, value)));
        if _mm_movemask_epi8(valid) != 0xFFFF {
            return None;
        }
        let (front, back) = join_eights(values, 6);
        Some(u128::from(front) << 48 | u128::from(back))
    }
}

/// Decodes like uid's `decode64`: any length, keeps `floor(6 * len / 8)` bytes and ignores the
/// leftover bits, but still rejects characters outside the alphabet (uid crashes on them).
#[inline]
pub fn decode_lenient(text: &str, flavour: Flavour) -> Result<Vec<u8>, ParseError> {
    let mut out = vec![0u8; text.len() * 6 / 8];
    decode_bits(text, flavour, &mut out, false)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_budget;

    /// The word-wise encoder of up to 16 bytes writes what the general one writes, at every
    /// length (16 bytes, whose last character reaches past the end of the bits, overflowed a
    /// shift before).
    #[test]
    fn short_encoder_matches_the_general_one_at_every_length() {
        fn check<const N: usize>(seed: u8) {
            let mut bytes = [0u8; N];
            for (i, b) in bytes.iter_mut().enumerate() {
                *b = seed.wrapping_mul(31).wrapping_add((i as u8).wrapping_mul(97)) ^ 0xA5;
            }
            for flavour in [Flavour::Ordered, Flavour::UrlSafe] {
                assert_eq!(&*encode(&bytes, flavour), &*encode_slice(&bytes, flavour), "{N} bytes, {flavour:?}");
                let mut back = [0u8; N];
                decode_into(&encode(&bytes, flavour), flavour, &mut back).unwrap();
                assert_eq!(back, bytes, "{N} bytes, {flavour:?}");
            }
        }
        for seed in [0, 1, 0x7F, 0xFF] {
            check::<1>(seed);
            check::<2>(seed);
            check::<3>(seed);
            check::<4>(seed);
            check::<5>(seed);
            check::<6>(seed);
            check::<7>(seed);
            check::<8>(seed);
            check::<9>(seed);
            check::<10>(seed);
            check::<11>(seed);
            check::<12>(seed);
            check::<13>(seed);
            check::<14>(seed);
            check::<15>(seed);
            check::<16>(seed);
        }
    }

    /// The register path agrees with the byte path on every text: values, errors and messages.
    /// The 16-character decoder agrees with the table on every byte at every position, in
    /// every flavour (under Miri, every value once: see `test_budget`).
    #[test]
    fn sixteen_characters_every_byte_everywhere() {
        for flavour in [Flavour::Ordered, Flavour::UrlSafe, Flavour::Standard] {
            let alphabet = flavour.alphabet();
            for (position, c) in test_budget::bytes_at_positions(16) {
                let mut text = [0u8; 16];
                for (i, t) in text.iter_mut().enumerate() {
                    *t = alphabet[(i * 7 + position) % 64];
                }
                text[position] = c;
                let Ok(text) = core::str::from_utf8(&text) else { continue };
                let mut expected = [0u8; 12];
                let table = decode_bits(text, flavour, &mut expected, true).map(|()| expected);
                assert_eq!(decode_array::<12>(text, flavour), table, "{flavour:?}: {c} at {position}");
            }
        }
    }

    #[test]
    fn decode_array_matches_decode_into() {
        fn both<const N: usize>(text: &str) {
            for flavour in [Flavour::Ordered, Flavour::UrlSafe] {
                let mut bytes = [0u8; N];
                let into = decode_into(text, flavour, &mut bytes).map(|()| bytes);
                assert_eq!(decode_array::<N>(text, flavour), into, "{text:?}");
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..test_budget::iterations(20_000, 8) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bytes = state.to_be_bytes();
            let twelve: [u8; 12] = [bytes, bytes].concat()[..12].try_into().unwrap();
            let text12 = encode(&twelve, Flavour::Ordered);
            let text8 = encode(&bytes, Flavour::Ordered);
            both::<12>(&text12);
            both::<8>(&text8);
            // One character changed to anything: valid, stray bits, or out of the alphabet.
            let position = (state % 11) as usize;
            for c in [b'.', b'_', b'-', b'z', b'0', b'~', 0x7F, b'A'] {
                let mut t = text8.as_bytes().to_vec();
                t[position] = c;
                both::<8>(core::str::from_utf8(&t).unwrap());
            }
        }
        both::<8>("short");
        both::<12>("");
    }

    #[test]
    fn uid_b64_vectors() {
        for (bytes, text) in [
            (&[][..], ""),
            (&[0], ".."),
            (&[255], "zk"),
            (&[0, 0], "..."),
            (&[255, 255], "zzw"),
            (&[1, 2, 3], ".F72"),
            (&[255, 255, 255], "zzzz"),
            (&[0, 96, 57, 138, 123, 105, 128, 1], ".5.tXbhdV.3"),
            (&[0, 96, 57, 138, 3, 235, 39, 49, 123, 105, 128, 1], ".5.tXVEf8n4vPN.0"),
            (&[255; 8], "zzzzzzzzzzw"),
        ] {
            assert_eq!(encode_slice(bytes, Flavour::Ordered), text);
            assert_eq!(decode_lenient(text, Flavour::Ordered).unwrap(), bytes);
            let mut out = vec![0u8; bytes.len()];
            decode_into(text, Flavour::Ordered, &mut out).unwrap();
            assert_eq!(out, bytes);
        }
        assert_eq!(decode_lenient(".", Flavour::Ordered).unwrap(), b"");
        assert_eq!(decode_lenient(".z", Flavour::Ordered).unwrap(), [3]);
        assert!(decode_into(".z", Flavour::Ordered, &mut [0u8; 1]).is_err());
        let e = decode_lenient("+6.ok2GHV.3", Flavour::Ordered).unwrap_err();
        assert_eq!(e.to_string(), "invalid character '+' at position 0 (expected [.0-9A-Z_a-z])");
    }

    #[test]
    fn url_safe_vectors() {
        for (bytes, text) in [
            (&[0, 96, 57, 138, 123, 105, 128, 1][..], "AGA5intpgAE"),
            (&[0, 96, 57, 138, 3, 235, 39, 50, 123, 105, 128, 1], "AGA5igPrJzJ7aYAB"),
            (&[255; 8], "__________8"),
            (&[0x00, 0x60, 0x39, 0x8A, 0x01, 0x02, 0x03, 0x04, 0x7B, 0x69, 0xBF, 0xFF], "AGA5igECAwR7ab__"),
        ] {
            assert_eq!(encode_slice(bytes, Flavour::UrlSafe), text);
            let mut out = vec![0u8; bytes.len()];
            decode_into(text, Flavour::UrlSafe, &mut out).unwrap();
            assert_eq!(out, bytes);
        }
    }

    proptest::proptest! {
        #![proptest_config(test_budget::proptest_config())]

        #[test]
        fn round_trip_and_order(a: [u8; 12], b: [u8; 12]) {
            for f in [Flavour::Ordered, Flavour::UrlSafe] {
                let mut out = [0u8; 12];
                decode_into(&encode(&a, f), f, &mut out).unwrap();
                proptest::prop_assert_eq!(out, a);
            }
            let (ea, eb) = (encode(&a, Flavour::Ordered), encode(&b, Flavour::Ordered));
            proptest::prop_assert_eq!(ea.as_str().cmp(eb.as_str()), a.cmp(&b));
        }

        /// Against a bit-at-a-time model of uid's `decode64`, at every length and tail size.
        #[test]
        fn lenient_matches_bitwise_model(text in "[.0-9A-Z_a-z]{0,40}") {
            let mut bits = Vec::new();
            for c in text.bytes() {
                let d = ORDERED.iter().position(|&a| a == c).unwrap();
                bits.extend((0..6).rev().map(|k| (d >> k) & 1 == 1));
            }
            let model: Vec<u8> =
                bits.chunks_exact(8).map(|byte| byte.iter().fold(0, |acc, &bit| acc << 1 | u8::from(bit))).collect();
            proptest::prop_assert_eq!(decode_lenient(&text, Flavour::Ordered).unwrap(), model.clone());
            let stray = bits.chunks_exact(8).remainder().iter().any(|&bit| bit);
            let mut out = vec![0u8; model.len()];
            if text.len() == encoded_len(model.len()) {
                proptest::prop_assert_eq!(decode_into(&text, Flavour::Ordered, &mut out).is_ok(), !stray);
            }
        }

        #[test]
        fn an_invalid_character_is_reported_where_it_is(bytes: [u8; 12], position in 0..16usize, c in "[^.0-9A-Z_a-z]") {
            let mut text = encode(&bytes, Flavour::Ordered).to_string();
            text.replace_range(position..=position, &c);
            let error = decode_lenient(&text, Flavour::Ordered).unwrap_err();
            let is_right_error = matches!(error, ParseError::Character { position: p, .. } if p == position);
            proptest::prop_assert!(is_right_error, "{error}");
        }

        #[test]
        fn never_panics(text in test_budget::printable_text(20)) {
            let _ = decode_into(&text, Flavour::Ordered, &mut [0u8; 8]);
            let _ = decode_lenient(&text, Flavour::UrlSafe);
        }
    }
}
