//! What to emit when the input has errors: the errors, plus stub impls of the common traits and
//! `new()` so that code using the type does not drown the real error in follow-on errors.

use proc_macro2::TokenStream;
use quote::quote;

pub fn emit(ident: Option<&syn::Ident>, errors: Vec<syn::Error>, checks: Option<TokenStream>) -> TokenStream {
    let errors = errors.into_iter().map(|e| e.to_compile_error());
    let Some(ident) = ident else {
        return quote!(#(#errors)* #checks);
    };
    quote! {
        #(#errors)*
        #checks
        const _: () = {
            impl ::core::clone::Clone for #ident { fn clone(&self) -> Self { ::core::unreachable!() } }
            impl ::core::marker::Copy for #ident {}
            impl ::core::fmt::Debug for #ident {
                fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { ::core::unreachable!() }
            }
            impl ::core::fmt::Display for #ident {
                fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { ::core::unreachable!() }
            }
            impl ::core::cmp::PartialEq for #ident { fn eq(&self, _: &Self) -> bool { ::core::unreachable!() } }
            impl ::core::cmp::Eq for #ident {}
            impl ::core::cmp::PartialOrd for #ident {
                fn partial_cmp(&self, _: &Self) -> ::core::option::Option<::core::cmp::Ordering> { ::core::unreachable!() }
            }
            impl ::core::cmp::Ord for #ident { fn cmp(&self, _: &Self) -> ::core::cmp::Ordering { ::core::unreachable!() } }
            impl ::core::hash::Hash for #ident { fn hash<H: ::core::hash::Hasher>(&self, _: &mut H) { ::core::unreachable!() } }
            impl #ident {
                #[allow(dead_code, missing_docs)]
                pub fn new() -> Self { ::core::unreachable!() }
            }
        };
    }
}
