//! The typed model of the input: a tuple struct with exactly one field and no generics.

use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Type};

pub struct Input<'a> {
    pub ident: &'a syn::Ident,
    pub field_ty: &'a Type,
}

/// Checks the shape; reports every shape problem it finds.
pub fn parse<'a>(input: &'a DeriveInput, errors: &mut Vec<syn::Error>) -> Option<Input<'a>> {
    if !input.generics.params.is_empty() {
        errors.push(syn::Error::new(
            input.generics.span(),
            "#[derive(Identity)] does not support generic types: an ID type wraps one concrete storage type",
        ));
    }
    let data = match &input.data {
        Data::Struct(s) => s,
        Data::Enum(e) => {
            errors.push(syn::Error::new(
                e.enum_token.span,
                "#[derive(Identity)] needs a tuple struct with one field, like `struct OrderId(Uuid);`, not an enum",
            ));
            return None;
        }
        Data::Union(u) => {
            errors.push(syn::Error::new(
                u.union_token.span,
                "#[derive(Identity)] needs a tuple struct with one field, like `struct OrderId(Uuid);`, not a union",
            ));
            return None;
        }
    };
    match &data.fields {
        Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
            let field = &fields.unnamed[0];
            input.generics.params.is_empty().then_some(Input { ident: &input.ident, field_ty: &field.ty })
        }
        Fields::Unnamed(fields) => {
            errors.push(syn::Error::new(
                fields.span(),
                format!("#[derive(Identity)] needs exactly one field (the storage), found {}", fields.unnamed.len()),
            ));
            None
        }
        Fields::Named(fields) => {
            errors.push(syn::Error::new(
                fields.span(),
                "#[derive(Identity)] needs a tuple struct, like `struct OrderId(Uuid);`, not named fields",
            ));
            None
        }
        Fields::Unit => {
            errors.push(syn::Error::new(
                input.ident.span(),
                "#[derive(Identity)] needs a tuple struct with one field, like `struct OrderId(Uuid);`",
            ));
            None
        }
    }
}
