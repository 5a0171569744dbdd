//! RFC 9562 UUIDv7: 48 bits of Unix milliseconds, then the version, 74 bits of counter and
//! randomness, and the variant. Byte order = text order = time order, so a PostgreSQL `uuid`
//! column and the `uuid` crate read and sort these exactly as idcraft does.
//!
//! | bits | content |
//! |---|---|
//! | 0..48 | `unix_ts_ms`, big-endian |
//! | 48..52 | version `0111` |
//! | 52..64 | `rand_a`: the counter's top 12 bits |
//! | 64..66 | variant `10` |
//! | 66..96 | `rand_b`'s first 30 bits: the counter's low 30 bits |
//! | 96..128 | 32 random bits, fresh for every ID |
//!
//! Monotonicity is RFC 9562 §6.2 **method 1** (a fixed-length dedicated counter), 42 bits: the
//! first ID of a millisecond starts the counter at a random value below 2^41 (so at least 2^41
//! more fit), each further ID of the millisecond adds one. A used-up counter, or a clock that
//! went back, continues in the last millisecond used plus one, as §6.2 allows: IDs of one
//! generator are strictly increasing and never repeat.

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use generator::Uuid7Generator;
pub use layout::Uuid7;
