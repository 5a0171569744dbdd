//! Code generation: glue only. Every method calls a generic function of
//! `idcraft::__private` with `Self` as the `Identity`.

use crate::schemes::{NewInput, SchemeInfo};
use crate::{ast, attr, fallback};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

pub fn derive(input: &syn::DeriveInput) -> TokenStream {
    let mut errors = Vec::new();
    let shape = ast::parse(input, &mut errors);
    let attrs = attr::parse(input, &mut errors);
    match (shape, attrs.scheme) {
        (Some(shape), Some(scheme)) if errors.is_empty() => expand(&shape, scheme, &attrs),
        (shape, _) => fallback::emit(shape.map(|s| s.ident), errors),
    }
}

fn encoding_variant(name: Option<&syn::LitStr>) -> syn::Ident {
    let variant = match name.map(syn::LitStr::value).as_deref() {
        None => "Canonical",
        Some("uuid") => "Uuid",
        Some("hex") => "Hex",
        Some("base62") => "Base62",
        Some("decimal") => "Decimal",
        Some("sno32") => "Sno32",
        Some("base64") => "Base64",
        Some("base64url") => "Base64Url",
        Some(other) => unreachable!("encoding `{other}` was validated"),
    };
    syn::Ident::new(variant, Span::call_site())
}

fn expand(shape: &ast::Input<'_>, scheme: &SchemeInfo, attrs: &attr::Attrs) -> TokenStream {
    let ident = shape.ident;
    let field_ty = shape.field_ty;
    let krate = &attrs.krate;
    let p = quote!(#krate::__private);
    let scheme_ty = &attrs.scheme_type;
    let encoding = encoding_variant(attrs.encoding.as_ref());
    let prefix = match &attrs.prefix {
        Some(lit) => quote!(::core::option::Option::Some(#lit)),
        None => quote!(::core::option::Option::None),
    };
    let type_name = ident.to_string();
    // Spanned at the user's field so a wrong storage type is reported there.
    let storage_ty = quote_spanned!(field_ty.span()=> type Storage = #field_ty;);

    let constructors = constructors(scheme, &p);
    // The scheme's parameters (uid96's interval) are checked here, reported at the attribute.
    let check_parameters = quote_spanned! {attrs.scheme_span=>
        const _: () = <#p::schemes::#scheme_ty as #p::Scheme>::VALID;
    };
    let accessors = scheme.accessors.iter().map(|(name, ty, doc)| {
        let name = format_ident!("{}", name);
        let ty: syn::Type = syn::parse_str(ty).expect("accessor types are valid Rust");
        quote! {
            #[doc = #doc]
            #[inline]
            pub fn #name(&self) -> #ty {
                #p::Identity::to_scheme(self).#name()
            }
        }
    });
    let from_storage = if scheme.fallible_storage {
        quote! {
            #[automatically_derived]
            impl ::core::convert::TryFrom<#field_ty> for #ident {
                type Error = #p::ParseError;
                #[inline]
                fn try_from(storage: #field_ty) -> ::core::result::Result<Self, Self::Error> {
                    #p::try_from_storage::<Self>(storage)
                }
            }
        }
    } else {
        quote! {
            #[automatically_derived]
            impl ::core::convert::From<#field_ty> for #ident {
                #[inline]
                fn from(storage: #field_ty) -> Self {
                    Self(storage)
                }
            }
        }
    };

    quote! {
        const _: () = {
            #[automatically_derived]
            impl #p::Identity for #ident {
                type Scheme = #p::schemes::#scheme_ty;
                #storage_ty
                const TYPE_NAME: &'static str = #type_name;
                const MODULE_PATH: &'static str = ::core::module_path!();
                const PREFIX: ::core::option::Option<&'static str> = #prefix;
                const ENCODING: #p::Encoding = #p::Encoding::#encoding;
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
                #constructors

                /// The instant embedded in the ID.
                #[inline]
                pub fn timestamp(&self) -> ::std::time::SystemTime {
                    #p::timestamp(self)
                }

                /// The smallest ID whose embedded time is `t`: with [`Self::max_at`], the bounds
                /// of a primary-key range scan for a time window.
                #[inline]
                pub fn min_at(t: ::std::time::SystemTime) -> Self {
                    #p::min_at::<Self>(t)
                }

                /// The largest ID whose embedded time is `t`.
                #[inline]
                pub fn max_at(t: ::std::time::SystemTime) -> Self {
                    #p::max_at::<Self>(t)
                }

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

                #(#accessors)*
            }

            #[automatically_derived]
            impl ::core::clone::Clone for #ident {
                #[inline]
                fn clone(&self) -> Self {
                    *self
                }
            }

            #[automatically_derived]
            impl ::core::marker::Copy for #ident {}

            #[automatically_derived]
            impl ::core::cmp::PartialEq for #ident {
                #[inline]
                fn eq(&self, other: &Self) -> bool {
                    #p::eq(self, other)
                }
            }

            #[automatically_derived]
            impl ::core::cmp::Eq for #ident {}

            #[automatically_derived]
            impl ::core::cmp::PartialOrd for #ident {
                #[inline]
                fn partial_cmp(&self, other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                    ::core::option::Option::Some(#p::cmp(self, other))
                }
            }

            #[automatically_derived]
            impl ::core::cmp::Ord for #ident {
                #[inline]
                fn cmp(&self, other: &Self) -> ::core::cmp::Ordering {
                    #p::cmp(self, other)
                }
            }

            #[automatically_derived]
            impl ::core::hash::Hash for #ident {
                #[inline]
                fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                    #p::hash(self, state)
                }
            }

            #[automatically_derived]
            impl ::core::fmt::Display for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #p::fmt(self, f)
                }
            }

            #[automatically_derived]
            impl ::core::fmt::Debug for #ident {
                fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    #p::debug(self, f)
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

            #from_storage

            #[automatically_derived]
            impl ::core::convert::From<#ident> for #field_ty {
                #[inline]
                fn from(id: #ident) -> Self {
                    id.0
                }
            }

            #p::integrations!(#ident);
        };

        #check_parameters
    }
}

