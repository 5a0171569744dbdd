//! `cargo xtask`: the project's own commands (the alias is in `.cargo/config.toml`).
//!
//! `cargo xtask test [ARGS]` is README's test command. It starts a throwaway PostgreSQL, MariaDB
//! and three-member etcd cluster from whatever of their binaries the machine has, once for the
//! whole run, runs `cargo test --workspace --all-features ARGS` with the variables the tests
//! read (without ARGS, then also `tests/diesel-mysql`, diesel's MySQL connection, when the C
//! client library it links is installed), stops every server it started (also on a failure or a
//! Ctrl-C), and ends with one line that names the tests it could not run and what to install. A server whose variable is already
//! set (`DATABASE_URL`, `ETCD_ENDPOINTS`, `MARIADB_URL`) is used instead of started; one whose
//! `IDCRAFT_REQUIRE_*` variable is set (as CI sets them) must be there, or nothing runs.
//!
//! `cargo xtask with-servers [postgres|mariadb|etcd]... -- COMMAND [ARGS]` runs any command
//! beside the servers it names (every one when it names none): an example or a benchmark that
//! needs a database.
//!
//! `cargo xtask surface [--json] [--max-items N] [--max-methods M]` measures the public API as
//! issue #37 counts it, from rustdoc's JSON output (see `surface/mod.rs` for the rule).

mod etcd;
mod mariadb;
mod plan;
mod postgres;
mod surface;
mod sys;

use plan::{Mode, Server, Step, Why};
use std::any::Any;
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt as _;
use std::path::Path;
use std::process::{Command, ExitCode, ExitStatus};

const USAGE: &str = "\
usage: cargo xtask test [CARGO TEST ARGS]
           `cargo test --workspace --all-features ARGS` with throwaway servers
       cargo xtask with-servers [postgres|mariadb|etcd]... -- COMMAND [ARGS]
           COMMAND beside the servers named (each required), or all that can start
       cargo xtask surface [--json] [--max-items N] [--max-methods M]
           the public API's items and methods (rustdoc JSON, nightly); exit 1 over a limit

