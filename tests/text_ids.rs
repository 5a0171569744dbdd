//! The random text schemes (`nanoid`, `cuid2`) through everything a derived type touches: its text, the
//! derive's `size` and `alphabet`, serde, a database column and a public token. Their IDs hold
//! no time: the types have no `timestamp()`, and order is the text's.

use idcraft::Identity;

#[path = "support/bytes.rs"]
mod bytes;
#[macro_use]
#[path = "support/derived.rs"]
mod derived;

derived_types! {
    /// The default: 21 URL-safe characters.
    "nanoid", prefix = "inv" => InviteId([u8; 21]),
    "nanoid" => Bare([u8; 21]),
    /// 12 lowercase hex digits.
    "nanoid", size = 12, alphabet = "0123456789abcdef" => ShortHex([u8; 12]),
    /// Only the size: the URL-safe alphabet.
    "nanoid", size = 8 => Short([u8; 8]),
    /// An alphabet with characters that mean something in a regular expression.
    "nanoid", alphabet = "-]^\\[ab", size = 10 => Odd([u8; 10]),
    /// A CUID2: 24 characters, a letter then base36.
    "cuid2", prefix = "usr" => UserId([u8; 24]),
}

const URL_SAFE: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

#[test]
fn text_size_and_alphabet() {
    for _ in 0..100 {
        let id = Bare::new();
        let text = id.to_string();
        assert_eq!(text.len(), 21);
        assert!(text.chars().all(|c| URL_SAFE.contains(c)), "{text}");
        assert_eq!(text.as_bytes(), id.as_inner(), "the storage is the text's bytes");
        assert_eq!(text.parse::<Bare>().unwrap(), id);
        let hex = ShortHex::new().to_string();
        assert!(hex.len() == 12 && hex.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()), "{hex}");
        let short = Short::new().to_string();
        assert!(short.len() == 8 && short.chars().all(|c| URL_SAFE.contains(c)), "{short}");
        let odd = Odd::new().to_string();
        assert!(odd.len() == 10 && odd.chars().all(|c| "-]^\\[ab".contains(c)), "{odd}");
        assert_eq!(odd.parse::<Odd>().unwrap().to_string(), odd);
    }
    let invite = InviteId::try_from(*Bare::new().as_inner()).unwrap();
    assert!(invite.to_string().starts_with("inv_"));
    assert_eq!(invite.to_string().parse::<InviteId>().unwrap(), invite);
    assert!("0123456789abcdeX".parse::<ShortHex>().is_err(), "16 characters");
    assert!("0123456789aX".parse::<ShortHex>().is_err(), "X is no hex digit");
    assert!("0123456789AB".parse::<ShortHex>().is_err(), "the alphabet is lowercase");
    assert!(ShortHex::try_from(*b"0123456789ab").is_ok());
    assert!(ShortHex::try_from(*b"0123456789aZ").is_err(), "storage outside the alphabet");
}

#[test]
fn order_is_the_texts() {
    let mut ids: Vec<ShortHex> = (0..300).map(|_| ShortHex::new()).collect();
    ids.sort();
    let texts: Vec<String> = ids.iter().map(ToString::to_string).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted);
}

#[test]
fn serde_text_and_bytes() {
    let id = InviteId::new();
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"{id}\""));
    assert_eq!(serde_json::from_str::<InviteId>(&json).unwrap(), id);
    assert!(serde_json::from_str::<InviteId>("\"inv_short\"").is_err());
    let bin = bincode::serialize(&id).unwrap();
    assert_eq!(&bin[8..], id.as_inner(), "a length and the text's 21 bytes");
    assert_eq!(bincode::deserialize::<InviteId>(&bin).unwrap(), id);
    let outside = bincode::serialize(&[b'.'; 21][..]).unwrap();
    assert!(bincode::deserialize::<InviteId>(&outside).is_err(), "bytes outside the alphabet");
}

