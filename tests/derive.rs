#![cfg(feature = "serde")]
//! Behaviour of derived ID types, for every scheme: order, timestamps, text, serde, errors.

use idcraft::{Decimal, Identity, Uuid};
use std::time::{Duration, SystemTime};

#[path = "derive/snowflake.rs"]
mod snowflake;

#[derive(Identity)]
#[id(scheme = "comb_sql")]
struct SqlOrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_legacy")]
struct LegacyId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_binary", encoding = "base62")]
struct BinaryId(Uuid);

#[derive(Identity)]
#[id(scheme = "hot", prefix = "cart")]
struct CartId(Uuid);

#[derive(Identity)]
#[id(scheme = "distributed")]
struct InvoiceId(Decimal);

#[derive(Identity)]
#[id(scheme = "distributed128", prefix = "pay")]
struct PaymentId(u128);

#[derive(Identity)]
#[id(scheme = "sno", prefix = "evt")]
struct EventId([u8; 10]);

#[derive(Identity)]
#[id(scheme = "uid64")]
struct LocalId(u64);

#[derive(Identity)]
#[id(scheme = "uid96", encoding = "hex")]
struct GlobalId([u8; 12]);

#[derive(Identity)]
#[id(scheme = "uuid7", prefix = "user")]
struct UserId(Uuid);

#[derive(Identity)]
#[id(scheme = "ulid")]
struct TraceId(u128);

#[derive(Identity)]
#[id(scheme = "ulid", prefix = "doc")]
struct DocumentId(Uuid);

#[derive(Identity)]
#[id(scheme = "uuid7", encoding = "typeid", prefix = "user")]
struct TypedUserId(Uuid);

#[derive(Identity)]
#[id(scheme = "ulid", encoding = "typeid")]
struct BareTypeId(u128);

/// Checks a derived type end to end; `make` creates one ID, `resolution` + `lag` bound how far
/// the embedded time may be from the clock (the embedded time never runs ahead).
fn check<I>(make: impl Fn() -> I, resolution: Duration, lag: Duration)
where
    I: Identity + core::str::FromStr<Err = idcraft::ParseError> + serde::Serialize + serde::de::DeserializeOwned,
{
    let before = SystemTime::now();
    let ids: Vec<I> = (0..10_000).map(|_| make()).collect();
    let after = SystemTime::now();
    for w in ids.windows(2) {
        assert!(w[0] < w[1], "{}: {} then {}", I::TYPE_NAME, w[0], w[1]);
    }
    for id in [ids[0], ids[9_999]] {
        let t = idcraft::__private::timestamp(&id);
        assert!(t + resolution + lag >= before, "{}: {t:?} is before {before:?}", I::TYPE_NAME);
        assert!(t <= after, "{}: {t:?} is after {after:?}", I::TYPE_NAME);
    }
    for id in &ids[..100] {
        let text = id.to_string();
        assert_eq!(&text.parse::<I>().unwrap(), id);
        let json = serde_json::to_string(id).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(&serde_json::from_str::<I>(&json).unwrap(), id);
        let bin = bincode::serialize(id).unwrap();
        assert_eq!(&bincode::deserialize::<I>(&bin).unwrap(), id);
        let t = idcraft::__private::timestamp(id);
        assert!(idcraft::__private::min_at::<I>(t) <= *id && *id <= idcraft::__private::max_at::<I>(t));
    }
    for garbage in ["", "x", "ä", "💥💥💥💥", "0000000000000000000000000000000000000000000000000000000", "ord_", "___"]
    {
        assert!(garbage.parse::<I>().is_err(), "{}: {garbage:?}", I::TYPE_NAME);
    }
    assert!(serde_json::from_str::<I>("\"not an id\"").is_err());
    assert!(serde_json::from_str::<I>("42").is_err());
    // JSON is human-readable: the storage bytes as an array of numbers are not an ID there.
    let array = serde_json::to_string(&idcraft::Scheme::to_bytes(&ids[0].to_scheme()).to_vec()).unwrap();
    assert!(serde_json::from_str::<I>(&array).is_err(), "{}: {array}", I::TYPE_NAME);
    assert!(bincode::deserialize::<I>(&[3, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]).is_err());
}

