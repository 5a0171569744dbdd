use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "hot")]
pub struct ShardedId(Uuid);

#[derive(Identity)]
#[id(scheme = "uuid7")]
pub struct EventId(Uuid);

// A declared layout names its family's feature too, and adds nothing after it.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms", time_bits = 41, node_bits = 10, sequence_bits = 12)]
pub struct OrderId(u64);

fn main() {
    let _ = ShardedId::new();
    let _ = EventId::new();
    let _ = OrderId::new();
}
