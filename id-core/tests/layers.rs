//! The module graph of idcraft-core points down its layers (see the crate docs): a module may
//! name (`crate::…`, `super::…` to a sibling) only modules of its own layer or below, and no two
//! modules of idcraft-core or of the facade name each other. Read from the sources, test code
//! excluded, so an upward import or a circle fails here with the modules that make it.

use std::path::{Path, PathBuf};

/// The layers, bottom up. A module not listed takes the layer of its closest listed ancestor;
/// `glue` (in `lib.rs`) is the hidden path by which generated code reaches `identity`.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "primitives",
        &[
            "prelude",
            "sync",
            "time",
            "clock",
            "random",
            "fork",
            "host",
            "error",
            "encoding",
            "monotonic",
            "test_budget",
        ],
    ),
    ("codecs", &["codec"]),
    ("generator parts", &["overflow", "explicit", "installed", "fence"]),
    ("schemes", &["scheme"]),
    ("identity", &["identity", "glue", "column", "scope", "text_form"]),
];

fn layer_of(module: &[String]) -> usize {
    let mut best = (0, None);
    for (layer, (_, modules)) in LAYERS.iter().enumerate() {
        for pattern in *modules {
            let parts: Vec<&str> = pattern.split("::").collect();
            let matches = parts.len() <= module.len() && parts.iter().zip(module).all(|(p, m)| *p == "*" || p == m);
            if matches && parts.len() >= best.0 {
                best = (parts.len(), Some(layer));
            }
        }
    }
    best.1.unwrap_or_else(|| panic!("crate::{} is in no layer: add it to LAYERS", module.join("::")))
}

/// `src/scheme/sno/generator.rs` → `["scheme", "sno", "generator"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && path.file_name().is_some_and(|n| n != "tests.rs") {
            out.push(path);
        }
    }
}

/// The paths a line names: `crate::a::b` as `[a, b]`, `super::x` resolved against `module`.
fn named(line: &str, module: &[String], is_mod_rs: bool) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    for (at, _) in line.match_indices("crate::") {
        // `$crate::` in a macro body counts too: the expansion names that module wherever the
        // macro is used, so a macro of a low layer cannot reach up through it either.
        let rest = &line[at + 7..];
        let first = ident(rest);
        let second = rest.strip_prefix(&format!("{first}::")).map(ident).unwrap_or_default();
        let third = rest
            .strip_prefix(&format!("{first}::{second}::"))
            .map(ident)
            .filter(|_| !second.is_empty())
            .unwrap_or_default();
        found.push(
            [first, second, third].into_iter().filter(|s| !s.is_empty() && s.starts_with(char::is_lowercase)).collect(),
        );
    }
    for (at, _) in line.match_indices("super::") {
        if line[..at].ends_with("super::") || line[..at].ends_with('(') && line.trim_start().starts_with("///") {
            continue;
        }
        let parent_len = if is_mod_rs { module.len() } else { module.len().saturating_sub(1) };
        let mut path: Vec<String> = module[..parent_len.saturating_sub(0).min(module.len())].to_vec();
        if is_mod_rs {
            path.pop();
        }
        let name = ident(&line[at + 7..]);
        if name.starts_with(char::is_lowercase) && !name.is_empty() {
            path.push(name);
            found.push(path);
        }
    }
    found
}

/// A module's path below the crate root, `["scheme", "sno", "generator"]`.
type Module = Vec<String>;

/// A file's module, the file, and the modules it names with their line numbers.
type Edges = (Module, PathBuf, Vec<(usize, Module)>);

/// Every file's module and the modules it names (test code and comments excluded).
fn edges(src: &Path) -> Vec<Edges> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Vec::new();
    for file in &files {
        let module = module_of(src, file);
        let is_mod_rs = file.file_name().is_some_and(|n| n == "mod.rs");
        let mut named_here = Vec::new();
        for (n, line) in std::fs::read_to_string(file).unwrap().lines().enumerate() {
            if line.starts_with("#[cfg(test)]") {
                break; // test code may reach anywhere; in these files it runs to the end
            }
            let code = line.trim_start();
            if code.starts_with("//") {
                continue; // comments and doc links are not dependencies
            }
            for target in named(line, &module, is_mod_rs) {
                if !target.is_empty() {
                    named_here.push((n + 1, target));
                }
            }
        }
        out.push((module, file.clone(), named_here));
    }
    out
}

