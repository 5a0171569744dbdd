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

#[path = "../../shared-types/src/order.rs"]
mod order;
pub use order::Order;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_makes_ordered_ids() {
        assert!(OrderId::new() < OrderId::new());
    }
}
