//! Leases on a real three-member etcd cluster (`ETCD_ENDPOINTS`; `.ci/run` starts one with
//! `.ci/etcd` and requires it, `eval "$(bash .ci/etcd start)"` does it by hand): claims,
//! exhaustion and release; a slot key deleted, rewritten or its etcd lease revoked by hand;
//! processes (this test binary, re-run as workers) handing one slot per scheme back and forth
//! at the tightest configuration under SIGKILL and SIGSTOP longer than the TTL; and the faults
//! only a cluster has, with holders issuing throughout: the leader killed, the quorum lost and
//! restored, a member's data wiped and the member re-joined. The faults go through `.ci/etcd`
//! (which needs `ETCD_DIR`, exported by its `start`). The tests take the cluster in turn.
#![cfg(all(feature = "lease-etcd", unix))]

#[path = "support/handover.rs"]
mod handover;
#[path = "support/lease.rs"]
mod lease_support;
mod support;

use idcraft::lease::{EtcdError, EtcdOptions, Lease, LeaseConfig, LeaseError, LeaseRefusal, LeasedGenerator};
use idcraft::schemes::sno::SnoGenerator;
use idcraft::{Generate, Scheme};
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The tests change the cluster under each other's feet: one at a time.
fn exclusive() -> MutexGuard<'static, ()> {
    static CLUSTER: Mutex<()> = Mutex::new(());
    CLUSTER.lock().unwrap_or_else(|e| e.into_inner())
}

fn endpoints() -> Option<Vec<String>> {
    support::etcd_endpoints("tests/etcd.rs")
}

/// The run's name, `IDCRAFT_ETCD_RUN` for workers (the controller's pid): runs against a
/// cluster kept between them never share a namespace.
fn run() -> String {
    std::env::var("IDCRAFT_ETCD_RUN").unwrap_or_else(|_| std::process::id().to_string())
}

fn namespace(name: &str) -> &'static str {
    Box::leak(format!("etcd-test-{}-{name}", run()).into_boxed_str())
}

/// The single-process tests' configuration: 1.5 s TTL (2 s in etcd) renewed every 300 ms.
fn config(namespace: &'static str, slots: u32) -> LeaseConfig {
    lease_support::one_process(LeaseConfig::new(namespace, slots))
}

