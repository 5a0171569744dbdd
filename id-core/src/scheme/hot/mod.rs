//! HotGuid: time-ordered GUIDs with a 4-byte shard key, byte-compatible with the .NET HotGuid
//! 1.0.x package.
//!
//! String (RFC) order: `TTTTTTTT-M1M0-PhM2-PlCh-CmClS0S1S2S3`: Unix seconds big-endian, three
//! bytes of MD5(host name), the process ID (high byte, low byte), a 24-bit counter shared by
//! every shard key, and the shard key **little-endian**. The value sorts by time (1 s
//! resolution) in byte order (PostgreSQL); for SQL Server store [`HotGuid::to_sql_guid`].
//!
//! The version and variant bits are not set (bytes 6 and 8 hold PID bytes), as in the original.

mod generator;
mod facts;
mod layout;
mod machine;
#[cfg(test)]
mod tests;
mod text;

pub use generator::HotGuidGenerator;
pub use layout::HotGuid;

#[cfg(test)]
use generator::*;
