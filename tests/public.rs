//! Typed public tokens for derived IDs: round trips, type binding, forgeries, key rotation.
#![cfg(feature = "public")]

use idcraft::public::format::Format;
use idcraft::public::layout::Placement;
use idcraft::public::{AesKey, PublicId, PublicIdError, PublicIds, TokenFormat};
use idcraft::{Decimal, Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "cus")]
struct CustomerId(Uuid);

#[derive(Identity)]
#[id(scheme = "distributed")]
struct InvoiceId(Decimal);

#[derive(Identity)]
#[id(scheme = "sno")]
struct EventId([u8; 10]);

#[derive(Identity)]
#[id(scheme = "uid64")]
struct LocalId(u64);

#[derive(Identity)]
#[id(scheme = "ulid", prefix = "doc")]
struct DocumentId(u128);

#[derive(Identity)]
#[id(scheme = "uuid7", encoding = "typeid", prefix = "user")]
struct UserId(Uuid);

fn key(byte: u8) -> AesKey {
    AesKey::new(&[byte; 32]).unwrap()
}

/// A repeatable stream of random-looking words, for forged tokens.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[test]
fn round_trips_for_every_layout() {
    round_trips(&PublicIds::new(key(1)));
    round_trips(&PublicIds::compatible(key(1)));
    round_trips(&PublicIds::new(key(1)).bound_to_types());
    assert_eq!(PublicIds::compatible(key(1)).format(), TokenFormat::Compatible);
    assert_eq!(PublicIds::new(key(1)).format(), TokenFormat::Authenticated);
}

fn round_trips<F: Format>(ids: &PublicIds<F>) {
    {
        let order = OrderId::new();
        let token = ids.to_public(&order);
        assert_eq!(ids.from_public(&token).unwrap(), order);
        assert_eq!(ids.decode_str::<OrderId>(&token.to_string()).unwrap(), order);
        let invoice = InvoiceId::new();
        assert_eq!(ids.from_public(&ids.to_public(&invoice)).unwrap(), invoice);
        let event = EventId::new();
        assert_eq!(ids.from_public(&ids.to_public(&event)).unwrap(), event);
        let local = LocalId::new();
        assert_eq!(ids.from_public(&ids.to_public(&local)).unwrap(), local);
        let document = DocumentId::new();
        let token = ids.to_public(&document);
        assert_eq!(ids.from_public(&token).unwrap(), document);
        assert!(!token.to_string().contains(&document.to_string()[4..14]), "the time part does not show");
        let user = UserId::new();
        assert_eq!(ids.decode_str::<UserId>(&ids.to_public(&user).to_string()).unwrap(), user);
    }
}

#[test]
fn text_form_carries_the_prefix_and_reveals_nothing() {
    let ids = PublicIds::new(key(2));
    let order = OrderId::new();
    let token = ids.to_public(&order).to_string();
    assert!(token.starts_with("ord_") && token.len() == 4 + 33, "{token}");
    assert!(!token.contains(&order.to_string()[4..12]));
    let compat = PublicIds::compatible(key(2)).to_public(&order).to_string();
    assert_eq!(compat.len(), 4 + 22);
    assert_eq!("cus_x".parse::<PublicId<OrderId>>(), Err(PublicIdError::Invalid));
    let next = ids.to_public(&OrderId::new()).to_string();
    assert_ne!(token[4..8], next[4..8], "consecutive IDs give unrelated tokens");
}

