use super::*;
use crate::clock::{Clock, ManualClock};
use crate::error::{GenerateError, ParseError, RangeRule};
use crate::prelude::*;
use crate::scheme::{DefaultGenerator, Encoding, Generate, Scheme};
use crate::time::Timestamp;
use core::time::Duration;
use std::sync::Arc;

fn t(s: &str) -> Timestamp {
    s.parse().unwrap()
}

/// Discord's developer docs ("Snowflakes"): the worked example and a second published ID.
#[test]
fn discord_published_vectors() {
    let id: DiscordSnowflake = "175928847299117063".parse().unwrap();
    assert_eq!(id.timestamp().to_string(), "2016-04-30T11:18:25.796Z");
    assert_eq!((id.worker(), id.process(), id.sequence()), (1, 0, 7));
    assert_eq!(id.node(), 1 << 5);
    let built = DiscordSnowflake::from_parts(id.units(), 1 << 5, 7).unwrap();
    assert_eq!(built.to_u64(), 175_928_847_299_117_063);
    assert_eq!(built.to_string(), "175928847299117063");

    let id = DiscordSnowflake::try_from_u64(90_339_695_967_350_784).unwrap();
    assert_eq!(id.unix_ms(), 1_441_609_061_949);
    assert_eq!(id.timestamp().to_string(), "2015-09-07T06:57:41.949Z");
    assert_eq!((id.worker(), id.process(), id.sequence()), (0, 3, 0));
    assert_eq!(DiscordSnowflake::from_parts(id.units(), 3, 0), Ok(id));
}

/// The Tweet object example of Twitter's API docs: `created_at` "Wed Oct 10 20:19:24 +0000
/// 2018"; worker and sequence as decoded.
#[test]
fn twitter_published_vector() {
    let id: TwitterSnowflake = "1050118621198921728".parse().unwrap();
    let second = t("2018-10-10T20:19:24Z").unix_millis() as u64;
    assert!((second..second + 1000).contains(&id.unix_ms()), "{}", id.timestamp());
    assert_eq!(id.unix_ms(), 1_539_202_764_211);
    assert_eq!((id.node(), id.sequence()), (347, 0));
    assert_eq!(TwitterSnowflake::from_parts(id.units(), 347, 0).map(|id| id.to_u64()), Ok(1_050_118_621_198_921_728));
}

/// "Sharding & IDs at Instagram": 1387263000 ms after the epoch, shard 1341, sequence
/// 5001 % 1024.
#[test]
fn instagram_published_vector() {
    let id = InstagramId::from_parts(1_387_263_000, 1341, 5001 % 1024).unwrap();
    assert_eq!(id.to_u64(), (1_387_263_000 << 23) | (1341 << 10) | 905);
    let read: InstagramId = id.to_string().parse().unwrap();
    assert_eq!((read.units(), read.node(), read.sequence()), (1_387_263_000, 1341, 905));
    assert_eq!(read.unix_ms(), 1_314_220_021_721 + 1_387_263_000);
}

/// Computed from the layout: 2024-01-02T03:04:05.67Z is 29463504567 10 ms units after
/// 2014-09-01; sequence 42 above machine 0xBEEF.
#[test]
fn sonyflake_hand_computed_vector() {
    let id = Sonyflake::from_parts(29_463_504_567, 0xBEEF, 42).unwrap();
    assert_eq!(id.to_u64(), 494_315_580_240_346_863);
    assert_eq!(id.to_u64(), 29_463_504_567 << 24 | 42 << 16 | 0xBEEF);
    assert_eq!(id.timestamp().to_string(), "2024-01-02T03:04:05.67Z");
    assert_eq!((id.node(), id.sequence()), (0xBEEF, 42));
    let g = SnowflakeGenerator::<SonyflakeLayout, _>::with(ManualClock::new(t("2024-01-02T03:04:05.679Z")), 0xBEEF)
        .unwrap();
    assert_eq!(g.generate_at((), t("2024-01-02T03:04:05.675Z")).unwrap().units(), 29_463_504_567);
}

