//! `examples/shared-types` written with the `uuid` crate (version 7, serde) instead of
//! idcraft: the same order type and the same front-end, for BENCHMARKS.md's comparison of
//! WebAssembly sizes.

use core::fmt;
use core::str::FromStr;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// An order's ID: a UUID version 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OrderId(Uuid);

impl OrderId {
    /// A new ID from the clock and the random source.
    #[allow(clippy::new_without_default)]
    pub fn new() -> OrderId {
        OrderId(Uuid::now_v7())
    }
}

impl fmt::Display for OrderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for OrderId {
    type Err = uuid::Error;
    fn from_str(text: &str) -> Result<OrderId, uuid::Error> {
        text.parse().map(OrderId)
    }
}

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
        assert_eq!(serde_json::to_string(&order).unwrap(), json);
        assert!(OrderId::new() < OrderId::new());
    }
}
