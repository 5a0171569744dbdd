use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = comb_pg)]
pub struct OrderId(Uuid);

fn main() {}
