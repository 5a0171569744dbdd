//! Derived IDs as sea-orm 2 entity primary keys and columns, on SQLite (always), PostgreSQL
//! (`DATABASE_URL`) and MariaDB (`MARIADB_URL`): tables made from the entities, every scheme as
//! a primary key inserted shuffled and read back in `ORDER BY id`, lookups, updates, deletes,
//! `NULL`s and values of the wrong shape.
#![cfg(feature = "sea-orm2")]

#[path = "support/rows.rs"]
mod rows;
mod support;

use idcraft::{Identity, Uuid};
use rows::*;
use sea_orm::entity::prelude::*;
use sea_orm::{ActiveValue, ConnectionTrait, Database, DatabaseConnection, DbBackend, QueryOrder, Schema};
use support::*;

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
pub struct OrderId(Uuid);

/// The entity: an order keyed by its `OrderId`, with a column of every other shape.
mod order {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "idcraft_so_orders")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: OrderId,
        pub invoice: Dist,
        pub wide: Dist128,
        pub sno: SnoId,
        pub local: Local,
        pub tweet: TwitterId,
        pub ksuid: KsuidId,
        pub dotnet: BinaryComb,
        pub shipped: Option<V7>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// One entity per scheme, keyed by that scheme's ID.
macro_rules! keyed {
    ($($m:ident: $ty:ty = $table:literal),* $(,)?) => {$(
        mod $m {
            use super::*;

            #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
            #[sea_orm(table_name = $table)]
            pub struct Model {
                #[sea_orm(primary_key, auto_increment = false)]
                pub id: $ty,
                pub n: i32,
            }

            #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
            pub enum Relation {}

            impl ActiveModelBehavior for ActiveModel {}
        }
    )*};
}

keyed! {
    k_comb_sql: SqlComb = "idcraft_so_comb_sql",
    k_comb_pg: PgComb = "idcraft_so_comb_pg",
    k_comb_legacy: LegacyComb = "idcraft_so_comb_legacy",
    k_comb_binary: BinaryComb = "idcraft_so_comb_binary",
    k_hot: Hot = "idcraft_so_hot",
    k_distributed: Dist = "idcraft_so_distributed",
    k_distributed128: Dist128 = "idcraft_so_distributed128",
    k_sno: SnoId = "idcraft_so_sno",
    k_uid64: Local = "idcraft_so_uid64",
    k_uid96: Global = "idcraft_so_uid96",
    k_uuid7: V7 = "idcraft_so_uuid7",
    k_ulid: UlidId = "idcraft_so_ulid",
    k_twitter: TwitterId = "idcraft_so_twitter",
    k_discord: DiscordId = "idcraft_so_discord",
    k_instagram: InstagramId = "idcraft_so_instagram",
    k_sonyflake: SonyflakeId = "idcraft_so_sonyflake",
    k_ksuid: KsuidId = "idcraft_so_ksuid",
}

/// The entity's table, as sea-orm makes it; on SQLite a decimal column is `TEXT` (what
/// `#[sea_orm(column_type = "Text")]` declares), as sea-query's `Decimal` is a `REAL` there.
async fn recreate<E: EntityTrait>(db: &DatabaseConnection, entity: E) {
    let backend = db.get_database_backend();
    db.execute_unprepared(&format!("DROP TABLE IF EXISTS {}", entity.table_name())).await.unwrap();
    let create = backend.build(&Schema::new(backend).create_table_from_entity(entity)).to_string();
    let create = match backend {
        DbBackend::Sqlite => create.replace("real(28, 0)", "text"),
        _ => create,
    };
    db.execute_unprepared(&create).await.unwrap();
}

/// `$m`'s IDs from `$make`, inserted shuffled, read back by `ORDER BY id` and by primary key.
macro_rules! keyed_round_trip {
    ($db:expr, $m:ident, $make:expr, $expect:expr) => {{
        use $m::{ActiveModel, Column, Entity};
        recreate($db, Entity).await;
        let (ids, shuffled) = generated_n($make, 2000);
        for chunk in shuffled.chunks(500) {
            let rows = chunk.iter().map(|id| ActiveModel { id: ActiveValue::Set(*id), n: ActiveValue::Set(7) });
            Entity::insert_many(rows).exec($db).await.unwrap_or_else(|e| panic!("{}: {e}", stringify!($m)));
        }
        let back: Vec<_> =
            Entity::find().order_by_asc(Column::Id).all($db).await.unwrap().into_iter().map(|m| m.id).collect();
        check_order(&ids, &back, $expect, &format!("{:?} (sea-orm)", $db.get_database_backend()));
        let found = Entity::find_by_id(ids[17]).one($db).await.unwrap().expect("found by its ID");
        assert_eq!(found.id, ids[17]);
    }};
}

impl Hot {
    fn new_default() -> Hot {
        Hot::new(42)
    }
}

