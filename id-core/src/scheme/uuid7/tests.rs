use super::*;
use crate::clock::ManualClock;
use crate::error::{InvalidReason, ParseError};
use crate::prelude::*;
use crate::random::{FixedRandom, SeededRandom};
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;
use uuid::Uuid;

/// RFC 9562 Appendix A.6: `unix_ts_ms` 0x017F22E279B0 (2022-02-22T19:22:22Z), `rand_a` 0xCC3,
/// `rand_b` 0x18C4DC0C0C07398F.
const RFC_VECTOR: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";

#[test]
fn rfc_9562_vector_reads_and_writes_byte_for_byte() {
    let id: Uuid7 = RFC_VECTOR.parse().unwrap();
    assert_eq!(id.unix_ms(), 0x017F_22E2_79B0);
    assert_eq!(id.timestamp(), "2022-02-22T19:22:22Z".parse().unwrap());
    assert_eq!(id.rand_a(), 0xCC3);
    assert_eq!(id.rand_b(), 0x18C4_DC0C_0C07_398F);
    assert_eq!(id.to_string(), RFC_VECTOR);
    // The same bits through the fields: counter = rand_a and rand_b's first 30 bits.
    let rebuilt = Uuid7::from_parts(id.unix_ms(), id.counter(), id.rand_b() as u32);
    assert_eq!(rebuilt, id);
}

/// What the uuid crate makes, idcraft reads with the same time; what idcraft makes, the uuid
/// crate reads as version 7 with the embedded time.
#[test]
fn agrees_with_the_uuid_crate_both_ways() {
    for _ in 0..crate::test_budget::iterations(200, 3) {
        let theirs = Uuid::now_v7();
        let ours = Uuid7::from_uuid(theirs).expect("a v7");
        let (secs, nanos) = theirs.get_timestamp().unwrap().to_unix();
        assert_eq!(ours.unix_ms(), secs * 1000 + u64::from(nanos) / 1_000_000);
        let made = Uuid7::new();
        let read = made.uuid();
        assert_eq!(read.get_version_num(), 7);
        assert_eq!(read.get_variant(), uuid::Variant::RFC4122);
        let (secs, nanos) = read.get_timestamp().unwrap().to_unix();
        assert_eq!(made.unix_ms(), secs * 1000 + u64::from(nanos) / 1_000_000);
    }
}

#[test]
fn other_versions_and_variants_are_refused_with_a_reason() {
    // A version 4 UUID, and a version 7 one of another variant: the reason names the version.
    for (text, version) in [("550e8400-e29b-41d4-a716-446655440000", 4), ("017f22e2-79b0-7cc3-18c4-dc0c0c07398f", 7)] {
        let reason = InvalidReason::not_uuid_v7(version);
        assert_eq!(text.parse::<Uuid7>(), Err(ParseError::Invalid { scheme: "uuid7", reason }), "{text}");
    }
    assert!(Uuid7::from_bytes(&[0; 15]).is_err());
    assert!(Uuid7::decode("017F22E279B07CC398C4DC0C0C07398F", Encoding::Hex).is_ok());
}

#[test]
fn one_millisecond_counts_up_from_a_random_start() {
    let clock = ManualClock::new(Timestamp::from_ymd(2026, 1, 1));
    let g = Uuid7Generator::with(&clock, SeededRandom::new(7));
    let first = g.generate(()).unwrap();
    assert!(first.counter() < 1 << 41, "the start leaves room for 2^41 more");
    let mut last = first;
    for _ in 0..crate::test_budget::iterations(10_000, 50) {
        let next = g.generate(()).unwrap();
        assert_eq!((next.unix_ms(), next.counter()), (last.unix_ms(), last.counter() + 1));
        assert!(next > last);
        last = next;
    }
}

/// A used-up counter and a clock that goes back both continue in the next millisecond: never a
/// repeat, never a step down.
#[test]
fn overflow_and_regression_move_on_to_the_next_millisecond() {
    let clock = ManualClock::new(Timestamp::from_ymd(2026, 1, 1));
    // The largest random start: 2^41 − 1; then 2^41 IDs fit in the millisecond.
    let g = Uuid7Generator::with(&clock, FixedRandom(0xFF));
    let first = g.generate(()).unwrap();
    assert_eq!(first.counter(), (1 << 41) - 1);
    *g.last.lock() = (first.unix_ms(), layout::MAX_COUNTER);
    let borrowed = g.generate(()).unwrap();
    assert_eq!(borrowed.unix_ms(), first.unix_ms() + 1, "the counter is used up: the next millisecond");
    assert!(borrowed > first);
    clock.set(Timestamp::from_ymd(2025, 1, 1));
    let after_regression = g.generate(()).unwrap();
    assert!(after_regression > borrowed, "a clock that went back keeps counting");
    assert_eq!(after_regression.unix_ms(), borrowed.unix_ms());
}

#[test]
fn explicit_instants_count_and_refuse_instead_of_repeating() {
    let g = Uuid7Generator::with(ManualClock::new(Timestamp::from_ymd(2026, 1, 1)), SeededRandom::new(1));
    let (a, b) = crate::scheme::tests::explicit_instants_refuse_to_repeat(&g, Timestamp::from_ymd(2024, 5, 1));
    assert_eq!(b.counter(), a.counter() + 1);
}

#[test]
fn range_bounds_hold_every_id_of_their_millisecond() {
    let t = Timestamp::from_ymd(2026, 6, 1);
    let g = Uuid7Generator::with(ManualClock::new(t), SeededRandom::new(3));
    let (lo, hi) = crate::scheme::tests::bounds_hold_every_id_at(&g, t);
    assert_eq!(lo.uuid().get_version_num(), 7);
    assert_eq!(hi.uuid().get_version_num(), 7);
}
