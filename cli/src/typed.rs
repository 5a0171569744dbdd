//! `idcraft public encrypt|decrypt --scheme SCHEME [--type-prefix PREFIX] [--compatible]`:
//! idcraft's typed tokens (`PublicIds`), unbound. A token bound to its type
//! (`PublicIds::bound_to_types`) is keyed by the type's Rust path as well, which only the
//! service that owns the type knows, so it is refused like any token these keys did not make.

use idcraft::public::format::Format;
use idcraft::public::{AesKey, PublicIds};
use idcraft::{Decimal, Identity, Uuid};
use serde_json::json;

/// Which way a token goes.
pub enum Way {
    Encrypt,
    Decrypt,
}

// One prefix-less type per scheme: the prefix is the command line's, added and checked here.
#[derive(Identity)]
#[id(scheme = "comb_sql")]
struct CombSql(Uuid);
#[derive(Identity)]
#[id(scheme = "comb_pg")]
struct CombPg(Uuid);
#[derive(Identity)]
#[id(scheme = "comb_legacy")]
struct CombLegacy(Uuid);
#[derive(Identity)]
#[id(scheme = "comb_binary")]
struct CombBinary(Uuid);
#[derive(Identity)]
#[id(scheme = "hot")]
struct Hot(Uuid);
#[derive(Identity)]
#[id(scheme = "distributed")]
struct Distributed(Decimal);
#[derive(Identity)]
#[id(scheme = "distributed128")]
struct Distributed128(u128);
#[derive(Identity)]
#[id(scheme = "sno")]
struct Sno([u8; 10]);
#[derive(Identity)]
#[id(scheme = "uid64")]
struct Uid64(u64);
#[derive(Identity)]
#[id(scheme = "uid96")]
struct Uid96([u8; 12]);

/// The command's output for `input` (one line, or a JSON object).
pub fn run(
    way: Way,
    key: AesKey,
    scheme: &str,
    prefix: Option<&str>,
    compatible: bool,
    input: &str,
    json: bool,
) -> Result<String, String> {
    if compatible {
        for_scheme(&PublicIds::compatible(key), way, scheme, prefix, input, json)
    } else {
        for_scheme(&PublicIds::new(key), way, scheme, prefix, input, json)
    }
}

fn for_scheme<F: Format>(
    ids: &PublicIds<F>,
    way: Way,
    scheme: &str,
    prefix: Option<&str>,
    input: &str,
    json: bool,
) -> Result<String, String> {
    let go = Token { way, prefix, input, json };
    match scheme {
        "comb_sql" => go.run::<CombSql, F>(ids),
        "comb_pg" => go.run::<CombPg, F>(ids),
        "comb_legacy" => go.run::<CombLegacy, F>(ids),
        "comb_binary" => go.run::<CombBinary, F>(ids),
        "hot" => go.run::<Hot, F>(ids),
        "distributed" => go.run::<Distributed, F>(ids),
        "distributed128" => go.run::<Distributed128, F>(ids),
        "sno" => go.run::<Sno, F>(ids),
        "uid64" => go.run::<Uid64, F>(ids),
        "uid96" => go.run::<Uid96, F>(ids),
        other => Err(format!("unknown --scheme {other:?}; {}", crate::inspect::scheme_list())),
    }
}

struct Token<'a> {
    way: Way,
    prefix: Option<&'a str>,
    input: &'a str,
    json: bool,
}

impl Token<'_> {
    fn run<I, F: Format>(&self, ids: &PublicIds<F>) -> Result<String, String>
    where
        I: Identity + std::str::FromStr<Err = idcraft::ParseError>,
        I::Scheme: idcraft::public::PublicBlock,
    {
        let with_prefix = |body: &str| match self.prefix {
            Some(p) => format!("{p}_{body}"),
            None => body.to_owned(),
        };
        let body = match self.prefix {
            Some(p) => self.input.strip_prefix(p).and_then(|rest| rest.strip_prefix('_')),
            None => Some(self.input),
        };
        let (id, token) = match self.way {
            Way::Encrypt => {
                // The ID may be given with the type's prefix or without.
                let text = body.unwrap_or(self.input);
                let id: I = text
                    .parse()
                    .map_err(|e| format!("{text:?} is not a {} ID: {e}", <I::Scheme as idcraft::Scheme>::NAME))?;
                (id, ids.to_public(&id).to_string())
            }
            Way::Decrypt => {
                let body = body.ok_or_else(|| {
                    format!(
                        "{:?} does not start with the type prefix \"{}_\"",
                        self.input,
                        self.prefix.unwrap_or_default()
                    )
                })?;
                let id: I = ids.decode_str(body).map_err(|_| {
                    format!("{:?} failed the check: not a valid token of this scheme under this key (or one bound to its type)", self.input)
                })?;
                (id, body.to_owned())
            }
        };
        let (id, token) = (with_prefix(&id.to_string()), with_prefix(&token));
        Ok(match (self.json, &self.way) {
            (true, _) => json!({ "scheme": <I::Scheme as idcraft::Scheme>::NAME, "prefix": self.prefix, "id": id, "token": token }).to_string(),
            (false, Way::Encrypt) => token,
            (false, Way::Decrypt) => id,
        })
    }
}
