//! How the count reads rustdoc's JSON: lookups that tolerate the format's older spellings, and
//! the walk that finds every public path of every item.
//!
//! Written against format 57 (nightly of 2026-05). The format changes between nightlies, so
//! every field is looked up by name and a missing one is an error that names it; the older
//! spellings of what is read are understood too (ids as strings before format 36, an item's
//! kind in a `kind` field rather than as the one key of `inner`, `import` for `use`, `typedef`
//! for `type_alias`, `method` for a function in an impl or trait).

use super::count::Reexport;
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};

/// Field `key` of `v`, or an error that names it and what it was looked for in.
pub fn field<'a>(v: &'a Value, key: &str, what: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("rustdoc JSON: no `{key}` in {what}"))
}

/// An id as `index` and `paths` key it: a number from format 36 on, a string before.
pub fn id_key(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// An item's kind: the one key of `inner` (a `kind` field in older formats), with the older
/// names mapped to today's.
pub fn kind(item: &Value) -> Option<&str> {
    let kind = match item.get("kind").and_then(Value::as_str) {
        Some(kind) => kind,
        None => item.get("inner")?.as_object()?.keys().next()?.as_str(),
    };
    Some(match kind {
        "import" => "use",
        "typedef" => "type_alias",
        "method" => "function",
        other => other,
    })
}

/// What an item of `kind` holds: `inner.<kind>`, or `inner` itself in older formats.
pub fn inner<'a>(item: &'a Value, kind: &str) -> Option<&'a Value> {
    let inner = item.get("inner")?;
    let old = match kind {
        "use" => "import",
        "type_alias" => "typedef",
        "function" => "method",
        _ => kind,
    };
    inner.get(kind).or_else(|| inner.get(old)).or(Some(inner))
}

/// The ids listed under `key` of an item's inner object (a module's or an impl's `items`).
pub fn ids(item: &Value, kind: &str, key: &str) -> Vec<String> {
    let list = inner(item, kind).and_then(|i| i.get(key)).and_then(Value::as_array);
    list.map(|l| l.iter().filter_map(id_key).collect()).unwrap_or_default()
}

/// What an item's `#[deprecated]` says (`since 0.2.0: use …`), if it has one.
pub fn deprecation(item: &Value) -> Option<String> {
    let d = item.get("deprecation").filter(|d| !d.is_null())?;
    let since = d.get("since").and_then(Value::as_str).map(|s| format!("since {s}"));
    let note = d.get("note").and_then(Value::as_str).map(str::to_owned);
    Some(match (since, note) {
        (Some(s), Some(n)) => format!("{s}: {n}"),
        (s, n) => s.or(n).unwrap_or_else(|| "deprecated".to_owned()),
    })
}

/// A public location: the module a user reaches the item in, and its path there.
#[derive(Clone, Debug)]
pub struct Place {
    pub module: String,
    pub path: String,
}

/// Every public path of every local item, found breadth-first from the crate root through
/// modules and `pub use`: rustdoc's `paths` gives where an item is *defined*, which may be a
/// private module (`scheme::sno::generator::SnoGenerator`, reached as `scheme::sno::…`).
pub struct Walk<'a> {
    index: &'a Map<String, Value>,
    paths: &'a Map<String, Value>,
    /// `external_crates`: a crate's name by its id.
    crates: Option<&'a Map<String, Value>>,
    name: String,
    /// Every public place of each item reached, by id.
    pub places: HashMap<String, Vec<Place>>,
    pub reexports: Vec<Reexport>,
    queue: VecDeque<(String, String)>,
}

impl<'a> Walk<'a> {
    /// A walk of the crate named `name` whose document is `doc` (`index` and `paths` being its
    /// fields, already looked up).
    pub fn new(doc: &'a Value, index: &'a Map<String, Value>, paths: &'a Map<String, Value>, name: &str) -> Self {
        let crates = doc.get("external_crates").and_then(Value::as_object);
        Walk {
            index,
            paths,
            crates,
            name: name.to_owned(),
            places: HashMap::new(),
            reexports: Vec::new(),
            queue: VecDeque::new(),
        }
    }

