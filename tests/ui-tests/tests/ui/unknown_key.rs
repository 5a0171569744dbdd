use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg", encodng = "base62")]
pub struct OrderId(Uuid);

fn main() {}