#[test]
fn compatible_tokens_match_architect_for_the_same_layout() {
    let ids = PublicIds::compatible(AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=").unwrap());
    let invoice = InvoiceId::try_from("1088824355131185736905670087".parse::<Decimal>().unwrap()).unwrap();
    assert_eq!(ids.to_public(&invoice).to_string(), "48XoooHHCe1CiOHrghM7Dl");
    assert_eq!(ids.decode_str::<InvoiceId>("48XoooHHCe1CiOHrghM7Dl").unwrap(), invoice);
}

#[test]
fn type_bound_tokens_fail_across_types() {
    let ids = PublicIds::new(key(3)).bound_to_types();
    let order = OrderId::new();
    let token = ids.to_public(&order).to_string();
    let as_customer = format!("cus_{}", &token[4..]);
    assert_eq!(ids.decode_str::<CustomerId>(&as_customer), Err(PublicIdError::Invalid));
    // Unbound, the same bytes would decode as a CustomerId: binding is what stops it.
    let unbound = PublicIds::new(key(3));
    let t = unbound.to_public(&order).to_string();
    assert!(unbound.decode_str::<CustomerId>(&format!("cus_{}", &t[4..])).is_ok());
}

#[test]
fn authenticated_tokens_reject_forgeries_even_for_128_bit_ids() {
    let ids = PublicIds::new(key(4));
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    for _ in 0..100_000 {
        let mut bytes = [0u8; 24];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&next().to_le_bytes());
        }
        let token = PublicId::<OrderId>::from_bytes(&bytes).unwrap();
        assert_eq!(ids.from_public(&token), Err(PublicIdError::Invalid));
    }
    // A flipped bit in a real token is rejected too.
    let real = ids.to_public(&OrderId::new());
    let mut bytes = real.as_bytes().to_vec();
    bytes[3] ^= 1;
    assert!(ids.from_public(&PublicId::<OrderId>::from_bytes(&bytes).unwrap()).is_err());
    // Compatible tokens of a UUID scheme cannot be checked (the original's limit).
    let compat = PublicIds::compatible(key(4));
    assert!(compat.from_public(&PublicId::<OrderId>::from_bytes(&[7; 16]).unwrap()).is_ok());
}

#[test]
fn rotated_keys_decode_old_tokens() {
    let old = PublicIds::new(key(5)).bound_to_types();
    let order = OrderId::new();
    let old_token = old.to_public(&order).to_string();
    let rotated = PublicIds::new(key(6)).bound_to_types().with_previous_keys([key(5)]);
    assert_eq!(rotated.decode_str::<OrderId>(&old_token).unwrap(), order);
    let new_token = rotated.to_public(&order).to_string();
    assert_ne!(new_token, old_token);
    assert!(old.decode_str::<OrderId>(&new_token).is_err());
    assert_eq!(rotated.decode_str::<OrderId>(&new_token).unwrap(), order);
}

#[test]
fn keys_never_show_in_debug() {
    let ids = PublicIds::new(AesKey::new(&[0xAB; 32]).unwrap());
    let debug = format!("{ids:?} {:?}", AesKey::new(&[0xAB; 16]).unwrap());
    assert!(!debug.contains("ab") && !debug.contains("AB") && !debug.contains("171"), "{debug}");
}

#[cfg(feature = "serde")]
#[test]
fn tokens_serialize_as_text() {
    let ids = PublicIds::new(key(7));
    let token = ids.to_public(&OrderId::new());
    let json = serde_json::to_string(&token).unwrap();
    assert_eq!(json, format!("\"{token}\""));
    assert_eq!(serde_json::from_str::<PublicId<OrderId>>(&json).unwrap(), token);
    assert!(serde_json::from_str::<PublicId<OrderId>>("\"ord_nope\"").is_err());
}

/// A module of one ID type, for types that share a name across modules.
macro_rules! id_module {
    ($module:ident, $name:ident, $scheme:literal, $prefix:literal) => {
        mod $module {
            use idcraft::{Identity, Uuid};

            #[derive(Identity)]
            #[id(scheme = $scheme, prefix = $prefix)]
            pub struct $name(pub Uuid);
        }
    };
}

// The same type name as `shipping::Id`, another prefix.
id_module!(billing, Id, "comb_pg", "bil");
id_module!(shipping, Id, "comb_pg", "shp");

/// Bound keys depend on the type's name and prefix only, never on which type a process used
/// first, even when two types share a name.
#[test]
fn bound_keys_do_not_depend_on_first_use() {
    let uuid = Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
    let (billing, shipping) = (billing::Id(uuid), shipping::Id(uuid));
    let billing_first = PublicIds::new(key(5)).bound_to_types();
    let billing_token = billing_first.to_public(&billing);
    let shipping_first = PublicIds::new(key(5)).bound_to_types();
    let shipping_token = shipping_first.to_public(&shipping);

    assert_eq!(billing_first.to_public(&shipping), shipping_token);
    assert_eq!(shipping_first.to_public(&billing), billing_token);
    assert_ne!(billing_token.as_bytes(), shipping_token.as_bytes());
    let forged = PublicId::<shipping::Id>::from_bytes(billing_token.as_bytes()).unwrap();
    assert_eq!(billing_first.from_public(&forged), Err(PublicIdError::Invalid));
}

