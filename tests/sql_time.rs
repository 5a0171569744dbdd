//! The time functions of `sql/postgres/idcraft.sql` against the Rust schemes, in a real
//! PostgreSQL: for every scheme of the registry and every column type its Rust column uses,
//! `idcraft_<scheme>_time(id)` is the Rust `timestamp()` truncated to the microsecond, on IDs
//! bound as that column's value (made now, made at instants across the layout's range, the
//! smallest and largest IDs of instants at, around and past its ends, and raw values of any bits); `_min_at(t)` and
//! `_max_at(t)` are `Scheme::min_at` and `Scheme::max_at`, clamped alike, for instants before,
//! inside and after the range; and `WHERE id BETWEEN` them on an indexed table is an index scan
//! that holds every ID of the window (and only those, where the column's order is time order).
//! The session runs in a time zone with daylight saving time, which no result may depend on.
//! Runs when `DATABASE_URL` is set (`.ci/run` requires it).
#![cfg(all(feature = "postgres02", not(target_family = "wasm")))]

#[path = "support/postgres.rs"]
mod pg;
mod support;

use idcraft::db::{DbColumn, DbValue, Dialect};
use idcraft::schemes::comb::TimeStrategy;
use idcraft::schemes::snowflake::SnowflakeLayout;
use idcraft::schemes::{Comb, CombLayout, DistributedId, Ksuid, KsuidMs, ObjectId, Snowflake, Uuid7, Xid};
use idcraft::{Generate, Identity, Scheme, Timestamp};
use pg::postgres_with;
use postgres_types::ToSql;
use std::collections::{BTreeMap, HashSet};
use std::time::SystemTime;
use support::*;
use tokio_postgres::Client;

const FUNCTIONS: &str = include_str!("../sql/postgres/idcraft.sql");
/// Raw values of random bits per scheme.
const RAW: usize = 300;

async fn connect() -> Option<Client> {
    let client = postgres_with(file!(), &[FUNCTIONS]).await?;
    // Days added in local time would move by an hour here in summer.
    client.batch_execute("SET TimeZone = 'America/New_York'").await.unwrap();
    Some(client)
}

/// A PostgreSQL column type a scheme's Rust column uses.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Col {
    Uuid,
    Bytea,
    Numeric,
    BigInt,
}

impl Col {
    fn sql(self) -> &'static str {
        match self {
            Col::Uuid => "uuid",
            Col::Bytea => "bytea",
            Col::Numeric => "numeric",
            Col::BigInt => "bigint",
        }
    }
}

/// A scheme's columns: the first is its Rust column (`DbColumn::POSTGRES`), whose bounds are
/// `_min_at`/`_max_at`; the others' carry the type's name. `ordered`: the columns whose order is
/// the scheme's time order, where a window's range holds only the window's IDs. `scattered`:
/// columns whose order puts the time's low bytes before its high ones (`comb_binary` in `uuid`,
/// where string byte 0 is the ms count's bits 16 to 23), so a window's range misses IDs
/// whenever those bytes wrap within it: every 4.7 hours, an hour's window does.
struct Columns {
    all: &'static [Col],
    ordered: &'static [Col],
    scattered: &'static [Col],
}

type Bound = Box<dyn ToSql + Sync + Send>;

