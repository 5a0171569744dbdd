//! sno: 10-byte k-sortable IDs with a metabyte and a partition, byte-compatible with
//! `github.com/muyo/sno` v1.2.1.
//!
//! | bytes | content |
//! |---|---|
//! | 0..5 | 39-bit count of 4 ms units since 2010-01-01, then the tick-tock bit |
//! | 5 | metabyte (opaque, the caller's) |
//! | 6..8 | partition, big-endian |
//! | 8..10 | sequence, big-endian |
//!
//! Text: 16 characters of sno32 ([`crate::codec::sno32`]); byte order = text order = `Ord`.
//!
//! The generator gives the first ID of each unit the sequence minimum and never goes above the
//! maximum: callers wait for the next unit, and an optional subscriber hears about it. When the
//! clock goes back into a unit that was not used yet, the tick-tock bit flips and generation goes
//! on at once; when it goes back into used time a second time, callers wait. Unlike the original,
//! the `(unit, tick, sequence)` transition is one atomic compare-and-swap, so no interleaving of
//! threads can produce a duplicate (sno v1.2.1 has a narrow window for one).

mod config;
mod default;
mod generator;
mod word;
mod facts;
mod layout;
#[cfg(feature = "serde")]
mod snapshot_serde;
#[cfg(test)]
mod tests;
mod text;

pub use config::{GeneratorSnapshot, SnoConfigError};
pub use generator::SnoGenerator;
pub use layout::Sno;
#[cfg(test)]
use layout::{EPOCH_SECS, MAX_UNITS};

#[cfg(test)]
use layout::*;
