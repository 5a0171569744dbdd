use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub enum OrderId {
    A(Uuid),
}

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct Named {
    id: Uuid,
}

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct Two(Uuid, Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct Generic<T>(T);

fn main() {}
