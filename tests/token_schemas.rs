//! The schemas of public tokens, checked as a client would check them: real tokens of every
//! scheme, encoding and token format are serialised and validated against the generated JSON
//! Schema (schemars) and OpenAPI schema (utoipa) with a JSON Schema validator, and wrong values
//! (another type's token, a truncated one, the other format, the internal ID) fail them.
#![cfg(all(feature = "public", feature = "serde", feature = "schemars1", feature = "utoipa6"))]

mod support;

use idcraft::Identity;
use idcraft::public::format::{Authenticated, Compatible};
use idcraft::public::token::has_tag;
use idcraft::public::{AesKey, PublicId, PublicIds, TokenFormat, TokenOf, as_token, scope};
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::Arc;
use support::*;

#[derive(Identity)]
#[id(scheme = "sno", encoding = "hex", prefix = "evt")]
struct HexSno([u8; 10]);

#[derive(Identity)]
#[id(scheme = "distributed128", encoding = "base62")]
struct Dist128Text(u128);

fn key(byte: u8) -> AesKey {
    AesKey::new(&[byte; 32]).unwrap()
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("{e}: {schema}"))
}

/// schemars' and utoipa's schema of `T`, as validators.
fn both<T: schemars::JsonSchema + utoipa::PartialSchema>() -> [(&'static str, jsonschema::Validator); 2] {
    let schemars = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    let utoipa = serde_json::to_value(T::schema()).unwrap();
    assert_eq!(schemars["pattern"], utoipa["pattern"]);
    assert!(schemars["description"].as_str().unwrap().contains("opaque public token"), "{schemars}");
    [("schemars", validator(&schemars)), ("utoipa", validator(&utoipa))]
}

fn assert_valid(validators: &[(&str, jsonschema::Validator)], value: &Value, what: &str) {
    for (by, v) in validators {
        if let Err(e) = v.validate(value) {
            panic!("{what} {value} fails {by}'s schema: {e}");
        }
    }
}

fn assert_invalid(validators: &[(&str, jsonschema::Validator)], value: &Value, what: &str) {
    for (by, v) in validators {
        assert!(!v.is_valid(value), "{what} {value} passes {by}'s schema");
    }
}

type Validators = [(&'static str, jsonschema::Validator)];

/// A token of the format `own` passes `any` and its own format's schema; the other format's
/// schema (`other`) refuses it where the token has a tag (`tagged`), and passes it otherwise.
fn fits_its_format(
    token: &Value,
    own: (&str, &Validators),
    other: (&str, &Validators),
    any: &Validators,
    tagged: bool,
) {
    let what = format!("{} token", own.0);
    assert_valid(any, token, &what);
    assert_valid(own.1, token, &what);
    let in_other = format!("{what} in the {} schema", other.0);
    if tagged {
        assert_invalid(other.1, token, &in_other);
    } else {
        assert_valid(other.1, token, &format!("{in_other}, untagged"));
    }
}

/// Tokens of `I` under every key set and format against `I`'s token schemas; `Other` is a type
/// of another prefix (or none).
fn tokens_fit<I, Other>(make: impl Fn() -> I, other: impl Fn() -> Other)
where
    I: Identity,
    Other: Identity,
{
    let any = both::<PublicId<I>>();
    let authenticated = both::<TokenOf<I, Authenticated>>();
    let compatible = both::<TokenOf<I, Compatible>>();
    let new = [PublicIds::new(key(1)), PublicIds::new(key(2)).bound_to_types()];
    let old = PublicIds::compatible(key(3));
    // A 64-bit ID's authenticated token has no tag: both formats have one form.
    let tagged = has_tag::<I::Scheme>(TokenFormat::Authenticated);
    for i in 0..300 {
        let id = make();
        for ids in &new {
            let token = serde_json::to_value(ids.to_public(&id)).unwrap();
            fits_its_format(&token, ("authenticated", &authenticated), ("compatible", &compatible), &any, tagged);
            let text = token.as_str().unwrap();
            assert_invalid(&any, &json!(text[..text.len() - 1]), "a truncated token");
            assert_invalid(&authenticated, &json!(format!("{text}A")), "a token one too long");
            if i == 0 {
                assert_invalid(&authenticated, &json!(id.to_string()), "the internal ID");
                assert_invalid(&authenticated, &json!(""), "nothing");
            }
            let theirs = ids.to_public(&other()).to_string();
            if I::PREFIX != Other::PREFIX {
                assert_invalid(&any, &json!(theirs), "another type's token");
            }
        }
        let token = serde_json::to_value(old.to_public(&id)).unwrap();
        fits_its_format(&token, ("compatible", &compatible), ("authenticated", &authenticated), &any, tagged);
    }
    // The largest blocks fit too: every byte 0xFF (the first character of a block is at most
    // `L`, as u64::MAX is `LygHa16AHYF`); a block starting past `L` never parses, and fails.
    let max = PublicId::<I>::from_bytes(&[0xFF; 24][..if tagged { 24 } else { 16 }]).unwrap();
    assert_valid(&authenticated, &serde_json::to_value(max).unwrap(), "the largest token");
    let past = max.to_string().replacen('L', "M", 1);
    assert!(past.parse::<PublicId<I>>().is_err());
    assert_invalid(&any, &json!(past), "a block starting past L");
}

#[test]
fn tokens_of_every_scheme_encoding_and_format_fit_their_schemas() {
    tokens_fit(OrderId::new, CustomerId::new);
    tokens_fit(CustomerId::new, OrderId::new);
    tokens_fit(InvoiceId::new, OrderId::new);
    tokens_fit(DecimalLocal::new, OrderId::new);
    tokens_fit(HexSno::new, OrderId::new);
    tokens_fit(Global133::new, OrderId::new);
    tokens_fit(Dist128Text::new, OrderId::new);
    tokens_fit(SqlComb::new, OrderId::new);
    tokens_fit(PgComb::new, OrderId::new);
    tokens_fit(LegacyComb::new, OrderId::new);
    tokens_fit(BinaryComb::new, OrderId::new);
    tokens_fit(|| Hot::new(7), OrderId::new);
    tokens_fit(Dist::new, OrderId::new);
    tokens_fit(Dist128::new, OrderId::new);
    tokens_fit(SnoId::new, OrderId::new);
    tokens_fit(Local::new, OrderId::new);
    tokens_fit(Global::new, OrderId::new);
}

#[test]
fn token_schemas_name_the_type_prefix_and_length() {
    let schema = serde_json::to_value(schemars::schema_for!(TokenOf<OrderId>)).unwrap();
    assert_eq!(schema["type"], "string");
    assert_eq!(schema["title"], "OrderIdToken");
    assert_eq!((schema["minLength"].as_u64(), schema["maxLength"].as_u64()), (Some(37), Some(37)));
    assert_eq!(schema["pattern"], "^ord_([0-9A-L][0-9A-Za-z]{10}){3}$");
    let description = schema["description"].as_str().unwrap();
    assert!(description.contains("OrderId") && description.contains("33") && description.contains("`ord_`"));
    let compatible = serde_json::to_value(<TokenOf<OrderId, Compatible> as utoipa::PartialSchema>::schema()).unwrap();
    assert_eq!((compatible["minLength"].as_u64(), compatible["maxLength"].as_u64()), (Some(26), Some(26)));
    let any = serde_json::to_value(<PublicId<Dist> as utoipa::PartialSchema>::schema()).unwrap();
    assert_eq!((any["minLength"].as_u64(), any["maxLength"].as_u64()), (Some(22), Some(33)));
    assert_eq!(any["pattern"], "^([0-9A-L][0-9A-Za-z]{10}){2,3}$");
    // A 64-bit ID's tokens are 22 characters in either format.
    for schema in [
        serde_json::to_value(<PublicId<DecimalLocal> as utoipa::PartialSchema>::schema()).unwrap(),
        serde_json::to_value(schemars::schema_for!(TokenOf<DecimalLocal>)).unwrap(),
    ] {
        assert_eq!((schema["minLength"].as_u64(), schema["maxLength"].as_u64()), (Some(22), Some(22)));
        assert_eq!(schema["pattern"], "^([0-9A-L][0-9A-Za-z]{10}){2}$");
    }
    // utoipa composes a generic type's name with its arguments' (see below).
    assert_eq!(<TokenOf<OrderId> as utoipa::ToSchema>::name(), "Token");
    assert_eq!(<PublicId<OrderId> as utoipa::ToSchema>::name(), "PublicId");
    // The example is a token of the type.
    let example = schema["examples"][0].as_str().unwrap();
    assert!(example.parse::<PublicId<OrderId>>().is_ok() && example.len() == 37, "{example}");
}

/// A body as a service writes it: IDs as tokens, their schemas named beside serde's `with`.
#[derive(Serialize, schemars::JsonSchema, utoipa::ToSchema)]
struct Order {
    #[serde(with = "as_token")]
    #[schemars(with = "TokenOf<OrderId>")]
    #[schema(value_type = TokenOf<OrderId>)]
    id: OrderId,
    #[serde(with = "as_token::option")]
    #[schemars(with = "Option<TokenOf<CustomerId>>")]
    #[schema(value_type = Option<TokenOf<CustomerId>>)]
    customer: Option<CustomerId>,
    #[serde(with = "as_token::vec")]
    #[schemars(with = "Vec<TokenOf<InvoiceId>>")]
    #[schema(value_type = Vec<TokenOf<InvoiceId>>)]
    invoices: Vec<InvoiceId>,
    /// A token as a value of its own.
    receipt: PublicId<HexSno>,
    total_cents: u64,
}

/// A validator for the OpenAPI component `name` among `components`, refs resolved in place.
fn openapi_validator<T: utoipa::ToSchema>() -> jsonschema::Validator {
    let mut schemas = Vec::new();
    T::schemas(&mut schemas);
    schemas.push((T::name().into_owned(), T::schema()));
    let components: serde_json::Map<String, Value> =
        schemas.into_iter().map(|(name, s)| (name, serde_json::to_value(s).unwrap())).collect();
    validator(&json!({
        "$ref": format!("#/components/schemas/{}", T::name()),
        "components": { "schemas": components },
    }))
}

#[test]
fn bodies_with_token_fields_fit_their_schemas() {
    let keys = Arc::new(PublicIds::new(key(9)).bound_to_types());
    let schemars = validator(&serde_json::to_value(schemars::schema_for!(Order)).unwrap());
    let utoipa = openapi_validator::<Order>();
    let checks = [("schemars", schemars), ("utoipa", utoipa)];
    for i in 0..50 {
        let order = Order {
            id: OrderId::new(),
            customer: (i % 2 == 0).then(CustomerId::new),
            invoices: (0..i % 4).map(|_| InvoiceId::new()).collect(),
            receipt: keys.to_public(&HexSno::new()),
            total_cents: 100,
        };
        let body = scope::with(&keys, || serde_json::to_value(&order).unwrap());
        assert_valid(&checks, &body, "an order");
        // The same order with its internal IDs, as the schemas described it before: rejected.
        let mut internal = body.clone();
        internal["id"] = json!(order.id.to_string());
        assert_invalid(&checks, &internal, "an order with its internal ID");
        let mut wrong = body.clone();
        wrong["id"] = json!(keys.to_public(&CustomerId::new()).to_string());
        assert_invalid(&checks, &wrong, "an order with a customer's token as its ID");
        if order.customer.is_some() {
            let mut truncated = body.clone();
            truncated["customer"] = json!(body["customer"].as_str().unwrap()[..30]);
            assert_invalid(&checks, &truncated, "an order with a truncated customer token");
        }
    }
}

/// Component names in a whole OpenAPI document: `Token_OrderId`, one per ID type, never the
/// doubled `OrderIdToken_OrderId`.
#[test]
fn openapi_component_names_are_not_doubled() {
    #[derive(utoipa::OpenApi)]
    #[openapi(components(schemas(Order, TokenOf<OrderId>)))]
    struct Api;
    let doc = serde_json::to_value(<Api as utoipa::OpenApi>::openapi()).unwrap();
    let mut names: Vec<&str> = doc["components"]["schemas"].as_object().unwrap().keys().map(String::as_str).collect();
    names.sort();
    assert_eq!(names, ["Order", "PublicId_HexSno", "Token_CustomerId", "Token_InvoiceId", "Token_OrderId"]);
    assert_eq!(doc["components"]["schemas"]["Order"]["properties"]["id"]["$ref"], "#/components/schemas/Token_OrderId");
}
