use crate::prelude::*;

use super::*;
use crate::error::ParseError;
use crate::random::{RandomSource, SeededRandom};
use crate::scheme::alphabet::{Alphabet, URL_SAFE, UrlSafe};
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;
use core::sync::atomic::{AtomicUsize, Ordering};

/// Byte `k` of the stream is `(37 k + 11) mod 256`, across calls: the same stream the
/// vectors below were made from with the Python `nanoid` package's `method` (its generator
/// with the random source passed in).
struct Stream(AtomicUsize);

impl RandomSource for Stream {
    fn fill_bytes(&self, dest: &mut [u8]) {
        let start = self.0.fetch_add(dest.len(), Ordering::Relaxed);
        for (i, b) in dest.iter_mut().enumerate() {
            *b = ((start + i) * 37 + 11) as u8;
        }
    }
}

fn from_stream<A: Alphabet, const N: usize>() -> Nanoid<A, N> {
    NanoidGenerator::with(Stream(AtomicUsize::new(0))).generate(()).unwrap()
}

#[derive(Clone, Copy)]
struct Hex;
impl Alphabet for Hex {
    const CHARS: &'static str = "0123456789abcdef";
}
#[derive(Clone, Copy)]
struct Digits;
impl Alphabet for Digits {
    const CHARS: &'static str = "0123456789";
}
#[derive(Clone, Copy)]
struct Abc;
impl Alphabet for Abc {
    const CHARS: &'static str = "abc";
}

/// `method(stream, alphabet, size)` of the Python package, on the stream above.
#[test]
fn a_byte_stream_makes_the_reference_id() {
    assert_eq!(from_stream::<UrlSafe, 21>().to_string(), "Tb5yYnO8hJiNm_0lKuU6Z");
    assert_eq!(from_stream::<Hex, 12>().to_string(), "b05af49e38d2");
    assert_eq!(from_stream::<Abc, 10>().to_string(), "abcabcabca");
    // Ten digits under a mask of 15 drop 6 of 16 masked bytes: a draw of several batches.
    assert_eq!(from_stream::<Digits, 32>().to_string(), "05493827160549382716054938271605");
}

#[test]
#[cfg_attr(miri, ignore = "a statistical test of 64,000 draws; no unsafe code of its own")]
fn every_character_is_equally_likely() {
    // 7 characters under a mask of 7: a modulo would give the first one twice the others' share.
    #[derive(Clone, Copy)]
    struct Seven;
    impl Alphabet for Seven {
        const CHARS: &'static str = "abcdefg";
    }
    let g = NanoidGenerator::with(SeededRandom::new(3));
    let mut counts = [0u32; 7];
    for _ in 0..2000 {
        let id: Nanoid<Seven, 32> = g.generate(()).unwrap();
        for b in id.to_bytes_array() {
            counts[usize::from(b - b'a')] += 1;
        }
    }
    // 64000 draws, 9143 expected each; the standard deviation is ~89, so ±600 is > 6 sigma.
    for (i, &n) in counts.iter().enumerate() {
        assert!(n.abs_diff(64_000 / 7) < 600, "character {i}: {n} of 64000 ({counts:?})");
    }
}

#[test]
fn the_default_is_twenty_one_url_safe_characters() {
    let g = NanoidGenerator::with(SeededRandom::new(1));
    let ids: Vec<Nanoid> = (0..200).map(|_| g.generate(()).unwrap()).collect();
    for id in &ids {
        let text = id.to_string();
        assert_eq!(text.len(), 21);
        assert!(text.bytes().all(|b| URL_SAFE.as_bytes().contains(&b)), "{text}");
        assert_eq!(text.parse::<Nanoid>(), Ok(*id));
        assert_eq!(Nanoid::from_bytes(&id.to_bytes()), Ok(*id));
    }
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    assert_eq!(ids[0].encode(Encoding::Hex), None, "its text is its only form");
}