const MS: Duration = Duration::from_millis(1);

/// `min_at(t1)..=max_at(t2)` holds every ID whose generation call started at or after `t1` and
/// ended at or before `t2`, on the real clock. It used to miss every DistributedId (the 1 s
/// leeway), every sno and most uid64 IDs (the coarse clock's lag).
fn range_bounds_hold_every_id_made_between_them<I: Identity>(make: impl Fn() -> I) {
    let min_at = idcraft::__private::min_at::<I>;
    let max_at = idcraft::__private::max_at::<I>;
    for round in 0..3_000 {
        let t1 = SystemTime::now();
        let id = make();
        let t2 = SystemTime::now();
        assert!(min_at(t1) <= id, "{} round {round}: {id:?} below min_at({t1:?})", I::TYPE_NAME);
        assert!(id <= max_at(t2), "{} round {round}: {id:?} above max_at({t2:?})", I::TYPE_NAME);
        if round % 500 == 0 {
            std::thread::sleep(Duration::from_micros(1500));
        }
    }
}

/// Range bounds clamp an instant outside the layout in silence (`min_at(2009)` of a snowflake
/// was its first ID); the checked forms say so, with the scheme's first and last instants.
#[test]
fn range_bounds_outside_the_layout_are_clamped_or_refused() {
    use idcraft::GenerateError;
    let year = |y: i64| {
        let offset = Duration::from_secs((y - 1970).unsigned_abs() * 31_556_952);
        if y < 1970 { SystemTime::UNIX_EPOCH - offset } else { SystemTime::UNIX_EPOCH + offset }
    };
    // sno holds 2010..2079: 2009 clamps to the first ID, 2100 to the last.
    assert_eq!(EventId::min_at(year(2009)), EventId::min_at(year(2005)));
    assert_eq!(EventId::max_at(year(2100)), EventId::max_at(year(2200)));
    let Err(GenerateError::TimeOutOfRange { scheme, earliest, latest, .. }) = EventId::try_min_at(year(2009)) else {
        panic!("2009 is before sno's range")
    };
    assert_eq!(scheme, "sno");
    assert_eq!((earliest.to_string(), &latest.to_string()[..4]), ("2010-01-01T00:00:00Z".to_owned(), "2079"));
    assert!(matches!(EventId::try_max_at(year(2100)), Err(GenerateError::TimeOutOfRange { .. })));
    assert!(EventId::try_min_at(year(2030)).is_ok_and(|id| id == EventId::min_at(year(2030))));
    assert!(EventId::try_max_at(year(2030)).is_ok_and(|id| id == EventId::max_at(year(2030))));
    // COMB bounds stop at 9999; a UUIDv7's 48 bits hold up to 10889; before 1970 neither.
    assert!(OrderId::try_max_at(year(9000)).is_ok());
    assert!(UserId::try_min_at(year(1969)).is_err() && UserId::try_min_at(year(2024)).is_ok());
}

#[test]
fn range_bounds_on_the_real_clock() {
    range_bounds_hold_every_id_made_between_them(SqlOrderId::new);
    range_bounds_hold_every_id_made_between_them(OrderId::new);
    range_bounds_hold_every_id_made_between_them(LegacyId::new);
    range_bounds_hold_every_id_made_between_them(BinaryId::new);
    range_bounds_hold_every_id_made_between_them(|| CartId::new(7));
    range_bounds_hold_every_id_made_between_them(InvoiceId::new);
    range_bounds_hold_every_id_made_between_them(PaymentId::new);
    range_bounds_hold_every_id_made_between_them(EventId::new);
    range_bounds_hold_every_id_made_between_them(LocalId::new);
    range_bounds_hold_every_id_made_between_them(GlobalId::new);
}

