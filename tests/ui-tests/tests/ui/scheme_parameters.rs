use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "uid96<4>")]
pub struct OutOfRange([u8; 12]);

#[derive(Identity)]
#[id(scheme = "comb_pg<3>")]
pub struct NoParameters(Uuid);

#[derive(Identity)]
#[id(scheme = "uid96<6")]
pub struct Malformed([u8; 12]);

fn main() {}
