use idcraft::{Identity, Uuid};

/// An order.
#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
pub struct OrderId(Uuid);

fn main() {
    let id = OrderId::new();
    println!("{id} {:?} {:?}", id, id.timestamp());
}
