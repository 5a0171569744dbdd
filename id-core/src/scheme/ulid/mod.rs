//! ULID (the ULID spec, github.com/ulid/spec): 48 bits of Unix milliseconds and 80 random
//! bits, 128 bits in all, written as 26 characters of Crockford's base32. Numeric order = byte
//! order = text order = time order, so a PostgreSQL `uuid` column, a `bytea`, a 16-byte SQLite
//! BLOB and the text all sort ULIDs as idcraft does.
//!
//! | bits | content |
//! |---|---|
//! | 0..48 | Unix milliseconds, big-endian |
//! | 48..128 | the random part |
//!
//! Monotonic as the spec's "monotonicity" section describes: the first ID of a millisecond
//! draws 80 fresh random bits, each further ID of the same millisecond (or of an earlier one,
//! after the clock went back) is the previous random part plus one in the last millisecond
//! used. A random part that would pass 2^80 − 1 is an error
//! ([`GenerateError::RandomOverflow`](crate::GenerateError::RandomOverflow)) until the clock
//! reaches a new millisecond, never a wrap: with a random start that needs about 2^79 IDs in
//! one millisecond on average.
//!
//! Stored in a `u128`, or a `Uuid` where the user prefers a uuid column (a derived type over
//! either field type converts both ways, without checks: every 128-bit value is a ULID).

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::UlidGenerator;
pub use layout::Ulid;
