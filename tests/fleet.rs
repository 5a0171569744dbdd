//! The fleet test: 8 OS processes (this test binary, re-run as workers) make sno IDs on leased
//! partitions into files while the controller kills and restarts some with SIGKILL, pauses one
//! with SIGSTOP for longer than its lease and takes its partition meanwhile, and restarts
//! PostgreSQL. Afterwards every ID is merged: no duplicate, and the paused process issued
//! nothing on its old partition after it woke. Needs `DATABASE_URL` and, to restart the
//! server, `IDCRAFT_PG_RESTART` (a shell command; `.ci/run` sets both).
//!
//! A second fleet hands one slot per scheme (sno, uid96, HotGuid) from process to process, at
//! the tightest configuration `LeaseConfig` accepts (no safety margin, no drift allowance, a
//! 1 s TTL), by release, SIGKILL and SIGSTOP: no ID of any scheme repeats. And a lease behind
//! a black-holed network (a proxy that stops forwarding without closing) recovers within one TTL
//! of the network's return; a claim over 2^31 slots works like one over 8.
#![cfg(all(feature = "lease-postgres", unix))]

#[path = "support/handover.rs"]
mod handover;
#[path = "support/lease.rs"]
mod lease_support;
#[path = "support/proxy.rs"]
mod proxy;
mod support;

use handover::signal;

use idcraft::lease::{Lease, LeaseConfig, LeaseRefusal, LeasedGenerator};
use idcraft::schemes::Sno;
use idcraft::schemes::sno::SnoGenerator;
use idcraft::{Generate, Scheme};
use std::collections::HashSet;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant, SystemTime};

/// This run's namespace, `fleet-test-<controller pid>` (passed to the workers): workers of an
/// earlier run that outlived it (a failed run against a server on the same port) cannot take
/// this run's slots.
fn namespace() -> &'static str {
    static NAME: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        let name =
            std::env::var("IDCRAFT_FLEET_NAMESPACE").unwrap_or_else(|_| format!("fleet-test-{}", std::process::id()));
        Box::leak(name.into_boxed_str())
    })
}
/// As many partitions as workers: a restarted worker waits for a killed one's lease to expire.
const SLOTS: u32 = 8;
const WORKERS: usize = 8;
const TTL: Duration = Duration::from_millis(3000);

fn config() -> LeaseConfig {
    LeaseConfig::new(namespace(), SLOTS)
        .ttl(TTL)
        .renew_every(Duration::from_millis(500))
        .safety_margin(Duration::from_millis(300))
        .create_table(true)
}

