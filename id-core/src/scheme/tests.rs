//! Every scheme of the registry through the `Scheme` trait: total decoders, typed errors for
//! the forms a scheme lacks.

use crate::prelude::*;

use super::*;
use crate::error::ParseError;
use core::fmt;

const ENCODINGS: [Encoding; Encoding::ALL.len()] = Encoding::ALL;

/// What every generator keeping a sequence for explicit instants promises (ULID's, UUIDv7's):
/// two IDs at one instant `t` are made in order, and an instant in an earlier millisecond than
/// one used, or one before 1970, is an error, never a repeat. The two IDs at `t`, for the
/// family's own checks of how they differ.
pub(crate) fn explicit_instants_refuse_to_repeat<S: Scheme>(g: &impl Generate<S>, t: crate::time::Timestamp) -> (S, S) {
    use crate::error::GenerateError;
    let a = g.generate_at(S::Input::default(), t).unwrap();
    let b = g.generate_at(S::Input::default(), t).unwrap();
    assert!(b > a && a.timestamp() == t && b.timestamp() == t);
    let earlier = t.checked_sub(core::time::Duration::from_millis(1)).unwrap();
    assert!(matches!(g.generate_at(S::Input::default(), earlier), Err(GenerateError::InstantBehind { .. })));
    let before_1970 = crate::time::Timestamp::new(-1, 0);
    assert!(matches!(g.generate_at(S::Input::default(), before_1970), Err(GenerateError::TimeOutOfRange { .. })));
    (a, b)
}

/// Every ID `g` makes on its clock, stopped at `t`, lies in `min_at(t)..=max_at(t)`; the two
/// bounds.
pub(crate) fn bounds_hold_every_id_at<S: Scheme>(g: &impl Generate<S>, t: crate::time::Timestamp) -> (S, S) {
    let (lo, hi) = (S::min_at(t), S::max_at(t));
    for _ in 0..crate::test_budget::iterations(1000, 20) {
        let id = g.generate(S::Input::default()).unwrap();
        assert!(lo <= id && id <= hi, "{id:?} outside {lo:?}..={hi:?}");
    }
    (lo, hi)
}

/// Any text in any encoding and any bytes: a value or a `ParseError`, never a panic; an
/// accepted value encodes again and reads back as itself.
fn decoders_hold<S: Scheme>(text: &str, bytes: &[u8]) -> Result<(), proptest::test_runner::TestCaseError> {
    for encoding in ENCODINGS {
        if let Ok(value) = S::decode(text, encoding) {
            let again = value.encode(encoding);
            proptest::prop_assert!(again.is_some(), "{} decodes but does not encode {encoding:?}", S::NAME);
            proptest::prop_assert_eq!(S::decode(&again.unwrap(), encoding).ok(), Some(value));
        }
    }
    if let Ok(value) = S::from_bytes(bytes) {
        proptest::prop_assert_eq!(&*value.to_bytes(), bytes);
    }
    Ok(())
}

/// A scheme's declared text forms are exactly what it writes (the canonical one first),
/// and a form it cannot write is one it refuses to read, with a typed error naming it.
fn unsupported_forms_are_typed<S: Scheme>() {
    let zero = S::from_bytes(&[0u8; 32][..S::BYTE_LEN]).expect("zero storage is valid");
    assert_eq!(zero.encode(Encoding::Canonical), zero.encode(S::ENCODINGS[0]), "{}", S::NAME);
    let mut missing = 0;
    for encoding in ENCODINGS {
        assert_eq!(zero.encode(encoding).is_some(), encoding.is_in(S::ENCODINGS), "{} {encoding:?}", S::NAME);
        if zero.encode(encoding).is_none() {
            missing += 1;
            let e = S::decode("0", encoding).unwrap_err();
            assert_eq!(e, ParseError::UnsupportedEncoding(encoding), "{} {encoding:?}", S::NAME);
            assert_eq!(e.to_string(), format!("this ID scheme has no `{}` text form", encoding.name()));
        }
    }
    assert!(missing > 0 && zero.encode(Encoding::Canonical).is_some(), "{}", S::NAME);
}