#[test]
fn comb_sql() {
    check(SqlOrderId::new, MS, Duration::ZERO);
}

#[test]
fn comb_pg() {
    check(OrderId::new, MS, Duration::ZERO);
}

#[test]
fn comb_legacy() {
    check(LegacyId::new, Duration::from_micros(3334), Duration::ZERO);
}

#[test]
fn comb_binary() {
    check(BinaryId::new, MS, Duration::ZERO);
}

#[test]
fn hot() {
    // 1 s resolution on the coarse clock (one kernel tick of lag).
    check(|| CartId::new(42), Duration::from_secs(1), Duration::from_millis(20));
}

#[test]
fn distributed() {
    // The embedded time is creation − 1 s by design (the burst budget).
    check(InvoiceId::new, MS, Duration::from_secs(1));
}

#[test]
fn distributed128() {
    check(PaymentId::new, MS, Duration::ZERO);
}

#[test]
fn sno() {
    // 4 ms units on the coarse clock.
    check(EventId::new, Duration::from_millis(4), Duration::from_millis(20));
}

#[test]
fn uid64() {
    // 1024 µs ticks on the coarse clock.
    check(LocalId::new, Duration::from_micros(1024), Duration::from_millis(20));
}

#[test]
fn uid96() {
    check(GlobalId::new, Duration::from_micros(1024), Duration::from_millis(20));
}

#[test]
fn uuid7() {
    check(UserId::new, MS, Duration::ZERO);
    // The uuid crate reads what the derived type makes, and a UUID of another version is no
    // UserId.
    let id = UserId::new();
    assert_eq!(id.as_inner().get_version_num(), 7);
    let (secs, nanos) = id.as_inner().get_timestamp().unwrap().to_unix();
    assert_eq!(id.unix_ms(), secs * 1000 + u64::from(nanos) / 1_000_000);
    assert_eq!(UserId::try_from(*id.as_inner()).unwrap(), id);
    let v4 = Uuid::parse_str("550e8400-e29b-41d4-a716-446655440000").unwrap();
    let e = UserId::try_from(v4).unwrap_err();
    assert!(e.to_string().contains("version 4 UUID"), "{e}");
    assert!(format!("user_{v4}").parse::<UserId>().is_err());
}

#[test]
fn ulid() {
    check(TraceId::new, MS, Duration::ZERO);
    check(DocumentId::new, MS, Duration::ZERO);
    let id = TraceId::new();
    let text = id.to_string();
    assert_eq!(text.len(), 26);
    // The ulid crate reads the text as the same value and time; either field type converts.
    let theirs = ulid::Ulid::from_string(&text).unwrap();
    assert_eq!((theirs.0, theirs.timestamp_ms()), (*id.as_inner(), id.unix_ms()));
    assert_eq!(TraceId::from(theirs.0), id);
    let doc = DocumentId::new();
    assert!(doc.to_string().starts_with("doc_") && doc.to_string().len() == 30);
    assert_eq!(DocumentId::from(*doc.as_inner()), doc);
    assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{text}\""));
}

/// TypeID v0.3 text: `user_` + 26 lowercase base32 characters; another type's prefix, an
/// uppercase suffix and a first character above 7 are refused.
#[test]
fn typeid_text() {
    let id = TypedUserId::new();
    let text = id.to_string();
    assert!(text.starts_with("user_") && text.len() == 31, "{text}");
    assert!(text[5..].bytes().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()));
    assert_eq!(text.parse::<TypedUserId>().unwrap(), id);
    let (prefix, value) = idcraft::codec::typeid::parse(&text).unwrap();
    assert_eq!((prefix, value), ("user", id.as_inner().as_u128()));
    assert!(format!("order_{}", &text[5..]).parse::<TypedUserId>().is_err());
    assert!(format!("user_{}", text[5..].to_ascii_uppercase()).parse::<TypedUserId>().is_err());
    assert!("user_8zzzzzzzzzzzzzzzzzzzzzzzzz".parse::<TypedUserId>().is_err());
    // The spec's own example decodes to its UUID.
    let spec: TypedUserId = "user_01h455vb4pex5vsknk084sn02q".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(spec.as_inner().to_string(), "01890a5d-ac96-774b-bcce-b302099a8057");
    let bare = BareTypeId::new().to_string();
    assert_eq!(bare.len(), 26);
    assert_eq!(bare.parse::<BareTypeId>().unwrap().to_string(), bare);
}