#[test]
fn fields_out_of_range_are_errors() {
    let e = TwitterSnowflake::from_parts(0, 1024, 0).unwrap_err();
    assert_eq!((e.field, e.value, e.max), ("worker", 1024, 1023));
    assert_eq!(e.to_string(), "twitter_snowflake worker 1024 is out of range (0..=1023)");
    assert_eq!(InstagramId::from_parts(0, 0, 1024).unwrap_err().field, "sequence");
    assert_eq!(Sonyflake::from_parts(1 << 39, 0, 0).unwrap_err().field, "units");
    assert!(DiscordSnowflake::from_parts((1 << 42) - 1, 1023, 4095).is_ok(), "42 time bits");
    assert!(SnowflakeGenerator::<InstagramLayout>::with_node(8192).is_err());
    assert_eq!(SnowflakeGenerator::<SonyflakeLayout>::with_node(65_535).map(|g| g.node()), Ok(65_535));
}

/// Generation stops where an ID would reach bit 63 (Discord, Instagram) or the time field ends.
#[test]
fn generation_refuses_instants_that_set_the_sign_bit() {
    fn last_and_next<L: SnowflakeLayout>() {
        let last = Snowflake::<L>::unit_start(Snowflake::<L>::MAX_GENERATED_UNITS);
        let g = SnowflakeGenerator::<L, _>::with(ManualClock::new(last), 1).unwrap();
        let id = g.generate(()).unwrap();
        assert!(id.to_i64() > 0, "{id:?}");
        let past = last.checked_add(Duration::from_millis(L::UNIT_MS)).unwrap();
        assert!(matches!(g.generate_at((), past), Err(GenerateError::TimeOutOfRange { .. })), "{}", L::NAME);
        let before = Snowflake::<L>::EARLIEST.checked_sub(Duration::from_millis(1)).unwrap();
        assert!(matches!(g.generate_at((), before), Err(GenerateError::TimeOutOfRange { .. })));
        assert_eq!(
            Snowflake::<L>::max_at(Timestamp::from_ymd(9999, 1, 1)).units(),
            Snowflake::<L>::MAX_GENERATED_UNITS
        );
        assert!(Snowflake::<L>::max_at(Timestamp::from_ymd(9999, 1, 1)).to_i64() > 0);
    }
    last_and_next::<TwitterLayout>();
    last_and_next::<DiscordLayout>();
    last_and_next::<InstagramLayout>();
    last_and_next::<SonyflakeLayout>();
    assert_eq!(Snowflake::<DiscordLayout>::MAX_GENERATED_UNITS, (1 << 41) - 1);
    assert_eq!(Snowflake::<InstagramLayout>::MAX_GENERATED_UNITS, (1 << 40) - 1);
    // From 2^63 on, a value is no ID of any layout: it would be a negative bigint, sorting first.
    assert_eq!(DiscordSnowflake::try_from_u64(i64::MAX as u64).unwrap().units(), (1 << 41) - 1);
    let refused = ParseError::OutOfRange { rule: RangeRule::ABOVE_I64_MAX };
    assert_eq!(DiscordSnowflake::try_from_u64(1 << 63), Err(refused.clone()));
    assert_eq!(DiscordSnowflake::decode("18446744073709551615", Encoding::Decimal), Err(refused.clone()));
    assert_eq!(TwitterSnowflake::decode("9223372036854775808", Encoding::Decimal), Err(refused.clone()));
    assert_eq!(TwitterSnowflake::decode("8000000000000000", Encoding::Hex), Err(refused.clone()));
    assert_eq!(TwitterSnowflake::from_bytes(&(1u64 << 63).to_be_bytes()), Err(refused.clone()));
    assert_eq!(TwitterSnowflake::try_from(u64::MAX), Err(refused));
    assert_eq!(TwitterSnowflake::from_number(u64::MAX), None);
    assert_eq!(TwitterSnowflake::from_number(i64::MAX as u64).map(|id| id.to_u64()), Some(i64::MAX as u64));
}

/// One unit fills its sequence in order, the next unit starts again at 0.
fn bursts_are_monotonic<L: SnowflakeLayout>() {
    let clock = ManualClock::new(t("2026-03-01T00:00:00Z"));
    let g = SnowflakeGenerator::<L, _>::with(&clock, 5).unwrap();
    let mut last = g.generate(()).unwrap();
    for i in 0..crate::test_budget::iterations(20_000, 300) {
        if i % 997 == 0 {
            clock.advance(Duration::from_millis(L::UNIT_MS));
        }
        let id = g.generate(()).unwrap();
        assert!(id > last, "{id:?} after {last:?}");
        assert_eq!(id.node(), 5);
        last = id;
    }
}

