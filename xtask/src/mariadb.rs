//! A throwaway MariaDB server from the installed binaries: `mariadb-install-db` into a temporary
//! directory, `mariadbd` on a free loopback port, user `root` without a password.

use crate::sys::{self, TempDir};
use std::io::Read as _;
use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Where Debian puts the server, off a normal user's PATH.
const SBIN: &[&str] = &["/usr/sbin", "/usr/local/sbin"];

/// mariadbd runs as root only when told to: as root, it switches to this system user (the one
/// the Debian package makes; made here when missing).
const ROOT_USER: &str = "mysql";

/// The server and the program that makes its data directory.
pub struct Programs {
    server: PathBuf,
    install_db: PathBuf,
}

/// `mariadbd` (or `mysqld`, its older name) and `mariadb-install-db` (or `mysql_install_db`).
pub fn find() -> Option<Programs> {
    let first = |names: &[&str]| names.iter().find_map(|name| sys::find_program(name, SBIN));
    Some(Programs {
        server: first(&["mariadbd", "mysqld"])?,
        install_db: first(&["mariadb-install-db", "mysql_install_db"])?,
    })
}

/// Whether the C client library diesel's MySQL connection links is installed, found as
/// `mysqlclient-sys` finds it: pkg-config's `mysqlclient` or `libmariadb`, or `mysql_config`.
pub fn client_library() -> bool {
    let pkg_config = |name: &str| {
        Command::new("pkg-config").args(["--exists", name]).stdin(Stdio::null()).status().is_ok_and(|s| s.success())
    };
    pkg_config("mysqlclient") || pkg_config("libmariadb") || sys::find_program("mysql_config", &[]).is_some()
}

/// The URL of the server on `port`: `test` is the database mariadb-install-db makes.
pub fn url(port: u16) -> String {
    format!("mysql://root@127.0.0.1:{port}/test")
}

/// A running server, stopped (and its directory removed) when dropped.
pub struct Server {
    child: Option<Child>,
    // Declared last: removed after `drop` has stopped the server that writes into it.
    dir: TempDir,
}

/// Starts a server. On failure, the error holds what its log says.
pub fn start(programs: &Programs) -> Result<(Server, Vec<(String, String)>), String> {
    let dir = TempDir::new("idcraft-mariadb").map_err(|e| format!("a temporary directory: {e}"))?;
    let user = sys::is_root().then_some(ROOT_USER);
    if let Some(user) = user {
        sys::ensure_user(user).and_then(|()| sys::chown(dir.path(), user)).map_err(|e| e.to_string())?;
    }
    let mut server = Server { child: None, dir };
    let path = |name: &str| server.dir.path().join(name);
    let data = path("data");
    let log = path("xtask.log");
    let (socket, pid_file, error_log) = (path("mysqld.sock"), path("mysqld.pid"), path("error.log"));
    // --no-defaults: none of the machine's /etc/mysql settings (its data directory, socket, port).
    // A root without a password, reachable over TCP from 127.0.0.1 (no name lookups).
    let mut install = Command::new(&programs.install_db);
    install.arg("--no-defaults").args(user.map(|u| format!("--user={u}")));
    install.arg(arg("--datadir=", &data)).args(["--auth-root-authentication-method=normal", "--skip-name-resolve"]);
    if !run_logged(&mut install, &log)? {
        return Err(format!("mariadb-install-db failed:\n{}", sys::tail(&log, 20)));
    }
    for attempt in 1..=3 {
        let port = sys::free_ports(1).map_err(|e| e.to_string())?;
        let mut command = Command::new(&programs.server);
        command.arg("--no-defaults").args(user.map(|u| format!("--user={u}")));
        command.args([arg("--datadir=", &data), arg("--socket=", &socket), arg("--pid-file=", &pid_file)]);
        command.args([format!("--port={port}"), "--bind-address=127.0.0.1".into(), "--skip-name-resolve".into()]);
        // A small buffer pool: the tests' tables are tiny, and the machine is shared.
        command.args([arg("--log-error=", &error_log), "--innodb-buffer-pool-size=32M".into()]);
        // Its own process group: a Ctrl-C in the terminal reaches the tests, not the server,
        // which the runner stops itself once the tests are gone.
        command.process_group(0).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        let child = server.child.insert(command.spawn().map_err(|e| format!("{}: {e}", programs.server.display()))?);
        let address = SocketAddr::from(([127, 0, 0, 1], port));
        // Ready once it greets a client; gone if it exited (a port taken meanwhile, for one).
        let ready = sys::wait_until(Duration::from_secs(60), || match child.try_wait() {
            Ok(None) => greeting(address).map(Some),
            _ => Some(None),
        });
        if let Some(Some(version)) = ready {
            let env = vec![("MARIADB_URL".to_owned(), url(port))];
            eprintln!("xtask: MariaDB {version} on {}", env[0].1);
            return Ok((server, env));
        }
        sys::terminate(child, Duration::from_secs(10));
        server.child = None;
        if attempt == 3 || sys::interrupted().is_some() {
            break;
        }
    }
    Err(format!("MariaDB did not start:\n{}", sys::tail(&error_log, 20)))
}

