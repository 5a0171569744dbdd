use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01", unit = "fast", time_bits = 41, node_bits = 10, sequence_bits = 12)]
pub struct BadEpochAndUnit(u64);

#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "0ms", time_bits = 64, node_bits = 10, sequence_bits = x)]
pub struct BadNumbers(u64);

#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "10ms", time_bits = 44, node_bits = 10, sequence_bits = 12)]
pub struct SixtyFourBits(u64);

#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", node_bits = 10)]
pub struct MissingKeys(u64);

#[derive(Identity)]
#[id(scheme = "uuid7", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
pub struct NotASnowflake(Uuid);

#[derive(Identity)]
#[id(scheme = "sonyflake", time_bits = 39, min_lifetime = "soon")]
pub struct SonyflakeTimeBits(u64);

#[derive(Identity)]
#[id(scheme = "sonyflake", sequence_bits = 20, node_bits = 16)]
pub struct SonyflakeTooFewTimeBits(u64);

fn main() {
    let _ = BadEpochAndUnit::new();
    let _ = NotASnowflake::new();
}
