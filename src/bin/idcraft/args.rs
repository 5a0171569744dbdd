//! A small argument reader: `--flag value`, `--flag=value`, boolean switches and positionals,
//! with errors that say which argument was wrong.

use std::collections::BTreeMap;

pub struct Args {
    options: BTreeMap<String, String>,
    switches: Vec<String>,
    pub positionals: Vec<String>,
}

impl Args {
    /// Splits `raw` given the options that take a value and the switches that do not.
    pub fn parse(raw: &[String], with_value: &[&str], switches: &[&str]) -> Result<Args, String> {
        let mut args = Args { options: BTreeMap::new(), switches: Vec::new(), positionals: Vec::new() };
        let mut it = raw.iter();
        while let Some(arg) = it.next() {
            let Some(name) = arg.strip_prefix("--") else {
                args.positionals.push(arg.clone());
                continue;
            };
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (name, None),
            };
            if switches.contains(&name) {
                args.switches.push(name.to_owned());
            } else if with_value.contains(&name) {
                let value = match inline {
                    Some(v) => v,
                    None => it.next().cloned().ok_or_else(|| format!("--{name} needs a value"))?,
                };
                if args.options.insert(name.to_owned(), value).is_some() {
                    return Err(format!("--{name} given twice"));
                }
            } else {
                return Err(format!("unknown option --{name}"));
            }
        }
        Ok(args)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    pub fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// An option parsed as `T`, with the option's name in the error.
    pub fn parsed<T: std::str::FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, String>
    where
        T::Err: std::fmt::Display,
    {
        self.get(name).map(|v| v.parse::<T>().map_err(|e| format!("--{name} {v:?}: expected {what} ({e})"))).transpose()
    }
}
