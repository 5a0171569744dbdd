//! Binding is only for authenticated tokens: a compatible key set has no `bound_to_types`.
use idcraft::public::{AesKey, PublicIds};

fn main() {
    let key = AesKey::new(&[7; 32]).unwrap();
    let _ = PublicIds::compatible(key).bound_to_types();
}
