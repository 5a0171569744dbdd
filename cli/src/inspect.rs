//! `idcraft inspect [-s SCHEME | --layout KEYS] [-j] [<ID>... | -]`: IDs from the arguments, or
//! from standard input one per line (streamed: any number of IDs in constant memory).

use crate::InspectArgs;
use crate::describe::{describe, scheme_list};
use crate::output::{Failure, Output};
use idcraft::Encoding;
use idcraft::schemes::describe::{self, Describe, decode_any, read_any};
use idcraft::schemes::{Visitor, visit};
use serde_json::{Map, Value, json};
use std::io::BufRead as _;

pub fn run(args: &InspectArgs, out: &mut Output) -> Result<(), Failure> {
    if args.limits {
        return crate::limits::print_limits(args, out);
    }
    // Checked before any ID is read, so a bad layout is one error, not one per ID.
    let layout = args.layout.as_deref().map(crate::limits::layout).transpose()?;
    let args = &Request { args, layout: layout.as_ref() };
    if args.args.ids.is_empty() || args.args.ids == ["-"] {
        let mut n = 0;
        for line in std::io::stdin().lock().lines() {
            let line = line.map_err(|e| Failure::Input(format!("standard input: {e}")))?;
            let text = line.trim_end_matches('\r');
            if !text.is_empty() {
                print(args, n, text, out)?;
                n += 1;
            }
        }
        return Ok(());
    }
    for (n, text) in args.args.ids.iter().enumerate() {
        print(args, n, text, out)?;
    }
    Ok(())
}

/// The command's arguments and the layout `--layout` declares.
struct Request<'a> {
    args: &'a InspectArgs,
    layout: Option<&'a idcraft::schemes::snowflake::__declared::Resolved>,
}

/// The `n`th ID's fields: a JSON object, or `key: value` lines with a blank line between IDs.
fn print(reading: &Request<'_>, n: usize, text: &str, out: &mut Output) -> Result<(), Failure> {
    let args = reading.args;
    let fields = match reading.layout {
        Some(layout) => crate::limits::inspect_in_layout(layout, text)
            .map(with_time_checked)
            .map_err(|e| Failure::from(format!("{text:?} in --layout: {e}")))?,
        None => inspect_text(args.scheme.as_deref(), text)?,
    };
    if args.json {
        return out.line(Value::Object(fields));
    }
    if n > 0 {
        out.line("")?;
    }
    print_fields(&fields, "", out)
}

/// `key: value` lines; an ambiguous text's readings one after another, each headed by its
/// number and indented.
fn print_fields(fields: &Map<String, Value>, indent: &str, out: &mut Output) -> Result<(), Failure> {
    for (k, v) in fields {
        match v {
            Value::String(s) => out.line(format_args!("{indent}{k}: {s}"))?,
            Value::Array(readings) if k == "readings" => {
                for (i, reading) in readings.iter().enumerate() {
                    out.line(format_args!("{indent}reading {}:", i + 1))?;
                    if let Value::Object(reading) = reading {
                        print_fields(reading, &format!("{indent}  "), out)?;
                    }
                }
            }
            other => out.line(format_args!("{indent}{k}: {other}"))?,
        }
    }
    Ok(())
}

/// The first instant of 2200: an embedded time outside 1970 up to it is far likelier a reading
/// of the wrong scheme than a real ID's, so it is reported with a note.
const PLAUSIBLE_UNTIL_MS: i64 = 7_258_118_400_000;

/// Adds a note to a reading whose embedded time is outside 1970–2200 (a token or a random
/// value read as an ID invents years like 4976).
fn flag_implausible_time(fields: &mut Map<String, Value>) {
    let Some(ms) = fields.get("unix_ms").and_then(Value::as_i64) else { return };
    if (0..PLAUSIBLE_UNTIL_MS).contains(&ms) || fields.contains_key("note") {
        return;
    }
    let when = fields.get("timestamp").and_then(Value::as_str).unwrap_or("?").to_owned();
    let note = format!("the embedded time, {when}, is outside 1970-2200: probably not an ID of this scheme");
    fields.insert("note".into(), json!(note));
}

/// `text` as an ID of `scheme` (or of the scheme its shape says), as it is or after a
/// derived type's `prefix_`; else as a typed public token (which only the keys can open).
fn inspect_text(scheme: Option<&str>, text: &str) -> Result<Map<String, Value>, Failure> {
    if let Some(typeid) = crate::uuid_info::recognise_typeid(scheme, text) {
        return typeid;
    }
    let whole = match scheme {
        Some(scheme) => inspect(scheme, text).map_err(|e| Failure::from(format!("{text:?} as {scheme}: {e}"))),
        None => detect_and_inspect(text),
    };
    let Err(error) = whole else { return whole.map(with_time_checked) };
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
        let token = typed_token(prefix, body);
        match (fields, token) {
            // Without --scheme, a text that is a token's shape and also reads as an ID of some
            // scheme is reported both ways: the shape alone cannot tell which it is.
            (Some(mut fields), Some(token)) if scheme.is_none() => {
                fields.insert("prefix".into(), json!(prefix));
                let mut m = Map::new();
                m.insert("kind".into(), json!("ambiguous"));
                m.insert("text".into(), json!(text));
                m.insert("readings".into(), json!([with_time_checked(fields), token]));
                return Ok(m);
            }
            (Some(mut fields), _) => {
                fields.insert("prefix".into(), json!(prefix));
                return Ok(with_time_checked(fields));
            }
            (None, Some(token)) => return Ok(token),
            (None, None) => {}
        }
    }
    Err(error)
}

