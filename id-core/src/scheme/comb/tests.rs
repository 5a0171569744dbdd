use super::*;
use crate::clock::ManualClock;
use crate::clock::{Clock, SystemClock};
use crate::prelude::*;
use crate::random::OsRandom;
use crate::scheme::{Generate, Scheme};
use crate::time::Timestamp;
use core::cmp::Ordering;
use std::sync::OnceLock;
use uuid::Uuid;

/// RT.Comb's `new PostgreSqlCombProvider(new SqlDateTimeStrategy())`, as a user layout.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
struct PgSqlDateTime;

impl CombLayout for PgSqlDateTime {
    type Shape = crate::scheme::shape::Guid;
    const NAME: &'static str = "comb_pg_sqldatetime";
    const STRATEGY: TimeStrategy = TimeStrategy::SqlDateTime;
    const TIME_BYTES: [usize; 6] = PostgreSql::TIME_BYTES;
    const TAIL_ORDER: [usize; 10] = PostgreSql::TAIL_ORDER;
    fn default_generator() -> &'static CombGenerator<Self> {
        static GENERATOR: OnceLock<CombGenerator<PgSqlDateTime>> = OnceLock::new();
        GENERATOR.get_or_init(CombGenerator::new)
    }
}

/// The user layout writes what RT.Comb's provider writes: the strategy's 6 bytes at .NET
/// offset 0, then .NET bytes 0..4 and 4..6 reversed; it reads back, and its generator's
/// IDs increase in byte order.
#[test]
fn a_custom_layout_matches_rt_combs_provider_with_another_strategy() {
    let t: Timestamp = "2024-02-29T13:14:15.123Z".parse().unwrap();
    let base: Uuid = "0f8fad5b-d9cb-469f-a165-70867728950e".parse().unwrap();
    let strategy = TimeStrategy::SqlDateTime.bytes(TimeStrategy::SqlDateTime.exact_tick(t, "x").unwrap());
    let mut net = base.to_bytes_le();
    net[..6].copy_from_slice(&strategy);
    net[..4].reverse();
    net[4..6].reverse();
    let id = Comb::<PgSqlDateTime>::create(base, t).unwrap();
    assert_eq!(id.uuid(), Uuid::from_bytes_le(net));
    // The same instant as comb_legacy (the same strategy elsewhere in the GUID) reads it.
    assert_eq!(id.try_timestamp(), CombLegacy::create(base, t).unwrap().try_timestamp());
    let ids: Vec<_> = (0..crate::test_budget::iterations(1000, 50)).map(|_| Comb::<PgSqlDateTime>::new()).collect();
    assert!(ids.windows(2).all(|w| w[0].uuid().as_bytes() < w[1].uuid().as_bytes()));
}

/// RT.Comb's one-argument `Create` forms.
#[test]
fn create_with_only_a_base_or_only_a_time() {
    let base: Uuid = "0f8fad5b-d9cb-469f-a165-70867728950e".parse().unwrap();
    let before = SystemClock.now();
    let id = CombPg::create_with_base(base).unwrap();
    let t = id.try_timestamp().unwrap();
    assert!(t.unix_millis() >= before.unix_millis() && t.unix_millis() <= SystemClock.now().unix_millis());
    assert_eq!(id.uuid().as_bytes()[6..], base.as_bytes()[6..], "the base outside the time bytes");
    let at: Timestamp = "2030-01-01T00:00:00.001Z".parse().unwrap();
    let (a, b) = (CombSql::create_at(at).unwrap(), CombSql::create_at(at).unwrap());
    assert_eq!((a.try_timestamp(), b.try_timestamp()), (Ok(at), Ok(at)));
    assert_ne!(a, b, "random bases");
    assert_eq!((a.uuid().get_version_num(), a.uuid().get_variant()), (4, uuid::Variant::RFC4122));
    assert!(CombLegacy::create_at(Timestamp::from_ymd(2100, 1, 1)).is_err());
}
use crate::codec::guid::{dotnet_bytes_cmp, sql_server_cmp};
use crate::random::{FixedRandom, SeededRandom};
use core::time::Duration;

fn u(s: &str) -> Uuid {
    Uuid::parse_str(s).unwrap()
}

fn t(s: &str) -> Timestamp {
    s.parse().unwrap()
}

