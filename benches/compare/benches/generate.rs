//! Generation next to the originals' Rust crates, in one run: ObjectId against `bson`'s
//! `ObjectId::new`, xid against the `xid` crate's `xid::new`, KSUID-ms against svix-ksuid's
//! `KsuidMs::new`. Each makes one ID per iteration from its default generator, the way an
//! application calls it: `cargo bench --bench generate` here.

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::schemes::{KsuidMs, ObjectId, Xid};
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
    g.bench_function("ksuid_ms", |b| b.iter(|| black_box(KsuidMs::new())));
    g.bench_function("svix_ksuid KsuidMs::new", |b| b.iter(|| black_box(svix_ksuid::KsuidMs::new(None, None))));
    g.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
