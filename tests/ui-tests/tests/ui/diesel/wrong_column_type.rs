// A derived ID compared with a column its scheme does not live in: the error names both.
use diesel::prelude::*;
use idcraft::{Identity, Uuid};

diesel::table! {
    orders (id) {
        id -> BigInt,
    }
}

#[derive(Identity)]
#[id(scheme = "comb_pg")]
struct OrderId(Uuid);

fn main() {
    let _ = orders::id.eq(OrderId::new());
}