/// `id` as a value of a `col` column, bound as Rust writes it (the derived type through its
/// driver for the Rust column and `NUMERIC(38,0)`; the bytes idcraft's binary columns hold for
/// `bytea`), and the text PostgreSQL prints for it.
fn bound<I>(id: I::Scheme, col: Col, primary: bool) -> (Bound, String)
where
    I: Identity + ToSql + Sync + Send + 'static,
    I::Scheme: DbColumn,
{
    let derived = || -> Bound { Box::new(I::from_scheme(id)) };
    match (col, id.to_db(Dialect::Postgres)) {
        (Col::Uuid, DbValue::Uuid(u)) => (derived(), u.to_string()),
        (Col::BigInt, DbValue::BigInt(v)) => (derived(), v.to_string()),
        (Col::Numeric, value) => match (id.to_numeric(), value) {
            (Some(whole), _) => (derived(), whole.to_string()),
            (None, DbValue::Numeric(d)) => (derived(), d.to_string()),
            (None, other) => panic!("{}: no NUMERIC form ({other:?})", I::Scheme::NAME),
        },
        (Col::Bytea, value) => {
            let bytes = match value {
                DbValue::Bytes(b) => b,
                _ => match id.to_db(Dialect::Sqlite) {
                    DbValue::Bytes(b) => b,
                    other => panic!("{}: no binary form ({other:?})", I::Scheme::NAME),
                },
            };
            let text = format!("\\x{}", bytes.to_hex());
            if primary { (derived(), text) } else { (Box::new(bytes.to_vec()), text) }
        }
        (col, other) => panic!("{}: {other:?} is not a {col:?} value", I::Scheme::NAME),
    }
}

fn micros(t: SystemTime) -> i128 {
    match t.duration_since(SystemTime::UNIX_EPOCH) {
        Ok(d) => d.as_micros() as i128,
        Err(e) => -(e.duration().as_micros() as i128),
    }
}

/// The instant truncated to the microsecond (floor), as timestamptz holds it.
fn floor_us(t: Timestamp) -> Timestamp {
    Timestamp::from_unix_micros(t.unix_nanos().div_euclid(1000) as i64)
}

/// xorshift64*: the same raw values in every run.
struct Bits(u64);

impl Bits {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn next_u128(&mut self) -> u128 {
        u128::from(self.next()) << 64 | u128::from(self.next())
    }
}

/// Instants for the bounds: far before the layout's range, at and around its first and last
/// instants (the last truncated to the microsecond), now, across the range, and far after it;
/// all whole microseconds, all within PostgreSQL's timestamptz (4713 BC to 294276).
fn instants<S: Scheme>(now: Timestamp, bits: &mut Bits) -> Vec<Timestamp> {
    let (first, last) = S::time_range();
    let last = floor_us(last);
    let us = |t: Timestamp, d: i64| Timestamp::from_unix_micros(t.unix_micros() + d);
    let mut out = vec![
        Timestamp::from_ymd(1, 1, 1),
        us(first, -86_400_000_000),
        us(first, -1),
        first,
        us(first, 1),
        us(first, 999),
        us(first, 1_000),
        us(first, 86_400_000_001),
        us(now, -3_600_000_000),
        us(now, -1_800_000_000),
        floor_us(now),
        us(last, -86_400_000_000),
        us(last, -1_000),
        us(last, -1),
        last,
        us(last, 1),
        us(last, 86_400_000_000),
        Timestamp::from_ymd(100_000, 1, 1),
    ];
    let span = (last.unix_micros() - first.unix_micros()) as u64;
    out.extend((0..40).map(|_| us(first, (bits.next() % span) as i64)));
    out.sort();
    out.dedup();
    out
}

