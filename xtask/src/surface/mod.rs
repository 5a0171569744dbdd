//! `cargo xtask surface [--json] [--max-items N] [--max-methods M]`: the size of the public API,
//! as issue #37 measures it, from rustdoc's JSON output of `idcraft`, `idcraft-core` and
//! `idcraft-public`.
//!
//! **Build.** For each package, `cargo +nightly rustdoc -p PKG --lib --features F -- -Z
//! unstable-options --output-format json` into the workspace's target directory
//! (`CARGO_TARGET_DIR` when set), F being every feature the package declares except the lease
//! ones (`lease-*`; all others build here) and the internal ones (`_…`, on with the features
//! that use them). Without `--document-hidden-items`: rustdoc leaves
//! `#[doc(hidden)]` items (and what only they reach) out of its `index`, so they are not
//! counted. `IDCRAFT_SURFACE_TOOLCHAIN` names another toolchain than `nightly` (a dated one
//! pins the JSON format, see [`count::TESTED_FORMAT`]).
//!
//! **Items with a path.** An entry of the crate's `paths` map that is local (`crate_id` 0),
//! documented (in `index`: public and not hidden), named by at least one public path (a walk
//! from the crate root through public modules and `pub use`), and of a kind a user navigates
//! to: module (the crate root included), struct, enum, union, trait, trait alias, type alias,
//! free function, constant, static, enum variant, macro. Not struct fields, associated items or
//! primitives. The walk leaves out what rustdoc documents but no one can name: a sealed trait
//! in a private module, kept because a public trait names it as a supertrait (listed apart).
//!
//! **Counted once.** Each crate counts only what it defines, and a `pub use` adds nothing: the
//! facade's `pub use idcraft_core::Timestamp` is counted in `idcraft-core`, once, however many
//! paths reach it, since the key is the defining crate and rustdoc's id of the item. Re-exports
//! are listed apart: of another crate's item (`idcraft::Identity`, the derive, is
//! `idcraft-derive`'s and so counted nowhere), and of a hidden one (a `pub use` of an item in a
//! `#[doc(hidden)]` module: rustdoc documents the `use`, not the item or its methods). An item
//! is shown at the public path nearest to where it is defined (most leading segments in common,
//! then the shortest): `idcraft_core::scheme::sno::SnoGenerator`, defined in the private
//! `…::sno::generator` and re-exported at `idcraft_core::scheme` too.
//!
//! **Methods and associated functions.** The functions of inherent impls of the crate's types,
//! plus those a local trait declares (required and provided), counted once at the trait. Not
//! counted, but listed by trait: the functions of trait impls. An `impl Display for X { fn fmt
//! }` or an `impl Scheme for Uuid7` adds no name a user reads: `fmt` is `Display`'s, documented
//! once by its trait, and `Scheme`'s functions are counted at `Scheme`. What a trait impl adds
//! to the API is the impl itself, which the issue does not count. rustdoc's own copies of
//! blanket and auto-trait impls on each type are skipped.
//!
//! **Output.** Totals per crate and overall, the 40 modules with most items and with most
//! methods, and the deprecated items; with `--json`, all of it item by item. `--max-items` and
//! `--max-methods` make a total over its limit exit 1 (for CI).

mod count;
mod report;
mod walk;

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// The packages measured, as the issue names them.
const PACKAGES: [&str; 3] = ["idcraft", "idcraft-core", "idcraft-public"];

/// What `cargo xtask surface` was asked.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub json: bool,
    pub max_items: Option<usize>,
    pub max_methods: Option<usize>,
}

pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut limit = |name: &str| {
            let value = args.next().ok_or_else(|| format!("{name} needs a number"))?;
            value.parse::<usize>().map(Some).map_err(|_| format!("{name} {value}: not a number"))
        };
        match arg.as_str() {
            "--json" => options.json = true,
            "--max-items" => options.max_items = limit(arg)?,
            "--max-methods" => options.max_methods = limit(arg)?,
            other => return Err(format!("surface: unknown argument {other}")),
        }
    }
    Ok(options)
}