    /// Item `id` when this crate defines it (`crate_id` 0) and rustdoc documented it.
    pub fn local(&self, id: &str) -> Option<&'a Value> {
        self.index.get(id).filter(|item| item.get("crate_id").and_then(Value::as_u64) == Some(0))
    }

    /// Walks from the crate's root module, item `root`.
    pub fn run(&mut self, root: &str) {
        // A glob can reach a module again under another path; each pair is walked once.
        let mut seen = HashSet::new();
        self.reach(root, "", &self.name.clone());
        while let Some((id, path)) = self.queue.pop_front() {
            if !seen.insert((id.clone(), path.clone())) {
                continue;
            }
            let Some(module) = self.index.get(&id) else { continue };
            for child in ids(module, "module", "items") {
                // An id the index lacks was stripped (hidden, or private).
                let Some(item) = self.index.get(&child) else { continue };
                let name = item.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
                if kind(item) == Some("use") {
                    self.reexport(item, &path);
                } else {
                    self.reach(&child, &path, &name);
                }
            }
        }
    }

    /// A `use` in module `path`: a local item reached under the `use`'s name (or, for a glob,
    /// everything in it reached here), or a re-export of another crate's item.
    fn reexport(&mut self, item: &Value, path: &str) {
        let Some(u) = inner(item, "use") else { return };
        let name = u.get("name").and_then(Value::as_str).unwrap_or_default();
        let glob = u.get("is_glob").or_else(|| u.get("glob")).and_then(Value::as_bool).unwrap_or(false);
        let id = u.get("id").and_then(id_key);
        let target = id.clone().filter(|t| self.local(t).is_some());
        match (target, glob) {
            (Some(t), true) => match self.local(&t).and_then(kind) {
                Some("module") => self.queue.push_back((t, path.to_owned())),
                Some("enum") => self.variants(&t, path, path),
                _ => {}
            },
            (Some(t), false) => self.reach(&t, path, name),
            (None, _) => {
                let source = u.get("source").and_then(Value::as_str).unwrap_or_default().to_owned();
                let path = if glob { format!("{path}::*") } else { format!("{path}::{name}") };
                let defined = id.and_then(|id| self.defined(&id));
                self.reexports.push(Reexport { path, source, defined });
            }
        }
    }

    /// The crate that defines item `id` and its path there, from `paths`.
    fn defined(&self, id: &str) -> Option<(String, String)> {
        let entry = self.paths.get(id)?;
        let krate = match entry.get("crate_id")?.as_u64()? {
            0 => self.name.clone(),
            n => self.crates?.get(&n.to_string())?.get("name")?.as_str()?.to_owned(),
        };
        let path = entry.get("path")?.as_array()?.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("::");
        Some((krate, path))
    }

    /// Item `id` reached as `name` in module `module` (`""` for the crate root itself).
    fn reach(&mut self, id: &str, module: &str, name: &str) {
        let path = if module.is_empty() { name.to_owned() } else { format!("{module}::{name}") };
        // The crate root is counted as a module of its own name.
        let module = if module.is_empty() { &path } else { module };
        self.places.entry(id.to_owned()).or_default().push(Place { module: module.to_owned(), path: path.clone() });
        match self.local(id).and_then(kind) {
            Some("module") => self.queue.push_back((id.to_owned(), path)),
            Some("enum") => self.variants(id, module, &path),
            _ => {}
        }
    }

    /// The variants of enum `id`, reached at `enum_path::Variant` in `module`.
    fn variants(&mut self, id: &str, module: &str, enum_path: &str) {
        let Some(item) = self.index.get(id) else { return };
        for variant in ids(item, "enum", "variants") {
            let Some(name) = self.index.get(&variant).and_then(|v| v.get("name")).and_then(Value::as_str) else {
                continue;
            };
            let place = Place { module: module.to_owned(), path: format!("{enum_path}::{name}") };
            self.places.entry(variant).or_default().push(place);
        }
    }
}

/// The canonical place of item `id`: of its public paths, the one nearest to where rustdoc says
/// it is defined (the most leading segments in common with that path, then the shortest), so
/// that `scheme::comb::layout::Comb`, re-exported as `scheme::comb::Comb` and `scheme::Comb`, is
/// shown in its family's module. `None` when no public path reaches it.
pub fn canonical(places: &HashMap<String, Vec<Place>>, id: &str, defined: &[String]) -> Option<Place> {
    let common = |p: &Place| p.path.split("::").zip(defined).take_while(|(a, b)| a == b).count();
    let nearest = places.get(id)?.iter().max_by(|a, b| {
        common(a).cmp(&common(b)).then_with(|| b.path.len().cmp(&a.path.len())).then_with(|| b.path.cmp(&a.path))
    });
    nearest.cloned()
}
