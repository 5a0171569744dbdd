//! What the runner needs from the operating system: signals, processes, users, ports and
//! temporary directories. Unix only, like the servers it starts.

use std::ffi::c_int;
use std::io;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

// The few libc calls the runner makes, declared here rather than through the `libc` crate: the
// runner has no dependencies, so it builds in a moment before every test run.
unsafe extern "C" {
    fn signal(signum: c_int, handler: extern "C" fn(c_int)) -> usize;
    fn kill(pid: c_int, sig: c_int) -> c_int;
    fn geteuid() -> u32;
}

pub const SIGHUP: c_int = 1;
pub const SIGINT: c_int = 2;
pub const SIGTERM: c_int = 15;

/// The last of SIGINT, SIGTERM and SIGHUP received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

// Only an atomic store: the one kind of work that is safe in a signal handler.
extern "C" fn on_signal(sig: c_int) {
    RECEIVED.store(sig, Ordering::SeqCst);
}

/// Makes Ctrl-C, `kill` and a closed terminal only record the signal, so that the runner lives
/// on to stop its servers (the guards' `Drop`) before it exits. The tests, in the terminal's
/// process group, still receive a Ctrl-C themselves; [`wait_forwarding`] passes on a signal
/// sent to the runner alone.
pub fn catch_signals() {
    for sig in [SIGHUP, SIGINT, SIGTERM] {
        // SAFETY: `on_signal` is async-signal-safe (one atomic store).
        unsafe { signal(sig, on_signal) };
    }
}

/// The signal that asked the runner to stop, if one did.
pub fn interrupted() -> Option<c_int> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// Sends `sig` to process `pid`.
pub fn send(pid: u32, sig: c_int) {
    if let Ok(pid) = c_int::try_from(pid) {
        // SAFETY: kill has no memory effects; a stale pid is at worst an ESRCH error.
        unsafe { kill(pid, sig) };
    }
}

/// Whether the runner runs as root (which initdb refuses to be).
pub fn is_root() -> bool {
    // SAFETY: geteuid cannot fail and touches no memory.
    unsafe { geteuid() == 0 }
}

/// Waits for `child`, passing on to it a signal the runner receives (once): a Ctrl-C reaches
/// the tests anyway, but a `kill` of the runner alone must stop them too before the servers go.
pub fn wait_forwarding(child: &mut Child) -> io::Result<ExitStatus> {
    let mut forwarded = false;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if let (Some(sig), false) = (interrupted(), forwarded) {
            send(child.id(), sig);
            forwarded = true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Stops `child` with SIGTERM, and SIGKILL when it has not exited after `grace`.
pub fn terminate(child: &mut Child, grace: Duration) {
    send(child.id(), SIGTERM);
    let deadline = Instant::now() + grace;
    while Instant::now() < deadline {
        if !matches!(child.try_wait(), Ok(None)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A directory of the system's temporary directory, removed with what is in it when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new, empty directory named `PREFIX-PID-N`.
    pub fn new(prefix: &str) -> io::Result<TempDir> {
        let base = std::env::temp_dir();
        for n in 0.. {
            let path = base.join(format!("{prefix}-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir(path)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        unreachable!()
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The executable `name` on PATH, or else in one of `also` (Debian keeps `mariadbd` in
/// /usr/sbin, which is not on a normal user's PATH).
pub fn find_program(name: &str, also: &[&str]) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt as _;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain(also.iter().map(PathBuf::from));
    dirs.map(|dir| dir.join(name))
        .find(|file| std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0))
}

/// The first of `count` consecutive loopback ports that are free now (see
/// [`crate::plan::port_candidate`] for where they are looked for).
pub fn free_ports(count: u16) -> io::Result<u16> {
    // The start of the kernel's ephemeral range, where outgoing connections take their ports.
    let ephemeral_low = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(32_768);
    // Seeded by the clock and pid: two runs at once (two clones) look in different places.
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mut seed = nanos ^ u64::from(std::process::id()).rotate_left(32);
    for _ in 0..1000 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let base = crate::plan::port_candidate(seed >> 16, ephemeral_low, count);
        if (0..count).all(|i| TcpListener::bind(("127.0.0.1", base + i)).is_ok()) {
            return Ok(base);
        }
    }
    Err(io::Error::other(format!("no {count} free consecutive loopback ports")))
}

/// Runs `command` with `sh -c`, its output in `log` (appended), and says whether it succeeded.
pub fn shell(command: &str, log: &Path) -> io::Result<bool> {
    let out = std::fs::OpenOptions::new().create(true).append(true).open(log)?;
    let status =
        Command::new("sh").args(["-c", command]).stdin(Stdio::null()).stdout(out.try_clone()?).stderr(out).status()?;
    Ok(status.success())
}

/// Makes system user `user` when it does not exist (as .ci/postgres did for `postgres`): a
/// server that refuses root runs as that user.
pub fn ensure_user(user: &str) -> io::Result<()> {
    let quiet = |cmd: &mut Command| cmd.stdout(Stdio::null()).stderr(Stdio::null()).status();
    if quiet(Command::new("id").arg(user))?.success() {
        return Ok(());
    }
    let made = quiet(Command::new("useradd").args(["--system", "--home", "/nonexistent", user]))?;
    if made.success() { Ok(()) } else { Err(io::Error::other(format!("could not create the system user {user}"))) }
}

/// Gives `path` to `user`.
pub fn chown(path: &Path, user: &str) -> io::Result<()> {
    let status = Command::new("chown").arg(user).arg(path).status()?;
    if status.success() { Ok(()) } else { Err(io::Error::other(format!("chown {user} {}", path.display()))) }
}

/// The last `lines` lines of `file`, to show why a server did not start.
pub fn tail(file: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Polls `ready` every 100 ms until it returns `Some`, `timeout` passes, or a signal arrives.
pub fn wait_until<T>(timeout: Duration, mut ready: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline && interrupted().is_none() {
        if let Some(value) = ready() {
            return Some(value);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    None
}
