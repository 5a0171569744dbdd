//! The schema of a token as it is on the wire, for JSON Schema (schemars 1, feature
//! `schemars1`) and OpenAPI (utoipa 6, feature `utoipa6`): a string of the type's prefix and
//! `_`, then 22 (compatible, or authenticated for 64-bit IDs) or 33 (authenticated) base62
//! characters in blocks of 11, each block at most `LygHa16AHYF` (a `u64`), and a description
//! saying that the token is opaque. Tokens of IDs longer than 16 bytes (authenticated only)
//! have one length, 46 to 66 characters, whose last group may be shorter than a block (see
//! [`crate::token`]), in either format.
//!
//! [`PublicId<I>`](crate::PublicId) has the schema of either length. A field that holds an ID
//! and is written with [`as_token`](crate::as_token) names its schema with [`TokenOf<I>`]
//! (serde's `with` is invisible to schema generators):
//!
//! ```text
//! #[derive(Serialize, schemars::JsonSchema, utoipa::ToSchema)]
//! struct Order {
//!     #[serde(with = "idcraft::public::as_token")]
//!     #[schemars(with = "idcraft::public::TokenOf<OrderId>")]
//!     #[schema(value_type = idcraft::public::TokenOf<OrderId>)]
//!     id: OrderId,
//!     #[serde(with = "idcraft::public::as_token::vec")]
//!     #[schemars(with = "Vec<idcraft::public::TokenOf<OrderId>>")]
//!     #[schema(value_type = Vec<idcraft::public::TokenOf<OrderId>>)]
//!     related: Vec<OrderId>,
//! }
//! ```
//!
//! [`Public<I>`](crate::Public) has `TokenOf<I>`'s schema.

use crate::token::format::Authenticated;
use core::marker::PhantomData;

/// Stands for the token of an `I` in format `F` in schemas (`#[schemars(with = …)]`,
/// `#[schema(value_type = …)]`): never built, never on the wire itself.
pub struct TokenOf<I, F = Authenticated>(PhantomData<fn() -> (I, F)>);

/// What the schemas of both generators are made of.
#[cfg(any(feature = "schemars1", feature = "utoipa6"))]
mod form {
    use crate::construction::Construction;
    use crate::key::AesKey;
    use crate::layout::PublicBlock;
    use crate::text;
    use crate::token::{PublicIds, TokenFormat};
    use idcraft_core::{Identity, Scheme, Timestamp};

    /// What a token of `I` looks like, for the given formats (one, or both for `PublicId<I>`).
    pub(super) struct TokenForm {
        pub pattern: String,
        pub min_length: usize,
        pub max_length: usize,
        pub description: String,
        pub example: String,
    }

    /// How many bytes the tokens of scheme `S` in `format` are.
    fn token_len<S: PublicBlock>(format: TokenFormat) -> usize {
        Construction::of(format, S::PLACEMENT).token_len(S::BYTE_LEN)
    }

    /// The form of `I`'s tokens in `format`, or in either format there is for `I` (`None`).
    pub(super) fn token_form<I>(format: Option<TokenFormat>) -> TokenForm
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        let lengths: Vec<usize> = match format {
            Some(f) => vec![token_len::<I::Scheme>(f)],
            None => [TokenFormat::Compatible, TokenFormat::Authenticated].map(token_len::<I::Scheme>).to_vec(),
        };
        let few = lengths.iter().copied().min().unwrap_or(0);
        let most = lengths.iter().copied().max().unwrap_or(0);
        let (few_chars, most_chars) = (text::chars(few), text::chars(most));
        let prefix = I::PREFIX.map(|p| format!("{p}_")).unwrap_or_default();
        // Prefixes are lowercase letters and `_` (checked by the derive): nothing to escape.
        let lengths = if few == most { format!("{few_chars}") } else { format!("{few_chars} or {most_chars}") };
        let after = if prefix.is_empty() { String::new() } else { format!(" after `{prefix}`") };
        let kind = match format {
            Some(TokenFormat::Authenticated) => "authenticated ",
            Some(TokenFormat::Compatible) => "Architect.Identities-compatible ",
            None => "",
        };
        let sample = PublicIds::new(AesKey::new(&[0; 16]).expect("16 bytes"));
        let id = I::from_scheme(I::Scheme::min_at(Timestamp::from_ymd(2024, 1, 1)));
        let mut example = sample.to_public(&id).to_string();
        if format == Some(TokenFormat::Compatible) {
            example.truncate(prefix.len() + few_chars);
        }
        TokenForm {
            pattern: format!("^{prefix}{}$", text::pattern(few, most)),
            min_length: prefix.len() + few_chars,
            max_length: prefix.len() + most_chars,
            description: format!(
                "{}: an opaque public token ({kind}{lengths} base62 characters{after}); it reveals nothing about the ID, and only the service that issued it reads it back",
                I::TYPE_NAME
            ),
            example,
        }
    }

    /// A token type's JSON Schema name (utoipa's `ToSchema::name` is the kind alone, below).
    #[cfg(feature = "schemars1")]
    pub(super) fn token_name<I: Identity>(format: Option<TokenFormat>) -> String {
        format!("{}{}", I::TYPE_NAME, token_kind(format))
    }

    /// The kind of token, for names: `Token`, `CompatibleToken` or (a `PublicId` of either
    /// format) `PublicId`.
    pub(super) fn token_kind(format: Option<TokenFormat>) -> &'static str {
        match format {
            Some(TokenFormat::Authenticated) => "Token",
            Some(TokenFormat::Compatible) => "CompatibleToken",
            None => "PublicId",
        }
    }
}

