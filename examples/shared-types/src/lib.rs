//! Types shared by a server and its WebAssembly front-end, declared once.
//!
//! The server depends on this crate with its database features on `idcraft` (for example
//! `sqlx09-postgres`); the front-end, built for `wasm32-unknown-unknown`, depends on it as it
//! is to parse, display and (de)serialise the IDs the API sends, and with this crate's `js`
//! feature if it also makes new IDs in the browser. `examples/front_end.rs` is such a
//! front-end.

use idcraft::{Identity, Uuid};
use serde::{Deserialize, Serialize};

/// An order's ID: a time-ordered GUID in PostgreSQL's `uuid` order.
#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct OrderId(Uuid);

/// An order as the API sends it to the front-end and receives it back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    /// The order's ID, as text in JSON.
    pub id: OrderId,
    /// What was ordered.
    pub item: String,
    /// How many.
    pub quantity: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_goes_through_json_unchanged() {
        let json = r#"{"id":"0192f3c1-2a4b-7c6d-8e9f-0a1b2c3d4e5f","item":"tea","quantity":2}"#;
        let order: Order = serde_json::from_str(json).unwrap();
        assert_eq!(order.id.to_string(), "0192f3c1-2a4b-7c6d-8e9f-0a1b2c3d4e5f");
        assert_eq!(serde_json::to_string(&order).unwrap(), json);
        assert!(serde_json::from_str::<Order>(r#"{"id":"tea","item":"tea","quantity":2}"#).is_err());
    }

    #[test]
    fn the_server_makes_ordered_ids() {
        let (a, b) = (OrderId::new(), OrderId::new());
        assert!(a < b);
    }
}
