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

#[test]
fn twitter_snowflake() {
    check(TweetId::new, Duration::from_millis(1));
    let id = TweetId::try_from(1_050_118_621_198_921_728).unwrap();
    assert_eq!(id.to_string(), "1050118621198921728");
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
    let id = DeviceEventId::try_from(494_315_580_240_346_863).unwrap();
    assert_eq!(id.to_string(), "06DC2966B72ABEEF");
    assert_eq!((id.node(), id.sequence(), id.unix_ms()), (0xBEEF, 42, 1_704_164_645_670));
}

#[test]
fn range_bounds_on_the_real_clock() {
    super::range_bounds_hold_every_id_made_between_them(TweetId::new);
    super::range_bounds_hold_every_id_made_between_them(MessageId::new);
    super::range_bounds_hold_every_id_made_between_them(MediaId::new);
    super::range_bounds_hold_every_id_made_between_them(DeviceEventId::new);
}
