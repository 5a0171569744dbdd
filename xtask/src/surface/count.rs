//! The count of one crate's public surface from rustdoc's JSON (the rule is in `super`'s doc
//! comment). Pure: a parsed document in, the crate's items and methods out, so that it is tested
//! on a hand-written document.

use super::walk::{Place, Walk, canonical, deprecation, field, id_key, ids, inner, kind};
use serde_json::Value;
use std::collections::HashMap;

/// The format the count was written and checked against; another one is read all the same, with
/// a warning, since most changes between versions touch fields this count does not read.
pub const TESTED_FORMAT: u64 = 57;

/// The kinds of `paths` entries that count as items: the issue's "modules, types, traits, free
/// functions, constants, variants", with statics, unions, aliases and macros as the types and
/// constants they are. Not struct fields, associated items or primitives: they have no page of
/// their own a user navigates to.
const ITEM_KINDS: &[&str] = &[
    "module",
    "struct",
    "enum",
    "union",
    "trait",
    "trait_alias",
    "type_alias",
    "typedef",
    "function",
    "constant",
    "static",
    "variant",
    "macro",
    "proc_attribute",
    "proc_derive",
];

/// One counted item, at its canonical public path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// `idcraft_core::codec::hex::encode_uuid`.
    pub path: String,
    /// The public module it is reached in: the path less its name (less the enum, for a variant).
    pub module: String,
    pub kind: String,
    /// Where rustdoc says it is defined, private modules included: what a `pub use` of it in
    /// another crate's document names ([`Reexport::defined`]).
    pub defined: String,
    /// `since 0.2.0: use …`, for a `#[deprecated]` item.
    pub deprecated: Option<String>,
}

/// Where a function of an impl or a trait comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An inherent `impl Type { … }`: counted.
    Inherent,
    /// A trait's own definition (required and provided functions): counted.
    TraitDef,
    /// An `impl Trait for Type { … }`: listed, not counted.
    TraitImpl,
}

/// A method or associated function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    /// `idcraft_core::time::Timestamp::from_unix_millis`.
    pub path: String,
    /// The module of the type or trait it belongs to.
    pub module: String,
    pub source: Source,
    /// For a trait impl's function, the trait's name as written (`Display`, `From`).
    pub trait_name: Option<String>,
    pub deprecated: Option<String>,
}

/// A `pub use` of an item that this crate's document does not count: one defined in another
/// crate (`idcraft::Timestamp`), counted in that crate if it is one of the three, or a hidden
/// one (rustdoc documents a `pub use` of an item it stripped, but not the item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reexport {
    pub path: String,
    /// What the `use` names, as written: `idcraft_core::Timestamp`.
    pub source: String,
    /// The crate that defines it and its path there (`idcraft_core`,
    /// `idcraft_core::time::Timestamp`); `None` for a hidden item of this crate, which rustdoc
    /// gives no path.
    pub defined: Option<(String, String)>,
}

/// One crate's surface.
#[derive(Clone, Debug, Default)]
pub struct CrateSurface {
    pub name: String,
    pub format_version: u64,
    pub items: Vec<Item>,
    /// Inherent and trait-definition functions (counted) and trait-impl ones (not).
    pub methods: Vec<Method>,
    pub reexports: Vec<Reexport>,
    /// Local items rustdoc documents but no public path reaches (by definition path).
    pub unreached: Vec<String>,
}

impl CrateSurface {
    /// The counted methods and associated functions.
    pub fn counted_methods(&self) -> impl Iterator<Item = &Method> {
        self.methods.iter().filter(|m| m.source != Source::TraitImpl)
    }

    /// The functions of trait impls, listed but not counted.
    pub fn trait_impl_fns(&self) -> impl Iterator<Item = &Method> {
        self.methods.iter().filter(|m| m.source == Source::TraitImpl)
    }
}

