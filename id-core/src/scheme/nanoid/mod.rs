//! NanoID: `N` random characters of an alphabet (21 of the 64 URL-safe `A-Za-z0-9_-` by
//! default), stored as the text's ASCII bytes (`[u8; N]`), so no ID allocates.
//!
//! Not time-ordered: an ID holds no time and says nothing of when it was made, and its order
//! (`Ord`, a binary column's `ORDER BY`) is its text's. Derived types have no `timestamp`,
//! `min_at` or `max_at` ([`Scheme::TIMED`](crate::scheme::Scheme::TIMED) is `false`).
//!
//! Each character is drawn as NanoID draws it: a random byte masked to the bits that index the
//! alphabet, kept if the index is in it and dropped if not, so every character is equally
//! likely (no modulo bias); a given stream of random bytes makes the reference's ID. 21 URL-safe
//! characters carry 126 random bits.
//!
//! `#[id(scheme = "nanoid", size = 12, alphabet = "0123456789abcdef")]` picks another size (1 to
//! 32 characters) and alphabet (2 to 94 distinct printable ASCII characters other than space),
//! both checked when the derive compiles.

mod facts;
mod generator;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::NanoidGenerator;
pub use layout::Nanoid;
