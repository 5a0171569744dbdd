//! One derived type per scheme, with the default text form: shared by the test crates that
//! exercise every scheme the same way.
#![allow(dead_code)] // each test crate uses some of them

use idcraft::{Decimal, Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_sql")]
pub struct SqlComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct PgComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_legacy")]
pub struct LegacyComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "comb_binary")]
pub struct BinaryComb(pub Uuid);

#[derive(Identity)]
#[id(scheme = "hot")]
pub struct Hot(pub Uuid);

#[derive(Identity)]
#[id(scheme = "distributed")]
pub struct Dist(pub Decimal);

#[derive(Identity)]
#[id(scheme = "distributed128")]
pub struct Dist128(pub u128);

#[derive(Identity)]
#[id(scheme = "sno")]
pub struct SnoId(pub [u8; 10]);

#[derive(Identity)]
#[id(scheme = "uid64")]
pub struct Local(pub u64);

#[derive(Identity)]
#[id(scheme = "uid96")]
pub struct Global(pub [u8; 12]);

#[derive(Identity)]
#[id(scheme = "uuid7")]
pub struct V7(pub Uuid);

#[derive(Identity)]
#[id(scheme = "ulid")]
pub struct UlidId(pub u128);

#[derive(Identity)]
#[id(scheme = "twitter_snowflake")]
pub struct TwitterId(pub u64);

#[derive(Identity)]
#[id(scheme = "discord_snowflake")]
pub struct DiscordId(pub u64);

#[derive(Identity)]
#[id(scheme = "instagram_id")]
pub struct InstagramId(pub u64);

#[derive(Identity)]
#[id(scheme = "sonyflake")]
pub struct SonyflakeId(pub u64);

#[derive(Identity)]
#[id(scheme = "mastodon")]
pub struct MastodonId(pub u64);

/// A declared layout: Twitter's widths from 2025.
#[derive(Identity)]
#[id(
    scheme = "snowflake",
    epoch = "2025-01-01T00:00:00Z",
    unit = "1ms",
    time_bits = 41,
    node_bits = 10,
    sequence_bits = 12
)]
pub struct DeclaredId(pub u64);

/// A declared Sonyflake v2 layout: 1 s units, 6 sequence bits, 20 machine bits.
#[derive(Identity)]
#[id(scheme = "sonyflake", unit = "1s", sequence_bits = 6, node_bits = 20)]
pub struct DeclaredSonyflakeId(pub u64);

#[derive(Identity)]
#[id(scheme = "ksuid")]
pub struct KsuidId(pub [u8; 20]);

#[derive(Identity)]
#[id(scheme = "ksuid_ms")]
pub struct KsuidMsId(pub [u8; 20]);

#[derive(Identity)]
#[id(scheme = "object_id")]
pub struct ObjectIdId(pub [u8; 12]);

#[derive(Identity)]
#[id(scheme = "xid")]
pub struct XidId(pub [u8; 12]);

/// `DATABASE_URL`, or `None` to skip the PostgreSQL tests of `file`. `.ci/run` sets
/// `IDCRAFT_REQUIRE_POSTGRES`, which makes a missing URL a failure; elsewhere (a laptop, a hosted
/// CI that sets `CI=true` without a database) the tests are skipped, and say so once, in a line
/// that the test harness does not capture.
pub fn database_url(file: &str) -> Option<String> {
    use std::io::Write as _;
    static SKIP_NOTICE: std::sync::Once = std::sync::Once::new();
    match std::env::var("DATABASE_URL") {
        Ok(url) => Some(url),
        Err(_) if std::env::var_os("IDCRAFT_REQUIRE_POSTGRES").is_some() => {
            panic!("IDCRAFT_REQUIRE_POSTGRES is set but DATABASE_URL is not: the PostgreSQL tests must run")
        }
        Err(_) => {
            SKIP_NOTICE.call_once(|| {
                // Written to the real stderr, not through eprintln!, which the harness hides.
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the PostgreSQL tests in {file} did nothing: DATABASE_URL is not set \
                     (`cargo xtask test` starts a throwaway server)"
                );
            });
            None
        }
    }
}

/// `ETCD_ENDPOINTS` (comma-separated), or `None` to skip the etcd tests of `file`, as
/// [`database_url`] does for PostgreSQL: `.ci/run` sets `IDCRAFT_REQUIRE_ETCD`, which makes a
/// missing variable a failure.
pub fn etcd_endpoints(file: &str) -> Option<Vec<String>> {
    use std::io::Write as _;
    static SKIP_NOTICE: std::sync::Once = std::sync::Once::new();
    match std::env::var("ETCD_ENDPOINTS") {
        Ok(endpoints) => Some(endpoints.split(',').map(str::to_owned).collect()),
        Err(_) if std::env::var_os("IDCRAFT_REQUIRE_ETCD").is_some() => {
            panic!("IDCRAFT_REQUIRE_ETCD is set but ETCD_ENDPOINTS is not: the etcd tests must run")
        }
        Err(_) => {
            SKIP_NOTICE.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the etcd tests in {file} did nothing: ETCD_ENDPOINTS is not set \
                     (`cargo xtask test` starts a throwaway three-member cluster)"
                );
            });
            None
        }
    }
}

/// `MARIADB_URL`, or `None` to skip the MariaDB tests of `file`, as [`database_url`] does for
/// PostgreSQL: `.ci/run` sets `IDCRAFT_REQUIRE_MARIADB`, which makes a missing variable a
/// failure.
pub fn mariadb_url(file: &str) -> Option<String> {
    use std::io::Write as _;
    static SKIP_NOTICE: std::sync::Once = std::sync::Once::new();
    match std::env::var("MARIADB_URL") {
        Ok(url) => Some(url),
        Err(_) if std::env::var_os("IDCRAFT_REQUIRE_MARIADB").is_some() => {
            panic!("IDCRAFT_REQUIRE_MARIADB is set but MARIADB_URL is not: the MariaDB tests must run")
        }
        Err(_) => {
            SKIP_NOTICE.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the MariaDB tests in {file} did nothing: MARIADB_URL is not set \
                     (`cargo xtask test` starts a throwaway server)"
                );
            });
            None
        }
    }
}