/// Counts the surface of the crate whose rustdoc JSON is `doc`.
pub fn count(doc: &Value) -> Result<CrateSurface, String> {
    let format_version = field(doc, "format_version", "the document")?.as_u64().unwrap_or(0);
    let index = field(doc, "index", "the document")?.as_object().ok_or("rustdoc JSON: `index` is no object")?;
    let paths = field(doc, "paths", "the document")?.as_object().ok_or("rustdoc JSON: `paths` is no object")?;
    let root = id_key(field(doc, "root", "the document")?).ok_or("rustdoc JSON: `root` is no id")?;
    let name = index.get(&root).and_then(|r| r.get("name")).and_then(Value::as_str).ok_or("rustdoc JSON: no root")?;

    let mut walk = Walk::new(doc, index, paths, name);
    walk.run(&root);
    let local = |id: &str| walk.local(id);

    // Items: local `paths` entries of the counted kinds that rustdoc documented (in `index`).
    let mut items = Vec::new();
    let mut place_of = HashMap::new();
    let mut unreached = Vec::new();
    for (id, entry) in paths {
        let Some(item) = local(id) else { continue };
        if entry.get("crate_id").and_then(Value::as_u64) != Some(0) {
            continue;
        }
        let kind = entry.get("kind").and_then(Value::as_str).unwrap_or_default();
        let kind = if kind == "typedef" { "type_alias" } else { kind };
        if !ITEM_KINDS.contains(&kind) {
            continue;
        }
        let Some(defined) = entry.get("path").and_then(Value::as_array) else { continue };
        let defined: Vec<String> = defined.iter().filter_map(Value::as_str).map(str::to_owned).collect();
        // Documented yet named by no public path: a sealed trait in a private module, which
        // rustdoc keeps because a public trait names it as a supertrait. Listed, not counted.
        let Some(place) = canonical(&walk.places, id, &defined) else {
            unreached.push(defined.join("::"));
            continue;
        };
        place_of.insert(id.clone(), place.clone());
        let (path, module, kind, defined) = (place.path, place.module, kind.to_owned(), defined.join("::"));
        items.push(Item { path, module, kind, defined, deprecated: deprecation(item) });
    }

    let mut methods = Vec::new();
    let mut functions = |owner: &Place, list: Vec<String>, source: Source, trait_name: Option<String>| {
        for id in list {
            let Some(f) = local(&id).filter(|f| kind(f) == Some("function")) else { continue };
            let name = f.get("name").and_then(Value::as_str).unwrap_or_default();
            methods.push(Method {
                path: format!("{}::{name}", owner.path),
                module: owner.module.clone(),
                source,
                trait_name: trait_name.clone(),
                deprecated: deprecation(f),
            });
        }
    };
    for (id, item) in index {
        let Some(k) = local(id).and(kind(item)) else { continue };
        if k == "trait" && place_of.contains_key(id) {
            functions(&place_of[id], ids(item, "trait", "items"), Source::TraitDef, None);
        }
        if k != "impl" {
            continue;
        }
        let imp = inner(item, "impl").ok_or("rustdoc JSON: an impl without its fields")?;
        // rustdoc's own copies on each type: auto traits and blanket impls (`impl<T> From<T>
        // for T`); a blanket impl this crate writes is listed once, as written.
        let synthetic = imp.get("is_synthetic").or_else(|| imp.get("synthetic")).and_then(Value::as_bool);
        let blanket = imp.get("blanket_impl").is_some_and(|b| !b.is_null());
        if synthetic == Some(true) || blanket {
            continue;
        }
        let owner = owner(field(imp, "for", "an impl")?, &place_of);
        let list = ids(item, "impl", "items");
        match imp.get("trait").filter(|t| !t.is_null()) {
            // The inherent functions of a type no public path names are not counted either.
            None if owner.module == OTHER => {}
            None => functions(&owner, list, Source::Inherent, None),
            Some(t) => {
                let written = t.get("path").or_else(|| t.get("name")).and_then(Value::as_str).unwrap_or("?");
                let name = written.rsplit("::").next().unwrap_or(written).to_owned();
                functions(&owner, list, Source::TraitImpl, Some(name));
            }
        }
    }
    items.sort_by(|a, b| a.path.cmp(&b.path));
    methods.sort_by(|a, b| a.path.cmp(&b.path));
    let mut reexports = walk.reexports;
    reexports.sort_by(|a, b| a.path.cmp(&b.path));
    unreached.sort();
    Ok(CrateSurface { name: name.to_owned(), format_version, items, methods, reexports, unreached })
}

/// The module of an impl's functions when the impl is not for a reachable local type.
const OTHER: &str = "(other)";

