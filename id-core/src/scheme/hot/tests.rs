use super::*;
use crate::clock::Clock;
use crate::clock::ManualClock;
use crate::codec::guid::sql_server_cmp;
use crate::error::GenerateError;
use crate::overflow::SequenceOverflow;
use crate::prelude::*;
use crate::random::FixedRandom;
use crate::scheme::Generate;
use crate::time::Timestamp;
use core::time::Duration;
use md5::{Digest, Md5};
use uuid::Uuid;

fn u(s: &str) -> Uuid {
    Uuid::parse_str(s).unwrap()
}

const MACHINE: [u8; 5] = [0x11, 0x22, 0x33, 0x44, 0x55];

#[test]
fn vectors() {
    type Row = (u32, [u8; 5], u32, u32, &'static str, &'static str, &'static str);
    let rows: [Row; 5] = [
        (
            0x7fffffff,
            MACHINE,
            1,
            208,
            "ffffff7f1122334455000001d0000000",
            "7fffffff-2211-4433-5500-0001d0000000",
            "000000d0-0100-0055-4433-7fffffff2211",
        ),
        (
            0xffffffff,
            MACHINE,
            0xffffff,
            u32::MAX,
            "ffffffff1122334455ffffffffffffff",
            "ffffffff-2211-4433-55ff-ffffffffffff",
            "ffffffff-ffff-ff55-4433-ffffffff2211",
        ),
        (
            0,
            MACHINE,
            0,
            0,
            "00000000112233445500000000000000",
            "00000000-2211-4433-5500-000000000000",
            "00000000-0000-0055-4433-000000002211",
        ),
        (
            1644176770,
            [0x42, 0x1a, 0xa9, 0x30, 0x39],
            500000,
            65535,
            "82250062421aa9303907a120ffff0000",
            "62002582-1a42-30a9-3907-a120ffff0000",
            "0000ffff-20a1-0739-30a9-620025821a42",
        ),
        (
            1644176770,
            [0x42, 0x1a, 0xa9, 0x30, 0x39],
            500001,
            32465535,
            "82250062421aa9303907a1217f62ef01",
            "62002582-1a42-30a9-3907-a1217f62ef01",
            "01ef627f-21a1-0739-30a9-620025821a42",
        ),
    ];
    for (secs, machine, counter, shard, net, guid, sql) in rows {
        let h = HotGuid::from_parts(secs, machine, counter, shard);
        assert_eq!(crate::codec::hex::encode_lower(&h.uuid().to_bytes_le()), net);
        assert_eq!(h.to_string(), guid);
        assert_eq!(h.to_sql_guid().to_string(), sql);
        assert_eq!(HotGuid::from_sql_guid(u(sql)), h);
        assert_eq!((h.shard_key(), h.unix_seconds(), h.counter(), h.machine()), (shard, secs, counter, machine));
    }
    // On the SQL form, ExtractUnixTimestamp returns the shard key (call from_sql_guid first).
    let sql_form = HotGuid::from_uuid(u("000000d0-0100-0055-4433-7fffffff2211"));
    assert_eq!(sql_form.unix_seconds(), 208);
    assert_eq!(sql_form.shard_key(), 287506431);
}

#[test]
fn containers_get_five_bytes_of_their_identity() {
    // Two pods, both PID 1: the original's bytes differ in 3 bytes only; ours in all 5.
    let (a, b) = (HotGuidGenerator::process_machine_bytes("orders-7d9f8-x2x7q", 1), HotGuidGenerator::process_machine_bytes("orders-7d9f8-k4m2p", 1));
    assert_ne!(a, b);
    assert_ne!(a[3..], [0, 1], "not the PID bytes of PID 1");
    assert_eq!(
        HotGuidGenerator::process_machine_bytes("localhost", 12345),
        HotGuidGenerator::machine_bytes("localhost", 12345),
        "outside containers: as the original"
    );
    let md5 = Md5::digest(b"orders-7d9f8-x2x7q");
    assert_eq!(a, [md5[0], md5[1], md5[2], md5[3], md5[4]]);
}

#[test]
fn machine_bytes_of_localhost() {
    assert_eq!(HotGuidGenerator::machine_bytes("localhost", 12345), [0x42, 0x1a, 0xa9, 0x30, 0x39]);
    assert_eq!(HotGuidGenerator::machine_bytes("localhost.localdomain", 12345), [0x42, 0x1a, 0xa9, 0x30, 0x39]);
}

#[test]
fn seconds_step_over_2038_and_wrap_after_2106() {
    let s = |t: &str| HotGuid::seconds_of(t.parse().unwrap());
    assert_eq!(s("2038-01-19T03:14:06Z"), 2147483646);
    assert_eq!(s("2038-01-19T03:14:07Z"), 2147483647);
    assert_eq!(s("2038-01-19T03:14:08Z"), 2147483648);
    assert_eq!(s("2038-01-19T03:14:09Z"), 2147483649);
    assert_eq!(s("2106-02-07T06:28:14Z"), 4294967294);
    assert_eq!(s("2106-02-07T06:28:15Z"), 4294967295);
    assert_eq!(s("2106-02-07T06:28:16Z"), 0);
    assert_eq!(s("2106-02-07T06:28:17Z"), 1);
    assert_eq!(s("1969-12-31T23:59:59Z"), u32::MAX);
}

#[test]
fn sorted_guid_lists_map_onto_each_other() {
    let sql_list = crate::codec::guid::SORTED_SQL_GUIDS;
    let guids: Vec<HotGuid> = sql_list.iter().map(|s| HotGuid::from_sql_guid(u(s))).collect();
    for w in guids.windows(2) {
        assert!(w[0] < w[1], "Guid order");
    }
    for (g, s) in guids.iter().zip(sql_list) {
        assert_eq!(g.to_sql_guid(), u(s));
    }
}

#[test]
fn generated_values_sort_in_both_databases() {
    for shard in [0u32, 1, 208, 65535, 32465535, u32::MAX] {
        let clock = ManualClock::new("2022-02-06T19:46:10Z".parse().unwrap());
        let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
        let ids: Vec<HotGuid> = (0..25)
            .map(|i| {
                if i % 10 == 9 {
                    clock.advance(core::time::Duration::from_secs(1));
                }
                generator.generate(shard).unwrap()
            })
            .collect();
        for w in ids.windows(2) {
            assert!(w[0] < w[1]);
            let (a, b) = (w[0].to_sql_guid(), w[1].to_sql_guid());
            assert_eq!(sql_server_cmp(a.as_bytes(), b.as_bytes()), core::cmp::Ordering::Less);
            assert_eq!(HotGuid::from_sql_guid(a), w[0]);
        }
        assert!(ids.iter().all(|h| h.shard_key() == shard && h.unix_seconds() >= 1644176770));
        assert_eq!(ids[0].counter(), 1, "the first ID uses seed + 1");
    }
}

/// The counter used to wrap with no wait: past 2^24 IDs in one second it repeated values.
/// Now the 2^24th ID of a second is the last one; the next waits for the next second.
#[test]
#[cfg_attr(miri, ignore = "exhausts the 24-bit counter: 16 million IDs, days under Miri (safe code)")]
fn a_full_second_waits_for_the_next_one() {
    let start: Timestamp = "2022-02-06T19:46:10.250Z".parse().unwrap();
    let clock = ManualClock::new(start);
    let (tx, rx) = std::sync::mpsc::sync_channel(1024);
    let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(7)).with_overflow_subscriber(tx);
    let first = generator.generate(5).unwrap();
    let mut last = first;
    for _ in 1..1u32 << 24 {
        let id = generator.generate(5).unwrap();
        assert_eq!(id.unix_seconds(), first.unix_seconds());
        last = id;
    }
    assert_eq!(last.counter(), (first.counter() + COUNTER_MASK) & COUNTER_MASK, "every counter used once");
    assert_eq!(clock.sleeps(), 0);
    let next = generator.generate(5).unwrap();
    assert_eq!(next.unix_seconds(), first.unix_seconds() + 1, "waited for the next second");
    assert!(next > last);
    assert!(clock.now() >= Timestamp::new(i64::from(next.unix_seconds()), 0));
    let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
    assert_eq!(notices.first().map(|n| (n.count, n.ticks)), Some((1, 1)), "{notices:?}");
    assert_eq!(notices.last().map(|n| n.count), Some(0));
}