#[test]
fn monotonic_across_bursts() {
    bursts_are_monotonic::<TwitterLayout>();
    bursts_are_monotonic::<DiscordLayout>();
    bursts_are_monotonic::<InstagramLayout>();
    bursts_are_monotonic::<SonyflakeLayout>();
}

/// A clock that goes back keeps the last unit, counting on; nothing repeats.
#[test]
fn clock_regression_never_repeats() {
    let clock = ManualClock::new(t("2026-03-01T00:00:01Z"));
    let g = SnowflakeGenerator::<TwitterLayout, _>::with(&clock, 9).unwrap();
    let first = g.generate(()).unwrap();
    clock.rewind(Duration::from_millis(500));
    let mut ids = vec![first];
    for _ in 0..crate::test_budget::iterations(10_000, 300) {
        ids.push(g.generate(()).unwrap());
    }
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(ids[1].units(), first.units(), "the last unit used, not the clock's");
    assert_eq!(ids[1].sequence(), first.sequence() + 1);
}

/// A used-up unit waits (the manual clock's sleep advances it) for the next one.
#[test]
fn used_up_sequence_waits_for_the_next_unit() {
    let clock = ManualClock::new(t("2026-03-01T00:00:00Z"));
    let (tx, rx) = std::sync::mpsc::sync_channel(16);
    let g = SnowflakeGenerator::<SonyflakeLayout, _>::with(&clock, 1).unwrap().with_overflow_subscriber(tx);
    let ids: Vec<Sonyflake> = (0..256 + 3).map(|_| g.generate(()).unwrap()).collect();
    assert!(ids[..256].iter().all(|id| id.units() == ids[0].units()));
    assert_eq!(ids[255].sequence(), 255);
    assert_eq!((ids[256].units(), ids[256].sequence()), (ids[0].units() + 1, 0));
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(clock.sleeps(), 10, "1 ms sleeps until the 10 ms unit is over");
    assert!(rx.try_iter().count() > 0, "the subscriber heard of it");
}

/// The same with a frozen clock moved by another thread.
#[test]
#[cfg_attr(miri, ignore = "sleeps until another thread moves the clock")]
fn used_up_sequence_waits_for_another_thread_to_move_the_clock() {
    let clock = Arc::new(ManualClock::frozen(t("2026-03-01T00:00:00Z")));
    let g = SnowflakeGenerator::<InstagramLayout, _>::with(clock.clone(), 3).unwrap();
    for _ in 0..1024 {
        g.generate(()).unwrap();
    }
    std::thread::scope(|s| {
        let waiter = s.spawn(|| g.generate(()).unwrap());
        while clock.sleeps() == 0 {
            std::thread::yield_now();
        }
        clock.advance(Duration::from_millis(1));
        let id = waiter.join().unwrap();
        assert_eq!((id.sequence(), id.unix_ms()), (0, t("2026-03-01T00:00:00.001Z").unix_millis() as u64));
    });
}

#[test]
fn threads_never_share_an_id() {
    let clock = ManualClock::new(t("2026-03-01T00:00:00Z"));
    let g = SnowflakeGenerator::<DiscordLayout, _>::with(&clock, 0b10101_00011).unwrap();
    let per_thread = crate::test_budget::iterations(20_000, 100);
    let mut all: Vec<DiscordSnowflake> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    let ids: Vec<_> = (0..per_thread).map(|_| g.generate(()).unwrap()).collect();
                    assert!(ids.windows(2).all(|w| w[0] < w[1]), "each thread sees increasing IDs");
                    ids
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 4 * per_thread);
    assert!(all.iter().all(|id| (id.worker(), id.process()) == (21, 3)));
}

#[test]
fn explicit_instants_refuse_instead_of_repeating() {
    let at = t("2026-03-01T00:00:00Z");
    let g = SnowflakeGenerator::<SonyflakeLayout, _>::with(ManualClock::new(at), 2).unwrap();
    for n in 0..256 {
        assert_eq!(g.generate_at((), at).unwrap().sequence(), n);
    }
    assert!(matches!(g.generate_at((), at), Err(GenerateError::SequenceExhausted { capacity: 256, .. })));
    let earlier = at.checked_sub(Duration::from_secs(1)).unwrap();
    assert!(matches!(g.generate_at((), earlier), Err(GenerateError::InstantBehind { .. })));
}