const G0: &str = "00000000-0000-0000-0000-000000000000";
const GMAX: &str = "7fffffff-7fff-7fff-ffff-ffffffffffff";
const GP: &str = "00112233-4455-4677-8899-aabbccddeeff";

/// (time, base, Sql, PostgreSql, Binary, Legacy) from spec §2.1.
const CREATE: [(&str, &str, &str, &str, &str, &str); 8] = [
    (
        "1970-01-01T00:00:00Z",
        G0,
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-63df00000000",
    ),
    (
        "2000-01-01T00:00:00Z",
        G0,
        "00000000-0000-0000-0000-00dc6acfac00",
        "00dc6acf-ac00-0000-0000-000000000000",
        "cf6adc00-00ac-0000-0000-000000000000",
        "00000000-0000-0000-0000-8eac00000000",
    ),
    (
        "2000-01-01T00:00:00Z",
        GMAX,
        "7fffffff-7fff-7fff-ffff-00dc6acfac00",
        "00dc6acf-ac00-7fff-ffff-ffffffffffff",
        "cf6adc00-00ac-7fff-ffff-ffffffffffff",
        "7fffffff-7fff-7fff-ffff-8eac00000000",
    ),
    (
        "2000-01-01T00:00:00.001Z",
        G0,
        "00000000-0000-0000-0000-00dc6acfac01",
        "00dc6acf-ac01-0000-0000-000000000000",
        "cf6adc00-01ac-0000-0000-000000000000",
        "00000000-0000-0000-0000-8eac00000000",
    ),
    (
        "2000-01-01T00:00:00.010Z",
        G0,
        "00000000-0000-0000-0000-00dc6acfac0a",
        "00dc6acf-ac0a-0000-0000-000000000000",
        "cf6adc00-0aac-0000-0000-000000000000",
        "00000000-0000-0000-0000-8eac00000003",
    ),
    (
        "2002-01-10T23:40:35Z",
        GP,
        "00112233-4455-4677-8899-00eb52c63138",
        "00eb52c6-3138-4677-8899-aabbccddeeff",
        "c652eb00-3831-4677-8899-aabbccddeeff",
        "00112233-4455-4677-8899-919001862cc4",
    ),
    (
        "2024-03-21T04:19:11.304Z",
        GP,
        "00112233-4455-4677-8899-018e5f3bff48",
        "018e5f3b-ff48-4677-8899-aabbccddeeff",
        "3b5f8e01-48ff-4677-8899-aabbccddeeff",
        "00112233-4455-4677-8899-b13a0047302f",
    ),
    (
        "2079-06-06T23:59:59.997Z",
        G0,
        "00000000-0000-0000-0000-03240a01dbfd",
        "03240a01-dbfd-0000-0000-000000000000",
        "010a2403-fddb-0000-0000-000000000000",
        "00000000-0000-0000-0000-ffff018b81ff",
    ),
];

#[test]
fn create_vectors() {
    for (time, base, sql, pg, bin, legacy) in CREATE {
        let (time, base) = (t(time), u(base));
        assert_eq!(CombSql::create(base, time).unwrap().to_string(), sql);
        assert_eq!(CombPg::create(base, time).unwrap().to_string(), pg);
        assert_eq!(CombBinary::create(base, time).unwrap().to_string(), bin);
        assert_eq!(CombLegacy::create(base, time).unwrap().to_string(), legacy);
        for s in [sql, pg, bin] {
            let ms = time.unix_millis();
            let read = match s {
                _ if s == sql => CombSql::from_uuid(u(s)).try_timestamp(),
                _ if s == pg => CombPg::from_uuid(u(s)).try_timestamp(),
                _ => CombBinary::from_uuid(u(s)).try_timestamp(),
            };
            assert_eq!(read.unwrap().unix_millis(), ms);
        }
    }
}