/// Checks one scheme, on every column in `columns`, and returns how many IDs and instants.
async fn check<I>(
    client: &Client,
    columns: Columns,
    raw: impl Fn(u128) -> Option<I::Scheme>,
    input: <I::Scheme as Scheme>::Input,
) -> (usize, usize)
where
    I: Identity + ToSql + Sync + Send + 'static,
    I::Scheme: DbColumn,
{
    let name = <I::Scheme as Scheme>::NAME;
    let now = Timestamp::from_system_time(SystemTime::now());
    let mut bits = Bits(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64 ^ (name.as_bytes()[0] as u64) << 40);
    let times = instants::<I::Scheme>(now, &mut bits);

    // The IDs: made now, made at each instant the generator takes, the smallest and largest of
    // each instant, and raw bits (all zeros, all ones, random).
    let generator = <I::Scheme as Scheme>::default_generator();
    let mut ids: Vec<I::Scheme> = (0..20).map(|_| generator.generate(input).unwrap()).collect();
    ids.extend(times.iter().filter_map(|&t| generator.generate_at(input, t).ok()));
    for &t in &times {
        ids.extend([<I::Scheme as Scheme>::min_at(t), <I::Scheme as Scheme>::max_at(t)]);
    }
    ids.extend([0, u128::MAX].into_iter().chain((0..RAW).map(|_| bits.next_u128())).filter_map(&raw));
    let ids: Vec<I::Scheme> = ids.into_iter().collect::<HashSet<_>>().into_iter().collect();

    for (n, &col) in columns.all.iter().enumerate() {
        let (primary, ty) = (n == 0, col.sql());
        let suffix = if primary { String::new() } else { format!("_{ty}") };

        // The embedded time.
        let time = client.prepare(&format!("SELECT idcraft_{name}_time($1::{ty})")).await.unwrap();
        for &id in &ids {
            let (value, text) = bound::<I>(id, col, primary);
            let got: SystemTime = client
                .query_one(&time, &[&*value])
                .await
                .unwrap_or_else(|e| panic!("idcraft_{name}_time({text}::{ty}): {e}"))
                .get(0);
            let expected = id.timestamp().unix_nanos().div_euclid(1000);
            assert_eq!(
                micros(got),
                expected,
                "idcraft_{name}_time({text}::{ty}): PostgreSQL says {}, Rust {}",
                Timestamp::from_system_time(got).rfc3339(6),
                id.timestamp().rfc3339(9)
            );
        }

        // The bounds, clamped as Rust clamps.
        let bounds = client
            .prepare(&format!(
                "SELECT idcraft_{name}_min_at{suffix}($1::timestamptz)::text, idcraft_{name}_max_at{suffix}($1::timestamptz)::text"
            ))
            .await
            .unwrap();
        for &t in &times {
            let row = client.query_one(&bounds, &[&t.to_system_time().unwrap()]).await.unwrap();
            let (min, max): (String, String) = (row.get(0), row.get(1));
            let expected = |id| bound::<I>(id, col, primary).1;
            let at = t.rfc3339(6);
            assert_eq!(min, expected(<I::Scheme as Scheme>::min_at(t)), "idcraft_{name}_min_at{suffix}('{at}')");
            assert_eq!(max, expected(<I::Scheme as Scheme>::max_at(t)), "idcraft_{name}_max_at{suffix}('{at}')");
        }
        let row = client
            .query_one(
                &format!(
                    "SELECT idcraft_{name}_min_at{suffix}('-infinity')::text, idcraft_{name}_max_at{suffix}('-infinity')::text,
                            idcraft_{name}_min_at{suffix}('infinity')::text, idcraft_{name}_max_at{suffix}('infinity')::text"
                ),
                &[],
            )
            .await
            .unwrap();
        let expected = |id| bound::<I>(id, col, primary).1;
        let (min, max) = (Timestamp::MIN, Timestamp::MAX);
        assert_eq!(
            (row.get::<_, String>(0), row.get::<_, String>(1), row.get::<_, String>(2), row.get::<_, String>(3)),
            (
                expected(<I::Scheme as Scheme>::min_at(min)),
                expected(<I::Scheme as Scheme>::max_at(min)),
                expected(<I::Scheme as Scheme>::min_at(max)),
                expected(<I::Scheme as Scheme>::max_at(max))
            ),
            "{name}{suffix}: -infinity and infinity clamp to the range's ends"
        );

        let order = match col {
            col if columns.ordered.contains(&col) => Order::Time,
            col if columns.scattered.contains(&col) => Order::Scattered,
            _ => Order::TimeLast,
        };
        window::<I>(client, col, primary, order, &ids, now).await;
    }
    (ids.len(), times.len())
}

/// How a column orders a scheme's IDs, for [`window`].
#[derive(Clone, Copy, PartialEq)]
enum Order {
    /// By time: a window's range holds exactly its IDs (to the bound's unit).
    Time,
    /// The time in the bytes compared last (SQL Server COMBs outside SQL Server): a window's
    /// range holds its IDs and others.
    TimeLast,
    /// The time's bytes out of order (see [`Columns`]): the range is still an index scan.
    Scattered,
}

/// The first column of each row `sql` returns, as text.
async fn first_column<C: FromIterator<String>>(client: &Client, sql: &str) -> C {
    client.query(sql, &[]).await.unwrap().iter().map(|row| row.get(0)).collect()
}

