//! Where text crosses the WebAssembly boundary: a buffer in linear memory that the host writes
//! its input to and reads the answers from. Shared by `front_end` and its `uuid`-based twin
//! (`examples/shared-types-uuid/examples/front_end_uuid.rs`).

use core::cell::UnsafeCell;
use serde::Serialize;
use serde::de::DeserializeOwned;

const CAPACITY: usize = 1024;

/// The host writes its input here, the functions write their answers here.
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
pub fn answer(text: &str) -> isize {
    with_buffer(|buffer| match buffer.get_mut(..text.len()) {
        Some(out) => {
            out.copy_from_slice(text.as_bytes());
            text.len() as isize
        }
        None => -1,
    })
}

/// Reads a `T` as JSON from the buffer's first `len` bytes and writes it back as the API would
/// send it: the answer's length, or -2 when the input is not a `T`.
pub fn normalize<T: Serialize + DeserializeOwned>(len: usize) -> isize {
    let parsed = with_buffer(|buffer| {
        let input = buffer.get(..len).and_then(|bytes| core::str::from_utf8(bytes).ok())?;
        serde_json::from_str::<T>(input).ok()
    });
    match parsed {
        Some(value) => answer(&serde_json::to_string(&value).expect("a parsed value always serialises")),
        None => -2,
    }
}
