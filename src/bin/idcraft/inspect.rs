//! `idcraft inspect [--scheme SCHEME] [--json] <ID>...`.

use crate::args::Args;
use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
use idcraft::schemes::{Comb, CombLayout, DistributedId, DistributedId128, HotGuid, Sno, Uid64, Uid96};
use idcraft::{Encoding, Scheme, Timestamp};
use serde_json::{Map, Value, json};

/// `expected one of comb_sql, comb_pg, ...`, for error messages.
pub fn scheme_list() -> String {
    format!("expected one of {}", idcraft::schemes::NAMES.join(", "))
}
const UUID_SCHEMES: &str = "comb_sql, comb_pg, comb_legacy, comb_binary, hot, distributed128";

pub fn run(raw: &[String]) -> Result<Vec<String>, String> {
    let args = Args::parse(raw, &["scheme"], &["json"])?;
    if args.positionals.is_empty() {
        return Err("`inspect` needs at least one ID".to_owned());
    }
    let mut lines = Vec::new();
    for text in &args.positionals {
        let scheme = match args.get("scheme") {
            Some(s) => s,
            None => detect(text)?,
        };
        let fields = inspect(scheme, text).map_err(|e| format!("{text:?} as {scheme}: {e}"))?;
        if args.has("json") {
            lines.push(Value::Object(fields).to_string());
        } else {
            lines.extend(fields.iter().map(|(k, v)| match v {
                Value::String(s) => format!("{k}: {s}"),
                other => format!("{k}: {other}"),
            }));
            lines.push(String::new());
        }
    }
    if !args.has("json") {
        lines.pop();
    }
    Ok(lines)
}

/// The scheme a text must be when that is unambiguous. A 16-character text of sno32's alphabet
/// is taken as sno (a base62 DistributedId or a base64 uid96 almost never fits in it).
fn detect(text: &str) -> Result<&'static str, String> {
    let all = |ok: fn(u8) -> bool| text.bytes().all(ok);
    let sno32 = |c: u8| matches!(c, b'2'..=b'9' | b'a'..=b'x');
    let base62 = |c: u8| c.is_ascii_alphanumeric();
    let base64 = |c: u8| c.is_ascii_alphanumeric() || c == b'.' || c == b'_';
    match text.len() {
        36 if text.as_bytes()[8] == b'-' => {
            Err(format!("a UUID-shaped text needs --scheme (COMB and HotGuid IDs look alike): one of {UUID_SCHEMES}"))
        }
        28 if all(|c| c.is_ascii_digit()) => Ok("distributed"),
        22 if all(base62) => Ok("distributed128"),
        16 if all(sno32) => Ok("sno"),
        16 if all(base62) => Ok("distributed"),
        16 if all(base64) => Ok("uid96"),
        11 if all(base64) => Ok("uid64"),
        _ => Err(format!(
            "cannot tell the scheme of {text:?} ({} characters); pass --scheme, {}",
            text.chars().count(),
            scheme_list()
        )),
    }
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
