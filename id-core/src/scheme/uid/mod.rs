//! k-ordered IDs of Erlang's `uid` (fogfish/uid 1.3.5): 64-bit local and 96-bit global.
//!
//! Local, 8 bytes big-endian: `megaseconds (20) | seconds (20) | microseconds >> 10 (10) |
//! sequence (14)`. The time resolution is 1024 µs; the sequence is the low 14 bits of a
//! process-wide counter that is never reset per tick.
//!
//! Global, 12 bytes: the node's 32-bit hash is inserted inside the seconds, after the top
//! `20 − I` bits, where `I` is the neighbourhood interval (default 8, valid 5..=10): within a
//! window of 2^I seconds the node outranks time. The bytes do not say which `I` made them.
//!
//! Deliberate differences from uid, each a fix: an interval outside 5..=10 is an error (uid
//! loops forever), the default generator is strictly increasing (uid wraps its 14-bit sequence
//! inside one tick and breaks its own order: here the generator waits for the next tick), and
//! text with characters outside the alphabet is an error (uid crashes).

mod generator;
mod global;
mod facts;
mod local;
mod node;
mod text;
mod vclock;

pub use generator::{GlobalUidGenerator, UidGenerator};
pub use global::{GlobalUid, Interval, IntervalError, Uid96, Uid96With};
pub use local::{Uid64, UidDiff, UidTime};
pub use vclock::VectorClock;

#[cfg(test)]
mod tests;