#[test]
fn fenced_generator_stops_when_the_fence_fails() {
    struct No;
    impl crate::fence::Fence for No {
        fn check(&self, _: Timestamp) -> Result<(), crate::error::FenceError> {
            Err(crate::error::FenceError::new(core::fmt::Error))
        }
    }
    let g = SnowflakeGenerator::<TwitterLayout, _>::with(ManualClock::new(t("2026-03-01T00:00:00Z")), 1)
        .unwrap()
        .with_fence(Arc::new(No));
    assert!(matches!(g.generate(()), Err(GenerateError::Fenced(e)) if e.downcast_ref::<core::fmt::Error>().is_some()));
}

#[test]
fn range_bounds_hold_the_unit() {
    let at = t("2026-03-01T12:00:00.123Z");
    let g = SnowflakeGenerator::<InstagramLayout, _>::with(ManualClock::new(at), 77).unwrap();
    let id = g.generate(()).unwrap();
    assert!(InstagramId::min_at(at) <= id && id <= InstagramId::max_at(at));
    assert!(InstagramId::max_at(at.checked_sub(Duration::from_millis(1)).unwrap()) < id);
    assert_eq!(InstagramId::min_at(Timestamp::UNIX_EPOCH).to_u64(), 0);
}

#[test]
fn default_generators_have_one_node_each_and_install() {
    let a = TwitterSnowflake::new();
    let b = TwitterSnowflake::new();
    assert!(b > a && a.node() == b.node());
    let clock_now = crate::clock::SystemClock.now().unix_millis() as u64;
    assert!(a.unix_ms().abs_diff(clock_now) < 1_000);
    assert_eq!(
        SnowflakeGenerator::<TwitterLayout>::with_node(1).unwrap().install_default().map_err(|g| g.node()),
        Err(1),
        "already in use"
    );
    SnowflakeGenerator::<SonyflakeLayout>::with_node(4321).unwrap().replace_default();
    assert_eq!(Sonyflake::new().node(), 4321);
    assert!(DiscordSnowflake::new().to_i64() > 0 && InstagramId::new().to_i64() > 0);
}

#[test]
fn text_forms() {
    let id = DiscordSnowflake::try_from_u64(175_928_847_299_117_063).unwrap();
    assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), "0271065AC1020007");
    assert_eq!(DiscordSnowflake::decode("0271065ac1020007", Encoding::Hex), Ok(id));
    assert!(DiscordSnowflake::decode("18446744073709551616", Encoding::Decimal).is_err());
    assert!("-1".parse::<DiscordSnowflake>().is_err() && "".parse::<Sonyflake>().is_err());
    assert!("1.5".parse::<InstagramId>().is_err());
    assert_eq!(format!("{id:?}"), "discord_snowflake(175928847299117063)");
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn round_trips(value in 0..=i64::MAX as u64, units in 0u64..1 << 39, node in 0u32..1 << 10, seq in 0u32..1 << 8) {
        fn check<L: SnowflakeLayout>(value: u64, units: u64, node: u32, seq: u32) -> Result<(), proptest::test_runner::TestCaseError> {
            let id = Snowflake::<L>::try_from_u64(value).unwrap();
            proptest::prop_assert_eq!(id.to_string().parse::<Snowflake<L>>(), Ok(id));
            proptest::prop_assert_eq!(Snowflake::<L>::decode(&id.encode(Encoding::Hex).unwrap(), Encoding::Hex), Ok(id));
            proptest::prop_assert_eq!(Snowflake::<L>::from_bytes(&id.to_bytes()), Ok(id));
            let built = Snowflake::<L>::from_parts(units, node, seq).unwrap();
            proptest::prop_assert_eq!((built.units(), built.node(), built.sequence()), (units, node, seq));
            let rebuilt = Snowflake::<L>::from_parts(id.units() & Snowflake::<L>::MAX_UNITS, id.node(), id.sequence());
            if id.units() <= Snowflake::<L>::MAX_UNITS {
                proptest::prop_assert_eq!(rebuilt, Ok(id));
            }
            Ok(())
        }
        check::<TwitterLayout>(value, units, node, seq)?;
        check::<DiscordLayout>(value, units, node, seq)?;
        check::<InstagramLayout>(value, units, node, seq)?;
        check::<SonyflakeLayout>(value, units, node, seq)?;
    }
}

