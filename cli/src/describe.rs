//! What the commands print of an ID: the keys every scheme has, then the scheme's own fields;
//! and the words error messages use for the schemes. Below `inspect`, `new` and `uuid_info`,
//! which all print IDs.

use idcraft::Encoding;
use idcraft::Uuid;
use idcraft::schemes::describe::{Describe, Field};
use serde_json::{Map, Value, json};

/// How many characters a text form draws from (for guessing a text's scheme: a smaller
/// alphabet is likelier): the scheme's own alphabet where its text is the value itself.
pub fn alphabet_len<S: Describe>(encoding: Encoding) -> usize {
    match encoding {
        Encoding::Canonical if !S::TEXT_ALPHABET.is_empty() => S::TEXT_ALPHABET.len(),
        _ => encoding.alphabet_len(),
    }
}

/// `expected one of comb_sql, comb_pg, ...`, for error messages.
pub fn scheme_list() -> String {
    format!("expected one of {}", idcraft::schemes::NAMES.join(", "))
}

/// The RFC 9562 version and variant of `uuid`, as JSON values.
pub fn version_and_variant(uuid: Uuid) -> [(&'static str, Value); 2] {
    let variant = match uuid.get_variant() {
        uuid::Variant::NCS => "NCS (reserved)",
        uuid::Variant::RFC4122 => "RFC 9562",
        uuid::Variant::Microsoft => "Microsoft (reserved)",
        _ => "future (reserved)",
    };
    [("version", json!(uuid.get_version_num())), ("variant", json!(variant))]
}

/// The keys every scheme has (`scheme`, `text`, `hex`, and `unix_ms` and `timestamp` where its
/// IDs embed a time), then the scheme's own fields (for 128-bit schemes also the bytes as a
/// UUID with its RFC 9562 version and variant); an error for a value that is not a valid ID of
/// its scheme (a COMB with an impossible time).
pub fn describe<S: Describe>(id: &S) -> Result<Map<String, Value>, String> {
    let mut m = Map::new();
    m.insert("scheme".into(), json!(S::NAME));
    m.insert("text".into(), json!(id.to_string()));
    m.insert("hex".into(), json!(id.to_bytes().to_hex().to_string()));
    if S::TIMED {
        let time = id.checked_timestamp().map_err(|e| e.to_string())?;
        m.insert("unix_ms".into(), json!(time.unix_millis()));
        // The scheme's own resolution, in fixed digits: one scheme's times have one length.
        m.insert("timestamp".into(), json!(time.rfc3339(S::TIME_DIGITS).to_string()));
    }
    for (name, field) in id.fields() {
        let value = match field {
            Field::Integer(n) => json!(n),
            Field::Text(t) => json!(t),
        };
        m.insert(name.into(), value);
    }
    if let Ok(bytes) = <[u8; 16]>::try_from(&*id.to_bytes()) {
        let uuid = Uuid::from_bytes(bytes);
        m.entry("uuid").or_insert_with(|| json!(uuid.hyphenated().to_string()));
        // Only where the bytes are a UUID's: a ULID's or DistributedId128's have no version.
        if S::ENCODINGS[0] == Encoding::Uuid {
            m.extend(version_and_variant(uuid).map(|(k, v)| (k.to_owned(), v)));
        }
    }
    Ok(m)
}