/// `etcdctl` (v3 API) against the cluster: a client independent of the lease's own, to look at
/// or tamper with keys. Its output, trimmed.
fn etcdctl(endpoints: &[String], args: &[&str]) -> String {
    let out = Command::new("etcdctl")
        .env("ETCDCTL_API", "3")
        .arg(format!("--endpoints={}", endpoints.join(",")))
        .arg("--command-timeout=5s")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("etcdctl runs (bash .ci/etcd install)");
    assert!(out.status.success(), "etcdctl {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim());
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// The key's entry as `etcdctl get -w json` shows it (numbers as numbers, bytes in base64), if
/// the key exists.
fn entry(endpoints: &[String], key: &str) -> Option<serde_json::Value> {
    let answer: serde_json::Value = serde_json::from_str(&etcdctl(endpoints, &["get", key, "-w", "json"])).unwrap();
    answer.get("kvs").and_then(|kvs| kvs.get(0)).cloned()
}

fn slot_key(namespace: &str, slot: u32) -> String {
    format!("idcraft/lease/{namespace}/{slot:010}")
}

fn bound_key(namespace: &str, slot: u32) -> String {
    format!("idcraft/bound/{namespace}/{slot:010}")
}

/// `bash .ci/etcd <args>`: the cluster's control. Its output, trimmed.
fn control(args: &[&str]) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/etcd");
    let out = Command::new("bash").arg(script).args(args).stdin(Stdio::null()).output().unwrap();
    assert!(out.status.success(), "bash .ci/etcd {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim());
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// Whether the cluster is `.ci/etcd`'s (which the fault tests control); says so when not.
fn controllable(test: &str) -> bool {
    if std::env::var_os("ETCD_DIR").is_some() {
        return true;
    }
    assert!(
        std::env::var_os("IDCRAFT_REQUIRE_ETCD").is_none(),
        "IDCRAFT_REQUIRE_ETCD is set but ETCD_DIR is not: {test} must control the cluster"
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {test} needs a cluster started by .ci/etcd (ETCD_DIR unset; `cargo xtask test` starts one)"
    );
    false
}

fn client_endpoint(member: usize) -> String {
    let base: usize = std::env::var("ETCD_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(23790);
    format!("http://127.0.0.1:{}", base + 2 * member)
}

fn leader() -> usize {
    control(&["leader"]).parse().unwrap()
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) -> Duration {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "timed out after {limit:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
    started.elapsed()
}

#[test]
fn claims_are_distinct_until_the_namespace_is_full_and_released_slots_return() {
    let Some(eps) = endpoints() else { return };
    let _cluster = exclusive();
    let ns = namespace("claims");
    let mut leases: Vec<Lease> = (0..4).map(|_| Lease::acquire_etcd(&eps, config(ns, 4)).unwrap()).collect();
    let mut slots: Vec<u32> = leases.iter().map(Lease::slot).collect();
    slots.sort();
    assert_eq!(slots, [0, 1, 2, 3]);
    assert!(leases.iter().all(|l| l.is_valid() && l.epoch() > 0));
    assert_eq!(leases.iter().map(Lease::epoch).collect::<HashSet<_>>().len(), 4, "an epoch is one claim's");
    match Lease::acquire_etcd(&eps, config(ns, 4)) {
        Err(LeaseError::NoFreeSlot { slots: 4, .. }) => {}
        other => panic!("expected NoFreeSlot, got {other:?}"),
    }
    let (freed, epoch) = (leases[2].slot(), leases[2].epoch());
    leases.remove(2).release().unwrap();
    // The slot key is gone at once; the bound key stays for the next holder.
    assert_eq!(entry(&eps, &slot_key(ns, freed)), None);
    // Nothing was issued on the lease: the bound was lowered to "none" (i64::MIN µs).
    let bound = etcdctl(&eps, &["get", &bound_key(ns, freed), "--print-value-only"]);
    assert_eq!(bound.parse::<i64>(), Ok(i64::MIN), "the bound outlives the slot key");
    let again = Lease::acquire_etcd(&eps, config(ns, 4)).unwrap();
    assert_eq!(again.slot(), freed, "the released slot");
    assert!(again.epoch() > epoch, "under a later epoch");
    let e = Lease::acquire_etcd(&[] as &[&str], config(ns, 4));
    assert!(matches!(e, Err(LeaseError::Config(_))), "{e:?}");
    // Endpoints are read at once: one the store cannot use is an error that names it.
    match Lease::acquire_etcd(&["https://127.0.0.1:2379"], config(ns, 4)) {
        Err(LeaseError::Store(e)) => {
            assert!(matches!(e.downcast_ref(), Some(EtcdError::Endpoint { .. })), "{e}");
            assert!(e.to_string().contains("https://127.0.0.1:2379"), "{e}");
        }
        other => panic!("expected an endpoint error, got {other:?}"),
    }
}

/// A member that refuses connections (here, a port nobody serves) is passed over within the
/// call, wherever it stands in the list.
#[test]
fn a_member_that_refuses_connections_is_passed_over() {
    let Some(eps) = endpoints() else { return };
    let _cluster = exclusive();
    let ns = namespace("refused");
    let dead = "http://127.0.0.1:9".to_owned();
    let alone = std::slice::from_ref(&dead);
    for order in [[alone, &eps].concat(), [&eps, alone].concat()] {
        for _ in 0..4 {
            Lease::acquire_etcd(&order, config(ns, 1)).unwrap().release().unwrap();
        }
    }
    match Lease::acquire_etcd(&[dead], config(ns, 1)) {
        Err(LeaseError::Store(e)) => assert!(matches!(e.downcast_ref(), Some(EtcdError::Connect { .. })), "{e}"),
        other => panic!("expected a connection error, got {other:?}"),
    }
}

/// Turns etcd's authentication on (user `root`) for the life of the value, off again on drop.
struct Authentication<'a>(&'a [String]);

impl Authentication<'_> {
    const PASSWORD: &'static str = "idcraft-test";

    fn on(eps: &[String]) -> Authentication<'_> {
        etcdctl(eps, &["user", "add", "root", &format!("--new-user-password={}", Self::PASSWORD)]);
        etcdctl(eps, &["role", "add", "root"]);
        etcdctl(eps, &["user", "grant-role", "root", "root"]);
        etcdctl(eps, &["auth", "enable"]);
        Authentication(eps)
    }
}

impl Drop for Authentication<'_> {
    fn drop(&mut self) {
        let root = format!("--user=root:{}", Self::PASSWORD);
        etcdctl(self.0, &[&root, "auth", "disable"]);
        etcdctl(self.0, &["user", "delete", "root"]);
        etcdctl(self.0, &["role", "delete", "root"]);
    }
}

