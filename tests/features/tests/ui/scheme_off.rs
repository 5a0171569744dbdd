use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "hot")]
pub struct ShardedId(Uuid);

#[derive(Identity)]
#[id(scheme = "uuid7")]
pub struct EventId(Uuid);

fn main() {
    let _ = ShardedId::new();
    let _ = EventId::new();
}
