//! ID generation, per call, next to `uuid` (v4, v7 with `fast-rng`) and `ulid` in the same run.
//!
//! Schemes whose layout caps one generator's rate (DistributedId ~128/ms, sno 65,536 per 4 ms,
//! uid 16,384 per 1024 µs, HotGuid 2^24 per second, the snowflakes 256 to 4,096 per unit) are
//! measured below the cap with a stepping clock (see
//! `support/mod.rs`); their sustained rates against the real clock come from
//! `cargo run --release --example sustained`.

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
use idcraft::schemes::sno::{GeneratorSnapshot, SnoGenerator};
use idcraft::schemes::snowflake::{
    DiscordLayout, InstagramLayout, Snowflake, SnowflakeGenerator, SnowflakeLayout, SonyflakeLayout, TwitterLayout,
};
use idcraft::schemes::{CombLayout, DistributedId128Generator, DistributedIdGenerator, HotGuidGenerator, UidGenerator};
use idcraft::{CoarseClock, Generate, Identity, OsRandom, SystemClock};
use std::hint::black_box;
use std::time::Duration;

mod support;
use support::SteppingClock;

fn comb<L: CombLayout>(c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    let generator = L::default_generator();
    c.bench_function(L::NAME, |b| b.iter(|| black_box(generator.generate(()).unwrap())));
}

/// A snowflake generator on `inner` stepped one unit every half capacity, so it never waits;
/// `cargo bench --bench generate -- snowflake` runs only these rows.
fn snowflake<L: SnowflakeLayout, C: idcraft::Clock>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    label: &str,
    inner: C,
) {
    let half = u64::from(Snowflake::<L>::MAX_SEQUENCE / 2 + 1);
    let clock = SteppingClock::new(inner, half, Duration::from_millis(L::UNIT_MS));
    let generator = SnowflakeGenerator::<L, _>::with(&clock, 1).unwrap();
    c.bench_function(format!("snowflake {label} (below cap)"), |b| {
        b.iter(|| black_box(generator.generate(()).unwrap()))
    });
}

/// Twitter's widths declared in the attribute (another epoch): the same `Snowflake<L>` code as
/// `twitter_snowflake`, which its row should match.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
#[id(time_bits = 41, node_bits = 10, sequence_bits = 12)]
struct DeclaredTwitter(u64);

/// [`snowflake`] for a derived type's layout, which has no name of its own.
fn declared<L: SnowflakeLayout>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    label: &str,
    _: std::marker::PhantomData<Snowflake<L>>,
) {
    snowflake::<L, _>(c, label, SystemClock);
}

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.bench_function("uuid_v4", |b| b.iter(|| black_box(uuid::Uuid::new_v4())));
    g.bench_function("uuid_now_v7", |b| b.iter(|| black_box(uuid::Uuid::now_v7())));
    g.bench_function("ulid_new", |b| b.iter(|| black_box(ulid::Ulid::new())));
    let uuid7 = idcraft::schemes::Uuid7Generator::new();
    g.bench_function("uuid7", |b| b.iter(|| black_box(uuid7.generate(()).unwrap())));
    let mut theirs = ulid::Generator::new();
    g.bench_function("ulid_generator (ulid crate)", |b| b.iter(|| black_box(theirs.generate().unwrap())));
    let ulid = idcraft::schemes::UlidGenerator::new();
    g.bench_function("ulid", |b| b.iter(|| black_box(ulid.generate(()).unwrap())));
    comb::<SqlServer>(&mut g);
    comb::<PostgreSql>(&mut g);
    comb::<Legacy>(&mut g);
    comb::<Binary>(&mut g);
    // HotGuid's layout holds 2^24 IDs per second (16.8 M/s): a clock stepping 1 s every 2^23
    // calls keeps the generator below that cap, as the other capped rows do.
    let clock = SteppingClock::new(CoarseClock, 1 << 23, Duration::from_secs(1));
    let hot = HotGuidGenerator::with(&clock, HotGuidGenerator::machine_bytes("bench", 1), &OsRandom);
    g.bench_function("hot (below cap)", |b| b.iter(|| black_box(hot.generate(7).unwrap())));

    let clock = SteppingClock::new(SystemClock, 64, Duration::from_millis(1));
    let distributed = DistributedIdGenerator::with(&clock, OsRandom);
    g.bench_function("distributed (below cap)", |b| b.iter(|| black_box(distributed.generate(()).unwrap())));
    // A millisecond's capacity is random (each ID adds a random increment averaging 2^57 to a
    // random start below 2^75): n IDs run out of room with probability about n / 2^18, and then
    // the generator sleeps 1 ms. At 65,536 a millisecond a quarter of them slept; at 4,096, 1.6 %.
    let clock = SteppingClock::new(SystemClock, 4_096, Duration::from_millis(1));
    let distributed128 = DistributedId128Generator::with(&clock, OsRandom);
    g.bench_function("distributed128 (below cap)", |b| b.iter(|| black_box(distributed128.generate(()).unwrap())));

    let clock = SteppingClock::new(CoarseClock, 32_768, Duration::from_millis(4));
    let snapshot = GeneratorSnapshot { partition: [1, 2], ..GeneratorSnapshot::default() };
    let sno = SnoGenerator::from_snapshot(&clock, &snapshot).unwrap();
    g.bench_function("sno (below cap)", |b| b.iter(|| black_box(sno.generate(255).unwrap())));
    let sno_now = SnoGenerator::from_snapshot(CoarseClock, &snapshot).unwrap();
    g.bench_function("sno new_with_time", |b| {
        let t = idcraft::Timestamp::from_unix_millis(1_700_000_000_000);
        b.iter(|| black_box(sno_now.generate_at_wrapping(255, black_box(t))))
    });

    let clock = SteppingClock::new(SystemClock, 8_192, Duration::from_micros(1024));
    let uid = UidGenerator::with(&clock);
    g.bench_function("uid64 (below cap)", |b| b.iter(|| black_box(uid.generate(()).unwrap())));
    let clock = SteppingClock::new(CoarseClock, 8_192, Duration::from_micros(1024));
    let uid_coarse = UidGenerator::with(&clock);
    g.bench_function("uid64 coarse clock (below cap)", |b| b.iter(|| black_box(uid_coarse.generate(()).unwrap())));

    // The default clock (SystemClock); the coarse one for comparison.
    snowflake::<TwitterLayout, _>(&mut g, "twitter", SystemClock);
    declared(&mut g, "declared twitter widths", std::marker::PhantomData::<<DeclaredTwitter as Identity>::Scheme>);
    snowflake::<TwitterLayout, _>(&mut g, "twitter coarse clock", CoarseClock);
    snowflake::<DiscordLayout, _>(&mut g, "discord", SystemClock);
    snowflake::<InstagramLayout, _>(&mut g, "instagram", SystemClock);
    snowflake::<SonyflakeLayout, _>(&mut g, "sonyflake", SystemClock);
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = generation
}
criterion_main!(benches);
