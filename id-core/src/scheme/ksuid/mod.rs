//! KSUID (Segment's K-Sortable Unique IDentifier): 20 bytes, a 32-bit big-endian count of
//! seconds since 2014-05-13T16:53:20Z (Unix 1400000000), then 128 random bits. Its text is
//! the 160-bit number in 27 base62 digits (`0-9A-Za-z`), zero-padded, so text order = byte
//! order = time order to the second.
//!
//! | bytes | content |
//! |---|---|
//! | 0..4 | seconds since the KSUID epoch, big-endian |
//! | 4..20 | payload: 16 random bytes |
//!
//! As in the original, IDs of one second are ordered by their random payload, not by when
//! they were made, and the generator keeps no state: every ID draws 128 fresh bits from a
//! CSPRNG, so two IDs of one second collide with probability 2^-128.
//!
//! `ksuid_ms` ([`KsuidMs`], svix-ksuid's layout) is a KSUID whose first payload byte holds the
//! millisecond within the second in 4 ms steps: same epoch, text and column, ordered to 4 ms.

mod facts;
mod generator;
mod layout;
mod ms;
#[cfg(test)]
mod tests;
mod text;

pub use generator::KsuidGenerator;
pub use layout::Ksuid;
pub use ms::{KsuidMs, KsuidMsGenerator};
