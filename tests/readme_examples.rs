//! The examples of README.md and of the guide (docs/guide/) that cannot run as doctests, because
//! they need a feature, an async runtime or a server: each is shown there as `rust,ignore` and
//! compiled here from an identical copy (indented into a module). The last test checks that every
//! such block still appears here verbatim, so the two cannot drift apart. README.md has none
//! today: its examples moved to the guide pages named below.
#![cfg(not(target_family = "wasm"))]

/// A task scope in the `#[tokio::test]` a user writes. docs/guide/testing.md shows the same scope
/// as a doctest on a runtime it builds, so this copy is not in any page; it stays a test of the
/// attribute form.
#[cfg(feature = "tokio1")]
mod task_scope {
    use idcraft::schemes::TwitterSnowflake;
    use idcraft::scope::TaskScope;

    #[tokio::test(flavor = "multi_thread")]
    async fn task_scope_follows_the_task() {
        TaskScope::<TwitterSnowflake>::incremental()
            .run(async {
                tokio::task::yield_now().await;
                assert_eq!(TwitterSnowflake::new().to_string(), "1");
            })
            .await;
    }
}

/// docs/guide/public-tokens.md
#[cfg(feature = "axum08")]
mod axum_service {
    use idcraft::public::axum::{IdPath, PublicPath, scope_keys};
    use idcraft::public::{AesKey, Public, PublicIds};
    use idcraft::{Identity, Uuid};
    use std::sync::Arc;

    #[derive(Identity)]
    #[id(scheme = "comb_pg", prefix = "ord")]
    pub struct OrderId(Uuid);

    #[derive(Identity)]
    #[id(scheme = "comb_pg", prefix = "cus")]
    pub struct CustomerId(Uuid);

    #[derive(serde::Serialize)]
    struct Order {
        #[serde(with = "idcraft::public::as_token")]
        id: OrderId,
    }

    async fn get_order(PublicPath(id): PublicPath<OrderId>) -> axum::Json<Order> {
        axum::Json(Order { id }) // the response carries the token again, never the internal ID
    }

    async fn customer_order(
        IdPath((Public(customer), Public(order))): IdPath<(Public<CustomerId>, Public<OrderId>)>,
    ) -> String {
        format!("{customer} {order}")
    }

    fn app() -> axum::Router {
        let (key, _) = AesKey::generate(256).unwrap(); // in a service: the shared key from its secret store
        let keys = Arc::new(PublicIds::new(key).bound_to_types());
        axum::Router::new()
            .route("/orders/{order}", axum::routing::get(get_order))
            .route("/customers/{customer}/orders/{order}", axum::routing::get(customer_order))
            .layer(axum::middleware::from_fn_with_state(keys, scope_keys))
    }

    #[test]
    fn builds_the_router() {
        let _router = app();
    }
}

/// docs/guide/databases.md
#[cfg(feature = "rusqlite")]
mod rusqlite_column {
    use idcraft::{Identity, Uuid};

    #[derive(Identity)]
    #[id(scheme = "comb_pg")]
    struct OrderId(Uuid);

    fn main() {
        let db = rusqlite::Connection::open_in_memory().unwrap();
        db.execute_batch("CREATE TABLE orders (id BLOB PRIMARY KEY) WITHOUT ROWID").unwrap();
        let (a, b) = (OrderId::new(), OrderId::new());
        db.execute("INSERT INTO orders VALUES (?1), (?2)", (b, a)).unwrap();
        let first: OrderId = db.query_row("SELECT id FROM orders ORDER BY id LIMIT 1", [], |r| r.get(0)).unwrap();
        assert_eq!(first, a);
    }

    #[test]
    fn runs() {
        main();
    }
}

/// docs/guide/databases.md: a derived ID as a sea-orm primary key and a nullable column.
#[cfg(feature = "sea-orm2")]
mod sea_orm_entity {
    use idcraft::{Identity, Uuid};
    use sea_orm::entity::prelude::*;

