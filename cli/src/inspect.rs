//! `idcraft inspect [--scheme SCHEME] [--json] <ID>...`.

use crate::InspectArgs;
use crate::output::{Failure, Output};
use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
use idcraft::schemes::{Comb, CombLayout, DistributedId, DistributedId128, HotGuid, Sno, Uid64, Uid96};
use idcraft::{Encoding, Scheme, Timestamp};
use serde_json::{Map, Value, json};

/// `expected one of comb_sql, comb_pg, ...`, for error messages.
pub fn scheme_list() -> String {
    format!("expected one of {}", idcraft::schemes::NAMES.join(", "))
}
const UUID_SCHEMES: &str = "comb_sql, comb_pg, comb_legacy, comb_binary, hot, distributed128";

pub fn run(args: &InspectArgs, out: &mut Output) -> Result<(), Failure> {
    for (n, text) in args.ids.iter().enumerate() {
        let fields = inspect_text(args.scheme.as_deref(), text)?;
        if args.json {
            out.line(Value::Object(fields))?;
        } else {
            if n > 0 {
                out.line("")?;
            }
            for (k, v) in &fields {
                match v {
                    Value::String(s) => out.line(format_args!("{k}: {s}"))?,
                    other => out.line(format_args!("{k}: {other}"))?,
                }
            }
        }
    }
    Ok(())
}

/// `text` as an ID of `scheme` (or of the scheme its shape says), as it is or after a
/// derived type's `prefix_`; else as a typed public token (which only the keys can open).
fn inspect_text(scheme: Option<&str>, text: &str) -> Result<Map<String, Value>, Failure> {
    let whole = match scheme {
        Some(scheme) => inspect(scheme, text).map_err(|e| Failure::from(format!("{text:?} as {scheme}: {e}"))),
        None => detect_and_inspect(text),
    };
    let Err(error) = whole else { return whole };
    // Prefixes are lowercase ASCII, digits and '_' (the derive's rule), and a body may hold '_'
    // too (uid's base64): try each split, shortest prefix first.
    for (at, _) in text.match_indices('_') {
        let (prefix, body) = (&text[..at], &text[at + 1..]);
        if prefix.is_empty() || !prefix.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_') {
            continue;
        }
        let fields = match scheme {
            Some(scheme) => inspect(scheme, body).ok(),
            None => detect_and_inspect(body).ok(),
        };
        if let Some(mut fields) = fields {
            fields.insert("prefix".into(), json!(prefix));
            return Ok(fields);
        }
        if let Some(token) = typed_token(prefix, body) {
            return Ok(token);
        }
    }
    Err(error)
}

/// A typed public token (`prefix_` + 33 base62 characters, or 22 for the compatible format):
/// its shape only, since opening it takes the keys (`idcraft public decrypt --type-prefix`).
fn typed_token(prefix: &str, body: &str) -> Option<Map<String, Value>> {
    let format = match body.len() {
        33 => "authenticated",
        22 => "compatible",
        _ => return None,
    };
    body.bytes().all(|c| c.is_ascii_alphanumeric()).then(|| {
        let mut m = Map::new();
        m.insert("kind".into(), json!("public token"));
        m.insert("prefix".into(), json!(prefix));
        m.insert("format".into(), json!(format));
        m.insert("text".into(), json!(format!("{prefix}_{body}")));
        m.insert(
            "note".into(),
            json!(format!("opaque without the key: idcraft public decrypt --type-prefix {prefix} --scheme <SCHEME>")),
        );
        m
    })
}

/// The first candidate scheme (most likely first) that decodes `text`; when none does, the
/// error of the most likely one, never of whichever was tried last.
fn detect_and_inspect(text: &str) -> Result<Map<String, Value>, Failure> {
    let candidates = candidates(text)?;
    let mut first_error = None;
    for &scheme in candidates {
        match inspect(scheme, text) {
            Ok(fields) => return Ok(fields),
            Err(e) => {
                first_error.get_or_insert_with(|| format!("{text:?} looks like a {scheme} ID, but {e}"));
            }
        }
    }
    Err(first_error.unwrap_or_else(|| format!("cannot tell the scheme of {text:?}")).into())
}

