//! What the fuzz targets share: one derived type per scheme and text form, and the checks every
//! accepted input must pass.

use idcraft::{Decimal, Identity, Uuid};

// One derived type per scheme and text form (`tests/support` declares the tests' own the same way).
#[macro_use]
#[path = "../../tests/support/derived.rs"]
mod derived;

derived_types! {
    "comb_sql" => SqlComb(Uuid),
    "comb_pg", prefix = "ord" => PgComb(Uuid),
    "comb_legacy", encoding = "hex" => LegacyComb(Uuid),
    "comb_binary", encoding = "base62" => BinaryComb(Uuid),
    "hot", prefix = "cart" => Hot(Uuid),
    "distributed" => Dist(Decimal),
    "distributed", encoding = "base62", prefix = "inv" => DistBase62(Decimal),
    "distributed128", prefix = "pay" => Dist128(u128),
    "sno" => SnoId([u8; 10]),
    "uid64" => Local(u64),
    "uid64", encoding = "decimal" => LocalDecimal(u64),
    "uid96", prefix = "node" => Global([u8; 12]),
    /// uid 1.3.3's text (base64url).
    "uid96", encoding = "base64url" => Global133([u8; 12]),
    "uuid7", prefix = "user" => User(Uuid),
    "ulid" => Trace(u128),
    "uuid7", encoding = "typeid", prefix = "user" => TypedUser(Uuid),
    "twitter_snowflake" => Tweet(u64),
    "discord_snowflake", prefix = "msg" => Message(u64),
    "instagram_id" => Media(u64),
    "sonyflake", encoding = "hex" => SonyHex(u64),
    "ksuid", prefix = "evt" => Event([u8; 20]),
    "object_id" => Document([u8; 12]),
    "xid", prefix = "req" => Request([u8; 12]),
    "nanoid", prefix = "inv" => Invite([u8; 21]),
    /// An alphabet with characters regular expressions and prefixes care about.
    "nanoid", size = 9, alphabet = "_-]^\\az09" => Code([u8; 9]),
    "cuid2" => Cuid([u8; 24]),
}

/// How a text form writes what it reads: the canonical text of an accepted input.
#[derive(Clone, Copy)]
pub enum Form {
    /// Written exactly as read (base62, sno32, base64, 28-digit decimals).
    Exact,
    /// Read in either case, written in lowercase (UUID text).
    Lowercase,
    /// Read in either case, written in uppercase (hex, ULID text).
    Uppercase,
    /// Decimal digits: leading zeros are read, not written.
    Digits,
}

impl Form {
    fn canonical(self, body: &str) -> String {
        match self {
            Form::Exact => body.to_owned(),
            Form::Lowercase => body.to_ascii_lowercase(),
            Form::Uppercase => body.to_ascii_uppercase(),
            Form::Digits => {
                let trimmed = body.trim_start_matches('0');
                if trimmed.is_empty() { "0".to_owned() } else { trimmed.to_owned() }
            }
        }
    }
}

/// `text` through `FromStr` and serde: never a panic; both agree; an accepted text writes back
/// as its canonical form and reads back as the same ID.
pub fn check_text<I>(text: &str, form: Form)
where
    I: Identity + core::str::FromStr<Err = idcraft::ParseError> + serde::Serialize + serde::de::DeserializeOwned,
{
    let parsed = text.parse::<I>();
    let json = serde_json::to_string(text).expect("a str serializes");
    let from_json = serde_json::from_str::<I>(&json);
    assert_eq!(parsed.is_ok(), from_json.is_ok(), "FromStr and serde disagree on {text:?}");
    let Ok(id) = parsed else { return };
    assert_eq!(from_json.ok(), Some(id));
    let written = id.to_string();
    let (prefix, body) = match I::PREFIX {
        Some(p) => (format!("{p}_"), &text[p.len() + 1..]),
        None => (String::new(), text),
    };
    assert_eq!(written, format!("{prefix}{}", form.canonical(body)), "{text:?} was read, {written:?} written");
    assert_eq!(written.parse::<I>().ok(), Some(id));
    // sno's zero ID is `null` in JSON, as in sno; everything else is its text.
    let expected_json = if idcraft::Scheme::serializes_as_null(&id.to_scheme()) {
        "null".to_owned()
    } else {
        serde_json::to_string(&written).unwrap()
    };
    assert_eq!(serde_json::to_string(&id).unwrap(), expected_json);
}