    #[derive(Identity)]
    #[id(scheme = "comb_pg", prefix = "ord")]
    pub struct OrderId(Uuid);

    #[derive(Identity)]
    #[id(scheme = "uuid7", prefix = "shp")]
    pub struct ShipmentId(Uuid);

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "orders")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: OrderId,
        pub shipped: Option<ShipmentId>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    #[tokio::test]
    async fn round_trips() {
        use sea_orm::{ActiveModelTrait, ConnectionTrait, Database, Schema};
        let db = Database::connect("sqlite::memory:").await.unwrap();
        let schema = Schema::new(db.get_database_backend());
        db.execute(&schema.create_table_from_entity(Entity)).await.unwrap();
        let order = Model { id: OrderId::new(), shipped: Some(ShipmentId::new()) };
        ActiveModel::from(order.clone()).insert(&db).await.unwrap();
        assert_eq!(Entity::find_by_id(order.id).one(&db).await.unwrap(), Some(order));
    }
}

/// docs/guide/features.md
#[cfg(feature = "schemars1")]
mod json_schema {
    use idcraft::{Identity, Uuid};

    #[derive(Identity)]
    #[id(scheme = "comb_pg", prefix = "ord")]
    pub struct OrderId(Uuid);

    fn main() {
        let schema = serde_json::to_value(schemars::schema_for!(OrderId)).unwrap();
        assert_eq!(schema["type"], "string");
        assert_eq!(
            schema["pattern"],
            "^ord_[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
        );
    }

    #[test]
    fn runs() {
        main();
    }
}

/// docs/guide/running-a-fleet.md
#[cfg(feature = "lease-postgres")]
mod lease_postgres {
    use idcraft::DefaultGenerator;
    use idcraft::lease::{Lease, LeaseConfig, LeasedGenerator};
    use idcraft::schemes::sno::SnoGenerator;

    fn main() {
        let url = std::env::var("DATABASE_URL").unwrap();
        // Partitions 0..65535, a 30 s lease renewed every 10 s. Keep the lease for the process's life.
        let lease = Lease::acquire(&url, LeaseConfig::sno_partitions().create_table(true)).unwrap();
        // Derived sno types' new() now issue on the leased partition.
        SnoGenerator::leased(&lease).unwrap().install_default().unwrap();
        run_service(); // returns when the service shuts down; dropping `lease` then hands the slot back
    }

    fn run_service() {}

    #[test]
    fn compiles() {
        let _needs_a_database: fn() = main;
    }
}

/// docs/guide/running-a-fleet.md
#[cfg(feature = "lease-etcd")]
mod lease_etcd {
    use idcraft::DefaultGenerator;
    use idcraft::lease::{Lease, LeaseConfig, LeasedGenerator};
    use idcraft::schemes::sno::SnoGenerator;

    fn main() {
        // The members' client URLs, comma-separated: http://etcd-0:2379,http://etcd-1:2379,...
        let endpoints = std::env::var("ETCD_ENDPOINTS").unwrap();
        let endpoints: Vec<&str> = endpoints.split(',').collect();
        let lease = Lease::acquire_etcd(&endpoints, LeaseConfig::sno_partitions()).unwrap();
        SnoGenerator::leased(&lease).unwrap().install_default().unwrap();
        run_service();
    }

    fn run_service() {}

    #[test]
    fn compiles() {
        let _needs_etcd: fn() = main;
    }
}

/// id-derive/src/lib.rs: the derive's first example.
mod derive_first {
    #[test]
    fn runs() {
        use idcraft::{Identity, Uuid};

        /// An order: a COMB that sorts by creation time in PostgreSQL, written `ord_…`.
        #[derive(Identity)]
        #[id(scheme = "comb_pg", prefix = "ord")]
        pub struct OrderId(Uuid);

        let id = OrderId::new();
        let text = id.to_string();
        assert!(text.starts_with("ord_"));
        assert_eq!(text.parse::<OrderId>().unwrap(), id);
        assert!(OrderId::new() > id);
    }
}

