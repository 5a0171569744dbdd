//! RFC 3339 text of instants: idcraft's own `Timestamp` parser and printer (in the no_std core,
//! used by `inspect`'s `timestamp` and the CLI's `--time`) next to `jiff::Timestamp`'s, on the
//! same texts in the same run.

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::Timestamp;
use std::hint::black_box;

/// Texts as IDs embed them: whole seconds, milliseconds, microseconds, nanoseconds, an offset.
const TEXTS: [&str; 5] = [
    "2026-11-26T10:11:27Z",
    "2026-11-26T10:11:27.123Z",
    "2026-11-26T10:11:27.123456Z",
    "2026-11-26T10:11:27.123456789Z",
    "2026-11-26T12:11:27.5+02:00",
];

fn rfc3339(c: &mut Criterion) {
    let mut g = c.benchmark_group("rfc3339");
    g.bench_function("idcraft Timestamp parse", |b| {
        b.iter(|| TEXTS.map(|t| black_box(t).parse::<Timestamp>().unwrap()))
    });
    g.bench_function("jiff Timestamp parse", |b| {
        b.iter(|| TEXTS.map(|t| black_box(t).parse::<jiff::Timestamp>().unwrap()))
    });
    let ours = TEXTS.map(|t| t.parse::<Timestamp>().unwrap());
    let theirs = TEXTS.map(|t| t.parse::<jiff::Timestamp>().unwrap());
    // The same instants print the same text.
    for (a, b) in ours.iter().zip(&theirs) {
        assert_eq!(a.to_string(), b.to_string());
    }
    g.bench_function("idcraft Timestamp to_string", |b| b.iter(|| black_box(&ours).map(|t| t.to_string())));
    g.bench_function("jiff Timestamp to_string", |b| b.iter(|| black_box(&theirs).map(|t| t.to_string())));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = rfc3339
}
criterion_main!(benches);