#[test]
fn bad_text_and_bytes_are_typed_errors() {
    crate::scheme::declare::assert_multi_byte_character_named::<Nanoid>(&("é".to_owned() + &"A".repeat(20)), 0);
    assert_eq!(
        "abc".parse::<Nanoid>(),
        Err(ParseError::Length { expected: 21, found: 3, unit: "characters" })
    );
    let e = "aaaaaaaaaa.aaaaaaaaaa".parse::<Nanoid>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: '.', position: 10, .. }), "{e:?}");
    let e = "0123456789abcdeg".parse::<Nanoid<Hex, 16>>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: 'g', position: 15, .. }), "{e:?}");
    // Multi-byte characters: reported whole, at their position in characters; a wrong length
    // is counted in characters.
    let e = "0é123456789abcd".parse::<Nanoid<Hex, 16>>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: 'é', position: 1, .. }), "{e:?}");
    let e = "é0123456789abc".parse::<Nanoid<Hex, 16>>().unwrap_err();
    assert!(matches!(e, ParseError::Length { expected: 16, found: 14, .. }), "{e:?}");
    assert!(Nanoid::<Hex, 4>::from_bytes(&[0xFF, b'0', b'1', b'2']).is_err());
    assert_eq!(Nanoid::<Hex, 4>::from_bytes(b"012"), Err(ParseError::bytes(4, 3)));
    assert_eq!(Nanoid::<Hex, 4>::decode("0123", Encoding::Base62), Err(crate::scheme::unsupported(Encoding::Base62)));
}

#[test]
fn storage_outside_the_alphabet_displays_and_is_refused_when_checked() {
    use crate::scheme::storage::StorageOf;
    let raw = *b"0\xFFz1";
    let id: Nanoid<Hex, 4> = StorageOf::to_scheme(raw);
    assert_eq!(id.to_string(), "00z1".replace('z', "0"), "outside bytes show as the first character");
    assert!(StorageOf::<Nanoid<Hex, 4>>::try_to_scheme(raw).is_err());
    assert_eq!(StorageOf::<Nanoid<Hex, 4>>::try_to_scheme(*b"0af1").map(|id| id.to_string()), Ok("0af1".into()));
}

#[test]
fn no_time_and_a_window_holds_every_id() {
    const { assert!(!Nanoid::<UrlSafe, 21>::TIMED) };
    let t = Timestamp::from_ymd(2026, 11, 27);
    let (lo, hi) = (Nanoid::<Hex, 8>::min_at(t), Nanoid::<Hex, 8>::max_at(t));
    assert_eq!((lo.to_string().as_str(), hi.to_string().as_str()), ("00000000", "ffffffff"));
    let g = NanoidGenerator::with(SeededRandom::new(9));
    let id: Nanoid<Hex, 8> = g.generate_at((), Timestamp::MIN).unwrap();
    assert!(lo <= id && id <= hi);
    assert_eq!(Nanoid::<Hex, 8>::time_range(), (Timestamp::MIN, Timestamp::MAX));
}

#[test]
fn one_to_thirty_two_characters() {
    let g = NanoidGenerator::with(SeededRandom::new(5));
    let one: Nanoid<UrlSafe, 1> = g.generate(()).unwrap();
    let most: Nanoid<UrlSafe, 32> = g.generate(()).unwrap();
    assert_eq!((one.to_string().len(), most.to_string().len(), most.to_bytes().len()), (1, 32, 32));
    assert_eq!(<Nanoid<UrlSafe, 32> as Scheme>::BYTE_LEN, 32);
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    /// Text order is byte order, and any text of the alphabet reads back as itself.
    #[test]
    fn text_order_is_byte_order(a in "[0-9a-f]{16}", b in "[0-9a-f]{16}") {
        let (x, y) = (a.parse::<Nanoid<Hex, 16>>().unwrap(), b.parse::<Nanoid<Hex, 16>>().unwrap());
        proptest::prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        proptest::prop_assert_eq!(x.to_string(), a);
    }

    /// Any text or bytes: a value or a typed error, never a panic.
    #[test]
    fn any_input_reads_or_errs(text: String, bytes: Vec<u8>) {
        let _ = text.parse::<Nanoid>();
        let _ = Nanoid::<Digits, 5>::from_bytes(&bytes);
    }
}
