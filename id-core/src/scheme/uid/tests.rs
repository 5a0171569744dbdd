use super::*;
use crate::clock::ManualClock;
use crate::codec::base64::{self, Flavour};
use crate::codec::hex;
use crate::error::GenerateError;
use crate::prelude::*;
use crate::scheme::{Generate, Scheme};
use crate::time::Timestamp;
use core::time::Duration;
use local::UID_LATEST;
use std::sync::Arc;

const L: Uid64 = Uid64::from_parts(1539, 625275, 432128, 1);

#[test]
fn local_vectors() {
    assert_eq!(L.to_bytes()[..], [0, 96, 57, 138, 123, 105, 128, 1]);
    assert_eq!(L.to_string(), ".5.tXbhdV.3");
    assert_eq!(base64::encode(&L.value().to_be_bytes(), Flavour::UrlSafe), "AGA5intpgAE");
    assert_eq!(L.unix_millis(), 1539625275432);
    assert_eq!(".5.tXbhdV.3".parse::<Uid64>().unwrap(), L);
    assert_eq!(Uid64::default().to_string(), "...........");
    let max = Uid64::from_parts(1048575, 1048575, 1048575, 16383);
    assert_eq!(max.to_bytes()[..], [255; 8]);
    assert_eq!(max.to_string(), "zzzzzzzzzzw");
    let live = Uid64::from_parts(1795, 311348, 337920, 1);
    assert_eq!(live.to_bytes()[..], [0, 112, 52, 192, 52, 82, 128, 1]);
    assert_eq!(live.to_string(), ".6.ok2GHV.3");
    let g = live.to_global(GlobalUidGenerator::node_hash("nonode@nohost"));
    assert_eq!(g.to_bytes(Interval::DEFAULT), [0, 112, 52, 192, 4, 48, 204, 68, 52, 82, 128, 1]);
    assert_eq!(Uid96::from_global(g).to_string(), ".6.ok.Fkn3FoJc.0");
}

#[test]
fn truncation_vectors() {
    let a = Uid64::from_parts(1, 2, 3, 5);
    assert_eq!(a.to_bytes()[..], [0, 0, 16, 0, 2, 0, 0, 5]);
    assert_eq!(a.time(), UidTime { mega: 1, secs: 2, micros: 0 });
    let b = Uid64::from_parts(1795, 999999, 999999, 16391);
    assert_eq!(b.to_bytes()[..], [0, 112, 63, 66, 63, 244, 0, 7]);
    assert_eq!((b.time().micros, b.seq()), (999424, 7));
}