async fn every_scheme_is_a_primary_key(db: &DatabaseConnection) {
    keyed_round_trip!(db, k_comb_pg, PgComb::new, Sorted);
    keyed_round_trip!(db, k_comb_binary, BinaryComb::new, Sorted);
    keyed_round_trip!(db, k_hot, Hot::new_default, Sorted);
    keyed_round_trip!(db, k_distributed, Dist::new, Sorted);
    keyed_round_trip!(db, k_distributed128, Dist128::new, Sorted);
    keyed_round_trip!(db, k_sno, SnoId::new, Sorted);
    keyed_round_trip!(db, k_uid64, Local::new, Sorted);
    keyed_round_trip!(db, k_uid96, Global::new, Sorted);
    keyed_round_trip!(db, k_uuid7, V7::new, Sorted);
    keyed_round_trip!(db, k_ulid, UlidId::new, Sorted);
    keyed_round_trip!(db, k_twitter, TwitterId::new, Sorted);
    keyed_round_trip!(db, k_discord, DiscordId::new, Sorted);
    keyed_round_trip!(db, k_instagram, InstagramId::new, Sorted);
    keyed_round_trip!(db, k_sonyflake, SonyflakeId::new, Sorted);
    keyed_round_trip!(db, k_ksuid, KsuidId::new, ByOrd);
    // Made for SQL Server: the time sits in the bytes these databases compare last.
    keyed_round_trip!(db, k_comb_sql, SqlComb::new, Random);
    keyed_round_trip!(db, k_comb_legacy, LegacyComb::new, Random);
}

fn an_order(shipped: bool) -> order::Model {
    order::Model {
        id: OrderId::new(),
        invoice: Dist::new(),
        wide: Dist128::new(),
        sno: SnoId::new(),
        local: Local::new(),
        tweet: TwitterId::new(),
        ksuid: KsuidId::new(),
        dotnet: BinaryComb::new(),
        shipped: shipped.then(V7::new),
    }
}

async fn orders_round_trip(db: &DatabaseConnection) {
    use order::{ActiveModel, Column, Entity};
    recreate(db, Entity).await;
    let orders: Vec<order::Model> = (0..50).map(|i| an_order(i % 3 != 0)).collect();
    for o in orders.iter().rev() {
        ActiveModel::from(o.clone()).insert(db).await.unwrap();
    }
    let back = Entity::find().order_by_asc(Column::Id).all(db).await.unwrap();
    assert_eq!(back, orders, "every column round-trips, and ORDER BY id is generation order");
    // Lookups by each column, an update and a delete, all through the IDs.
    let o = &orders[9];
    assert_eq!(Entity::find_by_id(o.id).one(db).await.unwrap().as_ref(), Some(o));
    assert_eq!(Entity::find().filter(Column::Invoice.eq(o.invoice)).all(db).await.unwrap(), vec![o.clone()]);
    assert_eq!(Entity::find().filter(Column::Local.eq(o.local)).all(db).await.unwrap(), vec![o.clone()]);
    assert_eq!(Entity::find().filter(Column::Dotnet.eq(o.dotnet)).all(db).await.unwrap(), vec![o.clone()]);
    let unshipped = Entity::find().filter(Column::Shipped.is_null()).count(db).await.unwrap();
    assert_eq!(unshipped, 17);
    let mut active: ActiveModel = o.clone().into();
    let shipped = V7::new();
    active.shipped = ActiveValue::Set(Some(shipped));
    active.update(db).await.unwrap();
    assert_eq!(Entity::find_by_id(o.id).one(db).await.unwrap().unwrap().shipped, Some(shipped));
    Entity::delete_by_id(o.id).exec(db).await.unwrap();
    assert_eq!(Entity::find().count(db).await.unwrap(), 49);
}

/// A value of the wrong shape is a type error naming the type, not a panic or another ID;
/// integer keys come from a driver's `u64`, others refuse one.
async fn wrong_values_are_errors(db: &DatabaseConnection) {
    use sea_orm::{Statement, TryFromU64, TryGetable};
    let backend = db.get_database_backend();
    let sql = match backend {
        DbBackend::MySql => "SELECT 'ord_x' AS a, CAST(5 AS SIGNED) AS b, 1.5e0 AS c",
        _ => "SELECT 'ord_x' AS a, CAST(5 AS BIGINT) AS b, CAST(1.5 AS DOUBLE PRECISION) AS c",
    };
    let row = db.query_one_raw(Statement::from_string(backend, sql)).await.unwrap().unwrap();
    let e = OrderId::try_get_by(&row, "a").unwrap_err();
    assert!(format!("{e:?}").contains("OrderId"), "{e:?}");
    assert_eq!(TwitterId::try_get_by(&row, "b").map(u64::from).ok(), Some(5));
    assert!(OrderId::try_get_by(&row, "b").is_err());
    assert!(Dist::try_get_by(&row, "c").is_err(), "a float is never rounded to an ID");
    assert_eq!(TwitterId::try_from_u64(42).map(u64::from).ok(), Some(42));
    assert!(TwitterId::try_from_u64(u64::MAX).is_err(), "a snowflake is below 2^63");
    assert!(OrderId::try_from_u64(1).is_err());
}

async fn everything(db: &DatabaseConnection) {
    every_scheme_is_a_primary_key(db).await;
    orders_round_trip(db).await;
    wrong_values_are_errors(db).await;
}

#[tokio::test]
async fn sqlite() {
    everything(&Database::connect("sqlite::memory:").await.unwrap()).await;
}

#[tokio::test]
async fn postgres() {
    let Some(url) = database_url("tests/sea_orm.rs") else { return };
    everything(&Database::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn mariadb() {
    let Some(url) = mariadb_url("tests/sea_orm.rs") else { return };
    everything(&Database::connect(&url).await.unwrap()).await;
}
