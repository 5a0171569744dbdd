use super::*;
use crate::clock::CoarseClock;
use crate::clock::ManualClock;
use crate::codec::hex;
use crate::error::GenerateError;
use crate::prelude::*;
use crate::scheme::{Encoding, Generate, Scheme, SequenceOverflow};
use crate::time::Timestamp;
use core::time::Duration;
use std::sync::Arc;
use uuid::Uuid;

fn t(s: &str) -> Timestamp {
    s.parse().unwrap()
}

fn units(u: u64) -> Timestamp {
    Timestamp::new(EPOCH_SECS, 0).checked_add(UNIT * u as u32).unwrap()
}

fn snapshot(partition: [u8; 2], min: u16, max: u16) -> GeneratorSnapshot {
    GeneratorSnapshot { partition, sequence_min: min, sequence_max: max, ..Default::default() }
}

/// The UUID form keeps the order and round-trips; bytes that are not sno text are refused.
#[test]
fn uuid_column_form_keeps_the_order() {
    let g = SnoGenerator::with_partition(ManualClock::new(t("2030-01-01T00:00:00Z")), 3);
    let mut ids: Vec<Sno> =
        (0..crate::test_budget::iterations(2000, 50)).map(|i| g.generate(i as u8).unwrap()).collect();
    ids.push(Sno::ZERO);
    ids.push("xxxxxxxxxxxxxxxx".parse().unwrap());
    ids.sort();
    let uuids: Vec<Uuid> = ids.iter().map(Sno::to_uuid).collect();
    assert!(uuids.windows(2).all(|w| w[0] < w[1]), "string-order bytes sort as the IDs");
    assert!(uuids.iter().map(Uuid::to_bytes_le).collect::<Vec<_>>().windows(2).all(|w| w[0] != w[1]));
    assert!(ids.iter().zip(&uuids).all(|(id, u)| Sno::from_uuid(*u) == Ok(*id)));
    assert_eq!(Sno::ZERO.to_uuid().to_string(), "32323232-3232-3232-3232-323232323232");
    assert!(Sno::from_uuid(Uuid::from_bytes([0xFF; 16])).is_err());
    assert!(Sno::from_uuid(Uuid::from_bytes(*b"zzzzzzzzzzzzzzzz")).is_err());
}

#[test]
fn decompositions() {
    let id: Sno = "brpk4q72xwf2m63l".parse().unwrap();
    assert_eq!(id.to_array(), [78, 111, 33, 96, 160, 255, 154, 10, 16, 51]);
    assert_eq!(id.timestamp().to_string(), "2031-05-08T23:03:34.976Z");
    assert_eq!(id.unix_nanos(), 1936047814976000000);
    assert_eq!((id.tick(), id.meta(), id.partition(), id.sequence()), (false, 255, 39434, 4147));
    let max: Sno = "xxxxxxxxxxxxxxxx".parse().unwrap();
    assert_eq!(max.timestamp().to_string(), "2079-09-07T15:47:35.548Z");
    assert_eq!(max.unix_nanos(), 3461327255548000000);
    assert_eq!((max.tick(), max.meta(), max.sequence()), (true, 255, 65535));
    assert_eq!(Sno::ZERO.timestamp().to_string(), "2010-01-01T00:00:00Z");
    assert_eq!(Sno::ZERO.to_string(), "2222222222222222");
    assert!(Sno::ZERO.is_zero() && !id.is_zero());
    let readme: Sno = "aaaaaaaa55aaaaaa".parse().unwrap();
    assert_eq!((readme.meta(), readme.partition(), readme.sequence()), (24, 53380, 8456));
    assert_eq!(readme.timestamp().to_string(), "2027-12-26T04:04:32.4Z");
}

