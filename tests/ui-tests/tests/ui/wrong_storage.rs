use idcraft::Identity;

#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct OrderId(u64);

fn main() {
    let id = OrderId::new();
    println!("{id}");
}