#[test]
fn bigint_columns_round_trip_every_value() {
    use crate::column::{Column, DbColumn, DbValue, Dialect};
    assert_eq!((Sonyflake::POSTGRES, Sonyflake::SQLITE), (Column::BigInt, Column::BigInt));
    for v in [0, 1, i64::MAX as u64] {
        let id = DiscordSnowflake::try_from_u64(v).unwrap();
        let db = id.to_db(Dialect::Postgres);
        assert_eq!(db, DbValue::BigInt(v as i64));
        assert_eq!(DiscordSnowflake::from_db(db), Ok(id));
    }
    // A negative bigint is a value from 2^63 on: no ID.
    assert!(DiscordSnowflake::from_db(DbValue::BigInt(-1)).is_err());
    assert!(DiscordSnowflake::from_db(DbValue::BigInt(i64::MIN)).is_err());
    assert_eq!(
        TwitterSnowflake::from_db(DbValue::Text(crate::codec::IdText::try_from_str("42").unwrap())),
        TwitterSnowflake::try_from_u64(42)
    );
    assert!(TwitterSnowflake::from_db(DbValue::Text(crate::codec::IdText::try_from_str("x").unwrap())).is_err());
}

mod declared {
    use super::*;
    use crate::scheme::snowflake::__declared::{Family, Keys, Resolved};

    const TWITTER_KEYS: Keys = Keys {
        epoch: Some("2010-11-04T01:42:54.657Z"),
        unit: Some("1ms"),
        time_bits: Some(41),
        node_bits: Some(10),
        sequence_bits: Some(12),
        ..Keys::NONE
    };
    __snowflake_layout!(TwitterAgain, Snowflake, TWITTER_KEYS);
    // 20 sequence bits: more than a 16-bit sequence slot in the generator's word would hold.
    __snowflake_layout!(WideSequence, Snowflake, Keys {
        epoch: Some("2025-01-01T00:00:00Z"),
        unit: Some("1s"),
        time_bits: Some(40),
        node_bits: Some(3),
        sequence_bits: Some(20),
        ..Keys::NONE
    });
    __snowflake_layout!(NoSequence, Snowflake, Keys {
        epoch: Some("2025-01-01T00:00:00Z"),
        unit: Some("1ms"),
        time_bits: Some(41),
        node_bits: Some(22),
        sequence_bits: Some(0),
        ..Keys::NONE
    });

    /// Twitter's layout declared is Twitter's layout: the same values, fields and limits.
    #[test]
    fn a_published_layout_declared_is_the_same_layout() {
        let tweet: TwitterSnowflake = "1050118621198921728".parse().unwrap();
        let again = Snowflake::<TwitterAgain>::try_from_u64(tweet.to_u64()).unwrap();
        assert_eq!((again.unix_ms(), again.node(), again.sequence()), (tweet.unix_ms(), tweet.node(), tweet.sequence()));
        assert_eq!(Snowflake::<TwitterAgain>::time_range(), TwitterSnowflake::time_range());
        let resolved = Family::Snowflake.resolve(TWITTER_KEYS).unwrap();
        assert_eq!(resolved.last_ms(), i128::from(TwitterSnowflake::time_range().1.unix_millis()));
        let at = t("2024-05-06T07:08:09.010Z");
        let (a, b) = (
            SnowflakeGenerator::<TwitterLayout, _>::with(ManualClock::new(at), 7).unwrap(),
            SnowflakeGenerator::<TwitterAgain, _>::with(ManualClock::new(at), 7).unwrap(),
        );
        for _ in 0..crate::test_budget::iterations(5000, 100) {
            assert_eq!(a.generate(()).unwrap().to_u64(), b.generate(()).unwrap().to_u64());
        }
    }

    /// Sonyflake v2's defaults, and v1's widths where v2 keeps them.
    #[test]
    fn sonyflake_options_default_to_sonyflake_v2() {
        let v2 = Family::Sonyflake.resolve(Keys::NONE).unwrap();
        let expected = Resolved {
            name: "sonyflake",
            epoch_ms: t("2025-01-01T00:00:00Z").unix_millis() as u64,
            unit_ms: 10,
            time_bits: 39,
            node_bits: 16,
            sequence_bits: 8,
            sequence_before_node: true,
            node_name: "machine",
        };
        assert_eq!(v2, expected);
        assert_eq!((v2.time_bits, v2.node_bits, v2.sequence_bits), (39, 16, 8), "v1's widths");
        let options = Keys { sequence_bits: Some(12), node_bits: Some(10), unit: Some("1ms"), ..Keys::NONE };
        assert_eq!(Family::Sonyflake.resolve(options).ok().map(|l| l.time_bits), Some(41));
        let too_wide = Keys { sequence_bits: Some(31), ..Keys::NONE };
        assert!(Family::Sonyflake.problem(too_wide).message().unwrap().contains("1 to 30"));
        let none = Keys { node_bits: Some(0), ..Keys::NONE };
        assert!(Family::Sonyflake.problem(none).message().unwrap().contains("1 to 30"), "v2 reads 0 as its default");
        let too_short = Keys { sequence_bits: Some(16), node_bits: Some(16), ..Keys::NONE };
        assert!(Family::Sonyflake.problem(too_short).message().unwrap().contains("32 time bits"));
    }

