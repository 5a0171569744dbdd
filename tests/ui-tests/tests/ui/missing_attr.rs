use idcraft::{Identity, Uuid};

#[derive(Identity)]
pub struct OrderId(Uuid);

#[derive(Identity)]
#[id(prefix = "ord")]
pub struct OtherId(Uuid);

fn main() {}
