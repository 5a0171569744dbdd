//! Tokens of values longer than one block, at the byte level: no scheme has such values yet,
//! so these tests seal and open byte strings of every length there can be (17 to 32) through
//! the same `PublicIds` paths, keys, binding and rotation that `to_public` and `from_public`
//! take for every scheme (`seal` and `open` call `seal_long` and `open_long` for such values).

use super::*;
use crate::key::AesKey;
use crate::public_id::PublicId;
use crate::test_types::{Billing, Shipping};
use crate::text;
use crate::token::PublicIds;
use idcraft_core::Identity;

/// The value lengths past one block: every one natively; under Miri, which interprets every AES
/// round, the shortest, KSUID's, one short of the longest and the longest.
fn long_lengths() -> Vec<usize> {
    if cfg!(miri) { vec![17, 20, IdBytes::CAPACITY - 1, IdBytes::CAPACITY] } else { (17..=IdBytes::CAPACITY).collect() }
}

/// Every bit of a token natively; under Miri every 29th (a prime, so the flipped bit moves
/// through the byte from byte to byte).
fn bits(len: usize) -> impl Iterator<Item = usize> {
    (0..8 * len).step_by(if cfg!(miri) { 29 } else { 1 })
}

fn key(byte: u8) -> AesKey {
    AesKey::new(&[byte; 32]).unwrap()
}

/// A value of `len` bytes, different for each `seed`.
fn value(len: usize, seed: u8) -> Vec<u8> {
    (0..len).map(|i| (i as u8).wrapping_mul(73).wrapping_add(seed.wrapping_mul(151))).collect()
}

/// The token of `value` as an `I`'s: what `to_public` makes of an `I` whose values are these
/// bytes.
fn make<I: Identity, F: Format>(ids: &PublicIds<F>, value: &[u8]) -> PublicId<I> {
    ids.make::<I>(|keys| seal_long(keys, value))
}

/// The `len` bytes behind a token of an `I`: what `from_public` reads before the scheme checks
/// the bytes.
fn read<I: Identity, F: Format>(ids: &PublicIds<F>, token: &PublicId<I>, len: usize) -> Option<Vec<u8>> {
    ids.read::<I, _>(|keys| open_long(keys, token.as_bytes(), len)).map(|bytes| bytes.to_vec())
}

/// Both kinds of authenticated `PublicIds` of one key.
fn both(byte: u8) -> [PublicIds; 2] {
    [PublicIds::new(key(byte)), PublicIds::new(key(byte)).bound_to_types()]
}

#[test]
fn constructions_and_lengths() {
    use Construction::*;
    use Placement::*;
    let of = |format, placement| Construction::of(format, placement);
    assert_eq!(of(TokenFormat::Authenticated, U64), Block);
    assert_eq!(of(TokenFormat::Authenticated, Decimal), TaggedBlock);
    assert_eq!(of(TokenFormat::Authenticated, Padded), TaggedBlock);
    assert_eq!(of(TokenFormat::Authenticated, Long), Siv);
    for placement in [U64, Decimal, Padded] {
        assert_eq!(of(TokenFormat::Compatible, placement), Block);
    }
    assert_eq!(of(TokenFormat::Compatible, Long), Siv, "past one block, nothing to be compatible with");
    // The lengths the module docs give: 20, 24 and 32 bytes.
    for (value, bytes, chars) in [(20, 36, 50), (24, 40, 55), (32, 48, 66)] {
        assert_eq!(Siv.token_len(value), bytes);
        assert_eq!(text::chars(bytes), chars);
    }
    assert_eq!(Siv.token_len(IdBytes::CAPACITY), MAX_TOKEN_LEN);
    assert_eq!((Block.token_len(8), TaggedBlock.token_len(16)), (16, 24));
}