/// No circle between modules (a parent and its own children aside: a folder's `mod.rs`
/// re-exports what its files define).
fn circles_in(src: &Path) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let all = edges(src);
    let modules: BTreeSet<Module> = all.iter().map(|(m, ..)| m.clone()).collect();
    let nested = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, _, targets) in &all {
        for (_, target) in targets {
            // The longest module that the path names.
            let Some(to) = (1..=target.len()).rev().map(|n| target[..n].to_vec()).find(|p| modules.contains(p)) else {
                continue;
            };
            if !module.is_empty() && !nested(module, &to) {
                graph.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    // Depth-first search; a back edge closes a circle.
    fn visit(
        node: &Module,
        graph: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
        circles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|p| p == node) {
            let names: Vec<String> = path[at..].iter().chain([node]).map(|m| m.join("::")).collect();
            circles.push(names.join(" -> "));
            return;
        }
        if !done.insert(node.clone()) {
            return;
        }
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done, circles);
        }
        path.pop();
    }
    let (mut done, mut circles) = (BTreeSet::new(), Vec::new());
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done, &mut circles);
    }
    circles
}

#[test]
fn the_module_graph_has_no_circle() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The other packages' sources sit beside this crate in the repository (not in a packaged
    // copy): the facade, the public-token crate, the derive, the lease package and the CLI.
    let others =
        ["../src", "../id-public/src", "../id-derive/src", "../lease/src", "../cli/src"].map(|dir| core.join(dir));
    for src in [core.join("src")].into_iter().chain(others.into_iter().filter(|dir| dir.exists())) {
        let circles = circles_in(&src);
        assert!(circles.is_empty(), "circles in the module graph of {}:\n{}", src.display(), circles.join("\n"));
    }
}

#[test]
fn every_import_points_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut upward = Vec::new();
    for (module, file, targets) in edges(&src) {
        if module.is_empty() {
            continue; // lib.rs: the crate's front door re-exports every layer
        }
        let own = layer_of(&module);
        for (line, target) in targets {
            if target.starts_with(&module) && target.len() > module.len() {
                continue; // its own children
            }
            let theirs = layer_of(&target);
            if theirs > own {
                upward.push(format!(
                    "{}:{line}: crate::{} ({}) names crate::{} ({})",
                    file.strip_prefix(&src).unwrap().display(),
                    module.join("::"),
                    LAYERS[own].0,
                    target.join("::"),
                    LAYERS[theirs].0
                ));
            }
        }
    }
    assert!(upward.is_empty(), "imports pointing up a layer:\n{}", upward.join("\n"));
}

/// Every source file reads in one sitting: at most 400 lines before its `#[cfg(test)]` tests,
/// in this crate and in the facade, `idcraft-public`, `idcraft-derive`, the lease package and
/// the CLI beside it.
#[test]
fn no_source_file_is_over_400_lines_before_its_tests() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "../src", "../id-public/src", "../id-derive/src", "../lease/src", "../cli/src"] {
        let dir = core.join(dir);
        if dir.exists() {
            rust_files(&dir, &mut files);
        }
    }
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            let code = text.lines().take_while(|line| line.trim() != "#[cfg(test)]").count();
            (code > 400).then(|| format!("{}: {code} lines", file.display()))
        })
        .collect();
    assert!(!files.is_empty());
    assert!(long.is_empty(), "files over 400 lines before their tests:\n{}", long.join("\n"));
}

/// The registry block of `scheme/mod.rs`: its lines, from `registry::registry! {` to the
/// closing brace.
fn registry_block(text: &str) -> std::ops::Range<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("registry::registry! {")).expect("the registry block");
    let end = start + lines[start..].iter().position(|l| *l == "}").expect("its closing brace");
    start..end + 1
}

/// What code outside a scheme's folder must not name: the registry's scheme names and types
/// (`name => Type, ...`), the families' exported types (`pub use { ... }`), and the families.
fn registry_names(core: &Path) -> (Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(core.join("src/scheme/mod.rs")).unwrap();
    let block: Vec<&str> = text.lines().collect::<Vec<_>>()[registry_block(&text)].to_vec();
    let block = block.join("\n");
    let mut words = Vec::new();
    for line in block.lines().map(str::trim) {
        if let Some((name, rest)) = line.split_once(" => ").filter(|(_, rest)| rest.contains("fallible")) {
            words.push(name.split('<').next().unwrap().trim().to_owned());
            words.push(rest.split([',', '<']).next().unwrap().trim().to_owned());
        }
    }
    for exports in block.split("pub use {").skip(1) {
        let list = exports.split('}').next().unwrap();
        words.extend(list.split(',').map(str::trim).filter(|w| !w.is_empty()).map(str::to_owned));
    }
    words.sort();
    words.dedup();
    let mut families: Vec<String> = std::fs::read_dir(core.join("src/scheme"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    families.sort();
    (words, families)
}

/// The files of modules declared `#[cfg(test)] mod name;` (test code, in files of their own).
fn test_only_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs" | "lib.rs" | "main.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            if let ["#[cfg(test)]", declaration] = pair
                && let Some(name) = declaration.strip_prefix("mod ").and_then(|rest| rest.strip_suffix(';'))
            {
                out.push(dir.join(format!("{name}.rs")));
                out.push(dir.join(name).join("mod.rs"));
            }
        }
    }
    out
}

