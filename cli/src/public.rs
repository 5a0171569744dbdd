//! `idcraft public encrypt|decrypt --key <BASE64> --kind <KIND> [--json] <VALUE|TOKEN>`:
//! Architect.Identities-compatible public identities.

use crate::PublicArgs;
use crate::output::{Failure, Output};
use idcraft::public::{AesKey, PublicIdConverter, parse_public, to_base62};
use idcraft::{Decimal, Uuid};
use serde_json::json;

/// Which way `public` goes.
#[derive(Clone, Copy)]
pub enum Direction {
    Encrypt,
    Decrypt,
}

/// A new random key of `bits`, in base64.
pub fn keygen(bits: u32, out: &mut Output) -> Result<(), Failure> {
    let (_, text) = AesKey::generate(bits).map_err(|e| e.to_string())?;
    out.line(text.as_str())
}

pub fn run(direction: Direction, args: &PublicArgs, out: &mut Output) -> Result<(), Failure> {
    out.line(result(direction, args)?)
}

/// The key from `--key`, `IDCRAFT_PUBLIC_KEY` or `--key-file`.
fn key_text(args: &PublicArgs) -> Result<String, String> {
    if let Some(path) = &args.key_file {
        let text = std::fs::read_to_string(path).map_err(|e| format!("--key-file {}: {e}", path.display()))?;
        let text = text.strip_suffix('\n').unwrap_or(&text);
        return Ok(text.strip_suffix('\r').unwrap_or(text).to_owned());
    }
    args.key.clone().ok_or_else(|| {
        "missing key: give --key-file <PATH>, IDCRAFT_PUBLIC_KEY or --key <BASE64> (a 16, 24 or 32-byte AES key)"
            .to_owned()
    })
}

fn result(direction: Direction, args: &PublicArgs) -> Result<String, String> {
    let key = AesKey::from_base64(&key_text(args)?).map_err(|e| format!("--key: {e}"))?;
    if let Some(scheme) = &args.scheme {
        let way = match direction {
            Direction::Encrypt => crate::typed::Way::Encrypt,
            Direction::Decrypt => crate::typed::Way::Decrypt,
        };
        return crate::typed::run(
            way,
            key,
            scheme,
            args.type_prefix.as_deref(),
            args.compatible,
            &args.input,
            args.json,
        );
    }
    let converter = PublicIdConverter::new(key);
    let kind = args.kind.as_deref().unwrap_or_default();
    let input = &args.input;
    match direction {
        Direction::Encrypt => {
            let bad = |what: &str| format!("{input:?} is not {what}");
            let public = match kind {
                "u64" => converter.encrypt_u64(input.parse().map_err(|_| bad("a u64"))?),
                "i64" => converter.encrypt_i64(input.parse().map_err(|_| bad("an i64"))?).map_err(|e| e.to_string())?,
                "decimal" => converter
                    .encrypt_decimal(input.parse::<Decimal>().map_err(|_| bad("a decimal"))?)
                    .map_err(|e| e.to_string())?,
                "u128" => converter.encrypt_u128(input.parse().map_err(|_| bad("a u128"))?),
                "uuid" => converter.encrypt_uuid(input.parse::<Uuid>().map_err(|_| bad("a UUID"))?),
                other => return Err(format!("unknown --kind {other:?}; expected u64, i64, decimal, u128 or uuid")),
            };
            Ok(if args.json {
                json!({ "uuid": public.to_string(), "base62": to_base62(public) }).to_string()
            } else {
                to_base62(public)
            })
        }
        Direction::Decrypt => {
            let public = parse_public(input)
                .map_err(|_| format!("{input:?} is not a public ID token (a UUID or 22 base62 characters)"))?;
            let rejected = |_| format!("{input:?} failed the check: not a valid public ID under this key");
            let value = match kind {
                "u64" => converter.decrypt_u64(public).map_err(rejected)?.to_string(),
                "i64" => converter.decrypt_i64(public).map_err(rejected)?.to_string(),
                "decimal" => converter.decrypt_decimal(public).map_err(rejected)?.to_string(),
                "u128" => converter.decrypt_u128(public).to_string(),
                "uuid" => converter.decrypt_uuid(public).to_string(),
                other => return Err(format!("unknown --kind {other:?}; expected u64, i64, decimal, u128 or uuid")),
            };
            Ok(if args.json { json!({ "kind": kind, "value": value }).to_string() } else { value })
        }
    }
}