#[test]
fn prefixes_and_encodings_in_text() {
    let id = OrderId::new();
    let text = id.to_string();
    assert!(text.starts_with("ord_") && text.len() == 40, "{text}");
    assert_eq!(text[4..].parse::<Uuid>().unwrap(), *id.as_inner());
    let e = text[4..].parse::<OrderId>().unwrap_err();
    assert_eq!(e.to_string(), "expected the prefix \"ord_\"");
    assert!(format!("cus_{}", &text[4..]).parse::<OrderId>().is_err());
    assert_eq!(format!("{id:?}"), format!("OrderId({text})"));
    assert_eq!(BinaryId::new().to_string().len(), 22);
    assert_eq!(GlobalId::new().to_string().len(), 24);
    let evt = EventId::new().to_string();
    assert!(evt.starts_with("evt_") && evt.len() == 20);
    let pay = PaymentId::new().to_string();
    assert!(pay.starts_with("pay_") && pay.len() == 26);
}

#[test]
fn parse_errors_say_what_and_where() {
    let e = "evt_brpk4q72xwf2m63L".parse::<EventId>().unwrap_err();
    assert_eq!(e.to_string(), "invalid character 'L' at position 15 (expected [2-9a-x])");
    let e = "evt_brpk4q72xwf2m63".parse::<EventId>().unwrap_err();
    assert_eq!(e.to_string(), "expected 16 characters, got 15");
    let e = "99999999999999999999999999999".parse::<InvoiceId>().unwrap_err();
    assert_eq!(e.to_string(), "expected 28 characters, got 29");
}

#[test]
fn scheme_accessors_are_delegated() {
    let cart = CartId::new(0x01ef627f);
    assert_eq!(cart.shard_key(), 0x01ef627f);
    assert!(cart.unix_seconds() > 1_700_000_000);
    let _ = cart.counter();
    let evt = EventId::new_with_meta(7);
    assert_eq!(evt.meta(), 7);
    let _ = (evt.partition(), evt.sequence(), evt.tick(), evt.is_zero());
    let g = GlobalId::new_with_node(77);
    assert_eq!(g.node(), 77);
    let _ = (g.seq(), LocalId::new().seq(), InvoiceId::new().random(), PaymentId::new().random());
}

#[test]
fn storage_conversions() {
    let u = Uuid::from_u128(0x0123);
    let id = OrderId::from(u);
    assert_eq!(Uuid::from(id), u);
    assert_eq!(id.into_inner(), u);
    let d: Decimal = "1088824355131185736905670087".parse().unwrap();
    let invoice = InvoiceId::try_from(d).unwrap();
    assert_eq!(invoice.to_string(), "1088824355131185736905670087");
    assert_eq!(Decimal::from(invoice), d);
    assert!(InvoiceId::try_from(Decimal::new(-1, 0)).is_err());
    assert!(InvoiceId::try_from(Decimal::new(15, 1)).is_err());
    assert_eq!(InvoiceId::try_from("5.0".parse::<Decimal>().unwrap()).unwrap().to_string(), "5");
    assert_eq!(core::mem::size_of::<OrderId>(), 16);
}

