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

/// MongoDB's manual: `ObjectId("507f191e810c19729de860ea").getTimestamp()` is
/// 2012-10-17T20:46:22Z, and `507f1f77bcf86cd799439011` its other example.
#[test]
fn the_manuals_vectors_read_and_write() {
    let id: ObjectId = "507f191e810c19729de860ea".parse().unwrap();
    assert_eq!(id.timestamp(), at("2012-10-17T20:46:22Z"));
    assert_eq!(id.random(), [0x81, 0x0c, 0x19, 0x72, 0x9d]);
    assert_eq!(id.counter(), 0xe860ea);
    assert_eq!(id.to_string(), "507f191e810c19729de860ea");
    let other: ObjectId = "507f1f77bcf86cd799439011".parse().unwrap();
    assert_eq!(other.timestamp(), at("2012-10-17T21:13:27Z"));
    assert_eq!((other.random(), other.counter()), ([0xbc, 0xf8, 0x6c, 0xd7, 0x99], 0x439011));
    assert_eq!(ObjectId::from_parts(other.seconds(), other.random(), other.counter()), other);
    assert!(id < other);
}

/// IDs pymongo 4.20.1's `bson.ObjectId()` made, consecutive in one process, with the Unix
/// seconds of its `generation_time` (tests/crosscheck checks fresh ones both ways).
#[test]
fn pymongos_ids_read_to_its_fields() {
    for (text, seconds, counter) in [
        ("6b095f01ecf42a5ad46097c3", 1_795_776_257, 0x6097c3),
        ("6b095f01ecf42a5ad46097c4", 1_795_776_257, 0x6097c4),
        ("6b095f01ecf42a5ad46097c5", 1_795_776_257, 0x6097c5),
    ] {
        let id: ObjectId = text.parse().unwrap();
        assert_eq!(id.seconds(), seconds, "{text}");
        assert_eq!((id.random(), id.counter()), ([0xec, 0xf4, 0x2a, 0x5a, 0xd4], counter));
        assert_eq!(id.to_string(), text);
    }
}

#[test]
fn text_forms_and_bad_input() {
    let id: ObjectId = "507F191E810C19729DE860EA".parse().unwrap();
    assert_eq!(id.to_string(), "507f191e810c19729de860ea", "read in either case, written lowercase");
    assert_eq!(id.encode(Encoding::Hex).unwrap().as_str(), "507F191E810C19729DE860EA");
    assert_eq!(ObjectId::decode("507f191e810c19729de860ea", Encoding::Hex), Ok(id));
    assert!(matches!("507f191e810c19729de860e".parse::<ObjectId>(), Err(ParseError::Length { .. })));
    assert!(matches!("507f191e810c19729de860eg".parse::<ObjectId>(), Err(ParseError::Character { position: 23, .. })));
    assert!(matches!("507f191e810c19729de860é".parse::<ObjectId>(), Err(ParseError::Character { .. })));
    assert!(matches!(ObjectId::decode("x", Encoding::Base62), Err(ParseError::UnsupportedEncoding(Encoding::Base62))));
    assert!(matches!(ObjectId::from_bytes(&[0; 11]), Err(ParseError::Length { expected: 12, found: 11, .. })));
    assert_eq!(ObjectId::from_bytes(&id.to_bytes()), Ok(id));
}

#[test]
fn the_generator_counts_from_a_random_start_and_wraps() {
    let t = at("2026-11-27T11:00:00.750Z");
    let g = ObjectIdGenerator::with(ManualClock::new(t), FixedRandom(0xA5));
    let first = g.generate(()).unwrap();
    assert_eq!(first.seconds() as i64, t.unix_seconds());
    // FixedRandom draws 0xA5 bytes: the top five are the process's, the low 24 bits the start.
    assert_eq!((first.random(), first.counter()), ([0xA5; 5], 0xA5A5A5));
    assert_eq!(g.random(), [0xA5; 5]);
    let second = g.generate(()).unwrap();
    assert_eq!((second.random(), second.counter()), (first.random(), 0xA5A5A6));
    // Past 2^24 the counter starts again at 0.
    g.counter.store(0xFF_FFFF, core::sync::atomic::Ordering::Relaxed);
    assert_eq!(g.generate(()).unwrap().counter(), 0xFF_FFFF);
    assert_eq!(g.generate(()).unwrap().counter(), 0);
    let (a, b) = (
        ObjectIdGenerator::with(ManualClock::new(t), SeededRandom::new(1)),
        ObjectIdGenerator::with(ManualClock::new(t), SeededRandom::new(2)),
    );
    assert_ne!(a.random(), b.random(), "each generator draws its own process bytes");
}

#[test]
fn generate_at_checks_the_range() {
    let g = ObjectIdGenerator::with(ManualClock::new(at("2026-11-27T11:00:00Z")), FixedRandom(1));
    let before = at("1969-12-31T23:59:59Z");
    assert!(matches!(g.generate_at((), before), Err(GenerateError::TimeOutOfRange { scheme: "object_id", .. })));
    let after = Timestamp::new(i64::from(u32::MAX) + 1, 0);
    assert!(matches!(g.generate_at((), after), Err(GenerateError::TimeOutOfRange { .. })));
    assert_eq!(g.generate_at((), ObjectId::time_range().1).unwrap().seconds(), u32::MAX);
    assert_eq!(g.generate_at((), at("2012-10-17T20:46:22.9Z")).unwrap().timestamp(), at("2012-10-17T20:46:22Z"));
}

#[test]
fn range_bounds_hold_every_id_of_their_second() {
    let t = at("2026-11-27T08:00:00.5Z");
    let (lo, hi) = (ObjectId::min_at(t), ObjectId::max_at(t));
    assert_eq!((lo.to_string().as_str(), hi.to_string().as_str()), ("6b0938800000000000000000", "6b093880ffffffffffffffff"));
    assert_eq!((lo.random(), lo.counter(), hi.random(), hi.counter()), ([0; 5], 0, [0xFF; 5], 0xFF_FFFF));
    assert_eq!((lo.timestamp(), hi.timestamp()), (at("2026-11-27T08:00:00Z"), at("2026-11-27T08:00:00Z")));
    assert_eq!(ObjectId::min_at(Timestamp::MIN).seconds(), 0);
    assert_eq!(ObjectId::max_at(Timestamp::MAX).seconds(), u32::MAX);
}