fn constructors(scheme: &SchemeInfo, p: &TokenStream) -> TokenStream {
    let panics = "# Panics\n\nOnly when the system clock is outside the range the scheme can \
                  represent; see `try_new` for the fallible form.";
    let (params, input) = match scheme.new_input {
        NewInput::ShardKey => (quote!(shard_key: u32), quote!(shard_key)),
        NewInput::Meta => (quote!(), quote!(0u8)),
        NewInput::Node => (quote!(), quote!(::core::option::Option::None)),
        NewInput::None => (quote!(), quote!(())),
    };
    let generator_params = if params.is_empty() { quote!() } else { quote!(, #params) };
    let extra = match scheme.new_input {
        NewInput::Meta => quote! {
            /// A new ID with metabyte `meta` from the default generator (or the innermost test
            /// scope).
            #[inline]
            #[track_caller]
            pub fn new_with_meta(meta: u8) -> Self {
                #p::new::<Self>(meta)
            }

            /// sno's `NewWithTime`: an ID embedding `t` with metabyte `meta`, on the default
            /// generator's partition with a rolling sequence of its own (for porting existing
            /// data; uniqueness is the caller's). An instant outside 2010..2079 is an error.
            #[inline]
            pub fn try_at(
                meta: u8,
                t: ::std::time::SystemTime,
            ) -> ::core::result::Result<Self, #p::GenerateError> {
                #p::sno_at::<Self>(meta, t)
            }

            /// [`try_at`](Self::try_at), panicking outside 2010..2079.
            #[inline]
            #[track_caller]
            pub fn at(meta: u8, t: ::std::time::SystemTime) -> Self {
                match #p::sno_at::<Self>(meta, t) {
                    ::core::result::Result::Ok(id) => id,
                    ::core::result::Result::Err(e) => ::core::panic!("{}::at(): {}", <Self as #p::Identity>::TYPE_NAME, e),
                }
            }
        },
        NewInput::Node => quote! {
            /// A new ID for node hash `node` from the default generator (or the innermost test
            /// scope).
            #[inline]
            #[track_caller]
            pub fn new_with_node(node: u32) -> Self {
                #p::new::<Self>(::core::option::Option::Some(node))
            }
        },
        _ => quote!(),
    };
    quote! {
        /// A new ID from the scheme's default generator (or the innermost test scope).
        ///
        #[doc = #panics]
        #[inline]
        #[track_caller]
        #[allow(clippy::new_without_default)]
        pub fn new(#params) -> Self {
            #p::new::<Self>(#input)
        }

        /// A new ID from the scheme's default generator (or the innermost test scope), or why
        /// the generator could not make one.
        #[inline]
        pub fn try_new(#params) -> ::core::result::Result<Self, #p::GenerateError> {
            #p::try_new::<Self>(#input)
        }

        /// A new ID from an explicit generator (with an injected clock or random source).
        #[inline]
        #[track_caller]
        pub fn generate_with<G>(generator: &G #generator_params) -> Self
        where
            G: #p::Generate<<Self as #p::Identity>::Scheme> + ?::core::marker::Sized,
        {
            #p::generate_with::<Self, G>(generator, #input)
        }

        #extra
    }
}
