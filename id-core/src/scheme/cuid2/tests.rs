use crate::prelude::*;
use alloc::collections::BTreeSet;

use super::generator::compose;
use super::*;
use crate::clock::ManualClock;
use crate::error::ParseError;
use crate::random::SeededRandom;
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;

/// The reference's construction on fixed parts, byte for byte: the Python `cuid2` package's
/// `create_hash(time + salt + count + fingerprint)[1:24]` after the letter, with time
/// 1721950840642 ms (`lz1x2k3m`), count 268736840 (`4fzyo8`). No vector of a whole generated
/// ID exists: the reference hashes the wall clock, its own random draws and the host.
#[test]
fn fixed_parts_make_the_reference_text() {
    let id = compose(b'q', 1_721_950_840_642, b"abcdefghijklmnopqrstuvwx", 268_736_840, b"0123456789abcdefghijklmnopqrstuv");
    assert_eq!(id.to_string(), "qfhh59mu7tecm97nsro4mznz");
}

/// IDs the Python package made (`create_id()`) read, and write back unchanged.
#[test]
fn the_references_ids_read() {
    for text in ["f4oupus69y46nz7hjsr4gi2c", "v9hafvwuh434dwpm5bmjnbqt", "r7rkt0ho1nqxkei9jn4dr7f0"] {
        let id: Cuid2 = text.parse().unwrap();
        assert_eq!(id.to_string(), text);
        assert_eq!(&id.to_bytes_array(), text.as_bytes());
    }
}

#[test]
#[cfg_attr(miri, ignore = "500 SHA3-512 hashes take Miri some 90 s; no unsafe code of its own")]
fn generated_ids_have_the_references_form() {
    let t = Timestamp::from_ymd(2026, 11, 27);
    let g = Cuid2Generator::with(ManualClock::new(t), SeededRandom::new(4));
    let mut ids: Vec<Cuid2> = (0..500).map(|_| g.generate(()).unwrap()).collect();
    for id in &ids {
        let text = id.to_string();
        assert_eq!(text.len(), 24);
        assert!(text.as_bytes()[0].is_ascii_lowercase(), "{text}");
        assert!(text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{text}");
        assert_eq!(text.parse::<Cuid2>(), Ok(*id));
        assert_eq!(Cuid2::from_bytes(&id.to_bytes()), Ok(*id));
    }
    let firsts: BTreeSet<u8> = ids.iter().map(|id| id.to_bytes_array()[0]).collect();
    assert_eq!(firsts.len(), 26, "every letter starts some of 500 IDs");
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 500, "one clock reading, 500 distinct IDs");
    // The instant is hashed: another one, same generator state otherwise, another ID.
    let a = Cuid2Generator::with(ManualClock::new(t), SeededRandom::new(4)).generate(()).unwrap();
    let b = Cuid2Generator::with(ManualClock::new(t), SeededRandom::new(4)).generate_at((), Timestamp::UNIX_EPOCH).unwrap();
    assert_ne!(a.to_bytes_array()[1..], b.to_bytes_array()[1..]);
    assert_eq!(a.to_bytes_array()[0], b.to_bytes_array()[0], "the letter is drawn first, before the hash");
}

#[test]
fn bad_text_and_bytes_are_typed_errors() {
    crate::scheme::declare::assert_multi_byte_character_named::<Cuid2>(&("aé".to_owned() + &"0".repeat(22)), 1);
    let e = "f4oupus69y46nz7hjsr4gi2".parse::<Cuid2>().unwrap_err();
    assert_eq!(e, ParseError::Length { expected: 24, found: 23, unit: "characters" });
    let e = "4foupus69y46nz7hjsr4gi2c".parse::<Cuid2>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: '4', position: 0, alphabet: "[a-z]" }), "{e:?}");
    let e = "f4oupus69y46nz7hjsr4gi2C".parse::<Cuid2>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: 'C', position: 23, alphabet: "[0-9a-z]" }), "{e:?}");
    let e = "fé4oupus69y46nz7hjsr4gi".parse::<Cuid2>().unwrap_err();
    assert!(matches!(e, ParseError::Character { character: 'é', position: 1, .. }), "{e:?}");
    assert_eq!(Cuid2::from_bytes(b"abc"), Err(ParseError::bytes(24, 3)));
    assert!(Cuid2::from_bytes(&[0xFF; 24]).is_err());
    assert_eq!(Cuid2::decode("f4oupus69y46nz7hjsr4gi2c", Encoding::Hex), Err(crate::scheme::unsupported(Encoding::Hex)));
}

#[test]
fn storage_outside_the_form_displays_and_is_refused_when_checked() {
    use crate::scheme::storage::StorageOf;
    let mut raw = *b"f4oupus69y46nz7hjsr4gi2c";
    raw[0] = b'4';
    raw[5] = 0xFF;
    let id: Cuid2 = StorageOf::to_scheme(raw);
    assert_eq!(id.to_string(), "a4oupas69y46nz7hjsr4gi2c");
    assert!(StorageOf::<Cuid2>::try_to_scheme(raw).is_err());
}

#[test]
fn no_time_and_a_window_holds_every_id() {
    const { assert!(!Cuid2::TIMED) };
    let t = Timestamp::from_ymd(2026, 11, 27);
    assert_eq!(Cuid2::min_at(t).to_string(), "a00000000000000000000000");
    assert_eq!(Cuid2::max_at(t).to_string(), "zzzzzzzzzzzzzzzzzzzzzzzz");
    let id = Cuid2::new();
    assert!(Cuid2::min_at(t) <= id && id <= Cuid2::max_at(t));
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    /// Text order is byte order, and every text of the form reads back as itself.
    #[test]
    fn text_order_is_byte_order(a in "[a-z][0-9a-z]{23}", b in "[a-z][0-9a-z]{23}") {
        let (x, y) = (a.parse::<Cuid2>().unwrap(), b.parse::<Cuid2>().unwrap());
        proptest::prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        proptest::prop_assert_eq!(x.to_string(), a);
    }

    /// Any text or bytes: a value or a typed error, never a panic.
    #[test]
    fn any_input_reads_or_errs(text: String, bytes: Vec<u8>) {
        let _ = text.parse::<Cuid2>();
        let _ = Cuid2::from_bytes(&bytes);
    }
}
