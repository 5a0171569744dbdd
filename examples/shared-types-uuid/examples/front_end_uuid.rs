//! `examples/shared-types/examples/front_end.rs` over the `uuid` version of the types: the
//! same exports, for BENCHMARKS.md's size comparison.

// A module for a WebAssembly host (one thread); a native build of it is empty.
#![cfg(target_family = "wasm")]

use core::cell::UnsafeCell;
use shared_types_uuid::{Order, OrderId};

const CAPACITY: usize = 1024;

struct Buffer(UnsafeCell<[u8; CAPACITY]>);

// SAFETY: a WebAssembly module without the threads proposal runs on one thread.
unsafe impl Sync for Buffer {}

static BUFFER: Buffer = Buffer(UnsafeCell::new([0; CAPACITY]));

/// The buffer's address in linear memory.
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
    // SAFETY: one thread, and the host touches the buffer only between calls.
    f(unsafe { &mut *BUFFER.0.get() })
}

fn answer(text: &str) -> isize {
    with_buffer(|buffer| match buffer.get_mut(..text.len()) {
        Some(out) => {
            out.copy_from_slice(text.as_bytes());
            text.len() as isize
        }
        None => -1,
    })
}

/// The order JSON in the buffer, written back: its length, or -2 when it is not an order.
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

/// A new order ID as text in the buffer: its length.
#[unsafe(no_mangle)]
pub extern "C" fn new_order_id() -> isize {
    answer(&OrderId::new().to_string())
}
