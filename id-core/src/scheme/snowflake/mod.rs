//! Snowflake IDs: four published 64-bit layouts of time, node and sequence, as one generic
//! family. Each is a `u64` whose numeric order is its time order; the default text is the
//! decimal number, as the services that publish them print it.
//!
//! | scheme | type | layout, from the most significant bit |
//! |---|---|---|
//! | `twitter_snowflake` | [`TwitterSnowflake`] | 0, 41-bit ms since 1288834974657, 10-bit worker, 12-bit sequence |
//! | `discord_snowflake` | [`DiscordSnowflake`] | 42-bit ms since 2015-01-01, 5-bit worker, 5-bit process, 12-bit increment |
//! | `instagram_id` | [`InstagramId`] | 41-bit ms since 1314220021721, 13-bit shard, 10-bit sequence |
//! | `sonyflake` | [`Sonyflake`] | 0, 39-bit 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine |
//!
//! Every `u64` reads as an ID of each layout (a producer may have set any bit), but the
//! generators refuse instants whose ID would reach bit 63: Discord's 42 time bits and
//! Instagram's 41 bits above a 23-bit tail could set it. Every generated ID is therefore a
//! positive `i64`, and PostgreSQL `bigint` sorts it as Rust does.
//!
//! # Generation
//!
//! A [`SnowflakeGenerator`] has one node (worker, shard or machine ID) for its life: given
//! explicitly ([`SnowflakeGenerator::with`], [`SnowflakeGenerator::with_node`], or from a
//! lease), or, for the process-wide default, drawn once per process from the OS CSPRNG. A
//! random node is only safe for a single process: a fleet must lease nodes (`idcraft::lease`)
//! or assign them and install the generator with [`install_default`].
//!
//! The last unit used and its last sequence sit in one atomic word, updated by
//! compare-and-swap, so concurrent callers never see the same pair. The policy:
//!
//! - A new unit starts at sequence 0.
//! - A clock that reads an earlier unit than the last one used (it went back, or the
//!   coarse clock lags another thread's precise reading) does not move the IDs back: they go
//!   on in the last unit used, the sequence counting on.
//! - When the last unit's sequences are used up, callers wait, in 1 ms sleeps of the clock,
//!   until the precise clock is past that unit ([`SequenceOverflow`] notices go to an optional
//!   subscriber), then continue in the unit the precise clock reads. After a long regression
//!   that is a long wait: a generator never issues an ID twice, and never invents a time
//!   ahead of its clock.
//!
//! The default clock is [`SystemClock`](crate::clock::SystemClock), the precise wall clock
//! (about 10 ns a reading where it reads the CPU's time-stamp counter), so the embedded time is
//! the time of the call to the millisecond. One generator's rate is capped by its
//! layout: 4,096 IDs per ms (Twitter, Discord), 1,024 per ms (Instagram), 256 per 10 ms
//! (Sonyflake).
//!
//! [`Generate::generate_at`](crate::scheme::Generate::generate_at) embeds an explicit instant
//! with a sequence of its own that refuses (never repeats) once the unit is used up.
//!
//! On wasm32-unknown-unknown without the `js` feature `new()` returns
//! [`GenerateError::NoSystemClock`](crate::GenerateError::NoSystemClock), as for every scheme;
//! a generator with an explicit clock works everywhere.

mod generator;
mod facts;
mod layout;
#[cfg(test)]
mod tests;
mod text;

pub use crate::overflow::SequenceOverflow;
pub use generator::{SnowflakeGenerator, install_default, replace_default};
pub use layout::{
    DiscordLayout, DiscordSnowflake, FieldOutOfRange, InstagramId, InstagramLayout, Snowflake, SnowflakeLayout,
    Sonyflake, SonyflakeLayout, TwitterLayout, TwitterSnowflake,
};
