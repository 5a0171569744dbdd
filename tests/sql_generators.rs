//! IDs made inside PostgreSQL (`sql/postgres/idcraft_generate.sql`) as column defaults, read
//! back through the derived Rust types: every value parses, carries the time it was inserted at
//! (to the scheme's resolution), and sorts together with IDs made in Rust in the same run, in
//! the database's order. Runs when `DATABASE_URL` is set (`.ci/run` requires it).
#![cfg(all(feature = "postgres02", not(target_family = "wasm")))]

#[path = "support/postgres.rs"]
mod pg;
mod support;

use idcraft::{Identity, Timestamp, Uuid};
use pg::postgres_with;
use postgres_types::{FromSql, ToSql};
use std::time::Duration;
use support::*;
use tokio_postgres::Client;

const LEASES: &str = include_str!("../sql/postgres/idcraft_lease.sql");
const GENERATORS: &str = include_str!("../sql/postgres/idcraft_generate.sql");
const ROUNDS: usize = 150;

/// The same, loaded over the synchronous client by the lease tests (see `postgres_with`).
const LOAD: [&str; 4] = ["SELECT pg_advisory_lock(7326001)", LEASES, GENERATORS, "SELECT pg_advisory_unlock(7326001)"];

/// A blocking client of the database at `url`, with the lease table and the generators loaded.
#[cfg(feature = "lease-postgres")]
fn loaded(url: &str) -> postgres::Client {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    for statement in LOAD {
        client.batch_execute(statement).unwrap();
    }
    client
}

async fn connect() -> Option<Client> {
    postgres_with(file!(), &[LEASES, GENERATORS]).await
}

/// Whether `ORDER BY id` in PostgreSQL is the Rust `Ord` of the scheme (false for the SQL
/// Server layout, whose order PostgreSQL's uuid comparison does not follow).
#[derive(Clone, Copy, PartialEq)]
enum PgOrder {
    Same,
    Other,
}

/// Inserts rows made by `default` (the SQL function) and by `make` (Rust) in turns, then checks
/// what comes back.
async fn check<I>(
    client: &Client,
    default: &str,
    column: &str,
    make: impl Fn() -> I,
    resolution: Duration,
    order: PgOrder,
) where
    I: Identity + ToSql + for<'a> FromSql<'a> + Sync,
{
    let table = format!("idcraft_gen_{}", I::TYPE_NAME.to_lowercase());
    client
        .batch_execute(&format!(
            "DROP TABLE IF EXISTS {table}; \
             CREATE TABLE {table} (id {column} PRIMARY KEY DEFAULT {default}, from_sql boolean NOT NULL)"
        ))
        .await
        .unwrap();
    let before = Timestamp::from_system_time(std::time::SystemTime::now());
    for _ in 0..ROUNDS {
        client.execute(&format!("INSERT INTO {table} (from_sql) VALUES (true)"), &[]).await.unwrap();
        client.execute(&format!("INSERT INTO {table} (id, from_sql) VALUES ($1, false)"), &[&make()]).await.unwrap();
    }
    let after = Timestamp::from_system_time(std::time::SystemTime::now());
    let rows = client.query(&format!("SELECT id, from_sql FROM {table} ORDER BY id"), &[]).await.unwrap();
    assert_eq!(rows.len(), 2 * ROUNDS, "{default}: every default is a new key");
    let back: Vec<I> =
        rows.iter().map(|row| row.try_get::<_, I>(0).unwrap_or_else(|e| panic!("{default}: {e}"))).collect();
    let from_sql = rows.iter().filter(|row| row.get::<_, bool>(1)).count();
    assert_eq!(from_sql, ROUNDS);
    // Rust generators on the coarse clock may stamp a little earlier than the wall clock.
    let earliest = before.checked_sub(resolution + <I::Scheme as idcraft::Scheme>::EMBED_LAG).unwrap();
    for id in &back {
        let t = time_of(id);
        assert!(earliest <= t && t <= after, "{default}: {id} carries {t}, inserted between {before} and {after}");
    }
    let mut sorted = back.clone();
    sorted.sort();
    let times: Vec<Timestamp> = sorted.iter().map(time_of).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{default}: the scheme's order is time order");
    if order == PgOrder::Same {
        assert!(back == sorted, "{default}: ORDER BY id in PostgreSQL is the Rust order");
    }
    client.batch_execute(&format!("DROP TABLE {table}")).await.unwrap();
}

