//! The front-end half of the example: a WebAssembly module (`cdylib`) a JavaScript host calls
//! with text and reads text back from, through its memory (`boundary/mod.rs`). It uses only
//! numbers at the boundary, so it needs no generated JavaScript glue (wasm-bindgen and friends
//! would add their own; the shared types need nothing of them).
//!
//! ```sh
//! cargo build -p shared-types --example front_end --target wasm32-unknown-unknown --release
//! ```
//!
//! `.ci/wasm-front-end.mjs` loads the module under Node.js and checks the answers.

// A module for a WebAssembly host (one thread); a native build of it is empty.
#![cfg(target_family = "wasm")]

#[path = "boundary/mod.rs"]
mod boundary;

use boundary::answer;
use idcraft::GenerateError;
use shared_types::{Order, OrderId};

/// Reads an order as JSON from the buffer's first `len` bytes and writes it back as the API
/// would send it: the answer's length, or -2 when the input is not an order (an invalid ID
/// included).
#[unsafe(no_mangle)]
pub extern "C" fn normalize_order(len: usize) -> isize {
    boundary::normalize::<Order>(len)
}

/// Makes a new order ID into the buffer as text: its length, or -3 when this build has no
/// clock to make one from (without the `js` feature on wasm32-unknown-unknown).
#[unsafe(no_mangle)]
pub extern "C" fn new_order_id() -> isize {
    match OrderId::try_new() {
        Ok(id) => answer(&id.to_string()),
        Err(GenerateError::NoSystemClock) => -3,
        Err(_) => -4,
    }
}
