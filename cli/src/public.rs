//! `idcraft public encrypt|decrypt --key <BASE64> --kind <KIND> [--json] <VALUE|TOKEN>`:
//! Architect.Identities-compatible public identities.

use crate::PublicArgs;
use crate::output::{Failure, Output};
use idcraft::codec::base64::{self, Flavour};
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

/// `idcraft key new`: a fresh AES-256 key, base64 or hex.
pub fn new_key(hex: bool, out: &mut Output) -> Result<(), Failure> {
    let (_, base64) = AesKey::generate(256).map_err(|e| e.to_string())?;
    if !hex {
        return out.line(base64.as_str());
    }
    let mut bytes = zeroize::Zeroizing::new([0u8; 32]);
    base64::decode_into(base64.trim_end_matches('='), Flavour::Standard, &mut bytes[..]).map_err(|e| e.to_string())?;
    // Two halves: the ID codec's buffer holds 24 bytes.
    let (front, back) = bytes.split_at(16);
    let half = |h: &[u8]| idcraft::codec::hex::encode_lower::<16>(h.try_into().expect("16 bytes"));
    out.line(format_args!("{}{}", half(front).as_str(), half(back).as_str()))
}

pub fn run(direction: Direction, args: &PublicArgs, out: &mut Output) -> Result<(), Failure> {
    out.line(result(direction, args)?)
}

/// The key from `--key`, `IDCRAFT_PUBLIC_KEY` or `--key-file`, and where it came from (for
/// messages: a bad key names its own source, never an option the user did not give).
fn key_text(args: &PublicArgs) -> Result<(String, String), String> {
    if let Some(path) = &args.key_file {
        let source = format!("--key-file {}", path.display());
        let text = std::fs::read_to_string(path).map_err(|e| format!("{source}: {e}"))?;
        // `echo KEY > file` ends the file with a newline; an editor may add a CR too.
        return Ok((source, text.trim_end_matches(['\n', '\r']).to_owned()));
    }
    let source = if std::env::var_os("IDCRAFT_PUBLIC_KEY").is_some() { "IDCRAFT_PUBLIC_KEY" } else { "--key" };
    let text = args.key.clone().ok_or_else(|| {
        "missing key: give --key-file <PATH>, IDCRAFT_PUBLIC_KEY or --key <BASE64> (a 16, 24 or 32-byte AES key; `idcraft key new` makes one)"
            .to_owned()
    })?;
    Ok((source.to_owned(), text))
}

/// A key in base64 or in hex (32, 48 or 64 hex digits), as `idcraft key new` prints them.
fn read_key(args: &PublicArgs) -> Result<AesKey, String> {
    let (source, text) = key_text(args)?;
    let hex_len = text.len();
    if matches!(hex_len, 32 | 48 | 64) && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        let mut bytes = zeroize::Zeroizing::new([0u8; 32]);
        for (i, pair) in text.as_bytes().chunks(2).enumerate() {
            let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
            bytes[i] = digit(pair[0]) << 4 | digit(pair[1]);
        }
        return AesKey::new(&bytes[..hex_len / 2]).map_err(|e| format!("{source}: {e}"));
    }
    AesKey::from_base64(&text).map_err(|e| {
        format!(
            "{source}: {e} (a key is 16, 24 or 32 bytes: 24, 32 or 44 base64 characters, or 32, 48 or 64 hex digits)"
        )
    })
}

fn result(direction: Direction, args: &PublicArgs) -> Result<String, String> {
    if let Some(prefix) = &args.type_prefix {
        crate::output::check_prefix("--type-prefix", prefix).map_err(|e| e.to_string())?;
    }
    let key = read_key(args)?;
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