/// An indexed table of `ids` in a `col` column: the range of a window of the last hour is an
/// index scan that holds every ID of the window (unless the column's order scatters the time),
/// and where the column's order is time order, only IDs from the start of the first bound's
/// time unit to the end of the window.
async fn window<I>(client: &Client, col: Col, primary: bool, order: Order, ids: &[I::Scheme], now: Timestamp)
where
    I: Identity + ToSql + Sync + Send + 'static,
    I::Scheme: DbColumn,
{
    let (name, ty) = (<I::Scheme as Scheme>::NAME, col.sql());
    let suffix = if primary { String::new() } else { format!("_{ty}") };
    let table = format!("idcraft_time_{name}_{ty}");
    client
        .batch_execute(&format!("DROP TABLE IF EXISTS {table}; CREATE TABLE {table} (id {ty} PRIMARY KEY)"))
        .await
        .unwrap();
    let insert = client.prepare(&format!("INSERT INTO {table} VALUES ($1::{ty})")).await.unwrap();
    for &id in ids {
        client.execute(&insert, &[&*bound::<I>(id, col, primary).0]).await.unwrap();
    }
    client.batch_execute(&format!("ANALYZE {table}")).await.unwrap();

    let (t1, t2) = (floor_us(Timestamp::from_unix_micros(now.unix_micros() - 3_600_000_000)), floor_us(now));
    let filter = format!(
        "id BETWEEN idcraft_{name}_min_at{suffix}('{}') AND idcraft_{name}_max_at{suffix}('{}')",
        t1.rfc3339(6),
        t2.rfc3339(6)
    );
    // A table this small fits a page or two, which the planner would rather read whole: what is
    // checked is that the bounds are an index condition (constants), not the planner's costs.
    client.batch_execute("SET enable_seqscan = off").await.unwrap();
    let plan: Vec<String> = first_column(client, &format!("EXPLAIN SELECT id FROM {table} WHERE {filter}")).await;
    client.batch_execute("RESET enable_seqscan").await.unwrap();
    let plan = plan.join("\n");
    assert!(
        ["Index Scan", "Index Only Scan", "Bitmap Index Scan"].iter().any(|scan| plan.contains(scan))
            && plan.contains("Index Cond"),
        "{name} in {ty}: the range is not an index scan:\n{plan}"
    );

    let found: HashSet<String> = first_column(client, &format!("SELECT id::text FROM {table} WHERE {filter}")).await;
    let text = |id: &I::Scheme| bound::<I>(*id, col, primary).1;
    let from = <I::Scheme as Scheme>::min_at(t1).timestamp();
    for id in ids {
        let t = id.timestamp();
        if t1 <= t && t <= t2 && order != Order::Scattered {
            assert!(found.contains(&text(id)), "{name} in {ty}: {} ({t}) is missing from the window", text(id));
        } else if order == Order::Time && found.contains(&text(id)) {
            assert!(from <= t && t <= t2, "{name} in {ty}: {} ({t}) is outside the window {from} to {t2}", text(id));
        }
    }
    assert!(ids.iter().any(|id| (t1..=t2).contains(&id.timestamp())), "{name}: the window holds IDs");
    assert!(order == Order::Scattered || !found.is_empty(), "{name} in {ty}: the window's range found nothing");
    client.batch_execute(&format!("DROP TABLE {table}")).await.unwrap();
}

/// Raw bits as a value of a scheme whose every bit pattern of its length is a value.
fn from_bits<S: Scheme>(bits: u128) -> Option<S> {
    Some(S::from_bytes(&bits.to_be_bytes()[16 - S::BYTE_LEN..]).expect("every bit pattern is a value"))
}

/// Raw bits as a snowflake: any 63 bits (Rust refuses values from 2^63 on).
fn snowflake<L: SnowflakeLayout>(bits: u128) -> Option<Snowflake<L>> {
    Snowflake::try_from_u64(bits as u64 >> 1).ok()
}