#[test]
fn new_with_time_vectors() {
    let clock = ManualClock::new(units(0));
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 65535)).unwrap();
    for (time, hex, text) in [
        ("2010-01-01T00:00:00Z", "00000000000000000000", "2222222222222222"),
        ("2010-01-01T00:00:00Z", "00000000000000000001", "2222222222222223"),
        ("2010-01-01T00:00:00.004Z", "00000000020000000002", "2222222422222224"),
        ("2010-01-01T00:00:00.003999999Z", "00000000000000000003", "2222222222222225"),
        ("2079-09-07T15:47:35.548Z", "fffffffffe0000000004", "xxxxxxxw22222226"),
        ("2079-09-07T15:47:35.552Z", "00000000000000000005", "2222222222222227"),
        ("2009-12-31T23:59:59.996Z", "637bd05af40000000006", "efvv2opm22222228"),
        ("2000-01-01T00:00:00Z", "3ebda0f4f60000000007", "9sws3v9o22222229"),
    ] {
        let id = g.generate_at_wrapping(0, t(time));
        assert_eq!(hex::encode_lower(&id.to_array()), hex, "{time}");
        assert_eq!(id.to_string(), text);
    }
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([65, 10], 0, 65535)).unwrap();
    assert_eq!(g.generate_at_wrapping(255, t("2020-01-01T00:00:00Z")).to_string(), "6kvrqg22xv2im222");
    assert_eq!(g.generate_at_wrapping(255, t("2020-01-01T00:00:00Z")).to_string(), "6kvrqg22xv2im223");
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([255, 255], 1024, 2047)).unwrap();
    let id = g.generate_at_wrapping(1, t("2021-11-12T13:14:15.123456789Z"));
    assert_eq!(hex::encode_lower(&id.to_array()), "2b968d2a6801ffff0400");
    assert_eq!(id.to_string(), "7gdascla29xxw322");
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 8, 13)).unwrap();
    let seqs: Vec<u16> = (0..8).map(|_| g.generate_at_wrapping(0, units(5)).sequence()).collect();
    assert_eq!(seqs, [8, 9, 10, 11, 12, 13, 8, 9]);
}

#[test]
fn tick_tock_table() {
    let clock = ManualClock::new(units(1_000_000));
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([1, 2], 0, 0)).unwrap();
    let step = |u: u64, text: &str, hex: &str, hi: i64, safe: i64, drifts: u32| {
        clock.set(units(u));
        let id = g.generate(9).unwrap();
        assert_eq!(id.to_string(), text, "at {u}");
        assert_eq!(hex::encode_lower(&id.to_array()), hex);
        let s = g.snapshot();
        assert_eq!((s.wall_hi, s.wall_safe, s.drifts), (hi, safe, drifts), "at {u}");
    };
    step(1000000, "2223v362362i6222", "00001e84800901020000", 1000000, 0, 0);
    step(1000000, "2223v362362i6223", "00001e84800901020001", 1000000, 0, 0);
    step(999999, "2223v35x362i6222", "00001e847f0901020000", 999999, 1000000, 1);
    step(1000000, "2223v363362i6222", "00001e84810901020000", 1000000, 1000000, 1);
    step(1000005, "2223v36d362i6222", "00001e848b0901020000", 1000005, 1000000, 1);
    step(1000003, "2223v368362i6222", "00001e84860901020000", 1000003, 1000005, 2);
    clock.set(units(1000004));
    g.generate(9).unwrap();
    // Back into used time: the caller waits until the clock moves (here: another thread
    // moves it to 1000006, as the original's test does), then goes on in a fresh unit.
    let frozen = Arc::new(ManualClock::frozen(units(1000002)));
    let g = SnoGenerator::from_snapshot(Arc::clone(&frozen), &g.snapshot()).unwrap();
    let mover = {
        let frozen = Arc::clone(&frozen);
        std::thread::spawn(move || {
            while frozen.sleeps() < 3 {
                std::thread::yield_now();
            }
            frozen.set(units(1000006));
        })
    };
    let id = g.generate(9).unwrap();
    mover.join().unwrap();
    assert!(frozen.sleeps() >= 3);
    assert_eq!(id.to_string(), "2223v36e362i6222");
    assert_eq!(hex::encode_lower(&id.to_array()), "00001e848c0901020000");
    let s = g.snapshot();
    assert_eq!((s.wall_hi, s.wall_safe, s.drifts), (1000006, 1000005, 2));
}

#[test]
fn fresh_generator_accessors() {
    let clock = ManualClock::new(units(77));
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 1], 0, 0)).unwrap();
    assert_eq!((g.sequence(), g.len(), g.cap()), (0, 0, 65536));
    let seqs: Vec<u16> = (0..3).map(|_| g.generate(0).unwrap().sequence()).collect();
    assert_eq!(seqs, [0, 1, 2]);
    assert_eq!((g.len(), g.sequence()), (3, 2));
}

#[test]
fn bounds_sanitising_and_error_texts() {
    let clock = ManualClock::new(units(1));
    let mk = |min, max, seq| {
        SnoGenerator::from_snapshot(&clock, &GeneratorSnapshot { sequence: seq, ..snapshot([0, 0], min, max) })
    };
    let e = mk(2048, 0, 2047).unwrap_err();
    assert_eq!(
        e.to_string(),
        "sno: sno: current sequence underflows the given lower bound; min: 2048, sequence: 2047, max: 65535, pool: 63488"
    );
    let g = mk(65535, 0, 0).unwrap();
    assert_eq!((g.sequence_min(), g.sequence_max()), (0, 65535));
    let g = mk(100, 50, 0).unwrap();
    assert_eq!((g.sequence_min(), g.sequence_max(), g.cap()), (50, 100, 51));
    assert!(mk(0, 5, 0).is_ok());
    for max in [3, 4] {
        let e = mk(0, max, 0).unwrap_err();
        assert!(e.to_string().starts_with(
            "sno: sno: generators require a sequence pool with a capacity of at least 4; min: 0, sequence: 0, max:"
        ));
    }
    let e = mk(7, 7, 3).unwrap_err();
    assert_eq!(
        e.to_string(),
        "sno: sno: sequence bounds are identical - need a sequence pool with a capacity of at least 4; min: 7, sequence: 3, max: 7, pool: 1"
    );
}

