//! Random text IDs next to the crates that make the same ones, in one run: idcraft's `nanoid`
//! against the `nanoid` crate's `nanoid!()`, and `cuid2` against the `cuid2` crate. `cargo bench
//! --bench text_ids` in `benches/compare`, then `python3 ../summary.py text_ids` from here.
//!
//! The crates return a `String`; idcraft returns the ID (its bytes, no heap), so both are
//! measured: the ID alone, and the ID written to a `String` (what a caller that wants text pays).

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::Generate;
use idcraft::schemes::{Cuid2, Cuid2Generator, Nanoid, NanoidGenerator};
use std::hint::black_box;

fn text_ids(c: &mut Criterion) {
    let mut g = c.benchmark_group("text_ids");
    // Both on a per-thread, OS-seeded CSPRNG (the crate: `rand::random`; idcraft: `OsRandom`).
    g.bench_function("nanoid!() (nanoid crate)", |b| b.iter(|| black_box(nanoid::nanoid!())));
    let nanoid = NanoidGenerator::new();
    g.bench_function("nanoid", |b| b.iter(|| black_box::<Nanoid>(nanoid.generate(()).unwrap())));
    g.bench_function("nanoid to_string", |b| {
        b.iter(|| black_box(Generate::<Nanoid>::generate(&nanoid, ()).unwrap().to_string()))
    });
    g.bench_function("cuid2::create_id() (cuid2 crate)", |b| b.iter(|| black_box(cuid2::create_id())));
    let cuid2 = Cuid2Generator::new();
    g.bench_function("cuid2", |b| b.iter(|| black_box::<Cuid2>(cuid2.generate(()).unwrap())));
    g.bench_function("cuid2 to_string", |b| {
        b.iter(|| black_box(Generate::<Cuid2>::generate(&cuid2, ()).unwrap().to_string()))
    });
    g.finish();
}

criterion_group!(benches, text_ids);
criterion_main!(benches);
