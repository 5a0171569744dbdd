//! One derived type per scheme, with the default text form: shared by the test crates that
//! exercise every scheme the same way.
#![allow(dead_code)] // each test crate uses some of them

use idcraft::{Decimal, Identity, Uuid};
use std::sync::Once;

#[macro_use]
mod derived;

derived_types! {
    "comb_sql"          => SqlComb(Uuid),
    "comb_pg"           => PgComb(Uuid),
    "comb_legacy"       => LegacyComb(Uuid),
    "comb_binary"       => BinaryComb(Uuid),
    "hot"               => Hot(Uuid),
    "distributed"       => Dist(Decimal),
    "distributed128"    => Dist128(u128),
    "sno"               => SnoId([u8; 10]),
    "uid64"             => Local(u64),
    "uid96"             => Global([u8; 12]),
    "uuid7"             => V7(Uuid),
    "ulid"              => UlidId(u128),
    "twitter_snowflake" => TwitterId(u64),
    "discord_snowflake" => DiscordId(u64),
    "instagram_id"      => InstagramId(u64),
    "sonyflake"         => SonyflakeId(u64),
    "mastodon"          => MastodonId(u64),
    "ksuid"             => KsuidId([u8; 20]),
    "ksuid_ms"          => KsuidMsId([u8; 20]),
    "object_id"         => ObjectIdId([u8; 12]),
    "xid"               => XidId([u8; 12]),
}

// Text forms of their own, shared by the integration and token schema tests.
derived_types! {
    "comb_pg", prefix = "ord"                             => OrderId(Uuid),
    "comb_pg", prefix = "cus"                             => CustomerId(Uuid),
    "distributed", encoding = "base62", prefix = "inv"    => InvoiceId(Decimal),
    "uid64", encoding = "decimal"                         => DecimalLocal(u64),
    "uid96", encoding = "base64url"                       => Global133([u8; 12]),
}

/// A declared layout: Twitter's widths from 2025.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
#[id(time_bits = 41, node_bits = 10, sequence_bits = 12)]
pub struct DeclaredId(pub u64);

/// A declared Sonyflake v2 layout: 1 s units, 6 sequence bits, 20 machine bits.
#[derive(Identity)]
#[id(scheme = "sonyflake", unit = "1s", sequence_bits = 6, node_bits = 20)]
pub struct DeclaredSonyflakeId(pub u64);

/// `DATABASE_URL`, or `None` to skip the PostgreSQL tests of `file`. `.ci/run` sets
/// `IDCRAFT_REQUIRE_POSTGRES`, which makes a missing URL a failure; elsewhere (a laptop, a hosted
/// CI that sets `CI=true` without a database) the tests are skipped, and say so once, in a line
/// that the test harness does not capture.
pub fn database_url(file: &str) -> Option<String> {
    static SKIP_NOTICE: Once = Once::new();
    server("DATABASE_URL", "IDCRAFT_REQUIRE_POSTGRES", "PostgreSQL", "a throwaway server", file, &SKIP_NOTICE)
}

/// `ETCD_ENDPOINTS` (comma-separated), or `None` to skip the etcd tests of `file`, as
/// [`database_url`] does for PostgreSQL: `.ci/run` sets `IDCRAFT_REQUIRE_ETCD`, which makes a
/// missing variable a failure.
pub fn etcd_endpoints(file: &str) -> Option<Vec<String>> {
    static SKIP_NOTICE: Once = Once::new();
    let cluster = "a throwaway three-member cluster";
    let endpoints = server("ETCD_ENDPOINTS", "IDCRAFT_REQUIRE_ETCD", "etcd", cluster, file, &SKIP_NOTICE)?;
    Some(endpoints.split(',').map(str::to_owned).collect())
}

/// `MARIADB_URL`, or `None` to skip the MariaDB tests of `file`, as [`database_url`] does for
/// PostgreSQL: `.ci/run` sets `IDCRAFT_REQUIRE_MARIADB`, which makes a missing variable a
/// failure.
pub fn mariadb_url(file: &str) -> Option<String> {
    static SKIP_NOTICE: Once = Once::new();
    server("MARIADB_URL", "IDCRAFT_REQUIRE_MARIADB", "MariaDB", "a throwaway server", file, &SKIP_NOTICE)
}

/// The variable `var` that locates the `name` server, or `None` (said once per `notice`) to
/// skip `file`'s tests of it; a panic when `require` is set. `started` is what `cargo xtask
/// test` starts for it.
fn server(var: &str, require: &str, name: &str, started: &str, file: &str, notice: &Once) -> Option<String> {
    use std::io::Write as _;
    match std::env::var(var) {
        Ok(value) => Some(value),
        Err(_) if std::env::var_os(require).is_some() => {
            panic!("{require} is set but {var} is not: the {name} tests must run")
        }
        Err(_) => {
            notice.call_once(|| {
                // Written to the real stderr, not through eprintln!, which the harness hides.
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the {name} tests in {file} did nothing: {var} is not set \
                     (`cargo xtask test` starts {started})"
                );
            });
            None
        }
    }
}

/// An error and its causes, one message (diesel wraps the type's error with the field).
pub fn messages(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}
