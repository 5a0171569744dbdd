//! Derived snowflake types: `u64` storage below 2^63, decimal text, JSON strings out
//! (JavaScript's numbers lose precision above 2^53) and strings in, numbers too where the number
//! is the whole text (no prefix, decimal).

use idcraft::Identity;
use std::time::{Duration, SystemTime};

#[derive(Identity)]
#[id(scheme = "twitter_snowflake")]
struct TweetId(u64);

#[derive(Identity)]
#[id(scheme = "discord_snowflake", prefix = "msg")]
struct MessageId(u64);

#[derive(Identity)]
#[id(scheme = "instagram_id")]
struct MediaId(u64);

#[derive(Identity)]
#[id(scheme = "sonyflake", encoding = "hex")]
struct DeviceEventId(u64);

#[derive(Identity)]
#[id(scheme = "mastodon")]
struct StatusId(u64);

/// Twitter's widths on an epoch of its own: the same generator and text as `TweetId`.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
#[id(time_bits = 41, node_bits = 10, sequence_bits = 12)]
struct OrderId(u64);

/// Coarse units, a wide node, a year to last until, keys over two attributes.
#[derive(Identity)]
#[id(scheme = "snowflake", prefix = "job", epoch = "2020-06-01T12:00:00+02:00", unit = "1s")]
#[id(time_bits = 36, node_bits = 16, sequence_bits = 11, min_lifetime = "2500")]
struct JobId(u64);

/// Sonyflake v2's options: 1 ms units, 12 sequence bits, 10 machine bits (time: the 41 left).
#[derive(Identity)]
#[id(scheme = "sonyflake", unit = "1ms", sequence_bits = 12, node_bits = 10)]
struct SensorId(u64);

fn check<I>(make: impl Fn() -> I, resolution: Duration)
where
    I: Identity
        + core::str::FromStr<Err = idcraft::ParseError>
        + serde::Serialize
        + serde::de::DeserializeOwned
        + TryFrom<u64, Error = idcraft::ParseError>
        + Into<u64>,
{
    let numbers = I::PREFIX.is_none() && I::ENCODING == idcraft::Encoding::Canonical;
    let before = SystemTime::now();
    let ids: Vec<I> = (0..2_000).map(|_| make()).collect();
    let after = SystemTime::now();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{}", I::TYPE_NAME);
    for id in [ids[0], ids[1_999]] {
        let t = idcraft::__private::timestamp(&id);
        assert!(t + resolution + Duration::from_millis(20) >= before, "{}: {t:?} before {before:?}", I::TYPE_NAME);
        assert!(t <= after, "{}: {t:?} after {after:?}", I::TYPE_NAME);
    }
    for &id in &ids[..100] {
        let text = id.to_string();
        assert_eq!(text.parse::<I>(), Ok(id));
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, format!("\"{text}\""), "a JSON string");
        assert_eq!(serde_json::from_str::<I>(&json).unwrap(), id);
        let n: u64 = id.into();
        assert!(n < 1 << 63, "a positive bigint");
        assert_eq!(I::try_from(n), Ok(id));
        let number = serde_json::from_str::<I>(&n.to_string());
        if numbers {
            assert_eq!(number.unwrap(), id, "a JSON number");
        } else {
            assert!(number.is_err(), "{}: a bare number is not a prefixed or hex ID", I::TYPE_NAME);
        }
        assert_eq!(bincode::deserialize::<I>(&bincode::serialize(&id).unwrap()).unwrap(), id);
        // Numeric order is the IDs' order.
        assert_eq!(n.cmp(&ids[99].into()), id.cmp(&ids[99]));
    }
    assert!(serde_json::from_str::<I>("-1").is_err());
    assert!(serde_json::from_str::<I>("1.5").is_err());
    assert!(serde_json::from_str::<I>("\"not an id\"").is_err());
    assert!(serde_json::from_str::<I>("[1,2,3,4,5,6,7,8]").is_err());
    // From 2^63 on, no layout's: refused at every boundary rather than sorting first as a
    // negative bigint.
    let top = I::PREFIX.map_or(String::new(), |p| format!("{p}_"));
    let top = if I::ENCODING == idcraft::Encoding::Hex {
        format!("{top}8000000000000000")
    } else {
        format!("{top}9223372036854775808")
    };
    assert!(top.parse::<I>().is_err(), "{}: {top}", I::TYPE_NAME);
    assert!(serde_json::from_str::<I>(&format!("\"{top}\"")).is_err());
    assert!(serde_json::from_str::<I>("18446744073709551615").is_err());
    assert!(I::try_from(1 << 63).is_err() && I::try_from(u64::MAX).is_err());
    assert!(I::try_from(i64::MAX as u64).is_ok());
    for garbage in ["", "x", "-1", "18446744073709551616", "1 2", "💥"] {
        assert!(garbage.parse::<I>().is_err(), "{}: {garbage:?}", I::TYPE_NAME);
    }
}

/// A published ID: its number reads as `I`, written as `text`.
fn known<I: Identity + TryFrom<u64, Error = idcraft::ParseError>>(number: u64, text: &str) -> I {
    let id = I::try_from(number).unwrap();
    assert_eq!(id.to_string(), text);
    id
}

#[test]
fn twitter_snowflake() {
    check(TweetId::new, Duration::from_millis(1));
    let id: TweetId = known(1_050_118_621_198_921_728, "1050118621198921728");
    assert_eq!((id.unix_ms(), id.node(), id.sequence()), (1_539_202_764_211, 347, 0));
    assert_eq!(serde_json::from_str::<TweetId>("1050118621198921728").unwrap(), id);
}

