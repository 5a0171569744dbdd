use idcraft::{Identity, Uuid};

#[derive(Identity)]
#[id(scheme = "comb_pgg")]
pub struct OrderId(Uuid);

fn main() {
    // No cascade: the type still has `new`, `Display`, `Ord`, ...
    let a = OrderId::new();
    println!("{a}");
    assert!(a <= a);
}
