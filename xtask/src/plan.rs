//! What a run does, as pure functions of what it was given: which servers it starts, uses or
//! goes without, the arguments of `cargo test`, and the one line that says what was skipped.
//! Kept apart from the code that starts processes so that all of it is unit-tested.

/// A server some tests need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Server {
    Postgres,
    Etcd,
    MariaDb,
}

impl Server {
    /// In the order they start and are reported in.
    pub const ALL: [Server; 3] = [Server::Postgres, Server::Etcd, Server::MariaDb];

    /// The name people know it by.
    pub fn name(self) -> &'static str {
        match self {
            Server::Postgres => "PostgreSQL",
            Server::Etcd => "etcd",
            Server::MariaDb => "MariaDB",
        }
    }

    /// The name `cargo xtask with-servers` takes.
    pub fn arg(self) -> &'static str {
        match self {
            Server::Postgres => "postgres",
            Server::Etcd => "etcd",
            Server::MariaDb => "mariadb",
        }
    }

    /// The variable the tests find the server by. When it is already set, the run uses that
    /// server and starts none.
    pub fn url_var(self) -> &'static str {
        match self {
            Server::Postgres => "DATABASE_URL",
            Server::Etcd => "ETCD_ENDPOINTS",
            Server::MariaDb => "MARIADB_URL",
        }
    }

    /// The variable that makes a missing server a failure (CI sets all three).
    pub fn require_var(self) -> &'static str {
        match self {
            Server::Postgres => "IDCRAFT_REQUIRE_POSTGRES",
            Server::Etcd => "IDCRAFT_REQUIRE_ETCD",
            Server::MariaDb => "IDCRAFT_REQUIRE_MARIADB",
        }
    }

    /// The Debian packages that bring its binaries (the ones CI installs). etcd needs its client
    /// too: the cluster script waits for health and inflicts the tests' faults with `etcdctl`.
    pub fn packages(self) -> &'static str {
        match self {
            Server::Postgres => "postgresql",
            Server::Etcd => "etcd-server and etcd-client",
            Server::MariaDb => "mariadb-server",
        }
    }

    /// The server a `with-servers` argument names.
    pub fn from_arg(arg: &str) -> Option<Server> {
        Server::ALL.into_iter().find(|s| s.arg() == arg)
    }
}

/// Why a run goes without a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Its binaries are not on this machine.
    NotInstalled,
    /// It was there but did not start (its log was printed).
    DidNotStart,
    /// MariaDB ran, but the C client library diesel's MySQL connection links is not installed:
    /// the run goes without `tests/diesel-mysql`.
    NoClientLibrary,
}

/// What to do about one server before the tests run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Its variable is set: use that server.
    UseGiven,
    /// Start a throwaway one.
    Start,
    /// Go without it; the summary line says so.
    Skip(Why),
    /// Stop the run before any test: the server is required.
    Fail(String),
}

/// What to do about `server`, from whether its variable is set, whether its binaries are
/// installed and whether it is required. After a failed start, call [`without`] instead.
pub fn step(server: Server, given: bool, installed: bool, required: bool) -> Step {
    match (given, installed) {
        (true, _) => Step::UseGiven,
        (false, true) => Step::Start,
        (false, false) => without(server, Why::NotInstalled, required),
    }
}

/// Going without `server` for `why`: a skip, or the run's failure when it is required.
pub fn without(server: Server, why: Why, required: bool) -> Step {
    if !required {
        return Step::Skip(why);
    }
    let var = server.require_var();
    Step::Fail(match why {
        Why::NotInstalled => {
            format!("{var} is set but {} is not installed (install {})", server.name(), server.packages())
        }
        Why::DidNotStart => format!("{var} is set but {} did not start (its log is above)", server.name()),
        Why::NoClientLibrary => {
            format!("{var} is set but the MySQL client library is not installed (install {CLIENT_PACKAGE})")
        }
    })
}

/// The Debian package of the C client library diesel's MySQL connection links (CI installs it).
pub const CLIENT_PACKAGE: &str = "libmariadb-dev";

