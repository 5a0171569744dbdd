//! schemars 1: a derived type's JSON Schema is a string with its text's pattern and length.

use crate::Identity;
use schemars::{Schema, json_schema};

/// The JSON Schema of `I`.
pub fn schema<I: Identity>() -> Schema {
    let form = super::text_form::<I>();
    json_schema!({
        "type": "string",
        "pattern": form.pattern,
        "minLength": form.min_length,
        "maxLength": form.max_length,
        "examples": [form.example],
        "description": super::description::<I>(),
    })
}

/// A name unique to the type (two `OrderId`s in different modules are different schemas).
pub fn schema_id<I: Identity>() -> std::borrow::Cow<'static, str> {
    format!("{}::{}", I::MODULE_PATH, I::TYPE_NAME).into()
}