/// A COMB whose time bytes hold any bits: Rust reads a `comb_legacy` value whose time of day is
/// negative (invalid, which `try_timestamp` says) as a wrapped instant seconds away, so those
/// are left to `comb_legacy_reads_negative_ticks_arithmetically` below.
fn comb<L: CombLayout>(bits: u128) -> Option<Comb<L>> {
    let id: Comb<L> = from_bits(bits)?;
    let negative_ticks = L::STRATEGY == TimeStrategy::SqlDateTime && id.uuid().as_bytes()[12] >= 0x80;
    (!negative_ticks).then_some(id)
}

#[tokio::test]
async fn sql_functions_equal_the_rust_schemes() {
    use Col::*;
    use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
    use idcraft::schemes::snowflake::{DiscordLayout, InstagramLayout, MastodonLayout, SonyflakeLayout, TwitterLayout};

    let Some(client) = connect().await else { return };
    let guid = |ordered: &'static [Col]| Columns { all: &[Uuid, Bytea], ordered, scattered: &[] };
    let mut checked = BTreeMap::new();
    macro_rules! scheme {
        ($ty:ty, $columns:expr, $raw:expr) => {
            scheme!($ty, $columns, $raw, Default::default())
        };
        ($ty:ty, $columns:expr, $raw:expr, $input:expr) => {{
            let columns: Columns = $columns;
            let types = columns.all.len();
            let counts = check::<$ty>(&client, columns, $raw, $input).await;
            checked.insert(<<$ty as Identity>::Scheme as Scheme>::NAME, (types, counts));
        }};
    }
    scheme!(SqlComb, guid(&[]), comb::<SqlServer>);
    scheme!(PgComb, guid(&[Uuid, Bytea]), comb::<PostgreSql>);
    scheme!(LegacyComb, guid(&[]), comb::<Legacy>);
    scheme!(BinaryComb, Columns { all: &[Uuid, Bytea], ordered: &[Bytea], scattered: &[Uuid] }, comb::<Binary>);
    scheme!(Hot, guid(&[Uuid, Bytea]), from_bits, 3);
    scheme!(Dist, Columns { all: &[Numeric], ordered: &[Numeric], scattered: &[] }, |bits: u128| {
        DistributedId::try_from_u128(bits % 10u128.pow(28)).ok()
    });
    scheme!(
        Dist128,
        Columns { all: &[Uuid, Numeric, Bytea], ordered: &[Uuid, Numeric, Bytea], scattered: &[] },
        from_bits
    );
    scheme!(SnoId, Columns { all: &[Bytea], ordered: &[Bytea], scattered: &[] }, from_bits);
    scheme!(Local, Columns { all: &[BigInt], ordered: &[BigInt], scattered: &[] }, from_bits);
    // The node outranks the low bits of the seconds: the range is a bound, not exact.
    scheme!(Global, Columns { all: &[Bytea], ordered: &[], scattered: &[] }, from_bits);
    scheme!(V7, guid(&[Uuid, Bytea]), |bits: u128| {
        Uuid7::from_uuid(idcraft::Uuid::from_u128(bits & !(0xF << 76 | 0b11 << 62) | 7 << 76 | 0b10 << 62))
    });
    scheme!(UlidId, guid(&[Uuid, Bytea]), from_bits);
    let bigint = || Columns { all: &[BigInt], ordered: &[BigInt], scattered: &[] };
    scheme!(TwitterId, bigint(), snowflake::<TwitterLayout>);
    scheme!(DiscordId, bigint(), snowflake::<DiscordLayout>);
    scheme!(InstagramId, bigint(), snowflake::<InstagramLayout>);
    scheme!(SonyflakeId, bigint(), snowflake::<SonyflakeLayout>);
    scheme!(MastodonId, bigint(), snowflake::<MastodonLayout>);
    // 160 bits from 128: the seconds from the top 32, the payload from all of them.
    scheme!(KsuidId, Columns { all: &[Bytea], ordered: &[Bytea], scattered: &[] }, |bits: u128| {
        Some(Ksuid::from_parts((bits >> 96) as u32, bits.to_be_bytes()))
    });
    // The fifth byte as generators write it, 0 to 249 4 ms steps (above, byte order is not
    // time order: see the scheme's docs).
    scheme!(KsuidMsId, Columns { all: &[Bytea], ordered: &[Bytea], scattered: &[] }, |bits: u128| {
        let bytes = bits.to_be_bytes();
        Some(KsuidMs::from_parts((bits >> 96) as u32, bytes[4] % 250, bytes[1..].try_into().unwrap()))
    });
    // 96 bits from the low 96 of 128.
    let twelve = |bits: u128| bits.to_be_bytes()[4..].try_into().ok();
    scheme!(ObjectIdId, Columns { all: &[Bytea], ordered: &[Bytea], scattered: &[] }, |bits: u128| {
        twelve(bits).map(ObjectId::from_bytes_array)
    });
    scheme!(XidId, Columns { all: &[Bytea], ordered: &[Bytea], scattered: &[] }, |bits: u128| {
        twelve(bits).map(Xid::from_bytes_array)
    });

    for (name, (columns, (ids, instants))) in &checked {
        println!("sql_time: {name}: {ids} IDs and {instants} instants, on {columns} column type(s)");
    }
    let names: Vec<&str> = checked.keys().copied().collect();
    // Schemes whose IDs hold no time (nanoid, cuid2) have no time functions.
    struct Timed;
    impl idcraft::schemes::Visitor for Timed {
        type Output = bool;
        fn visit<S: idcraft::schemes::describe::Describe>(self) -> bool {
            S::TIMED
        }
    }
    let mut registry: Vec<&str> =
        idcraft::schemes::NAMES.into_iter().filter(|name| idcraft::schemes::visit(name, Timed) == Some(true)).collect();
    registry.sort_unstable();
    assert_eq!(names, registry, "every timed scheme of the registry has its SQL functions, checked here");
}