#[test]
fn edge_create_vectors() {
    let g0 = Uuid::nil();
    let sql = |s: &str| CombSql::create(g0, t(s)).map(|c| c.to_string()[24..].to_owned());
    assert_eq!(sql("2024-03-21T04:19:11.3049999Z").unwrap(), "018e5f3bff49");
    assert_eq!(sql("2024-03-21T04:19:11.3049998Z").unwrap(), "018e5f3bff48");
    assert!(sql("1969-12-31T23:59:59.999Z").is_err(), "RT.Comb wraps; we refuse");
    let legacy = |s: &str| CombLegacy::create(g0, t(s)).map(|c| c.to_string()[24..].to_owned());
    assert!(legacy("1899-12-31T12:00:00Z").is_err());
    assert!(legacy("2079-06-07T00:00:00Z").is_err());
    for (ms, t300) in [
        (1, 0),
        (3, 0),
        (4, 1),
        (6, 1),
        (7, 2),
        (9, 2),
        (10, 3),
        (990, 297),
        (992, 297),
        (995, 298),
        (997, 299),
        (999, 299),
    ] {
        let s = format!("2000-01-01T00:00:00.{ms:03}Z");
        assert_eq!(legacy(&s).unwrap(), format!("8eac{t300:08x}"), "{s}");
    }
    let e = CombLegacy::create(g0, t("2100-01-01T00:00:00Z")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2100-01-01T00:00:00Z is outside the range of comb_legacy IDs (1900-01-01T00:00:00Z to 2079-06-06T23:59:59.999999999Z)"
    );
}

#[test]
fn get_timestamp_vectors() {
    let sql = |s| CombSql::from_uuid(u(s)).try_timestamp().map(|t| t.to_string());
    let pg = |s| CombPg::from_uuid(u(s)).try_timestamp().map(|t| t.to_string());
    let legacy = |s| CombLegacy::from_uuid(u(s)).try_timestamp().map(|t| t.to_string());
    // Each layout's (UUID, instant it reads) vectors, one table a layout.
    fn reads<E: core::fmt::Debug>(read: impl Fn(&'static str) -> Result<String, E>, vectors: &[(&'static str, &str)]) {
        for &(uuid, time) in vectors {
            assert_eq!(read(uuid).unwrap(), time, "{uuid}");
        }
    }
    reads(sql, &[
        ("d01c25cc-63a7-47cc-b5ba-018e5f3bff48", "2024-03-21T04:19:11.304Z"),
        ("00000000-0000-0000-0000-e677d21fdbff", "9999-12-31T23:59:59.999Z"),
    ]);
    reads(pg, &[
        ("017c5af4-2617-4ae0-98f0-98086eef50ca", "2021-10-07T13:32:02.455Z"),
        ("017c5af4-2b83-49b1-b643-24e6f3070551", "2021-10-07T13:32:03.843Z"),
    ]);
    reads(legacy, &[
        ("E25AFE33-DB2D-4502-9BF0-919001862CC4", "2002-01-10T23:40:35Z"),
        ("7e9c3780-adf2-45fa-85e1-a74400db7571", "2017-03-28T13:19:01.4966666Z"),
        ("1348112e-9b16-41b6-94bc-a74400db7572", "2017-03-28T13:19:01.5Z"),
        ("df7c503e-1992-404f-b128-a74400db7573", "2017-03-28T13:19:01.5033333Z"),
        ("00000000-0000-0000-0000-000000000001", "1900-01-01T00:00:00.0033333Z"),
        ("00000000-0000-0000-0000-000000000002", "1900-01-01T00:00:00.0066666Z"),
        ("00000000-0000-0000-0000-000000000003", "1900-01-01T00:00:00.01Z"),
        ("00000000-0000-0000-0000-ffff018b81ff", "2079-06-06T23:59:59.9966666Z"),
        ("00000000-0000-0000-0000-0000018b8200", "1900-01-02T00:00:00Z"),
    ]);
    assert_eq!(
        legacy("00000000-0000-0000-0000-0000018b8201").unwrap_err().to_string(),
        "not a valid comb_legacy ID: time component exceeds 24 hours"
    );
    assert_eq!(
        legacy("00000000-0000-0000-0000-0000ffffffff").unwrap_err().to_string(),
        "not a valid comb_legacy ID: time component is negative"
    );
    assert!(sql("00000000-0000-0000-0000-e677d21fdc00").is_err());
    assert!(pg("ffffffff-ffff-4000-8000-000000000000").is_err());
    // The strategies' own typed errors.
    let read = |strategy: TimeStrategy, b: [u8; 6]| strategy.read(b).unwrap_err();
    assert_eq!(read(TimeStrategy::UnixMillis, [0xFF; 6]), CombTimeError::PAST_YEAR_9999);
    assert_eq!(read(TimeStrategy::SqlDateTime, [0, 0, 0xFF, 0xFF, 0xFF, 0xFF]), CombTimeError::NEGATIVE_TIME_OF_DAY);
    assert_eq!(read(TimeStrategy::SqlDateTime, [0, 0, 0x01, 0x8B, 0x82, 0x01]), CombTimeError::TIME_OF_DAY_PAST_24_HOURS);
    let bin = CombBinary::from_uuid(u("3b5f8e01-48ff-4677-8899-aabbccddeeff"));
    assert_eq!(bin.try_timestamp().unwrap().to_string(), "2024-03-21T04:19:11.304Z");
}

