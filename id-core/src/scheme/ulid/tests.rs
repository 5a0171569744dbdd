use super::*;
use crate::clock::ManualClock;
use crate::error::{GenerateError, ParseError, RangeRule};
use crate::prelude::*;
use crate::random::{FixedRandom, SeededRandom};
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;
use core::time::Duration;

/// The ULID spec's example, `01ARZ3NDEKTSV4RRFFQ69G5FAV`: its time part `01ARZ3NDEK` is
/// 1469922850259 ms (2016-07-30T23:54:10.259Z).
const SPEC_EXAMPLE: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

#[test]
fn the_spec_example_reads_and_writes_byte_for_byte() {
    let id: Ulid = SPEC_EXAMPLE.parse().unwrap();
    assert_eq!(id.unix_ms(), 1_469_922_850_259);
    assert_eq!(id.timestamp(), "2016-07-30T23:54:10.259Z".parse().unwrap());
    assert_eq!(id.to_string(), SPEC_EXAMPLE);
    assert_eq!(Ulid::from_parts(id.unix_ms(), id.random()), id);
    assert_eq!(SPEC_EXAMPLE.to_ascii_lowercase().parse::<Ulid>(), Ok(id), "either case reads");
    assert_eq!(&*id.encode(Encoding::TypeId).unwrap(), SPEC_EXAMPLE.to_ascii_lowercase());
}

/// What the `ulid` crate makes, idcraft reads with the same time and bits; what idcraft makes,
/// the `ulid` crate reads back to the same value and time.
#[test]
fn agrees_with_the_ulid_crate_both_ways() {
    let mut theirs_generator = ulid::Generator::new();
    for _ in 0..crate::test_budget::iterations(200, 3) {
        let theirs = theirs_generator.generate().unwrap();
        let ours: Ulid = theirs.to_string().parse().unwrap();
        assert_eq!(ours.to_u128(), theirs.0);
        assert_eq!(ours.unix_ms(), theirs.timestamp_ms());
        assert_eq!(ours.random(), theirs.random());
        let made = Ulid::new();
        let read = ulid::Ulid::from_string(&made.to_string()).unwrap();
        assert_eq!(read.0, made.to_u128());
        assert_eq!(read.timestamp_ms(), made.unix_ms());
    }
    assert_eq!(ulid::Ulid::from_string(SPEC_EXAMPLE).unwrap().0, SPEC_EXAMPLE.parse::<Ulid>().unwrap().to_u128());
}

#[test]
fn bad_text_is_a_typed_error() {
    assert_eq!("01ARZ3NDEKTSV4RRFFQ69G5FA".parse::<Ulid>(), Err(ParseError::chars(26, 25)));
    assert_eq!(
        "81ARZ3NDEKTSV4RRFFQ69G5FAV".parse::<Ulid>(),
        Err(ParseError::OutOfRange { rule: RangeRule::BASE32_ABOVE_128_BITS })
    );
    assert!(matches!(
        "01ARZ3NDEKTSV4RRFFQ69G5FAU".parse::<Ulid>(),
        Err(ParseError::Character { character: 'U', position: 25, .. })
    ));
    assert!(Ulid::from_bytes(&[0; 15]).is_err());
    assert!(Ulid::decode("01ARZ3NDEKTSV4RRFFQ69G5FAV", Encoding::TypeId).is_err(), "a TypeID suffix is lowercase");
}

#[test]
fn one_millisecond_counts_up_from_fresh_random_bits() {
    let clock = ManualClock::new(Timestamp::from_ymd(2026, 1, 1));
    let g = UlidGenerator::with(&clock, SeededRandom::new(7));
    let first = g.generate(()).unwrap();
    let mut last = first;
    for _ in 0..crate::test_budget::iterations(10_000, 50) {
        let next = g.generate(()).unwrap();
        assert_eq!((next.unix_ms(), next.random()), (last.unix_ms(), last.random() + 1));
        last = next;
    }
    clock.advance(Duration::from_millis(1));
    let fresh = g.generate(()).unwrap();
    assert_eq!(fresh.unix_ms(), first.unix_ms() + 1);
    assert!(fresh > last);
}

/// A clock that went back keeps counting in the last millisecond; a used-up random part is an
/// error until the clock passes that millisecond, never a wrap or a repeat.
#[test]
fn regression_counts_on_and_overflow_is_an_error() {
    let clock = ManualClock::new(Timestamp::from_ymd(2026, 1, 1));
    let g = UlidGenerator::with(&clock, FixedRandom(0xFF));
    let first = g.generate(()).unwrap();
    assert_eq!(first.random(), layout::MAX_RANDOM, "all ones: the very next ID of this millisecond overflows");
    let overflow = g.generate(());
    assert_eq!(overflow, Err(GenerateError::RandomOverflow { scheme: "ulid", time: first.timestamp() }));
    clock.set(Timestamp::from_ymd(2025, 1, 1));
    assert!(matches!(g.generate(()), Err(GenerateError::RandomOverflow { .. })), "still that millisecond");

    let g = UlidGenerator::with(&clock, SeededRandom::new(1));
    clock.set(Timestamp::from_ymd(2026, 1, 1));
    let before = g.generate(()).unwrap();
    clock.set(Timestamp::from_ymd(2025, 1, 1));
    let after = g.generate(()).unwrap();
    assert_eq!((after.unix_ms(), after.random()), (before.unix_ms(), before.random() + 1));
    clock.set(Timestamp::from_ymd(2027, 1, 1));
    assert!(g.generate(()).unwrap() > after);
}

#[test]
fn explicit_instants_count_and_refuse_instead_of_repeating() {
    let g = UlidGenerator::with(ManualClock::new(Timestamp::from_ymd(2026, 1, 1)), SeededRandom::new(1));
    let (a, b) = crate::scheme::tests::explicit_instants_refuse_to_repeat(&g, Timestamp::from_ymd(2024, 5, 1));
    assert_eq!(b.random() >> 48, (a.random() >> 48) + 1);
}

#[test]
fn range_bounds_hold_every_id_of_their_millisecond() {
    let t = Timestamp::from_ymd(2026, 6, 1);
    crate::scheme::tests::bounds_hold_every_id_at(&UlidGenerator::with(ManualClock::new(t), SeededRandom::new(3)), t);
    assert_eq!(Ulid::max_at(Timestamp::new(i64::MAX / 4, 0)), Ulid::from_u128(u128::MAX));
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn every_form_round_trips_and_text_order_is_value_order(a: u128, b: u128) {
        let (a, b) = (Ulid::from_u128(a), Ulid::from_u128(b));
        for &encoding in Ulid::ENCODINGS {
            let text = a.encode(encoding).unwrap();
            proptest::prop_assert_eq!(Ulid::decode(&text, encoding), Ok(a));
        }
        proptest::prop_assert_eq!(Ulid::from_bytes(&a.to_bytes()), Ok(a));
        proptest::prop_assert_eq!(Ulid::from_uuid(a.uuid()), a);
        proptest::prop_assert_eq!(a.to_string().cmp(&b.to_string()), a.cmp(&b));
    }
}
