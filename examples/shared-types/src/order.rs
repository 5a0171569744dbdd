//! The order type, the same in `shared-types` and in its `uuid`-based twin
//! (`examples/shared-types-uuid`, which includes this file), over each crate's `OrderId`.

use super::OrderId;
use serde::{Deserialize, Serialize};

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
}
