//! `examples/shared-types/examples/front_end.rs` over the `uuid` version of the types: the
//! same exports, for BENCHMARKS.md's size comparison.

// A module for a WebAssembly host (one thread); a native build of it is empty.
#![cfg(target_family = "wasm")]

#[path = "../../shared-types/examples/boundary/mod.rs"]
mod boundary;

use shared_types_uuid::{Order, OrderId};

/// The order JSON in the buffer, written back: its length, or -2 when it is not an order.
#[unsafe(no_mangle)]
pub extern "C" fn normalize_order(len: usize) -> isize {
    boundary::normalize::<Order>(len)
}

/// A new order ID as text in the buffer: its length.
#[unsafe(no_mangle)]
pub extern "C" fn new_order_id() -> isize {
    boundary::answer(&OrderId::new().to_string())
}
