//! What `cargo xtask surface` prints: a table for a person, or the whole breakdown as JSON.

use super::Options;
use super::count::{CrateSurface, Reexport, Source};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How many modules each table shows.
const TOP_MODULES: usize = 40;
/// How many traits the list of trait-impl functions shows.
const TOP_TRAITS: usize = 15;

/// One package's measure.
pub struct Measured {
    pub package: &'static str,
    pub features: Vec<String>,
    pub surface: CrateSurface,
}

/// Items and counted methods per public module, over every crate (a module's path starts with
/// its crate's name, so the crates do not mix).
fn modules(crates: &[Measured]) -> Vec<(String, usize, usize)> {
    let mut by_module: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for m in crates {
        for item in &m.surface.items {
            by_module.entry(&item.module).or_default().0 += 1;
        }
        for method in m.surface.counted_methods() {
            by_module.entry(&method.module).or_default().1 += 1;
        }
    }
    by_module.into_iter().map(|(module, (items, methods))| (module.to_owned(), items, methods)).collect()
}

/// What a re-export names: an item counted in the crate that defines it (`counted`), an item of a
/// crate outside the three (`other crate`: the derive macro, `uuid::Uuid`), or an item that
/// rustdoc strips as hidden (`hidden`: its `pub use` is public, but neither it nor its methods
/// are counted).
fn reexport_kind(r: &Reexport, crates: &[Measured]) -> &'static str {
    let Some((krate, defined)) = &r.defined else { return "hidden" };
    match crates.iter().find(|m| &m.surface.name == krate) {
        None => "other crate",
        Some(m) if m.surface.items.iter().any(|i| &i.defined == defined) => "counted",
        Some(_) => "hidden",
    }
}

/// Trait-impl functions per trait name, most first.
fn by_trait(crates: &[Measured]) -> Vec<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for m in crates {
        for f in m.surface.trait_impl_fns() {
            *counts.entry(f.trait_name.as_deref().unwrap_or("?")).or_default() += 1;
        }
    }
    let mut list: Vec<(String, usize)> = counts.into_iter().map(|(t, n)| (t.to_owned(), n)).collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    list
}

/// Every deprecated item and counted method: its path and what its attribute says.
fn deprecated(crates: &[Measured]) -> Vec<(String, String)> {
    let mut list = Vec::new();
    for m in crates {
        let items = m.surface.items.iter().map(|i| (&i.path, &i.deprecated));
        let methods = m.surface.counted_methods().map(|f| (&f.path, &f.deprecated));
        list.extend(items.chain(methods).filter_map(|(p, d)| Some((p.clone(), d.clone()?))));
    }
    list.sort();
    list
}

/// The totals: items, counted methods, trait-impl functions.
fn totals(crates: &[Measured]) -> (usize, usize, usize) {
    crates.iter().fold((0, 0, 0), |(i, m, t), c| {
        let s = &c.surface;
        (i + s.items.len(), m + s.counted_methods().count(), t + s.trait_impl_fns().count())
    })
}

/// The lines that say which total is over its limit; none when within them (or none given).
pub fn over_limits(crates: &[Measured], options: &Options) -> Vec<String> {
    let (items, methods, _) = totals(crates);
    let checks = [("items with a path", items, options.max_items), ("methods", methods, options.max_methods)];
    checks
        .into_iter()
        .filter_map(|(what, n, max)| {
            max.filter(|&max| n > max).map(|max| format!("{what}: {n}, over the limit of {max}"))
        })
        .collect()
}