#[test]
fn discord_snowflake() {
    check(MessageId::new, Duration::from_millis(1));
    let id: MessageId = "msg_175928847299117063".parse().unwrap();
    assert_eq!(u64::from(id), 175_928_847_299_117_063);
    assert_eq!(serde_json::to_string(&id).unwrap(), "\"msg_175928847299117063\"");
    assert!(serde_json::from_str::<MessageId>("175928847299117063").is_err(), "a prefixed type takes no bare number");
    assert_eq!(id.to_scheme().worker(), 1);
    assert!("175928847299117063".parse::<MessageId>().is_err(), "the prefix is required in text");
}

#[test]
fn instagram_id() {
    check(MediaId::new, Duration::from_millis(1));
}

#[test]
fn sonyflake() {
    check(DeviceEventId::new, Duration::from_millis(10));
    let id: DeviceEventId = known(494_315_580_240_346_863, "06DC2966B72ABEEF");
    assert_eq!((id.node(), id.sequence(), id.unix_ms()), (0xBEEF, 42, 1_704_164_645_670));
}

#[test]
fn mastodon() {
    check(StatusId::new, Duration::from_millis(1));
    // `ms << 16 | tail`, as Mastodon's timestamp_id builds it.
    let ms = 1_669_122_000_123u64;
    let id = StatusId::try_from(ms << 16 | 0xBEEF).unwrap();
    assert_eq!((id.unix_ms(), id.sequence()), (ms, 0xBEEF));
    assert_eq!(id.to_string(), (ms << 16 | 0xBEEF).to_string());
}

#[test]
fn declared_layouts() {
    check(OrderId::new, Duration::from_millis(1));
    check(JobId::new, Duration::from_secs(1));
    check(SensorId::new, Duration::from_millis(1));
    let epoch = 1_735_689_600_000u64;
    let id = OrderId::try_from((1_000 << 22) | (5 << 12) | 7).unwrap();
    assert_eq!((id.unix_ms(), id.node(), id.sequence()), (epoch + 1_000, 5, 7));
    assert_eq!(serde_json::to_string(&id).unwrap(), "\"4194324487\"");
    // A tweet's bits read in the declared layout: the same fields, times shifted by the epochs.
    let tweet = TweetId::try_from(1_050_118_621_198_921_728).unwrap();
    let same_bits = OrderId::try_from(u64::from(tweet)).unwrap();
    assert_eq!((same_bits.node(), same_bits.sequence()), (tweet.node(), tweet.sequence()));
    assert_eq!(same_bits.unix_ms() - tweet.unix_ms(), epoch - 1_288_834_974_657);

    // 2020-06-01T10:00:00Z in seconds; the node above the sequence.
    let job: JobId = format!("job_{}", (3u64 << 27) | (40_000 << 11) | 2_047).parse().unwrap();
    assert_eq!((job.unix_ms(), job.node(), job.sequence()), (1_591_005_600_000 + 3_000, 40_000, 2_047));

    // Sonyflake's order: the sequence above the machine.
    let sensor = SensorId::try_from((9u64 << 22) | (100 << 10) | 1_000).unwrap();
    assert_eq!((sensor.unix_ms(), sensor.sequence(), sensor.node()), (epoch + 9, 100, 1_000));

    let past = SystemTime::UNIX_EPOCH + Duration::from_millis(epoch + 1_000);
    // The lower bound is widened by the coarse clock's lag, as for every snowflake.
    let low = OrderId::min_at(past);
    assert!(low.into_inner() <= 1_000 << 22 && low.unix_ms() + 10 >= epoch + 1_000, "{low:?}");
    assert_eq!((low.node(), low.sequence()), (0, 0));
    assert_eq!(OrderId::max_at(past).into_inner(), (1_000 << 22) | ((1 << 22) - 1));
    assert!(OrderId::try_min_at(SystemTime::UNIX_EPOCH).is_err(), "before the declared epoch");
}

#[test]
fn range_bounds_on_the_real_clock() {
    super::range_bounds_hold_every_id_made_between_them(TweetId::new);
    super::range_bounds_hold_every_id_made_between_them(MessageId::new);
    super::range_bounds_hold_every_id_made_between_them(MediaId::new);
    super::range_bounds_hold_every_id_made_between_them(DeviceEventId::new);
    super::range_bounds_hold_every_id_made_between_them(StatusId::new);
    super::range_bounds_hold_every_id_made_between_them(OrderId::new);
    super::range_bounds_hold_every_id_made_between_them(JobId::new);
}

/// A declared layout has a default generator of its own, installed as the published ones' are
/// (here on node 77), reached through the derived type's scheme.
#[test]
fn a_declared_layouts_default_generator_is_its_own() {
    use idcraft::DefaultGenerator;
    use idcraft::Scheme;

    #[derive(Identity)]
    #[id(scheme = "snowflake", epoch = "2024-01-01T00:00:00Z", unit = "1ms")]
    #[id(time_bits = 42, node_bits = 9, sequence_bits = 12)]
    struct ShipmentId(u64);
    type Generator = <<ShipmentId as Identity>::Scheme as Scheme>::Generator;

    assert!(Generator::with_node(77).unwrap().install_default().is_ok());
    assert!(Generator::with_node(78).unwrap().install_default().is_err(), "once");
    assert_eq!(ShipmentId::new().node(), 77);
}
