//! `inspect --limits` and `inspect --layout`: the range of instants a scheme or a declared
//! layout holds, and IDs read in a declared layout.

use crate::InspectArgs;
use crate::describe::scheme_list;
use crate::output::{Failure, Output};
use idcraft::Timestamp;
use idcraft::schemes::describe::Describe;
use idcraft::schemes::snowflake::__declared::Resolved;
use idcraft::schemes::{Visitor, visit};
use serde_json::{Map, Value, json};

/// `{"first": ..., "last": ...}` in RFC 3339 (the scheme's own digits), or two lines.
pub fn print_limits(args: &InspectArgs, out: &mut Output) -> Result<(), Failure> {
    let (first, last, digits) = match (&args.layout, &args.scheme) {
        (Some(text), _) => {
            let (first, last) = layout(text)?.time_range();
            (first, last, 3)
        }
        (None, Some(scheme)) => visit(scheme, Limits)
            .ok_or_else(|| Failure::from(format!("unknown scheme {scheme:?}; {}", scheme_list())))?,
        (None, None) => return Err("--limits needs --scheme or --layout".to_owned().into()),
    };
    let (first, last) = (first.rfc3339(digits).to_string(), last.rfc3339(digits).to_string());
    if args.json {
        return out.line(json!({ "first": first, "last": last }));
    }
    out.line(format_args!("first: {first}"))?;
    out.line(format_args!("last:  {last}"))
}

struct Limits;

impl Visitor for Limits {
    type Output = (Timestamp, Timestamp, u8);

    fn visit<S: Describe>(self) -> Self::Output {
        let (first, last) = S::time_range();
        (first, last, S::TIME_DIGITS)
    }
}

/// The layout `--layout` declares, or its error as the attribute would give it.
pub fn layout(text: &str) -> Result<Resolved, Failure> {
    Resolved::from_text(text).map_err(|e| Failure::from(format!("--layout {text:?}: {e}")))
}

/// `text` read in `layout`: decimal or 16 hex digits, as the snowflakes' text forms.
pub fn inspect_in_layout(layout: &Resolved, text: &str) -> Result<Map<String, Value>, String> {
    // Digits only: `str::parse` and `from_str_radix` would also take a leading `+`.
    let value = if text.bytes().all(|c| c.is_ascii_digit()) && !text.is_empty() {
        text.parse::<u64>().map_err(|_| format!("{text:?} is above the largest u64"))?
    } else if text.len() == 16 && text.bytes().all(|c| c.is_ascii_hexdigit()) {
        u64::from_str_radix(text, 16).map_err(|e| e.to_string())?
    } else {
        return Err(format!("{text:?} is no decimal or 16-digit hex ID"));
    };
    let fields = layout.read(value).map_err(|e| e.to_string())?;
    let time = Timestamp::from_unix_millis(fields.unix_ms as i64);
    let mut m = Map::new();
    m.insert("scheme".into(), json!(layout.name));
    m.insert("text".into(), json!(value.to_string()));
    m.insert("hex".into(), json!(format!("{value:016x}")));
    m.insert("unix_ms".into(), json!(fields.unix_ms));
    m.insert("timestamp".into(), json!(time.rfc3339(3).to_string()));
    m.insert("u64".into(), json!(value.to_string()));
    m.insert("node".into(), json!(fields.node));
    m.insert("sequence".into(), json!(fields.sequence));
    Ok(m)
}
