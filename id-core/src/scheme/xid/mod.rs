//! xid (github.com/rs/xid): 12 bytes, written as 20 characters of lowercase base32hex
//! (`0-9a-v`, RFC 4648's extended-hex alphabet, no padding). Big-endian throughout and the text
//! takes the bits most significant first, so text order = byte order = time order to the
//! second.
//!
//! | bytes | content |
//! |---|---|
//! | 0..4 | Unix seconds, big-endian (1970 to 2106) |
//! | 4..7 | machine ID: the first 3 bytes of the MD5 of the host's ID |
//! | 7..9 | process ID, big-endian (its low 16 bits) |
//! | 9..12 | a counter, big-endian, starting at a random value and wrapping at 2^24 |
//!
//! As in the original, the counter is per process, not per second: a process that makes more
//! than 2^24 IDs in one second repeats its own. A `fork()` child reads its own process ID and
//! draws its own counter start.

mod facts;
mod generator;
mod layout;
mod machine;
#[cfg(test)]
mod tests;
mod text;

pub use generator::XidGenerator;
pub use layout::Xid;
