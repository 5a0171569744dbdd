//! `idcraft public encrypt|decrypt --scheme SCHEME [--type-prefix PREFIX] [--compatible]`:
//! idcraft's typed tokens (`PublicIds`), unbound. A token bound to its type
//! (`PublicIds::bound_to_types`) is keyed by the type's Rust path as well, which only the
//! service that owns the type knows, so it is refused like any token these keys did not make.

use idcraft::public::format::Format;
use idcraft::public::{AesKey, PublicIds};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{Visitor, visit};
use idcraft::{Identity, Scheme};
use serde_json::json;

/// Which way a token goes.
pub enum Way {
    Encrypt,
    Decrypt,
}

/// A prefix-less ID of scheme `S`, stored as the scheme value itself: what typed tokens of any
/// derived type of `S` hold (the prefix is the command line's, added and checked here).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
struct Plain<S>(S);

impl<S: Scheme> Identity for Plain<S> {
    type Scheme = S;
    type Storage = S;
    const TYPE_NAME: &'static str = "Plain";
    const MODULE_PATH: &'static str = module_path!();
    const PREFIX: Option<&'static str> = None;
    const ENCODING: idcraft::Encoding = idcraft::Encoding::Canonical;

    fn from_storage(storage: S) -> Self {
        Plain(storage)
    }

    fn storage(&self) -> S {
        self.0
    }
}

impl<S: Scheme> std::fmt::Display for Plain<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl<S: Scheme> std::str::FromStr for Plain<S> {
    type Err = idcraft::ParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Plain)
    }
}

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
    let go = Token { way, prefix, input, json, ids };
    visit(scheme, go).unwrap_or_else(|| Err(format!("unknown --scheme {scheme:?}; {}", crate::describe::scheme_list())))
}

struct Token<'a, F: Format> {
    way: Way,
    prefix: Option<&'a str>,
    input: &'a str,
    json: bool,
    ids: &'a PublicIds<F>,
}

impl<F: Format> Visitor for Token<'_, F> {
    type Output = Result<String, String>;

    fn visit<S: Describe>(self) -> Self::Output {
        self.run::<Plain<S>>()
    }
}

impl<F: Format> Token<'_, F> {
    fn run<I>(&self) -> Result<String, String>
    where
        I: Identity + std::str::FromStr<Err = idcraft::ParseError>,
        I::Scheme: idcraft::public::PublicBlock,
    {
        let ids = self.ids;
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
