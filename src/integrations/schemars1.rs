//! schemars 1: a derived type's JSON Schema is a string with its text's pattern and length.

use crate::Identity;
use schemars::{Schema, json_schema};

/// The JSON Schema of `I`.
#[doc(hidden)]
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
#[doc(hidden)]
pub fn schema_id<I: Identity>() -> std::borrow::Cow<'static, str> {
    format!("{}::{}", I::MODULE_PATH, I::TYPE_NAME).into()
}

// What `#[derive(Identity)]` emits for this integration (called through
// `__idcraft_integrations!`; `__private.rs` has the empty twin for when the feature is off).

#[doc(hidden)]
#[macro_export]
macro_rules! __idcraft_schemars1 {
    ($ty:ident) => {
        #[automatically_derived]
        impl $crate::__private::schemars::JsonSchema for $ty {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(<Self as $crate::Identity>::TYPE_NAME)
            }

            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                $crate::__private::schemars1::schema_id::<Self>()
            }

            fn json_schema(
                _: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::__private::schemars1::schema::<Self>()
            }
        }
    };
}