#[test]
fn repo_sort_pairs() {
    let a = CombLegacy::from_uuid(u("7fffffff-7fff-7fff-ffff-8eac00000000"));
    let b = CombLegacy::from_uuid(u("00000000-0000-0000-0000-8eac00000003"));
    assert!(a < b);
    let a = CombSql::from_uuid(u("7fffffff-7fff-7fff-ffff-00dc6acfac00"));
    let b = CombSql::from_uuid(u("00000000-0000-0000-0000-00dc6acfac01"));
    assert!(a < b);
    let a = CombPg::from_uuid(u("00dc6acf-ac00-7fff-ffff-ffffffffffff"));
    let b = CombPg::from_uuid(u("00dc6acf-ac01-0000-0000-000000000000"));
    assert!(a < b);
}

fn strictly_increasing<L: CombLayout>(clock: &ManualClock) {
    let generator = CombGenerator::<L, _, _>::with(clock, SeededRandom::new(1));
    let mut last = generator.generate(()).unwrap();
    // A rewind, then an advance half a period later (periods of fewer IDs under Miri).
    let period = crate::test_budget::iterations(1000, 6);
    for i in 0..3 * period {
        match i % period {
            0 => clock.rewind(Duration::from_millis(5)),
            i if i == period / 2 => clock.advance(Duration::from_millis(7)),
            _ => {}
        }
        let next = generator.generate(()).unwrap();
        assert!(next > last, "{}: {last} then {next}", L::NAME);
        assert_eq!(next.uuid().get_version_num(), 4);
        assert_eq!(next.uuid().get_variant(), uuid::Variant::RFC4122);
        last = next;
    }
    let now = clock.now();
    assert!(last.try_timestamp().unwrap() <= now.checked_add(Duration::from_millis(10)).unwrap());
}

/// Generated COMBs checked with each database's own comparator from `codec::guid` (itself
/// checked against the canonical SQL Server list), not with `Ord`, which shares the
/// layout's table: a layout whose tail order drifted from its database now fails here.
/// `FixedRandom(0xFF)` seeds the counter one below a carry into its top bit, so the first
/// increment reaches the counter's highest byte.
fn increasing_in_the_database<L: CombLayout>(database_cmp: fn(&[u8; 16], &[u8; 16]) -> Ordering) {
    let clock = ManualClock::new(t("2024-03-21T04:19:11.304Z"));
    type Named<'a, L> = (&'a str, Box<dyn Generate<Comb<L>> + 'a>);
    let generators: [Named<'_, L>; 2] = [
        ("carry", Box::new(CombGenerator::<L, _, _>::with(&clock, FixedRandom(0xFF)))),
        ("seeded", Box::new(CombGenerator::<L, _, _>::with(&clock, SeededRandom::new(7)))),
    ];
    for (name, generator) in generators {
        let mut last = generator.generate(()).unwrap();
        // Four periods of the same millisecond (fewer IDs in each under Miri).
        let period = crate::test_budget::iterations(500, 3);
        for i in 0..4 * period {
            if i % period == period - 1 {
                clock.advance(Duration::from_millis(1));
            }
            let next = generator.generate(()).unwrap();
            let order = database_cmp(last.uuid().as_bytes(), next.uuid().as_bytes());
            assert_eq!(order, Ordering::Less, "{} ({name}, {i}): {last} then {next}", L::NAME);
            assert!(last < next, "Ord agrees with the database");
            last = next;
        }
    }
}

#[test]
fn generated_combs_sort_as_their_database_does() {
    increasing_in_the_database::<SqlServer>(sql_server_cmp);
    increasing_in_the_database::<Legacy>(sql_server_cmp);
    increasing_in_the_database::<PostgreSql>(|a, b| a.cmp(b));
    increasing_in_the_database::<Binary>(dotnet_bytes_cmp);
}