/// A lease, retried while the store is restarting or every slot is held.
fn acquire(url: &str, give_up: Instant) -> Option<Lease> {
    while Instant::now() < give_up {
        match Lease::acquire(url, config()) {
            Ok(lease) => return Some(lease),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
    None
}

/// Issues IDs on leased partitions into `file` (hex per line; `L slot epoch` when a lease is
/// taken) until `stop` exists. A lost lease is replaced by a new one.
fn work(url: &str, file: &Path, stop: &Path) {
    let mut out = BufWriter::new(std::fs::File::create(file).unwrap());
    // The controller's death (a failed run) ends the worker too: an orphan would otherwise go
    // on taking slots from whatever server comes up on the port next.
    let controller = std::os::unix::process::parent_id();
    let stop = || stop.exists() || std::os::unix::process::parent_id() != controller;
    while !stop() {
        let Some(lease) = acquire(url, Instant::now() + Duration::from_secs(60)) else { return };
        writeln!(out, "L {} {}", lease.slot(), lease.epoch()).unwrap();
        out.flush().unwrap();
        let sno = SnoGenerator::leased(&lease).unwrap();
        let mut n = 0u64;
        while !stop() {
            match sno.generate(0) {
                Ok(id) => {
                    writeln!(out, "{}", hex(&id)).unwrap();
                    n += 1;
                    if n.is_multiple_of(8) {
                        // About 4,000 IDs a second per worker, flushed often: a SIGKILL loses
                        // at most the last few, which were never handed to anyone.
                        out.flush().unwrap();
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
                Err(e) => match LeaseRefusal::of(&e) {
                    Some(LeaseRefusal::Expired { lost: true, .. }) => break,
                    Some(LeaseRefusal::Expired { lost: false, .. }) => std::thread::sleep(Duration::from_millis(20)),
                    _ => panic!("{e}"),
                },
            }
        }
        out.flush().unwrap();
    }
}

fn hex(id: &impl Scheme) -> String {
    id.to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// Run by each worker process: a no-op in a normal test run.
#[test]
fn fleet_worker() {
    let Ok(file) = std::env::var("IDCRAFT_FLEET_WORKER") else { return };
    let url = std::env::var("DATABASE_URL").unwrap();
    let file = PathBuf::from(file);
    work(&url, &file, &file.with_file_name("stop"));
}

fn spawn(dir: &Path, name: &str) -> Child {
    let stderr = std::fs::File::create(dir.join(format!("{name}.stderr"))).unwrap();
    Command::new(std::env::current_exe().unwrap())
        .args(["fleet_worker", "--exact", "--test-threads", "1", "--quiet"])
        .env("IDCRAFT_FLEET_WORKER", dir.join(name))
        .env("IDCRAFT_FLEET_NAMESPACE", namespace())
        .stdout(std::process::Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// What the store and the workers say, for a failure message.
fn diagnostics(url: &str, dir: &Path) -> String {
    let mut out = String::new();
    match postgres::Client::connect(url, postgres::NoTls) {
        Ok(mut c) => {
            let rows = c.query(
                "SELECT slot, epoch, (expires_at - now())::text FROM idcraft_lease WHERE namespace = $1 ORDER BY slot",
                &[&namespace()],
            );
            for row in rows.into_iter().flatten() {
                let (slot, epoch, left): (i32, i64, String) = (row.get(0), row.get(1), row.get(2));
                out += &format!("\n  slot {slot} epoch {epoch} expires in {left}");
            }
        }
        Err(e) => out += &format!("\n  store: {e}"),
    }
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(worker) = name.strip_suffix(".stderr") {
            let err = std::fs::read_to_string(&path).unwrap_or_default();
            let leases = leases_in(&dir.join(worker));
            out += &format!("\n  {worker}: leases {leases:?}; stderr: {}", err.trim().lines().last().unwrap_or(""));
        }
    }
    out
}

/// The leases a worker's file records, in order.
fn leases_in(file: &Path) -> Vec<(u16, i64)> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.strip_prefix("L "))
        .map(|l| {
            let (slot, epoch) = l.split_once(' ').unwrap();
            (slot.parse().unwrap(), epoch.parse().unwrap())
        })
        .collect()
}

fn wait_for(what: &str, limit: Duration, mut done: impl FnMut() -> bool, context: impl Fn() -> String) {
    let until = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < until, "timed out waiting for {what}:{}", context());
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn fleet_survives_kills_pauses_and_a_store_restart() {
    if std::env::var_os("IDCRAFT_FLEET_WORKER").is_some() {
        return;
    }
    let Some(url) = support::database_url("tests/fleet.rs") else { return };
    let restart = std::env::var("IDCRAFT_PG_RESTART").ok();
    assert!(
        restart.is_some() || std::env::var_os("IDCRAFT_REQUIRE_POSTGRES").is_none(),
        "IDCRAFT_REQUIRE_POSTGRES needs IDCRAFT_PG_RESTART to restart the server"
    );
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("idcraft-fleet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    postgres::Client::connect(&url, postgres::NoTls)
        .unwrap()
        .batch_execute(&format!(
            "{} DELETE FROM idcraft_lease WHERE namespace = '{}'",
            include_str!("../sql/postgres/idcraft_lease.sql"),
            namespace()
        ))
        .unwrap();

    let mut workers: Vec<(String, Child)> =
        (0..WORKERS).map(|i| (format!("w{i}"), spawn(&dir, &format!("w{i}")))).collect();
    let all_leased =
        |workers: &[(String, Child)]| workers.iter().all(|(name, _)| !leases_in(&dir.join(name)).is_empty());
    let context = || diagnostics(&url, &dir);
    wait_for("every worker's first lease", Duration::from_secs(20), || all_leased(&workers), context);
    std::thread::sleep(Duration::from_secs(1));

    // SIGKILL two workers and start replacements at once: they wait for the dead leases to expire.
    for i in [0, 1] {
        signal(&workers[i].1, "-KILL");
        workers[i].1.wait().unwrap();
        let name = format!("w{i}-restarted");
        workers.push((name.clone(), spawn(&dir, &name)));
    }

    // Every partition held again (the replacements took the dead workers' partitions once those
    // expired): the paused worker's partition will be the only one to become free.
    wait_for("the replacements' leases", Duration::from_secs(20), || all_leased(&workers), context);

    // SIGSTOP one worker for three TTLs, and take its partition while it sleeps.
    let paused = 2;
    let (paused_slot, paused_epoch) = *leases_in(&dir.join(&workers[paused].0)).last().unwrap();
    signal(&workers[paused].1, "-STOP");
    std::thread::sleep(TTL + Duration::from_millis(300));
    let mut taken = Vec::new();
    let thief = loop {
        let lease = acquire(&url, Instant::now() + Duration::from_secs(10))
            .unwrap_or_else(|| panic!("no lease while one worker sleeps:{}", context()));
        if lease.slot() == u32::from(paused_slot) {
            break lease;
        }
        taken.push(lease); // held so the next claim finds another slot
    };
    drop(taken);
    assert!(thief.epoch() > paused_epoch);
    // The thief issues on the paused worker's partition until the end.
    let thief_file = dir.join("thief");
    let thief_stop = dir.join("stop");
    let thief_thread = {
        let (file, stop) = (thief_file.clone(), thief_stop.clone());
        std::thread::spawn(move || {
            let sno = SnoGenerator::leased(&thief).unwrap();
            let mut out = BufWriter::new(std::fs::File::create(file).unwrap());
            while !stop.exists() {
                for _ in 0..8 {
                    if let Ok(id) = sno.generate(0) {
                        writeln!(out, "{}", hex(&id)).unwrap();
                    }
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            out.flush().unwrap();
        })
    };
    std::thread::sleep(TTL);
    let resumed_at = SystemTime::now();
    signal(&workers[paused].1, "-CONT");
    std::thread::sleep(Duration::from_secs(2));

    // Restart the server under the fleet.
    if let Some(command) = &restart {
        assert!(Command::new("sh").args(["-c", command]).status().unwrap().success(), "{command}");
    } else {
        let _ =
            writeln!(std::io::stderr(), "NOTE: tests/fleet.rs did not restart PostgreSQL (IDCRAFT_PG_RESTART unset)");
    }
    std::thread::sleep(Duration::from_secs(3));
    signal(&workers[3].1, "-KILL");
    workers[3].1.wait().unwrap();
    workers.push(("w3-restarted".into(), spawn(&dir, "w3-restarted")));
    std::thread::sleep(Duration::from_secs(4));

    std::fs::write(&thief_stop, b"").unwrap();
    thief_thread.join().unwrap();
    for (_, child) in &mut workers {
        let _ = child.wait();
    }

    // Merge: every ID of every process, once.
    let mut seen = HashSet::new();
    let mut total = 0usize;
    let mut paused_late = 0usize;
    let resumed_units = resumed_at.duration_since(SystemTime::UNIX_EPOCH).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n == "stop") || path.extension().is_some_and(|e| e == "stderr") {
            continue;
        }
        let is_paused = path.file_name().is_some_and(|n| *n == *workers[paused].0);
        let mut epoch_of_line = None;
        for line in std::io::BufReader::new(std::fs::File::open(&path).unwrap()).lines() {
            let line = line.unwrap();
            if let Some(l) = line.strip_prefix("L ") {
                epoch_of_line = Some(l.to_owned());
                continue;
            }
            if line.len() != 20 {
                continue; // the torn last line of a killed worker
            }
            let bytes: Vec<u8> = (0..10).map(|i| u8::from_str_radix(&line[2 * i..2 * i + 2], 16).unwrap()).collect();
            let id = Sno::from_bytes(&bytes).unwrap();
            total += 1;
            assert!(seen.insert(bytes), "duplicate {line} in {}", path.display());
            let old_lease = epoch_of_line.as_deref() == Some(&*format!("{paused_slot} {paused_epoch}"));
            if is_paused && old_lease && id.partition() == paused_slot {
                let t = id.timestamp();
                if t.unix_nanos() >= resumed_units.as_nanos() as i128 {
                    paused_late += 1;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(total > 50_000, "too few IDs to mean anything: {total}");
    assert_eq!(paused_late, 0, "the paused worker issued IDs on its expired lease after it woke");
    assert!(started.elapsed() < Duration::from_secs(120), "the fleet test must stay under 2 minutes");
    let _ = writeln!(
        std::io::stderr(),
        "fleet: {total} IDs from {} processes, 0 duplicates, {:.1} s",
        workers.len() + 1,
        started.elapsed().as_secs_f64()
    );
}

/// [`handover::tightest`], creating the table if it is missing.
fn tightest(namespace: &'static str) -> LeaseConfig {
    handover::tightest(namespace).create_table(true)
}

fn handover_namespace(scheme: &str) -> &'static str {
    Box::leak(format!("{}-{scheme}", namespace()).into_boxed_str())
}

/// Hands the scheme's one slot back and forth (see `support::handover`).
fn hand_over(scheme: &str, url: &str, file: &Path, stop: &Path) {
    handover::hand_over(scheme, file, stop, || Lease::acquire(url, tightest(handover_namespace(scheme))));
}

/// Run by each handover worker process: a no-op in a normal test run.
#[test]
fn handover_worker() {
    let Some((scheme, file)) = handover::worker_spec("IDCRAFT_HANDOVER_WORKER") else { return };
    let url = std::env::var("DATABASE_URL").unwrap();
    hand_over(&scheme, &url, &file, &file.with_file_name("stop"));
}

fn spawn_handover(dir: &Path, scheme: &str, name: &str) -> Child {
    handover::spawn_worker(dir, scheme, name, "IDCRAFT_HANDOVER_WORKER", ("IDCRAFT_FLEET_NAMESPACE", namespace()))
}

#[test]
fn handovers_at_the_tightest_configuration_never_repeat() {
    if std::env::var_os("IDCRAFT_FLEET_WORKER").is_some() || std::env::var_os("IDCRAFT_HANDOVER_WORKER").is_some() {
        return;
    }
    if support::database_url("tests/fleet.rs").is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("idcraft-handover-{}", std::process::id()));
    handover::run("handover", &dir, Duration::from_secs(12), Duration::from_secs(2), spawn_handover);
}

/// The single-process lease tests' configuration: 1.5 s TTL renewed every 300 ms.
fn one_process_config(namespace: &'static str, slots: u32) -> LeaseConfig {
    lease_support::one_process(LeaseConfig::new(namespace, slots)).create_table(true)
}

/// A network that swallows packets without closing anything (a dead NAT, a partition): the
/// lease stops issuing before its deadline, and once the network is back it renews on a fresh
/// connection and issues again within one TTL, with no restart.
#[test]
fn a_black_holed_store_stops_issuing_at_the_deadline_and_recovers_within_a_ttl() {
    let Some(url) = support::database_url("tests/fleet.rs") else { return };
    let proxy = proxy::Proxy::start(proxy::target_of(&url));
    let ttl = Duration::from_millis(1500);
    let lease = Lease::acquire(&proxy.url_for(&url), one_process_config("test-black-hole", 8)).unwrap();
    let sno = SnoGenerator::leased(&lease).unwrap();
    assert!(sno.generate(0).is_ok());
    proxy.black_hole();
    let cut = Instant::now();
    let expired = loop {
        match sno.generate(0) {
            Ok(_) => assert!(cut.elapsed() < Duration::from_secs(3), "still issuing long after the TTL"),
            Err(e) => break e,
        }
    };
    assert_eq!(
        LeaseRefusal::of(&expired),
        Some(&LeaseRefusal::Expired { namespace: "test-black-hole", slot: lease.slot(), lost: false })
    );
    assert!(cut.elapsed() < ttl, "stopped before the store's TTL could run out");
    std::thread::sleep(Duration::from_secs(1)); // renewals keep failing meanwhile
    proxy.restore();
    let restored = Instant::now();
    while !lease.is_valid() && restored.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let recovery = restored.elapsed();
    assert!(recovery < ttl, "issuing resumed {recovery:?} after the network came back, more than one TTL");
    assert!(sno.generate(0).is_ok());
    assert!(!lease.is_lost());
    let _ = std::io::Write::write_fmt(
        &mut std::io::stderr(),
        format_args!("lease: renewed {} ms after the black hole ended\n", recovery.as_millis()),
    );
}

/// A claim looks at the live leases, not at the slot space: 2^31 - 1 slots work like 4.
#[test]
fn claims_over_the_whole_slot_space() {
    let Some(url) = support::database_url("tests/fleet.rs") else { return };
    let leases: Vec<Lease> =
        (0..16).map(|_| Lease::acquire(&url, one_process_config("test-huge", i32::MAX as u32)).unwrap()).collect();
    let slots: std::collections::HashSet<u32> = leases.iter().map(Lease::slot).collect();
    assert_eq!(slots.len(), 16);
    assert!(slots.iter().all(|&s| s < i32::MAX as u32));
}
