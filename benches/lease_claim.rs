//! What a lease claim costs as the slot space and the number of live leases grow: 1,000 slots
//! with 500 held, and 2^31 − 1 slots with 10,000 held, on the PostgreSQL at `DATABASE_URL`
//! (skipped without one). Each measured call is a whole `Lease::acquire` (connect, find a free
//! slot, take it, start the renewer); giving the slot back is outside the timing.
//!
//! `DATABASE_URL=postgres://… cargo bench --bench lease_claim --features lease-postgres`

use criterion::{Criterion, criterion_group, criterion_main};
use idcraft::lease::{Lease, LeaseConfig};
use std::time::{Duration, Instant};

/// `held` live leases of `namespace`, on slots spread over `slots`, written straight to the table
/// (held by no process: they stay live for an hour).
fn hold(url: &str, namespace: &'static str, slots: u32, held: u32) {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client.batch_execute(include_str!("../sql/postgres/idcraft_lease.sql")).unwrap();
    client.execute("DELETE FROM idcraft_lease WHERE namespace = $1", &[&namespace]).unwrap();
    let step = (slots / held) as i64;
    client
        .execute(
            "INSERT INTO idcraft_lease (namespace, slot, holder, epoch, expires_at, issue_until)
             SELECT $1, (s::bigint * $2::bigint)::int, gen_random_uuid(), 1, now() + interval '1 hour', now()
               FROM generate_series(0, $3::int - 1) AS s",
            &[&namespace, &step, &(held as i32)],
        )
        .unwrap();
}

fn claims(c: &mut Criterion) {
    let Ok(url) = std::env::var("DATABASE_URL") else {
        eprintln!("lease_claim: DATABASE_URL is not set; nothing measured");
        return;
    };
    let mut group = c.benchmark_group("lease_claim");
    group.sample_size(20).measurement_time(Duration::from_secs(5));
    for (name, namespace, slots, held) in [
        ("1k slots, 500 held", "bench-claim-1k", 1_000, 500),
        ("2^31-1 slots, 10k held", "bench-claim-2g", i32::MAX as u32, 10_000),
    ] {
        hold(&url, namespace, slots, held);
        let config =
            || LeaseConfig::new(namespace, slots).ttl(Duration::from_secs(30)).renew_every(Duration::from_secs(10));
        group.bench_function(name, |b| {
            b.iter_custom(|iterations| {
                let mut spent = Duration::ZERO;
                for _ in 0..iterations {
                    let started = Instant::now();
                    let lease = Lease::acquire(&url, config()).unwrap();
                    spent += started.elapsed();
                    lease.release().unwrap();
                }
                spent
            })
        });
    }
    group.finish();
}

criterion_group!(benches, claims);
criterion_main!(benches);