#[test]
fn long_values_round_trip_at_every_length() {
    for ids in both(1) {
        for len in long_lengths() {
            let value = value(len, 1);
            let token = make::<Billing, _>(&ids, &value);
            assert_eq!(token.as_bytes().len(), 16 + len);
            let text = token.to_string();
            assert_eq!(text.len(), "bill_".len() + text::chars(16 + len), "{text}");
            let parsed: PublicId<Billing> = text.parse().unwrap();
            assert_eq!(parsed, token);
            assert_eq!(read(&ids, &parsed, len), Some(value.clone()), "{len} bytes");
            assert_eq!(make::<Billing, _>(&ids, &value), token, "deterministic");
            assert_ne!(make::<Billing, _>(&ids, &self::value(len, 2)), token, "another value");
            // The tag binds the length too: the same token read as a value of another length.
            assert_eq!(read(&ids, &token, len - 1), None);
        }
    }
}

#[test]
fn flipped_truncated_and_extended_tokens_are_refused() {
    for ids in both(3) {
        for len in long_lengths() {
            let token = make::<Billing, _>(&ids, &value(len, 3));
            let bytes = token.as_bytes();
            for bit in bits(bytes.len()) {
                let mut forged = bytes.to_vec();
                forged[bit / 8] ^= 1 << (bit % 8);
                let forged = PublicId::<Billing>::from_bytes(&forged).unwrap();
                assert_eq!(read(&ids, &forged, len), None, "{len} bytes, bit {bit}");
            }
            // One byte shorter: a token of a value one byte shorter, which no key made.
            if len > 17 {
                let shorter = PublicId::<Billing>::from_bytes(&bytes[..bytes.len() - 1]).unwrap();
                assert_eq!(read(&ids, &shorter, len - 1), None, "{len} bytes, truncated");
                assert_eq!(read(&ids, &shorter, len), None);
            }
            if len < IdBytes::CAPACITY {
                let longer = PublicId::<Billing>::from_bytes(&[bytes, &[0]].concat()).unwrap();
                assert_eq!(read(&ids, &longer, len + 1), None, "{len} bytes, extended");
                assert_eq!(read(&ids, &longer, len), None);
            }
            // As text: one character less or more is not a token, or one of another length,
            // which no key made either.
            let text = token.to_string();
            for other in [&text[..text.len() - 1], &format!("{text}0")] {
                if let Ok(other) = other.parse::<PublicId<Billing>>() {
                    let other_len = other.as_bytes().len() - 16;
                    assert_ne!(other_len, len, "{other}");
                    assert_eq!(read(&ids, &other, other_len), None, "{other}");
                }
            }
        }
    }
}

#[test]
fn bound_types_refuse_each_others_long_tokens() {
    let ids = PublicIds::new(key(4)).bound_to_types();
    for len in long_lengths() {
        let value = value(len, 4);
        let billing = make::<Billing, _>(&ids, &value);
        let shipping = make::<Shipping, _>(&ids, &value);
        assert_ne!(billing.as_bytes(), shipping.as_bytes());
        let as_shipping = PublicId::<Shipping>::from_bytes(billing.as_bytes()).unwrap();
        assert_eq!(read(&ids, &as_shipping, len), None, "{len} bytes");
        assert_eq!(read(&ids, &shipping, len), Some(value.clone()));
        // Unbound keys are every type's: binding is what tells the types apart.
        let unbound = PublicIds::new(key(4));
        let token = make::<Billing, _>(&unbound, &value);
        let as_shipping = PublicId::<Shipping>::from_bytes(token.as_bytes()).unwrap();
        assert_eq!(read(&unbound, &as_shipping, len), Some(value.clone()));
        // Bound and unbound keys of one master differ.
        assert_ne!(token.as_bytes(), billing.as_bytes());
        assert_eq!(read(&ids, &token, len), None);
    }
}

#[test]
fn rotation_reads_long_tokens_of_previous_keys() {
    for bound in [false, true] {
        let keys = |newest: u8, previous: &[u8]| {
            let ids = PublicIds::new(key(newest)).with_previous_keys(previous.iter().map(|&b| key(b)));
            if bound { ids.bound_to_types() } else { ids }
        };
        let (before, during, after) = (keys(5, &[]), keys(6, &[5]), keys(6, &[]));
        for len in long_lengths() {
            let value = value(len, 5);
            let old = make::<Billing, _>(&before, &value);
            assert_eq!(read(&during, &old, len), Some(value.clone()), "{len} bytes, bound: {bound}");
            let new = make::<Billing, _>(&during, &value);
            assert_ne!(new, old, "made with the newest key");
            assert_eq!(read(&after, &new, len), Some(value.clone()));
            assert_eq!(read(&after, &old, len), None, "the old key retired");
        }
    }
}

