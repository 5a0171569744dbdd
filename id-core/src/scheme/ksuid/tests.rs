use crate::prelude::*;

use super::layout::EPOCH;
use super::*;
use crate::clock::ManualClock;
use crate::error::ParseError;
use crate::random::{FixedRandom, SeededRandom};
use crate::scheme::{Encoding, Generate, Scheme};
use crate::time::Timestamp;

/// segmentio/ksuid's README example (`ksuid -f inspect`), byte for byte.
const TEXT: &str = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";
const RAW: &str = "0669F7EFB5A1CD34B5F99D1154FB6853345C9735";

#[test]
fn the_original_vector_reads_and_writes() {
    let id: Ksuid = TEXT.parse().unwrap();
    assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), RAW);
    assert_eq!(id.seconds(), 107_608_047);
    // 2017-10-09 21:00:47 -0700 PDT, as the original prints it.
    assert_eq!(id.timestamp(), Timestamp::parse_rfc3339("2017-10-10T04:00:47Z").unwrap());
    assert_eq!(id.payload(), *b"\xB5\xA1\xCD\x34\xB5\xF9\x9D\x11\x54\xFB\x68\x53\x34\x5C\x97\x35");
    assert_eq!(id.to_string(), TEXT);
    assert_eq!(Ksuid::decode(RAW, Encoding::Hex), Ok(id));
    assert_eq!(Ksuid::from_parts(107_608_047, id.payload()), id);
}

/// The original's limits: `000000000000000000000000000` is the nil KSUID and
/// `aWgEPTl1tmebfsQzFP4bxwgy80V` the largest; one more does not fit 160 bits.
#[test]
fn nil_max_and_beyond() {
    assert_eq!(Ksuid::from_bytes_array([0; 20]).to_string(), "000000000000000000000000000");
    assert_eq!(Ksuid::from_bytes_array([0xFF; 20]).to_string(), "aWgEPTl1tmebfsQzFP4bxwgy80V");
    assert!(matches!("aWgEPTl1tmebfsQzFP4bxwgy80W".parse::<Ksuid>(), Err(ParseError::OutOfRange { .. })));
    assert_eq!(Ksuid::time_range().0, Timestamp::parse_rfc3339("2014-05-13T16:53:20Z").unwrap());
    assert_eq!(Ksuid::time_range().1.unix_seconds(), EPOCH + i64::from(u32::MAX));
}

#[test]
fn the_generator_takes_the_clock_second_and_sixteen_random_bytes() {
    let t = Timestamp::parse_rfc3339("2017-10-10T04:00:47.750Z").unwrap();
    let g = KsuidGenerator::with(ManualClock::new(t), FixedRandom(0xA5));
    let id = g.generate(()).unwrap();
    assert_eq!(id.seconds(), 107_608_047);
    let seeded = KsuidGenerator::with(ManualClock::new(t), SeededRandom::new(7));
    let (a, b) = (seeded.generate(()).unwrap(), seeded.generate(()).unwrap());
    assert_ne!(a.payload(), b.payload(), "a fresh payload per ID");
    assert_eq!(a.seconds(), b.seconds());
    let early = Timestamp::parse_rfc3339("2014-05-13T16:53:19Z").unwrap();
    assert!(matches!(g.generate_at((), early), Err(crate::error::GenerateError::TimeOutOfRange { .. })));
    assert_eq!(g.generate_at((), Ksuid::time_range().1).unwrap().seconds(), u32::MAX);
}

#[test]
fn range_bounds_hold_every_payload_of_their_second() {
    let t = Timestamp::parse_rfc3339("2026-11-27T08:00:00.5Z").unwrap();
    let (lo, hi) = (Ksuid::min_at(t), Ksuid::max_at(t));
    assert_eq!((lo.payload(), hi.payload()), ([0; 16], [0xFF; 16]));
    assert_eq!(lo.timestamp(), Timestamp::parse_rfc3339("2026-11-27T08:00:00Z").unwrap());
    assert_eq!(Ksuid::min_at(Timestamp::MIN).seconds(), 0);
    assert_eq!(Ksuid::max_at(Timestamp::MAX).seconds(), u32::MAX);
}