/// `NAME=path` as one argument.
fn arg(name: &str, path: &Path) -> String {
    format!("{name}{}", path.display())
}

/// Runs `command` with its output in `log`; whether it succeeded.
fn run_logged(command: &mut Command, log: &Path) -> Result<bool, String> {
    let file = std::fs::File::create(log).map_err(|e| e.to_string())?;
    let clone = file.try_clone().map_err(|e| e.to_string())?;
    let status = command.stdin(Stdio::null()).stdout(clone).stderr(file).status();
    status.map(|s| s.success()).map_err(|e| e.to_string())
}

/// The server's version, from the greeting it sends every new client (protocol 10: a 4-byte
/// packet header, the protocol number, then the version, NUL-terminated); `None` until it does.
fn greeting(address: SocketAddr) -> Option<String> {
    let mut stream = TcpStream::connect_timeout(&address, Duration::from_millis(500)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    let mut packet = [0u8; 64];
    let mut read = 0;
    while read < packet.len() {
        match stream.read(&mut packet[read..]) {
            Ok(0) | Err(_) => break,
            Ok(n) => read += n,
        }
        if packet[5..read.max(5)].contains(&0) {
            break;
        }
    }
    parse_greeting(&packet[..read])
}

fn parse_greeting(packet: &[u8]) -> Option<String> {
    let body = packet.get(4..)?;
    let (&protocol, rest) = body.split_first()?;
    let end = rest.iter().position(|&b| b == 0)?;
    // MariaDB puts "5.5.5-" before its version, for clients of MySQL 5.5's days.
    let version = String::from_utf8_lossy(&rest[..end]);
    (protocol == 10).then(|| version.trim_start_matches("5.5.5-").to_owned())
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM is mariadbd's clean shutdown.
        if let Some(child) = &mut self.child {
            sys::terminate(child, Duration::from_secs(30));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_names_root_and_the_test_database() {
        assert_eq!(url(33061), "mysql://root@127.0.0.1:33061/test");
    }

    #[test]
    fn the_greeting_gives_the_version_and_an_error_packet_does_not() {
        let mut ok = vec![0x5b, 0, 0, 0, 10];
        ok.extend_from_slice(b"5.5.5-10.11.19-MariaDB-0+deb12u1\0rest");
        assert_eq!(parse_greeting(&ok).as_deref(), Some("10.11.19-MariaDB-0+deb12u1"));
        // "Host is not allowed to connect": an error packet (0xff), not a greeting.
        assert_eq!(parse_greeting(&[0x20, 0, 0, 0, 0xff, 0x6a, 0x04, b'H', 0]), None);
        assert_eq!(parse_greeting(&[0x20, 0, 0, 0, 10, b'1']), None);
        assert_eq!(parse_greeting(&[]), None);
    }
}