Servers start from the installed binaries: PostgreSQL (initdb and pg_ctl under
/usr/lib/postgresql/*/bin, PG_BIN or PATH), MariaDB (mariadbd and mariadb-install-db) and etcd
(etcd and etcdctl). One whose variable is set (DATABASE_URL, MARIADB_URL, ETCD_ENDPOINTS) is
used as it is. IDCRAFT_REQUIRE_POSTGRES, IDCRAFT_REQUIRE_MARIADB and IDCRAFT_REQUIRE_ETCD make a
server that cannot start an error before anything runs.";

/// Owned arguments from literals: the command lines the unit tests expect.
#[cfg(test)]
fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((command, rest)) if command == "test" => test(rest),
        Some((command, rest)) if command == "with-servers" => with_servers(rest),
        Some((command, rest)) if command == "surface" => surface::run(rest),
        Some((command, _)) if ["help", "--help", "-h"].contains(&command.as_str()) => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        _ => Err(format!("no such command\n{USAGE}")),
    };
    result.unwrap_or_else(|e| {
        eprintln!("xtask: {e}");
        // Stopped by a signal: exit as the shell reports a command the signal killed.
        sys::interrupted().map_or(ExitCode::FAILURE, |sig| ExitCode::from(128 + sig as u8))
    })
}

/// The workspace's root, where the tests run and `.ci/etcd` is.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask/ is in the workspace")
}

/// `cargo xtask test`.
fn test(extra: &[String]) -> Result<ExitCode, String> {
    sys::catch_signals();
    let library = mariadb::client_library();
    let required = std::env::var_os(Server::MariaDb.require_var()).is_some();
    // A required MariaDB needs the client library too: said before any server starts.
    if let Some(Step::Fail(message)) = plan::diesel_mysql(extra, true, library, required) {
        return Err(message);
    }
    let mut servers = Servers::start(&Server::ALL, |_| false)?;
    // The cargo that runs the runner (`cargo xtask`), so the tests build with the same toolchain.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut status = servers.run(Command::new(&cargo).args(plan::cargo_test_args(extra)))?;
    match plan::diesel_mysql(extra, servers.has(Server::MariaDb), library, required) {
        Some(Step::Start) => {
            let target =
                std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| root().join("target").display().to_string());
            let diesel = servers.run(Command::new(&cargo).args(plan::diesel_mysql_args(&target)))?;
            if status.success() {
                status = diesel;
            }
        }
        Some(Step::Skip(why)) => servers.skipped.push((Server::MariaDb, why)),
        _ => {}
    }
    Ok(servers.finish(Mode::Test, status))
}

/// `cargo xtask with-servers`.
fn with_servers(args: &[String]) -> Result<ExitCode, String> {
    let split = args.iter().position(|a| a == "--").ok_or_else(|| format!("no `--` before the command\n{USAGE}"))?;
    let (names, command) = (&args[..split], &args[split + 1..]);
    let (program, command_args) = command.split_first().ok_or_else(|| format!("no command after `--`\n{USAGE}"))?;
    let named = names
        .iter()
        .map(|name| Server::from_arg(name).ok_or_else(|| format!("no server named {name}\n{USAGE}")))
        .collect::<Result<Vec<_>, _>>()?;
    let (servers, required): (&[Server], bool) = if named.is_empty() { (&Server::ALL, false) } else { (&named, true) };
    sys::catch_signals();
    let servers = Servers::start(servers, |_| required)?;
    let status = servers.run(Command::new(program).args(command_args))?;
    Ok(servers.finish(Mode::Command, status))
}

/// The servers of a run. Dropping it stops those it started: on every way out of the run, a
/// failure, an error or a signal included.
struct Servers {
    /// What the run started, held only to be dropped (each stops its server in `Drop`).
    running: Vec<Box<dyn Any>>,
    /// The variables that lead the tests to them.
    env: Vec<(String, String)>,
    /// What the run goes without, and why.
    skipped: Vec<(Server, Why)>,
}

impl Servers {
    /// Starts `servers` that are installed and not given. A server is required when its
    /// `IDCRAFT_REQUIRE_*` variable is set or `required` says so; a required one that cannot
    /// start is an error, after the others have been stopped.
    fn start(servers: &[Server], required: impl Fn(Server) -> bool) -> Result<Servers, String> {
        let required = |server: Server| required(server) || std::env::var_os(server.require_var()).is_some();
        let steps: Vec<(Server, Step)> = servers
            .iter()
            .map(|&server| {
                let given = std::env::var_os(server.url_var()).is_some();
                (server, plan::step(server, given, installed(server), required(server)))
            })
            .collect();
        // A required server that is not installed fails the run before any other starts.
        if let Some((_, Step::Fail(message))) = steps.iter().find(|(_, step)| matches!(step, Step::Fail(_))) {
            return Err(message.clone());
        }
        let mut run = Servers { running: Vec::new(), env: Vec::new(), skipped: Vec::new() };
        for (server, mut step) in steps {
            if let Some(sig) = sys::interrupted() {
                return Err(format!("stopped by signal {sig} before the run"));
            }
            if step == Step::Start {
                match start(server) {
                    Ok((guard, env)) => {
                        run.running.push(guard);
                        run.env.extend(env);
                        continue;
                    }
                    // Interrupted, a start fails; what its log says then is noise.
                    Err(_) if sys::interrupted().is_some() => continue,
                    Err(why) => {
                        eprintln!("xtask: {why}");
                        step = plan::without(server, Why::DidNotStart, required(server));
                    }
                }
            }
            match step {
                Step::UseGiven => eprintln!("xtask: {} at the {} given", server.name(), server.url_var()),
                Step::Skip(why) => run.skipped.push((server, why)),
                Step::Fail(message) => return Err(message),
                Step::Start => unreachable!("handled above"),
            }
        }
        Ok(run)
    }

    /// Whether the run has `server`, started or given.
    fn has(&self, server: Server) -> bool {
        let var = server.url_var();
        self.env.iter().any(|(k, _)| k == var) || std::env::var_os(var).is_some()
    }

    /// Runs `command` in the workspace's root with the servers' variables, to its end.
    fn run(&self, command: &mut Command) -> Result<ExitStatus, String> {
        if let Some(sig) = sys::interrupted() {
            return Err(format!("stopped by signal {sig} before the run"));
        }
        command.current_dir(root()).envs(self.env.iter().map(|(k, v)| (k, v)));
        let mut child = command.spawn().map_err(|e| format!("{:?}: {e}", command.get_program()))?;
        sys::wait_forwarding(&mut child).map_err(|e| e.to_string())
    }

    /// Stops the servers, prints the summary line and returns the command's exit status (128 +
    /// the signal when a signal ended it, as a shell reports it).
    fn finish(self, mode: Mode, status: ExitStatus) -> ExitCode {
        let skipped = self.skipped.clone();
        drop(self);
        if let Some(line) = plan::summary(mode, &skipped) {
            eprintln!("{line}");
        }
        let code = status.code().or_else(|| status.signal().map(|sig| 128 + sig)).unwrap_or(1);
        ExitCode::from(u8::try_from(code).unwrap_or(1))
    }
}

/// Whether the machine has `server`'s binaries.
fn installed(server: Server) -> bool {
    match server {
        Server::Postgres => postgres::find().is_some(),
        Server::MariaDb => mariadb::find().is_some(),
        Server::Etcd => etcd::installed(),
    }
}

/// Starts `server`: its guard and its variables.
type Started = (Box<dyn Any>, Vec<(String, String)>);

fn start(server: Server) -> Result<Started, String> {
    fn boxed<T: 'static>((guard, env): (T, Vec<(String, String)>)) -> Started {
        (Box::new(guard), env)
    }
    match server {
        Server::Postgres => postgres::start(&postgres::find().ok_or("no PostgreSQL")?).map(boxed),
        Server::MariaDb => mariadb::start(&mariadb::find().ok_or("no MariaDB")?).map(boxed),
        Server::Etcd => etcd::start(root()).map(boxed),
    }
}
