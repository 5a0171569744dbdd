//! The integrations the derive adds: JSON Schema, OpenAPI, GraphQL, and test-data generators.
//! Every schema's pattern is checked against texts the types really write.
#![cfg(all(
    feature = "schemars1",
    feature = "utoipa6",
    feature = "async-graphql7",
    feature = "arbitrary1",
    feature = "proptest1"
))]

mod support;

use idcraft::{Identity, Uuid};
use proptest::prelude::*;
use std::str::FromStr;
use support::*;

#[derive(Identity)]
#[id(scheme = "sno", encoding = "hex")]
struct HexSno([u8; 10]);

#[derive(Identity)]
#[id(scheme = "uuid7", encoding = "typeid", prefix = "user")]
struct TypedUser(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", encoding = "ulid")]
struct CombAsUlid(Uuid);

#[derive(Identity)]
#[id(scheme = "nanoid", prefix = "inv")]
struct NanoId([u8; 21]);

#[derive(Identity)]
#[id(scheme = "nanoid", size = 6, alphabet = "0123456789abcdef")]
struct HexCode([u8; 6]);

/// An alphabet of regex metacharacters, which the pattern must escape.
#[derive(Identity)]
#[id(scheme = "nanoid", size = 10, alphabet = "-]^\\[ab")]
struct OddCode([u8; 10]);

#[derive(Identity)]
#[id(scheme = "cuid2")]
struct CuidId([u8; 24]);

/// The JSON Schema of `I`, its pattern compiled, checked against many texts of `I` (new ones,
/// and those of arbitrary values, which reach the extremes of each encoding).
fn schema_matches_texts<I>(make: impl Fn() -> I)
where
    I: Identity + schemars::JsonSchema + utoipa::PartialSchema + for<'a> arbitrary::Arbitrary<'a> + FromStr,
{
    let schema = serde_json::to_value(schemars::schema_for!(I)).unwrap();
    assert_eq!(schema["type"], "string", "{schema}");
    let pattern = schema["pattern"].as_str().unwrap();
    let regex = regex::Regex::new(pattern).unwrap();
    let (min, max) = (schema["minLength"].as_u64().unwrap() as usize, schema["maxLength"].as_u64().unwrap() as usize);
    let example = schema["examples"][0].as_str().unwrap();
    assert!(I::from_str(example).is_ok(), "{}: example {example} does not parse", I::TYPE_NAME);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..2000 {
        let id = if i % 2 == 0 {
            make()
        } else {
            let bytes: Vec<u8> = (0..24)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (seed >> 56) as u8
                })
                .collect();
            I::arbitrary(&mut arbitrary::Unstructured::new(&bytes)).unwrap()
        };
        let text = id.to_string();
        assert!(regex.is_match(&text), "{}: {text} does not match {pattern}", I::TYPE_NAME);
        assert!((min..=max).contains(&text.chars().count()), "{}: {text} not {min}..={max} long", I::TYPE_NAME);
    }
    // OpenAPI says the same.
    let openapi = serde_json::to_value(I::schema()).unwrap();
    assert_eq!(openapi["type"], "string");
    assert_eq!(openapi["pattern"], pattern);
    assert_eq!((openapi["minLength"].as_u64(), openapi["maxLength"].as_u64()), (Some(min as u64), Some(max as u64)));
}

#[test]
fn schemas_match_every_scheme_and_text_form() {
    schema_matches_texts(SqlComb::new);
    schema_matches_texts(PgComb::new);
    schema_matches_texts(LegacyComb::new);
    schema_matches_texts(BinaryComb::new);
    schema_matches_texts(|| Hot::new(7));
    schema_matches_texts(Dist::new);
    schema_matches_texts(Dist128::new);
    schema_matches_texts(SnoId::new);
    schema_matches_texts(Local::new);
    schema_matches_texts(Global::new);
    schema_matches_texts(OrderId::new);
    schema_matches_texts(InvoiceId::new);
    schema_matches_texts(DecimalLocal::new);
    schema_matches_texts(HexSno::new);
    schema_matches_texts(Global133::new);
    schema_matches_texts(V7::new);
    schema_matches_texts(UlidId::new);
    schema_matches_texts(TypedUser::new);
    schema_matches_texts(CombAsUlid::new);
    schema_matches_texts(TwitterId::new);
    schema_matches_texts(SonyflakeId::new);
    schema_matches_texts(NanoId::new);
    schema_matches_texts(HexCode::new);
    schema_matches_texts(OddCode::new);
    schema_matches_texts(CuidId::new);
}