    #[test]
    fn problems_name_what_is_wrong() {
        let in_2050 = Keys { epoch: Some("1980-06-01T00:00:00Z"), ..TWITTER_KEYS };
        assert_eq!(
            Family::Snowflake.problem(in_2050).message(),
            Some("this layout runs out on 2050-02-05T15:47:35.551Z, before 2070 (min_lifetime)")
        );
        assert_eq!(Family::Snowflake.problem(Keys { min_lifetime: Some("2050"), ..in_2050 }).message(), None);
        let wide = Keys { time_bits: Some(42), ..TWITTER_KEYS };
        assert!(Family::Snowflake.problem(wide).message().unwrap().starts_with("time_bits + node_bits + sequence_bits is 64"));
        let missing = Keys { unit: None, sequence_bits: None, ..TWITTER_KEYS };
        assert!(Family::Snowflake.problem(missing).message().unwrap().ends_with("missing: `unit`, `sequence_bits`"));
        // Malformed text is reported at its literal, not again here.
        assert_eq!(Family::Snowflake.problem(Keys { unit: Some("soon"), ..TWITTER_KEYS }).message(), None);
        assert!(Family::Snowflake.resolve(Keys { unit: Some("soon"), ..TWITTER_KEYS }).is_err());
        assert_eq!(Family::Snowflake.problem(Keys { malformed: Some(true), ..Keys::NONE }).message(), None);
        assert!(Family::Snowflake.problem(Keys { node_bits: Some(32), time_bits: Some(19), ..TWITTER_KEYS }).message().is_some());
    }

    #[test]
    #[cfg_attr(miri, ignore = "a million IDs; no unsafe code of its own (the word's is run by the other generator tests)")]
    fn any_sequence_width_counts_to_its_end_and_no_further() {
        let at = t("2025-03-01T00:00:00.5Z");
        let wide = SnowflakeGenerator::<WideSequence, _>::with(ManualClock::new(at), 5).unwrap();
        for n in 0..(1u32 << 20) {
            let id = wide.generate_at((), at).unwrap();
            assert_eq!((id.sequence(), id.node()), (n, 5));
        }
        assert!(matches!(wide.generate_at((), at), Err(GenerateError::SequenceExhausted { capacity: 1_048_576, .. })));

        let none = SnowflakeGenerator::<NoSequence, _>::with(ManualClock::new(at), 4_000_000).unwrap();
        let first = none.generate_at((), at).unwrap();
        assert_eq!((first.sequence(), first.node()), (0, 4_000_000));
        assert!(none.generate_at((), at).is_err(), "one ID per unit and node");
        assert_eq!(none.generate_at((), at.checked_add(Duration::from_millis(1)).unwrap()).unwrap().units(), first.units() + 1);
    }

    /// Mastodon's `timestamp_id`: `ms << 16 | tail`, 48 time bits whose generated IDs stay
    /// below 2^63 (until the year 6429).
    #[test]
    fn mastodon_layout() {
        let at = t("2022-11-22T13:00:00.123Z");
        let g = SnowflakeGenerator::<MastodonLayout, _>::with(ManualClock::new(at), 0).unwrap();
        let ids: Vec<MastodonId> = (0..3).map(|_| g.generate(()).unwrap()).collect();
        let ms = at.unix_millis() as u64;
        assert_eq!(ids.iter().map(|id| id.to_u64()).collect::<Vec<_>>(), [ms << 16, ms << 16 | 1, ms << 16 | 2]);
        assert!(SnowflakeGenerator::<MastodonLayout>::with_node(1).is_err(), "no node field");
        let last = MastodonId::time_range().1;
        assert_eq!(last.unix_millis(), (1 << 47) - 1);
        assert_eq!(last.to_civil().year, 6429);
    }
}