/// PostgreSQL's own message (a driver error's `Display` is only "db error").
fn db_message(e: &tokio_postgres::Error) -> String {
    e.as_db_error().map(|d| d.message().to_owned()).unwrap_or_else(|| e.to_string())
}

fn time_of<I: Identity>(id: &I) -> Timestamp {
    idcraft::Scheme::timestamp(&id.to_scheme())
}

#[tokio::test]
async fn sql_defaults_read_back_through_the_rust_types() {
    let Some(client) = connect().await else { return };
    let ms = Duration::from_millis(1);
    check(&client, "idcraft_uuid7()", "uuid", V7::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_ulid()", "uuid", UlidId::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_comb_pg()", "uuid", PgComb::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_comb_sql()", "uuid", SqlComb::new, ms, PgOrder::Other).await;
    check(&client, "idcraft_distributed128()", "uuid", Dist128::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_instagram_id(7)", "bigint", InstagramId::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_twitter_snowflake()", "bigint", TwitterId::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_discord_snowflake(1023)", "bigint", DiscordId::new, ms, PgOrder::Same).await;
    check(&client, "idcraft_sonyflake()", "bigint", SonyflakeId::new, Duration::from_millis(10), PgOrder::Same).await;
    check(&client, "idcraft_object_id()", "bytea", ObjectIdId::new, Duration::from_secs(1), PgOrder::Same).await;
    check(&client, "idcraft_ksuid()", "bytea", KsuidId::new, Duration::from_secs(1), PgOrder::Same).await;
}

/// One session's ObjectIds share their five random bytes (its server process's), another
/// session's are its own, and the counter is the sequence's: one more per ID, whichever session
/// asks.
#[tokio::test]
async fn sql_object_ids_keep_a_process_part_per_session() {
    let Some(first) = connect().await else { return };
    let Some(second) = connect().await else { return };
    async fn make(client: &Client) -> idcraft::schemes::ObjectId {
        let bytes: Vec<u8> = client.query_one("SELECT idcraft_object_id()", &[]).await.unwrap().get(0);
        idcraft::schemes::ObjectId::from_bytes_array(bytes.try_into().expect("12 bytes"))
    }
    let (a, b, c) = (make(&first).await, make(&first).await, make(&second).await);
    assert_eq!(a.random(), b.random(), "one session, one process part");
    assert_ne!(a.random(), c.random(), "each session draws its own");
    // Other tests may take values of the sequence in between: later, never equal.
    let step = |x: u32, y: u32| y.wrapping_sub(x) & 0xFF_FFFF;
    assert!(step(a.counter(), b.counter()) >= 1 && step(b.counter(), c.counter()) >= 1);
    let now = Timestamp::from_system_time(std::time::SystemTime::now());
    assert!((now.unix_seconds() - a.unix_seconds()).abs() <= 2, "{a} is of now ({now})");
}

/// mastodon has no node: the database's generator is the layout's only one (a Rust generator
/// beside it would issue the same IDs), so its IDs are checked alone: new, in the order made,
/// carrying the time of the call, counting the sequence within a millisecond.
#[tokio::test]
async fn sql_mastodon_is_its_layouts_one_generator() {
    let Some(client) = connect().await else { return };
    client
        .batch_execute(
            "DROP TABLE IF EXISTS idcraft_gen_mastodon; \
             CREATE TABLE idcraft_gen_mastodon (n serial, id bigint PRIMARY KEY DEFAULT idcraft_mastodon())",
        )
        .await
        .unwrap();
    let before = Timestamp::from_system_time(std::time::SystemTime::now());
    client.batch_execute("INSERT INTO idcraft_gen_mastodon (n) SELECT generate_series(1, 2000)").await.unwrap();
    let after = Timestamp::from_system_time(std::time::SystemTime::now());
    let rows = client.query("SELECT id FROM idcraft_gen_mastodon ORDER BY n", &[]).await.unwrap();
    let ids: Vec<MastodonId> = rows.iter().map(|row| row.get(0)).collect();
    assert_eq!(ids.len(), 2000);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "in the order made");
    for id in &ids {
        let t = time_of(id);
        assert!(before.checked_sub(Duration::from_millis(1)).unwrap() <= t && t <= after, "{id} carries {t}");
    }
    // 2000 rows in one statement take a few milliseconds: some share one, and count on in it.
    assert!(ids.windows(2).any(|w| w[0].unix_ms() == w[1].unix_ms() && w[1].sequence() == w[0].sequence() + 1));
    client.batch_execute("DROP TABLE idcraft_gen_mastodon").await.unwrap();
}

/// Fields the caller gives land in their bits; a field out of range is a PostgreSQL error,
/// never a wrong value.
#[tokio::test]
async fn sql_fields_are_checked() {
    let Some(client) = connect().await else { return };
    let row = client
        .query_one("SELECT idcraft_instagram_id(8191), idcraft_twitter_snowflake(3), idcraft_sonyflake(65535)", &[])
        .await
        .unwrap();
    let (insta, tweet, sony): (InstagramId, TwitterId, SonyflakeId) = (row.get(0), row.get(1), row.get(2));
    assert_eq!((insta.node(), tweet.node(), sony.node()), (8191, 3, 65535));
    // The database's own node, asked for by number, counts on from the same state: one node,
    // one counter, or two calls could make one ID.
    let row = client
        .query_one(
            "SELECT idcraft_sonyflake(), idcraft_sonyflake((SELECT slot FROM idcraft_db_slot WHERE namespace = 'sonyflake-machine'))",
            &[],
        )
        .await
        .unwrap();
    let (by_default, by_number): (SonyflakeId, SonyflakeId) = (row.get(0), row.get(1));
    assert_eq!(by_default.node(), by_number.node());
    assert!(by_number > by_default, "{by_number} after {by_default}");
    for bad in [
        "idcraft_instagram_id(8192)",
        "idcraft_instagram_id(-1)",
        "idcraft_instagram_id(NULL)",
        "idcraft_twitter_snowflake(1024)",
        "idcraft_discord_snowflake(-1)",
        "idcraft_sonyflake(65536)",
    ] {
        let e = client.query_one(&format!("SELECT {bad}"), &[]).await.unwrap_err();
        assert!(db_message(&e).contains("outside"), "{bad}: {e:?}");
    }
}

/// The database's own slot in the lease table: Rust leases of the namespace never get it while
/// the database holds it; the database issues only after the bound its predecessor published;
/// once released, a Rust holder of that slot issues only after the database's last ID.
#[cfg(feature = "lease-postgres")]
#[test]
fn the_database_slot_shares_the_lease_table_with_rust_holders() {
    use idcraft::Generate;
    use idcraft::lease::{Lease, LeaseConfig, LeasedGenerator};
    use idcraft::schemes::snowflake::{DiscordLayout, SnowflakeGenerator};

    let Some(url) = database_url(file!()) else { return };
    let mut client = loaded(&url);
    // This test owns the namespace: start from a predecessor on slot 0 that expired but may
    // stamp IDs up to 1.5 s from now.
    client
        .batch_execute(
            "SELECT idcraft_db_release('discord-worker'); \
             DELETE FROM idcraft_lease WHERE namespace = 'discord-worker'; \
             INSERT INTO idcraft_lease VALUES ('discord-worker', 0, gen_random_uuid(), 5, \
                 now() - interval '1 second', clock_timestamp() + interval '1500 milliseconds')",
        )
        .unwrap();
    let bound: std::time::SystemTime = client
        .query_one("SELECT issue_until FROM idcraft_lease WHERE namespace = 'discord-worker' AND slot = 0", &[])
        .unwrap()
        .get(0);
    // The first ID waits the bound out, then the database holds the slot.
    let first: DiscordId = client.query_one("SELECT idcraft_discord_snowflake()", &[]).unwrap().get(0);
    assert_eq!(first.node(), 0);
    assert!(time_of(&first) > Timestamp::from_system_time(bound), "{first} after the predecessor's bound");
    let row = client
        .query_one(
            "SELECT holder = idcraft_db_holder(), epoch FROM idcraft_lease WHERE namespace = 'discord-worker' AND slot = 0",
            &[],
        )
        .unwrap();
    assert_eq!((row.get::<_, bool>(0), row.get::<_, i64>(1)), (true, 6), "the database took the slot over");

    // While the database holds slot 0, Rust leases of the namespace get other slots.
    let cfg = || LeaseConfig::discord_workers().create_table(true);
    let held: Vec<Lease> = (0..8).map(|_| Lease::acquire(&url, cfg()).unwrap()).collect();
    assert!(held.iter().all(|lease| lease.slot() != 0));
    drop(held);

    let mut last = first;
    for _ in 0..100 {
        let id: DiscordId = client.query_one("SELECT idcraft_discord_snowflake()", &[]).unwrap().get(0);
        assert!(id > last && id.node() == 0);
        last = id;
    }
    let bound: std::time::SystemTime = client
        .query_one("SELECT issue_until FROM idcraft_lease WHERE namespace = 'discord-worker' AND slot = 0", &[])
        .unwrap()
        .get(0);
    assert!(bound > std::time::SystemTime::now(), "held: the bound is the far future");

    // Released: a Rust holder of slot 0 starts after the database's last ID.
    client.batch_execute("SELECT idcraft_db_release('discord-worker')").unwrap();
    let lease = Lease::acquire(&url, LeaseConfig::new("discord-worker", 1)).unwrap();
    assert_eq!(lease.slot(), 0);
    let generator = SnowflakeGenerator::<DiscordLayout>::leased(&lease).unwrap();
    let first = generator.generate(()).unwrap();
    assert_eq!(first.node(), 0);
    assert!(first.timestamp() > idcraft::Scheme::timestamp(&last.to_scheme()), "{first:?} after {last}");
    assert!(first.to_u64() > u64::from(last));
}

/// The SQL functions' bits are the layouts' own: versions and fixed bits where the Rust types
/// require them, and the UUIDv7 read by the uuid crate with its time.
#[tokio::test]
async fn sql_layouts_match_byte_for_byte() {
    let Some(client) = connect().await else { return };
    for _ in 0..100 {
        let row =
            client.query_one("SELECT idcraft_uuid7(), idcraft_distributed128(), idcraft_unix_ms()", &[]).await.unwrap();
        let (v7, d128, ms): (Uuid, Uuid, i64) = (row.get(0), row.get(1), row.get(2));
        assert_eq!((v7.get_version_num(), v7.get_variant()), (7, uuid::Variant::RFC4122));
        let (secs, nanos) = v7.get_timestamp().unwrap().to_unix();
        let v7_ms = (secs * 1000 + u64::from(nanos) / 1_000_000) as i64;
        assert!(v7_ms <= ms && ms - v7_ms < 1000, "{v7}: {v7_ms} vs {ms}");
        let d = d128.as_bytes();
        assert_eq!((d[6] >> 4, d[8] >> 7), (7, 0), "DistributedId128's fixed bits: {d128}");
    }
}

/// The system clock moved `.0` milliseconds ahead (behind when negative).
#[cfg(feature = "lease-postgres")]
struct Skewed(i64);

#[cfg(feature = "lease-postgres")]
impl idcraft::Clock for Skewed {
    fn now(&self) -> Timestamp {
        let now = idcraft::Clock::now(&idcraft::SystemClock);
        Timestamp::from_unix_nanos(now.unix_nanos() + i128::from(self.0) * 1_000_000)
    }
}

/// One slot handed back and forth between a Rust holder whose clock is skewed and the database
/// (README: a handover "never repeats an ID, whatever the clocks say"): each side issues in
/// time units that start after the bound the other published, in units of the layout (10 ms for
/// Sonyflake, 1 ms for Twitter). A holder 100 ms ahead used to lose its last 10 ms unit to the
/// database, which waited for the bound's millisecond, not its unit.
#[cfg(feature = "lease-postgres")]
fn hand_over<L: idcraft::schemes::snowflake::SnowflakeLayout>(
    url: &str,
    client: &mut postgres::Client,
    namespace: &'static str,
    sql: &str,
) {
    use idcraft::Generate;
    use idcraft::lease::{Lease, LeaseConfig, LeaseRefusal};
    use idcraft::schemes::snowflake::SnowflakeGenerator;
    use std::collections::HashSet;

    const IDS: usize = 1000;
    let select = format!("SELECT {sql} FROM generate_series(1, {IDS})");
    client
        .batch_execute(&format!(
            "SELECT idcraft_db_release('{namespace}'); DELETE FROM idcraft_lease WHERE namespace = '{namespace}'"
        ))
        .unwrap();
    for skew in [100, -100] {
        let mut seen = HashSet::new();
        let (mut from_rust, mut from_sql) = (0, 0);
        for round in 0..4 {
            // The Rust holder: issues up to its release.
            let lease = Lease::acquire(url, LeaseConfig::new(namespace, 1).create_table(true)).unwrap();
            assert_eq!(lease.slot(), 0);
            let generator = SnowflakeGenerator::<L, _>::with(Skewed(skew), 0).unwrap().with_fence(lease.fence());
            let mut made = 0;
            let until = std::time::Instant::now() + Duration::from_secs(5);
            while made < IDS {
                match generator.generate(()) {
                    Ok(id) => {
                        made += 1;
                        let (fresh, time) = (seen.insert(id.to_u64()), id.timestamp());
                        assert!(fresh, "{namespace}, {skew:+} ms, round {round}: Rust repeated {id:?} ({time})");
                    }
                    // A clock behind the database's bound waits for it.
                    Err(e)
                        if matches!(LeaseRefusal::of(&e), Some(LeaseRefusal::OutsideWindow { .. }))
                            && std::time::Instant::now() < until =>
                    {
                        std::thread::sleep(Duration::from_millis(1))
                    }
                    Err(e) => panic!("{namespace}, {skew:+} ms: {e}"),
                }
            }
            from_rust += made;
            lease.release().unwrap();
            // The database: claims the slot, issues, gives it back.
            let rows = client.query(&select, &[]).unwrap();
            let repeated: Vec<i64> =
                rows.iter().map(|row| row.get(0)).filter(|id: &i64| !seen.insert(*id as u64)).collect();
            assert!(
                repeated.is_empty(),
                "{namespace}, Rust holder {skew:+} ms, round {round}: the database repeated {} of {IDS} IDs, first {:?}",
                repeated.len(),
                repeated.first().map(|id| L::NAME.to_owned() + " " + &id.to_string())
            );
            from_sql += rows.len();
            client.batch_execute(&format!("SELECT idcraft_db_release('{namespace}')")).unwrap();
        }
        assert_eq!(seen.len(), from_rust + from_sql);
    }
}

#[cfg(feature = "lease-postgres")]
#[test]
fn a_handover_between_rust_and_the_database_never_repeats_whatever_the_clocks_say() {
    use idcraft::schemes::snowflake::{SonyflakeLayout, TwitterLayout};
    let Some(url) = database_url(file!()) else { return };
    let mut client = loaded(&url);
    // The layouts of idcraft_sonyflake() and idcraft_twitter_snowflake() on namespaces of this
    // test's own (the built-in ones are shared with the other tests), one slot each.
    hand_over::<SonyflakeLayout>(
        &url,
        &mut client,
        "test-handover-sonyflake",
        "idcraft_snowflake('test-handover-sonyflake', NULL, 1409529600000, 10, 16, 8, true, 1)",
    );
    hand_over::<TwitterLayout>(
        &url,
        &mut client,
        "test-handover-twitter",
        "idcraft_snowflake('test-handover-twitter', NULL, 1288834974657, 1, 10, 12, false, 1)",
    );
}

/// Eight sessions making Instagram IDs for one shard at once: no ID twice. Instagram's own
/// function (`nextval % 1024` beside a clock read apart from it) repeated hundreds of times
/// here, in milliseconds that held fewer than 1,024 IDs, whenever a session stalled between
/// the two reads.
#[tokio::test]
async fn instagram_ids_never_repeat_across_concurrent_sessions() {
    const SESSIONS: usize = 8;
    const STATEMENTS: usize = 60;
    let Some(_loaded) = connect().await else { return };
    let url = database_url(file!()).unwrap();
    let sessions: Vec<_> = (0..SESSIONS)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move {
                let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
                tokio::spawn(connection);
                let mut ids: Vec<i64> = Vec::new();
                for _ in 0..STATEMENTS {
                    let rows = client
                        .query("SELECT idcraft_instagram_id(5) FROM generate_series(1, 1000)", &[])
                        .await
                        .unwrap();
                    ids.extend(rows.iter().map(|row| row.get::<_, i64>(0)));
                }
                ids
            })
        })
        .collect();
    let per_session = tokio::time::timeout(Duration::from_secs(300), async {
        let mut per_session = Vec::new();
        for session in sessions {
            per_session.push(session.await.unwrap());
        }
        per_session
    })
    .await
    .expect("eight sessions of 60,000 IDs each within 300 s");
    let all: Vec<i64> = per_session.concat();
    let mut per_ms = std::collections::HashMap::<i64, usize>::new();
    for id in &all {
        *per_ms.entry(id >> 23).or_default() += 1;
        assert_eq!((id >> 10) & 8191, 5, "the shard field");
    }
    let mut sorted = all.clone();
    sorted.sort_unstable();
    let repeats: Vec<i64> = sorted.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
    let within_the_layout = repeats.iter().filter(|id| per_ms[&(*id >> 23)] <= 1024).count();
    assert_eq!(
        repeats.len(),
        0,
        "repeated Instagram IDs among {}, {within_the_layout} of them in milliseconds holding at most 1,024 IDs \
         (the busiest held {})",
        all.len(),
        per_ms.values().max().unwrap()
    );
    for ids in per_session {
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "each session's IDs increase");
    }
}

