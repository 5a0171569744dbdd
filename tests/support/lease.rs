//! What the single-process lease tests share, on every store (`tests/lease.rs` on PostgreSQL,
//! `tests/etcd.rs` on etcd, `tests/fleet.rs`). Included with `#[path]` by those tests.
#![allow(dead_code)] // each test crate uses some of it

use idcraft::lease::{Lease, LeaseConfig};
use std::time::{Duration, Instant};

/// The single-process lease tests' timing: a 1.5 s TTL renewed every 300 ms, a 200 ms
/// safety margin.
pub fn one_process(config: LeaseConfig) -> LeaseConfig {
    config
        .ttl(Duration::from_millis(1500))
        .renew_every(Duration::from_millis(300))
        .safety_margin(Duration::from_millis(200))
}

/// After the store was tampered with (`tamper`), `lease` finds itself lost within
/// renew_every (300 ms) plus one store call.
pub fn assert_lost_at_the_next_renewal(lease: &Lease, tamper: &str) {
    let tampered = Instant::now();
    while !lease.is_lost() && tampered.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(lease.is_lost() && tampered.elapsed() < Duration::from_millis(1000), "{tamper}: {:?}", tampered.elapsed());
}