/// With authentication on, a lease with the right credentials claims, renews and releases;
/// without them, or with a wrong password, it is refused with etcd's reason.
#[test]
fn credentials_authenticate_every_connection() {
    let Some(eps) = endpoints() else { return };
    let _cluster = exclusive();
    let ns = namespace("auth");
    let _auth = Authentication::on(&eps);
    // etcd checks passwords with bcrypt: a store timeout with room for that on a busy machine.
    let config = |ns| LeaseConfig::new(ns, 1).ttl(Duration::from_secs(4)).renew_every(Duration::from_millis(1000));
    let root = EtcdOptions::new().with_user("root", Authentication::PASSWORD);
    let lease = Lease::acquire_etcd_with(&eps, root, config(ns)).unwrap();
    let sno = SnoGenerator::leased(&lease).unwrap();
    // Renewals keep going on the authenticated connection.
    std::thread::sleep(Duration::from_millis(2500));
    assert!(lease.is_valid() && sno.generate(0).is_ok());
    lease.release().unwrap();
    let refused = |options: EtcdOptions| match Lease::acquire_etcd_with(&eps, options, config(ns)) {
        Err(LeaseError::Store(e)) => match e.downcast_ref() {
            Some(EtcdError::Status { message, .. }) => message.clone(),
            _ => panic!("expected etcd's refusal, got {e}"),
        },
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert!(refused(EtcdOptions::new()).contains("user name is empty"));
    assert!(refused(EtcdOptions::new().with_user("root", "wrong")).contains("authentication failed"));
}

/// A slot key deleted, rewritten (which detaches it from its etcd lease) or whose etcd lease was
/// revoked by hand is noticed at the next renewal: lost for good, and the generator stops.
#[test]
fn tampering_with_the_slot_key_loses_the_lease_at_the_next_renewal() {
    let Some(eps) = endpoints() else { return };
    let _cluster = exclusive();
    for tamper in ["delete", "rewrite", "revoke"] {
        let ns = namespace(&format!("tamper-{tamper}"));
        let lease = Lease::acquire_etcd(&eps, config(ns, 1)).unwrap();
        let sno = SnoGenerator::leased(&lease).unwrap();
        assert!(sno.generate(0).is_ok());
        let key = slot_key(ns, lease.slot());
        match tamper {
            "delete" => assert_eq!(etcdctl(&eps, &["del", &key]), "1"),
            "rewrite" => assert_eq!(etcdctl(&eps, &["put", &key, "someone else"]), "OK"),
            _ => {
                let id = entry(&eps, &key).and_then(|kv| kv["lease"].as_i64()).expect("the slot key's etcd lease");
                // etcdctl names leases in hexadecimal.
                etcdctl(&eps, &["lease", "revoke", &format!("{id:x}")]);
            }
        }
        lease_support::assert_lost_at_the_next_renewal(&lease, tamper);
        assert_eq!(
            sno.generate(0),
            Err(LeaseRefusal::Expired { namespace: ns, slot: lease.slot(), lost: true }.into())
        );
        drop(lease);
        etcdctl(&eps, &["del", &key]);
    }
}

/// Hands the scheme's one slot back and forth (see `support::handover`).
fn hand_over(scheme: &str, eps: &[String], file: &Path, stop: &Path) {
    let ns = namespace(&format!("handover-{scheme}"));
    handover::hand_over(scheme, file, stop, || Lease::acquire_etcd(eps, handover::tightest(ns)));
}

/// Run by each handover worker process: a no-op in a normal test run.
#[test]
fn handover_worker() {
    let Some((scheme, file)) = handover::worker_spec("IDCRAFT_ETCD_HANDOVER_WORKER") else { return };
    let eps = endpoints().unwrap();
    hand_over(&scheme, &eps, &file, &file.with_file_name("stop"));
}

fn spawn_handover(dir: &Path, scheme: &str, name: &str) -> Child {
    handover::spawn_worker(dir, scheme, name, "IDCRAFT_ETCD_HANDOVER_WORKER", ("IDCRAFT_ETCD_RUN", &run()))
}

/// Nine processes hand one slot per scheme back and forth at the tightest configuration, by
/// release, SIGKILL and SIGSTOP for longer than the etcd lease (whose key etcd then deletes, so
/// the paused holder finds the slot lost when it wakes): no ID of any scheme repeats.
#[test]
fn handovers_at_the_tightest_configuration_never_repeat() {
    if std::env::var_os("IDCRAFT_ETCD_HANDOVER_WORKER").is_some() {
        return;
    }
    let Some(_) = endpoints() else { return };
    let _cluster = exclusive();
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("idcraft-etcd-handover-{}", std::process::id()));
    // The pauses (3 s) outlast the 2 s etcd lease, whose key etcd then deletes: the paused holder
    // finds the slot lost when it wakes.
    handover::run("etcd: handover", &dir, Duration::from_secs(14), Duration::from_secs(3), spawn_handover);
    let _ = writeln!(std::io::stderr(), "etcd: handover test took {:.1} s", started.elapsed().as_secs_f64());
}

