//! `idcraft new <SCHEME>`: one generic function for every scheme of the registry; the scheme
//! says which options it takes and how they read (`idcraft::schemes::describe`).

use crate::NewArgs;
use crate::output::{Failure, Output};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::{Visitor, visit};
use idcraft::{Encoding, Generate, Timestamp};

/// Prints `--count` IDs as they are made: memory stays constant for any count.
pub fn run(args: &NewArgs, out: &mut Output) -> Result<(), Failure> {
    let time = match args.time.as_deref() {
        None => None,
        Some(text) => Some(text.parse::<Timestamp>().map_err(|e| {
            Failure::from(format!("--time {text:?}: expected an RFC 3339 time like 2024-03-21T04:19:11.304Z ({e})"))
        })?),
    };
    if let Some(prefix) = &args.prefix {
        crate::output::check_prefix("--prefix", prefix)?;
    }
    let encoding = match args.encoding.as_deref() {
        None => None,
        Some(name) => Some(Encoding::from_name(name).ok_or_else(|| {
            Failure::from(format!(
                "--encoding {name:?}: {}",
                Encoding::UNKNOWN_NAME.trim_start_matches("unknown text form; ")
            ))
        })?),
    };
    visit(&args.scheme, New { args, time, encoding, out })
        .unwrap_or_else(|| Err(format!("unknown scheme {:?}; {}", args.scheme, crate::describe::scheme_list()).into()))
}

struct New<'a, 'o> {
    args: &'a NewArgs,
    time: Option<Timestamp>,
    encoding: Option<Encoding>,
    out: &'o mut Output,
}

impl New<'_, '_> {
    /// The command line's generator options, by the names schemes use for them.
    fn options(&self) -> [(&'static str, Option<&str>); 5] {
        let args = self.args;
        [
            ("base", args.base.as_deref()),
            ("shard", args.shard.as_deref()),
            ("meta", args.meta.as_deref()),
            ("partition", args.partition.as_deref()),
            ("node", args.node.as_deref()),
        ]
    }

    fn option(&self, name: &str) -> Option<&str> {
        self.options().into_iter().find(|&(option, _)| option == name).and_then(|(_, value)| value)
    }
}

impl Visitor for New<'_, '_> {
    type Output = Result<(), Failure>;

    fn visit<S: Describe>(self) -> Result<(), Failure> {
        let takes = |name: &str| S::INPUT == Some(name) || S::OPTIONS.contains(&name);
        if let Some((extra, _)) = self.options().into_iter().find(|&(name, value)| value.is_some() && !takes(name)) {
            return Err(format!("--{extra} does not apply to scheme {}", S::NAME).into());
        }
        // The scheme names its options; on the command line they are flags.
        let input = S::input(S::INPUT.and_then(|name| self.option(name))).map_err(|e| format!("--{e}"))?;
        let configured = S::generator(&|name| self.option(name)).map_err(|e| format!("--{e}"))?;
        let generator: &dyn Generate<S> = match &configured {
            Some(generator) => generator.as_ref(),
            None => S::default_generator(),
        };
        let encoding = self.encoding.unwrap_or(Encoding::Canonical);
        if !encoding.is_in(S::ENCODINGS) {
            let forms: Vec<&str> = S::ENCODINGS.iter().map(|e| e.name()).collect();
            return Err(format!(
                "scheme {} has no {} text form; it has {}",
                S::NAME,
                encoding.name(),
                forms.join(", ")
            )
            .into());
        }
        if self.time.is_some() && !S::TIMED {
            return Err(format!("--time does not apply to scheme {}: its IDs hold no time", S::NAME).into());
        }
        let prefix = self.args.prefix.as_deref();
        let time = self.time;
        for _ in 0..self.args.count {
            let id = match time {
                Some(t) => generator.generate_at(input, t),
                None => generator.generate(input),
            };
            let id = id.map_err(|e| e.to_string())?;
            let body = id.encode(encoding).expect("the scheme has the form: checked above");
            let text = match prefix {
                Some(prefix) => format!("{prefix}_{body}"),
                None => body.to_string(),
            };
            if self.args.json {
                let mut fields = crate::describe::describe(&id)?;
                if prefix.is_some() || encoding != Encoding::Canonical {
                    fields.insert("printed".into(), text.clone().into());
                }
                if let Some(prefix) = prefix {
                    fields.insert("prefix".into(), prefix.into());
                }
                if encoding == Encoding::TypeId {
                    fields.insert("typeid".into(), text.into());
                }
                self.out.line(serde_json::Value::Object(fields))?;
            } else {
                self.out.line(text)?;
            }
        }
        Ok(())
    }
}