/// Every derived type above through [`check_text`].
pub fn check_all_types(text: &str) {
    check_text::<SqlComb>(text, Form::Lowercase);
    check_text::<PgComb>(text, Form::Lowercase);
    check_text::<LegacyComb>(text, Form::Uppercase);
    check_text::<BinaryComb>(text, Form::Exact);
    check_text::<Hot>(text, Form::Lowercase);
    check_text::<Dist>(text, Form::Digits);
    check_text::<DistBase62>(text, Form::Exact);
    check_text::<Dist128>(text, Form::Exact);
    check_text::<SnoId>(text, Form::Exact);
    check_text::<Local>(text, Form::Exact);
    check_text::<LocalDecimal>(text, Form::Digits);
    check_text::<Global>(text, Form::Exact);
    check_text::<Global133>(text, Form::Exact);
    check_text::<User>(text, Form::Lowercase);
    check_text::<Tweet>(text, Form::Digits);
    check_text::<Message>(text, Form::Digits);
    check_text::<Media>(text, Form::Digits);
    check_text::<SonyHex>(text, Form::Uppercase);
    check_text::<Event>(text, Form::Exact);
    check_text::<Document>(text, Form::Lowercase);
    check_text::<Request>(text, Form::Exact);
    check_text::<Invite>(text, Form::Exact);
    check_text::<Code>(text, Form::Exact);
    check_text::<Cuid>(text, Form::Exact);
    check_number::<Tweet>(text);
    check_text::<Trace>(text, Form::Uppercase);
    check_text::<TypedUser>(text, Form::Exact);
    // Any TypeID: its prefix and value write back the same text.
    if let Ok((prefix, value)) = idcraft::codec::typeid::parse(text) {
        let mut again = String::new();
        idcraft::codec::typeid::write(&mut again, prefix, value).unwrap();
        assert_eq!(again, text);
    }
}

/// Snowflakes without a prefix also read JSON numbers: a number below 2^63 is that ID (from
/// 2^63 on no layout has an ID: it would be a negative `bigint`), anything else an error, never
/// a panic.
pub fn check_number<I>(text: &str)
where
    I: Identity + serde::de::DeserializeOwned + Into<u64>,
{
    let number = serde_json::from_str::<serde_json::Number>(text);
    let read = serde_json::from_str::<I>(text);
    match number.ok().and_then(|n| n.as_u64()) {
        Some(n) if n <= i64::MAX as u64 => assert_eq!(read.ok().map(Into::into), Some(n), "{text:?}"),
        Some(_) => assert!(read.is_err(), "{text:?}: a number from 2^63 on is no snowflake"),
        None => assert!(read.is_err() || text.trim_start().starts_with('"'), "{text:?}"),
    }
}

/// Storage bytes (binary serde, BLOB columns): a value or an error; an accepted value writes
/// back the same bytes.
pub fn check_bytes<S: idcraft::Scheme>(data: &[u8]) {
    if let Ok(value) = S::from_bytes(data) {
        assert_eq!(&*value.to_bytes(), data, "{}", S::NAME);
    }
}

/// [`check_bytes`] for every scheme.
pub fn check_all_schemes_bytes(data: &[u8]) {
    use idcraft::schemes::*;
    check_bytes::<CombSql>(data);
    check_bytes::<CombPg>(data);
    check_bytes::<CombLegacy>(data);
    check_bytes::<CombBinary>(data);
    check_bytes::<HotGuid>(data);
    check_bytes::<DistributedId>(data);
    check_bytes::<DistributedId128>(data);
    check_bytes::<Sno>(data);
    check_bytes::<Uid64>(data);
    check_bytes::<Uid96>(data);
    check_bytes::<Uuid7>(data);
    check_bytes::<Ulid>(data);
    check_bytes::<TwitterSnowflake>(data);
    check_bytes::<DiscordSnowflake>(data);
    check_bytes::<InstagramId>(data);
    check_bytes::<Sonyflake>(data);
    check_bytes::<MastodonId>(data);
    check_bytes::<Ksuid>(data);
    check_bytes::<ObjectId>(data);
    check_bytes::<Xid>(data);
    check_bytes::<Nanoid>(data);
    check_bytes::<Cuid2>(data);
}