// Same name and prefix as `support::OrderId`: only the module tells them apart.
id_module!(sales, OrderId, "comb_pg", "ord");
id_module!(support, OrderId, "hot", "ord");

/// Binding keys on the scheme too: a token of `sales::OrderId` does not decode as
/// `support::OrderId` (same name, same prefix, another scheme). Keyed on name and prefix only,
/// it did.
#[test]
fn binding_tells_same_named_types_of_other_modules_apart() {
    let ids = PublicIds::new(key(8)).bound_to_types();
    for _ in 0..100 {
        let token = ids.to_public(&sales::OrderId::new()).to_string();
        assert!(ids.decode_str::<sales::OrderId>(&token).is_ok());
        assert_eq!(ids.decode_str::<support::OrderId>(&token), Err(PublicIdError::Invalid), "{token}");
    }
}

/// The same `ids.rs` in the server (`shop::ids`) and in a second binary of the package
/// (`mint::ids`): module paths differ, as they do between two crates, a renamed crate or a moved
/// type. Tokens were keyed on the module path, so the second binary's tokens answered 404.
macro_rules! ids_rs {
    () => {
        use idcraft::{Identity, Uuid};

        #[derive(Identity)]
        #[id(scheme = "comb_pg", prefix = "ord", bind = "shop.order")]
        pub struct OrderId(pub Uuid);

        /// Without `bind`: keyed on the type's name.
        #[derive(Identity)]
        #[id(scheme = "comb_pg", prefix = "inv")]
        pub struct InvoiceId(pub Uuid);
    };
}

mod shop {
    pub mod ids {
        ids_rs!();
    }
}

mod mint {
    pub mod ids {
        ids_rs!();

        /// Another bind name, everything else equal.
        #[derive(Identity)]
        #[id(scheme = "comb_pg", prefix = "ord", bind = "shop.legacy-order")]
        pub struct LegacyOrderId(pub Uuid);
    }
}

#[test]
fn bound_tokens_follow_the_bind_name_not_the_module_path() {
    assert_eq!(<shop::ids::OrderId as Identity>::BIND, Some("shop.order"));
    assert_ne!(<shop::ids::OrderId as Identity>::MODULE_PATH, <mint::ids::OrderId as Identity>::MODULE_PATH);
    let ids = PublicIds::new(key(11)).bound_to_types();
    for _ in 0..50 {
        let uuid = Uuid::from_u128(u128::from_le_bytes(*OrderId::new().as_inner().as_bytes()));
        let server = ids.to_public(&shop::ids::OrderId(uuid)).to_string();
        let minted = ids.to_public(&mint::ids::OrderId(uuid)).to_string();
        assert_eq!(server, minted, "the same bind name makes the same token");
        assert_eq!(ids.decode_str::<shop::ids::OrderId>(&minted).unwrap(), shop::ids::OrderId(uuid));
        assert_eq!(ids.decode_str::<mint::ids::OrderId>(&server).unwrap(), mint::ids::OrderId(uuid));
        assert_eq!(
            ids.decode_str::<mint::ids::LegacyOrderId>(&server),
            Err(PublicIdError::Invalid),
            "another bind name"
        );
        // Without `bind`, the type's name: still not the module path.
        let invoice = ids.to_public(&shop::ids::InvoiceId(uuid)).to_string();
        assert_eq!(ids.decode_str::<mint::ids::InvoiceId>(&invoice).unwrap(), mint::ids::InvoiceId(uuid));
    }
}

