//! The 12-byte schemes of other ecosystems, MongoDB's ObjectId and rs/xid, as derived types
//! through everything a derived type touches: text and accessors, serde in a human-readable
//! and a binary format, a SQLite BLOB column and (with `public`) a public token.

use idcraft::Identity;

#[path = "support/bytes.rs"]
mod bytes;
#[macro_use]
#[path = "support/derived.rs"]
mod derived;

derived_types! {
    "object_id" => DocumentId([u8; 12]),
    "object_id", prefix = "doc" => PrefixedDocument([u8; 12]),
    "xid", prefix = "req" => RequestId([u8; 12]),
    "xid" => BareXid([u8; 12]),
}

#[test]
fn object_id_text_and_accessors() {
    let id: DocumentId = "507f191e810c19729de860ea".parse().unwrap();
    assert_eq!((id.seconds(), id.unix_seconds()), (0x507f191e, 1_350_506_782));
    assert_eq!((id.random(), id.counter()), ([0x81, 0x0c, 0x19, 0x72, 0x9d], 0xe860ea));
    assert_eq!(format!("{id:?}"), "DocumentId(507f191e810c19729de860ea)");
    let prefixed = PrefixedDocument::from(id.into_inner());
    assert_eq!(prefixed.to_string(), "doc_507f191e810c19729de860ea");
    assert_eq!(prefixed.to_string().parse::<PrefixedDocument>().unwrap(), prefixed);
    let fresh = DocumentId::new();
    assert_eq!(fresh.to_string().parse::<DocumentId>().unwrap(), fresh);
    assert!(DocumentId::min_at(fresh.timestamp()) <= fresh && fresh <= DocumentId::max_at(fresh.timestamp()));
    assert!(DocumentId::new() > fresh, "one process's IDs of one second count up");
}

#[test]
fn xid_text_and_accessors() {
    let id: BareXid = "9m4e2mr0ui3e8a215n4g".parse().unwrap();
    assert_eq!(id.unix_seconds(), 1_300_816_219);
    assert_eq!((id.machine(), id.pid(), id.counter()), ([0x60, 0xf4, 0x86], 0xe428, 4_271_561));
    let request = RequestId::from(id.into_inner());
    assert_eq!(request.to_string(), "req_9m4e2mr0ui3e8a215n4g");
    assert_eq!(format!("{request:?}"), "RequestId(req_9m4e2mr0ui3e8a215n4g)");
    assert!("9m4e2mr0ui3e8a215n4g".parse::<RequestId>().is_err(), "the prefix is part of the text");
    let fresh = RequestId::new();
    assert_eq!(fresh.to_string().parse::<RequestId>().unwrap(), fresh);
    assert!(RequestId::min_at(fresh.timestamp()) <= fresh && fresh <= RequestId::max_at(fresh.timestamp()));
}

#[test]
fn serde_text_and_bytes() {
    let (doc, req) = (DocumentId::new(), RequestId::new());
    assert_eq!(serde_json::to_string(&doc).unwrap(), format!("\"{doc}\""));
    assert_eq!(serde_json::from_str::<DocumentId>(&serde_json::to_string(&doc).unwrap()).unwrap(), doc);
    assert_eq!(serde_json::from_str::<RequestId>(&serde_json::to_string(&req).unwrap()).unwrap(), req);
    let bin = bincode::serialize(&req).unwrap();
    assert_eq!(bin.len(), 8 + 12, "a length and the 12 bytes");
    assert_eq!(&bin[8..], &req.into_inner());
    assert_eq!(bincode::deserialize::<RequestId>(&bin).unwrap(), req);
    assert_eq!(bincode::deserialize::<DocumentId>(&bincode::serialize(&doc).unwrap()).unwrap(), doc);
    assert!(bincode::deserialize::<DocumentId>(&bincode::serialize(&[0u8; 11][..]).unwrap()).is_err());
}

#[cfg(feature = "rusqlite")]
#[test]
fn blob_columns_hold_the_twelve_bytes_in_order() {
    let mut docs: Vec<DocumentId> = (0..300).map(|_| DocumentId::new()).collect();
    let mut reqs: Vec<RequestId> = (0..300).map(|_| RequestId::new()).collect();
    // Across seconds as well as within one.
    docs.push(DocumentId::min_at(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000)));
    reqs.push(RequestId::max_at(std::time::UNIX_EPOCH + std::time::Duration::from_secs(4_000_000_000)));
    bytes::blob_column("docs", &docs, 12);
    bytes::blob_column("reqs", &reqs, 12);
}

/// Twelve bytes fit one AES block: a deterministic token, bound to its type, refusing a
/// flipped character, for both schemes.
#[cfg(feature = "public")]
#[test]
fn public_tokens_of_twelve_bytes() {
    let ids = bytes::bound_keys(7);
    let (doc, req) = (DocumentId::new(), RequestId::new());
    let (doc_token, req_token) = (ids.to_public(&doc).to_string(), ids.to_public(&req).to_string());
    assert_eq!(ids.to_public(&doc).to_string(), doc_token, "deterministic");
    assert_eq!(ids.decode_str::<DocumentId>(&doc_token).unwrap(), doc);
    assert_eq!(ids.decode_str::<RequestId>(&req_token).unwrap(), req);
    assert!(req_token.starts_with("req_"));
    assert!(ids.decode_str::<BareXid>(&req_token).is_err(), "bound to its type");
    assert!(!doc_token.contains(&doc.to_string()), "the token hides the ID");
    assert!(ids.decode_str::<RequestId>(&bytes::flipped(&req_token, req_token.len() - 3)).is_err());
}
