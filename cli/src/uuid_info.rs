//! What a UUID or a TypeID says by itself, before anyone names a scheme: the RFC 9562 version
//! and variant, the time only where the version defines one (1, 6 and 7), and the idcraft
//! schemes whose values it could be. A version 4 UUID has no time: reading its random bytes as
//! a COMB's would invent one (the year 4933, say), so that takes an explicit `--scheme`, and
//! without one the error says so.

use crate::describe::{describe, scheme_list, version_and_variant};
use crate::output::Failure;
use idcraft::codec::typeid;
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{NAMES, Visitor, visit};
use idcraft::{Encoding, Uuid};
use serde_json::{Map, Value, json};

/// A hyphenated UUID read without `--scheme`: a version 7 one is the scheme that writes
/// version 7 ([`Scheme::UUID_VERSION`](idcraft::Scheme::UUID_VERSION)); any other is
/// reported as a UUID with its version, variant and the schemes it could be, and its time
/// where its version has one (1 and 6); the others get a note that they have none, never an
/// invented one.
pub fn recognise_uuid(text: &str) -> Option<Result<Map<String, Value>, Failure>> {
    let uuid = Uuid::from_bytes(idcraft::codec::hex::decode_uuid(text).ok()?);
    if uuid.get_variant() == uuid::Variant::RFC4122
        && let Some(scheme) = scheme_where(WritesVersion(uuid.get_version_num() as u8))
    {
        return Some(of_scheme(scheme, uuid.as_u128()));
    }
    let candidates: Vec<&str> = NAMES.into_iter().filter(|name| of_scheme(name, uuid.as_u128()).is_ok()).collect();
    let [(_, version), (_, variant)] = version_and_variant(uuid);
    let mut m = Map::new();
    m.insert("scheme".into(), json!("uuid"));
    m.insert("text".into(), json!(uuid.hyphenated().to_string()));
    m.insert("hex".into(), json!(uuid.simple().to_string()));
    // Versions 1 and 6: 100 ns since 1582-10-15 (Gregorian), which may precede 1970.
    match uuid.get_timestamp() {
        Some(ts) => {
            let (secs, nanos) = ts.to_unix();
            let t = idcraft::Timestamp::new(secs as i64, nanos);
            m.insert("unix_ms".into(), json!(t.unix_millis()));
            // 100 ns ticks: seven digits, fixed.
            m.insert("timestamp".into(), json!(t.rfc3339(7).to_string()));
        }
        None => {
            let note = format!(
                "a version {version} UUID has no time of its own; as an ID of {} it has one: pass --scheme",
                candidates.join(", ")
            );
            m.insert("note".into(), json!(note));
        }
    }
    m.insert("uuid".into(), json!(uuid.hyphenated().to_string()));
    m.insert("version".into(), version);
    m.insert("variant".into(), variant);
    m.insert("schemes".into(), json!(candidates));
    Some(Ok(m))
}

/// A TypeID (`prefix_` and 26 lowercase base32 characters, or the 26 alone): as an ID of
/// `scheme`, or without one of the scheme that writes version 7 when its bits are a version 7
/// UUID of the RFC variant (what TypeIDs are made of), and otherwise of the scheme whose own
/// text is the ULID form (the same 48-bit millisecond time in front).
pub fn recognise_typeid(scheme: Option<&str>, text: &str) -> Option<Result<Map<String, Value>, Failure>> {
    let bare = text.len() == 26 && !text.bytes().any(|c| c.is_ascii_uppercase());
    if !(bare || text.contains('_')) {
        return None;
    }
    let (prefix, value) = typeid::parse(text).ok()?;
    let uuid = Uuid::from_u128(value);
    // Version 7 *and* the RFC variant: one ULID in sixteen has a 7 where the version goes, and
    // a quarter of those the variant too by chance, so a partial match is a ULID's.
    let v7 = uuid.get_version_num() == 7 && uuid.get_variant() == uuid::Variant::RFC4122;
    let guess = if v7 { scheme_where(WritesVersion(7)) } else { scheme_where(WritesFirst(Encoding::Ulid)) };
    let Some(scheme) = scheme.or(guess) else {
        return Some(Err(Failure::Input(format!("{text:?} is a TypeID, but no scheme of this build reads it"))));
    };
    Some(of_scheme(scheme, value).map(|mut m| {
        m.insert("prefix".into(), json!(prefix));
        m.insert("typeid".into(), json!(text));
        m
    }))
}

/// The first scheme of the registry (in [`NAMES`] order) that `probe` accepts.
fn scheme_where<V: Visitor<Output = bool> + Copy>(probe: V) -> Option<&'static str> {
    NAMES.into_iter().find(|name| visit(name, probe) == Some(true))
}

/// Whether a scheme writes this RFC 9562 version into its UUIDs.
#[derive(Clone, Copy)]
struct WritesVersion(u8);

impl Visitor for WritesVersion {
    type Output = bool;
    fn visit<S: Describe>(self) -> bool {
        S::UUID_VERSION == Some(self.0)
    }
}

/// Whether a scheme's own (canonical) text is this form.
#[derive(Clone, Copy)]
struct WritesFirst(Encoding);

impl Visitor for WritesFirst {
    type Output = bool;
    fn visit<S: Describe>(self) -> bool {
        S::ENCODINGS.first() == Some(&self.0)
    }
}

/// The 128 bits `value` as an ID of the scheme named `scheme`, described.
fn of_scheme(scheme: &str, value: u128) -> Result<Map<String, Value>, Failure> {
    visit(scheme, FromBytes(value.to_be_bytes()))
        .unwrap_or_else(|| Err(format!("unknown scheme {scheme:?}; {}", scheme_list())))
        .map_err(Failure::from)
}

struct FromBytes([u8; 16]);

impl Visitor for FromBytes {
    type Output = Result<Map<String, Value>, String>;

    fn visit<S: Describe>(self) -> Self::Output {
        if S::BYTE_LEN != 16 {
            return Err(format!("{} IDs have {} bytes, not 16", S::NAME, S::BYTE_LEN));
        }
        let id = S::from_bytes(&self.0).map_err(|e| e.to_string())?;
        describe(&id)
    }
}