/// The report for a person.
pub fn text(crates: &[Measured]) -> String {
    let mut out = String::new();
    let mut formats: Vec<String> = crates.iter().map(|c| c.surface.format_version.to_string()).collect();
    formats.dedup();
    let formats = formats.join("/");
    let _ = writeln!(out, "Public surface (rustdoc JSON format {formats}; hidden items excluded; lease features off)");
    let _ = writeln!(
        out,
        "\n{:<16} {:>6} {:>8} {:>16} {:>11}",
        "package", "items", "methods", "trait-impl fns*", "re-exports*"
    );
    for m in crates {
        let s = &m.surface;
        let (items, methods, impls) = (s.items.len(), s.counted_methods().count(), s.trait_impl_fns().count());
        let _ = writeln!(out, "{:<16} {items:>6} {methods:>8} {impls:>16} {:>11}", m.package, s.reexports.len());
    }
    let (items, methods, impls) = totals(crates);
    let _ = writeln!(out, "{:<16} {items:>6} {methods:>8} {impls:>16}", "total");
    let _ = writeln!(out, "* not counted: see `cargo xtask surface` in CONTRIBUTING.md");

    let mut rows = modules(crates);
    for (title, by_methods) in [("items", false), ("methods", true)] {
        rows.sort_by(|a, b| {
            let key = |r: &(String, usize, usize)| if by_methods { (r.2, r.1) } else { (r.1, r.2) };
            key(b).cmp(&key(a)).then_with(|| a.0.cmp(&b.0))
        });
        let _ = writeln!(out, "\nModules by {title} (top {} of {})", TOP_MODULES.min(rows.len()), rows.len());
        let _ = writeln!(out, "{:>6} {:>8}  module", "items", "methods");
        for (module, items, methods) in rows.iter().take(TOP_MODULES) {
            let _ = writeln!(out, "{items:>6} {methods:>8}  {module}");
        }
    }

    let traits = by_trait(crates);
    let _ = writeln!(
        out,
        "\nTrait-impl functions by trait (not counted; top {} of {})",
        TOP_TRAITS.min(traits.len()),
        traits.len()
    );
    for (name, n) in traits.iter().take(TOP_TRAITS) {
        let _ = writeln!(out, "{n:>6}  {name}");
    }

    for (kind, title) in [("other crate", "items of other crates"), ("hidden", "hidden items")] {
        let list: Vec<String> = crates
            .iter()
            .flat_map(|m| &m.surface.reexports)
            .filter(|r| reexport_kind(r, crates) == kind)
            .map(|r| format!("  {}  (pub use {})", r.path, r.source))
            .collect();
        let _ = writeln!(out, "\nRe-exports of {title} (not counted: {})\n{}", list.len(), list.join("\n"));
    }

    let unreached: Vec<&String> = crates.iter().flat_map(|m| &m.surface.unreached).collect();
    let _ = writeln!(out, "\nDocumented but named by no public path (not counted: {})", unreached.len());
    for path in unreached {
        let _ = writeln!(out, "  {path}");
    }

    let deprecated = deprecated(crates);
    let _ = writeln!(out, "\nDeprecated ({})", deprecated.len());
    for (path, note) in &deprecated {
        let _ = writeln!(out, "  {path}  ({note})");
    }
    out
}

