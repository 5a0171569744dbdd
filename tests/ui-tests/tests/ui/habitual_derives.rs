use idcraft::{Identity, Uuid};

// The derives users write by habit next to an ID: `Identity` implements them itself, so the
// compiler reports each as a conflicting implementation, at both derives (the derive does not
// read the source file to find them: it sees only its own item).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Identity, serde::Serialize, serde::Deserialize)]
#[id(scheme = "uid64")]
pub struct OrderId(u64);

// Some of them, in a second derive attribute.
#[derive(Identity)]
#[derive(Clone, Copy)]
#[id(scheme = "uuid7")]
pub struct EventId(Uuid);

fn main() {
    let id = OrderId::new();
    let _ = (id, id.to_string(), EventId::new());
}