/// IDs svix-ksuid's Python port (0.7.0) made with `KsuidMs(datetime, payload)`: their text,
/// bytes and the time it reads back (4 ms steps: .123 s is written as step 30, read as .120).
#[test]
fn svix_ksuid_ms_vectors_read_and_write() {
    for (text, raw, unix_ms, steps) in [
        ("1srO3aXUuJyAccQfFpRNczGhCO7", "0D35C2A31E0102030405060708090A0B0C0D0E0F", 1_621_627_043_120, 30),
        ("3MgJi6IuheAkHByExnto39BU5DH", "1796EA80F9ABABABABABABABABABABABABABABAB", 1_795_766_400_996, 249),
        ("3MgfOoKHlRRzOvXGdrgxqvZStgm", "1797144D882ABC525E84CC1A97F33E0A1C0379E8", 1_795_777_101_544, 136),
    ] {
        let id: KsuidMs = text.parse().unwrap();
        assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), raw);
        assert_eq!((id.timestamp().unix_millis(), id.steps()), (unix_ms, steps), "{text}");
        assert_eq!(id.to_string(), text);
        assert_eq!(KsuidMs::from_parts(id.seconds(), id.steps(), id.payload()), id);
        // Every KSUID-ms is a KSUID of the same second.
        let as_ksuid: Ksuid = text.parse().unwrap();
        assert_eq!(as_ksuid.timestamp().unix_seconds(), id.unix_seconds());
    }
    let id: KsuidMs = "1srO3aXUuJyAccQfFpRNczGhCO7".parse().unwrap();
    assert_eq!(id.payload(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
}

#[test]
fn ksuid_ms_generation_steps_by_four_milliseconds() {
    let t = Timestamp::parse_rfc3339("2026-11-27T08:00:00.999Z").unwrap();
    let g = KsuidMsGenerator::with(ManualClock::new(t), SeededRandom::new(5));
    let (a, b): (KsuidMs, KsuidMs) = (g.generate(()).unwrap(), g.generate(()).unwrap());
    assert_eq!((a.steps(), a.millis()), (249, 996));
    assert_eq!(a.timestamp(), Timestamp::parse_rfc3339("2026-11-27T08:00:00.996Z").unwrap());
    assert_ne!(a.payload(), b.payload(), "a fresh payload per ID");
    let at = |text: &str| g.generate_at((), Timestamp::parse_rfc3339(text).unwrap()).unwrap();
    assert!(at("2026-11-27T08:00:00.003Z") < at("2026-11-27T08:00:00.004Z").min(at("2026-11-27T08:00:00.007Z")));
    assert_eq!(at("2026-11-27T08:00:00.007Z").millis(), 4);
    let early = Timestamp::parse_rfc3339("2014-05-13T16:53:19.999Z").unwrap();
    assert!(matches!(g.generate_at((), early), Err(crate::error::GenerateError::TimeOutOfRange { .. })));
    let last = g.generate_at((), KsuidMs::time_range().1).unwrap();
    assert_eq!((last.seconds(), last.steps()), (u32::MAX, 249));
}

#[test]
fn ksuid_ms_bounds_hold_every_payload_of_their_step() {
    let t = Timestamp::parse_rfc3339("2026-11-27T08:00:00.5Z").unwrap();
    let (lo, hi) = (KsuidMs::min_at(t), KsuidMs::max_at(t));
    assert_eq!((lo.steps(), lo.payload(), hi.steps(), hi.payload()), (125, [0; 15], 125, [0xFF; 15]));
    assert_eq!(lo.timestamp(), t);
    assert_eq!((KsuidMs::min_at(Timestamp::MIN).seconds(), KsuidMs::min_at(Timestamp::MIN).steps()), (0, 0));
    assert_eq!((KsuidMs::max_at(Timestamp::MAX).seconds(), KsuidMs::max_at(Timestamp::MAX).steps()), (u32::MAX, 249));
    // A fifth byte the original never writes reads as it reads it: (250 × 4) mod 1000 = 0.
    assert_eq!(KsuidMs::from_parts(7, 250, [0; 15]).millis(), 0);
    assert!(matches!(KsuidMs::from_bytes(&[0; 19]), Err(ParseError::Length { expected: 20, found: 19, .. })));
}
