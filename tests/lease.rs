//! Leases on a real PostgreSQL (`DATABASE_URL`; `.ci/run` starts one and requires it): claims,
//! exhaustion, release, takeover with fencing, a store that goes away and comes back, waiting.
#![cfg(feature = "lease-postgres")]

#[path = "support/lease.rs"]
mod lease_support;
#[path = "support/proxy.rs"]
mod proxy;
mod support;

use idcraft::lease::{Lease, LeaseConfig, LeaseError, LeaseRefusal, LeasedGenerator, OnExpiry};
use idcraft::schemes::sno::SnoGenerator;
use idcraft::{Generate, Scheme};
use std::time::{Duration, Instant};

fn database_url() -> Option<String> {
    support::database_url("tests/lease.rs")
}

/// A namespace of its own per test (tests run in parallel against one table).
fn config(namespace: &'static str, slots: u32) -> LeaseConfig {
    short(LeaseConfig::new(namespace, slots))
}

/// The single-process timing, creating the table if it is missing.
fn short(config: LeaseConfig) -> LeaseConfig {
    lease_support::one_process(config).create_table(true)
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
    leases.remove(2).release().unwrap();
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
        Err(LeaseRefusal::Expired { namespace: "test-takeover", slot: a.slot(), lost: true }.into())
    );
    assert!(SnoGenerator::leased(&b).unwrap().generate(0).is_ok());
}

/// A dropped lease gives its slot back before `drop` returns, so a successor (a restarted
/// deployment) claims it at once; with the store black-holed, `drop` still returns within
/// twice the store timeout.
#[test]
fn a_dropped_lease_is_handed_back_at_once_and_drop_is_bounded() {
    let Some(url) = database_url() else { return };
    let first = Lease::acquire(&url, config("test-handback", 1)).unwrap();
    let (slot, epoch) = (first.slot(), first.epoch());
    drop(first);
    let second = Lease::acquire(&url, config("test-handback", 1)).expect("the slot is free at once");
    assert_eq!((second.slot(), second.epoch()), (slot, epoch + 1));
    second.release().unwrap();

    let proxy = proxy::Proxy::start(proxy::target_of(&url));
    let cfg = config("test-handback-hole", 4).store_timeout(Duration::from_millis(100));
    let lease = Lease::acquire(&proxy.url_for(&url), cfg).unwrap();
    proxy.black_hole();
    let dropping = Instant::now();
    drop(lease);
    assert!(dropping.elapsed() < Duration::from_millis(1000), "drop took {:?}", dropping.elapsed());
}

/// HotGuid's unit is a second: a successor that takes the slot in the second its predecessor
/// last issued in must not issue in that second (fresh counters would repeat its IDs).
#[test]
fn a_hot_handover_within_one_second_never_repeats() {
    use idcraft::schemes::HotGuidGenerator;
    let Some(url) = database_url() else { return };
    for _ in 0..3 {
        let first = Lease::acquire(&url, config("test-hot-handover", 1)).unwrap();
        let hot = HotGuidGenerator::leased(&first).unwrap();
        let before: std::collections::HashSet<_> = (0..100_000).map(|_| hot.generate(0).unwrap()).collect();
        let last_second = before.iter().map(|id| id.timestamp()).max().unwrap();
        drop(first);
        let second = Lease::acquire(&url, config("test-hot-handover", 1)).unwrap();
        let hot = HotGuidGenerator::leased(&second).unwrap();
        for _ in 0..100_000 {
            let id = hot.generate(0).unwrap();
            assert!(id.timestamp() > last_second, "{id} in the predecessor's last second {last_second}");
            assert!(!before.contains(&id), "{id} repeated across the handover");
        }
    }
}

