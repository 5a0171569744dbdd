//! A throwaway PostgreSQL cluster from the installed binaries: initdb into a temporary
//! directory, a free loopback port, fsync off (nothing in it needs to survive a crash).

use crate::plan::{as_user, shell_quote};
use crate::sys::{self, TempDir};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// initdb refuses to run as root: as root, the cluster runs as this system user, which is made
/// when missing (as Debian's package would).
const ROOT_USER: &str = "postgres";

/// The directory of `initdb` and `pg_ctl`: `PG_BIN` when set, else the newest of
/// /usr/lib/postgresql/*/bin (Debian's and Ubuntu's layout, which is not on PATH), else PATH's.
pub fn find() -> Option<PathBuf> {
    let has_tools = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
    if let Some(dir) = std::env::var_os("PG_BIN").map(PathBuf::from) {
        return has_tools(&dir).then_some(dir);
    }
    let newest = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| Some((entry.file_name().to_str()?.parse::<f64>().ok()?, entry.path().join("bin"))))
        .filter(|(_, bin)| has_tools(bin))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, bin)| bin);
    newest.or_else(|| Some(sys::find_program("initdb", &[])?.parent()?.to_path_buf()).filter(|dir| has_tools(dir)))
}

/// A running cluster, stopped (and its directory removed) when dropped.
pub struct Cluster {
    bin: PathBuf,
    user: Option<&'static str>,
    started: bool,
    // Declared last: removed after `drop` has stopped the server that writes into it.
    dir: TempDir,
}

/// The variables the tests read: the server's URL, and what tests/fleet.rs needs to restart the
/// server under its lease holders (a self-contained shell command, run with `sh -c`).
pub fn env(bin: &Path, dir: &Path, port: u16, user: Option<&str>) -> Vec<(String, String)> {
    let restart = format!(
        "{} >/dev/null",
        as_user(
            user,
            &format!("{} -D {} -m fast -w -t 60 restart", quoted(&bin.join("pg_ctl")), quoted(&dir.join("data")))
        )
    );
    vec![
        ("DATABASE_URL".into(), format!("postgres://postgres@127.0.0.1:{port}/postgres")),
        ("PG_DIR".into(), dir.display().to_string()),
        ("PG_BIN".into(), bin.display().to_string()),
        ("IDCRAFT_PG_RESTART".into(), restart),
    ]
}

fn quoted(path: &Path) -> String {
    shell_quote(&path.display().to_string())
}

/// Starts a cluster with the binaries of `bin`. On failure, the error holds what its logs say.
pub fn start(bin: &Path) -> Result<(Cluster, Vec<(String, String)>), String> {
    let dir = TempDir::new("idcraft-pg").map_err(|e| format!("a temporary directory: {e}"))?;
    let user = sys::is_root().then_some(ROOT_USER);
    if let Some(user) = user {
        sys::ensure_user(user).and_then(|()| sys::chown(dir.path(), user)).map_err(|e| e.to_string())?;
    }
    let mut cluster = Cluster { bin: bin.to_owned(), user, started: false, dir };
    let (data, log) = (cluster.dir.path().join("data"), cluster.dir.path().join("xtask.log"));
    let initdb =
        format!("{} -D {} -U postgres --auth=trust -E UTF8 --locale=C", quoted(&bin.join("initdb")), quoted(&data));
    if !sys::shell(&as_user(user, &initdb), &log).map_err(|e| e.to_string())? {
        return Err(format!("initdb failed:\n{}", sys::tail(&log, 20)));
    }
    let server_log = cluster.dir.path().join("server.log");
    // A port taken between the check and the server's bind fails the start: another port then.
    for attempt in 1..=3 {
        let port = sys::free_ports(1).map_err(|e| e.to_string())?;
        let options = format!(
            "-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={} -c fsync=off",
            cluster.dir.path().display()
        );
        let pg_ctl = format!(
            "{} -D {} -l {} -w -t 60 -o {} start",
            quoted(&bin.join("pg_ctl")),
            quoted(&data),
            quoted(&server_log),
            shell_quote(&options)
        );
        cluster.started = sys::shell(&as_user(user, &pg_ctl), &log).map_err(|e| e.to_string())?;
        if cluster.started {
            let env = env(bin, cluster.dir.path(), port, user);
            eprintln!("xtask: PostgreSQL {} on {}", version(bin), env[0].1);
            return Ok((cluster, env));
        }
        if attempt == 3 || sys::interrupted().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Err(format!("PostgreSQL did not start:\n{}\n{}", sys::tail(&log, 10), sys::tail(&server_log, 20)))
}

/// `15.18`, from `postgres --version`.
fn version(bin: &Path) -> String {
    let out = std::process::Command::new(bin.join("postgres")).arg("--version").output();
    let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    text.split_whitespace().nth(2).unwrap_or("(unknown version)").to_owned()
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if self.started {
            let data = self.dir.path().join("data");
            let stop = format!("{} -D {} -m fast -w -t 60 stop", quoted(&self.bin.join("pg_ctl")), quoted(&data));
            let _ = sys::shell(&as_user(self.user, &stop), &self.dir.path().join("xtask.log"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_names_the_server_and_a_restart_command_that_runs_as_its_user() {
        let bin = Path::new("/usr/lib/postgresql/15/bin");
        let env = env(bin, Path::new("/tmp/idcraft-pg-1-0"), 54329, Some("postgres"));
        let names: Vec<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["DATABASE_URL", "PG_DIR", "PG_BIN", "IDCRAFT_PG_RESTART"]);
        assert_eq!(env[0].1, "postgres://postgres@127.0.0.1:54329/postgres");
        assert_eq!(env[1].1, "/tmp/idcraft-pg-1-0");
        assert_eq!(env[2].1, "/usr/lib/postgresql/15/bin");
        assert_eq!(
            env[3].1,
            r"su postgres -s /bin/sh -c ''\''/usr/lib/postgresql/15/bin/pg_ctl'\'' -D '\''/tmp/idcraft-pg-1-0/data'\'' -m fast -w -t 60 restart' >/dev/null"
        );
        let mine = super::env(bin, Path::new("/tmp/p"), 5, None);
        assert_eq!(
            mine[3].1,
            "'/usr/lib/postgresql/15/bin/pg_ctl' -D '/tmp/p/data' -m fast -w -t 60 restart >/dev/null"
        );
    }
}