/// A multi-byte character across the index where the tag starts used to panic the slicing.
#[test]
fn hostile_token_text_is_invalid_not_a_panic() {
    let ids = PublicIds::new(key(9));
    let straddling = format!("ord_{}é{}", "A".repeat(21), "A".repeat(10));
    assert_eq!(ids.decode_str::<OrderId>(&straddling), Err(PublicIdError::Invalid));
    assert_eq!(straddling.parse::<PublicId<OrderId>>(), Err(PublicIdError::Invalid));
    for text in
        ["ord_", "ord_é", "ord_\u{0}", &format!("ord_{}", "é".repeat(16)), &format!("ord_{}", "A".repeat(1 << 16))]
    {
        assert_eq!(ids.decode_str::<OrderId>(text), Err(PublicIdError::Invalid));
    }
    #[cfg(feature = "serde")]
    assert!(serde_json::from_str::<PublicId<OrderId>>(&format!("\"{straddling}\"")).is_err());
}

/// The process-wide install, its error, and explicit scopes that run beside it.
#[cfg(feature = "serde")]
mod scopes {
    use super::*;
    use idcraft::public::{InstallError, Public, as_token, scope};
    use serde::{Deserialize, Serialize};
    use std::collections::{BTreeSet, VecDeque};
    use std::sync::Arc;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Order {
        #[serde(with = "as_token")]
        id: OrderId,
        #[serde(default, with = "as_token::option")]
        parent: Option<OrderId>,
        #[serde(with = "as_token::vec")]
        customers: Vec<CustomerId>,
        #[serde(with = "as_token::vec")]
        linked: BTreeSet<OrderId>,
        #[serde(default, with = "as_token::vec")]
        queue: VecDeque<OrderId>,
    }

    fn order() -> Order {
        Order {
            id: OrderId::new(),
            parent: Some(OrderId::new()),
            customers: vec![CustomerId::new(), CustomerId::new()],
            linked: [OrderId::new(), OrderId::new(), OrderId::new()].into(),
            queue: VecDeque::new(),
        }
    }

    #[test]
    fn install_refuses_a_second_key_set_and_says_why() {
        // The only test of this binary that installs.
        idcraft::public::install(PublicIds::new(key(40))).unwrap();
        let refused = idcraft::public::install(PublicIds::new(key(41)).with_previous_keys([key(42)])).unwrap_err();
        let error: &dyn std::error::Error = &refused;
        assert!(error.to_string().contains("already installed"), "{error}");
        assert!(matches!(refused, InstallError::AlreadyInstalled(_)));
        // The refused keys come back whole, to be used in a scope instead.
        let back = Arc::new(refused.into_ids());
        assert_eq!(format!("{back:?}"), "PublicIds { keys: 2, format: Authenticated, bound_to_types: false, .. }");
        let id = OrderId::new();
        let scoped = scope::with(&back, || serde_json::to_string(&Public(id)).unwrap());
        let global = serde_json::to_string(&Public(id)).unwrap();
        assert_ne!(scoped, global, "the scope's keys, not the installed ones");
        assert_eq!(scoped, format!("\"{}\"", back.to_public(&id)));
        assert_eq!(global, format!("\"{}\"", PublicIds::new(key(40)).to_public(&id)));
    }

