use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pg", bind = "")]
struct Empty(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", bind = "shop order")]
struct Spaced(Uuid);

#[derive(Identity)]
#[id(scheme = "comb_pg", bind = "shop.order", bind = "again")]
struct Twice(Uuid);

fn main() {}
