//! The layout keys of `#[id(...)]` (`epoch`, `unit`, `time_bits`, `node_bits`,
//! `sequence_bits`, `min_lifetime`): read and checked for their syntax here, passed on as they
//! are. Which scheme takes a layout, what it needs and whether it lasts are the runtime's
//! (`derive_layout!` and its `const` checks), so the derive still knows no scheme.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::meta::ParseNestedMeta;
use syn::{Lit, LitInt, LitStr};

/// The keys, in the order they are passed on.
pub const KEYS: [&str; 6] = ["epoch", "unit", "time_bits", "node_bits", "sequence_bits", "min_lifetime"];

/// The layout keys given, with the attribute they came in (where the layout's own errors go).
pub struct LayoutKeys {
    entries: Vec<(syn::Ident, Lit)>,
    /// A key's value was refused here: the runtime then checks no more of the layout.
    malformed: bool,
    /// The first `#[id(...)]` with a layout key.
    pub span: Span,
}

/// Reads `key = value` for a layout key: a string for `epoch`, `unit` and `min_lifetime`, a
/// bit count 0..=63 for the widths. Errors are pushed, spanned at the value.
pub fn parse_key(
    ident: &syn::Ident,
    meta: &ParseNestedMeta<'_>,
    attr_span: Span,
    layout: &mut Option<LayoutKeys>,
    errors: &mut Vec<syn::Error>,
) -> syn::Result<()> {
    let key = ident.to_string();
    let keys = layout.get_or_insert_with(|| LayoutKeys { entries: Vec::new(), malformed: false, span: attr_span });
    let value = (|| {
        if !key.ends_with("_bits") {
            return meta.value()?.parse::<LitStr>().map(|lit| Some(Lit::Str(lit)));
        }
        let lit: LitInt = meta.value()?.parse()?;
        match lit.base10_parse::<u32>() {
            Ok(bits) if bits <= 63 => Ok(Some(Lit::Int(LitInt::new(&bits.to_string(), lit.span())))),
            _ => {
                let msg = format!("{key} is a bit count from 0 to 63 (an ID is a u64 whose sign bit stays clear)");
                errors.push(syn::Error::new(lit.span(), msg));
                Ok(None)
            }
        }
    })();
    let value = match value {
        Ok(Some(value)) => value,
        // Reported: a value that does not parse also ends the attribute's parsing.
        refused => {
            keys.malformed = true;
            return refused.map(drop);
        }
    };
    if keys.entries.iter().any(|(given, _)| given == ident) {
        errors.push(syn::Error::new(ident.span(), format!("duplicate key `{key}` in #[id(...)]")));
        return Ok(());
    }
    keys.entries.push((ident.clone(), value));
    Ok(())
}

impl LayoutKeys {
    /// `{ key = value, ... }` for `derive_layout!`.
    pub fn tokens(&self) -> TokenStream {
        let entries = self.entries.iter().map(|(key, value)| quote!(#key = #value));
        let malformed = self.malformed.then(|| quote!(malformed = true));
        quote!({ #(#entries,)* #malformed })
    }

    /// The runtime's checks of the epoch, unit and year text, each a compile error at its
    /// literal: `p` is the path to `idcraft::__private`.
    pub fn literal_checks(&self, p: &TokenStream) -> TokenStream {
        self.entries
            .iter()
            .filter_map(|(key, value)| {
                let check = match key.to_string().as_str() {
                    "epoch" => quote!(instant_ms),
                    "unit" => quote!(unit_ms),
                    "min_lifetime" => quote!(year),
                    _ => return None,
                };
                Some(quote_spanned! {value.span()=>
                    const _: () = if let ::core::result::Result::Err(why) = #p::const_text::#check(#value) {
                        ::core::panic!("{}", why)
                    };
                })
            })
            .collect()
    }
}