    #[test]
    // WebAssembly (the WASI test run of .ci/wasm) has no threads to start.
    #[cfg(not(target_family = "wasm"))]
    fn parallel_scopes_do_not_interfere() {
        let threads = 8;
        let barrier = Arc::new(std::sync::Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    let keys = Arc::new(PublicIds::new(key(100 + i as u8)).bound_to_types());
                    barrier.wait();
                    let mut bodies = Vec::new();
                    for _ in 0..200 {
                        let order = order();
                        let json = scope::with(&keys, || serde_json::to_string(&order).unwrap());
                        assert!(json.contains(&keys.to_public(&order.id).to_string()), "{json}");
                        let back: Order = scope::with(&keys, || serde_json::from_str(&json).unwrap());
                        assert_eq!(back, order);
                        bodies.push(json);
                    }
                    (i, bodies)
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        // Every body was written with its own thread's keys: no other thread's keys read it.
        for (i, bodies) in &results {
            let other = Arc::new(PublicIds::new(key(100 + ((*i + 1) % threads) as u8)).bound_to_types());
            for json in bodies.iter().take(20) {
                let e = scope::with(&other, || serde_json::from_str::<Order>(json).unwrap_err());
                assert!(e.to_string().contains("not a valid public ID"), "{e}");
            }
        }
    }

    #[test]
    // A panic aborts on WebAssembly (the WASI test run of .ci/wasm): nothing to unwind from.
    #[cfg(not(target_family = "wasm"))]
    fn scopes_nest_and_end_with_their_closure_even_on_panic() {
        let (a, b) = (Arc::new(PublicIds::new(key(60))), Arc::new(PublicIds::new(key(61))));
        let id = OrderId::new();
        let token = |ids: &PublicIds| format!("\"{}\"", ids.to_public(&id));
        scope::with(&a, || {
            assert_eq!(serde_json::to_string(&Public(id)).unwrap(), token(&a));
            scope::with(&b, || assert_eq!(serde_json::to_string(&Public(id)).unwrap(), token(&b)));
            assert_eq!(serde_json::to_string(&Public(id)).unwrap(), token(&a));
            let caught = std::panic::catch_unwind(|| scope::with(&b, || panic!("inside")));
            assert!(caught.is_err());
            assert_eq!(serde_json::to_string(&Public(id)).unwrap(), token(&a), "the panicking scope ended");
        });
    }

    #[test]
    fn options_and_collections_of_tokens() {
        let keys = Arc::new(PublicIds::new(key(70)));
        scope::with(&keys, || {
            let order = order();
            let json: serde_json::Value = serde_json::to_value(&order).unwrap();
            assert_eq!(json["parent"], keys.to_public(order.parent.as_ref().unwrap()).to_string());
            assert_eq!(json["customers"][1], keys.to_public(&order.customers[1]).to_string());
            assert_eq!(json["linked"].as_array().unwrap().len(), 3);
            assert_eq!(serde_json::from_value::<Order>(json.clone()).unwrap(), order);

            // Absent and null options are `None`; a list may come as comma-separated text.
            let mut sparse = json.clone();
            sparse.as_object_mut().unwrap().remove("parent");
            sparse.as_object_mut().unwrap().remove("queue");
            let customers: Vec<&str> =
                json["customers"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            sparse["customers"] = customers.join(",").into();
            let read: Order = serde_json::from_value(sparse.clone()).unwrap();
            assert_eq!((read.parent, read.customers, read.queue.len()), (None, order.customers, 0));
            sparse["parent"] = serde_json::Value::Null;
            assert_eq!(serde_json::from_value::<Order>(sparse.clone()).unwrap().parent, None);

            // As map keys, through the wrapper type.
            let by_order: std::collections::BTreeMap<Public<OrderId>, u32> = [(Public(order.id), 7)].into();
            let text = serde_json::to_string(&by_order).unwrap();
            assert_eq!(text, format!("{{\"{}\":7}}", keys.to_public(&order.id)));
            assert_eq!(
                serde_json::from_str::<std::collections::BTreeMap<Public<OrderId>, u32>>(&text).unwrap(),
                by_order
            );

            // One bad token anywhere fails the whole value, saying only that it is not valid.
            for (field, bad) in [
                ("parent", json["id"].as_str().unwrap().replace("ord_", "cus_")),
                ("customers", format!("{},cus_x", customers[0])),
                ("linked", format!("{}", order.id)),
            ] {
                let mut broken = json.clone();
                broken[field] = bad.into();
                let e = serde_json::from_value::<Order>(broken).unwrap_err();
                assert!(e.to_string().contains("not a valid public ID"), "{field}: {e}");
            }
        });
    }

    #[test]
    fn rotation_reads_old_tokens_and_rejects_retired_ones() {
        let id = OrderId::new();
        let before = Arc::new(PublicIds::new(key(80)).bound_to_types());
        let old_body = scope::with(&before, || serde_json::to_string(&Public(id)).unwrap());

        // Rotated: new tokens under key 81, tokens of key 80 still read.
        let rotated = Arc::new(PublicIds::new(key(81)).with_previous_keys([key(80)]).bound_to_types());
        let (read_old, new_body) = scope::with(&rotated, || {
            (serde_json::from_str::<Public<OrderId>>(&old_body).unwrap(), serde_json::to_string(&Public(id)).unwrap())
        });
        assert_eq!(read_old.0, id);
        assert_ne!(new_body, old_body, "new tokens use the new key");

        // Key 80 retired: its tokens are rejected like any forgery; key 81's still read.
        let retired = Arc::new(PublicIds::new(key(82)).with_previous_keys([key(81)]).bound_to_types());
        scope::with(&retired, || {
            let e = serde_json::from_str::<Public<OrderId>>(&old_body).unwrap_err();
            assert!(e.to_string().contains("not a valid public ID"), "{e}");
            assert_eq!(serde_json::from_str::<Public<OrderId>>(&new_body).unwrap().0, id);
        });
    }
}

#[derive(Identity)]
#[id(scheme = "twitter_snowflake", prefix = "tw")]
struct TweetId(u64);

#[derive(Identity)]
#[id(scheme = "sonyflake")]
struct SensorReadingId(u64);

/// Snowflakes encrypt in Architect's `u64` block, as uid64 does: the compatible token of a
/// value is the same whichever of these schemes holds it.
#[test]
fn snowflake_tokens_use_the_u64_block() {
    for ids in [PublicIds::new(key(9)), PublicIds::new(key(9)).bound_to_types()] {
        let tweet = TweetId::new();
        let token = ids.to_public(&tweet);
        assert!(token.to_string().starts_with("tw_"), "{token}");
        assert_eq!(ids.from_public(&token).unwrap(), tweet);
        assert_eq!(ids.decode_str::<TweetId>(&token.to_string()).unwrap(), tweet);
        let reading = SensorReadingId::new();
        assert_eq!(ids.from_public(&ids.to_public(&reading)).unwrap(), reading);
    }
    let compatible = PublicIds::compatible(key(9));
    let tweet = TweetId::try_from(1_050_118_621_198_921_728).unwrap();
    let local = LocalId::from(1_050_118_621_198_921_728);
    let token = compatible.to_public(&tweet).to_string();
    assert_eq!(token[3..], compatible.to_public(&local).to_string());
    assert_eq!(compatible.decode_str::<TweetId>(&token).unwrap(), tweet);
    // The block follows from the shape: a 64-bit number, which id-public places in the `u64`
    // block.
    type Snowflake = idcraft::schemes::TwitterSnowflake;
    let kind = <<Snowflake as idcraft::Scheme>::Shape as idcraft::schemes::Shape>::KIND;
    assert_eq!(kind, idcraft::schemes::shape::Kind::U63);
    assert_eq!(Placement::of(kind), Placement::U64);
    assert_eq!(<Snowflake as idcraft::public::PublicBlock>::PLACEMENT, Placement::U64);
}

/// A 64-bit ID's authenticated token is its encrypted block alone, 22 characters: the block's
/// 64 zero bits check it as a 64-bit tag would, under binding and against forgeries alike.
#[test]
fn authenticated_tokens_of_64_bit_ids_are_one_block() {
    let bound = PublicIds::new(key(10)).bound_to_types();
    let local = LocalId::new();
    let token = bound.to_public(&local);
    assert_eq!(token.as_bytes().len(), 16);
    assert_eq!(token.to_string().len(), 22, "{token}");
    assert_eq!(bound.decode_str::<LocalId>(&token.to_string()).unwrap(), local);
    assert_eq!(bound.to_public(&TweetId::new()).to_string().len(), 3 + 22);
    // Another 64-bit type with the same layout: binding still tells them apart.
    assert_eq!(bound.decode_str::<SensorReadingId>(&token.to_string()), Err(PublicIdError::Invalid));
    // The authenticated and compatible tokens of one key are made with different keys.
    let compatible = PublicIds::compatible(key(10)).to_public(&local).to_string();
    assert_eq!(PublicIds::new(key(10)).decode_str::<LocalId>(&compatible), Err(PublicIdError::Invalid));
    // The tagged length is not a form of these tokens, whatever its bytes.
    let tagged = PublicId::<LocalId>::from_bytes(&[token.as_bytes(), &[0; 8]].concat()).unwrap();
    assert_eq!(bound.from_public(&tagged), Err(PublicIdError::Invalid));
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..100_000 {
        let bytes = [next().to_le_bytes(), next().to_le_bytes()].concat();
        let forged = PublicId::<LocalId>::from_bytes(&bytes).unwrap();
        assert_eq!(bound.from_public(&forged), Err(PublicIdError::Invalid));
    }
}