/// One rule for namespaces on both sides: every name `LeaseConfig` accepts works in SQL, on the
/// database's own slot and on an explicit node, and keeps a state of its own (names differing
/// only in case or punctuation, or only after PostgreSQL's 63-byte identifiers, included);
/// what `LeaseConfig` refuses, SQL refuses in the same words.
#[cfg(feature = "lease-postgres")]
#[test]
fn every_namespace_rust_accepts_works_in_sql_and_only_those() {
    use idcraft::lease::{Lease, LeaseConfig, LeaseError};

    const SIXTY: &str = "fleet.eu-west-1.workers.Batch-Jobs.nightly-reindex-processes";
    const LONG_A: &str = "a-namespace-name-long-enough-to-fill-all-of-postgresqls-63-bytes-of-identifier-one";
    const LONG_B: &str = "a-namespace-name-long-enough-to-fill-all-of-postgresqls-63-bytes-of-identifier-two";
    assert_eq!(SIXTY.len(), 60);
    assert!(LONG_A.len() > 63 && LONG_A[..70] == LONG_B[..70]);
    let names = ["Fleet-A", "fleet-a", "fleet_a", "eu.workers", "eu_workers", SIXTY, LONG_A, LONG_B];

    let Some(url) = database_url(file!()) else { return };
    let mut client = loaded(&url);
    let twitter = |ns: &str, node: &str, slots: i32| {
        format!("idcraft_snowflake({ns}, {node}, 1288834974657, 1, 10, 12, false, {slots})")
    };
    let mut states = std::collections::HashSet::new();
    for name in names {
        client.execute("SELECT idcraft_db_release($1)", &[&name]).unwrap();
        client.execute("DELETE FROM idcraft_lease WHERE namespace = $1", &[&name]).unwrap();
        // A Rust holder takes a slot of the namespace, the database another.
        let rust = Lease::acquire(&url, LeaseConfig::new(name, 2).create_table(true)).unwrap();
        let ids: Vec<i64> = client
            .query(&format!("SELECT {} FROM generate_series(1, 100)", twitter("$1", "NULL", 2)), &[&name])
            .unwrap_or_else(|e| panic!("{name}: {}", db_message(&e)))
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{name}");
        let db_slot = 1 - rust.slot() as i64;
        assert!(ids.iter().all(|id| (id >> 12) & 1023 == db_slot), "{name}: the database's slot is the free one");
        let row = client
            .query_one(
                "SELECT count(*) FROM idcraft_lease WHERE namespace = $1 AND holder = idcraft_db_holder()",
                &[&name],
            )
            .unwrap();
        assert_eq!(row.get::<_, i64>(0), 1, "{name}: the database's claim is in the namespace Rust leases from");
        client.execute("SELECT idcraft_db_release($1)", &[&name]).unwrap();
        rust.release().unwrap();
        // An explicit node counts on from the same state.
        let row = client.query_one(&format!("SELECT {}, {}", twitter("$1", "3", 4), twitter("$1", "3", 4)), &[&name]);
        let row = row.unwrap_or_else(|e| panic!("{name}: {}", db_message(&e)));
        assert!(row.get::<_, i64>(0) < row.get::<_, i64>(1), "{name}");
        let state: String = client.query_one("SELECT idcraft_db_state($1, 3)::text", &[&name]).unwrap().get(0);
        assert!(state.len() <= 63 && !state.contains('"'), "{name}: {state} is a plain identifier");
        assert!(states.insert(state.clone()), "{name}: {state} is another namespace's state too");
    }

    // Refused alike, in the same words.
    for (ns, slots, why) in
        [("", 4, "the namespace must not be empty"), ("test-refused", 0, "a namespace has 1 to 2^31 - 1 slots")]
    {
        match Lease::acquire(&url, LeaseConfig::new(ns, slots as u32)) {
            Err(LeaseError::Config(message)) => assert_eq!(message, why),
            other => panic!("{ns:?}, {slots}: {other:?}"),
        }
        for node in ["NULL", "0"] {
            let e = client.query_one(&format!("SELECT {}", twitter("$1", node, slots)), &[&ns]).unwrap_err();
            assert!(db_message(&e).contains(why), "{ns:?}, {slots}, node {node}: {}", db_message(&e));
            assert_eq!(e.code(), Some(&tokio_postgres::error::SqlState::INVALID_PARAMETER_VALUE));
        }
    }
    let e = client.query_one(&format!("SELECT {}", twitter("NULL", "NULL", 4)), &[]).unwrap_err();
    assert!(db_message(&e).contains("the namespace must not be empty"), "{}", db_message(&e));

    // A namespace whose state had the old name (a lower-case one with an underscore) goes on
    // above it under the new one: no ID repeats across the upgrade.
    client
        .batch_execute(
            "DO $$ BEGIN EXECUTE format('DROP SEQUENCE %s', idcraft_db_state('test_legacy', 0)); END $$; \
             DROP SEQUENCE IF EXISTS idcraft_state_test_legacy_0; \
             CREATE SEQUENCE idcraft_state_test_legacy_0 MINVALUE 0 START 0; \
             SELECT setval('idcraft_state_test_legacy_0', ((idcraft_unix_ms() - 1288834974657 + 60000) << 12) + 7)",
        )
        .unwrap();
    let carried: i64 = client.query_one(&format!("SELECT {}", twitter("'test_legacy'", "0", 1)), &[]).unwrap().get(0);
    let now: i64 = client.query_one("SELECT idcraft_unix_ms() - 1288834974657", &[]).unwrap().get(0);
    assert_eq!(carried & 4095, 8, "the old state's next sequence");
    assert!((carried >> 22) >= now + 59_000, "the old state's unit, a minute ahead");
}