#[test]
fn global_vectors() {
    let g = L.to_global(GlobalUidGenerator::node_hash("uid@127.0.0.1"));
    let b = g.to_bytes(Interval::DEFAULT);
    assert_eq!(b, [0, 96, 57, 138, 3, 235, 39, 49, 123, 105, 128, 1]);
    assert_eq!(base64::encode(&b, Flavour::Ordered), ".5.tXVEf8n4vPN.0");
    let legacy = L.to_global(GlobalUidGenerator::node_hash_legacy("uid@127.0.0.1")).to_bytes(Interval::DEFAULT);
    assert_eq!(legacy, [0, 96, 57, 138, 3, 235, 39, 50, 123, 105, 128, 1]);
    assert_eq!(base64::encode(&legacy, Flavour::Ordered), ".5.tXVEf8n8vPN.0");
    assert_eq!(base64::encode(&legacy, Flavour::UrlSafe), "AGA5igPrJzJ7aYAB");
    let gb = Uid64::from_parts(1539, 625275, 432128, 16383).to_global(0x01020304);
    for (i, hex_text, text) in [
        (5, "0060398A602040609B69BFFF", ".5.tXa.VF51QPQzz"),
        (8, "0060398A010203047B69BFFF", ".5.tXV31.kGvPQzz"),
        (10, "0060398804080C127B69BFFF", ".5.tX.F7208vPQzz"),
    ] {
        let i = Interval::new(i).unwrap();
        let bytes = gb.to_bytes(i);
        assert_eq!(hex::encode_upper(&bytes), hex_text);
        assert_eq!(base64::encode(&bytes, Flavour::Ordered), text);
        assert_eq!(GlobalUid::from_bytes(&bytes, i), gb);
    }
    assert_eq!(base64::encode(&gb.to_bytes(Interval::DEFAULT), Flavour::UrlSafe), "AGA5igECAwR7ab__");
    // The interval as a type parameter: the same vectors through `Uid96With<I>`.
    fn typed<const I: u8>(g: GlobalUid, hex_text: &str, text: &str) {
        let id = Uid96With::<I>::from_global(g);
        assert_eq!((hex::encode_upper(&id.to_array()).as_str(), id.to_string().as_str()), (hex_text, text));
        let back: Uid96With<I> = text.parse().unwrap();
        assert_eq!((back, back.global(), back.interval(), back.node(), back.seq()), (id, g, I, g.node, 16383));
        assert_eq!(back.timestamp(), g.local.time().timestamp());
    }
    typed::<5>(gb, "0060398A602040609B69BFFF", ".5.tXa.VF51QPQzz");
    typed::<8>(gb, "0060398A010203047B69BFFF", ".5.tXV31.kGvPQzz");
    typed::<10>(gb, "0060398804080C127B69BFFF", ".5.tX.F7208vPQzz");
    assert_eq!(format!("{:?}", Uid96With::<5>::from_global(gb)), "uid96<5>(.5.tXa.VF51QPQzz)");
    // The bytes do not say their interval: decoding with another one gives other fields.
    let other = GlobalUid::from_bytes(&gb.to_bytes(Interval::DEFAULT), Interval::new(10).unwrap());
    assert_ne!(other, gb);
}

#[test]
fn node_hashes() {
    for (name, hash) in [
        ("nonode@nohost", 70306884),
        ("uid@127.0.0.1", 65742641),
        ("a@127.0.0.1", 175646529),
        ("b@127.0.0.1", 175449921),
        ("node@host", 177644532),
        ("app@10.0.0.1", 93737553),
        ("very_long_node_name_1234567890@some.long.host.example.com", 111665101),
        ("a", 97),
        ("", 0),
    ] {
        assert_eq!(GlobalUidGenerator::node_hash(name), hash, "{name}");
    }
    assert_eq!(GlobalUidGenerator::node_hash_legacy("uid@127.0.0.1"), 65742642);
    assert_eq!(GlobalUidGenerator::node_hash("é"), 0xE9, "Latin-1 characters hash as their single byte");
}

/// One generator makes IDs of every interval; within one interval they increase, and each
/// reads back the generator's node and the clock's time.
#[test]
fn the_global_generator_makes_every_interval() {
    let clock = ManualClock::new(Timestamp::new(1_700_000_000, 0));
    let five = GlobalUidGenerator::new(Arc::new(UidGenerator::with(&clock)), 0xA1B2_C3D4).with_interval::<5>();
    let ten = five.clone().with_interval::<10>();
    let a = five.generate(None).unwrap();
    let b = five.generate(None).unwrap();
    let c = ten.generate(Some(7)).unwrap();
    assert!(a < b);
    assert_eq!((a.node(), a.interval(), c.node(), c.interval()), (0xA1B2_C3D4, 5, 7, 10));
    assert_eq!((a.timestamp(), c.timestamp()), (Timestamp::new(1_700_000_000, 0), Timestamp::new(1_700_000_000, 0)));
    assert_eq!(c.seq(), b.seq() + 1, "one shared sequence");
}

#[test]
fn interval_is_validated() {
    assert_eq!(Interval::new(4), Err(IntervalError(4)));
    assert_eq!(Interval::new(11).unwrap_err().to_string(), "uid neighbourhood interval must be 5..=10, got 11");
    assert!(Interval::new(5).is_ok() && Interval::new(10).is_ok());
}

#[test]
fn diff_vector() {
    let d = Uid64::from_parts(1539, 625275, 432128, 10).diff(&Uid64::from_parts(1539, 625274, 0, 3));
    assert_eq!((d.parts(), d.seq), ((0, 1, 432128), 7));
}