/// A row changed by hand (holder, epoch or deletion) is noticed at the next renewal.
#[test]
fn tampering_with_the_row_loses_the_lease_at_the_next_renewal() {
    let Some(url) = database_url() else { return };
    for (namespace, tamper) in [
        (
            "test-tamper-holder",
            "UPDATE idcraft_lease SET holder = gen_random_uuid() WHERE namespace = 'test-tamper-holder'",
        ),
        ("test-tamper-epoch", "UPDATE idcraft_lease SET epoch = epoch + 1 WHERE namespace = 'test-tamper-epoch'"),
        ("test-tamper-delete", "DELETE FROM idcraft_lease WHERE namespace = 'test-tamper-delete'"),
    ] {
        sql(&url, &format!("DELETE FROM idcraft_lease WHERE namespace = '{namespace}'"));
        let lease = Lease::acquire(&url, config(namespace, 1)).unwrap();
        sql(&url, tamper);
        lease_support::assert_lost_at_the_next_renewal(&lease, tamper);
    }
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
    assert_eq!(sno.generate(0), Err(LeaseRefusal::Expired { namespace: "test-wait", slot, lost: false }.into()));
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

/// A service whose lease is gone for good takes a new one and swaps the default generator,
/// with no restart: `Sno::new` follows the new lease.
#[test]
fn the_default_generator_follows_a_replacement_lease() {
    use idcraft::DefaultGenerator;
    use idcraft::schemes::Sno;
    let Some(url) = database_url() else { return };
    let first = Lease::acquire(&url, config("test-replace", 2)).unwrap();
    // The only test of this binary that touches the default sno generator.
    let _ = SnoGenerator::leased(&first).unwrap().install_default();
    SnoGenerator::leased(&first).unwrap().replace_default();
    assert_eq!(u32::from(Sno::new(0).partition()), first.slot());
    first.release().unwrap();
    assert!(matches!(Sno::try_new(0).as_ref().map_err(LeaseRefusal::of), Err(Some(LeaseRefusal::Expired { .. }))));
    let second = Lease::acquire(&url, config("test-replace", 2)).unwrap();
    SnoGenerator::leased(&second).unwrap().replace_default();
    assert_eq!(u32::from(Sno::new(0).partition()), second.slot());
}

/// Snowflake generators take the slot as their node (the shard here), and stop with the lease.
#[test]
fn snowflake_generators_issue_on_the_leased_node() {
    use idcraft::schemes::snowflake::{InstagramLayout, SnowflakeGenerator, TwitterLayout};
    let Some(url) = database_url() else { return };
    let lease = Lease::acquire(&url, short(LeaseConfig::instagram_shards())).unwrap();
    assert!(lease.slot() < 8192 && lease.namespace() == "instagram-shard");
    let shards = SnowflakeGenerator::<InstagramLayout>::leased(&lease).unwrap();
    issues_on_the_slot_until_released(lease, "instagram-shard", &shards);
    let workers = Lease::acquire(&url, short(LeaseConfig::twitter_workers())).unwrap();
    let g = SnowflakeGenerator::<TwitterLayout>::leased(&workers).unwrap();
    assert_eq!(g.generate(()).map(|id| id.node()), Ok(workers.slot()));
}

/// A declared layout's generator leases its node as the published layouts' do: the slot is the
/// node, and the fence stops it with the lease.
#[test]
fn declared_layouts_lease_their_node() {
    use idcraft::Identity;

    #[derive(Identity)]
    #[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
    #[id(time_bits = 45, node_bits = 6, sequence_bits = 12)]
    struct JobId(u64);
    type Generator = <<JobId as Identity>::Scheme as Scheme>::Generator;

    let Some(url) = database_url() else { return };
    let lease = Lease::acquire(&url, config("test-declared-layout", 64)).unwrap();
    let generator = Generator::leased(&lease).unwrap();
    assert_eq!(JobId::generate_with(&generator).node(), lease.slot());
    issues_on_the_slot_until_released(lease, "test-declared-layout", &generator);
}

/// A snowflake generator leased with `lease` (in `namespace`) issues on the slot as its node, and
/// is refused once the lease is released.
fn issues_on_the_slot_until_released<L: idcraft::schemes::snowflake::SnowflakeLayout>(
    lease: Lease,
    namespace: &'static str,
    generator: &idcraft::schemes::snowflake::SnowflakeGenerator<L>,
) {
    let id = generator.generate(()).unwrap();
    assert_eq!((id.node(), generator.node()), (lease.slot(), lease.slot()));
    let slot = lease.slot();
    lease.release().unwrap();
    assert_eq!(generator.generate(()), Err(LeaseRefusal::Expired { namespace, slot, lost: false }.into()));
}