#[test]
fn sql_server_order_for_comb_sql() {
    let earlier = SqlOrderId::from(Uuid::parse_str("7fffffff-7fff-7fff-ffff-00dc6acfac00").unwrap());
    let later = SqlOrderId::from(Uuid::parse_str("00000000-0000-0000-0000-00dc6acfac01").unwrap());
    assert!(earlier < later);
    let mut v = vec![later, earlier];
    v.sort();
    assert_eq!(v, [earlier, later]);
}

#[test]
fn sno_zero_is_json_null() {
    let zero = EventId::from([0u8; 10]);
    assert_eq!(serde_json::to_string(&zero).unwrap(), "null");
    assert_eq!(serde_json::from_str::<EventId>("null").unwrap(), zero);
    assert_eq!(zero.to_string(), "evt_2222222222222222");
    assert!(serde_json::from_str::<OrderId>("null").is_err());
}

#[test]
fn time_range_bounds() {
    let t = SystemTime::now();
    let id = OrderId::new();
    assert!(OrderId::min_at(t - Duration::from_millis(1)) <= id);
    assert!(id <= OrderId::max_at(SystemTime::now()));
    assert_eq!(OrderId::min_at(SystemTime::UNIX_EPOCH).to_string(), "ord_00000000-0000-0000-0000-000000000000");
}

#[test]
fn scopes_make_derived_ids_deterministic() {
    use idcraft::schemes::DistributedId;
    let _scope = idcraft::scope::GeneratorScope::<DistributedId>::incremental();
    assert_eq!(InvoiceId::new().to_string(), "1");
    assert_eq!(InvoiceId::new().to_string(), "2");
}

#[test]
fn explicit_generators() {
    use idcraft::schemes::{CombGenerator, comb::PostgreSql};
    let clock = idcraft::ManualClock::new("2024-03-21T04:19:11.304Z".parse().unwrap());
    let generator = CombGenerator::<PostgreSql, _, _>::with(&clock, idcraft::OsRandom);
    let id = OrderId::generate_with(&generator);
    assert!(id.to_string().starts_with("ord_018e5f3b-ff48-4"));
}

mod facade {
    pub use idcraft as ids;
}

#[test]
fn crate_attribute_for_reexporting_crates() {
    #[derive(Identity)]
    #[id(scheme = "uid64", crate = "crate::facade::ids")]
    struct Reexported(u64);
    assert!(Reexported::new() < Reexported::new());
    assert_eq!(serde_json::to_string(&Reexported::from(0u64)).unwrap(), "\"...........\"");
}

/// sno's `NewWithTime` on derived types: the instant (to the 4 ms unit) and metabyte asked
/// for, on the default generator and the sequence its `new()` IDs take; outside 2010..2079 an
/// error, never a wrapped ID, and never ahead of the clock (which would stall `new()`).
#[test]
fn sno_at_embeds_the_given_instant() {
    use idcraft::GenerateError;
    use std::time::{Duration, SystemTime};
    // Other tests make EventIds at the same time: an instant the generator has just passed is
    // refused rather than risked, so take the clock's instant afresh until one is free.
    let (a, b, t) = (0..100)
        .find_map(|_| {
            let t = SystemTime::now();
            Some((EventId::try_at(7, t).ok()?, EventId::try_at(7, t).ok()?, t))
        })
        .expect("the clock's own instant is free within 100 tries");
    assert_eq!(a.meta(), 7);
    let unit = |t: SystemTime| t.duration_since(SystemTime::UNIX_EPOCH).unwrap().as_millis() / 4;
    assert_eq!(unit(a.timestamp()), unit(t));
    assert!(a < b, "one sequence");
    let c = EventId::new_with_meta(7);
    assert!(c != a && c != b, "new() takes the same sequence");
    assert_eq!(a.partition(), c.partition());
    let ahead = SystemTime::now() + Duration::from_secs(3600);
    assert!(matches!(EventId::try_at(0, ahead), Err(GenerateError::InstantAhead { .. })));
    assert!(matches!(
        EventId::try_at(0, SystemTime::UNIX_EPOCH + Duration::from_secs(1_300_000_000)),
        Err(GenerateError::InstantBehind { .. })
    ));
    assert!(EventId::try_at(0, SystemTime::UNIX_EPOCH).is_err());
    assert!(EventId::try_at(0, SystemTime::UNIX_EPOCH + Duration::from_secs(4_000_000_000)).is_err());
}