#[test]
#[cfg_attr(miri, ignore = "exhausts the 14-bit sequence, twice: 10^4 IDs, minutes under Miri (safe code)")]
fn generator_waits_instead_of_wrapping() {
    let clock = ManualClock::new(Timestamp::new(1_700_000_000, 0));
    let g = UidGenerator::with(&clock);
    let mut last = g.generate(()).unwrap();
    assert_eq!(last.seq(), 1, "the counter starts at 1");
    for _ in 0..40_000 {
        let id = g.generate(()).unwrap();
        assert!(id > last);
        last = id;
    }
    assert!(clock.sleeps() >= 2, "two wraps inside a tick mean two waits");
    clock.rewind(Duration::from_secs(5));
    for _ in 0..40_000 {
        let id = g.generate(()).unwrap();
        assert!(id > last, "a backwards clock never breaks the order");
        last = id;
    }
}

/// Past year 35198 the megaseconds used to wrap to 1970 (and later repeat IDs): the
/// generator refuses those clocks, and the last tick's sequence ends in an error.
#[test]
#[cfg_attr(miri, ignore = "exhausts the 14-bit sequence: 10^4 IDs, minutes under Miri (safe code)")]
fn the_layout_end_is_an_error() {
    let clock = ManualClock::new(UID_LATEST);
    let g = UidGenerator::with(&clock);
    let mut last = g.generate(()).unwrap();
    assert_eq!(last.time().timestamp().unix_seconds(), 1_048_575_999_999);
    let result = loop {
        match g.generate(()) {
            Ok(id) => {
                assert!(id > last);
                last = id;
            }
            Err(e) => break e,
        }
    };
    assert!(matches!(result, GenerateError::TimeOutOfRange { .. }), "{result}");
    assert_eq!(last.seq(), 0x3FFF);
    for t in [
        UID_LATEST.checked_add(Duration::from_nanos(1)).unwrap(),
        Timestamp::new(40_000_000_000_000, 0),
        Timestamp::MAX,
    ] {
        clock.set(t);
        assert!(matches!(g.generate(()), Err(GenerateError::TimeOutOfRange { .. })), "{t}");
    }
}

#[test]
fn global_generator_and_vector_clocks() {
    let clock = ManualClock::new(Timestamp::new(1_700_000_000, 0));
    let local = Arc::new(UidGenerator::with(&clock));
    let a = GlobalUidGenerator::new(Arc::clone(&local), GlobalUidGenerator::node_hash("a@127.0.0.1"));
    let b = GlobalUidGenerator::new(Arc::clone(&local), GlobalUidGenerator::node_hash("b@127.0.0.1"));
    let id = a.generate(None).unwrap();
    assert_eq!((id.node(), id.interval()), (GlobalUidGenerator::node_hash("a@127.0.0.1"), 8));
    assert_eq!(a.generate(Some(7)).unwrap().node(), 7);
    let mut va = VectorClock::new(&a).unwrap();
    let vb = VectorClock::new(&b).unwrap();
    let joined = va.join(&vb);
    assert!(joined.descends(&va) && joined.descends(&vb));
    assert!(!va.descends(&vb));
    assert!(va.descends_ignoring(&vb, b.node()));
    clock.advance(Duration::from_millis(3));
    va.tick(&a).unwrap();
    assert_eq!(joined.diff(&va).len(), 1, "a's newer entry is not dominated");
    assert!(va.join(&joined).descends(&joined));
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn layouts_round_trip(mega in 0u32..1 << 20, secs in 0u32..1_000_000, micros in 0u32..1_000_000, seq in 0u32..1 << 14, node: u32, i in 5u8..=10) {
        let l = Uid64::from_parts(mega, secs, micros, seq);
        proptest::prop_assert_eq!(l.time(), UidTime { mega, secs, micros: micros & 0xFFC00 });
        proptest::prop_assert_eq!(l.to_string().parse::<Uid64>().unwrap(), l);
        let g = l.to_global(node);
        let i = Interval::new(i).unwrap();
        proptest::prop_assert_eq!(GlobalUid::from_bytes(&g.to_bytes(i), i), g);
        let u = Uid96::from_global(g);
        proptest::prop_assert_eq!(u.to_string().parse::<Uid96>().unwrap(), u);
    }
}
