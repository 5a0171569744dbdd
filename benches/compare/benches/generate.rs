//! Generation next to the originals' Rust crates, in one run: ObjectId against `bson`'s
//! `ObjectId::new`, xid against the `xid` crate's `xid::new`, KSUID and KSUID-ms against
//! svix-ksuid's `Ksuid::new` and `KsuidMs::new`. Each makes one ID per iteration from its
//! default generator, the way an application calls it. Then KSUID's text round trip (27 base62
//! characters written and read back) against svix-ksuid's `to_string` and `from_str`:
//! `cargo bench --bench generate` here.

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::schemes::{Ksuid, KsuidMs, ObjectId, Xid};
use std::hint::black_box;
use std::time::Duration;
use svix_ksuid::KsuidLike;

fn generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    g.bench_function("object_id", |b| b.iter(|| black_box(ObjectId::new())));
    g.bench_function("bson ObjectId::new", |b| b.iter(|| black_box(bson::oid::ObjectId::new())));
    g.bench_function("xid", |b| b.iter(|| black_box(Xid::new())));
    g.bench_function("xid::new", |b| b.iter(|| black_box(xid::new())));
    g.bench_function("ksuid", |b| b.iter(|| black_box(Ksuid::new())));
    g.bench_function("svix_ksuid Ksuid::new", |b| b.iter(|| black_box(svix_ksuid::Ksuid::new(None, None))));
    g.bench_function("ksuid_ms", |b| b.iter(|| black_box(KsuidMs::new())));
    g.bench_function("svix_ksuid KsuidMs::new", |b| b.iter(|| black_box(svix_ksuid::KsuidMs::new(None, None))));
    g.finish();
}

/// One ID's text written and read back, the two libraries' own `Display`/`ToString` and
/// `FromStr`, on the same 20 bytes.
fn text_round_trip(c: &mut Criterion) {
    use std::str::FromStr;
    let mut g = c.benchmark_group("ksuid text round trip");
    g.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    let ours = Ksuid::new();
    let theirs = svix_ksuid::Ksuid::from_bytes(ours.to_bytes_array());
    assert_eq!(ours.to_string(), theirs.to_string(), "the same text from the same bytes");
    g.bench_function("ksuid", |b| b.iter(|| Ksuid::from_str(&black_box(ours).to_string()).expect("its own text")));
    g.bench_function("svix_ksuid", |b| {
        b.iter(|| svix_ksuid::Ksuid::from_str(&black_box(theirs).to_string()).expect("its own text"))
    });
    g.finish();
}

criterion_group!(benches, generate, text_round_trip);
criterion_main!(benches);