/// The package that tests diesel's own MySQL connection, outside the workspace (it links the C
/// client library, which `cargo test --workspace --all-features` must not need).
pub const DIESEL_MYSQL: &str = "tests/diesel-mysql/Cargo.toml";

/// Whether a test run also runs [`DIESEL_MYSQL`] (`Step::Start`): only a plain `cargo xtask
/// test` (EXTRA choosing tests runs just those) with MariaDB there, else `None`. Without the
/// client library the run goes without it, or fails before anything runs when MariaDB is
/// required (CI installs the library).
pub fn diesel_mysql(extra: &[String], mariadb: bool, library: bool, required: bool) -> Option<Step> {
    match (extra.is_empty() && mariadb, library) {
        (false, _) => None,
        (true, true) => Some(Step::Start),
        (true, false) => Some(without(Server::MariaDb, Why::NoClientLibrary, required)),
    }
}

/// The arguments of `cargo test` for [`DIESEL_MYSQL`], built into the workspace's target folder
/// so that what both build is built once.
pub fn diesel_mysql_args(target_dir: &str) -> Vec<String> {
    ["test", "--manifest-path", DIESEL_MYSQL, "--target-dir", target_dir].map(str::to_owned).to_vec()
}

/// What the summary line is about: the tests' run, or a command run beside the servers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Test,
    Command,
}

/// The one line printed at the end of a run that went without some servers, or `None` when
/// every server was there: `xtask: skipped etcd tests (install etcd-server and etcd-client) and
/// MariaDB tests (install mariadb-server)`.
pub fn summary(mode: Mode, skipped: &[(Server, Why)]) -> Option<String> {
    let parts: Vec<String> = skipped
        .iter()
        .map(|&(server, why)| {
            let what = match mode {
                Mode::Test => format!("{} tests", server.name()),
                Mode::Command => server.name().to_owned(),
            };
            match why {
                Why::NotInstalled => format!("{what} (install {})", server.packages()),
                Why::DidNotStart => format!("{what} (it did not start: its log is above)"),
                Why::NoClientLibrary => format!("diesel's MySQL connection tests (install {CLIENT_PACKAGE})"),
            }
        })
        .collect();
    let (last, rest) = parts.split_last()?;
    let list = if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
    let verb = match mode {
        Mode::Test => "skipped",
        Mode::Command => "ran without",
    };
    Some(format!("xtask: {verb} {list}"))
}

/// The arguments of `cargo test` for `cargo xtask test EXTRA`: README's `--workspace
/// --all-features`, then EXTRA. EXTRA that selects packages (`-p`, `--manifest-path`) drops
/// `--workspace`, which would otherwise silently override it; EXTRA that selects features drops
/// `--all-features`. What follows `--` goes to the test binaries and is not looked at.
pub fn cargo_test_args(extra: &[String]) -> Vec<String> {
    let own = extra.iter().take_while(|a| *a != "--");
    let selects = |flags: &[&str], short: &str| {
        own.clone().any(|a| flags.iter().any(|f| a == f || a.starts_with(&format!("{f}="))) || a.starts_with(short))
    };
    let packages = selects(&["--package", "--workspace", "--all", "--manifest-path"], "-p");
    let features = selects(&["--features", "--all-features", "--no-default-features"], "-F");
    let mut args = vec!["test".to_owned()];
    if !packages {
        args.push("--workspace".to_owned());
    }
    if !features {
        args.push("--all-features".to_owned());
    }
    args.extend(extra.iter().cloned());
    args
}

/// `s` quoted for `sh`: single quotes, with each `'` written as `'\''`.
pub fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// The shell command that runs `command` as `user` (through `su`, which root may use without a
/// password), or as is when `user` is `None`.
pub fn as_user(user: Option<&str>, command: &str) -> String {
    match user {
        Some(user) => format!("su {user} -s /bin/sh -c {}", shell_quote(command)),
        None => command.to_owned(),
    }
}