/// id-derive/src/lib.rs: the derive's examples.
mod derive_examples {
    #[test]
    fn runs() {
        use idcraft::schemes::Uuid7Generator;
        use idcraft::{Identity, ManualClock, SeededRandom, Timestamp, Uuid};

        #[derive(Identity)]
        #[id(scheme = "twitter_snowflake")]
        pub struct MessageId(u64);

        #[derive(Identity)]
        #[id(scheme = "sno", prefix = "evt")]
        pub struct EventId([u8; 10]);

        #[derive(Identity)]
        #[id(scheme = "uuid7", encoding = "typeid", prefix = "user")]
        pub struct UserId(Uuid);

        let message = MessageId::new();
        assert_eq!(serde_json::to_string(&message).unwrap(), format!("\"{message}\""));

        let event = EventId::new_with_meta(7);
        assert_eq!(event.meta(), 7);
        assert_eq!(event.to_string().len(), "evt_".len() + 16);

        let clock = ManualClock::new(Timestamp::from_unix_millis(1_714_564_800_000));
        let user = UserId::generate_with(&Uuid7Generator::with(&clock, SeededRandom::new(1)));
        assert_eq!(user.unix_ms(), 1_714_564_800_000);
        assert_eq!(user.to_string().len(), "user_".len() + 26);
    }
}

// id-derive/src/lib.rs: the `crate` key (at the crate root, where its path points).
mod ids {
    pub use idcraft;
}

use idcraft::Identity;

#[derive(Identity)]
#[id(scheme = "uid64", crate = "crate::ids::idcraft")]
pub struct SessionId(u64);

#[test]
fn derive_crate_path() {
    assert!(SessionId::new() < SessionId::new());
}

/// The `rust,ignore` blocks of a Markdown text.
fn ignored_blocks(markdown: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line == "```rust,ignore" => current = Some(Vec::new()),
            None => {}
            Some(_) if line.starts_with("```") => blocks.extend(current.take()),
            Some(block) => block.push(line),
        }
    }
    assert!(current.is_none(), "an unterminated code block");
    blocks
}

/// Whether `block` appears in `file` as consecutive lines, all indented by the same amount.
fn contains_indented(file: &str, block: &[&str]) -> bool {
    let lines: Vec<&str> = file.lines().collect();
    lines.windows(block.len()).any(|window| {
        let indent = window[0].len() - window[0].trim_start().len();
        window.iter().zip(block).all(|(have, want)| {
            if want.is_empty() {
                have.is_empty()
            } else {
                have.get(..indent).is_some_and(|i| i.trim().is_empty()) && &have[indent..] == *want
            }
        })
    })
}

#[test]
fn every_ignored_block_is_compiled_here() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = include_str!("readme_examples.rs");
    let mut documents = vec![root.join("README.md")];
    let mut guide: Vec<_> = std::fs::read_dir(root.join("docs/guide"))
        .map(|dir| dir.map(|entry| entry.unwrap().path()).collect())
        .unwrap_or_default();
    guide.sort();
    documents.extend(guide.into_iter().filter(|path| path.extension().is_some_and(|e| e == "md")));
    let mut checked = 0;
    // The derive's doc comment, as the Markdown it renders to (in the repository; a packaged
    // `idcraft` has no id-derive/ beside it).
    let derive = std::fs::read_to_string(root.join("id-derive/src/lib.rs")).unwrap_or_default();
    let derive_docs: String = derive
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("///"))
        .map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line)))
        .collect();
    for block in ignored_blocks(&derive_docs) {
        assert!(contains_indented(this, &block), "a `rust,ignore` block of id-derive/src/lib.rs is not here verbatim");
        checked += 1;
    }
    for path in documents {
        let text = std::fs::read_to_string(&path).unwrap();
        for block in ignored_blocks(&text) {
            assert!(
                contains_indented(this, &block),
                "a `rust,ignore` block of {} is not in tests/readme_examples.rs verbatim; it starts with: {}",
                path.display(),
                block.first().unwrap_or(&"")
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} blocks found");
}