#[cfg(feature = "schemars1")]
mod schemars1 {
    use super::TokenOf;
    use super::form::{TokenForm, token_form, token_name};
    use crate::layout::PublicBlock;
    use crate::token::Public;
    use crate::token::PublicId;
    use crate::token::TokenFormat;
    use crate::token::format::Format;
    use idcraft_core::Identity;
    use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
    use std::borrow::Cow;

    fn schema<I>(format: Option<TokenFormat>) -> Schema
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        schema_of(token_form::<I>(format))
    }

    fn schema_of(form: TokenForm) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": form.pattern,
            "minLength": form.min_length,
            "maxLength": form.max_length,
            "examples": [form.example],
            "description": form.description,
        })
    }

    fn id<I: Identity>(format: Option<TokenFormat>) -> Cow<'static, str> {
        format!("{}::{}", I::MODULE_PATH, token_name::<I>(format)).into()
    }

    // Each token type's name, id and schema are those of its tokens' format (`None`: either).
    macro_rules! json_schemas {
        ($($ty:ty $(, $f:ident)? => $format:expr;)*) => {$(
            impl<I $(, $f: Format)?> JsonSchema for $ty
            where
                I: Identity,
                I::Scheme: PublicBlock,
            {
                fn schema_name() -> Cow<'static, str> {
                    token_name::<I>($format).into()
                }

                fn schema_id() -> Cow<'static, str> {
                    id::<I>($format)
                }

                fn json_schema(_: &mut SchemaGenerator) -> Schema {
                    schema::<I>($format)
                }
            }
        )*};
    }

    json_schemas! {
        TokenOf<I, F>, F => Some(F::FORMAT);
        PublicId<I> => None;
        Public<I> => Some(TokenFormat::Authenticated);
    }
}

#[cfg(feature = "utoipa6")]
mod utoipa6 {
    use super::TokenOf;
    use super::form::{TokenForm, token_form, token_kind};
    use crate::layout::PublicBlock;
    use crate::token::TokenFormat;
    use crate::token::format::Format;
    use crate::token::{Public, PublicId};
    use idcraft_core::Identity;
    use std::borrow::Cow;
    use utoipa::__dev::ComposeSchema;
    use utoipa::ToSchema;
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

    // utoipa's derive reaches the schema of a generic type (`TokenOf<OrderId>` in a field or a
    // `value_type`) through `ComposeSchema`, as its own derive does for generic types, and
    // gives every `ComposeSchema` its `PartialSchema`. Our types take no schema from their type
    // parameters, so the composed generics are ignored.
    //
    // Names: utoipa composes a generic type's component name from `ToSchema::name()` and its
    // arguments' names (`Token` + `_OrderId`), in a field and in `components(schemas(...))`
    // alike; a name holding the ID type's own name came out doubled (`OrderIdToken_OrderId`).
    // So `name()` is the kind of token alone.

    fn schema<I>(format: Option<TokenFormat>) -> RefOr<Schema>
    where
        I: Identity,
        I::Scheme: PublicBlock,
    {
        schema_of(token_form::<I>(format))
    }

    fn schema_of(form: TokenForm) -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(form.pattern))
            .min_length(Some(form.min_length))
            .max_length(Some(form.max_length))
            .examples([form.example])
            .description(Some(form.description))
            .into()
    }

    // Each token type's schema and name are those of its tokens' format (`None`: either).
    macro_rules! to_schemas {
        ($($ty:ty $(, $f:ident)? => $format:expr;)*) => {$(
            impl<I $(, $f: Format)?> ComposeSchema for $ty
            where
                I: Identity,
                I::Scheme: PublicBlock,
            {
                fn compose(_: Vec<RefOr<Schema>>) -> RefOr<Schema> {
                    schema::<I>($format)
                }
            }

            impl<I $(, $f: Format)?> ToSchema for $ty
            where
                I: Identity,
                I::Scheme: PublicBlock,
            {
                fn name() -> Cow<'static, str> {
                    token_kind($format).into()
                }
            }
        )*};
    }

    to_schemas! {
        TokenOf<I, F>, F => Some(F::FORMAT);
        PublicId<I> => None;
        Public<I> => Some(TokenFormat::Authenticated);
    }
}