/// When one holder issued, in µs since the test's start, and the pauses in its issuing.
#[derive(Default)]
struct Track {
    last: AtomicU64,
    /// (last issue before, first issue after) of every pause over 20 ms.
    gaps: Mutex<Vec<(u64, u64)>>,
    /// Leases this holder took (more than one: it lost one and claimed again).
    leases: AtomicU64,
}

impl Track {
    fn issued(&self, at: u64) {
        let before = self.last.swap(at, Ordering::AcqRel);
        if before != 0 && at - before > 20_000 {
            self.gaps.lock().unwrap().push((before, at));
        }
    }

    /// The first issue at or after `t`, if any yet.
    fn resumed_after(&self, t: u64) -> Option<u64> {
        if self.last.load(Ordering::Acquire) < t {
            return None;
        }
        let gaps = self.gaps.lock().unwrap();
        Some(gaps.iter().find(|&&(a, b)| a < t && t <= b).map_or(t, |&(_, b)| b))
    }

    /// The longest pause in issuing within `from..to`.
    fn longest_pause(&self, from: u64, to: u64) -> u64 {
        let gaps = self.gaps.lock().unwrap();
        let closed = gaps.iter().map(|&(a, b)| b.min(to).saturating_sub(a.max(from))).max().unwrap_or(0);
        let open = to.saturating_sub(self.last.load(Ordering::Acquire).max(from));
        closed.max(open)
    }
}

/// When `slots` of the threads have all issued at or after `t`: the latest of their first
/// issues (the contender may have taken a slot its former holder lost).
fn resumed(tracks: &[Arc<Track>], slots: u32, t: u64) -> Option<u64> {
    let mut first: Vec<u64> = tracks.iter().filter_map(|track| track.resumed_after(t)).collect();
    first.sort();
    first.get(slots as usize - 1).copied()
}

/// The cluster faults' configuration: a 5 s TTL renewed every 500 ms. An election after the
/// quorum's return takes one to two election timeouts (1 s each here), and a split vote
/// another: the TTL leaves room for that.
const FAULT_TTL: Duration = Duration::from_secs(5);

fn fault_config(namespace: &'static str, slots: u32) -> LeaseConfig {
    LeaseConfig::new(namespace, slots)
        .ttl(FAULT_TTL)
        .renew_every(Duration::from_millis(500))
        .store_timeout(Duration::from_millis(250))
        .safety_margin(Duration::from_millis(300))
}

/// How long a fault-test lease is valid after its renewal was sent: ttl × 0.99 − margin.
const FAULT_VALIDITY: Duration = Duration::from_millis(4650);

