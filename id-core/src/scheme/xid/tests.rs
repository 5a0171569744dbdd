use crate::prelude::*;

use super::*;
use crate::clock::ManualClock;
use crate::error::{GenerateError, ParseError};
use crate::random::{FixedRandom, SeededRandom};
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;

fn at(text: &str) -> Timestamp {
    Timestamp::parse_rfc3339(text).unwrap()
}

/// rs/xid's README example: its bytes, time, machine, PID and counter.
#[test]
fn the_original_vector_reads_and_writes() {
    let id: Xid = "9m4e2mr0ui3e8a215n4g".parse().unwrap();
    assert_eq!(id.to_bytes_array(), [0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9]);
    assert_eq!(id.timestamp(), at("2011-03-22T17:50:19Z"));
    assert_eq!((id.machine(), id.pid(), id.counter()), ([0x60, 0xf4, 0x86], 0xe428, 4_271_561));
    assert_eq!(id.to_string(), "9m4e2mr0ui3e8a215n4g");
    assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), "4D88E15B60F486E428412DC9");
    assert_eq!(Xid::from_parts(id.seconds(), id.machine(), id.pid(), id.counter()), id);
}

/// An xid epyxid 0.4.0 (Python over the `xid` crate) made, with the fields it reads.
#[test]
fn epyxids_id_reads_to_its_fields() {
    let id: Xid = "dc4lu0ajueqt1ds5lah0".parse().unwrap();
    assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), "6B095F0153F3B5D0B785AAA2");
    assert_eq!(id.timestamp(), at("2026-11-27T10:44:17Z"));
    assert_eq!((id.machine(), id.pid(), id.counter()), ([0x53, 0xf3, 0xb5], 53_431, 8_759_970));
}

#[test]
fn nil_max_and_bad_text() {
    assert_eq!(Xid::from_bytes_array([0; 12]).to_string(), "00000000000000000000");
    assert_eq!(Xid::from_bytes_array([0xFF; 12]).to_string(), "vvvvvvvvvvvvvvvvvvvg");
    // The last character's four low bits are padding: only `0` and `g` are canonical there.
    assert!(matches!("9m4e2mr0ui3e8a215n4h".parse::<Xid>(), Err(ParseError::OutOfRange { .. })));
    assert!(matches!("vvvvvvvvvvvvvvvvvvvv".parse::<Xid>(), Err(ParseError::OutOfRange { .. })));
    assert!(matches!("9m4e2mr0ui3e8a215n4w".parse::<Xid>(), Err(ParseError::Character { position: 19, .. })));
    assert!(matches!("9M4E2MR0UI3E8A215N4G".parse::<Xid>(), Err(ParseError::Character { position: 1, .. })));
    assert!(matches!("9m4e2mr0ui3e8a215n4".parse::<Xid>(), Err(ParseError::Length { .. })));
    assert!(matches!("9m4e2mr0ui3e8a215n4é".parse::<Xid>(), Err(ParseError::Character { position: 19, .. })));
    assert!(matches!(Xid::decode("x", Encoding::Base62), Err(ParseError::UnsupportedEncoding(Encoding::Base62))));
    assert!(matches!(Xid::from_bytes(&[0; 13]), Err(ParseError::Length { expected: 12, found: 13, .. })));
}

#[test]
fn the_generator_counts_from_a_random_start_and_wraps() {
    let t = at("2026-11-27T11:00:00.750Z");
    let g = XidGenerator::with(ManualClock::new(t), FixedRandom(0xA5)).with_machine([1, 2, 3], 0x0405);
    let first = g.generate(()).unwrap();
    assert_eq!(first.seconds() as i64, t.unix_seconds());
    // The counter starts at the draw's low 24 bits; the first ID takes one more, as rs/xid's.
    assert_eq!((first.machine(), first.pid(), first.counter()), ([1, 2, 3], 0x0405, 0xA5A5A6));
    assert_eq!(g.generate(()).unwrap().counter(), 0xA5A5A7);
    g.counter.store(0xFF_FFFE, core::sync::atomic::Ordering::Relaxed);
    assert_eq!(g.generate(()).unwrap().counter(), 0xFF_FFFF);
    assert_eq!(g.generate(()).unwrap().counter(), 0, "wraps at 2^24");
    let (a, b) = (
        XidGenerator::with(ManualClock::new(t), SeededRandom::new(1)),
        XidGenerator::with(ManualClock::new(t), SeededRandom::new(2)),
    );
    assert_ne!(a.generate(()).unwrap().counter(), b.generate(()).unwrap().counter());
}

#[cfg(feature = "std")]
#[test]
fn the_default_machine_and_pid_are_the_hosts() {
    let g = XidGenerator::with(ManualClock::new(at("2026-11-27T11:00:00Z")), SeededRandom::new(3));
    let id = g.generate(()).unwrap();
    // Where the host has no machine ID or process ID to read (WebAssembly), both are drawn.
    if let Some(machine) = XidGenerator::host_machine_id() {
        assert_eq!(id.machine(), machine);
    }
    if let Some(pid) = XidGenerator::host_process_id() {
        assert_eq!(id.pid(), pid);
    }
    assert_eq!((g.machine(), g.pid()), (id.machine(), id.pid()));
}

#[test]
fn generate_at_checks_the_range() {
    let g = XidGenerator::with(ManualClock::new(at("2026-11-27T11:00:00Z")), FixedRandom(1));
    let before = at("1969-12-31T23:59:59Z");
    assert!(matches!(g.generate_at((), before), Err(GenerateError::TimeOutOfRange { scheme: "xid", .. })));
    assert!(matches!(g.generate_at((), Timestamp::new(1 << 32, 0)), Err(GenerateError::TimeOutOfRange { .. })));
    assert_eq!(g.generate_at((), Xid::time_range().1).unwrap().seconds(), u32::MAX);
}

#[test]
fn range_bounds_hold_every_id_of_their_second() {
    let t = at("2026-11-27T08:00:00.5Z");
    let (lo, hi) = (Xid::min_at(t), Xid::max_at(t));
    assert_eq!((lo.machine(), lo.pid(), lo.counter()), ([0; 3], 0, 0));
    assert_eq!((hi.machine(), hi.pid(), hi.counter()), ([0xFF; 3], 0xFFFF, 0xFF_FFFF));
    assert_eq!((lo.timestamp(), hi.timestamp()), (at("2026-11-27T08:00:00Z"), at("2026-11-27T08:00:00Z")));
    assert_eq!(Xid::min_at(Timestamp::MIN).seconds(), 0);
    assert_eq!(Xid::max_at(Timestamp::MAX).seconds(), u32::MAX);
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    /// Every text of the alphabet either reads to an ID that writes it again or is refused with
    /// a typed error (text order is byte order: `scheme/tests.rs`).
    #[test]
    fn every_text_of_the_alphabet_reads_or_is_refused(text in "[0-9a-v]{20}") {
        match text.parse::<Xid>() {
            Ok(id) => proptest::prop_assert_eq!(id.to_string(), text),
            Err(e) => {
                let padding = matches!(e, ParseError::OutOfRange { .. });
                proptest::prop_assert!(padding, "{e:?}");
            }
        }
    }
}