fn with_time_checked(mut fields: Map<String, Value>) -> Map<String, Value> {
    flag_implausible_time(&mut fields);
    fields
}

/// A typed public token (`prefix_` + 33 base62 characters, or 22 for the compatible format and
/// for the authenticated tokens of 64-bit IDs, which need no tag): its shape only, since
/// opening it takes the keys (`idcraft public decrypt --type-prefix`).
fn typed_token(prefix: &str, body: &str) -> Option<Map<String, Value>> {
    let format = match body.len() {
        33 => "authenticated",
        22 => "compatible or authenticated (64-bit ID)",
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

/// The scheme `text` is an ID of, without `--scheme`: every scheme of the registry tries each
/// of its text forms. A text in a smaller alphabet is more likely of that form (sno32 before
/// base62 before base64), a scheme's canonical form before its others; a text several schemes
/// read equally well (UUID text: COMB or HotGuid?) needs `--scheme`. When none reads it, the
/// error of the most likely scheme whose form the text has (length and alphabet).
fn detect_and_inspect(text: &str) -> Result<Map<String, Value>, Failure> {
    if let Some(uuid) = crate::uuid_info::recognise_uuid(text) {
        return uuid;
    }
    let mut read: Vec<(Rank, &str, Map<String, Value>)> = Vec::new();
    let mut refused: Vec<(Rank, &str, String)> = Vec::new();
    for scheme in idcraft::schemes::NAMES {
        match visit(scheme, Detect { text }) {
            Some(Reading::Read(rank, fields)) => read.push((rank, scheme, fields)),
            Some(Reading::Refused(rank, error)) => refused.push((rank, scheme, error)),
            Some(Reading::Unread) | None => {}
        }
    }
    if let Some(best) = read.iter().map(|(rank, ..)| *rank).min() {
        let mut tied: Vec<_> = read.into_iter().filter(|(rank, ..)| *rank == best).collect();
        if tied.len() == 1 {
            return Ok(tied.remove(0).2);
        }
        let names: Vec<&str> = tied.iter().map(|(_, scheme, _)| *scheme).collect();
        // Every snowflake layout reads every number: only the caller knows which produced it.
        let why = if text.bytes().all(|c| c.is_ascii_digit()) {
            " (a decimal number does not say which layout made it)"
        } else {
            ""
        };
        return Err(
            format!("{text:?} reads as an ID of several schemes ({}){why}: pass --scheme", names.join(", ")).into()
        );
    }
    match refused.into_iter().min_by_key(|(rank, ..)| *rank) {
        Some((_, scheme, error)) => Err(format!("{text:?} looks like a {scheme} ID, but {error}").into()),
        None => Err(format!(
            "cannot tell the scheme of {text:?} ({}); pass --scheme, {}",
            crate::output::count(text.chars().count(), "character"),
            scheme_list()
        )
        .into()),
    }
}

/// How likely a text is of a form: its alphabet's size, then whether the form is not the
/// scheme's canonical one (smaller is likelier).
type Rank = (usize, bool);

enum Reading {
    Read(Rank, Map<String, Value>),
    /// The text has a form's shape but is not a valid value.
    Refused(Rank, String),
    Unread,
}

struct Detect<'a> {
    text: &'a str,
}

impl Visitor for Detect<'_> {
    type Output = Reading;

    fn visit<S: Describe>(self) -> Reading {
        let rank = |encoding: Encoding| (crate::describe::alphabet_len::<S>(encoding), encoding != S::ENCODINGS[0]);
        match read_any::<S>(self.text) {
            describe::Reading::Read(id, encoding) => match describe(&id) {
                Ok(fields) => Reading::Read(rank(encoding), fields),
                Err(e) => Reading::Refused(rank(encoding), e),
            },
            describe::Reading::Refused(encoding, e) => Reading::Refused(rank(encoding), e.to_string()),
            describe::Reading::Unread(_) => Reading::Unread,
        }
    }
}

/// `text` as an ID of the scheme named `scheme`, in any of its text forms.
fn inspect(scheme: &str, text: &str) -> Result<Map<String, Value>, String> {
    visit(scheme, Inspect { text }).unwrap_or_else(|| Err(format!("unknown scheme {scheme:?}; {}", scheme_list())))
}

struct Inspect<'a> {
    text: &'a str,
}

impl Visitor for Inspect<'_> {
    type Output = Result<Map<String, Value>, String>;

    fn visit<S: Describe>(self) -> Self::Output {
        let (id, _) = decode_any::<S>(self.text).map_err(|e| e.to_string())?;
        describe(&id)
    }
}
