use idcraft::Identity;

// 41 bits of 1 ms units from mid-1980 run out in 2050; the default minimum is 2070.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "1980-06-01T00:00:00Z", unit = "1ms", time_bits = 41, node_bits = 10, sequence_bits = 12)]
pub struct RunsOutIn2050(u64);

// 2090 asked for: Twitter's widths from 2025 end in 2094, 39 bits of them in 2042.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms", min_lifetime = "2090")]
#[id(time_bits = 39, node_bits = 12, sequence_bits = 12)]
pub struct RunsOutIn2042(u64);

#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms", time_bits = 41, node_bits = 10, sequence_bits = 12, min_lifetime = "2090")]
pub struct LastsPast2090(u64);

fn main() {
    let _ = LastsPast2090::new();
    let _ = RunsOutIn2050::new();
}