/// The whole breakdown, for a program.
pub fn json(crates: &[Measured], options: &Options) -> Value {
    let (items, methods, impls) = totals(crates);
    let source = |s: Source| match s {
        Source::Inherent => "inherent",
        Source::TraitDef => "trait",
        Source::TraitImpl => "trait_impl",
    };
    let crates_json: Vec<Value> = crates
        .iter()
        .map(|m| {
            let s = &m.surface;
            json!({
                "package": m.package,
                "crate": s.name,
                "format_version": s.format_version,
                "features": m.features,
                "items": s.items.len(),
                "methods": s.counted_methods().count(),
                "trait_impl_fns": s.trait_impl_fns().count(),
                "item_list": s.items.iter().map(|i| json!({
                    "path": i.path, "module": i.module, "kind": i.kind, "deprecated": i.deprecated,
                })).collect::<Vec<_>>(),
                "method_list": s.methods.iter().map(|f| json!({
                    "path": f.path, "module": f.module, "source": source(f.source),
                    "trait": f.trait_name, "counted": f.source != Source::TraitImpl, "deprecated": f.deprecated,
                })).collect::<Vec<_>>(),
                "unreached": s.unreached,
                "reexports": s.reexports.iter().map(|r| json!({
                    "path": r.path, "source": r.source, "names": reexport_kind(r, crates),
                    "defined": r.defined.as_ref().map(|(k, p)| json!({"crate": k, "path": p})),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let modules: Vec<Value> = modules(crates)
        .into_iter()
        .map(|(module, items, methods)| json!({"module": module, "items": items, "methods": methods}))
        .collect();
    let traits: Vec<Value> = by_trait(crates).into_iter().map(|(t, n)| json!({"trait": t, "fns": n})).collect();
    let deprecated: Vec<Value> = deprecated(crates).into_iter().map(|(p, n)| json!({"path": p, "note": n})).collect();
    json!({
        "total": {"items": items, "methods": methods, "trait_impl_fns": impls},
        "limits": {"max_items": options.max_items, "max_methods": options.max_methods},
        "over_limits": over_limits(crates, options),
        "crates": crates_json,
        "modules": modules,
        "trait_impl_fns_by_trait": traits,
        "deprecated": deprecated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::count::{Item, Method};

    fn measured(package: &'static str, surface: CrateSurface) -> Measured {
        Measured { package, features: Vec::new(), surface }
    }

    /// A core crate with `Timestamp` and two methods, and a facade that re-exports it, the
    /// derive of a crate outside the measure and a hidden item.
    fn two_crates() -> Vec<Measured> {
        let item = |path: &str, defined: &str| Item {
            path: path.into(),
            module: "core".into(),
            kind: "struct".into(),
            defined: defined.into(),
            deprecated: None,
        };
        let method = |path: &str, source| Method {
            path: path.into(),
            module: "core".into(),
            source,
            trait_name: (source == Source::TraitImpl).then(|| "Display".into()),
            deprecated: None,
        };
        let core = CrateSurface {
            name: "core".into(),
            items: vec![item("core::Timestamp", "core::time::Timestamp")],
            methods: vec![
                method("core::Timestamp::now", Source::Inherent),
                method("core::Timestamp::fmt", Source::TraitImpl),
            ],
            ..CrateSurface::default()
        };
        let reexport = |path: &str, defined: Option<(&str, &str)>| Reexport {
            path: path.into(),
            source: String::new(),
            defined: defined.map(|(k, p)| (k.into(), p.into())),
        };
        let facade = CrateSurface {
            name: "facade".into(),
            reexports: vec![
                reexport("facade::Timestamp", Some(("core", "core::time::Timestamp"))),
                reexport("facade::Identity", Some(("derive", "derive::Identity"))),
                reexport("facade::Fields", Some(("core", "core::fields::Fields"))),
            ],
            ..CrateSurface::default()
        };
        vec![measured("core", core), measured("facade", facade)]
    }

    #[test]
    fn a_reexport_is_counted_where_its_item_is_defined() {
        let crates = two_crates();
        assert_eq!(totals(&crates), (1, 1, 1));
        let kinds: Vec<&str> = crates[1].surface.reexports.iter().map(|r| reexport_kind(r, &crates)).collect();
        assert_eq!(kinds, ["counted", "other crate", "hidden"]);
    }

    #[test]
    fn limits_fail_only_when_exceeded() {
        let crates = two_crates();
        let limits = |max_items, max_methods| Options { json: false, max_items, max_methods };
        assert!(over_limits(&crates, &limits(None, None)).is_empty());
        assert!(over_limits(&crates, &limits(Some(1), Some(1))).is_empty());
        assert_eq!(
            over_limits(&crates, &limits(Some(0), Some(0))),
            ["items with a path: 1, over the limit of 0", "methods: 1, over the limit of 0"]
        );
        let text = text(&crates);
        assert!(text.contains("total                 1        1                1"), "{text}");
    }
}
