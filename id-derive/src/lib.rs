//! `#[derive(Identity)]` for [idcraft](https://docs.rs/idcraft). Use it through the `idcraft`
//! crate, which re-exports it; the generated code calls `::idcraft::__private`.
//!
//! The macro only parses, checks and emits glue: every behaviour lives in `idcraft-core` as generic
//! code over the `Identity` trait.
#![deny(missing_docs)]

mod ast;
mod attr;
mod expand;
mod fallback;

use proc_macro::TokenStream;

/// Turns `struct OrderId(Uuid);` with `#[id(scheme = "...")]` into a complete ID type. See the
/// `idcraft` documentation for the attributes and the generated API.
#[proc_macro_derive(Identity, attributes(id))]
pub fn derive_identity(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