#[test]
fn snapshot_restore() {
    let clock = ManualClock::new(units(5000));
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([22, 89], 0, 65535)).unwrap();
    for _ in 0..3 {
        g.generate(0).unwrap();
    }
    let s = g.snapshot();
    assert_eq!((s.sequence, s.now, s.wall_hi), (2, 5000, 5000));
    let restored = SnoGenerator::from_snapshot(&clock, &s).unwrap();
    assert_eq!(restored.generate(0).unwrap().sequence(), 3);
    let later =
        SnoGenerator::from_snapshot(&clock, &GeneratorSnapshot { sequence_min: 1024, sequence: 1500, ..s }).unwrap();
    clock.advance(UNIT);
    assert_eq!(later.generate(0).unwrap().sequence(), 1024);
}

#[cfg(feature = "serde")]
#[test]
fn snapshot_json_uses_sno_field_names() {
    let json = r#"{"partition":[22,89],"sequenceMin":0,"sequenceMax":65535,"sequence":2,"now":133251798599,"wallHi":133251798599,"wallSafe":0,"drifts":0}"#;
    let s: GeneratorSnapshot = serde_json::from_str(json).unwrap();
    assert_eq!(s.partition, [22, 89]);
    assert_eq!(serde_json::to_string(&s).unwrap(), json);
    // Owned strings (a reader, a `Value`), unknown fields, and the array form all read.
    assert_eq!(serde_json::from_reader::<_, GeneratorSnapshot>(json.as_bytes()).unwrap(), s);
    assert_eq!(serde_json::from_value::<GeneratorSnapshot>(serde_json::from_str(json).unwrap()).unwrap(), s);
    let extra = json.replace("\"drifts\":0", "\"drifts\":0,\"future\":[1]");
    assert_eq!(serde_json::from_str::<GeneratorSnapshot>(&extra).unwrap(), s);
    let array = r#"[[22,89],0,65535,2,133251798599,133251798599,0,0]"#;
    assert_eq!(serde_json::from_str::<GeneratorSnapshot>(array).unwrap(), s);
    // A missing or repeated field is an error naming it.
    let missing = json.replace(",\"drifts\":0", "");
    assert!(serde_json::from_str::<GeneratorSnapshot>(&missing).unwrap_err().to_string().contains("drifts"));
    let twice = json.replace("\"drifts\":0", "\"drifts\":0,\"drifts\":1");
    assert!(
        serde_json::from_str::<GeneratorSnapshot>(&twice).unwrap_err().to_string().contains("duplicate field `drifts`")
    );
}

#[test]
fn overflow_waits_and_notifies() {
    let clock = ManualClock::new(units(100));
    let (tx, rx) = std::sync::mpsc::sync_channel(64);
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 5)).unwrap().with_overflow_subscriber(tx);
    let ids: Vec<Sno> = (0..60).map(|_| g.generate(0).unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert!(ids.iter().all(|id| id.sequence() <= 5));
    let distinct_units = {
        let mut u: Vec<u64> = ids.iter().map(Sno::units).collect();
        u.dedup();
        u.len()
    };
    assert_eq!(distinct_units, 10);
    let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
    let stalled: Vec<u32> = notices.iter().filter(|n| n.count > 0).map(|n| n.ticks).collect();
    assert_eq!(&stalled[..4], &[1, 1, 1, 1], "each overflow is notified on its own first tick");
    assert!(notices.iter().any(|n| n.count == 0), "a final notice when nobody waits");
}

/// Each waited overflow counts its own ticks and is notified on its first tick.
#[test]
fn each_overflow_counts_its_own_ticks() {
    let clock = ManualClock::new(units(100));
    let (tx, rx) = std::sync::mpsc::sync_channel(64);
    let g = SnoGenerator::from_snapshot(&clock, &snapshot([0, 0], 0, 5)).unwrap().with_overflow_subscriber(tx);
    for round in 0..3 {
        for _ in 0..7 {
            g.generate(0).unwrap();
        }
        let notices: Vec<SequenceOverflow> = rx.try_iter().collect();
        assert_eq!(notices.first().map(|n| (n.count, n.ticks)), Some((1, 1)), "round {round}: {notices:?}");
        clock.advance(Duration::from_millis(40));
    }
}

