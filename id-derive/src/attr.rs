//! `#[id(scheme = "...", encoding = "...", prefix = "...", crate = "...")]`: parsed and checked,
//! every mistake reported with the span of the offending token.

use crate::schemes::{self, SchemeInfo};
use syn::spanned::Spanned;
use syn::{DeriveInput, LitStr, Token};

const KEYS: [&str; 4] = ["scheme", "encoding", "prefix", "crate"];

pub struct Attrs {
    pub scheme: Option<&'static SchemeInfo>,
    /// The scheme's type: its name under the runtime's `by_name` registry, with the generic
    /// arguments written after it (`uid96<6>`), spanned at the attribute's literal.
    pub scheme_type: proc_macro2::TokenStream,
    /// The span of the scheme's literal.
    pub scheme_span: proc_macro2::Span,
    pub encoding: Option<LitStr>,
    pub prefix: Option<LitStr>,
    pub krate: syn::Path,
}

pub fn parse(input: &DeriveInput, errors: &mut Vec<syn::Error>) -> Attrs {
    let mut attrs = Attrs {
        scheme: None,
        scheme_type: proc_macro2::TokenStream::new(),
        scheme_span: proc_macro2::Span::call_site(),
        encoding: None,
        prefix: None,
        krate: syn::parse_quote!(::idcraft),
    };
    let mut seen: Vec<String> = Vec::new();
    let mut scheme_lit: Option<LitStr> = None;
    // Whether an error already concerns the scheme key (so "missing scheme" would be noise).
    let mut scheme_reported = false;
    let id_attrs: Vec<_> = input.attrs.iter().filter(|a| a.path().is_ident("id")).collect();
    if id_attrs.is_empty() {
        errors.push(syn::Error::new(
            input.ident.span(),
            "missing `#[id(scheme = \"...\")]`: name the ID scheme, e.g. #[id(scheme = \"comb_pg\")]",
        ));
        return attrs;
    }
    for attr in id_attrs {
        let result = attr.parse_nested_meta(|meta| {
            let key = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
            if !KEYS.contains(&key.as_str()) {
                let mut msg = format!("unknown key `{}` in #[id(...)]", key);
                if let Some(s) = schemes::did_you_mean(&key, KEYS) {
                    scheme_reported |= s == "scheme";
                    msg.push_str(&format!("; did you mean `{s}`?"));
                } else {
                    msg.push_str("; expected one of `scheme`, `encoding`, `prefix`, `crate`");
                }
                errors.push(syn::Error::new(meta.path.span(), msg));
                // Skip its value so the remaining keys are still checked.
                if meta.input.peek(Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
                return Ok(());
            }
            scheme_reported |= key == "scheme";
            let value: LitStr = meta.value()?.parse()?;
            if seen.contains(&key) {
                errors.push(syn::Error::new(meta.path.span(), format!("duplicate key `{key}` in #[id(...)]")));
                return Ok(());
            }
            seen.push(key.clone());
            match key.as_str() {
                "scheme" => scheme_lit = Some(value),
                "encoding" => attrs.encoding = Some(value),
                "prefix" => attrs.prefix = Some(value),
                _ => match value.parse::<syn::Path>() {
                    Ok(path) => attrs.krate = path,
                    Err(_) => errors
                        .push(syn::Error::new(value.span(), "`crate` must be a path, like \"::my_crate::idcraft\"")),
                },
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    match &scheme_lit {
        None if !scheme_reported => errors.push(syn::Error::new(
            input.ident.span(),
            "missing `scheme` in #[id(...)], e.g. #[id(scheme = \"comb_pg\")]",
        )),
        None => {}
        Some(lit) => match scheme_type(lit) {
            Err(e) => errors.push(e),
            Ok((name, ty)) => match schemes::find(&name) {
                Some(info) => {
                    attrs.scheme = Some(info);
                    attrs.scheme_type = ty;
                    attrs.scheme_span = lit.span();
                }
                None => {
                    let mut msg = format!("unknown scheme `{name}`");
                    match schemes::did_you_mean(&name, schemes::SCHEMES.iter().map(|s| s.name)) {
                        Some(s) => msg.push_str(&format!("; did you mean `{s}`?")),
                        None => msg.push_str(&format!(
                            "; expected one of {}",
                            schemes::SCHEMES.iter().map(|s| format!("`{}`", s.name)).collect::<Vec<_>>().join(", ")
                        )),
                    }
                    errors.push(syn::Error::new(lit.span(), msg));
                }
            },
        },
    }
    if let (Some(info), Some(enc)) = (attrs.scheme, &attrs.encoding)
        && !info.encodings.contains(&enc.value().as_str())
    {
        let forms = info.encodings.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ");
        let msg = format!("scheme `{}` has no `{}` text form; it has {forms}", info.name, enc.value());
        errors.push(syn::Error::new(enc.span(), msg));
    }
    if let Some(prefix) = &attrs.prefix
        && let Err(why) = check_prefix(&prefix.value())
    {
        errors.push(syn::Error::new(prefix.span(), format!("invalid prefix \"{}\": {why}", prefix.value())));
    }
    attrs
}

/// `name` or `name<arguments>` as the path `by_name::name<arguments>`, every token spanned at
/// the literal so the compiler's own errors about the arguments point there.
fn scheme_type(lit: &LitStr) -> syn::Result<(String, proc_macro2::TokenStream)> {
    let value = lit.value();
    let malformed = || {
        syn::Error::new(
            lit.span(),
            format!("malformed scheme `{value}`: expected a name like \"uid96\" or \"uid96<6>\""),
        )
    };
    let (name, args) = match value.split_once('<') {
        None => (value.as_str(), None),
        Some((name, rest)) => {
            let args: syn::AngleBracketedGenericArguments =
                syn::parse_str(&format!("<{rest}")).map_err(|_| malformed())?;
            (name, Some(args))
        }
    };
    let ident: syn::Ident = syn::parse_str(name.trim()).map_err(|_| malformed())?;
    let tokens = quote::quote!(by_name::#ident #args);
    Ok((ident.to_string(), respan(tokens, lit.span())))
}

fn respan(tokens: proc_macro2::TokenStream, span: proc_macro2::Span) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &tree {
                let mut inner = proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                tree = TokenTree::Group(inner);
            }
            tree.set_span(span);
            tree
        })
        .collect()
}

/// TypeID's prefix rule: 1 to 63 lowercase ASCII letters and underscores, not starting or
/// ending with an underscore.
fn check_prefix(p: &str) -> Result<(), &'static str> {
    if p.is_empty() {
        return Err("a prefix needs at least one character");
    }
    if p.len() > 63 {
        return Err("a prefix has at most 63 characters");
    }
    if !p.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
        return Err("use only lowercase ASCII letters and underscores");
    }
    if p.starts_with('_') || p.ends_with('_') {
        return Err("a prefix cannot start or end with an underscore");
    }
    Ok(())
}