/// A clock that goes back keeps the last second (IDs keep increasing); clocks outside the
/// layout are refused, and the last second's budget ends in an error, not a wait.
#[test]
#[cfg_attr(miri, ignore = "exhausts the 24-bit counter: 16 million IDs, days under Miri (safe code)")]
fn regressions_and_layout_ends() {
    let clock = ManualClock::new("2022-02-06T19:46:10Z".parse().unwrap());
    let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
    let a = generator.generate(1).unwrap();
    clock.rewind(Duration::from_secs(3600));
    let b = generator.generate(1).unwrap();
    assert!(b > a && b.unix_seconds() == a.unix_seconds());
    for t in [Timestamp::new(-1, 0), Timestamp::new(1 << 32, 0), Timestamp::MAX, Timestamp::MIN] {
        clock.set(t);
        assert!(matches!(generator.generate(1), Err(GenerateError::TimeOutOfRange { .. })), "{t}");
    }
    let clock = ManualClock::new(Timestamp::new(u32::MAX.into(), 0));
    let generator = HotGuidGenerator::with(&clock, MACHINE, &FixedRandom(0));
    for _ in 0..1u32 << 24 {
        generator.generate(1).unwrap();
    }
    assert!(matches!(generator.generate(1), Err(GenerateError::TimeOutOfRange { .. })));
    assert_eq!(HotGuid::seconds_of(Timestamp::MAX), u32::MAX, "saturates, no overflow");
    assert_eq!(HotGuid::seconds_of(Timestamp::MIN), 0);
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn fields_round_trip(secs: u32, machine: [u8; 5], counter in 0u32..1 << 24, shard: u32) {
        let h = HotGuid::from_parts(secs, machine, counter, shard);
        proptest::prop_assert_eq!((h.unix_seconds(), h.machine(), h.counter(), h.shard_key()), (secs, machine, counter, shard));
        proptest::prop_assert_eq!(HotGuid::from_sql_guid(h.to_sql_guid()), h);
        proptest::prop_assert_eq!(h.to_string().parse::<HotGuid>().unwrap(), h);
    }
}
