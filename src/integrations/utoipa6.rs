//! utoipa 6: a derived type's OpenAPI schema is a string with its text's pattern and length.

use crate::Identity;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

/// The OpenAPI schema of `I`.
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