/// A declared layout has no functions of its own: the generic `idcraft_snowflake_time` and
/// `idcraft_snowflake_bound`, given its parameters, read and bound its IDs as Rust does.
#[tokio::test]
async fn generic_snowflake_functions_serve_declared_layouts() {
    let Some(client) = connect().await else { return };
    declared(&client, std::marker::PhantomData::<<DeclaredId as Identity>::Scheme>).await;
    declared(&client, std::marker::PhantomData::<<DeclaredSonyflakeId as Identity>::Scheme>).await;
}

/// `_`: the derived type's scheme, whose layout has no name of its own.
async fn declared<L: SnowflakeLayout>(client: &Client, _: std::marker::PhantomData<Snowflake<L>>) {
    let (epoch, unit, shift) = (L::EPOCH_MS as i64, L::UNIT_MS as i32, (L::NODE_BITS + L::SEQUENCE_BITS) as i32);
    let (first, last) = Snowflake::<L>::time_range();
    let last_unit = Snowflake::<L>::max_at(last).units() as i64;
    let time = client.prepare("SELECT idcraft_snowflake_time($1, $2, $3, $4)").await.unwrap();
    let bounds = client
        .prepare(
            "SELECT idcraft_snowflake_bound($1, $2, $3, $4, $5, false), idcraft_snowflake_bound($1, $2, $3, $4, $5, true)",
        )
        .await
        .unwrap();
    let mut bits = Bits(0x2545_F491_4F6C_DD1D ^ L::EPOCH_MS);
    let generator = Snowflake::<L>::default_generator();
    let mut ids: Vec<Snowflake<L>> = (0..50).map(|_| generator.generate(()).unwrap()).collect();
    ids.extend(
        [0, i64::MAX as u64]
            .into_iter()
            .chain((0..RAW).map(|_| bits.next() >> 1))
            .map(|n| Snowflake::try_from_u64(n).unwrap()),
    );
    for id in &ids {
        let got: SystemTime = client.query_one(&time, &[&id.to_i64(), &epoch, &unit, &shift]).await.unwrap().get(0);
        assert_eq!(micros(got), id.timestamp().unix_nanos().div_euclid(1000), "{} {id:?}", L::NAME);
    }
    let day = std::time::Duration::from_secs(86_400);
    let mut instants = vec![first, last, first.checked_sub(day).unwrap(), last.checked_add(day).unwrap()];
    instants.extend((0..RAW).map(|_| Timestamp::from_unix_millis((L::EPOCH_MS + bits.next() % (1 << 40)) as i64)));
    for t in instants {
        let row = client
            .query_one(&bounds, &[&t.to_system_time().unwrap(), &epoch, &unit, &shift, &last_unit])
            .await
            .unwrap();
        let (min, max): (i64, i64) = (row.get(0), row.get(1));
        assert_eq!(
            (min, max),
            (Snowflake::<L>::min_at(t).to_i64(), Snowflake::<L>::max_at(t).to_i64()),
            "{} at {t}",
            L::NAME
        );
    }
}

