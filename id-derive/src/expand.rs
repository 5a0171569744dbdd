//! Code generation: glue only. Every method calls a generic function of
//! `idcraft::__private` with `Self` as the `Identity`.

use crate::{ast, attr, fallback};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let mut errors = Vec::new();
    let shape = ast::parse(input, &mut errors);
    let attrs = attr::parse(input, &mut errors);
    match (shape, &attrs.scheme) {
        (Some(shape), Some(scheme)) if errors.is_empty() => expand(&shape, &attrs, scheme),
        (shape, scheme) => {
            // The scheme and its text form are still checked, so every error shows at once.
            let checks = scheme.as_ref().map(|scheme| {
                let checks = SchemeChecks::new(&attrs, scheme, shape.as_ref().map(|s| s.field_ty));
                let (declare, parameters, encoding) = (checks.declare, checks.parameters, checks.encoding);
                quote!(const _: () = { #declare #parameters #encoding };)
            });
            fallback::emit(shape.map(|s| s.ident), errors, checks)
        }
    }
}

/// What the runtime checks about the scheme when the expansion compiles.
struct SchemeChecks {
    /// `type __IdcraftScheme = <the named scheme>;` (the registry's error if it names none).
    declare: TokenStream,
    /// The scheme's parameters (uid96's interval), reported at the scheme literal.
    parameters: TokenStream,
    /// The text form against the scheme's declared forms, reported at the encoding literal.
    encoding: TokenStream,
    /// The `Encoding` value of `Identity::ENCODING`.
    encoding_value: TokenStream,
}

impl SchemeChecks {
    /// `field_ty`: the storage field, when the input's shape is known.
    fn new(attrs: &attr::Attrs, scheme: &attr::SchemeRef, field_ty: Option<&syn::Type>) -> SchemeChecks {
        let krate = &attrs.krate;
        let p = quote!(#krate::__private);
        // Spanned at the literal, so what goes wrong inside the registry's macro shows there.
        let p_at_literal = attr::respan(p.clone(), scheme.span);
        let (name, args) = (&scheme.name, &scheme.args);
        let scheme_ty = quote!(__IdcraftScheme);
        let storage = field_ty.map(|ty| quote!(, #ty));
        let alphabet = attrs.text.items(&p);
        let declare = match &attrs.layout {
            // Spanned at the attribute: the layout's errors (it runs out too soon, its widths
            // do not fit) concern the keys together.
            Some(layout) => {
                let p_at_attr = attr::respan(p.clone(), layout.span);
                let (keys, literal_checks) = (layout.tokens(), layout.literal_checks(&p));
                quote_spanned!(layout.span=>
                    #p_at_attr::derive_layout!(@type #name __IdcraftLayout #scheme_ty #keys);
                    #literal_checks
                )
            }
            None => quote_spanned!(scheme.span=>
                #alphabet
                #p_at_literal::derive_scheme!(@type #name [#args] #scheme_ty #storage);
            ),
        };
        let parameters = quote_spanned! {scheme.span=>
            const _: () = <#scheme_ty as #p::Scheme>::VALID;
        };
        let (encoding_value, encoding) = match &attrs.encoding {
            None => (quote!(#p::Encoding::Canonical), quote!()),
            Some(lit) => (
                quote! {
                    match #p::Encoding::from_name(#lit) {
                        ::core::option::Option::Some(encoding) => encoding,
                        ::core::option::Option::None => #p::Encoding::Canonical,
                    }
                },
                quote_spanned! {lit.span()=>
                    const _: () = match #p::Encoding::from_name(#lit) {
                        ::core::option::Option::None => ::core::panic!("{}", #p::Encoding::UNKNOWN_NAME),
                        ::core::option::Option::Some(encoding) => {
                            if !encoding.is_in(<#scheme_ty as #p::Scheme>::ENCODINGS) {
                                ::core::panic!("{}", <#scheme_ty as #p::Scheme>::NO_SUCH_FORM)
                            }
                        }
                    };
                },
            ),
        };
        SchemeChecks { declare, parameters, encoding, encoding_value }
    }
}

fn expand(shape: &ast::Input<'_>, attrs: &attr::Attrs, scheme: &attr::SchemeRef) -> TokenStream {
    let ident = shape.ident;
    let field_ty = shape.field_ty;
    let krate = &attrs.krate;
    let p = quote!(#krate::__private);
    let (name, args) = (&scheme.name, &scheme.args);
    let prefix = match &attrs.prefix {
        Some(lit) => quote!(::core::option::Option::Some(#lit)),
        None => quote!(::core::option::Option::None),
    };
    let bind = attrs
        .bind
        .as_ref()
        .map(|lit| quote!(const BIND: ::core::option::Option<&'static str> = ::core::option::Option::Some(#lit);));
    let type_name = ident.to_string();
    // Spanned at the user's field so a wrong storage type is reported there.
    let storage_ty = quote_spanned!(field_ty.span()=> type Storage = #field_ty;);
    let SchemeChecks { parameters: check_parameters, encoding: check_encoding, encoding_value: encoding, .. } =
        SchemeChecks::new(attrs, scheme, Some(field_ty));
    let scheme_ty = quote!(__IdcraftScheme);
    // The registry declares the alias as the named scheme and writes the scheme's own items
    // (constructors, accessors, storage conversion); the call is spanned at the literal.
    let p_at_literal = attr::respan(p.clone(), scheme.span);
    let alphabet = attrs.text.items(&p);
    let scheme_items = match &attrs.layout {
        Some(layout) => {
            let p_at_attr = attr::respan(p.clone(), layout.span);
            let (keys, literal_checks) = (layout.tokens(), layout.literal_checks(&p));
            quote_spanned!(layout.span=>
                #p_at_attr::derive_layout!(#name __IdcraftLayout #scheme_ty, #ident, #field_ty #keys);
                #literal_checks
            )
        }
        None => quote_spanned!(scheme.span=>
            #alphabet
            #p_at_literal::derive_scheme!(#name [#args] #scheme_ty, #ident, #field_ty);
        ),
    };
    // The std traits Identity writes: deriving them too is a conflicting-implementation error,
    // which names the trait and both derives.
    let std_impls = [
        ("Clone", quote!(impl ::core::clone::Clone for #ident { #[inline] fn clone(&self) -> Self { *self } })),
        ("Copy", quote!(impl ::core::marker::Copy for #ident {})),
        (
            "PartialEq",
            quote!(impl ::core::cmp::PartialEq for #ident {
                #[inline]
                fn eq(&self, other: &Self) -> bool {
                    #p::eq(self, other)
                }
            }),
        ),
        ("Eq", quote!(impl ::core::cmp::Eq for #ident {})),
        (
            "PartialOrd",
            quote!(impl ::core::cmp::PartialOrd for #ident {
                #[inline]
                fn partial_cmp(&self, other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                    ::core::option::Option::Some(#p::cmp(self, other))
                }
            }),
        ),
        (
            "Ord",
            quote!(impl ::core::cmp::Ord for #ident {
                #[inline]
                fn cmp(&self, other: &Self) -> ::core::cmp::Ordering {
                    #p::cmp(self, other)
                }
            }),
        ),
        (
            "Hash",
            quote!(impl ::core::hash::Hash for #ident {
                #[inline]
                fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                    #p::hash(self, state)
                }
            }),
        ),
        (
            "Debug",
            quote!(impl ::core::fmt::Debug for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #p::debug(self, f)
                }
            }),
        ),
    ]
    .into_iter()
    .map(|(_, tokens)| quote!(#[automatically_derived] #tokens));

    quote! {
        const _: () = {
            #[automatically_derived]
            impl #p::Identity for #ident {
                type Scheme = #scheme_ty;
                #storage_ty
                const TYPE_NAME: &'static str = #type_name;
                const MODULE_PATH: &'static str = ::core::module_path!();
                const PREFIX: ::core::option::Option<&'static str> = #prefix;
                #bind
                const ENCODING: #p::Encoding = #encoding;
                #[inline]
                fn from_storage(storage: Self::Storage) -> Self {
                    Self(storage)
                }
                #[inline]
                fn storage(&self) -> Self::Storage {
                    self.0
                }
            }

            #[automatically_derived]
            impl #ident {
                /// The wrapped storage value.
                #[inline]
                pub const fn as_inner(&self) -> &#field_ty {
                    &self.0
                }

                /// The wrapped storage value.
                #[inline]
                pub const fn into_inner(self) -> #field_ty {
                    self.0
                }

            }

            #(#std_impls)*

            #[automatically_derived]
            impl ::core::fmt::Display for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #p::fmt(self, f)
                }
            }

            #[automatically_derived]
            impl ::core::str::FromStr for #ident {
                type Err = #p::ParseError;
                #[inline]
                fn from_str(text: &str) -> ::core::result::Result<Self, Self::Err> {
                    #p::parse::<Self>(text)
                }
            }

            #scheme_items

            #[automatically_derived]
            impl ::core::convert::From<#ident> for #field_ty {
                #[inline]
                fn from(id: #ident) -> Self {
                    id.0
                }
            }

            // The scheme's accessors, declared once per scheme on `Fields`.
            #[automatically_derived]
            impl ::core::ops::Deref for #ident {
                type Target = #p::Fields<#field_ty, #scheme_ty>;
                #[inline(always)]
                fn deref(&self) -> &Self::Target {
                    #p::Fields::of(&self.0)
                }
            }

            #p::integrations!(#ident);

            #check_parameters
            #check_encoding
        };
    }
}
