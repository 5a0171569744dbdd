//! The front-end half of the example: a WebAssembly module (`cdylib`) a JavaScript host calls
//! with text and reads text back from, through its memory. It uses only numbers at the
//! boundary, so it needs no generated JavaScript glue (wasm-bindgen and friends would add
//! their own; the shared types need nothing of them).
//!
//! ```sh
//! cargo build -p shared-types --example front_end --target wasm32-unknown-unknown --release
//! ```
//!
//! `.ci/wasm-front-end.mjs` loads the module under Node.js and checks the answers.

// A module for a WebAssembly host (one thread); a native build of it is empty.
#![cfg(target_family = "wasm")]

use core::cell::UnsafeCell;
use idcraft::GenerateError;
use shared_types::{Order, OrderId};

const CAPACITY: usize = 1024;

/// Where text crosses the boundary: the host writes its input here, the functions below write
/// their answers here.
struct Buffer(UnsafeCell<[u8; CAPACITY]>);

// SAFETY: a WebAssembly module without the threads proposal runs on one thread.
unsafe impl Sync for Buffer {}

static BUFFER: Buffer = Buffer(UnsafeCell::new([0; CAPACITY]));

/// The buffer (a WebAssembly function returns a number: the address in linear memory).
#[unsafe(no_mangle)]
pub extern "C" fn buffer() -> *mut u8 {
    BUFFER.0.get().cast()
}

/// The buffer's size in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn buffer_capacity() -> usize {
    CAPACITY
}

fn with_buffer<R>(f: impl FnOnce(&mut [u8; CAPACITY]) -> R) -> R {
    // SAFETY: the module runs on one thread and the host touches the buffer only between calls,
    // so this is the only reference to it while it lives.
    f(unsafe { &mut *BUFFER.0.get() })
}

/// Writes `text` to the buffer: its length, or -1 when it does not fit.
fn answer(text: &str) -> isize {
    with_buffer(|buffer| match buffer.get_mut(..text.len()) {
        Some(out) => {
            out.copy_from_slice(text.as_bytes());
            text.len() as isize
        }
        None => -1,
    })
}

/// Reads an order as JSON from the buffer's first `len` bytes and writes it back as the API
/// would send it: the answer's length, or -2 when the input is not an order (an invalid ID
/// included).
#[unsafe(no_mangle)]
pub extern "C" fn normalize_order(len: usize) -> isize {
    let parsed = with_buffer(|buffer| {
        let input = buffer.get(..len).and_then(|bytes| core::str::from_utf8(bytes).ok())?;
        serde_json::from_str::<Order>(input).ok()
    });
    match parsed {
        Some(order) => answer(&serde_json::to_string(&order).expect("an order always serialises")),
        None => -2,
    }
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