/// uid 1.3.3's text (the seed README's version): base64url without padding, through the
/// derived types' `FromStr`/`Display`; its global vector carries the phash node
/// (`node_hash_legacy`).
#[test]
fn uid_133_text_round_trips_through_derived_types() {
    use idcraft::schemes::uid::GlobalUidGenerator;
    let (node_hash, node_hash_legacy) = (GlobalUidGenerator::node_hash, GlobalUidGenerator::node_hash_legacy);
    #[derive(Identity)]
    #[id(scheme = "uid64", encoding = "base64url")]
    struct Local133(u64);
    #[derive(Identity)]
    #[id(scheme = "uid96", encoding = "base64url")]
    struct Global133([u8; 12]);

    let l: Local133 = "AGA5intpgAE".parse().unwrap();
    assert_eq!(u64::from(l).to_be_bytes(), [0, 96, 57, 138, 123, 105, 128, 1]);
    assert_eq!(l.to_string(), "AGA5intpgAE");
    let g: Global133 = "AGA5igPrJzJ7aYAB".parse().unwrap();
    assert_eq!(<[u8; 12]>::from(g), [0, 96, 57, 138, 3, 235, 39, 50, 123, 105, 128, 1]);
    assert_eq!(g.to_string(), "AGA5igPrJzJ7aYAB");
    assert_eq!(g.node(), node_hash_legacy("uid@127.0.0.1"));
    assert_ne!(g.node(), node_hash("uid@127.0.0.1"), "1.3.5's phash2 is one lower");
    let max: Local133 = "__________8".parse().unwrap();
    assert_eq!(u64::from(max), u64::MAX);
    // The ordered alphabet's '.' is not base64url; the other way round, '-' is not ordered base64.
    assert!("AGA5intpgA.".parse::<Local133>().is_err());
    assert!("AGA5intpgA-".parse::<idcraft::schemes::Uid64>().is_err());
}

/// A neighbourhood interval other than uid's 8, as a type parameter of the scheme: stored text
/// of an interval-5 system parses with its fields, new IDs carry the interval and this node.
#[test]
fn uid96_with_another_interval() {
    #[derive(Identity)]
    #[id(scheme = "uid96<5>")]
    struct Near5([u8; 12]);
    #[derive(Identity)]
    #[id(scheme = "uid96<10>", encoding = "hex")]
    struct Far10([u8; 12]);

    let stored: Near5 = ".5.tXa.VF51QPQzz".parse().unwrap();
    assert_eq!((stored.node(), stored.seq()), (0x0102_0304, 16383));
    assert_eq!(stored.timestamp(), SystemTime::UNIX_EPOCH + Duration::from_micros(1_539_625_275_432_128));
    assert_eq!(stored.to_string(), ".5.tXa.VF51QPQzz");
    // The same 12 bytes under the default interval are another ID.
    assert_ne!(idcraft::schemes::Uid96::from_array(stored.into_inner()).node(), 0x0102_0304);
    let far: Far10 = "0060398804080C127B69BFFF".parse().unwrap();
    assert_eq!((far.node(), far.seq()), (0x0102_0304, 16383));

    let (a, b) = (Near5::new(), Near5::new());
    assert!(a < b);
    assert_eq!(a.node(), idcraft::schemes::uid::GlobalUidGenerator::default_node());
    assert_eq!(a.to_scheme().interval(), 5);
    let t = a.timestamp().duration_since(SystemTime::UNIX_EPOCH).unwrap();
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap();
    assert!(now - t < Duration::from_secs(5), "{t:?} vs {now:?}");
}
