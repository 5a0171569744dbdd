//! HotGuid's layout: the 16 bytes, their fields, and the SQL Server byte order.

use crate::scheme::canonical_text;
use crate::time::Timestamp;
use uuid::Uuid;

/// `ToSqlGuid`: `sql[e] = guid[P[e]]` on .NET-order bytes.
pub(super) const TO_SQL: [usize; 16] = [12, 13, 14, 15, 10, 11, 8, 9, 7, 6, 3, 2, 1, 0, 5, 4];
/// `ToGuid`: the inverse permutation.
pub(super) const FROM_SQL: [usize; 16] = [13, 12, 11, 10, 15, 14, 9, 8, 6, 7, 4, 5, 0, 1, 2, 3];

pub(super) fn permute_net(uuid: Uuid, map: &[usize; 16]) -> Uuid {
    let net = uuid.to_bytes_le();
    Uuid::from_bytes_le(map.map(|i| net[i]))
}

/// A HotGuid: a time-ordered GUID with a 4-byte shard key, byte-compatible with the .NET HotGuid
/// 1.0.x package.
///
/// String (RFC) order: `TTTTTTTT-M1M0-PhM2-PlCh-CmClS0S1S2S3`: Unix seconds big-endian, three
/// bytes of MD5(host name), the process ID (high byte, low byte), a 24-bit counter shared by
/// every shard key, and the shard key **little-endian**. The value sorts by time (1 s
/// resolution) in byte order (PostgreSQL); for SQL Server store [`HotGuid::to_sql_guid`].
///
/// The version and variant bits are not set (bytes 6 and 8 hold PID bytes), as in the original.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HotGuid(pub(super) [u8; 16]);

impl HotGuid {
    /// Assembles a HotGuid from its fields.
    pub fn from_parts(unix_seconds: u32, machine: [u8; 5], counter: u32, shard_key: u32) -> HotGuid {
        let mut net = [0u8; 16];
        net[0..4].copy_from_slice(&unix_seconds.to_le_bytes());
        net[4..9].copy_from_slice(&machine);
        net[9..12].copy_from_slice(&counter.to_be_bytes()[1..]);
        net[12..16].copy_from_slice(&shard_key.to_le_bytes());
        HotGuid(*Uuid::from_bytes_le(net).as_bytes())
    }

    /// The seconds HotGuid stores for `t`: .NET's `(uint)TotalSeconds`, truncating the double
    /// and wrapping modulo 2^32 (the documented, tested .NET 6 behaviour past 2106 and before 1970).
    ///
    /// Total for every `Timestamp`: the tick count is computed in 128 bits (exactly .NET's value
    /// wherever .NET's `DateTime` reaches) and the float-to-integer conversion saturates.
    pub fn seconds_of(t: Timestamp) -> u32 {
        let ticks = i128::from(t.unix_seconds()) * 10_000_000 + i128::from(t.subsec_nanos() / 100);
        ((ticks as f64 / 10_000_000.0) as i64) as u32
    }

    /// Wraps a GUID in HotGuid (Guid) order.
    pub const fn from_uuid(uuid: Uuid) -> HotGuid {
        HotGuid(*uuid.as_bytes())
    }

    /// The GUID.
    pub const fn uuid(&self) -> Uuid {
        Uuid::from_bytes(self.0)
    }

    /// `ExtractUnixTimestamp`.
    pub fn unix_seconds(&self) -> u32 {
        u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
    }

    /// `ExtractShardKey`.
    pub fn shard_key(&self) -> u32 {
        u32::from_le_bytes([self.0[12], self.0[13], self.0[14], self.0[15]])
    }

    /// The 24-bit counter.
    pub fn counter(&self) -> u32 {
        u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
    }

    /// The 5 machine bytes in .NET order (3 bytes of MD5, PID high, PID low).
    pub fn machine(&self) -> [u8; 5] {
        let net = self.uuid().to_bytes_le();
        [net[4], net[5], net[6], net[7], net[8]]
    }

    /// `ToSqlGuid()`: the permutation whose SQL Server order is this value's time order.
    pub fn to_sql_guid(&self) -> Uuid {
        permute_net(self.uuid(), &TO_SQL)
    }

    /// `ToGuid()`: back from the SQL-ordered form. Extract fields only after this.
    pub fn from_sql_guid(sql: Uuid) -> HotGuid {
        HotGuid::from_uuid(permute_net(sql, &FROM_SQL))
    }

    crate::scheme::fresh_constructors!("A new HotGuid for `shard_key`", "If the system clock is outside 1970 to 2106", (shard_key: u32) => shard_key);
}


canonical_text!(HotGuid);

impl From<Uuid> for HotGuid {
    fn from(uuid: Uuid) -> Self {
        HotGuid::from_uuid(uuid)
    }
}

impl From<HotGuid> for Uuid {
    fn from(h: HotGuid) -> Uuid {
        h.uuid()
    }
}
