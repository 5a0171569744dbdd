//! Types shared by a server and its WebAssembly front-end, declared once.
//!
//! The server depends on this crate with its database features on `idcraft` (for example
//! `sqlx09-postgres`); the front-end, built for `wasm32-unknown-unknown`, depends on it as it
//! is to parse, display and (de)serialise the IDs the API sends, and with this crate's `js`
//! feature if it also makes new IDs in the browser. `examples/front_end.rs` is such a
//! front-end.

mod order;

use idcraft::{Identity, Uuid};
pub use order::Order;

/// An order's ID: a time-ordered GUID in PostgreSQL's `uuid` order.
#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct OrderId(Uuid);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_makes_ordered_ids() {
        let (a, b) = (OrderId::new(), OrderId::new());
        assert!(a < b);
    }
}