/// A `comb_legacy` value whose 1/300 s count is negative (no generator makes one; .NET refuses
/// to read it) reads as that many ticks before its day, floored to the microsecond: the
/// arithmetic reading, where Rust's `timestamp()` wraps (see `comb` above).
#[tokio::test]
async fn comb_legacy_reads_negative_ticks_arithmetically() {
    let Some(client) = connect().await else { return };
    for (days, ticks) in [(0u16, -1i32), (1, -1), (40_000, -300), (65_535, i32::MIN), (12_345, -7)] {
        let mut bytes = [0xABu8; 16];
        bytes[10..12].copy_from_slice(&days.to_be_bytes());
        bytes[12..].copy_from_slice(&ticks.to_be_bytes());
        let id = LegacyComb(idcraft::Uuid::from_bytes(bytes));
        assert!(id.to_scheme().try_timestamp().is_err(), "an invalid COMB");
        let got: SystemTime =
            client.query_one("SELECT idcraft_comb_legacy_time($1::uuid)", &[&id]).await.unwrap().get(0);
        let epoch_1900 = Timestamp::from_ymd(1900, 1, 1).unix_micros() as i128;
        let expected = epoch_1900 + i128::from(days) * 86_400_000_000 + (i128::from(ticks) * 10_000).div_euclid(3);
        assert_eq!(micros(got), expected, "days {days}, ticks {ticks}");
    }
}

/// Where a scheme has overloads, an untyped argument is ambiguous, and PostgreSQL says so
/// (the functions' comments tell to cast it); with the cast, both overloads agree.
#[tokio::test]
async fn overloads_agree_and_untyped_arguments_need_a_cast() {
    let Some(client) = connect().await else { return };
    let e = client.query_one("SELECT idcraft_ulid_time('0190b8f2-3c00-0000-0000-000000000000')", &[]).await;
    let message = e.unwrap_err().as_db_error().map(|d| d.message().to_owned()).unwrap_or_default();
    assert!(message.contains("is not unique"), "{message}");
    let row = client
        .query_one(
            "SELECT idcraft_ulid_time(u) = idcraft_ulid_time(uuid_send(u)),
                    idcraft_comb_binary_time(u) = idcraft_comb_binary_time(idcraft_guid_swap(uuid_send(u)))
             FROM (SELECT '0190b8f2-3c00-0000-0000-000000000000'::uuid AS u) AS x",
            &[],
        )
        .await
        .unwrap();
    assert!(row.get::<_, bool>(0) && row.get::<_, bool>(1));
    // Every function is documented in the database, IMMUTABLE, STRICT and PARALLEL SAFE.
    let undocumented: Vec<String> = first_column(
        &client,
        "SELECT p.oid::regprocedure::text FROM pg_proc p
             WHERE p.proname LIKE 'idcraft\\_%' AND (p.proname LIKE '%\\_time' OR p.proname LIKE '%\\_min\\_at%'
                                                    OR p.proname LIKE '%\\_max\\_at%')
               AND (obj_description(p.oid, 'pg_proc') IS NULL OR p.provolatile <> 'i' OR NOT p.proisstrict
                    OR p.proparallel <> 's')",
    )
    .await;
    assert!(undocumented.is_empty(), "without a COMMENT, or not IMMUTABLE STRICT PARALLEL SAFE: {undocumented:?}");
}
