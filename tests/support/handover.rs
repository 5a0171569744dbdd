//! The handover fault test shared by every lease store (`tests/fleet.rs` on PostgreSQL,
//! `tests/etcd.rs` on etcd): worker processes (the test binary, re-run) hand one slot per
//! scheme back and forth, the controller SIGKILLs and SIGSTOPs them, and the merged output of
//! every process must hold no repeated ID. Included with `#[path]` by those two tests.
#![allow(dead_code)] // each test crate uses some of it

use idcraft::lease::{Lease, LeaseConfig, LeaseError, LeaseRefusal, LeasedGenerator};
use idcraft::schemes::HotGuidGenerator;
use idcraft::schemes::sno::SnoGenerator;
use idcraft::schemes::uid::GlobalUidGenerator;
use idcraft::{Generate, GenerateError, Scheme};
use std::collections::HashSet;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The leased schemes, each with a slot of its own.
pub const SCHEMES: [&str; 3] = ["sno", "uid96", "hot"];

fn hex(id: &impl Scheme) -> String {
    id.to_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

fn byte_len(scheme: &str) -> usize {
    match scheme {
        "sno" => 10,
        "uid96" => 12,
        _ => 16,
    }
}

/// A worker process's scheme and output file, from the variable `var` that [`spawn_worker`]
/// set; `None` in a normal test run.
pub fn worker_spec(var: &str) -> Option<(String, PathBuf)> {
    let spec = std::env::var(var).ok()?;
    let (scheme, file) = spec.split_once(':').unwrap();
    Some((scheme.to_owned(), PathBuf::from(file)))
}

/// Starts this test binary again as the worker `name` of `scheme` in `dir`: the test
/// `handover_worker`, which reads its scheme and file from `var`; `env` is one more variable
/// it needs. Its stderr goes to `name.stderr`.
pub fn spawn_worker(dir: &Path, scheme: &str, name: &str, var: &str, env: (&str, &str)) -> Child {
    let stderr = std::fs::File::create(dir.join(format!("{name}.stderr"))).unwrap();
    Command::new(std::env::current_exe().unwrap())
        .args(["handover_worker", "--exact", "--test-threads", "1", "--quiet"])
        .env(var, format!("{scheme}:{}", dir.join(name).display()))
        .env(env.0, env.1)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// The tightest configuration `LeaseConfig` accepts for a 1 s TTL (2 s in etcd): no safety
/// margin, no drift allowance.
pub fn tightest(namespace: &'static str) -> LeaseConfig {
    LeaseConfig::new(namespace, 1)
        .ttl(Duration::from_millis(1000))
        .renew_every(Duration::from_millis(300))
        .store_timeout(Duration::from_millis(150))
        .safety_margin(Duration::ZERO)
        .max_clock_drift(0.0)
}

pub fn signal(child: &Child, signal: &str) {
    assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
}

/// The worker: takes `scheme`'s slot with `acquire`, issues on it for a random 50 to 400 ms
/// into `file` (hex per line; `L slot epoch` per lease), gives it back, and again, until `stop`
/// exists or the controller is gone.
pub fn hand_over(scheme: &str, file: &Path, stop: &Path, acquire: impl Fn() -> Result<Lease, LeaseError>) {
    let mut out = BufWriter::new(std::fs::File::create(file).unwrap());
    // The controller's death (a failed run) ends the worker too.
    let controller = std::os::unix::process::parent_id();
    let stop = || stop.exists() || std::os::unix::process::parent_id() != controller;
    let mut rounds = 0u64;
    while !stop() {
        let Ok(lease) = acquire() else {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        writeln!(out, "L {} {}", lease.slot(), lease.epoch()).unwrap();
        rounds += 1;
        let hold = Duration::from_millis(50 + (u64::from(std::process::id()) * 7919 + rounds * 104_729) % 350);
        let until = Instant::now() + hold;
        let mut issue = |next: &mut dyn FnMut() -> Result<String, GenerateError>| {
            let mut n = 0u32;
            while Instant::now() < until && !stop() {
                match next() {
                    Ok(line) => writeln!(out, "{line}").unwrap(),
                    // Expired, or outside the lease's window: a renewal or the clock fixes it.
                    Err(e) if LeaseRefusal::of(&e).is_some() => std::thread::sleep(Duration::from_millis(5)),
                    Err(e) => panic!("{e}"),
                }
                n += 1;
                if n.is_multiple_of(16) {
                    out.flush().unwrap();
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
        };
        match scheme {
            "sno" => {
                let g = SnoGenerator::leased(&lease).unwrap();
                issue(&mut || g.generate(0).map(|id| hex(&id)));
            }
            "uid96" => {
                let g = GlobalUidGenerator::leased(&lease).unwrap();
                issue(&mut || g.generate(None).map(|id| hex(&id)));
            }
            "hot" => {
                let g = HotGuidGenerator::leased(&lease).unwrap();
                issue(&mut || g.generate(0).map(|id| hex(&id)));
            }
            other => panic!("no leased scheme {other}"),
        }
        out.flush().unwrap();
        drop(lease);
    }
}

/// The controller: three workers per scheme started with `spawn(dir, scheme, name)`; for
/// `length`, a SIGKILL of some worker every 700 ms (a replacement starts at once) and, every
/// sixth round, a SIGSTOP for `pause`; then every worker stops and the files are merged: no ID
/// repeats, and each scheme's slot changed hands at least ten times. `label` starts the summary
/// lines on stderr.
pub fn run(label: &str, dir: &Path, length: Duration, pause: Duration, spawn: impl Fn(&Path, &str, &str) -> Child) {
    std::fs::create_dir_all(dir).unwrap();
    let started = Instant::now();
    let mut workers: Vec<(String, &str, Child)> = Vec::new();
    for scheme in SCHEMES {
        for i in 0..3 {
            let name = format!("{scheme}-{i}");
            workers.push((name.clone(), scheme, spawn(dir, scheme, &name)));
        }
    }
    let mut round = 0usize;
    while started.elapsed() < length {
        std::thread::sleep(Duration::from_millis(700));
        round += 1;
        let victim = (round * 5) % workers.len();
        let (name, scheme, child) = &mut workers[victim];
        if round % 6 == 3 {
            signal(child, "-STOP");
            std::thread::sleep(pause);
            signal(child, "-CONT");
            continue;
        }
        signal(child, "-KILL");
        child.wait().unwrap();
        let (name, scheme) = (format!("{name}-r{round}"), *scheme);
        workers[victim] = (name.clone(), scheme, spawn(dir, scheme, &name));
    }
    std::fs::write(dir.join("stop"), b"").unwrap();
    for (_, _, child) in &mut workers {
        let _ = child.wait();
    }
    for scheme in SCHEMES {
        let (mut seen, mut epochs) = (HashSet::new(), HashSet::new());
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.starts_with(&format!("{scheme}-")) || name.ends_with(".stderr") {
                continue;
            }
            let mut torn = 0;
            for line in std::io::BufReader::new(std::fs::File::open(&path).unwrap()).lines() {
                let line = line.unwrap();
                if let Some(l) = line.strip_prefix("L ") {
                    epochs.insert(l.to_owned());
                } else if line.len() == 2 * byte_len(scheme) {
                    assert!(seen.insert(line.clone()), "{scheme}: {line} repeated (in {name})");
                } else {
                    torn += 1; // the last line of a killed worker
                    assert!(torn <= 1, "{scheme}: malformed line {line:?} in {name}");
                }
            }
        }
        assert!(epochs.len() >= 10, "{scheme}: only {} handovers", epochs.len());
        assert!(seen.len() > 2_000, "{scheme}: only {} IDs", seen.len());
        let _ = writeln!(
            std::io::stderr(),
            "{label}: {scheme}: {} IDs over {} leases of one slot, 0 repeats",
            seen.len(),
            epochs.len()
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
