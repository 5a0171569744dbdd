//! Leases on a real PostgreSQL (`DATABASE_URL`; `.ci/run` starts one and requires it): claims,
//! exhaustion, release, takeover with fencing, a store that goes away and comes back, waiting.
#![cfg(feature = "lease-postgres")]

mod support;

use idcraft::lease::{Lease, LeaseConfig, LeaseError, LeasedGenerator, OnExpiry};
use idcraft::schemes::sno::SnoGenerator;
use idcraft::{Generate, GenerateError};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn database_url() -> Option<String> {
    support::database_url("tests/lease.rs")
}

/// A namespace of its own per test (tests run in parallel against one table).
fn config(namespace: &'static str, slots: u32) -> LeaseConfig {
    LeaseConfig::new(namespace, slots)
        .ttl(Duration::from_millis(1500))
        .renew_every(Duration::from_millis(300))
        .safety_margin(Duration::from_millis(200))
        .create_table(true)
}

fn sql(url: &str, statement: &str) {
    postgres::Client::connect(url, postgres::NoTls).unwrap().batch_execute(statement).unwrap();
}

#[test]
fn claims_are_distinct_until_the_namespace_is_full_and_released_slots_return() {
    let Some(url) = database_url() else { return };
    let cfg = || config("test-claims", 4);
    Lease::acquire(&url, cfg()).map(drop).unwrap(); // creates the table; released at once
    sql(&url, "DELETE FROM idcraft_lease WHERE namespace = 'test-claims'");
    let leases: Vec<Lease> = (0..4).map(|_| Lease::acquire(&url, cfg()).unwrap()).collect();
    let mut slots: Vec<u32> = leases.iter().map(Lease::slot).collect();
    slots.sort();
    assert_eq!(slots, [0, 1, 2, 3]);
    assert!(leases.iter().all(|l| l.epoch() == 1 && l.is_valid()));
    match Lease::acquire(&url, cfg()) {
        Err(LeaseError::NoFreeSlot { namespace: "test-claims", slots: 4 }) => {}
        other => panic!("expected NoFreeSlot, got {other:?}"),
    }
    let freed = leases[2].slot();
    let mut leases = leases;
    leases.remove(2).release();
    let again = Lease::acquire(&url, cfg()).unwrap();
    assert_eq!((again.slot(), again.epoch()), (freed, 2), "the released slot, under the next epoch");
}

#[test]
fn a_taken_slot_is_lost_and_its_generator_stops() {
    let Some(url) = database_url() else { return };
    let a = Lease::acquire(&url, config("test-takeover", 1)).unwrap();
    let sno = SnoGenerator::leased(&a).unwrap();
    assert_eq!(sno.generate(0).map(|id| u32::from(id.partition())), Ok(a.slot()));
    // The store says A's lease ran out (as after a long pause); B takes the slot.
    sql(&url, "UPDATE idcraft_lease SET expires_at = now() - interval '1 second' WHERE namespace = 'test-takeover'");
    let b = Lease::acquire(&url, config("test-takeover", 1)).unwrap();
    assert_eq!((b.slot(), b.epoch()), (a.slot(), a.epoch() + 1));
    // A's next renewal matches no row: lost for good, whatever its own clock says.
    let until = Instant::now() + Duration::from_secs(5);
    while !a.is_lost() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(a.is_lost());
    assert_eq!(
        sno.generate(0),
        Err(GenerateError::LeaseExpired { namespace: "test-takeover", slot: a.slot(), lost: true })
    );
    assert!(SnoGenerator::leased(&b).unwrap().generate(0).is_ok());
}

#[test]
fn an_unreachable_store_stops_issuing_at_the_deadline_and_resumes_after() {
    let Some(url) = database_url() else { return };
    let down = Arc::new(AtomicBool::new(false));
    // Named, so the test cuts this lease's connection and no other test's.
    let named = format!("{url}{}application_name=idcraft-outage-test", if url.contains('?') { '&' } else { '?' });
    let connect = {
        let (down, url) = (Arc::clone(&down), named);
        move || {
            let target = if down.load(Ordering::SeqCst) { "postgres://postgres@127.0.0.1:1/postgres" } else { &url };
            postgres::Client::connect(target, postgres::NoTls)
        }
    };
    let lease = Lease::acquire_with(connect, config("test-outage", 8)).unwrap();
    let sno = SnoGenerator::leased(&lease).unwrap();
    assert!(sno.generate(0).is_ok());
    // Cut the renewer's connection and keep it from reconnecting.
    down.store(true, Ordering::SeqCst);
    sql(&url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'idcraft-outage-test'");
    let cut = Instant::now();
    let expired = loop {
        match sno.generate(0) {
            Ok(_) => assert!(cut.elapsed() < Duration::from_secs(3), "still issuing long after the TTL"),
            Err(e) => break e,
        }
    };
    assert_eq!(expired, GenerateError::LeaseExpired { namespace: "test-outage", slot: lease.slot(), lost: false });
    assert!(cut.elapsed() < Duration::from_millis(1500), "stopped before the store's TTL could run out");
    // The store is back and nobody took the slot: the same lease renews and issuing resumes.
    down.store(false, Ordering::SeqCst);
    let until = Instant::now() + Duration::from_secs(5);
    while !lease.is_valid() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(sno.generate(0).is_ok());
    assert!(!lease.is_lost());
}

#[test]
fn waiting_generators_wait_for_a_renewal_or_give_up() {
    let Some(url) = database_url() else { return };
    let lease =
        Lease::acquire(&url, config("test-wait", 2).on_expiry(OnExpiry::Wait(Duration::from_millis(300)))).unwrap();
    let sno = SnoGenerator::leased(&lease).unwrap();
    assert!(sno.generate(0).is_ok());
    let slot = lease.slot();
    drop(lease); // released: waiting cannot help
    let started = Instant::now();
    assert_eq!(sno.generate(0), Err(GenerateError::LeaseExpired { namespace: "test-wait", slot, lost: false }));
    assert!(started.elapsed() < Duration::from_millis(250), "a released lease fails at once");
}

#[test]
fn unsafe_configurations_are_refused() {
    let e = Lease::acquire("postgres://127.0.0.1:1/x", LeaseConfig::new("x", 4).renew_every(Duration::from_secs(40)));
    assert!(matches!(e, Err(LeaseError::Config(_))), "{e:?}");
    let e = Lease::acquire("postgres://127.0.0.1:1/x", LeaseConfig::new("x", 4).safety_margin(Duration::from_secs(25)));
    assert!(matches!(e, Err(LeaseError::Config(_))), "{e:?}");
    let e = Lease::acquire("postgres://127.0.0.1:1/x", LeaseConfig::new("x", 0));
    assert!(matches!(e, Err(LeaseError::Config(_))), "{e:?}");
}
