//! IDs longer than 16 bytes: a derived KSUID and KSUID-ms (20 bytes) through everything a derived type
//! touches: its text, serde in a human-readable and a binary format, a database column, and
//! (with `public`) a public token.

use idcraft::Identity;

#[path = "support/bytes.rs"]
mod bytes;
#[macro_use]
#[path = "support/derived.rs"]
mod derived;

derived_types! {
    "ksuid", prefix = "evt" => EventId([u8; 20]),
    "ksuid" => Bare([u8; 20]),
}

/// Segment's README vector.
const TEXT: &str = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";

#[test]
fn text_and_accessors() {
    let id: Bare = TEXT.parse().unwrap();
    assert_eq!(id.to_string(), TEXT);
    assert_eq!(id.seconds(), 107_608_047);
    assert_eq!(id.unix_seconds(), 1_507_608_047);
    assert_eq!(id.payload()[0], 0xB5);
    let event = EventId::from(id.into_inner());
    assert_eq!(event.to_string(), format!("evt_{TEXT}"));
    assert_eq!(format!("{event:?}"), format!("EventId(evt_{TEXT})"));
    assert_eq!(event.to_string().parse::<EventId>().unwrap(), event);
    assert!(TEXT.parse::<EventId>().is_err(), "the prefix is part of the text");
    let fresh = EventId::new();
    assert_eq!(fresh.to_string().parse::<EventId>().unwrap(), fresh);
    assert!(EventId::min_at(fresh.timestamp()) <= fresh && fresh <= EventId::max_at(fresh.timestamp()));
}

#[test]
fn serde_text_and_bytes() {
    let id = EventId::new();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{id}\""));
    assert_eq!(serde_json::from_str::<EventId>(&json).unwrap(), id);
    let bin = bincode::serialize(&id).unwrap();
    assert_eq!(bin.len(), 8 + 20, "a length and the 20 bytes");
    assert_eq!(&bin[8..], &id.into_inner());
    assert_eq!(bincode::deserialize::<EventId>(&bin).unwrap(), id);
    assert!(bincode::deserialize::<EventId>(&bincode::serialize(&[0u8; 21][..]).unwrap()).is_err());
}

#[cfg(feature = "rusqlite")]
#[test]
fn a_blob_column_holds_the_twenty_bytes_in_order() {
    let ids: Vec<EventId> = (0..500).map(|_| EventId::new()).collect();
    bytes::blob_column("events", &ids, 20);
}

/// A 20-byte ID's public token: AES-SIV (36 bytes, 50 base62 characters), deterministic,
/// bound to its type, and refusing a flipped character.
#[cfg(feature = "public")]
#[test]
fn a_public_token_of_twenty_bytes() {
    use idcraft::public::{AesKey, PublicIds};
    let ids = bytes::bound_keys(9);
    let id = EventId::new();
    let token = ids.to_public(&id);
    let text = token.to_string();
    assert_eq!(text.strip_prefix("evt_").map(str::len), Some(50), "the type's prefix, then 36 bytes: {text}");
    assert_eq!(ids.to_public(&id).to_string(), text, "deterministic");
    assert_eq!(ids.from_public(&token).unwrap(), id);
    assert_eq!(ids.decode_str::<EventId>(&text).unwrap(), id);
    assert!(ids.decode_str::<Bare>(&text).is_err(), "bound to its type");
    assert!(ids.decode_str::<EventId>(&bytes::flipped(&text, 20)).is_err());
    let json = serde_json::to_string(&token).unwrap();
    assert_eq!(json, format!("\"{text}\""));
    // Past one block there is no Architect.Identities format: a compatible key set makes the
    // authenticated key set's AES-SIV token.
    let key = || AesKey::new(&[9; 32]).unwrap();
    let (compatible, plain) = (PublicIds::compatible(key()), PublicIds::new(key()));
    assert_eq!(compatible.to_public(&id).to_string(), plain.to_public(&id).to_string());
    assert_eq!(compatible.from_public(&compatible.to_public(&id)).unwrap(), id);
}

#[derive(Identity)]
#[id(scheme = "ksuid_ms", prefix = "msg")]
struct MessageId([u8; 20]);

/// A KSUID-ms as a derived type: its time to 4 ms through the accessors, its text read as a
/// KSUID's, serde, and a 20-byte public token bound to its type.
#[test]
fn ksuid_ms_as_a_derived_type() {
    let id: MessageId = "msg_1srO3aXUuJyAccQfFpRNczGhCO7".parse().unwrap();
    assert_eq!((id.unix_seconds(), id.millis()), (1_621_627_043, 120));
    assert_eq!(id.payload(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    let as_ksuid = Bare::from(id.into_inner());
    assert_eq!(as_ksuid.unix_seconds(), id.unix_seconds(), "every KSUID-ms is a KSUID of its second");
    let fresh = MessageId::new();
    assert_eq!(serde_json::from_str::<MessageId>(&serde_json::to_string(&fresh).unwrap()).unwrap(), fresh);
    assert_eq!(bincode::deserialize::<MessageId>(&bincode::serialize(&fresh).unwrap()).unwrap(), fresh);
    assert!(MessageId::min_at(fresh.timestamp()) <= fresh && fresh <= MessageId::max_at(fresh.timestamp()));
    #[cfg(feature = "public")]
    {
        let ids = bytes::bound_keys(3);
        let text = ids.to_public(&fresh).to_string();
        assert_eq!(text.strip_prefix("msg_").map(str::len), Some(50), "36 bytes of AES-SIV: {text}");
        assert_eq!(ids.decode_str::<MessageId>(&text).unwrap(), fresh);
        assert!(ids.decode_str::<EventId>(&text).is_err(), "bound to its type");
    }
}