/// A package to document: its lib target's name (the JSON file's) and the features to turn on.
struct Package {
    name: &'static str,
    lib: String,
    features: Vec<String>,
}

/// The target directory and the packages, from `cargo metadata`.
fn metadata() -> Result<(PathBuf, Vec<Package>), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(crate::root())
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let meta: Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let target = meta["target_directory"].as_str().ok_or("cargo metadata: no target_directory")?;
    let all = meta["packages"].as_array().ok_or("cargo metadata: no packages")?;
    let packages = PACKAGES
        .iter()
        .map(|&name| {
            let package = all.iter().find(|p| p["name"] == name).ok_or(format!("no package {name}"))?;
            let targets = package["targets"].as_array().into_iter().flatten();
            let is_lib = |t: &&Value| t["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "lib"));
            let lib = targets.clone().find(is_lib).and_then(|t| t["name"].as_str()).ok_or(format!("{name}: no lib"))?;
            let features = package["features"].as_object().ok_or(format!("{name}: no features"))?;
            // Internal features (`_…`) are turned on by the features that use them.
            let features =
                features.keys().filter(|f| !f.starts_with("lease-") && !f.starts_with('_')).cloned().collect();
            Ok(Package { name, lib: lib.to_owned(), features })
        })
        .collect::<Result<_, String>>()?;
    Ok((PathBuf::from(target), packages))
}

/// `cargo +TOOLCHAIN rustdoc` of `package` to JSON, and the document it wrote.
fn rustdoc_json(package: &Package, target: &std::path::Path) -> Result<Value, String> {
    let toolchain = std::env::var("IDCRAFT_SURFACE_TOOLCHAIN").unwrap_or_else(|_| "nightly".to_owned());
    // The rustup proxy on PATH, not `$CARGO` (the toolchain that runs xtask): `+TOOLCHAIN`
    // chooses the nightly that has the JSON output.
    let status = Command::new("cargo")
        .arg(format!("+{toolchain}"))
        .args(["rustdoc", "--lib", "-p", package.name, "--features", &package.features.join(",")])
        .args(["--", "-Z", "unstable-options", "--output-format", "json"])
        .current_dir(crate::root())
        .status()
        .map_err(|e| format!("cargo +{toolchain} rustdoc: {e}"))?;
    if !status.success() {
        return Err(format!("cargo +{toolchain} rustdoc -p {} failed ({status})", package.name));
    }
    let file = target.join("doc").join(format!("{}.json", package.lib));
    let text = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    serde_json::from_slice(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// `cargo xtask surface`.
pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let options = parse_args(args)?;
    let (target, packages) = metadata()?;
    let mut crates = Vec::new();
    for package in &packages {
        let doc = rustdoc_json(package, &target)?;
        let surface = count::count(&doc).map_err(|e| format!("{}: {e}", package.name))?;
        if surface.format_version != count::TESTED_FORMAT {
            eprintln!(
                "xtask: rustdoc JSON format {} (the count was checked on {}): check the figures",
                surface.format_version,
                count::TESTED_FORMAT
            );
        }
        crates.push(report::Measured { package: package.name, features: package.features.clone(), surface });
    }
    if options.json {
        println!("{}", report::json(&crates, &options));
    } else {
        print!("{}", report::text(&crates));
    }
    let over = report::over_limits(&crates, &options);
    for line in &over {
        eprintln!("xtask: {line}");
    }
    Ok(if over.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings;

    #[test]
    fn arguments() {
        assert_eq!(parse_args(&[]).unwrap(), Options::default());
        assert_eq!(
            parse_args(&strings(&["--json", "--max-items", "250", "--max-methods", "500"])).unwrap(),
            Options { json: true, max_items: Some(250), max_methods: Some(500) }
        );
        assert_eq!(parse_args(&strings(&["--max-items"])).unwrap_err(), "--max-items needs a number");
        assert_eq!(parse_args(&strings(&["--max-items", "many"])).unwrap_err(), "--max-items many: not a number");
        assert!(parse_args(&strings(&["--all"])).is_err());
    }
}