/// Text schemes: `arbitrary` spreads over their values (each byte picks a character), and the
/// pattern lists the alphabet with its regex metacharacters escaped.
#[test]
fn text_schemes_in_schemas_and_test_data() {
    let values = |seed: u8| -> std::collections::BTreeSet<String> {
        (0..64u8)
            .map(|i| {
                let bytes: Vec<u8> = (0..24u8).map(|j| i.wrapping_mul(31).wrapping_add(j).wrapping_mul(seed)).collect();
                <CuidId as arbitrary::Arbitrary>::arbitrary(&mut arbitrary::Unstructured::new(&bytes))
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    assert!(values(7).len() > 60, "arbitrary CUID2s are spread out");
    let schema = serde_json::to_value(schemars::schema_for!(OddCode)).unwrap();
    assert_eq!(schema["pattern"], r"^[\-\]\^\\\[ab]{10}$");
}

/// The ULID and TypeID patterns refuse what their parsers refuse: a first character above 7,
/// the letters base32 leaves out, an uppercase TypeID suffix.
#[test]
fn base32_patterns_refuse_what_parsing_refuses() {
    for (schema, bad) in [
        (schemars::schema_for!(UlidId), "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
        (schemars::schema_for!(UlidId), "01ARZ3NDEKTSV4RRFFQ69G5FAU"),
        (schemars::schema_for!(TypedUser), "user_01H455VB4PEX5VSKNK084SN02Q"),
        (schemars::schema_for!(TypedUser), "order_01h455vb4pex5vsknk084sn02q"),
    ] {
        let schema = serde_json::to_value(schema).unwrap();
        let regex = regex::Regex::new(schema["pattern"].as_str().unwrap()).unwrap();
        assert!(!regex.is_match(bad), "{bad} matches {}", schema["pattern"]);
    }
}

#[test]
fn schemas_name_the_type_and_its_prefix() {
    let schema = serde_json::to_value(schemars::schema_for!(OrderId)).unwrap();
    assert!(schema["pattern"].as_str().unwrap().starts_with("^ord_"), "{schema}");
    assert_eq!(schema["title"], "OrderId");
    assert!(schema["description"].as_str().unwrap().contains("comb_pg"), "{schema}");
    assert_eq!(<OrderId as utoipa::ToSchema>::name(), "OrderId");
    // A struct holding an ID refers to its schema.
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct Order {
        id: OrderId,
    }
    let order = serde_json::to_value(schemars::schema_for!(Order)).unwrap();
    assert_eq!(order["properties"]["id"]["$ref"], "#/$defs/OrderId", "{order}");
    assert!(order["$defs"]["OrderId"]["pattern"].is_string());
}

#[tokio::test]
async fn graphql_scalar_reads_and_writes_the_text() {
    use async_graphql::{EmptyMutation, EmptySubscription, Object, Schema};
    struct Query;
    #[Object]
    impl Query {
        async fn echo(&self, id: OrderId) -> OrderId {
            id
        }
    }
    let schema = Schema::new(Query, EmptyMutation, EmptySubscription);
    let id = OrderId::new();
    let response = schema.execute(format!("{{ echo(id: \"{id}\") }}")).await;
    assert!(response.errors.is_empty(), "{:?}", response.errors);
    assert_eq!(response.data.into_json().unwrap()["echo"], id.to_string());
    let response = schema.execute("{ echo(id: \"ord_not-an-id\") }").await;
    assert_eq!(response.errors.len(), 1, "an invalid ID is a GraphQL error");
    let response = schema.execute("{ echo(id: 42) }").await;
    assert_eq!(response.errors.len(), 1, "a number is not an ID");
    assert!(schema.sdl().contains("scalar OrderId"), "{}", schema.sdl());
}

#[test]
fn arbitrary_ids_are_valid_for_any_bytes() {
    for len in [0usize, 1, 7, 24, 100] {
        for fill in [0u8, 0x5A, 0xFF] {
            let bytes = vec![fill; len];
            let mut u = arbitrary::Unstructured::new(&bytes);
            if let Ok(id) = <Dist as arbitrary::Arbitrary>::arbitrary(&mut u) {
                assert_eq!(id.to_string().parse::<Dist>().unwrap(), id);
            }
        }
    }
}

proptest! {
    /// Strategies give valid IDs: each writes and reads back as itself, in every scheme.
    #[test]
    fn strategies_give_valid_ids(
        a in any::<SqlComb>(), b in any::<Dist>(), c in any::<Dist128>(), d in any::<SnoId>(),
        e in any::<Local>(), f in any::<Global>(), g in any::<OrderId>(), h in any::<InvoiceId>(),
        i in any::<LegacyComb>(), j in any::<Hot>(),
    ) {
        prop_assert_eq!(a.to_string().parse::<SqlComb>().unwrap(), a);
        prop_assert_eq!(b.to_string().parse::<Dist>().unwrap(), b);
        prop_assert_eq!(c.to_string().parse::<Dist128>().unwrap(), c);
        prop_assert_eq!(d.to_string().parse::<SnoId>().unwrap(), d);
        prop_assert_eq!(e.to_string().parse::<Local>().unwrap(), e);
        prop_assert_eq!(f.to_string().parse::<Global>().unwrap(), f);
        prop_assert_eq!(g.to_string().parse::<OrderId>().unwrap(), g);
        prop_assert_eq!(h.to_string().parse::<InvoiceId>().unwrap(), h);
        prop_assert_eq!(i.to_string().parse::<LegacyComb>().unwrap(), i);
        prop_assert_eq!(j.to_string().parse::<Hot>().unwrap(), j);
    }
}
