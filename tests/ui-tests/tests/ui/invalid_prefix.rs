use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "Order-")]
pub struct OrderId(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "_ord")]
pub struct OtherId(Uuid);

fn main() {}