#[test]
fn generator_is_strictly_increasing_in_database_order() {
    let clock = ManualClock::new(t("2024-03-21T04:19:11.304Z"));
    strictly_increasing::<SqlServer>(&clock);
    strictly_increasing::<PostgreSql>(&clock);
    strictly_increasing::<Legacy>(&clock);
    strictly_increasing::<Binary>(&clock);
}

#[test]
fn generator_keeps_the_clock_time_without_slipping() {
    let clock = ManualClock::new(t("2024-03-21T04:19:11.304Z"));
    let generator = CombGenerator::<PostgreSql, _, _>::with(&clock, OsRandom);
    for _ in 0..crate::test_budget::iterations(100_000, 100) {
        let id = generator.generate(()).unwrap();
        assert_eq!(id.try_timestamp().unwrap(), clock.now());
    }
}

#[test]
fn rt_comb_mode_is_a_random_guid_with_a_timestamp() {
    let clock = ManualClock::new(t("2000-01-01T00:00:00Z"));
    let generator = CombGenerator::<SqlServer, _, _>::rt_comb(&clock, SeededRandom::new(3));
    let id = generator.generate(()).unwrap();
    assert!(id.to_string().ends_with("00dc6acfac00"));
    assert_eq!(id.uuid().get_version_num(), 4);
}

#[test]
fn range_bounds_cover_a_generator() {
    let clock = ManualClock::new(t("2030-05-05T05:05:05.555Z"));
    let generator = CombGenerator::<SqlServer, _, _>::with(&clock, OsRandom);
    let id = generator.generate(()).unwrap();
    assert!(CombSql::min_at(clock.now()) <= id && id <= CombSql::max_at(clock.now()));
    assert!(CombSql::max_at(clock.now()) < CombSql::min_at(t("2030-05-05T05:05:05.556Z")));
    assert_eq!(CombLegacy::min_at(t("1800-01-01T00:00:00Z")).to_string(), "00000000-0000-0000-0000-000000000000");
}

proptest::proptest! {
    #![proptest_config(crate::test_budget::proptest_config())]

    #[test]
    fn create_read_round_trip(ms in 0i64..4_102_444_800_000, base: u128) {
        let time = Timestamp::from_unix_millis(ms);
        let base = Uuid::from_u128(base);
        for comb in [CombPg::create(base, time).unwrap().uuid(), CombSql::create(base, time).unwrap().uuid(), CombBinary::create(base, time).unwrap().uuid()] {
            // Version and variant bytes are never touched.
            proptest::prop_assert_eq!(comb.as_bytes()[6], base.as_bytes()[6]);
            proptest::prop_assert_eq!(comb.as_bytes()[8], base.as_bytes()[8]);
        }
        proptest::prop_assert_eq!(CombPg::create(base, time).unwrap().try_timestamp().unwrap(), time);
        proptest::prop_assert_eq!(CombSql::create(base, time).unwrap().try_timestamp().unwrap(), time);
        proptest::prop_assert_eq!(CombBinary::create(base, time).unwrap().try_timestamp().unwrap(), time);
    }

    #[test]
    fn legacy_round_trip_within_a_tick(ms in -2_208_988_800_000i64..=3_453_321_599_999, base: u128) {
        let time = Timestamp::from_unix_millis(ms);
        let comb = CombLegacy::create(Uuid::from_u128(base), time).unwrap();
        let back = comb.try_timestamp().unwrap();
        proptest::prop_assert!(back <= time && time.unix_nanos() - back.unix_nanos() < 3_400_000);
    }

    #[test]
    fn legacy_tick_round_trips_through_its_instant(t300 in 0u64..SQL_TICKS_PER_DAY, days in 0u64..65536) {
        let tick = days * SQL_TICKS_PER_DAY + t300;
        let instant = TimeStrategy::SqlDateTime.read(TimeStrategy::SqlDateTime.bytes(tick)).unwrap();
        proptest::prop_assert_eq!(TimeStrategy::SqlDateTime.exact_tick(instant, "comb_legacy").unwrap(), tick);
    }

    #[test]
    fn text_round_trip(b: u128) {
        let c = CombSql::from_uuid(Uuid::from_u128(b));
        proptest::prop_assert_eq!(c.to_string().parse::<CombSql>().unwrap(), c);
    }
}