/// The `KEY=value` pairs of an `export KEY=value ...` line (what `.ci/etcd start` prints).
pub fn parse_exports(line: &str) -> Vec<(String, String)> {
    line.split_whitespace()
        .filter(|word| *word != "export")
        .filter_map(|word| word.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

/// The first port of a block of `count` to try, from `seed`: below `ephemeral_low` (the first
/// port the kernel hands to outgoing connections, which could take a server's port meanwhile)
/// and above 10000 (below which well-known services live).
pub fn port_candidate(seed: u64, ephemeral_low: u16, count: u16) -> u16 {
    let low = 10_000u16;
    let high = ephemeral_low.saturating_sub(count).max(low + 1);
    low + (seed % u64::from(high - low)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings;

    #[test]
    fn summary_names_what_was_skipped_and_what_to_install() {
        assert_eq!(summary(Mode::Test, &[]), None);
        assert_eq!(
            summary(Mode::Test, &[(Server::Etcd, Why::NotInstalled), (Server::MariaDb, Why::NotInstalled)]).unwrap(),
            "xtask: skipped etcd tests (install etcd-server and etcd-client) and MariaDB tests (install mariadb-server)"
        );
        assert_eq!(
            summary(
                Mode::Test,
                &[
                    (Server::Postgres, Why::DidNotStart),
                    (Server::MariaDb, Why::NotInstalled),
                    (Server::Etcd, Why::NotInstalled)
                ]
            )
            .unwrap(),
            "xtask: skipped PostgreSQL tests (it did not start: its log is above), MariaDB tests (install \
             mariadb-server) and etcd tests (install etcd-server and etcd-client)"
        );
        assert_eq!(
            summary(Mode::Command, &[(Server::MariaDb, Why::NotInstalled)]).unwrap(),
            "xtask: ran without MariaDB (install mariadb-server)"
        );
    }

    #[test]
    fn a_given_server_is_used_an_installed_one_started_a_missing_one_skipped_unless_required() {
        assert_eq!(step(Server::Postgres, true, false, true), Step::UseGiven);
        assert_eq!(step(Server::Postgres, false, true, true), Step::Start);
        assert_eq!(step(Server::Etcd, false, false, false), Step::Skip(Why::NotInstalled));
        assert_eq!(
            step(Server::Etcd, false, false, true),
            Step::Fail(
                "IDCRAFT_REQUIRE_ETCD is set but etcd is not installed (install etcd-server and etcd-client)".into()
            )
        );
        assert_eq!(without(Server::MariaDb, Why::DidNotStart, false), Step::Skip(Why::DidNotStart));
        assert_eq!(
            without(Server::MariaDb, Why::DidNotStart, true),
            Step::Fail("IDCRAFT_REQUIRE_MARIADB is set but MariaDB did not start (its log is above)".into())
        );
    }

    #[test]
    fn diesel_mysql_runs_on_a_plain_run_with_the_client_library() {
        let none: &[String] = &[];
        assert_eq!(diesel_mysql(none, true, true, false), Some(Step::Start));
        assert_eq!(diesel_mysql(none, true, false, false), Some(Step::Skip(Why::NoClientLibrary)));
        assert_eq!(
            diesel_mysql(none, true, false, true),
            Some(Step::Fail(
                "IDCRAFT_REQUIRE_MARIADB is set but the MySQL client library is not installed (install libmariadb-dev)"
                    .into()
            ))
        );
        // Not a plain run, or no MariaDB (the summary already says so): not run, not reported.
        assert_eq!(diesel_mysql(&strings(&["--test", "db"]), true, true, true), None);
        assert_eq!(diesel_mysql(none, false, false, true), None);
        assert_eq!(
            summary(Mode::Test, &[(Server::MariaDb, Why::NoClientLibrary)]).unwrap(),
            "xtask: skipped diesel's MySQL connection tests (install libmariadb-dev)"
        );
        assert_eq!(
            diesel_mysql_args("/t"),
            strings(&["test", "--manifest-path", "tests/diesel-mysql/Cargo.toml", "--target-dir", "/t"])
        );
    }

    #[test]
    fn servers_by_name() {
        assert_eq!(Server::from_arg("postgres"), Some(Server::Postgres));
        assert_eq!(Server::from_arg("mariadb"), Some(Server::MariaDb));
        assert_eq!(Server::from_arg("etcd"), Some(Server::Etcd));
        assert_eq!(Server::from_arg("mysql"), None);
        // The variables the tests read (tests/support/mod.rs), which the runner must not rename.
        assert_eq!(Server::Postgres.url_var(), "DATABASE_URL");
        assert_eq!(Server::Etcd.url_var(), "ETCD_ENDPOINTS");
        assert_eq!(Server::Postgres.require_var(), "IDCRAFT_REQUIRE_POSTGRES");
        assert_eq!(Server::Etcd.require_var(), "IDCRAFT_REQUIRE_ETCD");
    }

    #[test]
    fn cargo_test_args_add_readme_flags_unless_the_extra_arguments_choose() {
        assert_eq!(cargo_test_args(&[]), strings(&["test", "--workspace", "--all-features"]));
        assert_eq!(
            cargo_test_args(&strings(&["--test", "db", "--", "--nocapture"])),
            strings(&["test", "--workspace", "--all-features", "--test", "db", "--", "--nocapture"])
        );
        assert_eq!(
            cargo_test_args(&strings(&["-p", "idcraft", "--test", "db"])),
            strings(&["test", "--all-features", "-p", "idcraft", "--test", "db"])
        );
        assert_eq!(cargo_test_args(&strings(&["-pxtask"])), strings(&["test", "--all-features", "-pxtask"]));
        assert_eq!(
            cargo_test_args(&strings(&["--package=idcraft", "--features", "lease-etcd"])),
            strings(&["test", "--package=idcraft", "--features", "lease-etcd"])
        );
        assert_eq!(
            cargo_test_args(&strings(&["--no-default-features"])),
            strings(&["test", "--workspace", "--no-default-features"])
        );
        // After `--`, the same words are the test binaries' and change nothing.
        assert_eq!(
            cargo_test_args(&strings(&["--", "-p", "--features"])),
            strings(&["test", "--workspace", "--all-features", "--", "-p", "--features"])
        );
        // --exclude needs --workspace, which stays.
        assert_eq!(
            cargo_test_args(&strings(&["--exclude", "xtask"])),
            strings(&["test", "--workspace", "--all-features", "--exclude", "xtask"])
        );
    }

    #[test]
    fn commands_run_as_another_user_through_su_with_their_quotes_kept() {
        assert_eq!(shell_quote("/tmp/a b"), "'/tmp/a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(as_user(None, "pg_ctl stop"), "pg_ctl stop");
        assert_eq!(
            as_user(Some("postgres"), "'/bin/pg_ctl' -D '/tmp/x'"),
            r"su postgres -s /bin/sh -c ''\''/bin/pg_ctl'\'' -D '\''/tmp/x'\'''"
        );
    }

    #[test]
    fn etcd_start_exports_are_parsed() {
        assert_eq!(
            parse_exports("export ETCD_DIR=/tmp/e ETCD_PORT=23790 ETCD_ENDPOINTS=http://127.0.0.1:23790,http://x:1\n"),
            vec![
                ("ETCD_DIR".to_owned(), "/tmp/e".to_owned()),
                ("ETCD_PORT".to_owned(), "23790".to_owned()),
                ("ETCD_ENDPOINTS".to_owned(), "http://127.0.0.1:23790,http://x:1".to_owned()),
            ]
        );
        assert!(parse_exports("").is_empty());
    }

    #[test]
    fn ports_stay_below_the_ephemeral_range() {
        for seed in [0, 1, 22_761, u64::MAX, 0x9e37_79b9_7f4a_7c15] {
            let port = port_candidate(seed, 32_768, 6);
            assert!((10_000..=32_762).contains(&port), "{port}");
        }
        // A kernel whose ephemeral range starts low still gets a port.
        assert_eq!(port_candidate(5, 1024, 6), 10_000);
    }
}
