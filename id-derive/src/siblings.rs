//! The derives written next to `#[derive(Identity)]` that it writes itself.
//!
//! A derive macro sees its item without the `#[derive(...)]` list it was named in, so the list
//! is read from the source file instead: the compiler gives the file and line of the type's
//! name (stable since Rust 1.88), and the one type of that name in the file deriving `Identity`
//! is looked up. Whatever cannot be read that way (a type made by another macro, two types of
//! the same name in one file, an unreadable file) gives no siblings, and the compiler's own
//! conflicting-implementation errors then say the same thing less directly.

use syn::punctuated::Punctuated;

/// The traits `#[derive(Identity)]` implements that users habitually derive, by the name the
/// derive list uses (the last path segment).
const WRITTEN_BY_IDENTITY: [&str; 10] =
    ["Debug", "Clone", "Copy", "PartialEq", "Eq", "Hash", "PartialOrd", "Ord", "Serialize", "Deserialize"];

/// Of [`WRITTEN_BY_IDENTITY`], those the derive lists on `ident`'s item also name, in that
/// order.
pub fn conflicting(ident: &syn::Ident) -> Vec<&'static str> {
    if !proc_macro::is_available() {
        return Vec::new();
    }
    let Some(path) = ident.span().unwrap().local_file() else { return Vec::new() };
    let Ok(text) = std::fs::read_to_string(path) else { return Vec::new() };
    let name = ident.to_string();
    // One `struct Name` in the whole file (function bodies included), so the item found below
    // is this one.
    if declarations(&text, &name) != 1 {
        return Vec::new();
    }
    let Ok(file) = syn::parse_file(&text) else { return Vec::new() };
    let mut candidates = Vec::new();
    collect(&file.items, &name, &mut candidates);
    match candidates.as_slice() {
        [derived] => WRITTEN_BY_IDENTITY.into_iter().filter(|name| derived.contains(&name.to_string())).collect(),
        _ => Vec::new(),
    }
}

/// How many times `struct name` appears in `text` as words (comments and strings included:
/// an overcount only turns the check off).
fn declarations(text: &str, name: &str) -> usize {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices("struct")
        .filter(|&(at, _)| !text[..at].ends_with(is_ident))
        .filter(|&(at, keyword)| {
            let rest = &text[at + keyword.len()..];
            let after_space = rest.trim_start();
            after_space.len() < rest.len()
                && after_space.strip_prefix(name).is_some_and(|tail| !tail.starts_with(is_ident))
        })
        .count()
}

/// The derive lists (last segments) of every struct named `name` that derives `Identity`, in
/// `items` and the inline modules within.
fn collect(items: &[syn::Item], name: &str, out: &mut Vec<Vec<String>>) {
    for item in items {
        match item {
            syn::Item::Struct(s) if s.ident == name => {
                let derived = derives(&s.attrs);
                if derived.iter().any(|d| d == "Identity") {
                    out.push(derived);
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    collect(items, name, out);
                }
            }
            _ => {}
        }
    }
}

/// The last segment of every path in every `#[derive(...)]` of `attrs`.
fn derives(attrs: &[syn::Attribute]) -> Vec<String> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .filter_map(|a| a.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated).ok())
        .flatten()
        .filter_map(|path| path.segments.last().map(|s| s.ident.to_string()))
        .collect()
}