/// The schemes a text may be, most likely first. A 16-character text of sno32's alphabet is
/// taken as sno first (a base62 DistributedId or a base64 uid96 rarely fits in it).
fn candidates(text: &str) -> Result<&'static [&'static str], String> {
    let all = |ok: fn(u8) -> bool| text.bytes().all(ok);
    let sno32 = |c: u8| matches!(c, b'2'..=b'9' | b'a'..=b'x');
    let base62 = |c: u8| c.is_ascii_alphanumeric();
    let base64 = |c: u8| c.is_ascii_alphanumeric() || c == b'.' || c == b'_';
    Ok(match text.len() {
        36 if text.as_bytes()[8] == b'-' => {
            return Err(format!(
                "a UUID-shaped text needs --scheme (COMB and HotGuid IDs look alike): one of {UUID_SCHEMES}"
            ));
        }
        28 if all(|c| c.is_ascii_digit()) => &["distributed"],
        22 if all(base62) => &["distributed128"],
        16 if all(sno32) => &["sno", "distributed", "uid96"],
        16 if all(base62) => &["distributed", "uid96"],
        16 if all(base64) => &["uid96"],
        11 if all(base64) => &["uid64"],
        _ => {
            return Err(format!(
                "cannot tell the scheme of {text:?} ({} characters); pass --scheme, {}",
                text.chars().count(),
                scheme_list()
            ));
        }
    })
}

/// The keys every scheme has.
fn common<S: Scheme>(value: &S, time: Timestamp) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("scheme".into(), json!(S::NAME));
    m.insert("text".into(), json!(value.to_string()));
    m.insert("hex".into(), json!(value.to_bytes().to_hex().to_string()));
    m.insert("unix_ms".into(), json!(time.unix_millis()));
    m.insert("timestamp".into(), json!(time.to_string()));
    m
}

fn comb<L: CombLayout>(text: &str) -> Result<Map<String, Value>, String> {
    let id: Comb<L> = text.parse().map_err(|e: idcraft::ParseError| e.to_string())?;
    let time = id.try_timestamp().map_err(|e| e.to_string())?;
    Ok(common(&id, time))
}

fn inspect(scheme: &str, text: &str) -> Result<Map<String, Value>, String> {
    let e = |e: idcraft::ParseError| e.to_string();
    Ok(match scheme {
        "comb_sql" => comb::<SqlServer>(text)?,
        "comb_pg" => comb::<PostgreSql>(text)?,
        "comb_legacy" => comb::<Legacy>(text)?,
        "comb_binary" => comb::<Binary>(text)?,
        "hot" => {
            let id: HotGuid = text.parse().map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("unix_seconds".into(), json!(id.unix_seconds()));
            m.insert("counter".into(), json!(id.counter()));
            m.insert("shard_key".into(), json!(id.shard_key()));
            m.insert("sql_guid".into(), json!(id.to_sql_guid().to_string()));
            m
        }
        "distributed" => {
            let id = DistributedId::decode(text, Encoding::Decimal)
                .or_else(|_| DistributedId::decode(text, Encoding::Base62))
                .map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("decimal".into(), json!(id.to_string()));
            m.insert("base62".into(), json!(id.encode(Encoding::Base62).map(|t| t.to_string())));
            m.insert("random".into(), json!(id.random()));
            m
        }
        "distributed128" => {
            let id = DistributedId128::decode(text, Encoding::Base62)
                .or_else(|_| DistributedId128::decode(text, Encoding::Uuid))
                .map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("u128".into(), json!(id.value().to_string()));
            m.insert("uuid".into(), json!(id.to_uuid().to_string()));
            m.insert("base62".into(), json!(id.to_string()));
            m.insert("random".into(), json!(id.random().to_string()));
            m
        }
        "sno" => {
            let id: Sno = text.parse().map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("meta".into(), json!(id.meta()));
            m.insert("partition".into(), json!(id.partition()));
            m.insert("sequence".into(), json!(id.sequence()));
            m.insert("tick".into(), json!(u8::from(id.tick())));
            m
        }
        "uid64" => {
            let id: Uid64 = text.parse().map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("seq".into(), json!(id.seq()));
            m
        }
        "uid96" => {
            let id: Uid96 = text.parse().map_err(e)?;
            let mut m = common(&id, id.timestamp());
            m.insert("node".into(), json!(id.node()));
            m.insert("seq".into(), json!(id.seq()));
            m.insert("interval".into(), json!(id.interval()));
            m
        }
        other => return Err(format!("unknown scheme {other:?}; {}", scheme_list())),
    })
}