/// The clock back at exactly the safe unit once waited 0 ms, and `sleep(0)` on a test
/// clock never moved it: `generate` never returned.
#[test]
fn a_second_regression_onto_the_safe_unit_makes_progress() {
    let clock = Arc::new(ManualClock::new(units(100)));
    let g = SnoGenerator::from_snapshot(Arc::clone(&clock), &snapshot([0, 0], 0, 65535)).unwrap();
    let ids = within_seconds(20, {
        let clock = Arc::clone(&clock);
        move || {
            let a = g.generate(0).unwrap();
            clock.set(units(50));
            let b = g.generate(0).unwrap(); // first regression: tick flips, safe unit 100
            clock.set(units(120));
            let c = g.generate(0).unwrap();
            clock.set(units(100)); // back onto the safe unit: used time, must wait
            let d = g.generate(0).unwrap();
            [a, b, c, d]
        }
    });
    assert!(ids[3].units() > 100, "{ids:?}");
    let mut sorted = ids.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 4);
    assert!(clock.sleeps() > 0);
}

/// Runs `f` on its own thread and fails the test if it has not returned within `secs`
/// (a hang detector, not a speed check: the bound is hundreds of times the work).
fn within_seconds<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    rx.recv_timeout(Duration::from_secs(secs)).expect("the generator returned instead of hanging")
}

/// At the end of the layout there is no later unit to wait for: an error, not a spin; and
/// clocks outside 2010..=2079 are refused instead of wrapping into other units.
#[test]
fn the_layout_ends_are_errors() {
    let last = unit_start(MAX_UNITS);
    let clock = Arc::new(ManualClock::new(last));
    let g = Arc::new(SnoGenerator::from_snapshot(Arc::clone(&clock), &snapshot([0, 0], 0, 5)).unwrap());
    let results = within_seconds(20, {
        let g = Arc::clone(&g);
        move || (0..7).map(|_| g.generate(0)).collect::<Vec<_>>()
    });
    assert!(results[..6].iter().all(Result::is_ok));
    assert!(matches!(results[6], Err(GenerateError::TimeOutOfRange { .. })), "{:?}", results[6]);
    clock.advance(UNIT);
    assert!(matches!(g.generate(0), Err(GenerateError::TimeOutOfRange { .. })));
    clock.set(t("2009-12-31T23:59:59Z"));
    assert!(matches!(g.generate(0), Err(GenerateError::TimeOutOfRange { .. })));
    clock.set(Timestamp::MAX);
    assert!(g.generate(0).is_err());
    assert_eq!(LATEST, last.checked_add(UNIT - Duration::from_nanos(1)).unwrap());
}

#[test]
fn partitions_of_default_generators_follow_each_other() {
    let a = SnoGenerator::new().unwrap();
    let b = SnoGenerator::new().unwrap();
    assert_eq!(b.partition(), a.partition().wrapping_add(1));
}

#[test]
fn concurrent_generation_has_no_duplicates() {
    let g = Arc::new(SnoGenerator::from_snapshot(CoarseClock, &snapshot([1, 1], 0, 65535)).unwrap());
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let g = Arc::clone(&g);
            std::thread::spawn(move || {
                let ids: Vec<Sno> =
                    (0..crate::test_budget::iterations(1_000_000, 100)).map(|_| g.generate(0).unwrap()).collect();
                assert!(ids.windows(2).all(|w| w[0] < w[1]), "each thread's IDs increase");
                ids
            })
        })
        .collect();
    let mut all: Vec<Sno> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n);
}

#[test]
fn range_bounds_hold_the_ids_of_their_unit() {
    let id: Sno = "brpk4q72xwf2m63l".parse().unwrap();
    assert!(Sno::min_at(id.timestamp()) <= id && id <= Sno::max_at(id.timestamp()));
    assert_eq!(Sno::max_at(t("2200-01-01T00:00:00Z")).units(), MAX_UNITS);
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn layout_round_trip(u in 0..=MAX_UNITS, tick: bool, meta: u8, partition: u16, sequence: u16) {
        let id = Sno::from_parts(u, tick, meta, partition, sequence);
        proptest::prop_assert_eq!((id.units(), id.tick(), id.meta(), id.partition(), id.sequence()), (u, tick, meta, partition, sequence));
        proptest::prop_assert_eq!(id.to_string().parse::<Sno>().unwrap(), id);
        proptest::prop_assert_eq!(Sno::decode(&id.encode(Encoding::Hex).unwrap(), Encoding::Hex).unwrap(), id);
    }
}