/// Random tokens of every long length: refused, whatever their bytes.
#[test]
fn random_long_tokens_are_refused() {
    let ids = PublicIds::new(key(7)).bound_to_types();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..crate::test_budget::iterations(20_000, 50) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = 17 + (state % 16) as usize;
        let bytes: Vec<u8> = (0..16 + len).map(|i| (state >> (i % 8 * 8)) as u8 ^ i as u8).collect();
        let token = PublicId::<Billing>::from_bytes(&bytes).unwrap();
        assert_eq!(read(&ids, &token, len), None);
    }
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    /// Any text as a long token or an ID's: an error or a value, never a panic.
    #[test]
    fn decoding_any_text_never_panics(text in crate::test_budget::printable_text(90)) {
        let ids = PublicIds::new(key(8)).bound_to_types();
        for text in [text.clone(), format!("bill_{text}")] {
            let _ = ids.decode_str::<Billing>(&text);
            if let Ok(token) = text.parse::<PublicId<Billing>>() {
                let len = token.as_bytes().len().saturating_sub(16);
                let _ = read(&ids, &token, len);
            }
        }
    }

    /// Base62 text of every long token's length: it parses (or its last group is past its
    /// range) and is refused.
    #[test]
    fn base62_text_of_long_lengths_is_refused(
        len in 17..=IdBytes::CAPACITY,
        digits in proptest::collection::vec(proptest::sample::select(idcraft_core::codec::base62::ALPHABET.to_vec()), 66),
    ) {
        let ids = PublicIds::new(key(9));
        let text = format!("bill_{}", core::str::from_utf8(&digits[..text::chars(16 + len)]).unwrap());
        if let Ok(token) = text.parse::<PublicId<Billing>>() {
            proptest::prop_assert_eq!(read(&ids, &token, len), None);
        }
    }
}

/// `decode_str` reads one-block tokens straight from the text; it must say what `parse` then
/// `from_public` say, for tokens of both one-block constructions (tagged: authenticated
/// `Uuid7`; untagged: compatible), for the token itself and for every text one edit away.
fn decode_str_agrees<F: Format>(ids: &PublicIds<F>, seed: u128) {
    use idcraft_core::scheme::Uuid7;
    // Version 7, RFC 9562 variant: the rest is the seed.
    let bits = seed & !(0xF << 76 | 0x3 << 62) | 0x7 << 76 | 0x2 << 62;
    let id = Billing(Uuid7::from_uuid(uuid::Uuid::from_u128(bits)).expect("a version 7 UUID"));
    let token = ids.to_public(&id).to_string();
    let mut texts = vec![token.clone(), token[5..].to_owned(), format!("ship_{}", &token[5..]), format!("{token}0")];
    for at in 0..token.len() {
        for c in ["0", "z", "Z", "_", "é", ""] {
            let mut edited = token.clone();
            edited.replace_range(at..at + 1, c);
            texts.push(edited);
        }
        texts.push(token[..at].to_owned());
    }
    for text in &texts {
        let slow = text.parse::<PublicId<Billing>>().and_then(|t| ids.from_public(&t));
        assert_eq!(ids.decode_str::<Billing>(text), slow, "{text:?}");
    }
    assert_eq!(ids.decode_str::<Billing>(&token), Ok(id));
}

// Not under Miri: some 2,000 AES decryptions, interpreted, would take minutes, and the path adds
// no `unsafe` of its own (the base62 decoder it calls is Miri-tested in the core).
#[test]
#[cfg_attr(miri, ignore = "a logic test of safe code; minutes under Miri")]
fn decode_str_agrees_with_parse_then_from_public() {
    for seed in [0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210, 0, 1, u128::MAX] {
        decode_str_agrees(&PublicIds::new(key(10)), seed);
        decode_str_agrees(&PublicIds::new(key(10)).bound_to_types(), seed);
        decode_str_agrees(&PublicIds::compatible(key(10)), seed);
    }
}
