//! utoipa 6: a derived type's OpenAPI schema is a string with its text's pattern and length.

use crate::Identity;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The OpenAPI schema of `I`.
#[doc(hidden)]
pub fn schema<I: Identity>() -> RefOr<Schema> {
    let form = super::text_form::<I>();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(form.pattern))
        .min_length(Some(form.min_length))
        .max_length(Some(form.max_length))
        .examples([form.example])
        .description(Some(super::description::<I>()))
        .into()
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_utoipa6 {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::utoipa::PartialSchema for $ty {
            fn schema() -> $crate::__private::utoipa::openapi::RefOr<$crate::__private::utoipa::openapi::schema::Schema>
            {
                $crate::__private::utoipa6::schema::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::utoipa::ToSchema for $ty {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(<Self as $crate::Identity>::TYPE_NAME)
            }
        }
    };
}
