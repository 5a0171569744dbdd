//! CUID2 (paralleldrive/cuid2): 24 characters, a random lowercase letter then 23 base36 digits
//! of a SHA3-512 hash over the time, a random salt, a per-generator counter and a fingerprint of
//! the host, stored as the text's ASCII bytes (`[u8; 24]`).
//!
//! Not time-ordered: the time goes into the hash, so an ID neither shows it nor sorts by it;
//! `Ord` is the text's. Derived types have no `timestamp`, `min_at` or `max_at`
//! ([`Scheme::TIMED`](crate::scheme::Scheme::TIMED) is `false`).
//!
//! As the reference does: the time is the millisecond in base36, the salt 24 random base36
//! characters, the counter starts at a random value below 476782367 and counts up, and the
//! fingerprint is the first 32 characters of the hash of the host's data and 32 random
//! characters. The hash in base36 loses its first digit (biased towards small ones), and the ID
//! takes the next 23. Random draws are uniform (rejection, no modulo bias). After a `fork()` a
//! child shares its parent's counter and fingerprint; its salt is fresh (the random source
//! reseeds there), which is what keeps the IDs apart, as in the reference.

mod facts;
mod generator;
mod hash;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::Cuid2Generator;
pub use layout::Cuid2;