/// The type an impl is for: its canonical place when it is a reachable local item, else a place
/// named by what rustdoc shows of it (`impl dyn Trait`, a generic `T` in a blanket impl).
fn owner(for_type: &Value, place_of: &HashMap<String, Place>) -> Place {
    let resolved = for_type.get("resolved_path");
    let id = resolved.and_then(|r| r.get("id")).and_then(id_key);
    if let Some(place) = id.and_then(|id| place_of.get(&id)) {
        return place.clone();
    }
    let shown = resolved
        .and_then(|r| r.get("path").or_else(|| r.get("name")))
        .and_then(Value::as_str)
        .map(str::to_owned)
        .or_else(|| for_type.get("generic").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_else(|| "_".to_owned());
    Place { module: OTHER.to_owned(), path: format!("<{shown}>") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// An index entry of format 57: a local item of `kind`.
    fn item(id: u64, name: Option<&str>, kind: &str, inner: Value) -> (String, Value) {
        let mut inner_map = serde_json::Map::new();
        inner_map.insert(kind.to_owned(), inner);
        (id.to_string(), json!({"id": id, "crate_id": 0, "name": name, "deprecation": null, "inner": inner_map}))
    }

    fn impl_of(for_id: u64, trait_: Value, items: &[u64], synthetic: bool, blanket: Value) -> Value {
        json!({"trait": trait_, "for": {"resolved_path": {"path": "Thing", "id": for_id, "args": null}},
               "items": items, "is_synthetic": synthetic, "blanket_impl": blanket})
    }

    /// A crate `demo`: a public module `codec`, a struct `Thing` defined in a private module and
    /// re-exported twice, an enum, a trait, a hidden item (listed by the root, absent from the
    /// index), a sealed trait no public path names, a re-export of another crate's struct, and
    /// impls of every sort.
    fn sample() -> Value {
        let fun = || json!({"sig": {}});
        let mut index: serde_json::Map<String, Value> = [
            item(0, Some("demo"), "module", json!({"is_crate": true, "items": [1, 2, 99, 4, 5, 6, 30]})),
            item(1, Some("codec"), "module", json!({"is_crate": false, "items": [7, 8]})),
            item(2, None, "use", json!({"source": "private::Thing", "name": "Thing", "id": 10, "is_glob": false})),
            item(4, None, "use", json!({"source": "other::Ext", "name": "Ext", "id": 50, "is_glob": false})),
            item(5, Some("free"), "function", fun()),
            item(6, Some("E"), "enum", json!({"variants": [11, 12], "impls": []})),
            item(7, Some("encode"), "function", fun()),
            item(8, None, "use", json!({"source": "crate::Thing", "name": "Thing", "id": 10, "is_glob": false})),
            item(10, Some("Thing"), "struct", json!({"impls": [20, 23, 25, 27, 33]})),
            item(11, Some("A"), "variant", json!({})),
            item(12, Some("B"), "variant", json!({})),
            item(20, None, "impl", impl_of(10, Value::Null, &[21, 22, 29], false, Value::Null)),
            item(21, Some("new"), "function", fun()),
            item(22, Some("get"), "function", fun()),
            item(29, Some("MAX"), "assoc_const", json!({})),
            item(
                23,
                None,
                "impl",
                impl_of(10, json!({"path": "core::fmt::Display", "id": 60}), &[24], false, Value::Null),
            ),
            item(24, Some("fmt"), "function", fun()),
            item(25, None, "impl", impl_of(10, json!({"path": "Send", "id": 61}), &[], true, Value::Null)),
            item(
                27,
                None,
                "impl",
                impl_of(10, json!({"path": "Into", "id": 62}), &[28], false, json!({"generic": "T"})),
            ),
            item(30, Some("Tr"), "trait", json!({"items": [31, 32]})),
            item(31, Some("required"), "function", fun()),
            item(32, Some("provided"), "function", fun()),
            item(33, None, "impl", impl_of(10, json!({"path": "Tr", "id": 30}), &[34], false, Value::Null)),
            item(34, Some("required"), "function", fun()),
            item(40, Some("Sealed"), "trait", json!({"items": []})),
        ]
        .into_iter()
        .collect();
        index["22"]["deprecation"] = json!({"since": "0.2.0", "note": "use `new`"});
        // rustdoc's copy of a blanket impl's function belongs to the other crate.
        index.insert("28".into(), json!({"id": 28, "crate_id": 1, "name": "into", "inner": {"function": {}}}));
        let path = |crate_id: u64, kind: &str, path: &[&str]| json!({"crate_id": crate_id, "kind": kind, "path": path});
        json!({
            "format_version": 57,
            "root": 0,
            "index": index,
            "paths": {
                "0": path(0, "module", &["demo"]),
                "1": path(0, "module", &["demo", "codec"]),
                "5": path(0, "function", &["demo", "free"]),
                "6": path(0, "enum", &["demo", "E"]),
                "7": path(0, "function", &["demo", "codec", "encode"]),
                "10": path(0, "struct", &["demo", "private", "Thing"]),
                "11": path(0, "variant", &["demo", "E", "A"]),
                "12": path(0, "variant", &["demo", "E", "B"]),
                "30": path(0, "trait", &["demo", "Tr"]),
                "40": path(0, "trait", &["demo", "sealed", "Sealed"]),
                "50": path(1, "struct", &["other", "Ext"]),
                "60": path(2, "trait", &["core", "fmt", "Display"]),
            },
            "external_crates": {"1": {"name": "other"}, "2": {"name": "core"}},
        })
    }

    #[test]
    fn counts_items_once_at_their_public_path_and_methods_of_inherent_impls_and_traits() {
        let surface = count(&sample()).unwrap();
        assert_eq!(surface.name, "demo");
        let items: Vec<(&str, &str, &str)> =
            surface.items.iter().map(|i| (i.path.as_str(), i.module.as_str(), i.kind.as_str())).collect();
        assert_eq!(
            items,
            [
                ("demo", "demo", "module"),
                ("demo::E", "demo", "enum"),
                ("demo::E::A", "demo", "variant"),
                ("demo::E::B", "demo", "variant"),
                // Reached as `demo::Thing` and `demo::codec::Thing`: counted once, at the shorter.
                ("demo::Thing", "demo", "struct"),
                ("demo::Tr", "demo", "trait"),
                ("demo::codec", "demo", "module"),
                ("demo::codec::encode", "demo::codec", "function"),
                ("demo::free", "demo", "function"),
            ]
        );
        assert_eq!(surface.items[4].defined, "demo::private::Thing");
        assert_eq!(surface.unreached, ["demo::sealed::Sealed"]);

        let counted: Vec<(&str, Source)> = surface.counted_methods().map(|m| (m.path.as_str(), m.source)).collect();
        assert_eq!(
            counted,
            [
                ("demo::Thing::get", Source::Inherent),
                ("demo::Thing::new", Source::Inherent),
                ("demo::Tr::provided", Source::TraitDef),
                ("demo::Tr::required", Source::TraitDef),
            ]
        );
        let get = surface.methods.iter().find(|m| m.path == "demo::Thing::get").unwrap();
        assert_eq!(get.deprecated.as_deref(), Some("since 0.2.0: use `new`"));
        // Trait impls are listed, not counted; rustdoc's synthetic and blanket copies not at all.
        let impls: Vec<(&str, Option<&str>)> =
            surface.trait_impl_fns().map(|m| (m.path.as_str(), m.trait_name.as_deref())).collect();
        assert_eq!(impls, [("demo::Thing::fmt", Some("Display")), ("demo::Thing::required", Some("Tr"))]);

        assert_eq!(
            surface.reexports,
            [Reexport {
                path: "demo::Ext".into(),
                source: "other::Ext".into(),
                defined: Some(("other".into(), "other::Ext".into())),
            }]
        );
    }

    #[test]
    fn reads_the_older_spellings_and_names_a_missing_field() {
        // Before format 36 ids were strings; before 28 the kind was a field, `import` a `use`.
        let doc = json!({
            "format_version": 30,
            "root": "0:0",
            "index": {
                "0:0": {"crate_id": 0, "name": "old", "kind": "module", "inner": {"items": ["0:1", "0:2"]}},
                "0:1": {"crate_id": 0, "name": "Alias", "kind": "typedef", "inner": {}},
                "0:2": {"crate_id": 0, "name": null, "kind": "import",
                        "inner": {"source": "x::Y", "name": "Y", "id": "1:5", "glob": false}},
            },
            "paths": {
                "0:0": {"crate_id": 0, "kind": "module", "path": ["old"]},
                "0:1": {"crate_id": 0, "kind": "typedef", "path": ["old", "Alias"]},
            },
        });
        let surface = count(&doc).unwrap();
        let items: Vec<(&str, &str)> = surface.items.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
        assert_eq!(items, [("old", "module"), ("old::Alias", "type_alias")]);
        assert_eq!(surface.reexports[0].path, "old::Y");
        assert_eq!(surface.reexports[0].defined, None);

        assert_eq!(count(&json!({"format_version": 57})).unwrap_err(), "rustdoc JSON: no `index` in the document");
    }
}
