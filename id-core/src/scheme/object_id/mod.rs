//! MongoDB's ObjectId: 12 bytes, written as 24 lowercase hex digits. Big-endian throughout, so
//! text order = byte order = time order to the second.
//!
//! | bytes | content |
//! |---|---|
//! | 0..4 | Unix seconds, big-endian (1970 to 2106) |
//! | 4..9 | five random bytes drawn once per process |
//! | 9..12 | a counter, big-endian, starting at a random value and wrapping at 2^24 |
//!
//! As in MongoDB's drivers, the counter is per process, not per second: IDs of one process in
//! one second are ordered by the counter unless it wraps, and a process that makes more than
//! 2^24 IDs in one second repeats its own. A `fork()` child draws its own random bytes and
//! counter start, so it never continues its parent's sequence.

mod facts;
mod generator;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::ObjectIdGenerator;
pub use layout::ObjectId;
