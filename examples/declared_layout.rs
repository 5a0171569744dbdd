//! A snowflake layout of your own, declared in the attribute: prints IDs made on one node,
//! one per line. `.ci/crosscheck` reads them with an independent snowflake implementation
//! configured with the same epoch, unit and widths.
//!
//!     cargo run --example declared_layout -- [COUNT] [NODE] [LAYOUT]
//!
//! `LAYOUT` is `ms` (1 ms units from 2025, 41/10/12 bits, Twitter's widths), `coarse` (10 ms
//! units from 2020, 40/12/11 bits) or `sony2` (Sonyflake v2's options: 1 ms units from 2025, a
//! 10-bit sequence above a 12-bit machine).

use idcraft::Identity;
use idcraft::schemes::SnowflakeGenerator;

/// Twitter's widths on an epoch of your own.
#[derive(Identity)]
#[id(
    scheme = "snowflake",
    epoch = "2025-01-01T00:00:00Z",
    unit = "1ms",
    time_bits = 41,
    node_bits = 10,
    sequence_bits = 12
)]
struct OrderId(u64);

/// Coarser units for a longer life, a wider node for a larger fleet; the keys may also be split
/// over two attributes.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2020-01-01T00:00:00Z", unit = "10ms")]
#[id(time_bits = 40, node_bits = 12, sequence_bits = 11)]
struct EventId(u64);

/// Sonyflake v2's options: its epoch (2025-01-01) and field order (the sequence above the
/// machine), 1 ms units, a 10-bit sequence and a 12-bit machine.
#[derive(Identity)]
#[id(scheme = "sonyflake", unit = "1ms", sequence_bits = 10, node_bits = 12)]
struct JobId(u64);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().as_deref().unwrap_or("10").parse()?;
    let node: u32 = args.next().as_deref().unwrap_or("1").parse()?;
    let layout = args.next().unwrap_or_else(|| "ms".to_owned());
    let ids: Vec<u64> = match layout.as_str() {
        "ms" => {
            let generator = SnowflakeGenerator::with_node(node)?;
            (0..count).map(|_| OrderId::generate_with(&generator).into()).collect()
        }
        "coarse" => {
            let generator = SnowflakeGenerator::with_node(node)?;
            (0..count).map(|_| EventId::generate_with(&generator).into()).collect()
        }
        "sony2" => {
            let generator = SnowflakeGenerator::with_node(node)?;
            (0..count).map(|_| JobId::generate_with(&generator).into()).collect()
        }
        other => return Err(format!("unknown layout {other:?}: ms, coarse or sony2").into()),
    };
    for id in ids {
        println!("{id}");
    }
    Ok(())
}