/// Claims a slot (again whenever it loses one) and issues sno IDs on it until `stop`.
fn hold(eps: &[String], ns: &'static str, slots: u32, t0: Instant, track: &Track, stop: &AtomicBool) -> Vec<[u8; 10]> {
    let mut ids = Vec::new();
    while !stop.load(Ordering::Acquire) {
        let Ok(lease) = Lease::acquire_etcd(eps, fault_config(ns, slots)) else {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        track.leases.fetch_add(1, Ordering::AcqRel);
        let sno = SnoGenerator::leased(&lease).unwrap();
        'issuing: while !stop.load(Ordering::Acquire) {
            for _ in 0..8 {
                match sno.generate(0) {
                    Ok(id) => {
                        ids.push(<[u8; 10]>::try_from(&id.to_bytes()[..]).unwrap());
                        track.issued(t0.elapsed().as_micros() as u64);
                    }
                    Err(e) => match LeaseRefusal::of(&e) {
                        Some(LeaseRefusal::Expired { lost: true, .. }) => break 'issuing,
                        Some(_) => std::thread::sleep(Duration::from_millis(5)),
                        None => panic!("{e}"),
                    },
                }
            }
            std::thread::sleep(Duration::from_millis(3));
        }
    }
    ids
}

/// Five holders on five slots and a sixth process-local contender issue sno IDs throughout
/// while the cluster's leader is killed, its quorum lost and restored, and a member's data
/// wiped and the member re-joined. The holders stop at expiry while no quorum exists, resume
/// within one TTL of its return, and no ID repeats.
#[test]
fn holders_ride_out_the_cluster_faults() {
    let Some(eps) = endpoints() else { return };
    let _cluster = exclusive();
    if !controllable("holders_ride_out_the_cluster_faults") {
        return;
    }
    control(&["healthy"]);
    let started = Instant::now();
    let now = || started.elapsed().as_micros() as u64;
    let ns = namespace("faults");
    const SLOTS: u32 = 5;
    let stop = Arc::new(AtomicBool::new(false));
    let tracks: Vec<Arc<Track>> = (0..=SLOTS).map(|_| Arc::default()).collect();
    let threads: Vec<_> = tracks
        .iter()
        .map(|track| {
            let (eps, track, stop) = (eps.clone(), Arc::clone(track), Arc::clone(&stop));
            std::thread::spawn(move || hold(&eps, ns, SLOTS, started, &track, &stop))
        })
        .collect();
    wait_until("five holders issuing", Duration::from_secs(20), || {
        tracks.iter().filter(|t| t.last.load(Ordering::Acquire) > 0).count() == SLOTS as usize
    });
    std::thread::sleep(Duration::from_secs(1));
    // The holders issuing at `t` (the contender waits for a free slot meanwhile).
    let issuing_at = |t: u64| -> Vec<&Arc<Track>> {
        tracks.iter().filter(|tr| tr.last.load(Ordering::Acquire) + 100_000 >= t).collect()
    };
    let mut report = Vec::new();

    // The leader killed: the others elect a new one, and the holders renew through them.
    let killed = leader();
    let active = issuing_at(now());
    let at = now();
    control(&["member-kill", &killed.to_string()]);
    // Many slots: a claim whose answer was lost in the election (past the store timeout) still
    // holds its slot for a TTL, and must not block the next.
    wait_until("a claim after the leader's death", Duration::from_secs(15), || {
        Lease::acquire_etcd(&eps, fault_config(namespace("probe-leader"), 1024)).map(drop).is_ok()
    });
    let back = Duration::from_micros(now() - at);
    wait_until("the holders issuing after the leader's death", Duration::from_secs(15), || {
        resumed(&tracks, SLOTS, at + back.as_micros() as u64).is_some()
    });
    let pause = active.iter().map(|t| t.longest_pause(at, now())).max().unwrap();
    assert!(pause < FAULT_TTL.as_micros() as u64, "a holder stopped issuing for {pause} µs after the leader died");
    report.push(format!(
        "leader m{killed} killed: claims succeeded again after {} ms; the longest pause in issuing was {} ms",
        back.as_millis(),
        pause / 1000
    ));
    control(&["member-start", &killed.to_string()]);
    control(&["healthy"]);
    std::thread::sleep(Duration::from_secs(1));

    // The quorum lost, twice: two followers paused (the leader steps down, expiring nothing),
    // then the leader and a follower (which wakes believing it still leads, and expires the
    // etcd leases that ran out meanwhile). Paused, not killed: their connections hang too.
    for leader_too in [false, true] {
        let lead = leader();
        let paused = if leader_too { [lead, (lead + 1) % 3] } else { [(lead + 1) % 3, (lead + 2) % 3] };
        let active = issuing_at(now());
        assert_eq!(active.len(), SLOTS as usize, "every slot's holder issues before the quorum is lost");
        for member in paused {
            control(&["member-pause", &member.to_string()]);
        }
        // Any renewal that went through was sent before now.
        let stopped = now();
        std::thread::sleep(FAULT_TTL + Duration::from_secs(1));
        // No renewal went through after the stop: every holder stopped by its deadline.
        let last = tracks.iter().map(|t| t.last.load(Ordering::Acquire)).max().unwrap();
        let deadline = stopped + FAULT_VALIDITY.as_micros() as u64;
        assert!(last <= deadline + 50_000, "issued {} ms after the quorum was lost", (last - stopped) / 1000);
        assert!(now() > last + 1_000_000, "still issuing without a quorum");
        let leases_before: u64 = tracks.iter().map(|t| t.leases.load(Ordering::Acquire)).sum();
        let restored = now();
        for member in paused {
            control(&["member-resume", &member.to_string()]);
        }
        // Every slot issuing again: on the same leases if the cluster kept them, else on new
        // ones, whichever of the six threads took each.
        wait_until("the slots issuing after the quorum's return", Duration::from_secs(20), || {
            resumed(&tracks, SLOTS, restored).is_some()
        });
        let recovery = resumed(&tracks, SLOTS, restored).unwrap() - restored;
        let reclaimed = tracks.iter().map(|t| t.leases.load(Ordering::Acquire)).sum::<u64>() - leases_before;
        assert!(
            recovery < FAULT_TTL.as_micros() as u64,
            "issuing resumed {} ms after the quorum's return, more than one TTL",
            recovery / 1000
        );
        report.push(format!(
            "quorum lost ({} m{} and m{} paused) for {} ms: the last ID {} ms after the loss (deadline {} ms); \
             restored: issuing resumed on every slot after {} ms (TTL {} ms; {reclaimed} slots claimed anew)",
            if leader_too { "leader and follower" } else { "followers" },
            paused[0],
            paused[1],
            (restored - stopped) / 1000,
            (last - stopped) / 1000,
            FAULT_VALIDITY.as_millis(),
            recovery / 1000,
            FAULT_TTL.as_millis()
        ));
        control(&["healthy"]);
        std::thread::sleep(Duration::from_millis(500));
    }

    // A follower's data wiped: removed, wiped, added back, caught up from the others.
    let wiped = (leader() + 1) % 3;
    let active = issuing_at(now());
    let at = now();
    control(&["member-wipe", &wiped.to_string()]);
    let took = (now() - at) / 1000;
    let pause = active.iter().map(|t| t.longest_pause(at, now())).max().unwrap();
    assert!(pause < FAULT_TTL.as_micros() as u64, "a holder stopped issuing for {pause} µs during the re-join");
    // Through the re-joined member alone: every live slot key is there (no free slot) and a
    // claim elsewhere works.
    let alone = [client_endpoint(wiped)];
    match Lease::acquire_etcd(&alone, fault_config(ns, SLOTS)) {
        Err(LeaseError::NoFreeSlot { .. }) => {}
        other => panic!("the re-joined member sees a free slot among held ones: {other:?}"),
    }
    Lease::acquire_etcd(&alone, fault_config(namespace("probe-rejoined"), 1)).unwrap().release().unwrap();
    report.push(format!(
        "m{wiped} wiped and re-joined in {took} ms; the longest pause in issuing was {} ms",
        pause / 1000
    ));

    stop.store(true, Ordering::Release);
    let mut seen = HashSet::new();
    for thread in threads {
        for id in thread.join().unwrap() {
            assert!(seen.insert(id), "{id:02x?} repeated");
        }
    }
    let leases: u64 = tracks.iter().map(|t| t.leases.load(Ordering::Acquire)).sum();
    for line in report {
        let _ = writeln!(std::io::stderr(), "etcd: {line}");
    }
    let _ = writeln!(
        std::io::stderr(),
        "etcd: faults: {} IDs from {} holders over {leases} leases, 0 repeats, {:.1} s",
        seen.len(),
        tracks.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(seen.len() > 50_000, "too few IDs to mean anything: {}", seen.len());
}