/// Whether `line` names `word` as a whole identifier.
fn names_word(line: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// Adding a scheme is one folder under `id-core/src/scheme/` and one registry line: outside the
/// scheme folders and the registry, no source of idcraft-core, the facade, idcraft-public or the
/// CLI names a scheme, its type or its family (comments, doc text, test code and the CLI's
/// help examples in `cli/help/` aside). Text forms are named after codecs, so `Encoding::Ulid`
/// (Crockford base32 as ULIDs write it) and its name in the encoding table are text forms, not
/// the scheme.
#[test]
fn only_the_scheme_folders_and_the_registry_name_schemes() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (words, families) = registry_names(core);
    assert!(words.len() >= 32 && families.len() >= 8, "read the registry: {words:?} {families:?}");
    let mut files = Vec::new();
    for dir in ["src", "../src", "../id-public/src", "../cli/src"] {
        let dir = core.join(dir);
        if dir.exists() {
            rust_files(&dir, &mut files);
        }
    }
    let scheme_dir = core.join("src/scheme");
    let test_only = test_only_files(&files);
    let mut found = Vec::new();
    for file in files.iter().filter(|file| !test_only.contains(*file)) {
        let in_family = file.strip_prefix(&scheme_dir).is_ok_and(|rest| rest.components().count() > 1);
        if in_family {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let registry = if file.ends_with("src/scheme/mod.rs") { registry_block(&text) } else { 0..0 };
        for (n, line) in text.lines().enumerate().take_while(|(_, line)| line.trim() != "#[cfg(test)]") {
            let code = line.trim_start();
            if code.starts_with("//") || registry.contains(&n) {
                continue;
            }
            let mut code = code.replace("Encoding::Ulid", "").replace("\"ulid\"", "").replace("(@variant ulid)", "");
            if file.ends_with("src/encoding.rs") {
                // The table of text forms: `Ulid` there is the form.
                code = code.replace("Ulid,", "").replace("`ulid`", "");
            }
            let cfg_families = families.iter().map(|family| format!("feature = \"{family}\""));
            let hits: Vec<String> = words
                .iter()
                .filter(|word| names_word(&code, word))
                .cloned()
                .chain(cfg_families.filter(|cfg| code.contains(cfg.as_str())))
                .collect();
            if !hits.is_empty() {
                found.push(format!(
                    "{}:{}: {}",
                    file.strip_prefix(core).unwrap_or(file).display(),
                    n + 1,
                    hits.join(", ")
                ));
            }
        }
    }
    assert!(found.is_empty(), "scheme names outside the scheme folders and the registry:\n{}", found.join("\n"));
}

/// Leases live in `idcraft-lease`; the core only has fences, and a fence's refusal is the
/// fence's own error type (`GenerateError::Fenced`). So no code of the core, tests and
/// comments aside, names a lease: no error variant, field, function or message of one. (The
/// words "release" and `Ordering::Release` are not leases.)
#[test]
fn the_core_names_no_lease_outside_its_docs() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.iter().any(|f| f.ends_with("error.rs")) && files.iter().any(|f| f.ends_with("error/generate.rs")));
    let mut found = Vec::new();
    for file in &files {
        for (n, line) in std::fs::read_to_string(file).unwrap().lines().enumerate() {
            if line.starts_with("#[cfg(test)]") {
                break; // test code runs to the end of these files
            }
            let code = line.trim_start();
            if code.starts_with("//") || code.starts_with("#[doc") {
                continue;
            }
            let lower = code.to_lowercase();
            if lower.match_indices("lease").any(|(at, _)| !lower[..at].ends_with("re")) {
                found.push(format!("{}:{}: {code}", file.strip_prefix(&src).unwrap().display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "lease vocabulary in the core's code (it belongs to idcraft-lease):\n{}",
        found.join("\n")
    );
}