#[test]
fn unsupported_encodings_are_typed_errors() {
    unsupported_forms_are_typed::<CombSql>();
    unsupported_forms_are_typed::<CombPg>();
    unsupported_forms_are_typed::<CombLegacy>();
    unsupported_forms_are_typed::<CombBinary>();
    unsupported_forms_are_typed::<HotGuid>();
    unsupported_forms_are_typed::<DistributedId>();
    unsupported_forms_are_typed::<DistributedId128>();
    unsupported_forms_are_typed::<Sno>();
    unsupported_forms_are_typed::<Uid64>();
    unsupported_forms_are_typed::<Uid96>();
    unsupported_forms_are_typed::<Ulid>();
    unsupported_forms_are_typed::<Ksuid>();
    unsupported_forms_are_typed::<KsuidMs>();
    unsupported_forms_are_typed::<ObjectId>();
    unsupported_forms_are_typed::<Xid>();
    unsupported_forms_are_typed::<TwitterSnowflake>();
    unsupported_forms_are_typed::<DiscordSnowflake>();
    unsupported_forms_are_typed::<InstagramId>();
    unsupported_forms_are_typed::<Sonyflake>();
}

/// For a scheme of which every `BYTE_LEN` bytes are a value: text order is byte order, and the
/// text reads back.
fn text_order_is_byte_order<S: Scheme + Ord + fmt::Display + core::str::FromStr<Err = ParseError>>(
    a: &[u8],
    b: &[u8],
) -> Result<(), proptest::test_runner::TestCaseError> {
    let (a, b) = (S::from_bytes(&a[..S::BYTE_LEN]).unwrap(), S::from_bytes(&b[..S::BYTE_LEN]).unwrap());
    proptest::prop_assert_eq!(a.cmp(&b), a.to_string().cmp(&b.to_string()), "{}", S::NAME);
    proptest::prop_assert_eq!(a.to_string().parse::<S>(), Ok(a));
    Ok(())
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn text_order_is_byte_order_where_all_bytes_are_ids(a: [u8; 20], b: [u8; 20]) {
        text_order_is_byte_order::<Ksuid>(&a, &b)?;
        text_order_is_byte_order::<KsuidMs>(&a, &b)?;
        text_order_is_byte_order::<ObjectId>(&a, &b)?;
        text_order_is_byte_order::<Xid>(&a, &b)?;
    }

    #[test]
    fn every_decoder_of_every_scheme_is_total(
        text in proptest::prop_oneof![crate::test_budget::printable_text(40), "[0-9A-Za-z._-]{8,40}", "[0-9a-f-]{36}", "[0-9]{1,21}"],
        bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..20),
    ) {
        decoders_hold::<CombSql>(&text, &bytes)?;
        decoders_hold::<CombPg>(&text, &bytes)?;
        decoders_hold::<CombLegacy>(&text, &bytes)?;
        decoders_hold::<CombBinary>(&text, &bytes)?;
        decoders_hold::<HotGuid>(&text, &bytes)?;
        decoders_hold::<DistributedId>(&text, &bytes)?;
        decoders_hold::<DistributedId128>(&text, &bytes)?;
        decoders_hold::<Sno>(&text, &bytes)?;
        decoders_hold::<Uid64>(&text, &bytes)?;
        decoders_hold::<Uid96>(&text, &bytes)?;
        decoders_hold::<Uuid7>(&text, &bytes)?;
        decoders_hold::<Ulid>(&text, &bytes)?;
        decoders_hold::<Ksuid>(&text, &bytes)?;
        decoders_hold::<KsuidMs>(&text, &bytes)?;
        decoders_hold::<ObjectId>(&text, &bytes)?;
        decoders_hold::<Xid>(&text, &bytes)?;
        decoders_hold::<TwitterSnowflake>(&text, &bytes)?;
        decoders_hold::<DiscordSnowflake>(&text, &bytes)?;
        decoders_hold::<InstagramId>(&text, &bytes)?;
        decoders_hold::<Sonyflake>(&text, &bytes)?;
    }
}
