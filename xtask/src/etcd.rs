//! A throwaway three-member etcd cluster, started and stopped by `.ci/etcd` (the script that
//! tests/etcd.rs also drives its faults through), in a temporary directory on free ports.

use crate::plan::parse_exports;
use crate::sys::{self, TempDir};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The script, in the workspace at `root`.
fn script(root: &Path) -> PathBuf {
    root.join(".ci/etcd")
}

/// Whether `etcd` and `etcdctl` are on PATH: the script checks the cluster's health, and the
/// tests inflict their faults, with `etcdctl`.
pub fn installed() -> bool {
    sys::find_program("etcd", &[]).is_some() && sys::find_program("etcdctl", &[]).is_some()
}

/// A running cluster, stopped (its members killed, its directory removed) when dropped.
pub struct Cluster {
    script: PathBuf,
    port: u16,
    // Declared last: removed (if the script has not) after `drop` has stopped the members.
    dir: TempDir,
}

impl Cluster {
    /// `bash .ci/etcd ARGS` for this cluster (its directory and ports).
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new("bash");
        command.arg(&self.script).args(args).env("ETCD_DIR", self.dir.path()).env("ETCD_PORT", self.port.to_string());
        command.stdin(Stdio::null());
        command
    }
}

/// Starts a cluster. On failure, the error holds what the script said (the members' logs).
pub fn start(root: &Path) -> Result<(Cluster, Vec<(String, String)>), String> {
    let mut why = String::new();
    for attempt in 1..=2 {
        // Six ports: member i serves clients on ETCD_PORT + 2i and peers on ETCD_PORT + 2i + 1.
        let port = sys::free_ports(6).map_err(|e| e.to_string())?;
        let dir = TempDir::new("idcraft-etcd").map_err(|e| format!("a temporary directory: {e}"))?;
        // Held before the start: a start that fails half-way still stops the members it began.
        let cluster = Cluster { script: script(root), port, dir };
        let out = cluster.command(&["start"]).output().map_err(|e| format!("bash .ci/etcd start: {e}"))?;
        let env = parse_exports(&String::from_utf8_lossy(&out.stdout));
        let endpoints = env.iter().find(|(k, _)| k == "ETCD_ENDPOINTS").map(|(_, v)| v.clone());
        match endpoints {
            Some(endpoints) if out.status.success() => {
                eprintln!("xtask: etcd, three members on {endpoints}");
                return Ok((cluster, env));
            }
            _ => why = String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        }
        if sys::interrupted().is_some() {
            break;
        }
        if attempt == 1 {
            eprintln!("xtask: etcd did not start; trying other ports");
        }
    }
    Err(format!("etcd did not start:\n{why}"))
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let quiet = self.command(&["stop"]).stdout(Stdio::null()).stderr(Stdio::null()).status();
        if !matches!(quiet, Ok(s) if s.success()) {
            eprintln!("xtask: bash .ci/etcd stop failed for {}", self.dir.path().display());
        }
    }
}
