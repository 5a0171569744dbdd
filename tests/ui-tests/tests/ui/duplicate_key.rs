use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg", scheme = "comb_sql")]
pub struct OrderId(Uuid);

fn main() {}