/// A BLOB column (the `Bytes<N>` shape's) holds the text's bytes: `ORDER BY` is the text's.
#[cfg(feature = "rusqlite")]
#[test]
fn a_blob_column_holds_the_text_bytes_in_order() {
    let ids: Vec<InviteId> = (0..500).map(|_| InviteId::new()).collect();
    let conn = bytes::blob_column("invites", &ids, 21);
    let text: String = conn.query_row("SELECT CAST(id AS TEXT) FROM invites LIMIT 1", [], |row| row.get(0)).unwrap();
    assert!(ids.iter().any(|id| id.as_inner() == text.as_bytes()), "the column's bytes are the text");
    conn.execute("INSERT INTO invites VALUES (x'00')", []).unwrap();
    let mut stmt = conn.prepare("SELECT id FROM invites WHERE length(id) = 1").unwrap();
    assert!(stmt.query_row([], |row| row.get::<_, InviteId>(0)).is_err(), "a wrong length is an error");
}

/// 21 bytes: past one AES block, so the AES-SIV construction; deterministic, bound to its type
/// and refusing a changed character.
#[cfg(feature = "public")]
#[test]
fn a_public_token_of_twenty_one_bytes() {
    let ids = bytes::bound_keys(7);
    let id = InviteId::new();
    let token = ids.to_public(&id);
    let text = token.to_string();
    assert!(text.starts_with("inv_"), "{text}");
    assert_eq!(ids.to_public(&id).to_string(), text, "deterministic");
    assert_eq!(ids.from_public(&token).unwrap(), id);
    assert_eq!(ids.decode_str::<InviteId>(&text).unwrap(), id);
    assert!(ids.decode_str::<Bare>(&text).is_err(), "bound to its type");
    for at in [4, 10, text.len() - 1] {
        assert!(ids.decode_str::<InviteId>(&bytes::flipped(&text, at)).is_err(), "changed at {at}");
    }
    let short = ShortHex::new();
    assert_eq!(ids.from_public(&ids.to_public(&short)).unwrap(), short, "12 bytes: one block");
}

#[test]
fn cuid2_through_text_serde_and_a_token() {
    for _ in 0..100 {
        let id = UserId::new();
        let text = id.to_string();
        let body = text.strip_prefix("usr_").unwrap();
        assert_eq!(body.len(), 24);
        assert!(body.as_bytes()[0].is_ascii_lowercase(), "{body}");
        assert!(body.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()), "{body}");
        assert_eq!(body.as_bytes(), id.as_inner(), "the storage is the text's bytes");
        assert_eq!(text.parse::<UserId>().unwrap(), id);
        assert_eq!(serde_json::from_str::<UserId>(&serde_json::to_string(&id).unwrap()).unwrap(), id);
    }
    // Made by the Python `cuid2` package.
    let theirs: UserId = "usr_f4oupus69y46nz7hjsr4gi2c".parse().unwrap();
    assert_eq!(theirs.as_inner(), b"f4oupus69y46nz7hjsr4gi2c");
    assert!("usr_4foupus69y46nz7hjsr4gi2c".parse::<UserId>().is_err(), "a digit first");
    assert!(UserId::try_from(*b"F4oupus69y46nz7hjsr4gi2c").is_err());
}

#[cfg(feature = "rusqlite")]
#[test]
fn cuid2_in_a_blob_column() {
    let ids: Vec<UserId> = (0..200).map(|_| UserId::new()).collect();
    bytes::blob_column("users", &ids, 24);
}

/// 24 bytes: the AES-SIV construction, bound and forgery-proof as for NanoIDs.
#[cfg(feature = "public")]
#[test]
fn a_public_token_of_a_cuid2() {
    let ids = bytes::bound_keys(3);
    let id = UserId::new();
    let text = ids.to_public(&id).to_string();
    assert_eq!(ids.decode_str::<UserId>(&text).unwrap(), id);
    assert!(ids.decode_str::<UserId>(&bytes::flipped(&text, text.len() - 1)).is_err());
}
